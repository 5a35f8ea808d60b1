//! MapFission: a map whose body holds several computations becomes one map
//! per computation (DaCe's MapFission, its first form). The transients that
//! carried values between them inside one iteration get a dimension per map
//! parameter, so every iteration keeps its own value between the new maps.
//!
//! ```mlir
//! %e, %x = sdfg.map "m" ["i"] = 0:N {
//!   A[i] -> %t1 -> %T {subset = #sdfg.range<0>} -> %t2 -> B[i]
//! }
//! ```
//! becomes (`T` now has shape `N`)
//! ```mlir
//! %e0, %x0 = sdfg.map "m_fission_0" ["i"] = 0:N { A[i] -> %t1 -> T[i] }
//! %x0 -> %T {subset = #sdfg.range<0:N>}
//! %e1, %x1 = sdfg.map "m_fission_1" ["i"] = 0:N { T[i] -> %t2 -> B[i] }
//! ```
//! A computation is a tasklet, nested SDFG, library node or nested scope
//! directly inside the map; the access nodes between them (the "border"
//! transients) move outside. A border container of one element becomes an
//! array over the map's iterations (`(p - start) / step` per parameter);
//! any other gets those dimensions in front of its own.
//!
//! Preconditions: a map outside every other scope, with no dynamic range
//! inputs, ranges that do not depend on each other, and tiles of 1; at
//! least two computations; no edge from the entry straight to the exit or
//! from one computation straight to another; every border container
//! transient, plain (array or scalar), accessed nowhere else (no other
//! access node in any state, no mention in code), and its access nodes
//! read and written only by the computations, through memlets naming it.
//! Order between computations is carried only by the border containers, so
//! data one computation writes out of the map must not be read or written
//! by another. Nested SDFGs inside the map are not split (DaCe's second
//! form).

use super::map_collapse::remove_nodes;
use super::map_expansion::has_dynamic_inputs;
use super::place::{self, MapSite, Step, Within};
use super::propagate_memlets::propagate_maps;
use super::uses::{access_nodes, full_subset, mentioned_in_code, reachable};
use super::{Match, Options, Transformation};
use crate::analysis::propagation::{propagate_memlet, split_among_iterations};
use crate::model::dataflow::Dataflow;
use crate::model::scope::scope_parents;
use crate::model::conn::{self, Side};
use crate::model::{DataEdge, DataKind, MapScope, Memlet, Node, NodeKind, Sdfg, State, Storage};
use crate::symbolic::{Dim, Expr, Subset};
use std::collections::{BTreeSet, HashMap};

pub struct MapFission;

impl Transformation for MapFission {
    fn name(&self) -> &'static str {
        "sdfg-map-fission"
    }

    fn summary(&self) -> &'static str {
        "Split a map around several computations into one map per computation"
    }

    place::state_matched!(within: matches_within, state_local);


    fn apply(&self, sdfg: &mut Sdfg, m: &Match, _options: &Options) -> Result<(), String> {
        let mut state = place::state(sdfg, &m.place.state).ok_or("match refers to a missing state")?.clone();
        let parents = scope_parents(&state)?;
        let plan = plan(sdfg, &m.place.state, &state, &parents, m.place.node).ok_or("match no longer applies")?;
        let map = match &state.nodes[plan.entry].kind {
            NodeKind::MapEntry { map, .. } => map.clone(),
            _ => return Err("match is not a map entry".into()),
        };
        let shapes = expand_borders(sdfg, &mut state, &map, &plan.borders)?;
        let entries = split(&mut state, &plan, &map, &shapes);
        propagate_maps(sdfg, &mut state, entries);
        *place::state_mut(sdfg, &m.place.state).ok_or("match refers to a missing state")? = state;
        Ok(())
    }
}

fn matches_within(sdfg: &Sdfg, within: Within) -> Vec<Match> {
    place::map_matches_within(sdfg, within, |site: &MapSite| {
        let plan = plan(sdfg, site.path, site.state, site.parents, site.node)?;
        let borders: Vec<&str> = plan.borders.iter().map(String::as_str).collect();
        let through = if borders.is_empty() { String::new() } else { format!(" through {}", borders.join(", ")) };
        Some(format!("{}: {} computations{through}", site.describe_all(sdfg), plan.components.len()))
    })
}

/// What the split needs: the map, its computations (first and last node of
/// each) and the border containers.
struct Plan {
    entry: usize,
    exit: usize,
    components: Vec<(usize, usize)>,
    borders: BTreeSet<String>,
}

