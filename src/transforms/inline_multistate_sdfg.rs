//! InlineMultistateSDFG: a state holding only a nested SDFG and the access
//! nodes feeding and taking its data is replaced by the nested SDFG's whole
//! control flow (DaCe's InlineMultistateSDFG).
//!
//! ```mlir
//! %s = sdfg.state "s" {
//!   %n = sdfg.nested "f" attributes {ins = {x}, outs = {x}} {
//!     sdfg.sdfg "f" ["x"] { %init = sdfg.state "init" {...} %body = sdfg.state "body" {...} ... }
//!   }
//!   sdfg.memlet %A -> %n["x"] {data = "A", subset = #sdfg.range<2:N>}
//!   sdfg.memlet %n["x"] -> %A2 {data = "A", subset = #sdfg.range<2:N>}
//! }
//! ```
//! becomes the blocks `init`, `body`, ... in place of `s`, their access
//! nodes of `x` now of `A` and their memlets offset by 2. Edges into `s` go
//! to the inner start block; edges out of it leave from every inner sink.
//!
//! Symbols, windows and transients are handled as in `sdfg-inline-sdfg`;
//! symbols the inner control flow assigns (interstate assignments, loop
//! variables) become outer symbols, renamed on a clash. Interstate
//! conditions and assignments, loop and branch code are rewritten too; a
//! scalar connector they read becomes the outer scalar.
//!
//! Preconditions, besides those of `sdfg-inline-sdfg` on bindings and names:
//! the state holds nothing else (only access nodes connected to the nested
//! SDFG); the inner control flow has no Return block and can be dissolved
//! into the outer CFG (see `sdfg-inline-control-flow-regions`); loops or
//! conditionals inside need an outer SDFG that uses such blocks; an input
//! that is not also an output is never written (scalars are passed by
//! value); code outside states names no connector except scalars bound to
//! outer scalars; a non-identity symbol value meets no C++ tasklet, library
//! node or consume scope; no output memlet has WCR.

use super::inline_control_flow_regions::{dissolvable, dissolve};
use super::inline_plan::{prepare, rewrite_memlets, substitute_state, Prepared};
use super::place::{cfg_at, Step};
use super::{place, Match, Options, Transformation};
use crate::model::scope;
use crate::model::{Assignment, BlockKind, Cfg, CodeBlock, Condition, DataDesc, LoopStatements, DataKind, NodeKind, RegionKind, Sdfg, State};
use crate::symbolic::Expr;
use std::collections::{BTreeSet, HashMap};

pub struct InlineMultistateSdfg;

impl Transformation for InlineMultistateSdfg {
    fn name(&self) -> &'static str {
        "sdfg-inline-multistate-sdfg"
    }

    fn summary(&self) -> &'static str {
        "Replace a state holding only a nested SDFG by the nested SDFG's control flow"
    }

    fn matches(&self, sdfg: &Sdfg) -> Vec<Match> {
        place::node_matches(sdfg, |site, i| {
            let (path, state) = (site.path, site.state);
            inlined(sdfg, state, i)?;
            Some(format!("nested SDFG '{}' in state '{}'", state.nodes[i].label, place::state_label(sdfg, path)))
        })
    }

    fn apply(&self, sdfg: &mut Sdfg, m: &Match, _options: &Options) -> Result<(), String> {
        let state = place::state(sdfg, &m.place.state);
        let state = state.ok_or("match refers to a missing state")?;
        let (cfg, containers, symbols) =
            inlined(sdfg, state, m.place.node).ok_or("the nested SDFG can no longer be inlined")?;
        let (last, parent) = m.place.state.split_last().ok_or("match without a state")?;
        let Step::Block(b) = *last else { return Err("match refers to a branch, not a state".into()) };
        sdfg.containers.extend(containers);
        sdfg.symbols.extend(symbols);
        let outer = cfg_at(&mut sdfg.cfg, parent).ok_or("match refers to a missing region")?;
        let block = outer.blocks.get_mut(b).ok_or("match refers to a missing state")?;
        block.kind = BlockKind::Region { kind: RegionKind::ControlFlowRegion, cfg };
        dissolve(outer, b);
        Ok(())
    }
}

type Inlined = (Cfg, Vec<(String, DataDesc)>, Vec<(String, crate::model::ScalarType)>);

