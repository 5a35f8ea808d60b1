//! Symbols of interstate edges, blocks and control-flow regions.

use super::{Names, SymbolSets};
use crate::model::{Block, BlockKind, Branch, Cfg, InterstateEdge, LoopRegion};
use std::collections::BTreeSet;

pub(super) fn edge_sets(names: &Names, e: &InterstateEdge) -> SymbolSets {
    let mut out = SymbolSets::default();
    e.condition.iter().for_each(|c| names.condition(c, &mut out.used));
    // Right-hand sides read the values from before the edge, even of the
    // symbols it assigns (`i = i + 1`).
    e.assignments.iter().for_each(|a| names.parsed(a.expr(), a.value(), &mut out.used));
    out.assigned.extend(e.assignments.iter().map(|a| a.symbol.clone()));
    out
}

pub(super) fn block_sets(names: &Names, block: &Block) -> SymbolSets {
    match &block.kind {
        BlockKind::State(s) => super::state_sets(names, s),
        BlockKind::Region { cfg, .. } => cfg_sets(names, cfg),
        BlockKind::Loop(l) => {
            let body = cfg_sets(names, &l.cfg);
            let mut out = SymbolSets { assigned: body.assigned, bound: body.bound, used: BTreeSet::new() };
            let mut header = BTreeSet::new();
            l.condition.iter().for_each(|c| names.condition(c, &mut header));
            l.update.iter().for_each(|c| names.statements(c, &mut header));
            header.extend(body.used);
            let mut init = BTreeSet::new();
            l.init.iter().for_each(|c| names.statements(c, &mut init));
            // The init sets the variable before the condition, update and body read it.
            if init_assigns(l) {
                header.remove(&l.loop_variable);
            }
            out.used = init.into_iter().chain(header).collect();
            if !l.loop_variable.is_empty() {
                out.assigned.insert(l.loop_variable.clone());
            }
            for c in [&l.init, &l.update].into_iter().flatten() {
                let targets = c.statements().iter().filter_map(|s| s.target());
                out.assigned.extend(targets.filter(|t| names.is_symbol(t)).map(str::to_string));
            }
            out
        }
        BlockKind::Conditional(branches) => {
            let mut out = SymbolSets::default();
            for br in branches {
                let inner = branch_sets(names, br);
                out.assigned.extend(inner.assigned);
                out.bound.extend(inner.bound);
                out.used.extend(inner.used);
            }
            out
        }
        BlockKind::Break | BlockKind::Continue | BlockKind::Return => SymbolSets::default(),
    }
}

pub(super) fn branch_sets(names: &Names, br: &Branch) -> SymbolSets {
    let mut out = cfg_sets(names, &br.cfg);
    br.condition.iter().for_each(|c| names.condition(c, &mut out.used));
    out
}

fn init_assigns(l: &LoopRegion) -> bool {
    let mut stmts = l.init.iter().flat_map(|c| c.statements());
    stmts.any(|s| s.target() == Some(l.loop_variable.as_str()) && !s.augmented())
}

/// What a block assigns on every way through it: a loop's variable when
/// its init sets it (the body may not run), nothing for other blocks.
fn must_assign(block: &Block) -> BTreeSet<String> {
    match &block.kind {
        BlockKind::Loop(l) if init_assigns(l) => [l.loop_variable.clone()].into(),
        _ => BTreeSet::new(),
    }
}

/// A region's symbols: a use is free unless the symbol is assigned on every
/// way from the start to it (a forward "definitely assigned" analysis).
pub(super) fn cfg_sets(names: &Names, cfg: &Cfg) -> SymbolSets {
    let n = cfg.blocks.len();
    let blocks: Vec<SymbolSets> = cfg.blocks.iter().map(|b| block_sets(names, b)).collect();
    let edges: Vec<SymbolSets> = cfg.edges.iter().map(|e| edge_sets(names, e)).collect();
    // Definitely assigned on entry to each block; `None` = not reached yet.
    let mut entry: Vec<Option<BTreeSet<String>>> = vec![None; n];
    if let Some(start) = cfg.start() {
        entry[start] = Some(BTreeSet::new());
    }
    // Sets only shrink once reached, so this settles.
    let mut changed = true;
    while changed {
        changed = false;
        for (k, e) in cfg.edges.iter().enumerate() {
            let Some(Some(at_src)) = entry.get(e.src) else { continue };
            let mut after: BTreeSet<String> = at_src.union(&must_assign(&cfg.blocks[e.src])).cloned().collect();
            after.extend(edges[k].assigned.iter().cloned());
            let Some(slot) = entry.get_mut(e.dst) else { continue };
            let merged = match slot {
                Some(old) => old.intersection(&after).cloned().collect(),
                None => after,
            };
            if slot.as_ref() != Some(&merged) {
                *slot = Some(merged);
                changed = true;
            }
        }
    }
    let mut out = SymbolSets::default();
    let empty = BTreeSet::new();
    for (b, sets) in blocks.iter().enumerate() {
        let defined = entry[b].as_ref().unwrap_or(&empty);
        out.used.extend(sets.used.iter().filter(|s| !defined.contains(*s)).cloned());
        out.assigned.extend(sets.assigned.iter().cloned());
        out.bound.extend(sets.bound.iter().cloned());
    }
    for (k, e) in cfg.edges.iter().enumerate() {
        let before: BTreeSet<String> = match entry.get(e.src) {
            Some(Some(at_src)) => at_src.union(&must_assign(&cfg.blocks[e.src])).cloned().collect(),
            _ => BTreeSet::new(),
        };
        out.used.extend(edges[k].used.iter().filter(|s| !before.contains(*s)).cloned());
        out.assigned.extend(edges[k].assigned.iter().cloned());
    }
    out
}
