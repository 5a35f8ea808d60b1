//! SubgraphFusion: two maps that share some of their dimensions, the second
//! reading a slice per shared iteration of what the first writes into a
//! transient, become one map over the shared dimensions with each map's
//! other dimensions as an inner map; the transient shrinks to one slice
//! per iteration (DaCe's SubgraphFusion after MultiExpansion, for a
//! producer and its consumer). Unlike MapFusion, the maps may have
//! different ranges and the transient may be read whole per iteration,
//! as by a row reduction.
//!
//! ```mlir
//! %e1, %x1 = sdfg.map "a" ["i", "j"] = 0:N, 0:M { ... -> %x1["IN_T"] {data = "T", subset = #sdfg.range<i, j>} }
//! sdfg.memlet %x1["OUT_T"] -> %T {data = "T", subset = #sdfg.range<0:N, 0:M>}
//! sdfg.memlet %T -> %e2["IN_T"] {data = "T", subset = #sdfg.range<0:N, 0:M>}
//! %e2, %x2 = sdfg.map "b" ["k", "l"] = 0:N, 0:M { %e2["OUT_T"] -> ... {data = "T", subset = #sdfg.range<k, 0:M>} ... }
//! ```
//! becomes, `T` now of shape `[M]`,
//! ```mlir
//! %e1, %x2 = sdfg.map "a" ["i"] = 0:N {
//!   %e1a, %x1a = sdfg.map "a" ["j"] = 0:M { ... -> %x1a["IN_T"] {data = "T", subset = #sdfg.range<j>} }
//!   %x1a["OUT_T"] -> %T {data = "T", subset = #sdfg.range<0:M>}
//!   %T -> %e2b["IN_T"] {data = "T", subset = #sdfg.range<0:M>}
//!   %e2b, %x2b = sdfg.map "b" ["l"] = 0:M { %e2b["OUT_T"] -> ... {data = "T", subset = #sdfg.range<0:M>} ... }
//! }
//! ```
//! The outer dimensions are the longest run of leading dimensions whose
//! ranges the two maps share and whose parameter, in every memlet of `T`
//! inside the two maps, is exactly the index of some dimension of `T`, so
//! that each outer iteration owns its slice; the inner maps keep the
//! trailing dimensions, which address memory contiguously. Preconditions: `T` is a transient array
//! of `Scope` lifetime with this one access node in the SDFG, written by
//! the first map alone (no WCR) and read by the second alone; its memlets
//! there name it, join plain nodes (no nested SDFG, library node or
//! non-Python tasklet) and give a subset; both maps are in the same scope,
//! without dynamic or parameter-dependent ranges; no other path leads from
//! the first map to the second; the second map writes nothing the first
//! uses and reads nothing else the first writes; no reference is involved;
//! the renaming of the second map's shared parameters is safe and none of
//! its other parameters takes a shared parameter's name.

use super::map_expansion::has_dynamic_inputs;
use super::map_fusion::{self, access_count, other_path, scope_data, shrink_to_scalar, Dead, Fusion};
use super::place::{self, StateSite};
use super::propagate_memlets::propagate_maps;
use super::scope_subst::{renaming_is_safe, substitute_in, substitute_subset};
use super::{Match, Options, Transformation};
use crate::model::dataflow::Dataflow;
use crate::model::{conn, DataKind, Lifetime, MapScope, NodeKind, Schedule, Sdfg, State};
use crate::symbolic::{Dim, Expr, Subset};
use std::collections::{BTreeSet, HashMap};

pub struct SubgraphFusion;

impl Transformation for SubgraphFusion {
    fn name(&self) -> &'static str {
        "sdfg-subgraph-fusion"
    }

    fn summary(&self) -> &'static str {
        "Fuse a map and the next one over their shared dimensions, the transient between them one slice per iteration"
    }

    place::node_matched_in_states!(describe);

    fn apply(&self, sdfg: &mut Sdfg, m: &Match, _options: &Options) -> Result<(), String> {
        let state = place::state(sdfg, &m.place.state).ok_or("match refers to a missing state")?;
        let site = StateSite::new(&m.place.state, state);
        let plan = plan(sdfg, &site, m.place.node).ok_or("match no longer applies")?;
        let mut state = state.clone();
        fuse(sdfg, &m.place.state, &mut state, &plan)?;
        *place::state_mut(sdfg, &m.place.state).ok_or("match refers to a missing state")? = state;
        reshape(sdfg, &plan.data, &plan.dropped)
    }
}