/// The nested SDFG's CFG in outer terms, with the containers and symbols
/// the outer SDFG must gain; `None` when it cannot be inlined.
fn inlined(sdfg: &Sdfg, state: &State, node: usize) -> Option<Inlined> {
    let NodeKind::NestedSdfg { sdfg: inner, .. } = &state.nodes.get(node)?.kind else { return None };
    let alone = state.nodes.iter().enumerate().all(|(i, n)| i == node || matches!(n.kind, NodeKind::Access { .. }));
    if !alone || state.edges.iter().any(|e| e.src != node && e.dst != node) {
        return None;
    }
    if !dissolvable(&inner.cfg) || (!sdfg.experimental_blocks && !plain_states(&inner.cfg)) {
        return None;
    }
    let mut locals = BTreeSet::new();
    crate::analysis::symbols::assigned(&inner.cfg, &mut locals);
    let p = prepare(sdfg, state, node, &locals)?;
    // Inner writes land in the outer container directly: no reduction.
    if p.outs.values().any(|o| o.memlet.wcr.is_some()) {
        return None;
    }
    for (_, s) in place::states(inner) {
        let (ins, _) = scope::adjacency(s);
        for (i, n) in s.nodes.iter().enumerate() {
            let NodeKind::Access { data, .. } = &n.kind else { continue };
            let input_only = p.ins.contains_key(data.as_str()) && !p.outs.contains_key(data.as_str());
            if input_only && !ins[i].is_empty() {
                return None;
            }
        }
    }
    let code = Code::new(sdfg, &p);
    let mut cfg = inner.cfg.clone();
    code.cfg(&mut cfg)?;
    Some((cfg, p.containers, p.symbols))
}

/// Whether every block is a state (no loops, conditionals or regions).
fn plain_states(cfg: &Cfg) -> bool {
    cfg.blocks.iter().all(|b| matches!(b.kind, BlockKind::State(_)))
}

/// Rewrites the inner control flow into outer terms.
struct Code<'a> {
    p: &'a Prepared<'a>,
    /// Name -> replacement text in Python code.
    texts: HashMap<String, String>,
    /// Connector names code must not mention.
    forbidden: Vec<String>,
}

impl<'a> Code<'a> {
    fn new(sdfg: &Sdfg, p: &'a Prepared<'a>) -> Code<'a> {
        let mut texts: HashMap<String, String> = p
            .values
            .iter()
            .map(|(k, v)| (k.clone(), if let Expr::Sym(s) = v { s.clone() } else { format!("({v})") }))
            .collect();
        texts.extend(p.renames.iter().map(|(k, v)| (k.clone(), v.clone())));
        let mut forbidden = Vec::new();
        for (c, w) in &p.windows {
            match sdfg.container(&w.outer).map(|d| d.kind) {
                Some(DataKind::Scalar) => {
                    texts.insert(c.clone(), w.outer.clone());
                }
                _ => forbidden.push(c.clone()),
            }
        }
        Code { p, texts, forbidden }
    }

    fn text(&self, code: &str) -> Option<String> {
        for f in &self.forbidden {
            let probe = HashMap::from([(f.clone(), format!("{f}_"))]);
            if crate::tasklet::replace_names(code, &probe).ok()? != code {
                return None;
            }
        }
        crate::tasklet::replace_names(code, &self.texts).ok()
    }

    fn condition(&self, c: &mut Option<Condition>) -> Option<()> {
        c.as_mut().map_or(Some(()), |c| c.edit(|c| self.code(c).ok_or(())).ok())
    }

    fn statements(&self, c: &mut Option<LoopStatements>) -> Option<()> {
        c.as_mut().map_or(Some(()), |c| c.edit(|c| self.code(c).ok_or(())).ok())
    }

    /// Python code with the names replaced; other languages cannot be.
    fn code(&self, c: &mut CodeBlock) -> Option<()> {
        if c.language != "Python" {
            return None;
        }
        c.code = self.text(&c.code)?;
        Some(())
    }

    fn name(&self, n: &str) -> String {
        match self.p.values.get(n) {
            Some(Expr::Sym(s)) => s.clone(),
            _ => n.to_string(),
        }
    }

    fn cfg(&self, cfg: &mut Cfg) -> Option<()> {
        for e in &mut cfg.edges {
            self.condition(&mut e.condition)?;
            for a in &mut e.assignments {
                *a = Assignment::new(self.name(&a.symbol), self.text(a.value())?);
            }
        }
        for b in &mut cfg.blocks {
            match &mut b.kind {
                BlockKind::State(s) => {
                    substitute_state(s, &self.p.values)?;
                    rewrite_memlets(s, &self.p.windows, &self.p.renames)?;
                }
                BlockKind::Region { cfg, .. } => self.cfg(cfg)?,
                BlockKind::Loop(l) => {
                    l.loop_variable = self.name(&l.loop_variable);
                    self.statements(&mut l.init)?;
                    self.condition(&mut l.condition)?;
                    self.statements(&mut l.update)?;
                    self.cfg(&mut l.cfg)?;
                }
                BlockKind::Conditional(brs) => {
                    for br in brs {
                        self.condition(&mut br.condition)?;
                        self.cfg(&mut br.cfg)?;
                    }
                }
                _ => {}
            }
        }
        Some(())
    }
}
