//! LoopUnroll: a LoopRegion with constant bounds becomes one copy of its
//! body per iteration, in order (DaCe's LoopUnroll, full unrolling).
//!
//! ```mlir
//! %l = sdfg.loop "l" attributes {condition = "i < 3", init = "i = 0",
//!                                loop_variable = "i", update = "i = i + 1"} {
//!   %s = sdfg.state "body" { ... A[i] ... }
//! }
//! ```
//! becomes a region running
//! ```text
//! l_init --(i = 0)--> l_0 { body with A[0] } --(i = 1)--> l_1 { A[1] }
//!        --(i = 2)--> l_2 { A[2] } --(i = 3)--> l_end
//! ```
//! Each copy is a region holding the body's blocks (labels suffixed with
//! the copy number). The loop variable keeps its value on every edge, so
//! code that still names it (C++ tasklets, interstate edges, library nodes)
//! sees the same value, and after the loop it has its final value as
//! before; memlets, map ranges and nested-SDFG symbol mappings get the
//! constant. Option `max-iterations=K` (default 64): longer loops are not
//! matched. Preconditions: the header is `i = a; i < b; i = i + c` (or the
//! other comparisons) with constant `a`, `b`, `c`; the body has no break,
//! continue or return outside inner loops, never assigns the variable and
//! no map inside uses it as a parameter.

use super::loops::{self, escapes_or_assigns};
use super::place::{self, Step};
use super::scope_subst::substitute_subset;
use super::{Match, Options, Place, Transformation};
use crate::model::{Block, BlockKind, Cfg, InterstateEdge, NodeKind, RegionKind, Sdfg, State};
use crate::symbolic::Expr;
use std::collections::HashMap;

pub struct LoopUnroll;

const DEFAULT_MAX: usize = 64;

impl Transformation for LoopUnroll {
    fn name(&self) -> &'static str {
        "sdfg-loop-unroll"
    }

    fn summary(&self) -> &'static str {
        "Unroll a loop with constant bounds into one copy of its body per iteration"
    }

    fn option_names(&self) -> &'static [&'static str] {
        &["max-iterations"]
    }

    fn matches(&self, sdfg: &Sdfg) -> Vec<Match> {
        self.matches_with(sdfg, &Options::default()).unwrap_or_default()
    }

    fn matches_with(&self, sdfg: &Sdfg, options: &Options) -> Result<Vec<Match>, String> {
        let max = max_iterations(options)?;
        let mut out = Vec::new();
        place::visit_cfgs(&sdfg.cfg, &mut Vec::new(), &mut |path, cfg| {
            for (b, block) in cfg.blocks.iter().enumerate() {
                if let Some((var, values)) = plan(block, max) {
                    let mut at = path.to_vec();
                    at.push(Step::Block(b));
                    let description = format!("loop '{}' over {var} ({} copies)", block.label, values.len());
                    out.push(Match { place: Place { state: at, node: 0 }, description });
                }
            }
        });
        Ok(out)
    }

    fn apply(&self, sdfg: &mut Sdfg, m: &Match, options: &Options) -> Result<(), String> {
        let max = max_iterations(options)?;
        let (cfg_path, b) = match m.place.state.split_last() {
            Some((Step::Block(b), rest)) => (rest.to_vec(), *b),
            _ => return Err("match does not name a loop".into()),
        };
        let cfg = place::cfg_at(&mut sdfg.cfg, &cfg_path).ok_or("match refers to a missing region")?;
        let block = cfg.blocks.get_mut(b).ok_or("match refers to a missing loop")?;
        let (var, values) = plan(block, max).ok_or("the loop no longer matches")?;
        let BlockKind::Loop(l) = &block.kind else { return Err("match is not a loop".into()) };
        let step = loops::header(l).map(|h| h.step).ok_or("the loop no longer matches")?;
        block.kind = BlockKind::Region { kind: RegionKind::ControlFlowRegion, cfg: unrolled(&block.label, &l.cfg, &var, &values, step)? };
        block.extra = Default::default();
        Ok(())
    }
}

fn max_iterations(options: &Options) -> Result<usize, String> {
    options.positive("max-iterations", DEFAULT_MAX as i64).map(|k| k as usize)
}

