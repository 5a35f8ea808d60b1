//! MapWCRFusion: a map filling a transient that an expanded reduction (a
//! map whose body is one map writing with WCR) then reads becomes one map
//! that writes with that WCR (DaCe's MapWCRFusion).
//!
//! ```mlir
//! %e1, %x1 = sdfg.map "m" ["i", "j"] = 0:N, 0:M { ... %t1["y"] -> %x1["IN_T"] {data = "T", subset = #sdfg.range<i, j>} }
//! sdfg.memlet %x1["OUT_T"] -> %T {data = "T", subset = #sdfg.range<0:N, 0:M>}
//! sdfg.memlet %T -> %e2["IN_T"] {data = "T", subset = #sdfg.range<0:N, 0:M>}
//! %e2, %x2 = sdfg.map "r" ["a"] = 0:N {
//!   %e3, %x3 = sdfg.map "ri" ["b"] = 0:M {
//!     ... %e3["OUT_T"] -> %t2["x"] {data = "T", subset = #sdfg.range<a, b>}
//!     %t2["s"] -> %x3["IN_O"] {data = "O", subset = #sdfg.range<a>, wcr = #sdfg.wcr<Sum, "(lambda x, y: x + y)">}
//!   }
//! }
//! ```
//! becomes
//! ```mlir
//! %e1, %x2 = sdfg.map "m" ["i", "j"] = 0:N, 0:M {
//!   ... %t1["y"] -> %T {data = "T", subset = #sdfg.range<0>}
//!   %T -> %t2["x"] {data = "T", subset = #sdfg.range<0>}
//!   %t2["s"] -> %x2["IN_O"] {data = "O", subset = #sdfg.range<i>, wcr = #sdfg.wcr<Sum, "(lambda x, y: x + y)">}
//! }
//! ```
//! with `T` now a scalar. As in DaCe, the reduction's two maps are
//! collapsed into one (`sdfg-map-collapse`), whose parameters are put in
//! the order that lines them up with the first map, and the two maps are
//! then fused (`sdfg-map-fusion`); the writes keep their WCR.
//!
//! Preconditions: `T` has this one access node, written by the first map
//! straight from a tasklet and read only by the outer reduction map; the
//! first map writes each element of `T` in exactly one iteration (every
//! parameter in one index, as itself plus a constant), so reading it in
//! that same iteration sees the value the reduction saw; the inner
//! reduction map receives a WCR write from a tasklet; the reduction maps
//! can be collapsed, and the collapsed map, in some order of its
//! parameters, fuses with the first map under `sdfg-map-fusion`'s
//! preconditions (equal ranges, each read of `T` at the element written,
//! no other path between the maps, the reduction writes nothing the
//! first map uses).

use super::map_collapse::{collapse, collapsible};
use super::map_fusion::{access_count, fuse_through, fusible};
use super::place::StateSite;
use super::map_reduce_fusion::injective;
use super::uses::access_data;
use super::{place, Match, Options, Transformation};
use crate::model::conn;
use crate::model::{NodeKind, Sdfg, State};
use crate::symbolic::{Dim, Subset};

pub struct MapWcrFusion;

/// Above this many parameters only the collapsed order is tried.
const MAX_PERMUTED: usize = 6;

impl Transformation for MapWcrFusion {
    fn name(&self) -> &'static str {
        "sdfg-map-wcr-fusion"
    }

    fn summary(&self) -> &'static str {
        "Fuse a map into the expanded reduction (nested maps with WCR) that reads its transient output"
    }

    fn matches(&self, sdfg: &Sdfg) -> Vec<Match> {
        place::node_matches(sdfg, |site, a| {
            let (path, state) = (site.path, site.state);
            let p = plan(sdfg, state, a)?;
            let (producer, outer, inner) = (&state.nodes[p.producer].label, &state.nodes[p.outer].label, &state.nodes[p.inner].label);
            let state_label = place::state_label(sdfg, path);
            Some(format!("map '{producer}' into reduction maps '{outer}'/'{inner}' through '{}' in state '{state_label}'", p.data))
        })
    }

    fn apply(&self, sdfg: &mut Sdfg, m: &Match, _options: &Options) -> Result<(), String> {
        let state = place::state(sdfg, &m.place.state).ok_or("match refers to a missing state")?;
        let p = plan(sdfg, state, m.place.node).ok_or("match no longer applies")?;
        let state = place::state_mut(sdfg, &m.place.state).ok_or("match refers to a missing state")?;
        let (a, outer) = collapse_reduction(state, &p);
        reorder(state, outer, &p.order);
        fuse_through(sdfg, &m.place.state, a)
    }
}

