//! StateFusion: two states in sequence become one (DaCe's StateFusion, in
//! its conservative form).
//!
//! ```mlir
//! %a = sdfg.state "a" { ... }
//! %b = sdfg.state "b" { ... }
//! sdfg.edge %a -> %b
//! ```
//! becomes one state `a` holding both dataflow graphs side by side.
//!
//! Preconditions: `a`'s only out-edge goes to `b` and is `b`'s only in-edge,
//! unconditional, and its assignments can move onto `a`'s in-edges (`a`
//! uses none of the symbols and writes no data their values read; the
//! in-edges neither set nor read them) or else, the same way, onto the
//! front of `b`'s out-edges (two empty states around a loop's init edge
//! become one); what `b` writes that `a` reads or
//! writes, `b` writes only after `a`'s accesses (a path from each access
//! node of `a` to each writing node of `b` through merged nodes: `C` read
//! into `T` in `a`, `T` read into `C` in `b`); they do not both touch the
//! same view or reference. When `b` reads
//! what `a` writes, `a` must write it last through one top-level access
//! node (the only writer, or one every other writer reaches) and `b` must
//! only read it at top level: `b`'s reading access nodes (those it does not
//! write) merge into that writer, which orders the reads after the writes.
//!
//! ```mlir
//! %a = sdfg.state "a" { ... -> %t1 = sdfg.access "T" }
//! %b = sdfg.state "b" { %t2 = sdfg.access "T" -> ... }
//! ```
//! becomes `a` with `... -> %t1 -> ...`.

use super::loops::{state_uses as sa_uses, text_uses};
use super::place::{cfg_at, visit_cfgs, Step};
use super::state_fusion_check::{merge_into, merges, Accesses, Merges};
use super::{Match, Options, Place, Transformation};
use crate::model::{BlockKind, Cfg, DataKind, InterstateEdge, NodeKind, Sdfg, State};
use std::collections::HashSet;

pub struct StateFusion;

impl Transformation for StateFusion {
    fn name(&self) -> &'static str {
        "sdfg-state-fusion"
    }

    fn summary(&self) -> &'static str {
        "Fuse two independent states that follow each other into one"
    }

    fn matches(&self, sdfg: &Sdfg) -> Vec<Match> {
        find(sdfg)
    }

    /// Fuses in rounds within each CFG (inner CFGs first, so that
    /// renumbering blocks leaves the paths to the rest valid).
    fn apply_everywhere(&self, sdfg: &mut Sdfg, _options: &Options, limit: usize) -> Result<usize, String> {
        let aliases = aliasing(sdfg);
        let mut paths = Vec::new();
        visit_cfgs(&sdfg.cfg, &mut Vec::new(), &mut |path, cfg| {
            if !cfg.edges.is_empty() {
                paths.push(path.to_vec());
            }
        });
        paths.sort_by_key(|p| std::cmp::Reverse(p.len()));
        let mut count = 0;
        for path in paths {
            if count >= limit {
                break;
            }
            let cfg = cfg_at(&mut sdfg.cfg, &path).ok_or("a region disappeared while fusing states")?;
            count += fuse_rounds(&aliases, cfg, limit - count);
        }
        Ok(count)
    }

    fn apply(&self, sdfg: &mut Sdfg, m: &Match, _options: &Options) -> Result<(), String> {
        let cfg_path = &m.place.state[..m.place.state.len() - 1];
        let aliases = aliasing(sdfg);
        let cfg = cfg_at(&mut sdfg.cfg, cfg_path).ok_or("match refers to a missing region")?;
        let edge = m.place.node;
        let (a, b) = cfg.edges.get(edge).map(|e| (e.src, e.dst)).ok_or("match refers to a missing edge")?;
        let found = match (linked(&Degrees::of(cfg), cfg, edge), state(cfg, a), state(cfg, b)) {
            (true, Some(sa), Some(sb)) => merges(&aliases, &Accesses::of(sa), &Accesses::of(sb), sa, sb),
            _ => None,
        };
        let Some(found) = found else {
            return Err("the states can no longer be fused".into());
        };
        move_assignments(cfg, edge);
        fuse(cfg, a, b, &found);
        drop_fused(cfg, a, b, edge);
        Ok(())
    }
}

