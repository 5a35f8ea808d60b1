//! OTFMapFusion: a map that fills a transient element by element is
//! recomputed, on the fly, wherever the next map reads an element of it;
//! the transient between them goes (DaCe's OTFMapFusion). Unlike MapFusion
//! the ranges need not match and the second map may read neighbours: each
//! distinct read gets its own copy of the first map's body.
//!
//! ```mlir
//! %e1, %x1 = sdfg.map "a" ["i"] = 0:N+1 { %e1["OUT_A"] -> %t1["x"] {data = "A", subset = #sdfg.range<i>}
//!                                        %t1["y"] -> %x1["IN_T"] {data = "T", subset = #sdfg.range<i>} }
//! sdfg.memlet %x1["OUT_T"] -> %T ...
//! sdfg.memlet %T -> %e2["IN_T"] {data = "T", subset = #sdfg.range<0:N+1>}
//! %e2, %x2 = sdfg.map "b" ["j"] = 0:N { %e2["OUT_T"] -> %t2["l"] {data = "T", subset = #sdfg.range<j>}
//!                                      %e2["OUT_T"] -> %t2["r"] {data = "T", subset = #sdfg.range<j + 1>} ... }
//! ```
//! becomes
//! ```mlir
//! %e2, %x2 = sdfg.map "b" ["j"] = 0:N {
//!   %e2["OUT_A"] -> %t1["x"] {data = "A", subset = #sdfg.range<j>}       // i = j
//!   %t1["y"] -> %T0 {data = "T0", subset = #sdfg.range<0>} ; %T0 -> %t2["l"]
//!   %e2["OUT_A"] -> %t1'["x"] {data = "A", subset = #sdfg.range<j + 1>}  // i = j + 1
//!   %t1'["y"] -> %T1 ; %T1 -> %t2["r"] ... }
//! ```
//! with `T0`, `T1` new scalars. Preconditions: `T` is transient, written
//! only by the first map, whose exit has no other output; each iteration
//! writes one element `T[i + c]` (each parameter in one dimension with
//! coefficient 1, steps 1, no WCR); the second map reads single elements
//! into tasklets, inside what the first map writes; access nodes inside the
//! first map are transients used nowhere else; nothing the first map reads
//! is written by the second map or between the two; no C++ code, library
//! node or inner map of the first map names either map's parameters. The
//! first map and `T` stay when `T` has other readers.

use super::map_expansion::has_dynamic_inputs;
use super::map_fusion::{access_count, fresh_suffix, scope_data, shrink_to_scalar, Dead};
use super::map_unroll::only_in;
use super::place::{self, StateSite};
use super::scope_subst::{push_copies, substitute_in};
use super::uses::{may_alias, mentions, reachable};
use super::{nest, Match, Options, Transformation};
use crate::model::{conn, DataEdge, DataKind, MapScope, Memlet, NodeKind, Sdfg, State};
use crate::symbolic::{Dim, Expr, Subset};
use std::collections::{BTreeSet, HashMap, HashSet};

pub struct OtfMapFusion;

impl Transformation for OtfMapFusion {
    fn local_edits(&self) -> bool {
        true
    }

    fn name(&self) -> &'static str {
        "sdfg-otf-map-fusion"
    }

    fn summary(&self) -> &'static str {
        "Recompute a map's elements inside the next map that reads them, without the transient between"
    }

    fn matches(&self, sdfg: &Sdfg) -> Vec<Match> {
        place::node_matches(sdfg, |site, a| describe(sdfg, site, a))
    }

    fn first_match(&self, sdfg: &Sdfg, _options: &Options) -> Result<Option<Match>, String> {
        Ok(place::first_node_match(sdfg, |site, a| describe(sdfg, site, a)))
    }

    fn apply(&self, sdfg: &mut Sdfg, m: &Match, _options: &Options) -> Result<(), String> {
        let state = place::state(sdfg, &m.place.state).ok_or("match refers to a missing state")?;
        let site = StateSite::new(&m.place.state, state);
        let plan = plan(sdfg, &site, m.place.node).ok_or("match no longer applies")?;
        let mut state = state.clone();
        let mut names: BTreeSet<String> = sdfg.containers.iter().map(|(n, _)| n.clone()).chain(sdfg.symbols.iter().map(|(s, _)| s.clone())).collect();
        let added = fuse(&mut state, &plan, &mut names)?;
        for (name, like) in added {
            let desc = sdfg.container(&like).ok_or("missing container")?.clone();
            sdfg.containers.push((name.clone(), desc));
            if like == plan.data {
                shrink_to_scalar(sdfg, &name)?;
            }
        }
        *place::state_mut(sdfg, &m.place.state).ok_or("match refers to a missing state")? = state;
        // The transient and the first map's own ones, once nothing uses them.
        let mut unused: Vec<String> = vec![plan.data.clone()];
        unused.extend(plan.locals);
        unused.retain(|d| access_count(sdfg, d) == 0);
        sdfg.containers.retain(|(n, _)| !unused.contains(n));
        Ok(())
    }
}