/// The maps around access node `a` and the order of the collapsed
/// reduction map's parameters that fuses.
struct Plan {
    access: usize,
    data: String,
    producer: usize,
    outer: usize,
    inner: usize,
    inner_exit: usize,
    order: Vec<usize>,
}

fn plan(sdfg: &Sdfg, state: &State, a: usize) -> Option<Plan> {
    let data = access_data(state, a)?;
    let ins: Vec<_> = state.edges.iter().filter(|e| e.dst == a).collect();
    let [w] = ins.as_slice() else { return None };
    let NodeKind::MapExit { entry: producer } = state.nodes[w.src].kind else { return None };
    let NodeKind::MapEntry { map: first, .. } = &state.nodes[producer].kind else { return None };
    // The first map's tasklet writes each element of T once.
    let conn = conn::in_conn(conn::out_base(w.src_conn.as_deref()?)?);
    let writes: Vec<_> = state.edges.iter().filter(|e| e.dst == w.src && e.dst_conn.as_deref() == Some(&conn)).collect();
    let [write] = writes.as_slice() else { return None };
    if !matches!(state.nodes[write.src].kind, NodeKind::Tasklet { .. }) || !injective(write.memlet.subset.as_ref()?, &first.params) {
        return None;
    }
    // The expanded reduction: a map around one map that a tasklet writes
    // with WCR.
    let outer = state.edges.iter().find(|e| e.src == a)?.dst;
    let inner = collapsible(state, outer)?;
    let NodeKind::MapEntry { exit: inner_exit, .. } = state.nodes[inner].kind else { return None };
    let reduces = state.edges.iter().any(|e| {
        e.dst == inner_exit && e.memlet.wcr.is_some() && matches!(state.nodes[e.src].kind, NodeKind::Tasklet { .. })
    });
    if !reduces {
        return None;
    }
    // The rest is MapFusion's, on the collapsed maps in a fitting order.
    let mut collapsed = state.clone();
    let probe = Plan { access: a, data: data.to_string(), producer, outer, inner, inner_exit, order: Vec::new() };
    let (a2, outer2) = collapse_reduction(&mut collapsed, &probe);
    let NodeKind::MapEntry { map: reduction, .. } = &collapsed.nodes[outer2].kind else { return None };
    let n = reduction.params.len();
    let orders = if n <= MAX_PERMUTED { permutations(n) } else { vec![(0..n).collect()] };
    let dims = reduction.range.dims().to_vec();
    let same = |x: &Dim, y: &Dim| {
        x.start.simplify() == y.start.simplify() && x.end.simplify() == y.end.simplify() && x.step.simplify() == y.step.simplify()
    };
    let fits = |order: &Vec<usize>| {
        first.range.dims().len() == n && order.iter().zip(first.range.dims()).all(|(&k, d)| same(&dims[k], d))
    };
    for order in orders.into_iter().filter(fits) {
        let mut trial = collapsed.clone();
        reorder(&mut trial, outer2, &order);
        if fusible(sdfg, &StateSite::new(&[], &trial), &|d| access_count(sdfg, d), a2).is_some() {
            return Some(Plan { order, ..probe });
        }
    }
    None
}

/// Collapses the reduction maps; returns the new indices of the access
/// node and of the collapsed map.
fn collapse_reduction(state: &mut State, p: &Plan) -> (usize, usize) {
    collapse(state, p.outer, p.inner);
    let gone = [p.inner, p.inner_exit];
    let shifted = |n: usize| n - gone.iter().filter(|&&g| g < n).count();
    (shifted(p.access), shifted(p.outer))
}

/// Puts the parameters of the map at `entry` in `order` (positions).
fn reorder(state: &mut State, entry: usize, order: &[usize]) {
    if let NodeKind::MapEntry { map, .. } = &mut state.nodes[entry].kind {
        let (params, dims) = (map.params.clone(), map.range.dims().to_vec());
        map.params = order.iter().map(|&k| params[k].clone()).collect();
        map.range = Subset::Range(order.iter().map(|&k| dims[k].clone()).collect());
    }
}

/// Every order of `0..n`, the identity first.
fn permutations(n: usize) -> Vec<Vec<usize>> {
    if n == 0 {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for first in 0..n {
        for rest in permutations(n - 1) {
            let mut order = vec![first];
            order.extend(rest.into_iter().map(|k| if k >= first { k + 1 } else { k }));
            out.push(order);
        }
    }
    out
}
