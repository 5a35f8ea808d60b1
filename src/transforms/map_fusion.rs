//! MapFusion: two maps over the same range, where the second reads element
//! by element what the first writes into a transient, become one map; the
//! transient shrinks to a scalar per iteration (DaCe's MapFusion, serial
//! producer-consumer case).
//!
//! ```mlir
//! %e1, %x1 = sdfg.map "a" ["i"] = 0:N { ... %t1["y"] -> %x1["IN_T"] {data = "T", subset = #sdfg.range<i>} }
//! %T = sdfg.access "T"
//! sdfg.memlet %x1["OUT_T"] -> %T {data = "T", subset = #sdfg.range<0:N>}
//! sdfg.memlet %T -> %e2["IN_T"] {data = "T", subset = #sdfg.range<0:N>}
//! %e2, %x2 = sdfg.map "b" ["j"] = 0:N { ... %e2["OUT_T"] -> %t2["x"] {data = "T", subset = #sdfg.range<j>} }
//! ```
//! becomes
//! ```mlir
//! %e1, %x2 = sdfg.map "a" ["i"] = 0:N {
//!   ... %t1["y"] -> %T {data = "T", subset = #sdfg.range<0>}
//!   %T = sdfg.access "T"
//!   %T -> %t2["x"] {data = "T", subset = #sdfg.range<0>} ...
//! }
//! ```
//! with `T` now a scalar. Preconditions: `T` is transient, has this one
//! access node in the SDFG, is written by one single-element memlet
//! (no WCR) and read at that same element; equal ranges (up to parameter
//! names); both maps in the same scope, without dynamic range inputs; no
//! other path leads from the first map to the second; the second map
//! writes no data the first reads or writes (views resolved to what they
//! view; references, whose target is unknown, block the fusion).

use super::map_collapse::remove_nodes;
use super::map_expansion::has_dynamic_inputs;
use super::scope_subst::{renaming_is_safe, substitute_in};
use super::uses::viewed_chain_in;
use super::place::Step;
use super::place::StateSite;
use super::{place, Match, Options, Transformation};
use crate::model::conn::{self, Side};
use crate::model::dataflow::Dataflow;
use crate::model::{DataKind, Node, NodeKind, Sdfg, State};
use crate::symbolic::{Dim, Expr, Subset};
use std::cell::OnceCell;
use std::collections::{HashMap, HashSet};

pub struct MapFusion;

impl Transformation for MapFusion {
    fn local_edits(&self) -> bool {
        true
    }
    fn name(&self) -> &'static str {
        "sdfg-map-fusion"
    }

    fn summary(&self) -> &'static str {
        "Fuse a map into the next one that reads its transient output element-wise"
    }

    fn matches(&self, sdfg: &Sdfg) -> Vec<Match> {
        // Listing every match asks about many containers: count them all once.
        let counts = OnceCell::new();
        let accesses = |d: &str| counts.get_or_init(|| access_counts(sdfg)).get(d).copied().unwrap_or(0);
        place::node_matches(sdfg, |site, a| describe(sdfg, site, &accesses, a))
    }

    fn first_match(&self, sdfg: &Sdfg, _options: &Options) -> Result<Option<Match>, String> {
        Ok(place::first_node_match(sdfg, |site, a| describe(sdfg, site, &|d| access_count(sdfg, d), a)))
    }

    fn apply(&self, sdfg: &mut Sdfg, m: &Match, _options: &Options) -> Result<(), String> {
        fuse_through(sdfg, &m.place.state, m.place.node)
    }

    fn apply_everywhere(&self, sdfg: &mut Sdfg, _options: &Options, limit: usize) -> Result<usize, String> {
        super::map_fusion_rounds::apply_everywhere(sdfg, limit)
    }
}