fn plan(sdfg: &Sdfg, path: &[Step], state: &State, parents: &[Option<usize>], e: usize) -> Option<Plan> {
    let NodeKind::MapEntry { map, exit } = &state.nodes[e].kind else { return None };
    let x = *exit;
    let tiles_of_one = map.range.dims().iter().all(|d| d.tile.as_int() == Some(1));
    if parents[e].is_some() || has_dynamic_inputs(&state.nodes[e]) || map.has_dependent_ranges() || !tiles_of_one {
        return None;
    }
    let top: Vec<usize> = (0..state.nodes.len()).filter(|&n| parents[n] == Some(e) && n != x).collect();
    let mut components = Vec::new();
    let mut border_nodes = Vec::new();
    for &n in &top {
        match &state.nodes[n].kind {
            NodeKind::Tasklet { .. } | NodeKind::NestedSdfg { .. } | NodeKind::Library(_) => components.push((n, n)),
            NodeKind::MapEntry { exit, .. } | NodeKind::ConsumeEntry { exit, .. } => components.push((n, *exit)),
            NodeKind::Access { .. } => border_nodes.push(n),
            _ => {}
        }
    }
    if components.len() < 2 {
        return None;
    }
    let graph = Dataflow::new(state);
    let ins: BTreeSet<usize> = components.iter().map(|c| c.0).collect();
    let outs: BTreeSet<usize> = components.iter().map(|c| c.1).collect();
    for &(_, out) in &components {
        // A value passed from one computation straight to another has no container to grow.
        if graph.out_edges(out).iter().any(|&k| ins.contains(&state.edges[k].dst)) {
            return None;
        }
    }
    if graph.out_edges(e).iter().any(|&k| state.edges[k].dst == x) {
        return None;
    }
    let mut borders = BTreeSet::new();
    for &b in &border_nodes {
        let NodeKind::Access { data, .. } = &state.nodes[b].kind else { return None };
        let names_it = |k: &usize| {
            let m = &state.edges[*k].memlet;
            m.data.as_deref() == Some(data.as_str()) && m.other_subset.is_none() && m.subset.is_some()
        };
        let fed = graph.in_edges(b).iter().all(|k| outs.contains(&state.edges[*k].src) && names_it(k));
        let feeds = graph.out_edges(b).iter().all(|k| ins.contains(&state.edges[*k].dst) && names_it(k));
        if !fed || !feeds {
            return None;
        }
        borders.insert(data.clone());
    }
    for data in &borders {
        let private = sdfg.container(data).is_some_and(|d| d.transient && matches!(d.kind, DataKind::Array | DataKind::Scalar));
        let only_here = place::states(sdfg).iter().all(|(p, s)| {
            let nodes = access_nodes(s, data);
            if p.as_slice() == path { nodes.iter().all(|n| border_nodes.contains(n)) } else { nodes.is_empty() }
        });
        if !private || !only_here || mentioned_in_code(sdfg, data) {
            return None;
        }
    }
    if !independent(state, &graph, (e, x), &components, &map.params) {
        return None;
    }
    Some(Plan { entry: e, exit: x, components, borders })
}

/// Whether the split keeps the order of accesses to data the map writes:
/// no two computations write it, and one reading it must come before the
/// one writing it (a path leads from it there), each iteration touching its
/// own part (after the split, all reads run before all writes).
fn independent(state: &State, graph: &Dataflow, (e, x): (usize, usize), components: &[(usize, usize)], params: &[String]) -> bool {
    let at = |edges: &[usize], end: usize, data: &str| -> Vec<Option<&Subset>> {
        edges
            .iter()
            .map(|&k| &state.edges[k])
            .filter(|d| (d.src == end || d.dst == end) && d.memlet.data.as_deref() == Some(data))
            .map(|d| d.memlet.subset.as_ref().filter(|_| d.memlet.other_subset.is_none()))
            .collect()
    };
    for (a, &(a_in, a_out)) in components.iter().enumerate() {
        let written: BTreeSet<String> = graph.out_edges(a_out).iter().filter(|&&k| state.edges[k].dst == x).filter_map(|&k| state.edges[k].memlet.data.clone()).collect();
        for data in &written {
            for (_, &(b_in, b_out)) in components.iter().enumerate().filter(|(b, _)| *b != a) {
                if !at(graph.out_edges(b_out), x, data).is_empty() {
                    return false;
                }
                let reads = at(graph.in_edges(b_in), e, data);
                if reads.is_empty() {
                    continue;
                }
                let mut all = reads;
                all.extend(at(graph.out_edges(a_out), x, data));
                all.extend(at(graph.in_edges(a_in), e, data));
                let Some(subsets) = all.into_iter().collect::<Option<Vec<&Subset>>>() else { return false };
                if !reachable(state, b_out, true)[a_in] || !split_among_iterations(&subsets, params, &[]) {
                    return false;
                }
            }
        }
    }
    true
}

