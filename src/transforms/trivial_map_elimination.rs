//! TrivialMapElimination: map dimensions with a single iteration are
//! removed and their parameter replaced by its value (DaCe's
//! TrivialMapElimination).
//!
//! ```mlir
//! %e, %x = sdfg.map "m" ["i", "j"] = 0:N, 3 { ... B[i, j] ... }
//! ```
//! becomes
//! ```mlir
//! %e, %x = sdfg.map "m" ["i"] = 0:N { ... B[i, 3] ... }
//! ```
//! When every dimension is trivial the map goes away: data entering it
//! goes straight to the nodes inside, with the inner memlets. The value is
//! substituted in memlets, inner map ranges, nested-SDFG symbol mappings
//! and Python tasklet code. Preconditions: no dynamic range inputs; no
//! other-language tasklet or library node inside names a removed parameter.

use super::map_collapse::remove_nodes;
use super::map_expansion::has_dynamic_inputs;
use super::{place, Match, Options, Transformation};
use super::scope_subst::{inside, substitute_in_scope};
use crate::model::conn;
use crate::model::dataflow::Dataflow;
use crate::model::{scope, NodeKind, Sdfg, State};
use crate::symbolic::{Dim, Subset};
use std::collections::HashMap;

pub struct TrivialMapElimination;

impl Transformation for TrivialMapElimination {
    fn local_edits(&self) -> bool {
        true
    }
    fn name(&self) -> &'static str {
        "sdfg-trivial-map-elimination"
    }

    fn summary(&self) -> &'static str {
        "Remove map dimensions that run once (the whole map if all do)"
    }

    fn matches(&self, sdfg: &Sdfg) -> Vec<Match> {
        place::map_matches(sdfg, |site| {
            let map = site.map;
            let trivial: Vec<&String> =
                map.params.iter().zip(map.range.dims()).filter(|(_, d)| is_trivial(d)).map(|(p, _)| p).collect();
            if trivial.is_empty() || has_dynamic_inputs(site.entry) || map.has_dependent_ranges() {
                return None;
            }
            if !substitutable(site.state, site.parents, site.node, &trivial) {
                return None;
            }
            let names: Vec<&str> = trivial.iter().map(|p| p.as_str()).collect();
            Some(site.describe(sdfg, &names.join(", ")))
        })
    }

    fn apply(&self, sdfg: &mut Sdfg, m: &Match, _options: &Options) -> Result<(), String> {
        let state = place::state_mut(sdfg, &m.place.state).ok_or("match refers to a missing state")?;
        eliminate(state, m.place.node)
    }
}

fn is_trivial(d: &Dim) -> bool {
    d.start == d.end || d.num_elements().as_int() == Some(1)
}

/// Whether every use of the parameters inside can be rewritten.
fn substitutable(state: &State, parents: &[Option<usize>], entry: usize, params: &[&String]) -> bool {
    inside(parents, entry).into_iter().all(|n| match &state.nodes[n].kind {
        NodeKind::Tasklet { code } if code.language != "Python" => params.iter().all(|p| !code.code.contains(p.as_str())),
        NodeKind::Tasklet { code } => crate::tasklet::parse(&code.code).is_ok(),
        NodeKind::Library(lib) => {
            let text = lib.properties_text();
            params.iter().all(|p| !text.contains(p.as_str()))
        }
        NodeKind::ConsumeEntry { .. } => false,
        _ => true,
    })
}

fn eliminate(state: &mut State, entry: usize) -> Result<(), String> {
    let parents = scope::scope_parents(state)?;
    let NodeKind::MapEntry { map, exit } = &state.nodes[entry].kind else { return Err("match is not a map entry".into()) };
    let (map, exit) = (map.clone(), *exit);
    let mut values = HashMap::new();
    let mut kept = (Vec::new(), Vec::new());
    for (p, d) in map.params.iter().zip(map.range.dims()) {
        if is_trivial(d) {
            values.insert(p.clone(), d.start.clone());
        } else {
            kept.0.push(p.clone());
            kept.1.push(d.clone());
        }
    }
    let body = inside(&parents, entry);
    substitute_in_scope(state, entry, exit, &body, &values)?;
    if !kept.0.is_empty() {
        if let NodeKind::MapEntry { map, .. } = &mut state.nodes[entry].kind {
            map.params = kept.0;
            map.range = Subset::Range(kept.1);
        }
        return Ok(());
    }
    remove_map(state, entry, exit);
    Ok(())
}

/// Connects what enters and leaves the map directly to the nodes inside
/// (keeping the inner memlets), then removes entry and exit.
fn remove_map(state: &mut State, entry: usize, exit: usize) {
    // An inner edge without an `OUT_x`/`IN_x` connector joins the outer
    // edges without a connector (the empty memlets that order the scope).
    let graph = Dataflow::new(state);
    let mut added = Vec::new();
    for &k in graph.out_edges(entry) {
        let inner = &state.edges[k];
        let outer_conn = inner.src_conn.as_deref().and_then(conn::out_base).map(conn::in_conn);
        for &o in graph.in_edges_at(entry, outer_conn.as_deref()) {
            let mut e = inner.clone();
            (e.src, e.src_conn) = (state.edges[o].src, state.edges[o].src_conn.clone());
            added.push(e);
        }
    }
    for &k in graph.in_edges(exit) {
        let inner = &state.edges[k];
        let outer_conn = inner.dst_conn.as_deref().and_then(conn::in_base).map(conn::out_conn);
        for &o in graph.out_edges_at(exit, outer_conn.as_deref()) {
            let mut e = inner.clone();
            (e.dst, e.dst_conn) = (state.edges[o].dst, state.edges[o].dst_conn.clone());
            added.push(e);
        }
    }
    state.edges.retain(|e| ![e.src, e.dst].iter().any(|n| *n == entry || *n == exit));
    state.edges.extend(added);
    remove_nodes(state, &[entry, exit]);
}
