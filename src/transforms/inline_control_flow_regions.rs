//! InlineControlFlowRegions: a plain region (ControlFlowRegion, NamedRegion
//! or FunctionCallRegion; not a loop or conditional) is dissolved into the
//! CFG around it (DaCe's InlineControlFlowRegions).
//!
//! ```mlir
//! %r = sdfg.region "r" attributes {kind = "NamedRegion"} {
//!   %a = sdfg.state "a" { ... }
//!   %b = sdfg.state "b" { ... }
//!   sdfg.edge %a -> %b
//! }
//! sdfg.edge %p -> %r {assignments = #sdfg.assign<k = 1>}
//! sdfg.edge %r -> %q {condition = "k > 0"}
//! ```
//! becomes
//! ```mlir
//! %a = sdfg.state "a" { ... }
//! %b = sdfg.state "b" { ... }
//! sdfg.edge %a -> %b
//! sdfg.edge %p -> %a {assignments = #sdfg.assign<k = 1>}
//! sdfg.edge %b -> %q {condition = "k > 0"}
//! ```
//! Edges into the region go to its start block; each edge out of it leaves
//! from every sink block of the region, with its condition and assignments.
//! Blocks whose labels clash with the surrounding CFG's get a suffix.
//!
//! Preconditions: the region has a start block and at least one sink; no
//! Return block anywhere inside it (nested SDFGs aside), and no Break or
//! Continue block directly in it; every block of the region with out-edges
//! always takes one of them (an unconditional edge, or two edges with
//! complementary conditions), because a region ends where no edge is taken
//! and that end must lead to the region's successors.

use super::place::{cfg_at, visit_cfgs, Step};
use super::{Match, Options, Place, Transformation};
use crate::model::cfg_graph::CfgGraph;
use crate::model::{BlockKind, Cfg, Condition, RegionKind, Sdfg};
use crate::symbolic::Expr;
use std::collections::BTreeSet;

pub struct InlineControlFlowRegions;

impl Transformation for InlineControlFlowRegions {
    fn name(&self) -> &'static str {
        "sdfg-inline-control-flow-regions"
    }

    fn summary(&self) -> &'static str {
        "Dissolve plain control-flow regions into the surrounding CFG"
    }

    fn matches(&self, sdfg: &Sdfg) -> Vec<Match> {
        let mut out = Vec::new();
        visit_cfgs(&sdfg.cfg, &mut Vec::new(), &mut |path, cfg| {
            for (i, b) in cfg.blocks.iter().enumerate() {
                if inlinable(cfg, i) {
                    let mut at = path.to_vec();
                    at.push(Step::Block(i));
                    let description = format!("region '{}'", b.label);
                    out.push(Match { place: Place { state: at, node: i }, description });
                }
            }
        });
        out
    }

    fn apply(&self, sdfg: &mut Sdfg, m: &Match, _options: &Options) -> Result<(), String> {
        let (last, cfg_path) = m.place.state.split_last().ok_or("match without a block")?;
        let cfg = cfg_at(&mut sdfg.cfg, cfg_path).ok_or("match refers to a missing region")?;
        let Step::Block(r) = *last else { return Err("match refers to a branch, not a block".into()) };
        if !inlinable(cfg, r) {
            return Err("the region can no longer be inlined".into());
        }
        dissolve(cfg, r);
        Ok(())
    }
}

fn inlinable(cfg: &Cfg, r: usize) -> bool {
    let Some(BlockKind::Region { kind, cfg: inner }) = cfg.blocks.get(r).map(|b| &b.kind) else { return false };
    if !matches!(kind, RegionKind::ControlFlowRegion | RegionKind::NamedRegion | RegionKind::FunctionCallRegion) {
        return false;
    }
    dissolvable(inner)
}

/// Whether a CFG run as a block can instead run in the surrounding CFG.
pub(crate) fn dissolvable(inner: &Cfg) -> bool {
    if inner.start().is_none() || sinks(inner).is_empty() || returns(inner) {
        return false;
    }
    if inner.blocks.iter().any(|b| matches!(b.kind, BlockKind::Break | BlockKind::Continue | BlockKind::Return)) {
        return false;
    }
    let g = CfgGraph::new(inner);
    (0..inner.blocks.len()).all(|b| always_leaves(&g, b))
}

