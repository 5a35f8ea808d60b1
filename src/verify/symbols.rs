//! Symbols inside states: every free symbol of a map range, memlet subset or
//! nested-SDFG symbol mapping must be defined where it is used (DaCe's
//! `validate_undefsyms`), and the free symbols of a whole SDFG, which a
//! nested SDFG's `symbol_mapping` must cover.

use super::exprs::{check_subset_symbols, report_undefined, subset_exprs};
use super::paths::describe;
use super::{states, Env, Verifier};
use crate::analysis::symbols::{dynamic_inputs, entry_symbols, scope_locals};
use crate::model::{BlockKind, Cfg, Condition, LoopStatements, NodeKind, Sdfg, State};
use crate::symbolic::{Expr, Subset};
use std::collections::BTreeSet;

/// Checks the symbols used in one state whose scope tree is `parents`.
pub(super) fn check_state(v: &mut Verifier, env: &Env, s: &State, parents: &[Option<usize>]) {
    let parent = |i: usize| parents.get(i).copied().flatten();
    for (i, node) in s.nodes.iter().enumerate() {
        match &node.kind {
            NodeKind::MapEntry { map, .. } => {
                // The range sees the enclosing scopes and its own dynamic inputs.
                let mut local = scope_locals(s, parents, parent(i));
                local.extend(dynamic_inputs(node));
                let what = format!("range of {}", describe(node));
                // A dimension may use the parameters before it (DaCe's
                // expanded GPU reductions do), which then loop outside it.
                let Subset::Range(dims) = &map.range;
                for (d, dim) in dims.iter().enumerate() {
                    let mut local = local.clone();
                    local.extend(map.params.iter().take(d).cloned());
                    check_subset_symbols(v, env, &local, &Subset::Range(vec![dim.clone()]), &node.loc, &what);
                }
            }
            NodeKind::ConsumeEntry { consume, .. } => {
                let local = scope_locals(s, parents, parent(i));
                report_undefined(v, env, &local, &consume.num_pes, &node.loc, &format!("pes of {}", describe(node)));
            }
            NodeKind::NestedSdfg { symbol_mapping, .. } => {
                let local = scope_locals(s, parents, parent(i));
                for (inner, value) in symbol_mapping {
                    let what = format!("symbol mapping '{inner}' of {}", describe(node));
                    report_undefined(v, env, &local, value, &node.loc, &what);
                }
            }
            _ => {}
        }
    }
    for e in &s.edges {
        let (Some(src), Some(dst)) = (s.nodes.get(e.src), s.nodes.get(e.dst)) else { continue };
        // The scope the edge runs in: inside an entry it leaves or an exit it enters.
        let scope = match (&src.kind, &dst.kind) {
            (NodeKind::MapEntry { .. } | NodeKind::ConsumeEntry { .. }, _) => Some(e.src),
            (NodeKind::MapExit { entry } | NodeKind::ConsumeExit { entry }, _) => parent(*entry),
            (_, NodeKind::MapExit { entry } | NodeKind::ConsumeExit { entry }) => Some(*entry),
            _ => parent(e.src),
        };
        let mut local = scope_locals(s, parents, scope);
        // Memlets entering a map may be written with its dynamic range
        // symbols (DaCe's auto_optimize does so for data-dependent ranges).
        if matches!(dst.kind, NodeKind::MapEntry { .. }) {
            local.extend(dynamic_inputs(dst));
        }
        if let Some(sub) = &e.memlet.subset {
            check_subset_symbols(v, env, &local, sub, &e.loc, "memlet subset");
        }
        if let Some(sub) = &e.memlet.other_subset {
            check_subset_symbols(v, env, &local, sub, &e.loc, "memlet other_subset");
        }
    }
}

/// DaCe's `SDFG.free_symbols`: declared symbols plus every symbol used by
/// descriptors, control flow and states, minus what the SDFG defines itself
/// (containers, constants, interstate/loop assignments, scope symbols).
pub(super) fn free_symbols(sdfg: &Sdfg) -> BTreeSet<String> {
    let env = Env::new(sdfg);
    let mut used: BTreeSet<String> = sdfg.symbols.iter().map(|(n, _)| n.clone()).collect();
    for (_, d) in &sdfg.containers {
        let exprs = d.shape.iter().chain(d.strides.iter().flatten()).chain(d.offset.iter().flatten());
        used.extend(exprs.chain(d.total_size.iter()).chain(d.buffer_size.iter()).flat_map(Expr::free_symbols));
    }
    cfg_symbols(&sdfg.cfg, &mut used);
    let mut local = BTreeSet::new();
    for s in states(&sdfg.cfg) {
        for node in &s.nodes {
            local.extend(entry_symbols(node));
            match &node.kind {
                NodeKind::MapEntry { map, .. } => used.extend(subset_exprs(&map.range).flat_map(Expr::free_symbols)),
                NodeKind::ConsumeEntry { consume, .. } => used.extend(consume.num_pes.free_symbols()),
                NodeKind::NestedSdfg { symbol_mapping, .. } => {
                    used.extend(symbol_mapping.iter().flat_map(|(_, e)| e.free_symbols()))
                }
                _ => {}
            }
        }
        for e in &s.edges {
            for sub in e.memlet.subset.iter().chain(e.memlet.other_subset.iter()) {
                used.extend(subset_exprs(sub).flat_map(Expr::free_symbols));
            }
        }
    }
    used.retain(|s| {
        !env.has_container(s) && !env.has_constant(s) && !env.assigned.contains(s) && !local.contains(s)
    });
    used.retain(|s| !super::exprs::is_builtin_name(s));
    used
}

/// Symbols read by interstate edges, loops and branch conditions.
fn cfg_symbols(cfg: &Cfg, used: &mut BTreeSet<String>) {
    for e in &cfg.edges {
        e.condition.iter().for_each(|c| condition_symbols(c, used));
        for x in e.assignments.iter().filter_map(|a| a.expr()) {
            used.extend(x.free_symbols());
        }
    }
    for b in &cfg.blocks {
        match &b.kind {
            BlockKind::Region { cfg, .. } => cfg_symbols(cfg, used),
            BlockKind::Loop(l) => {
                l.condition.iter().for_each(|c| condition_symbols(c, used));
                l.init.iter().chain(l.update.iter()).for_each(|c| statement_symbols(c, used));
                cfg_symbols(&l.cfg, used);
            }
            BlockKind::Conditional(branches) => {
                for br in branches {
                    br.condition.iter().for_each(|c| condition_symbols(c, used));
                    cfg_symbols(&br.cfg, used);
                }
            }
            BlockKind::State(_) | BlockKind::Break | BlockKind::Continue | BlockKind::Return => {}
        }
    }
}

/// Symbols of a Python condition.
fn condition_symbols(c: &Condition, used: &mut BTreeSet<String>) {
    used.extend(c.python_expr().into_iter().flat_map(Expr::free_symbols));
}

/// Symbols of the right-hand sides of Python statements.
fn statement_symbols(code: &LoopStatements, used: &mut BTreeSet<String>) {
    if !code.is_python() {
        return;
    }
    let values = code.statements().iter().filter(|s| s.lhs().is_some()).filter_map(|s| s.parsed().ok());
    used.extend(values.flat_map(Expr::free_symbols));
}
