//! LoopUnroll: a LoopRegion with constant bounds becomes one copy of its
//! body per iteration, in order (DaCe's LoopUnroll, full unrolling); with
//! `factor=K`, a loop stepping `K` times as far runs `K` copies of the body
//! per iteration, followed by what is left over (partial unrolling, see
//! `loop_unroll_partial`).
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
//! fully unrolled. Preconditions: the header is `i = a; i < b; i = i + c`
//! (or the other comparisons) with constant `a`, `b`, `c` (`a` and `b` may
//! be symbolic for partial unrolling); the body has no break, continue or
//! return outside inner loops, never assigns the variable and no map inside
//! uses it as a parameter.

use super::loop_unroll_partial::{self as partial, Partial};
use super::loops::{self, escapes_or_assigns};
use super::place;
use super::scope_subst::substitute_subset;
use super::{Match, Options, Transformation};
use crate::model::{Assignment, Block, BlockKind, Cfg, InterstateEdge, NodeKind, RegionKind, Sdfg, State};
use crate::symbolic::Expr;
use std::collections::HashMap;

pub struct LoopUnroll;

const DEFAULT_MAX: usize = 64;
/// The most copies of the body `factor` may ask for.
const MAX_FACTOR: usize = 1024;

impl Transformation for LoopUnroll {
    fn name(&self) -> &'static str {
        "sdfg-loop-unroll"
    }

    fn summary(&self) -> &'static str {
        "Unroll a loop with constant bounds into one copy of its body per iteration (or K copies with factor=K)"
    }

    fn option_names(&self) -> &'static [&'static str] {
        &["max-iterations", "factor"]
    }

    /// A partially unrolled loop would match again.
    fn once_per_match(&self) -> bool {
        true
    }

    fn matches(&self, sdfg: &Sdfg) -> Vec<Match> {
        self.matches_with(sdfg, &Options::default()).unwrap_or_default()
    }

    fn matches_with(&self, sdfg: &Sdfg, options: &Options) -> Result<Vec<Match>, String> {
        let settings = Settings::parse(options)?;
        Ok(place::block_matches(sdfg, |_, block| plan(sdfg, block, &settings).map(|plan| format!("loop '{}' over {}", block.label, plan.describe()))))
    }

    fn apply(&self, sdfg: &mut Sdfg, m: &Match, options: &Options) -> Result<(), String> {
        let settings = Settings::parse(options)?;
        let (cfg_path, b, block) = place::matched_block(sdfg, m)?;
        let plan = plan(sdfg, &block, &settings).ok_or("the loop no longer matches")?;
        let BlockKind::Loop(l) = &block.kind else { return Err("match is not a loop".into()) };
        let cfg = match &plan {
            Plan::Full { var, values, step } => unrolled(&block.label, &l.cfg, var, values, *step)?,
            Plan::Partial(p) => partial::build(&block, l, p)?,
        };
        let target = place::cfg_at(&mut sdfg.cfg, &cfg_path).and_then(|c| c.blocks.get_mut(b)).ok_or("match refers to a missing loop")?;
        target.kind = BlockKind::Region { kind: RegionKind::ControlFlowRegion, cfg };
        target.extra = Default::default();
        Ok(())
    }
}

/// The options: `max-iterations` bounds full unrolling, `factor` (0 for
/// full unrolling) asks for that many copies per iteration.
struct Settings {
    max: usize,
    factor: usize,
}

impl Settings {
    fn parse(options: &Options) -> Result<Settings, String> {
        let max = options.positive("max-iterations", DEFAULT_MAX as i64)? as usize;
        let factor = match options.get("factor") {
            None => 0,
            Some(v) => v.trim().parse::<usize>().map_err(|_| format!("factor: '{v}' is not a non-negative integer"))?,
        };
        if factor == 1 {
            return Err("factor: 1 would leave the loop as it is (use 2 or more, or 0 to unroll fully)".into());
        }
        if factor > MAX_FACTOR {
            return Err(format!("factor: {factor} is more than {MAX_FACTOR} copies"));
        }
        Ok(Settings { max, factor })
    }
}