/// The index of each map parameter counted from 0 in steps of 1.
fn iteration_indices(map: &MapScope) -> Vec<Dim> {
    map.params
        .iter()
        .zip(map.range.dims())
        .map(|(p, d)| {
            let from_start = Expr::sym(p).sub(&d.start);
            let index = match d.step.as_int() {
                Some(1) => from_start,
                _ => Expr::call("int_floor", vec![from_start, d.step.clone()]).simplify(),
            };
            Dim::index(index)
        })
        .collect()
}

/// Grows each border container by the map's iteration space and rewrites
/// every memlet naming it; returns the new shapes.
fn expand_borders(sdfg: &mut Sdfg, state: &mut State, map: &MapScope, borders: &BTreeSet<String>) -> Result<HashMap<String, Vec<Expr>>, String> {
    let sizes: Vec<Expr> = map.range.dims().iter().map(Dim::num_elements).collect();
    let indices = iteration_indices(map);
    let mut shapes = HashMap::new();
    for data in borders {
        let desc = sdfg.container_mut(data).ok_or_else(|| format!("no container '{data}'"))?;
        let one_element = desc.shape.iter().all(|s| s.as_int() == Some(1));
        desc.shape = if one_element { sizes.clone() } else { [sizes.clone(), desc.shape.clone()].concat() };
        desc.kind = DataKind::Array;
        desc.strides = None;
        desc.offset = None;
        desc.total_size = None;
        if desc.storage == Storage::Register {
            desc.storage = Storage::Default;
        }
        shapes.insert(data.clone(), desc.shape.clone());
        for edge in state.edges.iter_mut().filter(|d| d.memlet.data.as_deref() == Some(data.as_str())) {
            let old = edge.memlet.subset.as_ref().map(|s| s.dims().to_vec()).unwrap_or_default();
            let dims = if one_element { indices.clone() } else { [indices.clone(), old].concat() };
            edge.memlet.subset = Some(Subset::Range(dims));
        }
    }
    Ok(shapes)
}

/// Puts each computation in a copy of the map and removes the old one;
/// returns the new entries.
fn split(state: &mut State, plan: &Plan, map: &MapScope, shapes: &HashMap<String, Vec<Expr>>) -> Vec<usize> {
    let (e, x) = (plan.entry, plan.exit);
    let before = state.clone();
    let graph = Dataflow::new(&before);
    let mut added = Vec::new();
    let mut entries = Vec::new();
    for (k, &(cin, cout)) in plan.components.iter().enumerate() {
        let (ek, xk) = (state.nodes.len(), state.nodes.len() + 1);
        let label = format!("{}_fission_{k}", state.nodes[e].label);
        state.nodes.push(Node { label: label.clone(), kind: NodeKind::MapEntry { map: map.clone(), exit: xk }, in_connectors: vec![], out_connectors: vec![], ..state.nodes[e].clone() });
        state.nodes.push(Node { label, kind: NodeKind::MapExit { entry: ek }, in_connectors: vec![], out_connectors: vec![], ..state.nodes[x].clone() });
        entries.push(ek);
        let new_map = MapCopy { map, shapes, graph: &graph };
        new_map.rewire(state, graph.in_edges(cin), true, (e, ek), &mut added);
        new_map.rewire(state, graph.out_edges(cout), false, (x, xk), &mut added);
        if graph.in_edges(cin).is_empty() {
            added.push(empty_edge(ek, cin, &state.nodes[cin].loc));
        }
        if graph.out_edges(cout).is_empty() {
            added.push(empty_edge(cout, xk, &state.nodes[cout].loc));
        }
        // Ordering edges into the old entry and out of the old exit hold for every copy.
        for &o in graph.in_edges(e).iter().filter(|&&o| graph.state().edges[o].memlet.data.is_none()) {
            added.push(DataEdge { dst: ek, dst_conn: None, ..graph.state().edges[o].clone() });
        }
        for &o in graph.out_edges(x).iter().filter(|&&o| graph.state().edges[o].memlet.data.is_none()) {
            added.push(DataEdge { src: xk, src_conn: None, ..graph.state().edges[o].clone() });
        }
    }
    state.edges.retain(|d| d.src != e && d.dst != e && d.src != x && d.dst != x);
    state.edges.extend(added);
    remove_nodes(state, &[e, x]);
    // Removing the two old nodes shifted every later index by two.
    entries.into_iter().map(|n| n - 2).collect()
}

