//! Merging a map scope into another over the same range (horizontal map
//! fusion): the second map's parameters are renamed to the first's, its
//! connectors and edges move to the first map's entry and exit, and inputs
//! from the same node share one connector where their subsets allow.

use super::consolidate_edges::bounding_box;
use super::map_collapse::remove_nodes;
use super::map_fusion::fresh_suffix;
use super::scope_subst::{inside, substitute_in_scope};
use super::uses::access_data;
use crate::model::conn;
use crate::model::{scope, Connector, Memlet, State};
use crate::symbolic::Expr;
use std::collections::{BTreeSet, HashMap, HashSet};

/// Two fusible maps: the second (`e2`, `x2`) goes into the first.
pub(super) struct Pair {
    pub e1: usize,
    pub x1: usize,
    pub e2: usize,
    pub x2: usize,
    /// The second map's parameters renamed to the first's.
    pub rename: HashMap<String, Expr>,
}

/// Fuses the second map of `p` into the first. `readonly`: data that any
/// of its access nodes in the state reads the same.
pub(super) fn fuse(state: &mut State, p: &Pair, readonly: &BTreeSet<String>) -> Result<(), String> {
    let parents = scope::scope_parents(state)?;
    if !p.rename.is_empty() {
        let body = inside(&parents, p.e2);
        // The outer memlets lie outside the second map, where its
        // parameters mean nothing: keep them as they are.
        let outer: Vec<(usize, Memlet)> = (0..state.edges.len())
            .filter(|&i| state.edges[i].dst == p.e2 || state.edges[i].src == p.x2)
            .map(|i| (i, state.edges[i].memlet.clone()))
            .collect();
        substitute_in_scope(state, p.e2, p.x2, &body, &p.rename)?;
        for (i, m) in outer {
            state.edges[i].memlet = m;
        }
    }
    let mut dropped: HashSet<usize> = HashSet::new();
    let mut maybe_unused: Vec<usize> = Vec::new();
    let mut entry_names: HashMap<String, String> = HashMap::new();
    let into_second: Vec<usize> = (0..state.edges.len()).filter(|&k| state.edges[k].dst == p.e2).collect();
    for k in into_second {
        let Some(c) = state.edges[k].dst_conn.as_deref().and_then(conn::in_base).map(str::to_string) else {
            state.edges[k].dst = p.e1;
            continue;
        };
        if let Some(a2) = share_source(state, k, p.e1, readonly) {
            maybe_unused.push(a2);
        }
        if let Some(shared) = consolidate(state, k, p.e1) {
            entry_names.insert(c, shared);
            dropped.insert(k);
        } else {
            let new = connector_for(state, p.e2, p.e1, &c, &mut entry_names);
            (state.edges[k].dst, state.edges[k].dst_conn) = (p.e1, Some(conn::in_conn(&new)));
        }
    }
    let mut exit_names: HashMap<String, String> = HashMap::new();
    for k in 0..state.edges.len() {
        let (src, dst) = (state.edges[k].src, state.edges[k].dst);
        if src == p.e2 || src == p.x2 {
            let (from, to, names) = if src == p.e2 { (p.e2, p.e1, &mut entry_names) } else { (p.x2, p.x1, &mut exit_names) };
            let old = state.edges[k].src_conn.clone();
            let new = match old.as_deref().and_then(conn::out_base) {
                Some(c) => Some(conn::out_conn(&connector_for(state, from, to, c, names))),
                None => old,
            };
            (state.edges[k].src, state.edges[k].src_conn) = (to, new);
        }
        if dst == p.x2 {
            let old = state.edges[k].dst_conn.clone();
            let new = match old.as_deref().and_then(conn::in_base) {
                Some(c) => Some(conn::in_conn(&connector_for(state, p.x2, p.x1, c, &mut exit_names))),
                None => old,
            };
            (state.edges[k].dst, state.edges[k].dst_conn) = (p.x1, new);
        }
    }
    drop_repeated_ordering_edges(state, &mut dropped);
    let mut k = 0;
    state.edges.retain(|_| {
        k += 1;
        !dropped.contains(&(k - 1))
    });
    let mut gone = vec![p.e2, p.x2];
    gone.extend(maybe_unused.into_iter().filter(|&a| !state.edges.iter().any(|e| e.src == a || e.dst == a)));
    remove_nodes(state, &gone);
    Ok(())
}