/// "map 'a' into map 'b' through 'T' in state 's'" when the maps around
/// access node `a` fuse (`accesses`: a container's access node count).
fn describe(sdfg: &Sdfg, site: &StateSite, accesses: &dyn Fn(&str) -> usize, a: usize) -> Option<String> {
    let state = site.state;
    if !matches!(state.nodes[a].kind, NodeKind::Access { .. }) {
        return None;
    }
    let f = fusible(sdfg, site, accesses, a)?;
    let (first, second) = (&state.nodes[f.e1].label, &state.nodes[f.e2].label);
    Some(format!("map '{first}' into map '{second}' through '{}' in state '{}'", f.data, place::state_label(sdfg, site.path)))
}

/// Fuses the two maps around access node `a` of the state at `path`,
/// shrinking their transient to a scalar.
pub(super) fn fuse_through(sdfg: &mut Sdfg, path: &[Step], a: usize) -> Result<(), String> {
    let state = place::state(sdfg, path).ok_or("match refers to a missing state")?;
    let site = StateSite::new(path, state);
    let f = fusible(sdfg, &site, &|d| access_count(sdfg, d), a).ok_or("match no longer applies")?;
    let plan = plan(&site, a, f).ok_or("the scopes of the state are malformed")?;
    let state = place::state_mut(sdfg, path).ok_or("match refers to a missing state")?;
    let mut dead = Dead::default();
    fuse(state, &plan, &mut dead)?;
    dead.remove_from(state);
    shrink_to_scalar(sdfg, &plan.f.data)
}

/// The fused transient becomes a scalar.
pub(super) fn shrink_to_scalar(sdfg: &mut Sdfg, data: &str) -> Result<(), String> {
    let desc = sdfg.container_mut(data).ok_or("fused data is not a container")?;
    desc.kind = DataKind::Scalar;
    desc.shape = vec![Expr::int(1)];
    desc.strides = Some(vec![Expr::int(1)]);
    desc.offset = Some(vec![Expr::int(0)]);
    desc.total_size = Some(Expr::int(1));
    Ok(())
}

/// The two maps around access node `a`.
pub(super) struct Fusion {
    pub(super) data: String,
    pub(super) e1: usize,
    pub(super) x1: usize,
    pub(super) e2: usize,
    pub(super) x2: usize,
    /// The second map's parameters renamed to the first's.
    pub(super) rename: HashMap<String, Expr>,
    /// Whether the memlets at the transient keep their subsets (a slice
    /// per iteration, reshaped by the caller) instead of becoming `[0]`.
    pub(super) keep_subsets: bool,
}

/// How many access nodes `data` has in the SDFG's states, one more when
/// control flow reads it (an interstate `__cond = T[i]`).
pub(super) fn access_count(sdfg: &Sdfg, data: &str) -> usize {
    let is_data = |n: &&Node| matches!(&n.kind, NodeKind::Access { data: d, .. } if d == data);
    let nodes: usize = place::states(sdfg).iter().map(|(_, s)| s.nodes.iter().filter(is_data).count()).sum();
    nodes + crate::analysis::rwsets::control_reads(sdfg).reads_data(data) as usize
}

/// As [`access_count`], for every container.
pub(super) fn access_counts(sdfg: &Sdfg) -> HashMap<&str, usize> {
    let mut counts = HashMap::new();
    let control = crate::analysis::rwsets::control_reads(sdfg);
    for (name, _) in &sdfg.containers {
        if control.reads_data(name) {
            counts.insert(name.as_str(), 1);
        }
    }
    for (_, s) in place::states(sdfg) {
        for n in &s.nodes {
            if let NodeKind::Access { data, .. } = &n.kind {
                *counts.entry(data.as_str()).or_insert(0) += 1;
            }
        }
    }
    counts
}

