//! MapReduceFusion: a map that fills a transient which a Reduce library
//! node then reduces becomes one map writing with the Reduce's
//! write-conflict resolution straight into the output.
//!
//! ```mlir
//! %e, %x = sdfg.map "m" ["i", "j"] = 0:N, 0:M { ... %t["y"] -> %x["IN_T"] {data = "T", subset = #sdfg.range<i, j>} }
//! sdfg.memlet %x["OUT_T"] -> %T {data = "T", subset = #sdfg.range<0:N, 0:M>}
//! %r = sdfg.library "Reduce" {axes = [1], identity = 0, wcr = #sdfg.wcr<Sum, "(lambda a, b: a + b)">}
//! sdfg.memlet %T -> %r["_in"] {data = "T", subset = #sdfg.range<0:N, 0:M>}
//! sdfg.memlet %r["_out"] -> %O {data = "O", subset = #sdfg.range<0:N>}
//! ```
//! becomes
//! ```mlir
//! (a map setting O[0:N] to 0, then an ordering edge from its O to %e)
//! %e, %x = sdfg.map "m" ["i", "j"] = 0:N, 0:M { ... %t["y"] -> %x["IN_T"] {data = "O", subset = #sdfg.range<i>, wcr = #sdfg.wcr<Sum, "(lambda a, b: a + b)">} }
//! sdfg.memlet %x["OUT_T"] -> %O {data = "O", subset = #sdfg.range<0:N>, wcr = #sdfg.wcr<Sum, "(lambda a, b: a + b)">}
//! ```
//! Without an identity the Reduce combines into what the output holds, and
//! so do the WCR writes: nothing is initialised. Preconditions: `T` is a
//! transient with this one access node in the SDFG, written only by the
//! map and read whole only by the Reduce; the map is at top level, without
//! dynamic range inputs, and writes `T` straight from a tasklet, one
//! element per iteration, each index a distinct parameter plus a constant
//! (so no element is written twice); no extent of `T` is 1; the map does
//! not touch the output, which has no other access node in the state and
//! whose non-unit extents match the kept axes; the identity, if any, is a
//! finite number.

use super::array_copy::memlet_tree;
use super::map_collapse::remove_nodes;
use super::map_expansion::has_dynamic_inputs;
use super::uses::{access_data, full_subset, may_alias, mentioned_in_code, same_subset};
use super::{local_storage as ls, place, Match, Options, Transformation};
use crate::model::dataflow::Dataflow;
use crate::model::{scope, DataEdge, DataKind, identity_code, LibraryClass, Memlet, NodeKind, Sdfg, State, Wcr};
use crate::symbolic::{Dim, Expr, Subset};

pub struct MapReduceFusion;

impl Transformation for MapReduceFusion {
    fn local_edits(&self) -> bool {
        true
    }
    fn name(&self) -> &'static str {
        "sdfg-map-reduce-fusion"
    }

    fn summary(&self) -> &'static str {
        "Fuse a map and the Reduce of its transient output into one map writing with WCR"
    }

    fn matches(&self, sdfg: &Sdfg) -> Vec<Match> {
        place::node_matches(sdfg, |site, a| {
            let (path, state) = (site.path, site.state);
            let f = fusible(sdfg, site.graph(), a)?;
            let (map, reduce) = (&state.nodes[f.entry].label, &state.nodes[f.reduce].label);
            let state_label = place::state_label(sdfg, path);
            Some(format!("map '{map}' and reduce '{reduce}' through '{}' into '{}' in state '{state_label}'", f.data, f.out_data))
        })
    }

    fn apply(&self, sdfg: &mut Sdfg, m: &Match, _options: &Options) -> Result<(), String> {
        let state = place::state(sdfg, &m.place.state).ok_or("match refers to a missing state")?;
        let f = fusible(sdfg, &Dataflow::new(state), m.place.node).ok_or("match no longer applies")?;
        let state = place::state_mut(sdfg, &m.place.state).ok_or("match refers to a missing state")?;
        fuse(state, m.place.node, &f);
        sdfg.containers.retain(|(n, _)| *n != f.data);
        Ok(())
    }
}