/// "map 'a' into map 'b' through 'T' over 'i' in state 's'".
fn describe(sdfg: &Sdfg, site: &StateSite, a: usize) -> Option<String> {
    if !matches!(site.state.nodes[a].kind, NodeKind::Access { .. }) {
        return None;
    }
    let p = plan(sdfg, site, a)?;
    let NodeKind::MapEntry { map, .. } = &site.state.nodes[p.maps.e1].kind else { return None };
    let outer: Vec<&str> = p.shared.iter().map(|&(i, _)| map.params[i].as_str()).collect();
    Some(p.maps.describe(sdfg, site, &p.data, &format!("over '{}'", outer.join(", "))))
}

struct Plan {
    data: String,
    maps: OuterMaps,
    /// The shared dimensions that become the outer map: (first map's
    /// dimension, second map's dimension), in the first map's order.
    shared: Vec<(usize, usize)>,
    /// The second map's shared parameters renamed to the first's.
    rename: HashMap<String, Expr>,
    /// The dimensions of `T` that the outer parameters index.
    dropped: Vec<usize>,
}

/// A transient between two maps of one scope, as both fusions here need
/// it: access node `a` of a transient array of `Scope` lifetime, its only
/// one in the SDFG, written (no WCR) by the first map's exit alone and
/// read by the second map's entry alone; maps without dynamic or
/// parameter-dependent ranges.
pub(super) struct Between<'s> {
    pub(super) data: String,
    pub(super) maps: OuterMaps,
    pub(super) m1: &'s MapScope,
    pub(super) m2: &'s MapScope,
    /// Every memlet of the transient inside the two maps: whether it is in
    /// the second, and its subset. Each joins plain nodes (no nested SDFG,
    /// library node or non-Python tasklet), has no WCR and gives a subset
    /// of the transient's rank.
    pub(super) memlets: Vec<(bool, Vec<Dim>)>,
}

pub(super) fn between<'s>(sdfg: &Sdfg, site: &StateSite<'s>, a: usize) -> Option<Between<'s>> {
    let (state, graph) = (site.state, site.graph());
    let NodeKind::Access { data, .. } = &state.nodes[a].kind else { return None };
    let desc = sdfg.container(data)?;
    if !desc.transient || desc.kind != DataKind::Array || desc.lifetime != Lifetime::Scope || access_count(sdfg, data) != 1 {
        return None;
    }
    let ins = graph.in_edges(a);
    let outs = graph.out_edges(a);
    let [write] = ins else { return None };
    let x1 = state.edges[*write].src;
    let NodeKind::MapExit { entry: e1 } = state.nodes[x1].kind else { return None };
    let e2 = state.edges[*outs.first()?].dst;
    let at_a_ok = ins.iter().chain(outs).all(|&i| {
        let e = &state.edges[i];
        e.memlet.data.as_deref() == Some(data.as_str()) && e.memlet.wcr.is_none()
    });
    if !at_a_ok || outs.iter().any(|&i| state.edges[i].dst != e2 || state.edges[i].dst_conn.as_deref().and_then(conn::in_base).is_none()) {
        return None;
    }
    let (NodeKind::MapEntry { map: m1, .. }, NodeKind::MapEntry { map: m2, exit: x2 }) = (&state.nodes[e1].kind, &state.nodes[e2].kind) else {
        return None;
    };
    let parents = site.parents()?;
    let plain_map = |e: usize, m: &MapScope| !has_dynamic_inputs(&state.nodes[e]) && !m.has_dependent_ranges();
    if parents[e1] != parents[e2] || !plain_map(e1, m1) || !plain_map(e2, m2) {
        return None;
    }
    let (body1, body2) = (site.body(e1)?, site.body(e2)?);
    let plain = |n: usize| match &state.nodes[n].kind {
        NodeKind::Tasklet { code } => code.language == "Python",
        NodeKind::Access { .. } | NodeKind::MapEntry { .. } | NodeKind::MapExit { .. } => true,
        _ => false,
    };
    let mut memlets = Vec::new();
    for (k, e) in state.edges.iter().enumerate() {
        if e.memlet.data.as_deref() != Some(data.as_str()) || ins.contains(&k) || outs.contains(&k) {
            continue;
        }
        let first = e.dst == x1 || (body1.contains(&e.src) && body1.contains(&e.dst));
        let second = e.src == e2 || (body2.contains(&e.src) && body2.contains(&e.dst));
        let Some(Subset::Range(dims)) = &e.memlet.subset else { return None };
        if !(first || second) || !plain(e.src) || !plain(e.dst) || e.memlet.wcr.is_some() || dims.len() != desc.shape.len() {
            return None;
        }
        memlets.push((second, dims.clone()));
    }
    let maps = OuterMaps { a, e1, x1, e2, x2: *x2 };
    Some(Between { data: data.clone(), maps, m1, m2, memlets })
}

