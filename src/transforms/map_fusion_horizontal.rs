//! MapFusionHorizontal: two independent maps over the same range in one
//! state become one map whose body holds both bodies (DaCe's
//! MapFusionHorizontal, formerly MapFusionParallel).
//!
//! ```mlir
//! sdfg.memlet %A -> %e1["IN_A"] {data = "A", subset = #sdfg.range<0:N>}
//! %e1, %x1 = sdfg.map "a" ["i"] = 0:N { ... A[i] -> B[i] ... }
//! sdfg.memlet %A -> %e2["IN_A"] {data = "A", subset = #sdfg.range<1:"N + 1">}
//! %e2, %x2 = sdfg.map "b" ["j"] = 0:N { ... A[j + 1] -> C[j] ... }
//! ```
//! becomes
//! ```mlir
//! sdfg.memlet %A -> %e1["IN_A"] {data = "A", subset = #sdfg.range<0:"N + 1">}
//! %e1, %x1 = sdfg.map "a" ["i"] = 0:N { ... A[i] -> B[i] ... A[i + 1] -> C[i] ... }
//! ```
//! Preconditions: both maps sit in the same scope (the state's top level
//! or directly inside the same map), with the same schedule and no dynamic
//! range inputs; neither is reachable from the other in the state; their
//! ranges are equal once the second map's parameters are matched to the
//! first's by range (same name first, then in order); the renaming cannot
//! be captured in the second body (an inner binder, a connector or a free
//! symbol of a target's name) and reaches all code there (no non-Python
//! tasklet, library node or consume scope names a renamed parameter);
//! neither map writes data (views resolved to what they view) that the
//! other reads or writes, no reference is involved, and no access node that
//! the fusion newly orders before or after one of the maps conflicts with
//! it in the same way (fused, each map inherits the other's predecessors
//! and successors).
//!
//! The second map's inputs from a node already feeding the first through
//! the same data share its connector (the subset becomes the bounding box
//! of both, where the bounds compare by constants); an input from another
//! access node of data that nothing in the state writes is read from the
//! first map's node instead. Outputs keep their own connectors.

use super::map_expansion::has_dynamic_inputs;
use super::map_merge::{fuse, Pair};
use super::scope_subst::{inside, renaming_is_safe};
use super::uses::{mentions, reachable, viewed_chain};
use super::{place, Match, Options, Place, Transformation};
use crate::model::{scope, DataKind, MapScope, NodeKind, Sdfg, State};
use crate::symbolic::{Dim, Expr, Subset};
use std::collections::{BTreeSet, HashMap};

pub struct MapFusionHorizontal;

impl Transformation for MapFusionHorizontal {
    fn name(&self) -> &'static str {
        "sdfg-map-fusion-horizontal"
    }

    fn summary(&self) -> &'static str {
        "Fuse two independent maps over the same range in one state into one map"
    }

    fn matches(&self, sdfg: &Sdfg) -> Vec<Match> {
        let mut out = Vec::new();
        for (path, state) in place::states(sdfg) {
            for p in pairs(sdfg, state) {
                let description = format!(
                    "map '{}' with map '{}' in state '{}'",
                    state.nodes[p.e1].label,
                    state.nodes[p.e2].label,
                    place::state_label(sdfg, &path)
                );
                out.push(Match { place: Place { state: path.clone(), node: p.e1 }, description });
            }
        }
        out
    }

    fn apply(&self, sdfg: &mut Sdfg, m: &Match, _options: &Options) -> Result<(), String> {
        let state = place::state(sdfg, &m.place.state).ok_or("match refers to a missing state")?;
        let pair = pairs(sdfg, state).into_iter().find(|p| p.e1 == m.place.node).ok_or("match no longer applies")?;
        let readonly = read_only_data(sdfg, state);
        let state = place::state_mut(sdfg, &m.place.state).ok_or("match refers to a missing state")?;
        fuse(state, &pair, &readonly)
    }
}

/// For every map entry, its first fusible partner among the later entries.
fn pairs(sdfg: &Sdfg, state: &State) -> Vec<Pair> {
    let Ok(parents) = scope::scope_parents(state) else { return Vec::new() };
    let entries: Vec<usize> = (0..state.nodes.len()).filter(|&n| matches!(state.nodes[n].kind, NodeKind::MapEntry { .. })).collect();
    let reach: HashMap<usize, Vec<bool>> = entries.iter().map(|&e| (e, reachable(state, e, true))).collect();
    let mut out = Vec::new();
    for (k, &e1) in entries.iter().enumerate() {
        for &e2 in &entries[k + 1..] {
            if reach[&e1][e2] || reach[&e2][e1] {
                continue;
            }
            if let Some(p) = fusible(sdfg, state, &parents, e1, e2) {
                out.push(p);
                break;
            }
        }
    }
    out
}

