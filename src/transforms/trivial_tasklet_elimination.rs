//! TrivialTaskletElimination: a tasklet that only copies its input to its
//! output (`out = inp`) becomes a copy edge (DaCe's
//! TrivialTaskletElimination).
//!
//! ```mlir
//! %t = sdfg.tasklet "assign" {code = "out = inp", ins = {inp}, outs = {out}}
//! sdfg.memlet %A -> %t["inp"] {data = "A", subset = #sdfg.range<2>}
//! sdfg.memlet %t["out"] -> %B {data = "B", subset = #sdfg.range<0>}
//! ```
//! becomes
//! ```mlir
//! sdfg.memlet %A -> %B {data = "A", subset = #sdfg.range<2>, other_subset = #sdfg.range<0>}
//! ```
//! The source is an access node or a map entry, the destination an access
//! node or a map exit (not a map entry and a map exit together). The new
//! memlet names the source's data, except into a map exit, where it names
//! the data the exit writes (its path continues outside).
//!
//! Preconditions: a Python tasklet whose code is exactly one assignment of
//! its only input connector to its only output connector, each with one
//! edge; neither edge dynamic, with `other_subset` or (the output) with
//! write-conflict resolution; both ends plain arrays or scalars (no stream,
//! view or reference) of the same dtype, connectors untyped or of that
//! dtype (so the tasklet casts nothing); the same number of elements on
//! both sides.

use super::map_collapse::remove_nodes;
use super::uses::is_plain;
use super::{place, Match, Options, Place, StatePath, Transformation};
use crate::model::dataflow::Dataflow;
use crate::model::{DType, DataEdge, Memlet, NodeKind, Sdfg, State};
use crate::symbolic::Expr;
use crate::tasklet::{self, Stmt, Target};

pub struct TrivialTaskletElimination;

impl Transformation for TrivialTaskletElimination {
    fn name(&self) -> &'static str {
        "sdfg-trivial-tasklet-elimination"
    }

    fn summary(&self) -> &'static str {
        "Replace a tasklet that copies its input to its output by a copy edge"
    }

    place::state_matched!(each: matches_in, state_local);


    fn apply(&self, sdfg: &mut Sdfg, m: &Match, _options: &Options) -> Result<(), String> {
        let state = place::state(sdfg, &m.place.state).ok_or("match refers to a missing state")?;
        let copy = trivial(sdfg, &Dataflow::new(state), m.place.node).ok_or("match no longer applies")?;
        let state = place::state_mut(sdfg, &m.place.state).ok_or("match refers to a missing state")?;
        replace(state, m.place.node, copy);
        Ok(())
    }
}

fn matches_in(sdfg: &Sdfg, path: &StatePath, state: &State) -> Vec<Match> {
    let graph = Dataflow::new(state);
    (0..state.nodes.len())
        .filter_map(|t| {
            let copy = trivial(sdfg, &graph, t)?;
            let end = |n: usize| state.nodes[n].label.clone();
            let description = format!(
                "tasklet '{}' ({} -> {}) in state '{}'",
                state.nodes[t].label,
                end(state.edges[copy.input].src),
                end(state.edges[copy.output].dst),
                place::state_label(sdfg, path)
            );
            Some(Match { place: Place { state: path.clone(), node: t }, description })
        })
        .collect()
}

/// The edges around a copying tasklet.
struct Copy {
    input: usize,
    output: usize,
}

fn trivial(sdfg: &Sdfg, graph: &Dataflow, t: usize) -> Option<Copy> {
    let state = graph.state();
    let node = &state.nodes[t];
    let NodeKind::Tasklet { code } = &node.kind else { return None };
    let ([(inp, in_ty)], [(out, out_ty)]) = (node.in_connectors.as_slice(), node.out_connectors.as_slice()) else { return None };
    if code.language != "Python" || !copies(&code.code, inp, out) {
        return None;
    }
    let ([input], [output]) = (graph.in_edges(t), graph.out_edges(t)) else { return None };
    let (a, b) = (&state.edges[*input], &state.edges[*output]);
    if a.dst_conn.as_deref() != Some(inp) || b.src_conn.as_deref() != Some(out) || b.memlet.wcr.is_some() {
        return None;
    }
    let src_ok = matches!(state.nodes[a.src].kind, NodeKind::Access { .. } | NodeKind::MapEntry { .. });
    let dst_ok = matches!(state.nodes[b.dst].kind, NodeKind::Access { .. } | NodeKind::MapExit { .. });
    let both_scopes = matches!(state.nodes[a.src].kind, NodeKind::MapEntry { .. }) && matches!(state.nodes[b.dst].kind, NodeKind::MapExit { .. });
    if !src_ok || !dst_ok || both_scopes {
        return None;
    }
    let dtype = plain_dtype(sdfg, &a.memlet)?;
    let same = |ty: &Option<DType>| ty.as_ref().is_none_or(|t| t == dtype);
    if plain_dtype(sdfg, &b.memlet)? != dtype || !same(in_ty) || !same(out_ty) {
        return None;
    }
    if elements(&a.memlet)? != elements(&b.memlet)? {
        return None;
    }
    Some(Copy { input: *input, output: *output })
}

/// Whether `code` is exactly `out = inp`.
fn copies(code: &str, inp: &str, out: &str) -> bool {
    let Ok(stmts) = tasklet::parse(code) else { return false };
    matches!(stmts.as_slice(), [Stmt::Assign { target: Target::Name { name, .. }, op: None, value: tasklet::Expr::Name { id, .. }, .. }] if name == out && id == inp)
}

/// The dtype of a memlet's data when it is plain memory and the memlet a
/// simple one (a subset, not dynamic, no `other_subset`).
fn plain_dtype<'a>(sdfg: &'a Sdfg, m: &Memlet) -> Option<&'a DType> {
    let data = m.data.as_deref()?;
    if m.subset.is_none() || m.dynamic || m.other_subset.is_some() || !is_plain(sdfg, data) {
        return None;
    }
    Some(&sdfg.container(data)?.dtype)
}


/// How many elements a memlet moves.
fn elements(m: &Memlet) -> Option<Expr> {
    Some(m.subset.as_ref()?.num_elements().simplify())
}

/// Replaces the tasklet by one edge from its source to its destination.
fn replace(state: &mut State, t: usize, copy: Copy) {
    let (a, b) = (state.edges[copy.input].clone(), state.edges[copy.output].clone());
    let into_exit = matches!(state.nodes[b.dst].kind, NodeKind::MapExit { .. });
    let (named, other) = if into_exit { (&b.memlet, &a.memlet) } else { (&a.memlet, &b.memlet) };
    let same_data = a.memlet.data == b.memlet.data;
    let memlet = Memlet {
        other_subset: other.subset.clone(),
        is_data_src: same_data.then_some(!into_exit),
        ..named.clone()
    };
    let edge = DataEdge { src: a.src, src_conn: a.src_conn, dst: b.dst, dst_conn: b.dst_conn, memlet, loc: b.loc };
    // The copy takes the output edge's place, so the edge order stays.
    state.edges[copy.output] = edge;
    state.edges.remove(copy.input);
    remove_nodes(state, &[t]);
}