/// What rewiring a computation's edges to its own map needs.
struct MapCopy<'a> {
    map: &'a MapScope,
    shapes: &'a HashMap<String, Vec<Expr>>,
    /// The state before the split.
    graph: &'a Dataflow<'a>,
}

impl MapCopy<'_> {
    /// Moves one end of `edges` (the source end, `at_src`, for edges into a
    /// computation; else the destination) from `old` (the old entry or
    /// exit, or a border access node) to `new`, the copy's entry or exit,
    /// through a connector pair per source or destination, and adds the
    /// edges outside `new`: the old map's outer edges, or one from or to
    /// the border node with what the whole map moves.
    fn rewire(&self, state: &mut State, edges: &[usize], at_src: bool, (old, new): (usize, usize), added: &mut Vec<DataEdge>) {
        // Inner connectors are OUT_x on an entry, IN_x on an exit.
        let (inner, outer) = if at_src { (Side::Out, Side::In) } else { (Side::In, Side::Out) };
        let mut names = Names::default();
        for &i in edges {
            let edge = state.edges[i].clone();
            let (from, conn) = if at_src { (edge.src, edge.src_conn.clone()) } else { (edge.dst, edge.dst_conn.clone()) };
            let Some(data) = edge.memlet.data.clone() else {
                set_end(&mut state.edges[i], at_src, new, None);
                continue;
            };
            let (base, first) = names.name((from, conn.clone()), conn.as_deref().and_then(|c| conn::base(inner, c)).unwrap_or(&data));
            set_end(&mut state.edges[i], at_src, new, Some(conn::named(inner, &base)));
            if !first {
                continue;
            }
            add_connectors(&mut state.nodes[new], &base);
            let outer_conn = Some(conn::named(outer, &base));
            if from == old {
                let through = if at_src { self.graph.through_src(i) } else { self.graph.through_dst(i) };
                for &o in through {
                    let mut outside = self.graph.state().edges[o].clone();
                    set_end(&mut outside, !at_src, new, outer_conn.clone());
                    added.push(outside);
                }
            } else {
                let memlet = around(&edge.memlet, self.map, &self.shapes[&data]);
                let mut outside = DataEdge { src: from, src_conn: None, dst: from, dst_conn: None, memlet, loc: edge.loc.clone() };
                set_end(&mut outside, !at_src, new, outer_conn);
                added.push(outside);
            }
        }
    }
}

/// Sets an edge's source (`src`) or destination node and connector.
fn set_end(edge: &mut DataEdge, src: bool, node: usize, conn: Option<String>) {
    if src {
        (edge.src, edge.src_conn) = (node, conn);
    } else {
        (edge.dst, edge.dst_conn) = (node, conn);
    }
}

/// The connector names of one side of a new map: one per source (or
/// destination), named after the old connector or the data.
#[derive(Default)]
struct Names {
    given: HashMap<String, (usize, Option<String>)>,
}

impl Names {
    /// The name for `key` and whether it is new.
    fn name(&mut self, key: (usize, Option<String>), wanted: &str) -> (String, bool) {
        let mut base = wanted.to_string();
        let mut k = 0;
        loop {
            match self.given.get(&base) {
                Some(owner) if *owner == key => return (base, false),
                Some(_) => {
                    base = format!("{wanted}_{k}");
                    k += 1;
                }
                None => {
                    self.given.insert(base.clone(), key);
                    return (base, true);
                }
            }
        }
    }
}

fn add_connectors(node: &mut Node, base: &str) {
    node.in_connectors.push((conn::in_conn(base), None));
    node.out_connectors.push((conn::out_conn(base), None));
}

/// The memlet outside a new map for an inner one on a border container:
/// what the whole map moves, or the whole container.
fn around(inner: &Memlet, map: &MapScope, shape: &[Expr]) -> Memlet {
    propagate_memlet(inner, map, &[], shape).unwrap_or_else(|| Memlet {
        subset: Some(full_subset(shape)),
        volume: None,
        dynamic: false,
        ..inner.clone()
    })
}

fn empty_edge(src: usize, dst: usize, loc: &crate::model::Loc) -> DataEdge {
    DataEdge { src, src_conn: None, dst, dst_conn: None, memlet: Memlet::default(), loc: loc.clone() }
}
