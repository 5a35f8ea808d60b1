//! The canonical form of an SDFG that GT4Py's optimisation pipeline assumes
//! ("Canonical Form of an SDFG in GT4Py", ADR 0018), checked rule by rule.
//! Rules 1–2 are about how pipelines are run and rules 11–12 about GT4Py's
//! map-variable names, so they are not checked here.
//!
//! - 3: global data read and written in one state only element-wise
//!   (every subset written is also the subset read);
//! - 4: interstate edges read scalars and symbols, not arrays;
//! - 5: no cycles in a state machine (loops are LoopRegions);
//! - 6: a transient written in one state is not written again in a state
//!   that follows it;
//! - 7 (a recommendation, reported as a warning): a written access node has
//!   one incoming edge;
//! - 8: one access node per container per state;
//! - 9: an access node reading data its state does not write is a source;
//! - 10: access nodes inside maps are of scope-lifetime data in default or
//!   register storage.

use super::reach::block_reach;
use crate::diag::Diagnostic;
use crate::model::cfg_graph::CfgGraph;
use crate::model::scope::{adjacency, scope_parents};
use crate::model::{BlockKind, Cfg, DataKind, Lifetime, Loc, NodeKind, Sdfg, State, Storage};
use crate::symbolic::Expr;
use std::collections::{BTreeMap, BTreeSet};

/// One violated rule.
#[derive(Clone, Debug, PartialEq)]
pub struct Violation {
    pub rule: u32,
    /// Rule 7 is only a recommendation.
    pub warning: bool,
    pub loc: Loc,
    pub message: String,
}

impl Violation {
    pub fn to_diagnostic(&self) -> Diagnostic {
        let kind = if self.warning { "recommendation" } else { "rule" };
        Diagnostic::new(&self.loc, format!("canonical form {kind} {}: {}", self.rule, self.message))
    }
}

/// Every violation, in the order of the SDFG (control flow, then states).
pub fn check(sdfg: &Sdfg) -> Vec<Violation> {
    let mut out = Vec::new();
    let reach = block_reach(&sdfg.cfg);
    check_cfg(sdfg, &sdfg.cfg, &mut out);
    let mut transient_writes: BTreeMap<String, Vec<(usize, Loc, String)>> = BTreeMap::new();
    for (k, (state, label)) in reach.states.iter().enumerate() {
        check_state(sdfg, state, label, &mut out);
        for (data, loc) in written_transients(sdfg, state) {
            transient_writes.entry(data).or_default().push((k, loc, label.clone()));
        }
    }
    for (data, writes) in &transient_writes {
        for (k, loc, label) in writes {
            if let Some((_, _, first)) = writes.iter().find(|(j, _, _)| j != k && reach.follows(*j, *k)) {
                let message = format!("transient '{data}' is written again in state '{label}', after state '{first}'");
                out.push(Violation { rule: 6, warning: false, loc: loc.clone(), message });
            }
        }
    }
    out
}

fn check_cfg(sdfg: &Sdfg, cfg: &Cfg, out: &mut Vec<Violation>) {
    if let Some(b) = cycle_block(cfg) {
        let message = format!("the state machine has a cycle through '{}'; use a loop region", cfg.blocks[b].label);
        out.push(Violation { rule: 5, warning: false, loc: cfg.blocks[b].loc.clone(), message });
    }
    for e in &cfg.edges {
        let conditions = e.condition.iter().map(|c| (c.code.as_str(), c.parsed().ok()));
        for (text, parsed) in conditions.chain(e.assignments.iter().map(|a| (a.value(), a.expr()))) {
            for array in arrays_read(sdfg, parsed) {
                let message = format!("interstate edge reads array '{array}' in '{text}'");
                out.push(Violation { rule: 4, warning: false, loc: e.loc.clone(), message });
            }
        }
    }
    for b in &cfg.blocks {
        match &b.kind {
            BlockKind::Region { cfg, .. } => check_cfg(sdfg, cfg, out),
            BlockKind::Loop(l) => check_cfg(sdfg, &l.cfg, out),
            BlockKind::Conditional(brs) => brs.iter().for_each(|br| check_cfg(sdfg, &br.cfg, out)),
            _ => {}
        }
    }
}

/// A block on a cycle of interstate edges, if any.
fn cycle_block(cfg: &Cfg) -> Option<usize> {
    // Depth-first search with colours: 1 = on the stack, 2 = done.
    let n = cfg.blocks.len();
    let g = CfgGraph::new(cfg);
    let mut colour = vec![0u8; n];
    for root in 0..n {
        if colour[root] != 0 {
            continue;
        }
        let mut stack = vec![(root, 0usize)];
        colour[root] = 1;
        while let Some((b, next)) = stack.pop() {
            if let Some(s) = g.successors(b).nth(next) {
                stack.push((b, next + 1));
                match colour.get(s) {
                    Some(1) => return Some(s),
                    Some(0) => {
                        colour[s] = 1;
                        stack.push((s, 0));
                    }
                    _ => {}
                }
            } else {
                colour[b] = 2;
            }
        }
    }
    None
}

