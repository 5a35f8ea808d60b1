//! Read and write sets of interstate edges, blocks, regions and SDFGs.

use super::{state::state_sets, RwSets};
use crate::analysis::propagation::propagate_subset;
use crate::analysis::symbols::{assigned, words};
use crate::model::{Block, BlockKind, Branch, Cfg, Condition, InterstateEdge, LoopRegion, LoopStatements, MapScope, Schedule, Sdfg};
use crate::symbolic::{Dim, Expr, Subset};
use std::collections::BTreeSet;

/// The containers a Python expression reads, each at the indices written
/// there (`A[i, 0]` reads `i, 0`) or whole (`x`), in the order they appear.
pub fn expr_reads(sdfg: &Sdfg, e: &Expr) -> Vec<(String, Option<Subset>)> {
    let mut out = Vec::new();
    collect(e, sdfg, &mut out);
    out
}

fn collect(e: &Expr, sdfg: &Sdfg, out: &mut Vec<(String, Option<Subset>)>) {
    match e {
        Expr::Sym(s) if sdfg.container(s).is_some() => out.push((s.clone(), None)),
        Expr::Index(name, args) => {
            if sdfg.container(name).is_some() {
                out.push((name.clone(), Some(Subset::Range(args.iter().map(|a| Dim::index(a.clone())).collect()))));
            }
            args.iter().for_each(|a| collect(a, sdfg, out));
        }
        Expr::Add(xs) | Expr::Mul(xs) | Expr::Call(_, xs) | Expr::And(xs) | Expr::Or(xs) => xs.iter().for_each(|x| collect(x, sdfg, out)),
        Expr::Pow(a, b) | Expr::Cmp(_, a, b) => {
            collect(a, sdfg, out);
            collect(b, sdfg, out);
        }
        Expr::Not(a) => collect(a, sdfg, out),
        _ => {}
    }
}

/// Reads of `text` read as `parsed`; every container it names, whole, when
/// it is not an expression.
fn parsed_reads(sdfg: &Sdfg, parsed: Option<&Expr>, text: &str, out: &mut RwSets) {
    match parsed {
        Some(e) => expr_reads(sdfg, e).into_iter().for_each(|(d, s)| out.read(&d, s)),
        None => words(text).filter(|w| sdfg.container(w).is_some()).for_each(|w| out.read(w, None)),
    }
}

fn condition_reads(sdfg: &Sdfg, c: &Condition, out: &mut RwSets) {
    if c.is_python() {
        parsed_reads(sdfg, c.parsed().ok(), &c.code, out);
    } else {
        words(&c.code).filter(|w| sdfg.container(w).is_some()).for_each(|w| out.read(w, None));
    }
}

/// Reads of `lhs = rhs` statements (loop init and update).
fn statement_reads(sdfg: &Sdfg, c: &LoopStatements, out: &mut RwSets) {
    for s in c.statements() {
        parsed_reads(sdfg, s.parsed().ok(), s.value(), out);
        if let (true, Some(target), Some(parsed)) = (s.augmented(), s.target(), s.target_parsed()) {
            parsed_reads(sdfg, parsed.ok(), target, out);
        }
    }
}

/// What an interstate edge reads: the containers of its condition and of
/// its assignments' right-hand sides.
pub fn edge_sets(sdfg: &Sdfg, e: &InterstateEdge) -> RwSets {
    let mut out = RwSets::default();
    e.condition.iter().for_each(|c| condition_reads(sdfg, c, &mut out));
    e.assignments.iter().for_each(|a| parsed_reads(sdfg, a.expr(), a.value(), &mut out));
    out
}

/// What a block reads and writes, seen from outside it.
pub fn block_sets(sdfg: &Sdfg, block: &Block) -> RwSets {
    match &block.kind {
        BlockKind::State(s) => state_sets(sdfg, s),
        BlockKind::Region { cfg, .. } => cfg_sets(sdfg, cfg),
        BlockKind::Loop(l) => loop_sets(sdfg, l),
        BlockKind::Conditional(branches) => {
            let mut out = RwSets::default();
            branches.iter().for_each(|br| out.extend(&branch_sets(sdfg, br)));
            out
        }
        BlockKind::Break | BlockKind::Continue | BlockKind::Return => RwSets::default(),
    }
}

/// What one branch of a conditional reads (its condition too) and writes.
pub fn branch_sets(sdfg: &Sdfg, br: &Branch) -> RwSets {
    let mut out = cfg_sets(sdfg, &br.cfg);
    br.condition.iter().for_each(|c| condition_reads(sdfg, c, &mut out));
    out
}