fn sinks(cfg: &Cfg) -> Vec<usize> {
    let g = CfgGraph::new(cfg);
    (0..cfg.blocks.len()).filter(|&b| g.out_edges(b).is_empty()).collect()
}

/// Whether a Return block sits anywhere in `cfg` (not in nested SDFGs).
fn returns(cfg: &Cfg) -> bool {
    cfg.blocks.iter().any(|b| match &b.kind {
        BlockKind::Return => true,
        BlockKind::Region { cfg, .. } => returns(cfg),
        BlockKind::Loop(l) => returns(&l.cfg),
        BlockKind::Conditional(brs) => brs.iter().any(|br| returns(&br.cfg)),
        _ => false,
    })
}

/// Whether block `b` is a sink or surely takes one of its out-edges.
fn always_leaves(g: &CfgGraph, b: usize) -> bool {
    let outs: Vec<&Option<Condition>> = g.out_edges(b).iter().map(|&i| &g.cfg().edges[i].condition).collect();
    if outs.is_empty() || outs.iter().any(|c| condition(c) == Some(Expr::Bool(true))) {
        return true;
    }
    match outs.as_slice() {
        [a, b] => match (condition(a), condition(b)) {
            (Some(x), Some(y)) => Expr::Not(Box::new(x.clone())).simplify() == y || Expr::Not(Box::new(y)).simplify() == x,
            _ => false,
        },
        _ => false,
    }
}

/// A condition, simplified (`None` unconditional reads as true); `None` when
/// it does not parse.
fn condition(c: &Option<Condition>) -> Option<Expr> {
    match c {
        None => Some(Expr::Bool(true)),
        Some(c) => {
            let e = c.parsed().ok()?.simplify();
            Some(if e.as_int() == Some(1) { Expr::Bool(true) } else { e })
        }
    }
}

/// Puts the blocks of region `r` in its place and reroutes the edges.
pub(crate) fn dissolve(cfg: &mut Cfg, r: usize) {
    let was_start = cfg.start() == Some(r);
    let BlockKind::Region { cfg: inner, .. } =
        std::mem::replace(&mut cfg.blocks[r].kind, BlockKind::Return)
    else {
        return;
    };
    let (Some(start), ends) = (inner.start(), sinks(&inner)) else { return };
    let n = inner.blocks.len();
    let outer = |b: usize| if b > r { b + n - 1 } else { b };
    let mut labels: BTreeSet<String> =
        cfg.blocks.iter().enumerate().filter(|(i, _)| *i != r).map(|(_, b)| b.label.clone()).collect();
    let mut blocks = inner.blocks;
    for b in &mut blocks {
        let mut label = b.label.clone();
        let mut k = 0;
        while labels.contains(&label) {
            k += 1;
            label = format!("{}_{k}", b.label);
        }
        labels.insert(label.clone());
        b.label = label;
    }
    cfg.blocks.splice(r..=r, blocks);
    let mut edges = Vec::new();
    for e in std::mem::take(&mut cfg.edges) {
        let dst = if e.dst == r { r + start } else { outer(e.dst) };
        if e.src == r {
            for &s in &ends {
                edges.push(crate::model::InterstateEdge { src: r + s, dst, ..e.clone() });
            }
        } else {
            edges.push(crate::model::InterstateEdge { src: outer(e.src), dst, ..e });
        }
    }
    edges.extend(inner.edges.into_iter().map(|e| crate::model::InterstateEdge { src: e.src + r, dst: e.dst + r, ..e }));
    cfg.edges = edges;
    cfg.start_block = match cfg.start_block {
        Some(s) if s == r => Some(r + start),
        s => s.map(outer),
    };
    if was_start && cfg.start() != Some(r + start) {
        cfg.start_block = Some(r + start);
    }
}