fn fusible(sdfg: &Sdfg, state: &State, parents: &[Option<usize>], e1: usize, e2: usize) -> Option<Pair> {
    let (NodeKind::MapEntry { map: m1, exit: x1 }, NodeKind::MapEntry { map: m2, exit: x2 }) =
        (&state.nodes[e1].kind, &state.nodes[e2].kind)
    else {
        return None;
    };
    if parents[e1] != parents[e2] || m1.schedule != m2.schedule {
        return None;
    }
    if has_dynamic_inputs(&state.nodes[e1]) || has_dynamic_inputs(&state.nodes[e2]) {
        return None;
    }
    let rename = parameter_mapping(m1, m2)?;
    let body1 = inside(parents, e1);
    let body2 = inside(parents, e2);
    if !rename.is_empty() && !renaming_is_safe(state, e2, *x2, &body2, &rename, &m2.params) {
        return None;
    }
    let f1 = footprint(sdfg, state, e1, *x1, &body1)?;
    let f2 = footprint(sdfg, state, e2, *x2, &body2)?;
    if f1.written.iter().any(|d| f2.touched.contains(d)) || f2.written.iter().any(|d| f1.touched.contains(d)) {
        return None;
    }
    let (before1, after1) = (reachable(state, e1, false), reachable(state, *x1, true));
    let (before2, after2) = (reachable(state, e2, false), reachable(state, *x2, true));
    // Nodes the fusion orders relative to a map for the first time.
    let newly = |before: &[bool], after: &[bool], own_before: &[bool], own_after: &[bool]| {
        (0..state.nodes.len()).filter(|&n| (before[n] && !own_before[n]) || (after[n] && !own_after[n])).collect::<Vec<_>>()
    };
    let clash = |nodes: Vec<usize>, f: &Footprint| nodes.into_iter().any(|n| orders_conflict(sdfg, state, n, f));
    if clash(newly(&before2, &after2, &before1, &after1), &f1) || clash(newly(&before1, &after1, &before2, &after2), &f2) {
        return None;
    }
    Some(Pair { e1, x1: *x1, e2, x2: *x2, rename })
}

/// The second map's parameters renamed to the first's (only those whose
/// names differ), matching dimensions by equal range: a parameter of the
/// same name first, then the first unused one in order.
fn parameter_mapping(m1: &MapScope, m2: &MapScope) -> Option<HashMap<String, Expr>> {
    let (d1, d2) = (m1.range.dims(), m2.range.dims());
    let n = m1.params.len();
    let distinct = |ps: &[String]| (1..ps.len()).all(|k| !ps[..k].contains(&ps[k]));
    if m2.params.len() != n || d1.len() != n || d2.len() != n || !distinct(&m1.params) || !distinct(&m2.params) {
        return None;
    }
    let eq = |x: &Expr, y: &Expr| x.simplify() == y.simplify() || x.is_symbolically_equal(y);
    let same = |a: &Dim, b: &Dim| eq(&a.start, &b.start) && eq(&a.end, &b.end) && eq(&a.step, &b.step) && eq(&a.tile, &b.tile);
    let mut target: Vec<Option<usize>> = vec![None; n];
    let mut used = vec![false; n];
    for (j, p) in m2.params.iter().enumerate() {
        if let Some(i) = m1.params.iter().position(|q| q == p).filter(|&i| same(&d1[i], &d2[j])) {
            target[j] = Some(i);
            used[i] = true;
        }
    }
    for j in 0..n {
        if target[j].is_none() {
            let i = (0..n).find(|&i| !used[i] && same(&d1[i], &d2[j]))?;
            target[j] = Some(i);
            used[i] = true;
        }
    }
    let pairs = m2.params.iter().zip(target).filter_map(|(p, i)| Some((p, &m1.params[i?])));
    Some(pairs.filter(|(p, q)| p != q).map(|(p, q)| (p.clone(), Expr::sym(q))).collect())
}

/// The data a map scope uses, views resolved to what they view.
struct Footprint {
    touched: BTreeSet<String>,
    written: BTreeSet<String>,
}

