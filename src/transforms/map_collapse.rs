//! MapCollapse: a map whose body is exactly one map becomes one map over
//! both parameter sets.
//!
//! ```mlir
//! %e, %x = sdfg.map "m" ["i"] = 0:N {
//!   %e2, %x2 = sdfg.map "n" ["j"] = 0:M { body }
//! }
//! ```
//! becomes
//! ```mlir
//! %e, %x = sdfg.map "m" ["i", "j"] = 0:N, 0:M { body }
//! ```
//! Preconditions: everything leaving the outer entry enters the inner one
//! and everything entering the outer exit leaves the inner one; the inner
//! range does not depend on the outer parameters; neither map has dynamic
//! range inputs. The outer map's schedule is kept.

use super::map_expansion::has_dynamic_inputs;
use super::{place, Match, Options, Transformation};
use crate::model::conn;
use crate::model::{NodeKind, Sdfg, State};
use crate::symbolic::Subset;
use std::collections::HashMap;

pub struct MapCollapse;

impl Transformation for MapCollapse {
    fn local_edits(&self) -> bool {
        true
    }
    fn name(&self) -> &'static str {
        "sdfg-map-collapse"
    }

    fn summary(&self) -> &'static str {
        "Merge a map with the one map nested directly inside it"
    }

    fn matches(&self, sdfg: &Sdfg) -> Vec<Match> {
        nested_map_matches(sdfg, "with nested")
    }

    fn apply(&self, sdfg: &mut Sdfg, m: &Match, _options: &Options) -> Result<(), String> {
        let state = place::state_mut(sdfg, &m.place.state).ok_or("match refers to a missing state")?;
        let inner = collapsible(state, m.place.node).ok_or("the maps can no longer be collapsed")?;
        collapse(state, m.place.node, inner);
        Ok(())
    }
}

/// Every map whose body is exactly one map, described as "map 'a'
/// <relation> map 'b' in state 's'".
pub fn nested_map_matches(sdfg: &Sdfg, relation: &str) -> Vec<Match> {
    place::node_matches(sdfg, |site, i| {
        let (path, state) = (site.path, site.state);
        let inner = collapsible(state, i)?;
        let (outer, inner) = (&state.nodes[i].label, &state.nodes[inner].label);
        Some(format!("map '{outer}' {relation} map '{inner}' in state '{}'", place::state_label(sdfg, path)))
    })
}

/// The inner map entry when `e` is an entry whose body is exactly that map.
pub fn collapsible(state: &State, e: usize) -> Option<usize> {
    let NodeKind::MapEntry { map: outer, exit: x } = &state.nodes.get(e)?.kind else { return None };
    if has_dynamic_inputs(&state.nodes[e]) {
        return None;
    }
    let outs: Vec<_> = state.edges.iter().filter(|d| d.src == e).collect();
    let inner = outs.first()?.dst;
    let NodeKind::MapEntry { map: inner_map, exit: x2 } = &state.nodes[inner].kind else { return None };
    if outs.iter().any(|d| d.dst != inner) || has_dynamic_inputs(&state.nodes[inner]) {
        return None;
    }
    if state.edges.iter().filter(|d| d.dst == *x).any(|d| d.src != *x2) {
        return None;
    }
    let inner_symbols = inner_map.range.free_symbols();
    if outer.params.iter().any(|p| inner_symbols.contains(p)) {
        return None;
    }
    Some(inner)
}

/// Merges the inner map `e2` into the outer map `e` (see [`collapsible`]).
pub fn collapse(state: &mut State, e: usize, e2: usize) {
    let (x, x2) = match (&state.nodes[e].kind, &state.nodes[e2].kind) {
        (NodeKind::MapEntry { exit: x, .. }, NodeKind::MapEntry { exit: x2, .. }) => (*x, *x2),
        _ => return,
    };
    let inner = match &state.nodes[e2].kind {
        NodeKind::MapEntry { map, .. } => map.clone(),
        _ => return,
    };
    if let NodeKind::MapEntry { map, .. } = &mut state.nodes[e].kind {
        let Subset::Range(dims) = &mut map.range;
        let Subset::Range(more) = &inner.range;
        dims.extend(more.iter().cloned());
        map.params.extend(inner.params.iter().cloned());
    }
    // Inner connector -> the outer connector feeding it.
    let mut feeds: HashMap<String, String> = HashMap::new();
    for d in state.edges.iter().filter(|d| d.src == e && d.dst == e2) {
        // A dynamic range input of the inner map has no partner to rename.
        if let (Some(s), Some(inner)) = (&d.src_conn, conn::partner_of(&d.dst_conn)) {
            feeds.insert(inner, s.clone());
        }
    }
    let mut drains: HashMap<String, String> = HashMap::new();
    for d in state.edges.iter().filter(|d| d.src == x2 && d.dst == x) {
        if let (Some(inner), Some(t)) = (conn::partner_of(&d.src_conn), &d.dst_conn) {
            drains.insert(inner, t.clone());
        }
    }
    state.edges.retain(|d| !(d.src == e && d.dst == e2) && !(d.src == x2 && d.dst == x));
    for d in &mut state.edges {
        if d.src == e2 {
            d.src = e;
            d.src_conn = d.src_conn.as_ref().map(|c| feeds.get(c).cloned().unwrap_or_else(|| c.clone()));
        }
        if d.dst == x2 {
            d.dst = x;
            d.dst_conn = d.dst_conn.as_ref().map(|c| drains.get(c).cloned().unwrap_or_else(|| c.clone()));
        }
    }
    remove_nodes(state, &[e2, x2]);
}

/// Removes nodes (no edge may touch them) and renumbers the rest.
pub fn remove_nodes(state: &mut State, gone: &[usize]) {
    let gone: std::collections::HashSet<usize> = gone.iter().copied().collect();
    let mut new_index = vec![usize::MAX; state.nodes.len()];
    let mut next = 0;
    for (i, slot) in new_index.iter_mut().enumerate() {
        if !gone.contains(&i) {
            *slot = next;
            next += 1;
        }
    }
    let renumber = |i: usize| new_index.get(i).copied().unwrap_or(usize::MAX);
    let nodes = std::mem::take(&mut state.nodes);
    state.nodes = nodes.into_iter().enumerate().filter(|(i, _)| !gone.contains(i)).map(|(_, n)| n).collect();
    for n in &mut state.nodes {
        match &mut n.kind {
            NodeKind::MapEntry { exit, .. } | NodeKind::ConsumeEntry { exit, .. } => *exit = renumber(*exit),
            NodeKind::MapExit { entry } | NodeKind::ConsumeExit { entry } => *entry = renumber(*entry),
            _ => {}
        }
    }
    for d in &mut state.edges {
        d.src = renumber(d.src);
        d.dst = renumber(d.dst);
    }
}
