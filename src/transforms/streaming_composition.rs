//! StreamingComposition (DaCe's): a producer and a consumer that meet at an
//! array, writing and reading it element by element in the same order,
//! exchange the elements through a one-element stream instead, so that on
//! an FPGA they run as two processing elements at once.
//!
//! ```mlir
//! // map i: A[i] -> t1 -> T[i];   map j: T[j] -> t2 -> B[j]
//! %T = sdfg.access "T"
//! sdfg.memlet %x1["OUT_T"] -> %T {data = "T", subset = #sdfg.range<0:N>}
//! sdfg.memlet %T -> %e2["IN_T"] {data = "T", subset = #sdfg.range<0:N>}
//! ```
//! becomes
//! ```mlir
//! sdfg.stream "stream_T" {buffer_size = #sdfg.expr<1>, shape = #sdfg.exprs<1>, ...}
//! %w = sdfg.access "stream_T"
//! %r = sdfg.access "stream_T"
//! sdfg.memlet %x1["OUT_T"] -> %w {data = "stream_T", subset = #sdfg.range<0>}
//! sdfg.memlet %r -> %e2["IN_T"] {data = "stream_T", subset = #sdfg.range<0>}
//! ```
//! with every memlet of both paths on `stream_T[0]`; `T` is no longer
//! declared when it was a transient no other state uses.
//!
//! Preconditions (DaCe's): the access node is outside any scope (and so is
//! its nested SDFG, if any), has one edge in and one out, and is the only
//! node of its data in the state; the data is no stream; each side's memlet
//! path is its whole memlet tree, through maps only, and ends in one element
//! moved once (the producer's without WCR); the maps along the two paths
//! have equal ranges, pairwise from the outside, and the two innermost
//! memlets start at the same indices once the map parameters are matched.
//! Here also, so that each element is written once and read once (DaCe's
//! check lets a consumer read one element many times, which deadlocks):
//! both paths pass the same number of maps, and each map parameter drives
//! exactly one index at a constant step. And: neither innermost end is a nested SDFG (DaCe turns the nested
//! container into a stream; not done), and the data is not named in code.
//! Options: `buffer-size` (default 1) and `storage` (default `Default`) of
//! the new stream.

use super::map_collapse::remove_nodes;
use super::streaming::{self, StreamOptions};
use super::uses::{access_data, access_nodes, mentioned_in_code};
use super::{place, Match, Place};
use crate::model::dataflow::Dataflow;
use crate::model::{DataKind, NodeKind, Sdfg, State};

pub struct StreamingComposition;

impl streaming::StreamRewrite for StreamingComposition {
    const NAME: &'static str = "sdfg-streaming-composition";
    const SUMMARY: &'static str = "DaCe's StreamingComposition: producer and consumer of an array in the same order exchange it through a stream";

    fn local_matches(sdfg: &Sdfg) -> Vec<Match> {
        local_matches(sdfg)
    }

    fn rewrite(sdfg: &mut Sdfg, at: &Place, options: &StreamOptions) -> Result<(), String> {
        compose(sdfg, at, options)
    }
}

fn local_matches(sdfg: &Sdfg) -> Vec<Match> {
    streaming::free_access_matches(sdfg, &|state, graph, a| {
        plan(sdfg, state, graph, a)?;
        Some(format!("'{}'", access_data(state, a)?))
    })
}

/// The two memlet paths through the access node: producer side (from the
/// node inwards) and consumer side.
struct Plan {
    first: Vec<usize>,
    second: Vec<usize>,
}