fn plan(sdfg: &Sdfg, site: &StateSite, a: usize) -> Option<Plan> {
    let b = between(sdfg, site, a)?;
    let (m1, m2) = (b.m1, b.m2);
    let rank = sdfg.container(&b.data)?.shape.len();
    let pairs = shared_dims(m1, m2);
    let rename_all: HashMap<String, Expr> = pairs.iter().map(|&(i, j)| (m2.params[j].clone(), Expr::sym(&m1.params[i]))).collect();
    // Every memlet of `T` in either map, the second's in the first's names.
    let subsets: Vec<Vec<Dim>> = b
        .memlets
        .iter()
        .map(|(second, dims)| {
            let mut renamed = Subset::Range(dims.clone());
            if *second {
                substitute_subset(&mut renamed, &rename_all);
            }
            renamed.dims().to_vec()
        })
        .collect();
    // A shared dimension is outer when some dimension of `T` is its
    // parameter in every memlet.
    let indexed_by = |p: &str| -> Vec<usize> {
        (0..rank)
            .filter(|&d| {
                !subsets.is_empty() && subsets.iter().all(|s| s[d].is_index() && s[d].start.simplify() == Expr::sym(p))
            })
            .collect()
    };
    let mut shared = Vec::new();
    let mut dropped = BTreeSet::new();
    for &(i, j) in &pairs {
        let dims = indexed_by(&m1.params[i]);
        if dims.is_empty() {
            break;
        }
        shared.push((i, j));
        dropped.extend(dims);
    }
    if shared.is_empty() {
        return None;
    }
    // The second map's other parameters must not hide an outer one.
    let outer_names: Vec<&String> = shared.iter().map(|&(i, _)| &m1.params[i]).collect();
    let inner2 = (0..m2.params.len()).filter(|j| !shared.iter().any(|s| s.1 == *j));
    if inner2.clone().any(|j| outer_names.contains(&&m2.params[j])) {
        return None;
    }
    let rename: HashMap<String, Expr> = shared
        .iter()
        .filter(|&&(i, j)| m1.params[i] != m2.params[j])
        .map(|&(i, j)| (m2.params[j].clone(), Expr::sym(&m1.params[i])))
        .collect();
    let (e2, x2) = (b.maps.e2, b.maps.x2);
    if !rename.is_empty() && !renaming_is_safe(site.state, e2, x2, &site.body(e2)?, &rename, &m2.params) {
        return None;
    }
    if fusion_conflicts(sdfg, site.graph(), &b.data, &b.maps) {
        return None;
    }
    Some(Plan { data: b.data, maps: b.maps, shared, rename, dropped: dropped.into_iter().collect() })
}