/// "map 'a' into map 'b' through 'T' (2 copies) in state 's'".
fn describe(sdfg: &Sdfg, site: &StateSite, a: usize) -> Option<String> {
    if !matches!(site.state.nodes[a].kind, NodeKind::Access { .. }) {
        return None;
    }
    let p = plan(sdfg, site, a)?;
    let label = |n: usize| &site.state.nodes[n].label;
    let copies = p.groups.len();
    Some(format!("map '{}' into map '{}' through '{}' ({copies} copies) in state '{}'", label(p.e1), label(p.e2), p.data, place::state_label(sdfg, site.path)))
}

/// Where one element of the first map's write lies: a fixed index, or a
/// parameter plus an offset free of it.
enum Coord {
    Fixed(Expr),
    Param(String, Expr),
}

struct Plan {
    data: String,
    a: usize,
    e1: usize,
    x1: usize,
    e2: usize,
    /// The first map's scope without its exit.
    body: Vec<usize>,
    /// The transients of the first map's scope.
    locals: Vec<String>,
    /// The edges from the access node into the second map.
    feeds: Vec<usize>,
    /// Whether the transient has readers besides the second map (then the
    /// first map stays).
    read_elsewhere: bool,
    /// The second map's reads of the element, grouped by subset, with the
    /// first map's parameters that compute it.
    groups: Vec<(HashMap<String, Expr>, Vec<usize>)>,
}