/// The suffix standing for `from`'s connector pair `c` on `to`: added on
/// first use (renamed where `to` has it already), with `from`'s types.
fn connector_for(state: &mut State, from: usize, to: usize, c: &str, names: &mut HashMap<String, String>) -> String {
    if let Some(new) = names.get(c) {
        return new.clone();
    }
    let new = fresh_suffix(&state.nodes[to], c);
    let find = |list: &[Connector], name: String| list.iter().find(|(n, _)| *n == name).and_then(|(_, t)| t.clone());
    let in_t = find(&state.nodes[from].in_connectors, conn::in_conn(c));
    let out_t = find(&state.nodes[from].out_connectors, conn::out_conn(c));
    state.nodes[to].in_connectors.push((conn::in_conn(&new), in_t));
    state.nodes[to].out_connectors.push((conn::out_conn(&new), out_t));
    names.insert(c.to_string(), new.clone());
    new
}

/// Points outer edge `k` (into the second entry) at an access node that
/// already feeds the first entry with the same read-only data; returns the
/// node it came from.
fn share_source(state: &mut State, k: usize, e1: usize, readonly: &BTreeSet<String>) -> Option<usize> {
    let a2 = state.edges[k].src;
    let data = access_data(state, a2).filter(|d| readonly.contains(*d))?;
    if state.edges[k].memlet.data.as_deref() != Some(data) {
        return None;
    }
    let a1 = state.edges.iter().find(|e| e.dst == e1 && e.src != a2 && access_data(state, e.src) == Some(data))?.src;
    state.edges[k].src = a1;
    Some(a2)
}

/// Merges outer edge `k` into an edge from the same node and connector
/// into `e1` with the same data, widening that one's subset to the
/// bounding box of both; returns its connector suffix.
fn consolidate(state: &mut State, k: usize, e1: usize) -> Option<String> {
    let edge = &state.edges[k];
    let m = &edge.memlet;
    let plain = |m: &Memlet| m.data.is_some() && m.other_subset.is_none() && m.wcr.is_none() && m.subset.is_some();
    if !plain(m) || access_data(state, edge.src).is_some_and(|d| m.data.as_deref() != Some(d)) {
        return None;
    }
    let conns_into_e1 = |conn: &Option<String>| state.edges.iter().filter(|e| e.dst == e1 && e.dst_conn == *conn).count();
    let (j, union) = state.edges.iter().enumerate().find_map(|(j, e)| {
        let fits = e.dst == e1 && e.src == edge.src && e.src_conn == edge.src_conn && e.memlet.data == m.data && plain(&e.memlet);
        let alone = fits && e.dst_conn.as_deref().and_then(conn::in_base).is_some() && conns_into_e1(&e.dst_conn) == 1;
        let union = bounding_box(&[e.memlet.subset.as_ref()?, m.subset.as_ref()?]).filter(|_| alone)?;
        Some((j, union))
    })?;
    let dynamic = m.dynamic;
    let kept = &mut state.edges[j];
    kept.memlet.dynamic |= dynamic;
    kept.memlet.volume = Some(union.num_elements());
    kept.memlet.subset = Some(union);
    conn::in_base(kept.dst_conn.as_deref()?).map(str::to_string)
}

/// Marks ordering edges (empty memlets) that repeat another between the
/// same connectors.
fn drop_repeated_ordering_edges(state: &State, dropped: &mut HashSet<usize>) {
    let mut seen = HashSet::new();
    for (k, e) in state.edges.iter().enumerate() {
        if e.memlet.data.is_none() && !dropped.contains(&k) && !seen.insert((e.src, e.src_conn.clone(), e.dst, e.dst_conn.clone())) {
            dropped.insert(k);
        }
    }
}