struct Fusion {
    data: String,
    entry: usize,
    reduce: usize,
    out: usize,
    out_data: String,
    /// The map's write tree into `T` and each edge's new subset of the output.
    tree: Vec<(usize, Subset)>,
    wcr: Wcr,
    /// The output region and the identity to set it to first.
    init: Option<(Subset, String)>,
    out_conn: Option<String>,
}

fn fusible(sdfg: &Sdfg, graph: &Dataflow, a: usize) -> Option<Fusion> {
    let state = graph.state();
    let data = access_data(state, a)?;
    let (&[w], &[r]) = (graph.in_edges(a), graph.out_edges(a)) else { return None };
    let (w, r) = (&w, &state.edges[r]);
    // The Reduce: reads all of T, writes one output region. Checked before
    // the scans of the whole SDFG below, which most access nodes never need.
    let reduce = r.dst;
    let NodeKind::Library(lib) = &state.nodes[reduce].kind else { return None };
    let LibraryClass::Reduce { wcr, axes, identity } = lib.class() else { return None };
    let desc = sdfg.container(data)?;
    if !desc.transient || !matches!(desc.kind, DataKind::Array | DataKind::Scalar) || mentioned_in_code(sdfg, data) {
        return None;
    }
    let everywhere: usize = place::states(sdfg).iter().map(|(_, s)| super::uses::access_nodes(s, data).len()).sum();
    let shape = &desc.shape;
    if everywhere != 1 || shape.iter().any(|s| s.simplify().as_int() == Some(1)) {
        return None;
    }
    let whole = full_subset(shape);
    let reads_all = r.memlet.subset.as_ref().is_none_or(|s| same_subset(s, &whole));
    if !matches!(r.dst_conn.as_deref(), None | Some("_in")) || !reads_all || r.memlet.other_subset.is_some() {
        return None;
    }
    let wcr = wcr.clone();
    let axes: Vec<usize> = axes.clone().unwrap_or_else(|| (0..shape.len()).collect());
    let identity = match identity {
        None => None,
        Some(v) => Some(identity_code(v)?),
    };
    let r_ins = state.edges.iter().filter(|e| e.dst == reduce).count();
    let r_outs: Vec<&DataEdge> = state.edges.iter().filter(|e| e.src == reduce).collect();
    let [o] = r_outs.as_slice() else { return None };
    if !matches!(o.src_conn.as_deref(), None | Some("_out")) {
        return None;
    }
    let out = o.dst;
    let out_data = access_data(state, out)?.to_string();
    let out_desc = sdfg.container(&out_data)?;
    let om = &o.memlet;
    if r_ins != 1 || axes.iter().any(|&x| x >= shape.len()) || om.data.as_deref() != Some(&out_data) || om.wcr.is_some() || om.other_subset.is_some() {
        return None;
    }
    if !matches!(out_desc.kind, DataKind::Array | DataKind::Scalar) || out_data == data {
        return None;
    }
    let region = om.subset.clone().unwrap_or_else(|| full_subset(&out_desc.shape));
    let kept: Vec<usize> = (0..shape.len()).filter(|d| !axes.contains(d)).collect();
    let free: Vec<usize> = (0..region.dims().len()).filter(|&k| region.dims()[k].num_elements().simplify().as_int() != Some(1)).collect();
    if free.len() != kept.len() {
        return None;
    }
    // The map, at top level, writes T from one tasklet, element by element.
    let x = state.edges[*w].src;
    let NodeKind::MapExit { entry } = state.nodes[x].kind else { return None };
    let NodeKind::MapEntry { map, .. } = &state.nodes[entry].kind else { return None };
    let parents = scope::scope_parents(state).ok()?;
    if parents[entry].is_some() || has_dynamic_inputs(&state.nodes[entry]) {
        return None;
    }
    let (edges, leaves) = memlet_tree(graph, *w, true)?;
    let [leaf] = leaves.as_slice() else { return None };
    let write = edges.iter().copied().find(|&i| i != *w)?;
    let wm = &state.edges[write].memlet;
    if edges.len() != 2 || !matches!(state.nodes[*leaf].kind, NodeKind::Tasklet { .. }) || wm.dynamic {
        return None;
    }
    let element = wm.subset.clone()?;
    if !injective(&element, &map.params) {
        return None;
    }
    let mut tree = Vec::new();
    for &i in &edges {
        let m = &state.edges[i].memlet;
        if m.data.as_deref() != Some(data) || m.wcr.is_some() || m.other_subset.is_some() {
            return None;
        }
        let s = m.subset.clone().unwrap_or_else(|| whole.clone());
        let dims: Vec<Dim> = (0..region.dims().len())
            .map(|k| {
                let r = &region.dims()[k];
                match free.iter().position(|&f| f == k) {
                    Some(p) => {
                        let d = &s.dims()[kept[p]];
                        Dim::new(d.start.add(&r.start), d.end.add(&r.start), d.step.clone(), d.tile.clone())
                    }
                    None => Dim::index(r.start.clone()),
                }
            })
            .collect();
        tree.push((i, Subset::Range(dims)));
    }
    // The map must not see the output while it accumulates.
    let body = super::scope_subst::inside(&parents, entry);
    let touches = state.edges.iter().any(|e| {
        let at_map = [e.src, e.dst].iter().any(|n| *n == entry || *n == x || body.contains(n));
        at_map && e.memlet.data.as_deref() == Some(&out_data)
    });
    let others = (0..state.nodes.len()).any(|n| n != out && n != a && may_alias(sdfg, state, n, &out_data));
    if touches || others {
        return None;
    }
    Some(Fusion {
        data: data.to_string(),
        entry,
        reduce,
        out,
        out_data,
        tree,
        wcr,
        init: identity.map(|v| (region, v)),
        out_conn: o.dst_conn.clone(),
    })
}