fn plan(sdfg: &Sdfg, site: &StateSite, a: usize) -> Option<Plan> {
    let (state, graph) = (site.state, site.graph());
    let NodeKind::Access { data, .. } = &state.nodes[a].kind else { return None };
    let desc = sdfg.container(data)?;
    if !desc.transient || !matches!(desc.kind, DataKind::Array | DataKind::Scalar) {
        return None;
    }
    let [produce] = graph.in_edges(a) else { return None };
    let x1 = state.edges[*produce].src;
    let NodeKind::MapExit { entry: e1 } = state.nodes[x1].kind else { return None };
    let NodeKind::MapEntry { map: m1, .. } = &state.nodes[e1].kind else { return None };
    let [write] = graph.in_edges(x1) else { return None };
    if graph.out_edges(x1).len() != 1 || has_dynamic_inputs(&state.nodes[e1]) {
        return None;
    }
    let e2 = graph.out_edges(a).iter().map(|&i| state.edges[i].dst).find(|&n| matches!(state.nodes[n].kind, NodeKind::MapEntry { .. }))?;
    let NodeKind::MapEntry { map: m2, exit: x2 } = &state.nodes[e2].kind else { return None };
    if has_dynamic_inputs(&state.nodes[e2]) {
        return None;
    }
    // The element each iteration writes.
    let w = &state.edges[*write].memlet;
    if w.data.as_deref() != Some(data.as_str()) || w.wcr.is_some() || w.dynamic || w.other_subset.is_some() {
        return None;
    }
    let element = w.subset.as_ref().filter(|s| s.dims().iter().all(Dim::is_index))?;
    let coords = solve_write(m1, element)?;
    let written = written_box(m1, &coords)?;
    // The second map's reads: single elements into tasklets, inside what is written.
    let feeds: Vec<usize> = graph.out_edges(a).iter().copied().filter(|&i| state.edges[i].dst == e2).collect();
    let mut groups: Vec<(Subset, HashMap<String, Expr>, Vec<usize>)> = Vec::new();
    for &f in &feeds {
        let outer = state.edges[f].memlet.subset.as_ref()?;
        let c = conn::in_base(state.edges[f].dst_conn.as_deref()?)?;
        if !covers(&written, outer) {
            return None;
        }
        for &r in graph.out_edges_at(e2, Some(&conn::out_conn(c))) {
            let m = &state.edges[r].memlet;
            let sub = m.subset.as_ref()?;
            let single = sub.dims().len() == element.dims().len() && sub.dims().iter().all(Dim::is_index);
            let plain = m.data.as_deref() == Some(data.as_str()) && m.other_subset.is_none() && m.wcr.is_none() && !m.dynamic;
            if !single || !plain || !matches!(state.nodes[state.edges[r].dst].kind, NodeKind::Tasklet { .. }) {
                return None;
            }
            match groups.iter_mut().find(|g| &g.0 == sub) {
                Some(g) => g.2.push(r),
                None => groups.push((sub.clone(), solve_read(&coords, sub)?, vec![r])),
            }
        }
    }
    if groups.is_empty() {
        return None;
    }
    // What the first map reads stays as it was until the second map ends.
    let inputs = scope_data(graph, e1, true);
    let written2 = scope_data(graph, *x2, false);
    let is_reference = |d: &String| sdfg.container(d).is_some_and(|c| c.kind == DataKind::Reference);
    if inputs.iter().any(|d| written2.contains(d)) || inputs.iter().chain(&written2).any(is_reference) {
        return None;
    }
    let (after1, after2) = (reachable(state, e1, true), reachable(state, *x2, true));
    let overwritten = |n: usize| !graph.in_edges(n).is_empty() && inputs.iter().any(|d| may_alias(sdfg, state, n, d));
    if (0..state.nodes.len()).any(|n| after1[n] && !after2[n] && overwritten(n)) {
        return None;
    }
    let body: Vec<usize> = site.body(e1)?.into_iter().filter(|&n| n != x1).collect();
    let locals = body_is_copyable(sdfg, site, &body, m1, m2)?;
    let groups = groups.into_iter().map(|(_, values, reads)| (values, reads)).collect();
    let read_elsewhere = graph.out_edges(a).len() != feeds.len() || access_count(sdfg, data) != 1;
    Some(Plan { data: data.clone(), a, e1, x1, e2, body, locals, feeds, read_elsewhere, groups })
}

/// Each dimension of the written element: fixed, or one parameter (each
/// exactly once, coefficient 1, dense range) plus an offset.
fn solve_write(map: &MapScope, element: &Subset) -> Option<Vec<Coord>> {
    let mut seen = Vec::new();
    let mut coords = Vec::new();
    for d in element.dims() {
        let free = d.start.free_symbols();
        let used: Vec<&String> = map.params.iter().filter(|p| free.contains(*p)).collect();
        coords.push(match used[..] {
            [] => Coord::Fixed(d.start.simplify()),
            [p] => {
                let offset = d.start.sub(&Expr::sym(p)).simplify();
                if d.start.unit_step(p) != Some(1) || offset.free_symbols().contains(p) || seen.contains(&p) {
                    return None;
                }
                seen.push(p);
                Coord::Param(p.clone(), offset)
            }
            _ => return None,
        });
    }
    let dense = map.range.dims().iter().all(|d| d.step.as_int() == Some(1) && d.tile.as_int() == Some(1));
    (seen.len() == map.params.len() && dense).then_some(coords)
}

/// The elements the first map writes.
fn written_box(map: &MapScope, coords: &[Coord]) -> Option<Subset> {
    let dims = coords.iter().map(|c| match c {
        Coord::Fixed(e) => Some(Dim::index(e.clone())),
        Coord::Param(p, offset) => {
            let d = &map.range.dims()[map.params.iter().position(|q| q == p)?];
            Some(Dim::range(d.start.add(offset).simplify(), d.end.add(offset).simplify()))
        }
    });
    dims.collect::<Option<Vec<Dim>>>().map(Subset::Range)
}

/// Whether `outer` provably lies inside the dense box `written`.
fn covers(written: &Subset, outer: &Subset) -> bool {
    let at_least = |x: &Expr, y: &Expr| x.sub(y).simplify().as_int().is_some_and(|d| d >= 0);
    written.dims().len() == outer.dims().len()
        && written.dims().iter().zip(outer.dims()).all(|(w, r)| {
            r.tile.as_int() == Some(1) && (w == r || (at_least(&r.start, &w.start) && at_least(&w.end, &r.end)))
        })
}