pub(super) fn fusible(sdfg: &Sdfg, site: &StateSite, accesses: &dyn Fn(&str) -> usize, a: usize) -> Option<Fusion> {
    let (state, graph) = (site.state, site.graph());
    let NodeKind::Access { data, .. } = &state.nodes[a].kind else { return None };
    let desc = sdfg.container(data)?;
    if !desc.transient || !matches!(desc.kind, DataKind::Array | DataKind::Scalar) {
        return None;
    }
    let edge = |i: &usize| &state.edges[*i];
    let ins: Vec<_> = graph.in_edges(a).iter().map(edge).collect();
    let outs: Vec<_> = graph.out_edges(a).iter().map(edge).collect();
    if ins.len() != 1 || outs.is_empty() || accesses(data) != 1 {
        return None;
    }
    let x1 = ins[0].src;
    let NodeKind::MapExit { entry: e1 } = state.nodes[x1].kind else { return None };
    let e2 = outs[0].dst;
    if outs.iter().any(|e| e.dst != e2 || e.dst_conn.as_deref().and_then(conn::in_base).is_none()) {
        return None;
    }
    let (NodeKind::MapEntry { map: m1, .. }, NodeKind::MapEntry { map: m2, exit: x2 }) =
        (&state.nodes[e1].kind, &state.nodes[e2].kind)
    else {
        return None;
    };
    let parents = site.parents()?;
    if parents[e1] != parents[e2] || has_dynamic_inputs(&state.nodes[e1]) || has_dynamic_inputs(&state.nodes[e2]) {
        return None;
    }
    if m1.params.len() != m2.params.len() {
        return None;
    }
    let rename: HashMap<String, Expr> = m2.params.iter().zip(&m1.params).map(|(p, q)| (p.clone(), Expr::sym(q))).collect();
    let same = |a: &Dim, b: &Dim| {
        let s = |e: &Expr| e.substitute(&rename).simplify();
        s(&a.start) == b.start.simplify() && s(&a.end) == b.end.simplify() && s(&a.step) == b.step.simplify()
    };
    if m2.range.dims().len() != m1.range.dims().len() || m2.range.dims().iter().zip(m1.range.dims()).any(|(a, b)| !same(a, b)) {
        return None;
    }
    // The one element each iteration writes...
    let out_conn = conn::out_base(ins[0].src_conn.as_deref()?)?;
    let writes: Vec<_> = graph.in_edges_at(x1, Some(&conn::in_conn(out_conn))).iter().map(edge).collect();
    let [write] = writes.as_slice() else { return None };
    let w = &write.memlet;
    if w.data.as_deref() != Some(data.as_str()) || w.wcr.is_some() || w.dynamic || w.other_subset.is_some() {
        return None;
    }
    let element = w.subset.as_ref().filter(|s| s.dims().iter().all(Dim::is_index))?;
    // ...is the one it reads.
    for o in &outs {
        let read = conn::in_base(o.dst_conn.as_deref()?)?;
        for r in graph.out_edges_at(e2, Some(&conn::out_conn(read))).iter().map(edge) {
            let m = &r.memlet;
            let sub = m.subset.as_ref()?;
            let renamed: Vec<Expr> = sub.dims().iter().map(|d| d.start.substitute(&rename).simplify()).collect();
            let wanted: Vec<Expr> = element.dims().iter().map(|d| d.start.simplify()).collect();
            if m.data.as_deref() != Some(data.as_str()) || m.other_subset.is_some() || !sub.dims().iter().all(Dim::is_index) || renamed != wanted {
                return None;
            }
        }
    }
    // No other path from the first map to the second.
    if other_path(graph, x1, a, e2) {
        return None;
    }
    // Fused, iteration i of the second map runs before iteration i + 1 of
    // the first: what the second writes must be untouched by the first.
    let written = scope_data(graph, *x2, false);
    let used_by_first: Vec<String> = scope_data(graph, e1, true).into_iter().chain(scope_data(graph, x1, false)).collect();
    let is_reference = |d: &String| sdfg.container(d).is_some_and(|c| c.kind == DataKind::Reference);
    if written.iter().any(|d| used_by_first.contains(d)) || written.iter().chain(&used_by_first).any(is_reference) {
        return None;
    }
    // C++ tasklets and library nodes cannot have the parameters renamed.
    let renamed: HashMap<String, Expr> = rename.iter().filter(|(p, q)| **q != Expr::sym(p)).map(|(p, q)| (p.clone(), q.clone())).collect();
    if !renamed.is_empty() && !renaming_is_safe(state, e2, *x2, &site.body(e2)?, &renamed, &m2.params) {
        return None;
    }
    Some(Fusion { data: data.clone(), e1, x1, e2, x2: *x2, rename, keep_subsets: false })
}