/// What a region reads and writes: its blocks and edges, with subsets that
/// use symbols assigned inside it widened to the whole dimension.
pub fn cfg_sets(sdfg: &Sdfg, cfg: &Cfg) -> RwSets {
    let mut out = RwSets::default();
    cfg.blocks.iter().for_each(|b| out.extend(&block_sets(sdfg, b)));
    cfg.edges.iter().for_each(|e| out.extend(&edge_sets(sdfg, e)));
    let mut locals = BTreeSet::new();
    assigned(cfg, &mut locals);
    let locals: Vec<String> = locals.into_iter().collect();
    out.map_subsets(&|d, s| widen(s, &locals, &shape(sdfg, d)))
}

/// What the SDFG's control flow reads (interstate edges, loop headers and
/// branch conditions; not states, not nested SDFGs): data a
/// transformation must keep where dataflow alone would let it go
/// (`__cond = I[j, k]` on an edge reads `I`).
pub fn control_reads(sdfg: &Sdfg) -> RwSets {
    fn walk(sdfg: &Sdfg, cfg: &Cfg, out: &mut RwSets) {
        cfg.edges.iter().for_each(|e| out.extend(&edge_sets(sdfg, e)));
        for b in &cfg.blocks {
            match &b.kind {
                BlockKind::Region { cfg, .. } => walk(sdfg, cfg, out),
                BlockKind::Loop(l) => {
                    l.condition.iter().for_each(|c| condition_reads(sdfg, c, out));
                    l.init.iter().chain(l.update.iter()).for_each(|c| statement_reads(sdfg, c, out));
                    walk(sdfg, &l.cfg, out);
                }
                BlockKind::Conditional(branches) => branches.iter().for_each(|br| {
                    br.condition.iter().for_each(|c| condition_reads(sdfg, c, out));
                    walk(sdfg, &br.cfg, out);
                }),
                _ => {}
            }
        }
    }
    let mut out = RwSets::default();
    walk(sdfg, &sdfg.cfg, &mut out);
    out
}

/// What a whole SDFG reads and writes.
pub fn sdfg_sets(sdfg: &Sdfg) -> RwSets {
    cfg_sets(sdfg, &sdfg.cfg)
}

fn shape(sdfg: &Sdfg, data: &str) -> Vec<Expr> {
    sdfg.container(data).map(|c| c.shape.clone()).unwrap_or_default()
}

/// A loop's body and header, over every value of its variable.
fn loop_sets(sdfg: &Sdfg, l: &LoopRegion) -> RwSets {
    let mut out = cfg_sets(sdfg, &l.cfg);
    l.condition.iter().for_each(|c| condition_reads(sdfg, c, &mut out));
    l.init.iter().chain(l.update.iter()).for_each(|c| statement_reads(sdfg, c, &mut out));
    let var = l.loop_variable.clone();
    if var.is_empty() {
        return out;
    }
    let range = crate::transforms::loops::header(l).map(|h| {
        // Counting down visits a subset of `last..=start`.
        let dim = if h.step > 0 { Dim::new(h.start, h.last, Expr::int(h.step), Expr::int(1)) } else { Dim::range(h.last, h.start) };
        MapScope { params: vec![var.clone()], range: Subset::Range(vec![dim]), schedule: Schedule::Sequential }
    });
    let locals = [var];
    out.map_subsets(&|d, s| match &range {
        Some(map) => propagate_subset(s, map, &[], &shape(sdfg, d)),
        None => widen(s, &locals, &shape(sdfg, d)),
    })
}

/// `s` with every dimension that uses one of `locals` widened to the whole
/// dimension of a container of `shape`; `None` (the whole container) when
/// the shape does not say.
pub(super) fn widen(s: &Subset, locals: &[String], shape: &[Expr]) -> Option<Subset> {
    let mut dims = Vec::with_capacity(s.dims().len());
    for (k, d) in s.dims().iter().enumerate() {
        let uses = [&d.start, &d.end, &d.step, &d.tile].iter().any(|e| e.free_symbols().iter().any(|x| locals.contains(x)));
        if uses {
            dims.push(Dim::range(Expr::int(0), shape.get(k)?.sub(&Expr::int(1))));
        } else {
            dims.push(d.clone());
        }
    }
    Some(Subset::Range(dims))
}