/// The first map's parameters that write the element `read` names.
fn solve_read(coords: &[Coord], read: &Subset) -> Option<HashMap<String, Expr>> {
    let mut values = HashMap::new();
    for (c, d) in coords.iter().zip(read.dims()) {
        match c {
            Coord::Fixed(e) if d.start.is_symbolically_equal(e) => {}
            Coord::Fixed(_) => return None,
            Coord::Param(p, offset) => {
                values.insert(p.clone(), d.start.sub(offset).simplify());
            }
        }
    }
    Some(values)
}

/// Whether copies of the first map's `body` can move into the second map
/// with the first's parameters replaced; the transients it holds.
fn body_is_copyable(sdfg: &Sdfg, site: &StateSite, body: &[usize], m1: &MapScope, m2: &MapScope) -> Option<Vec<String>> {
    let state = site.state;
    let params: Vec<&String> = m1.params.iter().chain(&m2.params).collect();
    // Names of the second map that the first map's body would capture.
    let foreign: Vec<&String> = m2.params.iter().filter(|p| !m1.params.contains(p)).collect();
    let says = |text: &str, list: &[&String]| list.iter().any(|p| mentions(text, p));
    let mut locals = Vec::new();
    for &n in body {
        let node = &state.nodes[n];
        let clash = node.in_connectors.iter().chain(&node.out_connectors).any(|(c, _)| params.contains(&c));
        let ok = match &node.kind {
            NodeKind::Tasklet { code } => !clash && (code.language == "Python" || !says(&code.code, &params)) && !says(&code.code, &foreign),
            NodeKind::Access { data, .. } => {
                locals.push(data.clone());
                sdfg.container(data).is_some_and(|c| c.transient) && nest::plain(sdfg, data) && only_in(sdfg, site.path, state, body, data)
            }
            NodeKind::MapEntry { map, .. } => !map.params.iter().any(|p| params.contains(&p)) && !says(&map.range.to_string(), &foreign),
            NodeKind::MapExit { .. } => true,
            NodeKind::NestedSdfg { symbol_mapping, .. } => {
                !symbol_mapping.iter().any(|(_, e)| e.free_symbols().iter().any(|s| foreign.contains(&s)))
            }
            NodeKind::Library(lib) => !says(&lib.properties_text(), &params),
            _ => false,
        };
        if !ok {
            return None;
        }
    }
    let touches = |e: &&DataEdge| body.contains(&e.src) || body.contains(&e.dst);
    for e in state.edges.iter().filter(touches) {
        let m = &e.memlet;
        let mut symbols: BTreeSet<String> = m.subset.iter().chain(&m.other_subset).flat_map(Subset::free_symbols).collect();
        symbols.extend(m.volume.iter().flat_map(Expr::free_symbols));
        if symbols.iter().any(|s| foreign.contains(&s)) || m.wcr.as_ref().is_some_and(|w| says(w.text(), &params)) {
            return None;
        }
    }
    locals.sort();
    locals.dedup();
    Some(locals)
}