pub(super) enum Plan {
    /// One copy per value of the loop variable.
    Full { var: String, values: Vec<i64>, step: i64 },
    Partial(Partial),
}

impl Plan {
    fn describe(&self) -> String {
        match self {
            Plan::Full { var, values, .. } => format!("{var} ({} copies)", values.len()),
            Plan::Partial(p) => p.describe(),
        }
    }
}

/// How the loop is unrolled, when it can be.
fn plan(sdfg: &Sdfg, block: &Block, settings: &Settings) -> Option<Plan> {
    let BlockKind::Loop(l) = &block.kind else { return None };
    let h = loops::header(l)?;
    if escapes_or_assigns(&l.cfg, &h.var) || binds(&l.cfg, &h.var) {
        return None;
    }
    if settings.factor > 0 {
        return partial::plan(sdfg, l, h, settings.factor);
    }
    let values = h.constant_values(settings.max)?;
    (!values.is_empty()).then_some(Plan::Full { var: h.var, values, step: h.step })
}

/// Whether a map (or consume scope) in the CFG binds `var` itself.
pub(super) fn binds(cfg: &Cfg, var: &str) -> bool {
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

pub(super) fn empty_state(label: String) -> Block {
    Block { label, kind: BlockKind::State(State::default()), extra: Default::default(), loc: Default::default() }
}

pub(super) fn assign(src: usize, dst: usize, var: &str, value: i64) -> InterstateEdge {
    InterstateEdge {
        src,
        dst,
        condition: None,
        assignments: vec![Assignment::new(var, value.to_string())],
        extra: Default::default(),
        loc: Default::default(),
    }
}

fn unrolled(label: &str, body: &Cfg, var: &str, values: &[i64], step: i64) -> Result<Cfg, String> {
    let mut out = Cfg { blocks: vec![empty_state(format!("{label}_init"))], edges: vec![], start_block: Some(0) };
    let indexed: Vec<(usize, i64)> = values.iter().copied().enumerate().collect();
    append_copies(&mut out, 0, label, body, var, &indexed)?;
    let last = values.last().copied().unwrap_or(0);
    let end = out.blocks.len();
    out.blocks.push(empty_state(format!("{label}_end")));
    out.edges.push(assign(end - 1, end, var, last.checked_add(step).ok_or("loop bound overflows")?));
    Ok(out)
}

/// Appends one copy of `body` per `(iteration, value)`, chained after block
/// `from`, each entered by an edge setting the loop variable to its value.
pub(super) fn append_copies(out: &mut Cfg, from: usize, label: &str, body: &Cfg, var: &str, values: &[(usize, i64)]) -> Result<(), String> {
    let mut prev = from;
    for &(k, v) in values {
        let subst: HashMap<String, Expr> = [(var.to_string(), Expr::int(v))].into();
        out.blocks.push(copy_region(label, body, k, &subst)?);
        out.edges.push(assign(prev, out.blocks.len() - 1, var, v));
        prev = out.blocks.len() - 1;
    }
    Ok(())
}

/// Copy number `k` of a loop body, as region `<label>_<k>` with its block
/// labels suffixed `_<k>` and `subst` applied to its dataflow.
pub(super) fn copy_region(label: &str, body: &Cfg, k: usize, subst: &HashMap<String, Expr>) -> Result<Block, String> {
    let mut copy = body.clone();
    rewrite(&mut copy, &format!("_{k}"), subst)?;
    Ok(Block {
        label: format!("{label}_{k}"),
        kind: BlockKind::Region { kind: RegionKind::ControlFlowRegion, cfg: copy },
        extra: Default::default(),
        loc: Default::default(),
    })
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
    if subst.is_empty() {
        return Ok(());
    }
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