fn plan(sdfg: &Sdfg, state: &State, graph: &Dataflow, a: usize) -> Option<Plan> {
    let data = access_data(state, a)?;
    let desc = sdfg.container(data)?;
    let ([first], [second]) = (graph.in_edges(a), graph.out_edges(a)) else { return None };
    if desc.kind == DataKind::Stream || access_nodes(state, data).len() != 1 || mentioned_in_code(sdfg, data) {
        return None;
    }
    let first = streaming::chain(graph, *first, true)?;
    let second = streaming::chain(graph, *second, false)?;
    let (fi, si) = (&state.edges[*first.last()?], &state.edges[*second.last()?]);
    let nested = |n: usize| matches!(state.nodes[n].kind, NodeKind::NestedSdfg { .. });
    if nested(fi.src) || nested(si.dst) || fi.memlet.wcr.is_some() {
        return None;
    }
    if !streaming::one_element(&fi.memlet) || !streaming::one_element(&si.memlet) {
        return None;
    }
    let rf = streaming::ranges(state, &streaming::chain_maps(state, &first, true));
    let rs = streaming::ranges(state, &streaming::chain_maps(state, &second, false));
    let same_dim = |x: &crate::symbolic::Dim, y: &crate::symbolic::Dim| {
        x.start.is_symbolically_equal(&y.start) && x.end.is_symbolically_equal(&y.end) && x.step.is_symbolically_equal(&y.step)
    };
    if rf.len() != rs.len() || rf.iter().zip(&rs).any(|((_, x), (_, y))| !same_dim(x, y)) {
        return None;
    }
    // Each element is written once and read once (DaCe only zips the map
    // ranges: a consumer with more maps, or an index that ignores a map,
    // would read one element several times and wait forever).
    let params = |r: &[(String, crate::symbolic::Dim)]| r.iter().map(|(p, _)| p.clone()).collect::<Vec<_>>();
    if !streaming::one_element_per_iteration(&fi.memlet, &params(&rf)) || !streaming::one_element_per_iteration(&si.memlet, &params(&rs)) {
        return None;
    }
    // DaCe compares the start indices after renaming the producer's
    // parameters to the consumer's, pairwise.
    let (fs, ss) = (fi.memlet.subset.as_ref()?, si.memlet.subset.as_ref()?);
    if fs.dims().len() != ss.dims().len() {
        return None;
    }
    let rename: std::collections::HashMap<String, crate::symbolic::Expr> =
        rf.iter().zip(&rs).map(|((p, _), (q, _))| (p.clone(), crate::symbolic::Expr::sym(q))).collect();
    let corresponds = fs.dims().iter().zip(ss.dims()).all(|(x, y)| x.start.substitute(&rename).is_symbolically_equal(&y.start));
    corresponds.then_some(Plan { first, second })
}

fn compose(sdfg: &mut Sdfg, at: &Place, options: &StreamOptions) -> Result<(), String> {
    let state = place::state(sdfg, &at.state).ok_or("match refers to a missing state")?;
    let a = at.node;
    let plan = plan(sdfg, state, &Dataflow::new(state), a).ok_or("match no longer applies")?;
    let data = access_data(state, a).ok_or("not an access node")?.to_string();
    let desc = sdfg.container(&data).ok_or("undeclared data")?.clone();
    let used_elsewhere = place::states(sdfg).iter().any(|(p, s)| *p != at.state && !access_nodes(s, &data).is_empty());
    let stream = streaming::add_stream(sdfg, &data, &desc, options);
    if desc.transient && !used_elsewhere {
        sdfg.containers.retain(|(n, _)| *n != data);
    }
    let state = place::state_mut(sdfg, &at.state).ok_or("match refers to a missing state")?;
    for &e in plan.first.iter().chain(&plan.second) {
        state.edges[e].memlet = streaming::stream_memlet(&stream, None);
    }
    let loc = state.nodes[a].loc.clone();
    let (w, r) = (state.nodes.len(), state.nodes.len() + 1);
    state.nodes.push(super::local_storage::access_node(&stream, &loc));
    state.nodes.push(super::local_storage::access_node(&stream, &loc));
    state.edges[plan.first[0]].dst = w;
    state.edges[plan.second[0]].src = r;
    remove_nodes(state, &[a]);
    Ok(())
}
