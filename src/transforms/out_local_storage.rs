//! OutLocalStorage: between the exit of a map nested in another and the
//! outer map's exit, what the inner map writes goes into a new transient
//! that is copied out once per outer iteration (DaCe's OutLocalStorage).
//!
//! ```mlir
//! sdfg.memlet %t["y"] -> %inner_x["IN_B"] {data = "B", subset = #sdfg.range<i>}   // i in tile_i:tile_i+32
//! sdfg.memlet %inner_x["OUT_B"] -> %outer_x["IN_B"] {data = "B", subset = #sdfg.range<0:N>}
//! ```
//! becomes
//! ```mlir
//! %l = sdfg.access "trans_B"
//! sdfg.memlet %t["y"] -> %inner_x["IN_B"] {data = "trans_B", subset = #sdfg.range<"i - tile_i">}
//! sdfg.memlet %inner_x["OUT_B"] -> %l {data = "trans_B", subset = #sdfg.range<0:32>}
//! sdfg.memlet %l -> %outer_x["IN_B"] {data = "B", subset = #sdfg.range<tile_i:"tile_i + 32">, other_subset = #sdfg.range<0:32>}
//! ```
//! The copy writes back every element it holds, so the inner map must
//! write all of them: preconditions are one write, straight from the
//! inner map's body, of one element per iteration (each index a distinct
//! parameter plus a constant, or free of the parameters), not dynamic and
//! without write-conflict resolution (see `sdfg-accumulate-transient`).
//! Inside the outer map the data is read only by the inner map at the
//! element each iteration writes, and there is no access node of it, a
//! view or a reference. Option `array=NAME`: only that data (default: all).

use super::local_storage::{self as ls, Plan};
use super::uses::same_subset;
use super::local_storage_copy::LocalStorage;
use crate::model::{scope, DataEdge, NodeKind, Sdfg, State};
use crate::symbolic::Expr;

/// The transformation (see the module comment).
pub const OUT_LOCAL_STORAGE: LocalStorage = LocalStorage {
    name: "sdfg-out-local-storage",
    summary: "Write what a nested map writes into a transient copied out once per outer iteration",
    plans,
    preposition: "out of",
    what: "data written between these map exits",
    copy: copy_out,
};

/// The local copies possible out of map exit `b`.
fn plans(sdfg: &Sdfg, state: &State, b: usize) -> Vec<Plan> {
    let mut out = Vec::new();
    for link in ls::links(sdfg, state, b, false, false) {
        let Some(desc) = sdfg.container(&link.data) else { continue };
        let Some(tree) = ls::inner_tree(state, link.edge, false, &link.data) else { continue };
        let Some(plan) = covering(sdfg, state, &link, tree, &desc.shape) else { continue };
        out.push(plan);
    }
    out
}

/// The plan when the inner map writes every element of the region once
/// and nothing else in the outer map sees the data.
fn covering(sdfg: &Sdfg, state: &State, link: &ls::Link, tree: Vec<usize>, shape: &[Expr]) -> Option<Plan> {
    let [w] = tree.as_slice() else { return None };
    let NodeKind::MapEntry { map, exit } = &state.nodes[link.inner].kind else { return None };
    let write = &state.edges[*w];
    let m = &write.memlet;
    if write.dst != *exit || m.data.as_deref() != Some(link.data.as_str()) || m.wcr.is_some() || m.dynamic || m.other_subset.is_some() {
        return None;
    }
    if !matches!(state.nodes[write.src].kind, NodeKind::Tasklet { .. }) {
        return None;
    }
    let element = m.subset.clone()?;
    // Distinct parameters in distinct dimensions: the image is exact.
    let mut used = Vec::new();
    for d in element.dims() {
        let ps: Vec<&String> = map.params.iter().filter(|p| d.start.free_symbols().contains(*p)).collect();
        if ps.iter().any(|p| used.contains(p)) {
            return None;
        }
        used.extend(ps);
    }
    let (region, local) = ls::region_and_shape(state, link, &tree, shape, false)?;
    if ls::image(&element, map).as_ref() != Some(&region) || ls::touched_in_scope(sdfg, state, link.outer, &link.data).0 {
        return None;
    }
    // Reads see the data, not the copy: only the writing tasklet's own
    // read of the element it writes keeps its value.
    let parents = scope::scope_parents(state).ok()?;
    let body = super::scope_subst::inside(&parents, link.outer);
    let outer_exit = state.nodes[link.outer].kind.scope_exit();
    let in_outer = |n: usize| n == link.outer || (body.contains(&n) && Some(n) != outer_exit);
    let scope_node = |n: usize| matches!(state.nodes[n].kind, NodeKind::MapEntry { .. });
    for (i, e) in state.edges.iter().enumerate() {
        if e.memlet.data.as_deref() != Some(link.data.as_str()) || tree.contains(&i) || i == link.edge || !in_outer(e.src) {
            continue;
        }
        let same = e.src == link.inner && e.dst == write.src && e.memlet.subset.as_ref().is_some_and(|s| same_subset(s, &element));
        if !(same || scope_node(e.src) && scope_node(e.dst)) {
            return None;
        }
    }
    Some(Plan { edge: link.edge, data: link.data.clone(), tree, region, shape: local })
}

fn copy_out(state: &mut State, p: &Plan, local: &str, shape: &[Expr]) -> Result<(), String> {
    let l = state.nodes.len();
    let (outer, conn, loc) = {
        let e = &state.edges[p.edge];
        (e.dst, e.dst_conn.clone(), e.loc.clone())
    };
    state.nodes.push(ls::access_node(local, &state.nodes[outer].loc));
    let part = ls::local_region(&p.region);
    let e = &mut state.edges[p.edge];
    (e.dst, e.dst_conn) = (l, None);
    e.memlet = ls::copy_memlet(local, part.clone(), None);
    let back = ls::copy_memlet(&p.data, p.region.clone(), Some(part));
    state.edges.push(DataEdge { src: l, src_conn: None, dst: outer, dst_conn: conn, memlet: back, loc });
    let start: Vec<_> = p.region.dims().iter().map(|d| d.start.clone()).collect();
    ls::move_to_local(state, &p.tree, &p.data, local, shape, &start)
}