/// The loop variable and its values, when the loop can be unrolled.
fn plan(block: &Block, max: usize) -> Option<(String, Vec<i64>)> {
    let BlockKind::Loop(l) = &block.kind else { return None };
    let h = loops::header(l)?;
    let values = h.constant_values(max)?;
    if values.is_empty() || escapes_or_assigns(&l.cfg, &h.var) || binds(&l.cfg, &h.var) {
        return None;
    }
    Some((h.var, values))
}

/// Whether a map (or consume scope) in the CFG binds `var` itself.
fn binds(cfg: &Cfg, var: &str) -> bool {
    let mut found = false;
    place::visit_cfgs(cfg, &mut Vec::new(), &mut |_, c| {
        for b in &c.blocks {
            if let BlockKind::State(s) = &b.kind {
                found |= s.nodes.iter().any(|n| match &n.kind {
                    NodeKind::MapEntry { map, .. } => map.params.iter().any(|p| p == var),
                    NodeKind::ConsumeEntry { consume, .. } => consume.pe_index == var,
                    _ => false,
                });
            }
        }
    });
    found
}

fn unrolled(label: &str, body: &Cfg, var: &str, values: &[i64], step: i64) -> Result<Cfg, String> {
    let empty = |name: String| Block { label: name, kind: BlockKind::State(State::default()), extra: Default::default(), loc: Default::default() };
    let assign = |src: usize, dst: usize, v: i64| InterstateEdge {
        src,
        dst,
        condition: None,
        assignments: vec![(var.to_string(), v.to_string())],
        extra: Default::default(),
        loc: Default::default(),
    };
    let mut out = Cfg { blocks: vec![empty(format!("{label}_init"))], edges: vec![], start_block: Some(0) };
    for (k, v) in values.iter().enumerate() {
        let mut copy = body.clone();
        let subst: HashMap<String, Expr> = [(var.to_string(), Expr::int(*v))].into();
        rewrite(&mut copy, &format!("_{k}"), &subst)?;
        out.blocks.push(Block {
            label: format!("{label}_{k}"),
            kind: BlockKind::Region { kind: RegionKind::ControlFlowRegion, cfg: copy },
            extra: Default::default(),
            loc: Default::default(),
        });
        out.edges.push(assign(k, k + 1, *v));
    }
    let last = values.last().copied().unwrap_or(0);
    out.blocks.push(empty(format!("{label}_end")));
    out.edges.push(assign(values.len(), values.len() + 1, last.checked_add(step).ok_or("loop bound overflows")?));
    Ok(out)
}

/// Suffixes every block label and substitutes the loop variable in the
/// dataflow of every state.
fn rewrite(cfg: &mut Cfg, suffix: &str, subst: &HashMap<String, Expr>) -> Result<(), String> {
    for b in &mut cfg.blocks {
        b.label.push_str(suffix);
        match &mut b.kind {
            BlockKind::State(s) => substitute_symbolic(s, subst)?,
            BlockKind::Region { cfg, .. } => rewrite(cfg, suffix, subst)?,
            BlockKind::Loop(l) => rewrite(&mut l.cfg, suffix, subst)?,
            BlockKind::Conditional(brs) => {
                for br in brs {
                    br.label.push_str(suffix);
                    rewrite(&mut br.cfg, suffix, subst)?;
                }
            }
            BlockKind::Break | BlockKind::Continue | BlockKind::Return => {}
        }
    }
    Ok(())
}

/// Substitutes in memlets, map ranges and symbol mappings; tasklet code
/// keeps the name (the symbol still holds the value).
fn substitute_symbolic(s: &mut State, subst: &HashMap<String, Expr>) -> Result<(), String> {
    for n in &mut s.nodes {
        match &mut n.kind {
            NodeKind::MapEntry { map, .. } => substitute_subset(&mut map.range, subst),
            NodeKind::NestedSdfg { symbol_mapping, .. } => symbol_mapping.iter_mut().for_each(|(_, e)| *e = e.substitute(subst)),
            _ => {}
        }
    }
    for e in &mut s.edges {
        let m = &mut e.memlet;
        m.subset.iter_mut().chain(m.other_subset.iter_mut()).for_each(|x| substitute_subset(x, subst));
        m.volume = m.volume.as_ref().map(|v| v.substitute(subst));
    }
    Ok(())
}