/// `None` when a reference (whose target is unknown) is involved.
fn footprint(sdfg: &Sdfg, state: &State, entry: usize, exit: usize, body: &[usize]) -> Option<Footprint> {
    let mut f = Footprint { touched: BTreeSet::new(), written: BTreeSet::new() };
    let popped = |d: &str| sdfg.container(d).is_some_and(|c| c.kind == DataKind::Stream);
    let mut add = |names: Vec<String>, write: bool| {
        for d in names {
            if write || popped(&d) {
                f.written.insert(d.clone());
            }
            f.touched.insert(d);
        }
    };
    // Containers that subsets, ranges and symbol mappings read (`A[idx[i]]`).
    let indirect = |exprs: Vec<&Expr>| -> Vec<String> {
        let symbols = exprs.into_iter().flat_map(Expr::free_symbols);
        symbols.filter(|s| sdfg.container(s).is_some()).collect()
    };
    let inner = |n: usize| n == entry || n == exit || body.contains(&n);
    for e in &state.edges {
        let data: Vec<String> = e.memlet.data.iter().cloned().collect();
        let m = &e.memlet;
        let read = indirect(m.subset.iter().chain(&m.other_subset).flat_map(bounds).chain(&m.volume).collect());
        if e.dst == entry {
            add([data, viewed_chain(state, e.src), read].concat(), false);
        } else if e.src == exit {
            add([viewed_chain(state, e.dst), data].concat(), true);
            add(read, false);
        } else if inner(e.src) && inner(e.dst) {
            add(data, e.dst == exit);
            add(read, false);
        }
    }
    for &n in std::iter::once(&entry).chain(body) {
        match &state.nodes[n].kind {
            NodeKind::MapEntry { map, .. } => add(indirect(bounds(&map.range).collect()), false),
            NodeKind::NestedSdfg { symbol_mapping, .. } => add(indirect(symbol_mapping.iter().map(|(_, e)| e).collect()), false),
            NodeKind::Access { .. } => add(viewed_chain(state, n), state.edges.iter().any(|e| e.dst == n)),
            // Other languages may reach containers by name.
            NodeKind::Tasklet { code } if code.language != "Python" => {
                add(sdfg.containers.iter().map(|(d, _)| d.clone()).filter(|d| mentions(&code.code, d)).collect(), true);
            }
            _ => {}
        }
    }
    let reference = |d: &String| sdfg.container(d).is_none_or(|c| c.kind == DataKind::Reference);
    (!f.touched.iter().any(reference)).then_some(f)
}

fn bounds(s: &Subset) -> impl Iterator<Item = &Expr> {
    s.dims().iter().flat_map(|d| [&d.start, &d.end, &d.step, &d.tile])
}

/// Whether access node `n`, now ordered relative to a map with footprint
/// `f`, uses its data in a conflicting way (or may alias anything).
fn orders_conflict(sdfg: &Sdfg, state: &State, n: usize, f: &Footprint) -> bool {
    if !matches!(state.nodes[n].kind, NodeKind::Access { .. }) {
        return false;
    }
    let chain = viewed_chain(state, n);
    let kind = |d: &String| sdfg.container(d).map(|c| c.kind);
    let writes = state.edges.iter().any(|e| e.dst == n) || chain.iter().any(|d| kind(d) == Some(DataKind::Stream));
    chain.iter().any(|d| kind(d).is_none_or(|k| k == DataKind::Reference) || f.written.contains(d) || (writes && f.touched.contains(d)))
}

/// Data whose access nodes in the state are all read-only and that no view
/// or reference in the state may alias: any of its nodes reads the same.
fn read_only_data(sdfg: &Sdfg, state: &State) -> BTreeSet<String> {
    let plain = |d: &str| sdfg.container(d).is_some_and(|c| matches!(c.kind, DataKind::Array | DataKind::Scalar));
    let mut data = BTreeSet::new();
    let mut excluded = BTreeSet::new();
    for (n, node) in state.nodes.iter().enumerate() {
        let NodeKind::Access { data: d, .. } = &node.kind else { continue };
        if !plain(d) {
            return BTreeSet::new();
        }
        if state.edges.iter().any(|e| e.dst == n) {
            excluded.insert(d.clone());
        }
        data.insert(d.clone());
    }
    data.difference(&excluded).cloned().collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Schedule;

    fn map(params: &[&str], range: &str) -> MapScope {
        MapScope { params: params.iter().map(|p| p.to_string()).collect(), range: Subset::parse(range).unwrap(), schedule: Schedule::Default }
    }

    fn mapping(m1: &MapScope, m2: &MapScope) -> Option<Vec<(String, String)>> {
        let mut v: Vec<_> = parameter_mapping(m1, m2)?.into_iter().map(|(k, e)| (k, e.to_string())).collect();
        v.sort();
        Some(v)
    }

    #[test]
    fn matches_parameters_by_range() {
        let first = map(&["i", "j"], "0:N, 0:M");
        assert_eq!(mapping(&first, &map(&["i", "j"], "0:N, 0:M")), Some(vec![]));
        let swapped = vec![("k".to_string(), "j".to_string()), ("l".to_string(), "i".to_string())];
        assert_eq!(mapping(&first, &map(&["k", "l"], "0:M, 0:N")), Some(swapped));
        // Same names over swapped ranges: renamed both ways at once.
        let crossed = vec![("i".to_string(), "j".to_string()), ("j".to_string(), "i".to_string())];
        assert_eq!(mapping(&first, &map(&["i", "j"], "0:M, 0:N")), Some(crossed));
        // Equal ranges match in order.
        let square = map(&["i", "j"], "0:N, 0:N");
        let in_order = vec![("a".to_string(), "i".to_string()), ("b".to_string(), "j".to_string())];
        assert_eq!(mapping(&square, &map(&["a", "b"], "0:N, 0:N")), Some(in_order));
        assert_eq!(mapping(&first, &map(&["i", "j"], "0:N, 1:M")), None);
        assert_eq!(mapping(&first, &map(&["i"], "0:N")), None);
        assert_eq!(mapping(&first, &map(&["i", "j"], "0:N, 0:M:2")), None);
    }
}
