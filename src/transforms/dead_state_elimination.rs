//! DeadStateElimination: removes interstate edges that can never be taken
//! and the blocks control can no longer reach (DaCe's
//! DeadStateElimination).
//!
//! An edge whose condition is the constant false is never taken; neither is
//! an edge after an always-true edge from the same block (the first edge
//! whose condition holds wins). Blocks unreachable from the start block are
//! removed with their edges.
//!
//! ```mlir
//! %a = sdfg.state "a" { }
//! %dead = sdfg.state "dead" { ... }
//! sdfg.edge %a -> %dead {condition = "False"}
//! ```
//! becomes just `%a = sdfg.state "a" { }`.

use super::place::{cfg_at, visit_cfgs};
use super::{Match, Options, Place, Transformation};
use crate::model::{Cfg, Condition, Sdfg};
use crate::symbolic::Expr;
use std::collections::BTreeSet;

pub struct DeadStateElimination;

impl Transformation for DeadStateElimination {
    fn name(&self) -> &'static str {
        "sdfg-dead-state-elimination"
    }

    fn summary(&self) -> &'static str {
        "Remove interstate edges never taken and blocks never reached"
    }

    fn matches(&self, sdfg: &Sdfg) -> Vec<Match> {
        let mut out = Vec::new();
        visit_cfgs(&sdfg.cfg, &mut Vec::new(), &mut |path, cfg| {
            let (edges, blocks) = dead(cfg);
            if !edges.is_empty() || !blocks.is_empty() {
                let labels: Vec<&str> = blocks.iter().map(|&b| cfg.blocks[b].label.as_str()).collect();
                let description = format!("{} dead edge(s), dead blocks [{}]", edges.len(), labels.join(", "));
                out.push(Match { place: Place { state: path.to_vec(), node: 0 }, description });
            }
        });
        out
    }

    fn apply(&self, sdfg: &mut Sdfg, m: &Match, _options: &Options) -> Result<(), String> {
        let cfg = cfg_at(&mut sdfg.cfg, &m.place.state).ok_or("match refers to a missing region")?;
        let (edges, blocks) = dead(cfg);
        let mut i = 0;
        cfg.edges.retain(|_| {
            i += 1;
            !edges.contains(&(i - 1))
        });
        remove_blocks(cfg, &blocks);
        Ok(())
    }
}

/// Edges never taken and blocks never reached.
fn dead(cfg: &Cfg) -> (BTreeSet<usize>, BTreeSet<usize>) {
    // Out-edges per block, in edge order (the first true edge wins).
    let mut out: Vec<Vec<usize>> = vec![Vec::new(); cfg.blocks.len()];
    for (i, e) in cfg.edges.iter().enumerate() {
        if let Some(list) = out.get_mut(e.src) {
            list.push(i);
        }
    }
    let mut edges = BTreeSet::new();
    for list in &out {
        let mut taken_always = false;
        for &i in list {
            let value = cfg.edges[i].condition.as_ref().map_or(Some(true), constant_condition);
            if taken_always || value == Some(false) {
                edges.insert(i);
            }
            taken_always |= value == Some(true);
        }
    }
    let Some(start) = cfg.start() else { return (edges, BTreeSet::new()) };
    let mut reached = vec![false; cfg.blocks.len()];
    let mut todo = vec![start];
    while let Some(b) = todo.pop() {
        if b < reached.len() && !reached[b] {
            reached[b] = true;
            todo.extend(out[b].iter().filter(|i| !edges.contains(i)).map(|&i| cfg.edges[i].dst));
        }
    }
    let blocks: BTreeSet<usize> = (0..cfg.blocks.len()).filter(|&b| !reached[b]).collect();
    // Edges of removed blocks go with them.
    edges.extend(cfg.edges.iter().enumerate().filter(|(_, e)| blocks.contains(&e.src) || blocks.contains(&e.dst)).map(|(i, _)| i));
    (edges, blocks)
}

/// The truth value of a condition that does not depend on anything.
pub(crate) fn constant_condition(c: &Condition) -> Option<bool> {
    constant_expr(c.parsed().ok()?)
}

fn constant_expr(e: &Expr) -> Option<bool> {
    match e.simplify() {
        Expr::Bool(b) => Some(b),
        e => e.as_int().map(|v| v != 0),
    }
}

fn remove_blocks(cfg: &mut Cfg, gone: &BTreeSet<usize>) {
    let keep: Vec<usize> = (0..cfg.blocks.len()).filter(|b| !gone.contains(b)).collect();
    let renumber = |b: usize| keep.iter().position(|&k| k == b);
    for e in &mut cfg.edges {
        e.src = renumber(e.src).unwrap_or(e.src);
        e.dst = renumber(e.dst).unwrap_or(e.dst);
    }
    cfg.start_block = cfg.start_block.and_then(renumber);
    let blocks = std::mem::take(&mut cfg.blocks);
    cfg.blocks = blocks.into_iter().enumerate().filter(|(i, _)| !gone.contains(i)).map(|(_, b)| b).collect();
}