/// The data entering a map entry (`into`) or leaving a map exit, with the
/// data that views among them alias.
pub(super) fn scope_data(graph: &Dataflow, node: usize, into: bool) -> Vec<String> {
    let state = graph.state();
    let edges = if into { graph.in_edges(node) } else { graph.out_edges(node) };
    let mut out = Vec::new();
    for e in edges.iter().map(|&i| &state.edges[i]) {
        let far = if into { e.src } else { e.dst };
        out.extend(viewed_chain_in(graph, far));
        out.extend(e.memlet.data.clone());
    }
    out
}

/// Whether a path leads from `from` to `to` other than the one through
/// `skip` (searching only what `from` reaches without `skip`).
pub(super) fn other_path(graph: &Dataflow, from: usize, skip: usize, to: usize) -> bool {
    let state = graph.state();
    let mut seen = HashSet::from([from]);
    let mut stack = vec![from];
    while let Some(n) = stack.pop() {
        for &i in graph.out_edges(n) {
            let next = state.edges[i].dst;
            if next == to && n != skip {
                return true;
            }
            if next != skip && seen.insert(next) {
                stack.push(next);
            }
        }
    }
    false
}

/// A connector suffix not yet used on `node` (`c`, `c_1`, ...).
pub(super) fn fresh_suffix(node: &Node, c: &str) -> String {
    let taken = |s: &str| node.has_in_connector(&conn::in_conn(s)) || node.has_out_connector(&conn::out_conn(s));
    let mut s = c.to_string();
    let mut k = 1;
    while taken(&s) {
        s = format!("{c}_{k}");
        k += 1;
    }
    s
}

/// Adds the `IN_c`/`OUT_c` connector pairs of `from` (except `skip`) to
/// `to`, renamed where `to` has them already; returns `c` -> new name.
fn move_connectors(state: &mut State, from: usize, to: usize, skip: &[String]) -> HashMap<String, String> {
    let mut renamed = HashMap::new();
    for (c, t) in state.nodes[from].in_connectors.clone() {
        let Some(s) = conn::in_base(&c) else { continue };
        if skip.contains(&c) {
            continue;
        }
        let new = fresh_suffix(&state.nodes[to], s);
        let out_t = state.nodes[from].out_connectors.iter().find(|(n, _)| *n == conn::out_conn(s)).and_then(|(_, t)| t.clone());
        state.nodes[to].in_connectors.push((conn::in_conn(&new), t));
        state.nodes[to].out_connectors.push((conn::out_conn(&new), out_t));
        renamed.insert(s.to_string(), new);
    }
    renamed
}

/// One fusion, with the nodes and edges it rewrites listed on the state
/// before any change, so that fusions of disjoint map pairs found on one
/// analysis apply one after the other without a new one.
pub(super) struct Plan {
    pub(super) a: usize,
    pub(super) f: Fusion,
    /// The second map's scope: its nodes get the first map's parameters...
    body2: Vec<usize>,
    /// ...and so do the memlets on these edges, which touch it.
    scope_edges: Vec<usize>,
    /// The edges at `a` and at both maps' entries and exits.
    around: Vec<usize>,
}

/// Nodes and edges that fusions left behind, removed in one sweep.
#[derive(Default)]
pub(super) struct Dead {
    pub(super) nodes: Vec<usize>,
    pub(super) edges: HashSet<usize>,
}

impl Dead {
    pub(super) fn remove_from(self, state: &mut State) {
        let mut index = 0;
        state.edges.retain(|_| {
            index += 1;
            !self.edges.contains(&(index - 1))
        });
        remove_nodes(state, &self.nodes);
    }
}

