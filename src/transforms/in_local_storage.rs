//! InLocalStorage: between an outer map entry and the entry of a map nested
//! in it, the data the inner map reads is copied once per outer iteration
//! into a new transient, and the inner map reads the copy (DaCe's
//! InLocalStorage).
//!
//! ```mlir
//! sdfg.memlet %outer["OUT_A"] -> %inner["IN_A"] {data = "A", subset = #sdfg.range<0:N>}
//! sdfg.memlet %inner["OUT_A"] -> %t["x"] {data = "A", subset = #sdfg.range<i>}   // i in tile_i:tile_i+32
//! ```
//! becomes
//! ```mlir
//! %l = sdfg.access "trans_A"
//! sdfg.memlet %outer["OUT_A"] -> %l {data = "A", subset = #sdfg.range<tile_i:"tile_i + 32">, other_subset = #sdfg.range<0:32>}
//! sdfg.memlet %l -> %inner["IN_A"] {data = "trans_A", subset = #sdfg.range<0:32>}
//! sdfg.memlet %inner["OUT_A"] -> %t["x"] {data = "trans_A", subset = #sdfg.range<"i - tile_i">}
//! ```
//! The copied region is what the inner memlets reach over the inner range
//! (when each index is one parameter plus a constant), else the memlet
//! between the entries. Preconditions: plain array data; nothing in the
//! outer map's scope writes it, or has an access node of it, a view or a
//! reference; the inner memlets end at tasklets or access nodes; the copy
//! gets a shape no map parameter changes (a `Min` end counts as its bound).
//! Option `array=NAME`: copy only that data (default: every candidate).

use super::local_storage::{self as ls, Plan};
use super::local_storage_copy::LocalStorage;
use crate::model::{DataEdge, Sdfg, State};

/// The transformation (see the module comment).
pub const IN_LOCAL_STORAGE: LocalStorage = LocalStorage {
    name: "sdfg-in-local-storage",
    summary: "Copy the data a nested map reads into a transient once per outer iteration",
    plans,
    preposition: "into",
    what: "data read between these map entries",
    copy: copy_in,
};

/// The local copies possible into map entry `b`.
fn plans(sdfg: &Sdfg, state: &State, b: usize) -> Vec<Plan> {
    let mut out = Vec::new();
    for link in ls::links(sdfg, state, b, true, false) {
        let Some(desc) = sdfg.container(&link.data) else { continue };
        if ls::touched_in_scope(sdfg, state, link.outer, &link.data) != (false, false) {
            continue;
        }
        let Some(tree) = ls::inner_tree(state, link.edge, true, &link.data) else { continue };
        let Some((region, shape)) = ls::region_and_shape(state, &link, &tree, &desc.shape, true) else { continue };
        out.push(Plan { edge: link.edge, data: link.data, tree, region, shape });
    }
    out
}

fn copy_in(state: &mut State, p: &Plan, local: &str, shape: &[crate::symbolic::Expr]) -> Result<(), String> {
    let l = state.nodes.len();
    let (inner, conn, loc) = {
        let e = &state.edges[p.edge];
        (e.dst, e.dst_conn.clone(), e.loc.clone())
    };
    state.nodes.push(ls::access_node(local, &state.nodes[inner].loc));
    let part = ls::local_region(&p.region);
    let e = &mut state.edges[p.edge];
    (e.dst, e.dst_conn) = (l, None);
    e.memlet = ls::copy_memlet(&p.data, p.region.clone(), Some(part.clone()));
    state.edges.push(DataEdge { src: l, src_conn: None, dst: inner, dst_conn: conn, memlet: ls::copy_memlet(local, part, None), loc });
    let start: Vec<_> = p.region.dims().iter().map(|d| d.start.clone()).collect();
    ls::move_to_local(state, &p.tree, &p.data, local, shape, &start)
}
