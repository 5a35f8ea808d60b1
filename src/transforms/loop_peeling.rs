//! LoopPeeling: the first (or, with `begin=false`, the last) `count`
//! iterations of a counted loop run as copies of its body outside it
//! (DaCe's LoopPeeling).
//!
//! ```mlir
//! %l = sdfg.loop "l" attributes {condition = "i < N", init = "i = 0",
//!                                loop_variable = "i", update = "i = i + 1"} {
//!   %s = sdfg.state "body" { ... A[i] ... }
//! }
//! ```
//! becomes (`count=1`) a region `l_peeled` running
//! ```text
//! l_peel_init --> if (0 <= N - 1) { --(i = 0)--> l_peel_0 { body with A[0] } }
//!             --> loop "l" (init i = 1, same condition and update) { body }
//! ```
//! and with `begin=false`
//! ```text
//! loop "l" (condition i <= N - 2) { body }
//!   --> if (i <= N - 1) { l_peel_0 { body } }
//! ```
//! A peeled iteration runs only if the loop would have run it: each copy
//! sits in a conditional testing the loop condition at its value, unless
//! the bounds are constants and the loop runs at least `count` times. At
//! the end a later copy's test advances the variable (`i = i + step`)
//! before its copy. Each copy is entered with the variable set to its
//! value, so C++ tasklets, library nodes and interstate edges see it;
//! memlets, map ranges and symbol mappings get the value itself when it is
//! a constant.
//!
//! Options: `count=K` (default 1), `begin=true|false` (default true).
//! Preconditions: the header is `i = a; i < b; i = i + c` (or `<=`, `>`,
//! `>=`); the body has no break, continue or return outside inner loops,
//! never assigns the variable or a symbol of the bounds, and no map inside
//! uses the variable as a parameter; with guards (bounds not constant, or
//! fewer than `K` iterations), nothing outside the loop reads the variable
//! (its value after a short loop would differ).

use super::loop_unroll::{binds, copy_region, empty_state};
use super::loops::{self, cfg_uses, escapes_or_assigns, redefines, Header};
use super::place::{self, Step};
use super::{Match, Options, Transformation};
use crate::model::{Assignment, Block, BlockKind, Branch, Cfg, Condition, InterstateEdge, LoopRegion, LoopStatements, RegionKind, Sdfg};
use crate::symbolic::Expr;
use std::collections::{BTreeSet, HashMap};

pub struct LoopPeeling;

/// The most iterations `count` may peel.
const MAX_COUNT: i64 = 64;

impl Transformation for LoopPeeling {
    fn name(&self) -> &'static str {
        "sdfg-loop-peeling"
    }

    fn summary(&self) -> &'static str {
        "Run the first (or last, begin=false) count iterations of a loop as copies of its body"
    }

    fn option_names(&self) -> &'static [&'static str] {
        &["count", "begin"]
    }

    /// The loop that remains would match again.
    fn once_per_match(&self) -> bool {
        true
    }

    fn matches(&self, sdfg: &Sdfg) -> Vec<Match> {
        self.matches_with(sdfg, &Options::default()).unwrap_or_default()
    }

    fn matches_with(&self, sdfg: &Sdfg, options: &Options) -> Result<Vec<Match>, String> {
        let settings = Settings::parse(options)?;
        Ok(place::block_matches(sdfg, |at, block| {
            let plan = plan(sdfg, at, block, &settings)?;
            let guarded = if plan.guarded { ", guarded" } else { "" };
            let end = if settings.begin { "first" } else { "last" };
            Some(format!("loop '{}' over {} ({end} {}{guarded})", block.label, plan.header.var, settings.count))
        }))
    }

    fn apply(&self, sdfg: &mut Sdfg, m: &Match, options: &Options) -> Result<(), String> {
        let settings = Settings::parse(options)?;
        let (cfg_path, b, block) = place::matched_block(sdfg, m)?;
        let plan = plan(sdfg, &m.place.state, &block, &settings).ok_or("the loop no longer matches")?;
        let BlockKind::Loop(l) = &block.kind else { return Err("match is not a loop".into()) };
        let cfg = if settings.begin { peel_begin(&block, l, &plan, settings.count)? } else { peel_end(&block, l, &plan, settings.count)? };
        let target = place::cfg_at(&mut sdfg.cfg, &cfg_path).and_then(|c| c.blocks.get_mut(b)).ok_or("match refers to a missing loop")?;
        target.label = format!("{}_peeled", block.label);
        target.kind = BlockKind::Region { kind: RegionKind::ControlFlowRegion, cfg };
        target.extra = Default::default();
        Ok(())
    }
}

