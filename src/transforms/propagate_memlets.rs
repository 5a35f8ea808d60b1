//! PropagateMemlets: recomputes the memlets outside each map from the ones
//! inside it (DaCe's `propagate_memlets_state`), innermost map first, so
//! that outer memlets say exactly what the scope reads and writes after
//! edits that left them stale or too wide.
//!
//! ```mlir
//! %e, %x = sdfg.map "m" ["i"] = 1:"N - 1" { ... %e["OUT_A"] -> %t["a"] {data = "A", subset = #sdfg.range<"i + 1">} ... }
//! sdfg.memlet %A -> %e["IN_A"] {data = "A", subset = #sdfg.range<0:N>}
//! ```
//! becomes `sdfg.memlet %A -> %e["IN_A"] {data = "A", subset = #sdfg.range<2:N>, volume = #sdfg.expr<"N - 2">}`.
//!
//! A connector is rewritten only when every memlet inside it names the same
//! plain container (array or scalar) as the outer one, without
//! `other_subset`; see `analysis::propagation` for how subsets are bounded.

use super::place::{self, state_mut, Step, Within};
use super::{Match, Options, Place, Transformation};
use crate::analysis::propagation::{propagate_memlet, union};
use crate::model::conn;
use crate::model::dataflow::Dataflow;
use crate::model::{scope::scope_parents, DataKind, Memlet, NodeKind, Sdfg, State};

pub struct PropagateMemlets;

impl Transformation for PropagateMemlets {
    fn name(&self) -> &'static str {
        "sdfg-propagate-memlets"
    }

    fn summary(&self) -> &'static str {
        "Recompute the memlets outside maps from the memlets inside them"
    }

    place::state_matched!(within: matches_within, state_local);


    fn apply(&self, sdfg: &mut Sdfg, m: &Match, _options: &Options) -> Result<(), String> {
        let mut state = place::state(sdfg, &m.place.state).ok_or("match refers to a missing state")?.clone();
        propagate_state(sdfg, &mut state);
        *state_mut(sdfg, &m.place.state).ok_or("match refers to a missing state")? = state;
        Ok(())
    }
}

/// One match per state (of those `within` covers) where a memlet changes.
fn matches_within(sdfg: &Sdfg, within: Within) -> Vec<Match> {
    let mut out = Vec::new();
    for (path, state) in within.states(sdfg) {
        let mut copy = state.clone();
        let changed = propagate_state(sdfg, &mut copy);
        if changed > 0 {
            let description = format!("{changed} memlet(s) around maps in state '{}'", place::state_label(sdfg, &path));
            out.push(Match { place: Place { state: path, node: 0 }, description });
        }
    }
    out
}

/// Rewrites the outer memlets of every map of every state, nested SDFGs
/// included, in one pass (what applying the transformation everywhere
/// does, without looking for matches first).
pub fn propagate_everywhere(sdfg: &mut Sdfg) {
    let paths: Vec<Vec<Step>> = place::states(sdfg).into_iter().map(|(p, _)| p).collect();
    for path in paths {
        let Some(state) = place::state(sdfg, &path) else { continue };
        let mut copy = state.clone();
        for node in &mut copy.nodes {
            if let NodeKind::NestedSdfg { sdfg: inner, .. } = &mut node.kind {
                propagate_everywhere(inner);
            }
        }
        propagate_state(sdfg, &mut copy);
        if let Some(state) = state_mut(sdfg, &path) {
            *state = copy;
        }
    }
}

/// Rewrites the outer memlets of every map in `state`; returns how many
/// changed.
fn propagate_state(sdfg: &Sdfg, state: &mut State) -> usize {
    let Ok(parents) = scope_parents(state) else { return 0 };
    let depth = |mut n: usize| {
        let mut d = 0;
        while let Some(p) = parents[n] {
            d += 1;
            n = p;
        }
        d
    };
    let mut entries: Vec<usize> =
        (0..state.nodes.len()).filter(|&n| matches!(state.nodes[n].kind, NodeKind::MapEntry { .. })).collect();
    entries.sort_by_key(|&n| std::cmp::Reverse(depth(n)));
    propagate_maps(sdfg, state, entries)
}

/// Rewrites the outer memlets of the maps at `entries`, in that order
/// (inner maps first); returns how many changed.
pub fn propagate_maps(sdfg: &Sdfg, state: &mut State, entries: Vec<usize>) -> usize {
    // Which edges join which connectors stays fixed below: only memlets change.
    let graph = Dataflow::new(state);
    let outers: Vec<Vec<(usize, Vec<usize>)>> = entries.iter().map(|&entry| outer_edges(&graph, entry)).collect();
    let mut changed = 0;
    for (entry, outer) in entries.into_iter().zip(outers) {
        let NodeKind::MapEntry { map, .. } = &state.nodes[entry].kind else { continue };
        let map = map.clone();
        // Dynamic range inputs define symbols only inside the scope.
        let local: Vec<String> = conn::plain_inputs(&state.nodes[entry]).map(str::to_string).collect();
        for (k, inner) in outer {
            let Some(new) = propagated(sdfg, state, (&map, &local), &state.edges[k].memlet, &inner) else { continue };
            let old = &mut state.edges[k].memlet;
            if old.subset != new.subset || old.volume != new.volume {
                old.subset = new.subset;
                old.volume = new.volume;
                old.dynamic |= new.dynamic;
                changed += 1;
            }
        }
    }
    changed
}

/// The edges into a map entry and out of its exit, in edge order, each with
/// the inner edges it continues as.
fn outer_edges(graph: &Dataflow, entry: usize) -> Vec<(usize, Vec<usize>)> {
    let state = graph.state();
    let Some(exit) = state.nodes[entry].kind.scope_exit() else { return Vec::new() };
    let mut outer = [graph.in_edges(entry), graph.out_edges(exit)].concat();
    outer.sort_unstable();
    outer.dedup();
    outer
        .into_iter()
        .filter_map(|k| {
            let e = &state.edges[k];
            let inner = if e.dst == entry {
                conn::in_base(e.dst_conn.as_deref()?)?;
                graph.through_dst(k)
            } else {
                conn::out_base(e.src_conn.as_deref()?)?;
                graph.through_src(k)
            };
            Some((k, inner.to_vec()))
        })
        .collect()
}

/// The outer memlet the inner edges add up to, if they all qualify.
fn propagated(
    sdfg: &Sdfg,
    state: &State,
    (map, local): (&crate::model::MapScope, &[String]),
    outer: &Memlet,
    inner: &[usize],
) -> Option<Memlet> {
    let data = outer.data.as_deref()?;
    let desc = sdfg.container(data).filter(|d| matches!(d.kind, DataKind::Array | DataKind::Scalar))?;
    if inner.is_empty() || outer.other_subset.is_some() {
        return None;
    }
    let mut total: Option<Memlet> = None;
    for &k in inner {
        let m = &state.edges[k].memlet;
        if m.data.as_deref() != Some(data) || m.other_subset.is_some() || m.subset.is_none() {
            return None;
        }
        let p = propagate_memlet(m, map, local, &desc.shape)?;
        total = Some(match total {
            None => p,
            Some(mut t) => {
                t.subset = Some(union(t.subset.as_ref()?, p.subset.as_ref()?)?);
                t.volume = Some(t.volume?.add(&p.volume?).simplify());
                t.dynamic |= p.dynamic;
                t
            }
        });
    }
    total
}
