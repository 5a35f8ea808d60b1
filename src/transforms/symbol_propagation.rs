//! SymbolPropagation: after an interstate edge assigns `s = v`, the states
//! that can only be reached through it (a chain of single-entry states)
//! read `v` instead of `s`, until an edge assigns `s` or a symbol `v` reads
//! (DaCe's SymbolPropagation, forward along single-entry chains). With its
//! reads gone, the assignment is left for dead-code removal.
//!
//! ```mlir
//! sdfg.edge %guard -> %body {assignments = #sdfg.assign<j = "i + 1">}
//! %body = sdfg.state "body" { ... sdfg.memlet ... {data = "A", subset = #sdfg.range<j>} }
//! ```
//! becomes `... {data = "A", subset = #sdfg.range<"i + 1">}` in `body`.
//!
//! Preconditions: `v` reads no data, calls no opaque function and does not
//! read `s` itself; `s` is no map parameter or loop variable. Blocks other
//! than states (regions, loops) end the chain.

use super::place::{cfg_at, visit_cfgs, Step};
use super::symbol_subst::{is_pure, is_scope_bound, mentions, assigned_value, substitute_symbol_in_code, substitute_symbol_in_state};
use super::{Match, Options, Place, Transformation};
use crate::model::cfg_graph;
use crate::model::{Assignment, BlockKind, Cfg, Sdfg};
use crate::symbolic::Expr;

pub struct SymbolPropagation;

impl Transformation for SymbolPropagation {
    fn name(&self) -> &'static str {
        "sdfg-symbol-propagation"
    }

    fn summary(&self) -> &'static str {
        "Replace a symbol by its assigned value in the states only that assignment reaches"
    }

    fn matches(&self, sdfg: &Sdfg) -> Vec<Match> {
        let mut out = Vec::new();
        visit_cfgs(&sdfg.cfg, &mut Vec::new(), &mut |path, cfg| {
            for (i, e) in cfg.edges.iter().enumerate() {
                for (k, a) in e.assignments.iter().enumerate() {
                    let symbol = &a.symbol;
                    let Some(value) = usable_value(sdfg, a) else { continue };
                    let mut copy = cfg.clone();
                    if propagate(&mut copy, i, k, symbol, &value).unwrap_or(0) == 0 {
                        continue;
                    }
                    let mut state = path.to_vec();
                    state.push(Step::Block(e.src));
                    let description = format!(
                        "symbol '{symbol}' = {value} after edge '{}' -> '{}'",
                        cfg.blocks[e.src].label, cfg.blocks[e.dst].label
                    );
                    // One match per assignment: the node index packs both.
                    out.push(Match { place: Place { state, node: i * 1024 + k }, description });
                }
            }
        });
        out
    }

    fn apply(&self, sdfg: &mut Sdfg, m: &Match, _options: &Options) -> Result<(), String> {
        let (edge, k) = (m.place.node / 1024, m.place.node % 1024);
        let cfg_path = &m.place.state[..m.place.state.len().saturating_sub(1)];
        let a = cfg_at(&mut sdfg.cfg.clone(), cfg_path)
            .and_then(|c| c.edges.get(edge)?.assignments.get(k).cloned())
            .ok_or("match refers to a missing assignment")?;
        let symbol = a.symbol.clone();
        let value = usable_value(sdfg, &a).ok_or("the match no longer applies")?;
        let cfg = cfg_at(&mut sdfg.cfg, cfg_path).ok_or("match refers to a missing region")?;
        let mut copy = cfg.clone();
        propagate(&mut copy, edge, k, &symbol, &value)?;
        *cfg = copy;
        Ok(())
    }
}

/// The assigned value, when it may stand in for the symbol.
fn usable_value(sdfg: &Sdfg, a: &Assignment) -> Option<Expr> {
    let symbol = a.symbol.as_str();
    let value = assigned_value(a)?;
    let free = value.free_symbols();
    let ok = is_pure(&value)
        && !free.contains(symbol)
        && free.iter().all(|s| sdfg.container(s).is_none())
        && sdfg.container(symbol).is_none()
        && !is_scope_bound(sdfg, symbol);
    ok.then_some(value)
}

/// Substitutes along the chain after assignment `k` of `edge`; returns how
/// many places changed.
fn propagate(cfg: &mut Cfg, edge: usize, k: usize, symbol: &str, value: &Expr) -> Result<usize, String> {
    let killed = |name: &str| name == symbol || value.free_symbols().contains(name);
    // Later assignments on the same edge run after this one.
    let mut changed = 0;
    let later = cfg.edges[edge].assignments.len();
    for j in k + 1..later {
        let a = &mut cfg.edges[edge].assignments[j];
        let new = substitute_symbol_in_code(a.value(), symbol, value)?;
        changed += usize::from(new != a.value());
        a.set_value(new);
        if killed(&a.symbol) {
            return Ok(changed);
        }
    }
    let start = cfg.start();
    let mut current = cfg.edges[edge].dst;
    let mut seen = vec![false; cfg.blocks.len()];
    // The walk rewrites blocks and edge labels, never which blocks edges join.
    let (ins, outs) = cfg_graph::adjacency(cfg);
    loop {
        if Some(current) == start || seen[current] || ins[current].len() != 1 {
            return Ok(changed);
        }
        seen[current] = true;
        let BlockKind::State(state) = &mut cfg.blocks[current].kind else { return Ok(changed) };
        let before = state.clone();
        substitute_symbol_in_state(state, symbol, value)?;
        changed += usize::from(*state != before);
        // Its out-edges read the value in conditions and assignments too.
        let mut next = None;
        for &o in &outs[current] {
            let e = &mut cfg.edges[o];
            if let Some(c) = &mut e.condition {
                if c.is_python() && mentions(&c.code, symbol) {
                    c.edit(|c| substitute_symbol_in_code(&c.code, symbol, value).map(|new| c.code = new))?;
                    changed += 1;
                }
            }
            // DaCe rejects an assignment that reads a symbol its edge
            // assigns: the value may not go where that would happen.
            let races = e.assignments.iter().any(|a| a.symbol != symbol && killed(&a.symbol));
            let mut alive = !races;
            for a in &mut e.assignments {
                if alive {
                    let new = substitute_symbol_in_code(a.value(), symbol, value)?;
                    changed += usize::from(new != a.value());
                    a.set_value(new);
                }
                alive &= !killed(&a.symbol);
            }
            if alive && outs.len() == 1 {
                next = Some(e.dst);
            }
        }
        match next {
            Some(n) => current = n,
            None => return Ok(changed),
        }
    }
}