struct Settings {
    count: i64,
    begin: bool,
}

impl Settings {
    fn parse(options: &Options) -> Result<Settings, String> {
        let count = options.positive("count", 1)?;
        if count > MAX_COUNT {
            return Err(format!("count: {count} is more than {MAX_COUNT} iterations"));
        }
        let begin = match options.get("begin").map(str::trim) {
            None | Some("true") => true,
            Some("false") => false,
            Some(v) => return Err(format!("begin: '{v}' is not true or false")),
        };
        Ok(Settings { count, begin })
    }
}

struct Plan {
    header: Header,
    /// Whether each copy needs a test (the loop may run fewer times).
    guarded: bool,
}

fn plan(sdfg: &Sdfg, path: &[Step], block: &Block, settings: &Settings) -> Option<Plan> {
    let BlockKind::Loop(l) = &block.kind else { return None };
    let header = loops::header(l)?;
    let var = header.var.as_str();
    if escapes_or_assigns(&l.cfg, var) || binds(&l.cfg, var) {
        return None;
    }
    let mut assigned = BTreeSet::new();
    crate::lowering::abi::assigned(&l.cfg, &mut assigned);
    let bound_syms = header.start.free_symbols().into_iter().chain(header.last.free_symbols());
    if bound_syms.into_iter().any(|s| assigned.contains(&s) || sdfg.container(&s).is_some()) {
        return None;
    }
    let runs_enough = header.trip_count().is_some_and(|n| n >= settings.count as i128);
    if !runs_enough {
        let skip = |p: &[Step], b: &Block| p == path || (redefines(b, var) && !path.starts_with(p));
        if cfg_uses(&sdfg.cfg, var, &mut Vec::new(), &skip) {
            return None;
        }
    }
    Some(Plan { header, guarded: !runs_enough })
}

/// `var = value` on an edge.
fn set(src: usize, dst: usize, var: &str, value: &Expr) -> InterstateEdge {
    InterstateEdge { src, dst, condition: None, assignments: vec![Assignment::new(var, value.to_string())], extra: Default::default(), loc: Default::default() }
}

fn plain(src: usize, dst: usize) -> InterstateEdge {
    InterstateEdge { src, dst, condition: None, assignments: vec![], extra: Default::default(), loc: Default::default() }
}

/// Whether the loop runs for `value` (its condition there).
fn runs_at(h: &Header, value: &Expr) -> Condition {
    let op = if h.step > 0 { "<=" } else { ">=" };
    Condition::python(format!("{} {op} {}", value.simplify(), h.last))
}

/// Copy `k` of the body, entered by an edge setting the variable to
/// `value` (substituted in the dataflow when constant), as a small CFG:
/// an empty state, then the copy.
fn entered_copy(label: &str, l: &LoopRegion, h: &Header, k: usize, value: &Expr) -> Result<Cfg, String> {
    let value = value.simplify();
    let subst: HashMap<String, Expr> = value.as_int().map(|_| (h.var.clone(), value.clone())).into_iter().collect();
    let copy = copy_region(&format!("{label}_peel"), &l.cfg, k, &subst)?;
    let blocks = vec![empty_state(format!("{label}_peel_set_{k}")), copy];
    Ok(Cfg { blocks, edges: vec![set(0, 1, &h.var, &value)], start_block: Some(0) })
}