/// Whether every parameter appears in exactly one index, as itself plus a
/// constant, so distinct iterations write distinct elements.
pub(super) fn injective(element: &Subset, params: &[String]) -> bool {
    let mut seen = Vec::new();
    for d in element.dims() {
        let used: Vec<&String> = params.iter().filter(|p| d.start.free_symbols().contains(*p)).collect();
        match used.as_slice() {
            [] => {}
            [p] if !seen.contains(p) && d.start.sub(&Expr::sym(p)).simplify().free_symbols().iter().all(|s| !params.contains(s)) => {
                seen.push(*p)
            }
            _ => return false,
        }
        if !d.is_index() {
            return false;
        }
    }
    seen.len() == params.len()
}

fn fuse(state: &mut State, a: usize, f: &Fusion) {
    for (i, subset) in &f.tree {
        let e = &mut state.edges[*i];
        e.memlet = Memlet { data: Some(f.out_data.clone()), subset: Some(subset.clone()), wcr: Some(f.wcr.clone()), ..e.memlet.clone() };
        if e.dst == a {
            (e.dst, e.dst_conn) = (f.out, f.out_conn.clone());
        }
    }
    if let Some((region, value)) = &f.init {
        let loc = state.nodes[f.out].loc.clone();
        let init = ls::init_region(state, &f.out_data, region, value, None, &loc);
        // Ordering only: the map starts once the output holds the identity.
        state.edges.push(DataEdge { src: init, src_conn: None, dst: f.entry, dst_conn: None, memlet: Memlet::default(), loc });
    }
    let gone = [a, f.reduce];
    state.edges.retain(|e| !gone.contains(&e.src) && !gone.contains(&e.dst));
    remove_nodes(state, &gone);
}
