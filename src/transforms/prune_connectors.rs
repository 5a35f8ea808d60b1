//! PruneConnectors: connectors of a nested SDFG that its body never uses
//! are removed, with the memlet paths that fed them outside (DaCe's
//! PruneConnectors).
//!
//! ```mlir
//! %n = sdfg.nested_sdfg "body" {ins = {a, b}, outs = {c}} { ... reads a, writes c ... }
//! sdfg.memlet %A -> %n["a"] {data = "A", subset = #sdfg.range<0:N>}
//! sdfg.memlet %B -> %n["b"] {data = "B", subset = #sdfg.range<0:N>}
//! sdfg.memlet %n["c"] -> %C {data = "C", subset = #sdfg.range<0:N>}
//! ```
//! becomes (`b` never read inside)
//! ```mlir
//! %n = sdfg.nested_sdfg "body" {ins = {a}, outs = {c}} { ... }
//! sdfg.memlet %A -> %n["a"] {data = "A", subset = #sdfg.range<0:N>}
//! sdfg.memlet %n["c"] -> %C {data = "C", subset = #sdfg.range<0:N>}
//! ```
//! An input is unused when the body never reads its data (through memlets
//! of any state, nested SDFGs, views or indirect subsets) and never names
//! it in code (interstate edges, conditions, ranges, symbol mappings,
//! library properties, C++ tasklets); one the body writes stays unless an
//! output of the same name passes it. An output is unused when the body
//! never writes it and never names it in code. An input whose output of
//! the same name has write-conflict resolution stays (the update reads
//! the old value). Outside, each removed edge goes, and then every map
//! connector pair and access node left without edges on that path. The
//! body's declaration goes once neither connector uses it. A node in a
//! map keeps an empty memlet from the entry (to the exit) when its last
//! edge there goes. Not applied
//! when every connector would go (that is dead dataflow).

use super::map_collapse::remove_nodes;
use super::uses::{mentioned_in_code, referenced};
use super::{place, Match, Options, Place, StatePath, Transformation};
use crate::analysis::rwsets::sdfg_sets;
use crate::model::conn::{self, Side};
use crate::model::{DataEdge, Memlet, NodeKind, Sdfg, State};

pub struct PruneConnectors;

impl Transformation for PruneConnectors {
    fn name(&self) -> &'static str {
        "sdfg-prune-connectors"
    }

    fn summary(&self) -> &'static str {
        "Remove nested-SDFG connectors the body never uses, with their outer memlet paths"
    }

    place::state_matched!(each: matches_in, state_local);


    fn apply(&self, sdfg: &mut Sdfg, m: &Match, _options: &Options) -> Result<(), String> {
        let state = place::state(sdfg, &m.place.state).ok_or("match refers to a missing state")?;
        let prune = unused(state, m.place.node).ok_or("match no longer applies")?;
        let state = place::state_mut(sdfg, &m.place.state).ok_or("match refers to a missing state")?;
        prune_node(state, m.place.node, &prune);
        Ok(())
    }
}

fn matches_in(sdfg: &Sdfg, path: &StatePath, state: &State) -> Vec<Match> {
    (0..state.nodes.len())
        .filter_map(|n| {
            let p = unused(state, n)?;
            let mut names: Vec<String> = p.ins.iter().map(|c| format!("in {c}")).collect();
            names.extend(p.outs.iter().map(|c| format!("out {c}")));
            let description = format!("nested SDFG '{}' [{}] in state '{}'", state.nodes[n].label, names.join(", "), place::state_label(sdfg, path));
            Some(Match { place: Place { state: path.clone(), node: n }, description })
        })
        .collect()
}

/// The connectors to remove.
struct Prune {
    ins: Vec<String>,
    outs: Vec<String>,
}

fn unused(state: &State, n: usize) -> Option<Prune> {
    let node = &state.nodes[n];
    let NodeKind::NestedSdfg { sdfg: body, .. } = &node.kind else { return None };
    let sets = sdfg_sets(body);
    let wcr_out = |c: &str| state.edges.iter().any(|e| e.src == n && e.src_conn.as_deref() == Some(c) && e.memlet.wcr.is_some());
    let ins: Vec<String> = node
        .in_connectors
        .iter()
        .map(|(c, _)| c)
        .filter(|c| !sets.reads_data(c) && !mentioned_in_code(body, c) && !wcr_out(c))
        .filter(|c| !sets.writes_data(c) || node.has_out_connector(c))
        .cloned()
        .collect();
    let outs: Vec<String> =
        node.out_connectors.iter().map(|(c, _)| c).filter(|c| !sets.writes_data(c) && !mentioned_in_code(body, c)).cloned().collect();
    let all = ins.len() + outs.len() == node.in_connectors.len() + node.out_connectors.len();
    (!all && !(ins.is_empty() && outs.is_empty())).then_some(Prune { ins, outs })
}