/// Containers of kind Array (not scalars) that `text` reads.
fn arrays_read(sdfg: &Sdfg, parsed: Option<&Expr>) -> Vec<String> {
    let reads = parsed.map(|e| super::rwsets::expr_reads(sdfg, e)).unwrap_or_default();
    let names: BTreeSet<String> = reads.into_iter().map(|(d, _)| d).collect();
    names.into_iter().filter(|n| sdfg.container(n).is_some_and(|d| d.kind == DataKind::Array)).collect()
}

fn check_state(sdfg: &Sdfg, state: &State, label: &str, out: &mut Vec<Violation>) {
    let (ins, outs) = adjacency(state);
    let parents = scope_parents(state).unwrap_or_else(|_| vec![None; state.nodes.len()]);
    let mut seen: BTreeMap<&str, usize> = BTreeMap::new();
    let written: BTreeSet<&str> = access_nodes(state)
        .filter(|&(n, _)| ins[n].iter().any(|&e| !is_entry(state, state.edges[e].src)))
        .map(|(_, d)| d)
        .collect();
    for (n, data) in access_nodes(state) {
        let node = &state.nodes[n];
        if let Some(first) = seen.insert(data, n) {
            let message = format!("state '{label}' has a second access node of '{data}' (the first is node {first})");
            seen.insert(data, first);
            out.push(Violation { rule: 8, warning: false, loc: node.loc.clone(), message });
        }
        if ins[n].len() > 1 {
            let message = format!("access node of '{data}' has {} incoming edges", ins[n].len());
            out.push(Violation { rule: 7, warning: true, loc: node.loc.clone(), message });
        }
        if !outs[n].is_empty() && !ins[n].is_empty() && !written.contains(data) {
            let message = format!("access node reading '{data}', which state '{label}' does not write, is not a source node");
            out.push(Violation { rule: 9, warning: false, loc: node.loc.clone(), message });
        }
        if parents[n].is_some() {
            let desc = sdfg.container(data);
            let lifetime_ok = desc.is_some_and(|d| d.lifetime == Lifetime::Scope);
            let storage_ok = desc.is_some_and(|d| matches!(d.storage, Storage::Default | Storage::Register));
            if !lifetime_ok || !storage_ok {
                let message = format!("access node of '{data}' inside a map must be scope-lifetime data in default or register storage");
                out.push(Violation { rule: 10, warning: false, loc: node.loc.clone(), message });
            }
        }
    }
    check_global_in_out(sdfg, state, label, out);
}

/// Rule 3: global data both read and written in the state.
fn check_global_in_out(sdfg: &Sdfg, state: &State, label: &str, out: &mut Vec<Violation>) {
    let mut reads: BTreeMap<&str, Vec<String>> = BTreeMap::new();
    let mut writes: BTreeMap<&str, (Vec<String>, Loc)> = BTreeMap::new();
    for e in &state.edges {
        let Some(data) = e.memlet.data.as_deref() else { continue };
        if sdfg.container(data).is_none_or(|d| d.transient) {
            continue;
        }
        let subset = e.memlet.subset.as_ref().map(|s| s.to_string()).unwrap_or_default();
        // The innermost memlets say which element each computation touches.
        if is_compute(state, e.dst) {
            reads.entry(data).or_default().push(subset);
        } else if is_compute(state, e.src) {
            let w = writes.entry(data).or_insert_with(|| (Vec::new(), state.nodes[e.src].loc.clone()));
            w.0.push(subset);
        }
    }
    for (data, (written, loc)) in writes {
        let Some(read) = reads.get(data) else { continue };
        if read.iter().any(|r| !written.contains(r)) {
            let message = format!("global '{data}' is read and written in state '{label}' at different elements");
            out.push(Violation { rule: 3, warning: false, loc, message });
        }
    }
}

fn is_compute(state: &State, n: usize) -> bool {
    matches!(state.nodes.get(n).map(|n| &n.kind), Some(NodeKind::Tasklet { .. } | NodeKind::Library(_) | NodeKind::NestedSdfg { .. }))
}

fn is_entry(state: &State, n: usize) -> bool {
    matches!(state.nodes.get(n).map(|n| &n.kind), Some(NodeKind::MapEntry { .. } | NodeKind::ConsumeEntry { .. }))
}

fn access_nodes(state: &State) -> impl Iterator<Item = (usize, &str)> {
    state.nodes.iter().enumerate().filter_map(|(i, n)| match &n.kind {
        NodeKind::Access { data, .. } => Some((i, data.as_str())),
        _ => None,
    })
}

/// Transients a state writes (through a top-level access node), with where.
fn written_transients(sdfg: &Sdfg, state: &State) -> Vec<(String, Loc)> {
    let (ins, _) = adjacency(state);
    let mut out: Vec<(String, Loc)> = Vec::new();
    for (n, data) in access_nodes(state) {
        let transient = sdfg.container(data).is_some_and(|d| d.transient && d.kind != DataKind::View);
        if transient && !ins[n].is_empty() && !out.iter().any(|(d, _)| d == data) {
            out.push((data.to_string(), state.nodes[n].loc.clone()));
        }
    }
    out
}