pub(super) fn plan(site: &StateSite, a: usize, f: Fusion) -> Option<Plan> {
    let graph = site.graph();
    let body2 = site.body(f.e2)?;
    let edges_at = |nodes: &mut dyn Iterator<Item = usize>| -> Vec<usize> {
        let mut edges: Vec<usize> = nodes.flat_map(|n| graph.in_edges(n).iter().chain(graph.out_edges(n)).copied()).collect();
        edges.sort_unstable();
        edges.dedup();
        edges
    };
    let scope_edges = edges_at(&mut body2.iter().copied().chain([f.e2, f.x2]));
    let around = edges_at(&mut [a, f.e1, f.x1, f.e2, f.x2].into_iter());
    Some(Plan { a, f, body2, scope_edges, around })
}

/// Applies `p`; the nodes and edges it leaves go to `dead`.
pub(super) fn fuse(state: &mut State, p: &Plan, dead: &mut Dead) -> Result<(), String> {
    let (a, f) = (p.a, &p.f);
    substitute_in(state, &p.body2, &p.scope_edges, &f.rename)?;
    let zero = Subset::Range(vec![Dim::index(Expr::int(0))]);
    let inner = state.nodes.len();
    state.nodes.push(state.nodes[a].clone());
    let (e1, x1, e2, x2) = (f.e1, f.x1, f.e2, f.x2);
    // Producer -> inner access node -> consumers.
    let edges = &p.around;
    let out_conn = edges.iter().map(|&i| &state.edges[i]).find(|e| e.src == x1 && e.dst == a).and_then(|e| e.src_conn.clone()).unwrap_or_default();
    // The matcher took this edge's connector to be `OUT_x`.
    let in_conn = conn::partner(&out_conn).unwrap_or_default();
    let read_conns: Vec<String> = edges.iter().map(|&i| &state.edges[i]).filter(|e| e.src == a).filter_map(|e| e.dst_conn.clone()).collect();
    for &i in edges {
        let e = &mut state.edges[i];
        if e.dst == x1 && e.dst_conn.as_deref() == Some(in_conn.as_str()) {
            (e.dst, e.dst_conn) = (inner, None);
            if !f.keep_subsets {
                e.memlet.subset = Some(zero.clone());
            }
        } else if e.src == e2 && conn::partner_of(&e.src_conn).is_some_and(|c| read_conns.contains(&c)) {
            (e.src, e.src_conn) = (inner, None);
            if !f.keep_subsets {
                e.memlet.subset = Some(zero.clone());
            }
        }
    }
    let (gone, kept): (Vec<usize>, Vec<usize>) = edges.iter().partition(|&&i| state.edges[i].src == a || state.edges[i].dst == a);
    dead.edges.extend(gone);
    // The second map's other inputs enter through the first's entry; the
    // first map's other outputs leave through the second's exit.
    let renamed_in = move_connectors(state, e2, e1, &read_conns);
    let renamed_out = move_connectors(state, x1, x2, std::slice::from_ref(&in_conn));
    let rename = |c: &Option<String>, side: Side, table: &HashMap<String, String>| {
        c.as_ref().map(|c| match conn::base(side, c).and_then(|s| table.get(s)) {
            Some(new) => conn::named(side, new),
            None => c.clone(),
        })
    };
    for i in kept {
        let e = &mut state.edges[i];
        if e.dst == e2 {
            e.dst = e1;
            e.dst_conn = rename(&e.dst_conn, Side::In, &renamed_in);
        }
        if e.src == e2 {
            e.src = e1;
            e.src_conn = rename(&e.src_conn, Side::Out, &renamed_in);
        }
        if e.dst == x1 {
            e.dst = x2;
            e.dst_conn = rename(&e.dst_conn, Side::In, &renamed_out);
        }
        if e.src == x1 {
            e.src = x2;
            e.src_conn = rename(&e.src_conn, Side::Out, &renamed_out);
        }
    }
    if let NodeKind::MapEntry { exit, .. } = &mut state.nodes[e1].kind {
        *exit = x2;
    }
    if let NodeKind::MapExit { entry } = &mut state.nodes[x2].kind {
        *entry = e1;
    }
    dead.nodes.extend([a, x1, e2]);
    Ok(())
}