fn prune_node(state: &mut State, n: usize, prune: &Prune) {
    let mut gone_edges = vec![false; state.edges.len()];
    for (k, e) in state.edges.iter().enumerate() {
        let at_in = e.dst == n && e.dst_conn.as_ref().is_some_and(|c| prune.ins.contains(c));
        let at_out = e.src == n && e.src_conn.as_ref().is_some_and(|c| prune.outs.contains(c));
        if at_in || at_out {
            gone_edges[k] = true;
        }
    }
    // A node inside a scope stays tied to it: by an empty memlet once its
    // last edge from the entry (or to the exit) goes.
    let scope_in = state.edges.iter().find(|e| e.dst == n && matches!(state.nodes[e.src].kind, NodeKind::MapEntry { .. } | NodeKind::ConsumeEntry { .. })).map(|e| e.src);
    let scope_out = state.edges.iter().find(|e| e.src == n && matches!(state.nodes[e.dst].kind, NodeKind::MapExit { .. } | NodeKind::ConsumeExit { .. })).map(|e| e.dst);
    let loc = state.nodes[n].loc.clone();
    let mut orphans = Vec::new();
    remove_memlet_paths(state, &mut gone_edges, &mut orphans);
    let empty = |src, dst| DataEdge { src, src_conn: None, dst, dst_conn: None, memlet: Memlet::default(), loc: loc.clone() };
    if let Some(entry) = scope_in.filter(|_| !state.edges.iter().any(|e| e.dst == n)) {
        state.edges.push(empty(entry, n));
    }
    if let Some(exit) = scope_out.filter(|_| !state.edges.iter().any(|e| e.src == n)) {
        state.edges.push(empty(n, exit));
    }
    let node = &mut state.nodes[n];
    node.in_connectors.retain(|(c, _)| !prune.ins.contains(c));
    node.out_connectors.retain(|(c, _)| !prune.outs.contains(c));
    let still: Vec<String> = node.in_connectors.iter().chain(&node.out_connectors).map(|(c, _)| c.clone()).collect();
    if let NodeKind::NestedSdfg { sdfg: body, .. } = &mut node.kind {
        for c in prune.ins.iter().chain(&prune.outs) {
            if !still.contains(c) && !referenced(body, c) {
                body.containers.retain(|(name, _)| name != c);
                body.arg_names.retain(|a| a != c);
            }
        }
    }
    remove_nodes(state, &orphans);
}

/// Removes the marked edges, then, outward, each scope connector pair
/// whose inner side lost its last edge (with the edges at its outer side)
/// and each access node left without edges; those nodes are added to
/// `orphans` for the caller to remove.
pub(super) fn remove_memlet_paths(state: &mut State, gone: &mut [bool], orphans: &mut Vec<usize>) {
    loop {
        let mut changed = false;
        for k in 0..state.edges.len() {
            if !gone[k] {
                continue;
            }
            // The node on the far side of a removed edge, seen from the pruned node.
            for (node, conn, side) in [(state.edges[k].src, state.edges[k].src_conn.clone(), Side::Out), (state.edges[k].dst, state.edges[k].dst_conn.clone(), Side::In)] {
                let Some(c) = conn else { continue };
                let Some(base) = conn::base(side, &c).map(str::to_string) else { continue };
                let is_scope = matches!(state.nodes[node].kind, NodeKind::MapEntry { .. } | NodeKind::MapExit { .. });
                let used = state.edges.iter().enumerate().any(|(j, e)| !gone[j] && ((e.src == node && e.src_conn.as_ref() == Some(&c)) || (e.dst == node && e.dst_conn.as_ref() == Some(&c))));
                if !is_scope || used {
                    continue;
                }
                let partner = conn::named(side.other(), &base);
                let n = &mut state.nodes[node];
                n.in_connectors.retain(|(x, _)| *x != c && *x != partner);
                n.out_connectors.retain(|(x, _)| *x != c && *x != partner);
                for (j, e) in state.edges.iter().enumerate() {
                    let outer = (e.dst == node && e.dst_conn.as_ref() == Some(&partner)) || (e.src == node && e.src_conn.as_ref() == Some(&partner));
                    if outer && !gone[j] {
                        gone[j] = true;
                        changed = true;
                    }
                }
            }
        }
        if !changed {
            break;
        }
    }
    let ends: Vec<usize> = state.edges.iter().enumerate().filter(|(k, _)| gone[*k]).flat_map(|(_, e)| [e.src, e.dst]).collect();
    let mut k = 0;
    state.edges.retain(|_| {
        k += 1;
        !gone[k - 1]
    });
    for n in ends {
        let isolated = !state.edges.iter().any(|e| e.src == n || e.dst == n);
        if isolated && matches!(state.nodes[n].kind, NodeKind::Access { .. }) && !orphans.contains(&n) {
            orphans.push(n);
        }
    }
}
