//! Which states can run after which: the order of control flow, across
//! regions, loops and conditionals (not into nested SDFGs).

use crate::model::cfg_graph::CfgGraph;
use crate::model::{BlockKind, Cfg, State};
use std::collections::BTreeSet;

/// Every state (depth first, with its label) and, for each, the states that
/// can run after it has run.
pub struct Reach<'a> {
    pub states: Vec<(&'a State, String)>,
    pub after: Vec<BTreeSet<usize>>,
}

impl Reach<'_> {
    /// Whether state `later` can run after state `earlier` has run.
    pub fn follows(&self, earlier: usize, later: usize) -> bool {
        self.after.get(earlier).is_some_and(|a| a.contains(&later))
    }
}

pub fn block_reach(cfg: &Cfg) -> Reach<'_> {
    let mut reach = Reach { states: Vec::new(), after: Vec::new() };
    number(cfg, &mut reach);
    let mut next = 0;
    walk(cfg, &BTreeSet::new(), &mut next, &mut reach.after);
    reach
}

/// Lists the states in the order `walk` meets them.
fn number<'a>(cfg: &'a Cfg, reach: &mut Reach<'a>) {
    for b in &cfg.blocks {
        match &b.kind {
            BlockKind::State(s) => {
                reach.states.push((s, b.label.clone()));
                reach.after.push(BTreeSet::new());
            }
            BlockKind::Region { cfg, .. } => number(cfg, reach),
            BlockKind::Loop(l) => number(&l.cfg, reach),
            BlockKind::Conditional(brs) => brs.iter().for_each(|br| number(&br.cfg, reach)),
            _ => {}
        }
    }
}

/// How many states a block holds.
fn count(kind: &BlockKind) -> usize {
    match kind {
        BlockKind::State(_) => 1,
        BlockKind::Region { cfg, .. } => cfg.blocks.iter().map(|b| count(&b.kind)).sum(),
        BlockKind::Loop(l) => l.cfg.blocks.iter().map(|b| count(&b.kind)).sum(),
        BlockKind::Conditional(brs) => brs.iter().flat_map(|br| &br.cfg.blocks).map(|b| count(&b.kind)).sum(),
        _ => 0,
    }
}

/// Fills `after` for the states of `cfg`, numbered from `*next`, where
/// `outer` is what can run once `cfg` is done.
fn walk(cfg: &Cfg, outer: &BTreeSet<usize>, next: &mut usize, after: &mut [BTreeSet<usize>]) {
    let graph = CfgGraph::new(cfg);
    let mut ranges = Vec::with_capacity(cfg.blocks.len());
    let mut start = *next;
    for b in &cfg.blocks {
        let n = count(&b.kind);
        ranges.push(start..start + n);
        start += n;
    }
    for (i, b) in cfg.blocks.iter().enumerate() {
        // States of blocks reachable from this one by at least one edge.
        let mut later: BTreeSet<usize> = outer.clone();
        for (j, _) in graph.reachable_from(i).iter().enumerate().filter(|(_, &r)| r) {
            later.extend(ranges[j].clone());
        }
        *next = ranges[i].start;
        match &b.kind {
            BlockKind::State(_) => after[ranges[i].start] = later,
            BlockKind::Region { cfg, .. } => walk(cfg, &later, next, after),
            BlockKind::Loop(l) => {
                // Another iteration can run any state of the body again.
                later.extend(ranges[i].clone());
                walk(&l.cfg, &later, next, after);
            }
            BlockKind::Conditional(brs) => {
                for br in brs {
                    walk(&br.cfg, &later, next, after);
                }
            }
            _ => {}
        }
    }
    *next = start;
}