/// After state `b` was fused into `a` along `edge`: `b`'s out-edges leave
/// `a`, and `b` and `edge` are removed.
pub(super) fn drop_fused(cfg: &mut Cfg, a: usize, b: usize, edge: usize) {
    for e in &mut cfg.edges {
        if e.src == b {
            e.src = a;
        }
    }
    let mut gone_blocks = vec![false; cfg.blocks.len()];
    let mut gone_edges = vec![false; cfg.edges.len()];
    (gone_blocks[b], gone_edges[edge]) = (true, true);
    remove_blocks(cfg, &gone_blocks, &gone_edges);
}

/// Every match.
fn find(sdfg: &Sdfg) -> Vec<Match> {
    let aliases = aliasing(sdfg);
    let mut out = Vec::new();
    visit_cfgs(&sdfg.cfg, &mut Vec::new(), &mut |path, cfg| {
        let degrees = Degrees::of(cfg);
        let mut known: Vec<Option<Accesses>> = vec![None; cfg.blocks.len()];
        for (i, e) in cfg.edges.iter().enumerate() {
            if !linked(&degrees, cfg, i) {
                continue;
            }
            let (Some(sa), Some(sb)) = (state(cfg, e.src), state(cfg, e.dst)) else { continue };
            known[e.src].get_or_insert_with(|| Accesses::of(sa));
            known[e.dst].get_or_insert_with(|| Accesses::of(sb));
            let (Some(xa), Some(xb)) = (&known[e.src], &known[e.dst]) else { continue };
            if merges(&aliases, xa, xb, sa, sb).is_some() {
                let description = format!("states '{}' and '{}'", cfg.blocks[e.src].label, cfg.blocks[e.dst].label);
                let mut at = path.to_vec();
                at.push(Step::Block(e.src));
                out.push(Match { place: Place { state: at, node: i }, description });
            }
        }
    });
    out
}

/// Fuses disjoint pairs in rounds (pairs, then pairs of pairs, ...), as
/// DaCe's FuseStates pass does: in each round, every edge in order whose
/// states are not yet fused in this round and meet the conditions. Each
/// state's `Accesses` are found once and carried through its fusions, so
/// a round costs the checks and moves of its pairs, not a walk of every
/// state. Blocks keep their indices until the round's fused ones are
/// removed together at its end. Returns how many pairs it fused.
fn fuse_rounds(aliases: &HashSet<String>, cfg: &mut Cfg, limit: usize) -> usize {
    let mut known: Vec<Option<Accesses>> = vec![None; cfg.blocks.len()];
    let mut fused = 0;
    while fused < limit {
        let n = cfg.blocks.len();
        let mut degrees = Degrees::of(cfg);
        let mut outs = vec![Vec::new(); n];
        for (i, e) in cfg.edges.iter().enumerate().filter(|(_, e)| e.src < n) {
            outs[e.src].push(i);
        }
        let (mut used, mut gone_edges) = (vec![false; n], vec![false; cfg.edges.len()]);
        let mut gone_blocks = vec![false; n];
        let before = fused;
        for edge in 0..cfg.edges.len() {
            let (a, b) = (cfg.edges[edge].src, cfg.edges[edge].dst);
            if fused >= limit || used.get(a) != Some(&false) || used.get(b) != Some(&false) || !linked(&degrees, cfg, edge) {
                continue;
            }
            let (Some(sa), Some(sb)) = (state(cfg, a), state(cfg, b)) else { continue };
            let xa = known[a].take().unwrap_or_else(|| Accesses::of(sa));
            let xb = known[b].take().unwrap_or_else(|| Accesses::of(sb));
            let Some(found) = merges(aliases, &xa, &xb, sa, sb) else {
                (known[a], known[b]) = (Some(xa), Some(xb));
                continue;
            };
            move_assignments(cfg, edge);
            let moved = fuse(cfg, a, b, &found);
            let mut xa = xa;
            xa.absorb(xb, &moved);
            known[a] = Some(xa);
            // `a` takes over `b`'s out-edges.
            let taken = std::mem::take(&mut outs[b]);
            for &k in &taken {
                cfg.edges[k].src = a;
            }
            outs[a] = taken;
            degrees.outs[a] = degrees.outs[b];
            (used[a], used[b], gone_blocks[b], gone_edges[edge]) = (true, true, true, true);
            fused += 1;
        }
        if fused == before {
            break;
        }
        remove_blocks(cfg, &gone_blocks, &gone_edges);
        let mut k = 0;
        known.retain(|_| {
            k += 1;
            !gone_blocks[k - 1]
        });
    }
    fused
}