/// The leading dimensions the two maps share: pairs of equal ranges at
/// the same position, up to the first that differs.
fn shared_dims(m1: &MapScope, m2: &MapScope) -> Vec<(usize, usize)> {
    let eq = |x: &Expr, y: &Expr| x.simplify() == y.simplify() || x.is_symbolically_equal(y);
    let same = |a: &Dim, b: &Dim| eq(&a.start, &b.start) && eq(&a.end, &b.end) && eq(&a.step, &b.step) && eq(&a.tile, &b.tile);
    m1.range.dims().iter().zip(m2.range.dims()).take_while(|(a, b)| same(a, b)).enumerate().map(|(t, _)| (t, t)).collect()
}

/// Splits the map at `e` into an outer map over `outer` (dimension indices,
/// in order) with the rest as a sequential inner map; returns the inner
/// entry, if there is one.
fn split(state: &mut State, e: usize, outer: &[usize]) -> Result<Option<usize>, String> {
    let NodeKind::MapEntry { map, exit } = &state.nodes[e].kind else { return Err("not a map entry".into()) };
    let (map, x) = (map.clone(), *exit);
    let dims = map.range.dims();
    let rest: Vec<usize> = (0..dims.len()).filter(|d| !outer.contains(d)).collect();
    let scope = |ds: &[usize], schedule: Schedule| MapScope {
        params: ds.iter().map(|&d| map.params[d].clone()).collect(),
        range: Subset::Range(ds.iter().map(|&d| dims[d].clone()).collect()),
        schedule,
    };
    if rest.is_empty() {
        if let NodeKind::MapEntry { map: m, .. } = &mut state.nodes[e].kind {
            *m = scope(outer, map.schedule);
        }
        return Ok(None);
    }
    let inner_entry = state.nodes.len();
    super::map_tiling::nest(state, e, x, scope(outer, map.schedule), scope(&rest, Schedule::Sequential));
    Ok(Some(inner_entry))
}

fn fuse(sdfg: &Sdfg, path: &[place::Step], state: &mut State, p: &Plan) -> Result<(), String> {
    // The second map's shared parameters take the first's names.
    if !p.rename.is_empty() {
        let parents = crate::model::scope::scope_parents(state)?;
        let body2 = super::scope_subst::inside(&parents, p.maps.e2);
        let scope: Vec<usize> = body2.iter().copied().chain([p.maps.e2, p.maps.x2]).collect();
        let edges: Vec<usize> = (0..state.edges.len()).filter(|&i| scope.contains(&state.edges[i].src) || scope.contains(&state.edges[i].dst)).collect();
        substitute_in(state, &body2, &edges, &p.rename)?;
        if let NodeKind::MapEntry { map, .. } = &mut state.nodes[p.maps.e2].kind {
            for param in &mut map.params {
                if let Some(new) = p.rename.get(param.as_str()) {
                    *param = new.to_string();
                }
            }
        }
    }
    let outer1: Vec<usize> = p.shared.iter().map(|s| s.0).collect();
    let outer2: Vec<usize> = p.shared.iter().map(|s| s.1).collect();
    let inner: Vec<usize> = [split(state, p.maps.e1, &outer1)?, split(state, p.maps.e2, &outer2)?].into_iter().flatten().collect();
    fuse_outer_maps(sdfg, path, state, &p.maps, &p.data, inner, &|s| drop_dims(s, &p.dropped))
}

/// Whether running the second map's iteration right after the first's
/// could change a result: another path joins the maps, the second map
/// writes what the first uses or reads what else the first writes, or a
/// reference (whose target is unknown) is involved.
pub(super) fn fusion_conflicts(sdfg: &Sdfg, graph: &Dataflow, data: &str, m: &OuterMaps) -> bool {
    if other_path(graph, m.x1, m.a, m.e2) {
        return true;
    }
    let written2 = scope_data(graph, m.x2, false);
    let written1 = scope_data(graph, m.x1, false);
    let used1: Vec<String> = scope_data(graph, m.e1, true).into_iter().chain(written1.iter().cloned()).collect();
    let read2 = scope_data(graph, m.e2, true);
    let is_reference = |d: &String| sdfg.container(d).is_none_or(|c| c.kind == DataKind::Reference);
    written2.iter().any(|d| used1.contains(d))
        || written1.iter().any(|d| d != data && read2.contains(d))
        || written2.iter().chain(&used1).chain(&read2).any(is_reference)
}