/// Wraps `cfg` in a conditional running it when `condition` holds, or
/// returns it as a region when unguarded.
fn guard(label: String, cfg: Cfg, condition: Option<Condition>) -> Block {
    let kind = match condition {
        Some(c) => BlockKind::Conditional(vec![Branch { condition: Some(c), label: format!("{label}_then"), cfg, extra: Default::default(), loc: Default::default() }]),
        None => BlockKind::Region { kind: RegionKind::ControlFlowRegion, cfg },
    };
    Block { label, kind, extra: Default::default(), loc: Default::default() }
}

/// Copies of the first iterations, then the loop from where they stopped.
fn peel_begin(block: &Block, l: &LoopRegion, plan: &Plan, count: i64) -> Result<Cfg, String> {
    let (h, label) = (&plan.header, block.label.as_str());
    let mut out = Cfg { blocks: vec![empty_state(format!("{label}_peel_init"))], edges: vec![], start_block: Some(0) };
    for k in 0..count {
        let value = h.start.add(&Expr::int(k * h.step));
        let copy = entered_copy(label, l, h, k as usize, &value)?;
        let condition = plan.guarded.then(|| runs_at(h, &value));
        out.blocks.push(guard(format!("{label}_peel_{k}_if"), copy, condition));
        out.edges.push(plain(out.blocks.len() - 2, out.blocks.len() - 1));
    }
    let start = h.start.add(&Expr::int(count * h.step)).simplify();
    let rest = LoopRegion { init: Some(LoopStatements::python(format!("{} = {start}", h.var))), ..l.clone() };
    out.blocks.push(Block { kind: BlockKind::Loop(rest), ..block.clone() });
    out.edges.push(plain(out.blocks.len() - 2, out.blocks.len() - 1));
    Ok(out)
}

/// The loop stopping `count` iterations early, then copies of those.
fn peel_end(block: &Block, l: &LoopRegion, plan: &Plan, count: i64) -> Result<Cfg, String> {
    let (h, label) = (&plan.header, block.label.as_str());
    let var = Expr::sym(&h.var);
    let op = if h.step > 0 { "<=" } else { ">=" };
    let last = h.last.sub(&Expr::int(count * h.step)).simplify();
    let main = LoopRegion { condition: Some(Condition::python(format!("{} {op} {last}", h.var))), ..l.clone() };
    let mut out = Cfg { blocks: vec![Block { kind: BlockKind::Loop(main), ..block.clone() }], edges: vec![], start_block: Some(0) };
    // Constant bounds: the values the copies take (`a + t * c` for the last
    // `count` of `n` iterations); else each copy's test advances the
    // variable from where the loop stopped.
    let overflow = || "loop bounds overflow".to_string();
    let n = h.trip_count().filter(|_| !plan.guarded);
    let value = |t: i128| -> Result<i64, String> { i64::try_from(h.start.as_int().ok_or_else(overflow)? as i128 + t * h.step as i128).map_err(|_| overflow()) };
    for k in 0..count {
        let copy = match n {
            Some(n) => entered_copy(label, l, h, k as usize, &Expr::int(value(n - count as i128 + k as i128)?))?,
            None => {
                let next = if k == 0 { var.clone() } else { var.add(&Expr::int(h.step)) };
                let mut cfg = entered_copy(label, l, h, k as usize, &next)?;
                if k == 0 {
                    cfg.edges[0].assignments.clear();
                }
                cfg
            }
        };
        let condition = plan.guarded.then(|| runs_at(h, &if k == 0 { var.clone() } else { var.add(&Expr::int(h.step)) }));
        out.blocks.push(guard(format!("{label}_peel_{k}_if"), copy, condition));
        out.edges.push(plain(out.blocks.len() - 2, out.blocks.len() - 1));
    }
    if let Some(n) = n {
        // After the loop the variable holds the value that failed the test.
        out.blocks.push(empty_state(format!("{label}_peel_end")));
        out.edges.push(set(out.blocks.len() - 2, out.blocks.len() - 1, &h.var, &Expr::int(value(n)?)));
    }
    Ok(out)
}