/// Names of views and references.
fn aliasing(sdfg: &Sdfg) -> HashSet<String> {
    let alias = |d: &crate::model::DataDesc| matches!(d.kind, DataKind::View | DataKind::Reference);
    sdfg.containers.iter().filter(|(_, d)| alias(d)).map(|(n, _)| n.clone()).collect()
}

/// Interstate edges leaving and entering each block, and the start block,
/// found once per search rather than once per candidate edge.
struct Degrees {
    outs: Vec<usize>,
    ins: Vec<usize>,
    start: Option<usize>,
}

impl Degrees {
    fn of(cfg: &Cfg) -> Degrees {
        let n = cfg.blocks.len();
        let (mut outs, mut ins) = (vec![0; n], vec![0; n]);
        for e in &cfg.edges {
            if let Some(k) = outs.get_mut(e.src) {
                *k += 1;
            }
            if let Some(k) = ins.get_mut(e.dst) {
                *k += 1;
            }
        }
        Degrees { outs, ins, start: cfg.start() }
    }
}

/// The control-flow conditions: `edge` is unconditional, its assignments
/// (if any) can move before its source, it is its source's only out-edge
/// and its destination's only in-edge, does not enter the start block, and
/// joins two states.
fn linked(degrees: &Degrees, cfg: &Cfg, edge: usize) -> bool {
    let Some(e) = cfg.edges.get(edge) else { return false };
    let (a, b) = (e.src, e.dst);
    let unconditional = e.condition.as_ref().is_none_or(|c| super::dead_state_elimination::constant_condition(c) == Some(true));
    a != b
        && unconditional
        && degrees.outs.get(a) == Some(&1)
        && degrees.ins.get(b) == Some(&1)
        && degrees.start != Some(b)
        && state(cfg, a).is_some()
        && state(cfg, b).is_some()
        && assignments_move(cfg, edge).is_some()
}

/// Where the assignments of the edge between two fused states go.
#[derive(Clone, Copy, PartialEq)]
enum MoveTo {
    /// Onto the in-edges of its source, to run before the fused state.
    Before,
    /// Onto the out-edges of its destination, ahead of their own
    /// assignments, to run after the fused state.
    After,
}

/// Whether the assignments of `edge` (if any) can move out of the way of
/// the fusion, and where: `Some(None)` when there are none.
fn assignments_move(cfg: &Cfg, edge: usize) -> Option<Option<MoveTo>> {
    let e = &cfg.edges[edge];
    if e.assignments.is_empty() {
        return Some(None);
    }
    if movable(cfg, e, e.src, |x| x.dst == e.src) {
        return Some(Some(MoveTo::Before));
    }
    movable(cfg, e, e.dst, |x| x.src == e.dst).then_some(Some(MoveTo::After))
}