/// Two maps with equal parameters and ranges around access node `a`, each
/// holding what an iteration computes (an inner map or a body).
pub(super) struct OuterMaps {
    pub(super) a: usize,
    pub(super) e1: usize,
    pub(super) x1: usize,
    pub(super) e2: usize,
    pub(super) x2: usize,
}

impl OuterMaps {
    /// "map 'a' into map 'b' through 'T' DETAIL in state 's'".
    pub(super) fn describe(&self, sdfg: &Sdfg, site: &StateSite, data: &str, detail: &str) -> String {
        let label = |n: usize| &site.state.nodes[n].label;
        let state = place::state_label(sdfg, site.path);
        format!("map '{}' into map '{}' through '{data}' {detail} in state '{state}'", label(self.e1), label(self.e2))
    }
}

/// Fuses the two outer maps through `data`, which becomes private to one
/// iteration: the outer memlets of the `inner` maps are first narrowed to
/// one iteration, then every memlet of `data` is rewritten by `rewrite`
/// into the coordinates of that iteration's slice.
pub(super) fn fuse_outer_maps(
    sdfg: &Sdfg,
    path: &[place::Step],
    state: &mut State,
    maps: &OuterMaps,
    data: &str,
    inner: Vec<usize>,
    rewrite: &dyn Fn(&Subset) -> Subset,
) -> Result<(), String> {
    propagate_maps(sdfg, state, inner);
    let planned = {
        let site = StateSite::new(path, state);
        let f = Fusion { data: data.to_string(), e1: maps.e1, x1: maps.x1, e2: maps.e2, x2: maps.x2, rename: HashMap::new(), keep_subsets: true };
        map_fusion::plan(&site, maps.a, f).ok_or("the scopes of the state are malformed")?
    };
    let mut dead = Dead::default();
    map_fusion::fuse(state, &planned, &mut dead)?;
    dead.remove_from(state);
    for e in &mut state.edges {
        if e.memlet.data.as_deref() == Some(data) {
            if let Some(s) = &mut e.memlet.subset {
                *s = rewrite(s);
            }
        }
    }
    Ok(())
}

/// `s` without the dimensions `dropped` (`[0]` when none is left).
fn drop_dims(s: &Subset, dropped: &[usize]) -> Subset {
    let kept: Vec<Dim> = s.dims().iter().enumerate().filter(|(d, _)| !dropped.contains(d)).map(|(_, d)| d.clone()).collect();
    if kept.is_empty() {
        Subset::Range(vec![Dim::index(Expr::int(0))])
    } else {
        Subset::Range(kept)
    }
}

/// The transient becomes one slice: its dimensions `dropped` go, and it is
/// laid out densely.
fn reshape(sdfg: &mut Sdfg, data: &str, dropped: &[usize]) -> Result<(), String> {
    let desc = sdfg.container(data).ok_or("fused data is not a container")?;
    let shape: Vec<Expr> = desc.shape.iter().enumerate().filter(|(d, _)| !dropped.contains(d)).map(|(_, e)| e.clone()).collect();
    relayout(sdfg, data, shape)
}

/// `data` gets shape `shape`, laid out densely (a scalar when empty).
pub(super) fn relayout(sdfg: &mut Sdfg, data: &str, shape: Vec<Expr>) -> Result<(), String> {
    if shape.is_empty() {
        return shrink_to_scalar(sdfg, data);
    }
    let desc = sdfg.container_mut(data).ok_or("fused data is not a container")?;
    let mut strides = vec![Expr::int(1); shape.len()];
    for d in (0..shape.len().saturating_sub(1)).rev() {
        strides[d] = strides[d + 1].mul(&shape[d + 1]).simplify();
    }
    desc.total_size = Some(shape.iter().fold(Expr::int(1), |acc, e| acc.mul(e)).simplify());
    desc.offset = Some(vec![Expr::int(0); shape.len()]);
    desc.strides = Some(strides);
    desc.shape = shape;
    Ok(())
}