/// Applies `p` to `state`; returns the containers to add, each with the
/// container it is made like (the fused transient's copies become scalars).
fn fuse(state: &mut State, p: &Plan, names: &mut BTreeSet<String>) -> Result<Vec<(String, String)>, String> {
    let original = state.clone();
    let (e1, x1, e2) = (p.e1, p.x1, p.e2);
    let mut fresh = |base: &str| {
        let mut k = 0;
        while names.contains(&format!("{base}_otf{k}")) {
            k += 1;
        }
        let name = format!("{base}_otf{k}");
        names.insert(name.clone());
        name
    };
    let mut added = Vec::new();
    // The first map's inputs enter the second map too.
    let mut renamed: HashMap<String, String> = HashMap::new();
    for f in original.edges.iter().filter(|f| f.dst == e1) {
        let Some(c) = f.dst_conn.as_deref().and_then(conn::in_base) else {
            state.edges.push(DataEdge { dst: e2, ..f.clone() });
            continue;
        };
        let new = match renamed.get(c) {
            Some(new) => new.clone(),
            None => {
                let new = fresh_suffix(&state.nodes[e2], c);
                let typed = |list: &[(String, Option<crate::model::DType>)], name: String| list.iter().find(|(n, _)| *n == name).and_then(|(_, t)| t.clone());
                let (tin, tout) = (typed(&original.nodes[e1].in_connectors, conn::in_conn(c)), typed(&original.nodes[e1].out_connectors, conn::out_conn(c)));
                state.nodes[e2].in_connectors.push((conn::in_conn(&new), tin));
                state.nodes[e2].out_connectors.push((conn::out_conn(&new), tout));
                renamed.insert(c.to_string(), new.clone());
                new
            }
        };
        state.edges.push(DataEdge { dst: e2, dst_conn: Some(conn::in_conn(&new)), ..f.clone() });
    }
    let element = Subset::Range(vec![Dim::index(Expr::int(0))]);
    for (values, reads) in &p.groups {
        let base = push_copies(state, &original, &p.body)?;
        let copy = |n: usize| p.body.iter().position(|&b| b == n).map(|i| base + i);
        let scalar = fresh(&p.data);
        added.push((scalar.clone(), p.data.clone()));
        let tmp = state.nodes.len();
        state.nodes.push(super::local_storage::access_node(&scalar, &original.nodes[p.a].loc));
        let memlet = Memlet { data: Some(scalar), subset: Some(element.clone()), volume: Some(Expr::int(1)), ..Default::default() };
        let first_edge = state.edges.len();
        for d in &original.edges {
            match (copy(d.src), copy(d.dst)) {
                (Some(s), Some(t)) => state.edges.push(DataEdge { src: s, dst: t, ..d.clone() }),
                (None, Some(t)) if d.src == e1 => {
                    let src_conn = match d.src_conn.as_deref() {
                        Some(c) => Some(conn::out_conn(renamed.get(conn::out_base(c).ok_or("entry output without OUT_")?).ok_or("entry output without input")?)),
                        None => None,
                    };
                    state.edges.push(DataEdge { src: e2, src_conn, dst: t, ..d.clone() });
                }
                (Some(s), None) if d.dst == x1 => state.edges.push(DataEdge { src: s, dst: tmp, dst_conn: None, memlet: memlet.clone(), ..d.clone() }),
                _ => {}
            }
        }
        for &r in reads {
            let e = &original.edges[r];
            state.edges.push(DataEdge { src: tmp, src_conn: None, memlet: memlet.clone(), ..e.clone() });
        }
        // Each copy computes into transients of its own.
        let copies: Vec<usize> = (base..tmp).collect();
        let mut own: HashMap<String, String> = HashMap::new();
        for &n in &copies {
            if let NodeKind::Access { data, .. } = &mut state.nodes[n].kind {
                let new = match own.get(data.as_str()) {
                    Some(new) => new.clone(),
                    None => {
                        let new = fresh(data);
                        added.push((new.clone(), data.clone()));
                        own.insert(data.clone(), new.clone());
                        new
                    }
                };
                *data = new.clone();
                state.nodes[n].label = new;
            }
        }
        let edges: Vec<usize> = (first_edge..state.edges.len()).collect();
        for &i in &edges {
            if let Some(new) = state.edges[i].memlet.data.as_ref().and_then(|d| own.get(d)) {
                state.edges[i].memlet.data = Some(new.clone());
            }
        }
        substitute_in(state, &copies, &edges, values)?;
    }
    // The reads now come from the copies.
    let mut dead: HashSet<usize> = p.feeds.iter().chain(p.groups.iter().flat_map(|g| &g.1)).copied().collect();
    for &f in &p.feeds {
        let c = original.edges[f].dst_conn.clone().unwrap_or_default();
        let out = conn::partner(&c).unwrap_or_default();
        let node = &mut state.nodes[e2];
        node.in_connectors.retain(|(n, _)| *n != c);
        node.out_connectors.retain(|(n, _)| *n != out);
    }
    let mut gone = Vec::new();
    if !p.read_elsewhere {
        gone = p.body.clone();
        gone.extend([e1, x1, p.a]);
        dead.extend((0..original.edges.len()).filter(|&i| gone.contains(&original.edges[i].src) || gone.contains(&original.edges[i].dst)));
    }
    Dead { nodes: gone, edges: dead }.remove_from(state);
    Ok(added)
}