/// Whether the assignments of `e` can move past the state `by` onto the
/// edges `onto` picks (its in-edges, as DaCe's StateFusion moves them, or
/// its out-edges): there is such an edge, `by` uses none of the assigned
/// symbols and writes no data their values read, and those edges assign
/// neither the symbols nor any their values read, and do not read them.
fn movable(cfg: &Cfg, e: &InterstateEdge, by: usize, onto: impl Fn(&InterstateEdge) -> bool) -> bool {
    let Some(state) = state(cfg, by) else { return false };
    let edges: Vec<&InterstateEdge> = cfg.edges.iter().filter(|x| onto(x)).collect();
    if edges.is_empty() || e.assignments.iter().any(|x| sa_uses(state, &x.symbol)) {
        return false;
    }
    let reads = |name: &str| e.assignments.iter().any(|x| text_uses(x.value(), name));
    let written = state.nodes.iter().enumerate().any(|(i, n)| {
        matches!(&n.kind, NodeKind::Access { data, .. } if reads(data)) && state.edges.iter().any(|x| x.dst == i)
    });
    let clash = |x: &InterstateEdge| {
        x.assignments.iter().any(|y| reads(&y.symbol) || e.assignments.iter().any(|z| z.symbol == y.symbol))
            || e.assignments.iter().any(|z| {
                x.condition.as_ref().is_some_and(|c| text_uses(&c.code, &z.symbol)) || x.assignments.iter().any(|y| text_uses(y.value(), &z.symbol))
            })
    };
    !written && !edges.into_iter().any(clash)
}

/// Moves the assignments of `edge` where [`assignments_move`] says, before
/// its states are fused.
fn move_assignments(cfg: &mut Cfg, edge: usize) {
    let Some(Some(to)) = assignments_move(cfg, edge) else { return };
    let moved = std::mem::take(&mut cfg.edges[edge].assignments);
    let (a, b) = (cfg.edges[edge].src, cfg.edges[edge].dst);
    for (k, x) in cfg.edges.iter_mut().enumerate() {
        if k == edge {
            continue;
        }
        match to {
            MoveTo::Before if x.dst == a => x.assignments.extend(moved.iter().cloned()),
            MoveTo::After if x.src == b => x.assignments.splice(0..0, moved.iter().cloned()).for_each(drop),
            _ => {}
        }
    }
}

fn state(cfg: &Cfg, block: usize) -> Option<&State> {
    match &cfg.blocks.get(block)?.kind {
        BlockKind::State(s) => Some(s),
        _ => None,
    }
}

/// Moves `b`'s graph into `a` (merging the access nodes of `merges`),
/// leaving `b` empty; returns where each node of `b` went.
fn fuse(cfg: &mut Cfg, a: usize, b: usize, found: &Merges) -> Vec<usize> {
    let BlockKind::State(sb) = std::mem::replace(&mut cfg.blocks[b].kind, BlockKind::State(State::default())) else {
        return Vec::new();
    };
    match &mut cfg.blocks[a].kind {
        BlockKind::State(sa) => merge_into(sa, sb, found),
        _ => Vec::new(),
    }
}

/// Removes the marked blocks (no kept edge may touch them) and edges, and
/// renumbers the rest, keeping their order.
fn remove_blocks(cfg: &mut Cfg, gone_blocks: &[bool], gone_edges: &[bool]) {
    let mut before = Vec::with_capacity(gone_blocks.len() + 1);
    let mut removed = 0;
    for &g in gone_blocks {
        before.push(removed);
        removed += usize::from(g);
    }
    before.push(removed);
    let renumber = |i: usize| i - before.get(i).copied().unwrap_or(removed);
    let mut k = 0;
    cfg.edges.retain(|_| {
        k += 1;
        !gone_edges[k - 1]
    });
    for e in &mut cfg.edges {
        (e.src, e.dst) = (renumber(e.src), renumber(e.dst));
    }
    let mut k = 0;
    cfg.blocks.retain(|_| {
        k += 1;
        !gone_blocks[k - 1]
    });
    cfg.start_block = cfg.start_block.map(renumber);
}

#[cfg(test)]
#[path = "state_fusion_tests.rs"]
mod tests;
