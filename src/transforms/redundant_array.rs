//! RedundantArray: a transient written once and then copied whole into
//! another container is skipped: its producer writes the other container
//! directly (DaCe's RedundantArray).
//!
//! ```mlir
//! %t = sdfg.tasklet "t" {code = "y = x + 1", ins = {x}, outs = {y}}
//! %T = sdfg.access "T"
//! %B = sdfg.access "B"
//! sdfg.memlet %t["y"] -> %T {data = "T", subset = #sdfg.range<0>}
//! sdfg.memlet %T -> %B {data = "T", subset = #sdfg.range<0>, other_subset = #sdfg.range<3>}
//! ```
//! becomes
//! ```mlir
//! %t = sdfg.tasklet "t" {code = "y = x + 1", ins = {x}, outs = {y}}
//! %B = sdfg.access "B"
//! sdfg.memlet %t["y"] -> %B {data = "B", subset = #sdfg.range<3>}
//! ```
//! and `T` is no longer declared. Preconditions: `T` is a transient array
//! or scalar with this one access node in the SDFG and no mention in code;
//! the node has one input and one output; the output copies all of `T`
//! into `B` (an array or scalar of the same element type and storage, not
//! a view or stream) without write-conflict resolution, at a region of the
//! same extents or at one element; the producer writes all of `T`, with
//! no write-conflict resolution and no dynamic (conditional) writes
//! anywhere in its memlet tree; library nodes and nested SDFGs (which see
//! the layout) only when `T` and `B` have the same shape and strides and
//! the copy covers `B`; every other access to `B` (or a view, which may
//! alias it) in the state comes after `B`, or is over before the producer
//! starts (each scope reading it reaches the producer's top-level entry).

use super::array_copy::{copy_sides, memlet_tree, movable, move_tree, Embedding};
use super::map_collapse::remove_nodes;
use super::uses::{access_data, full_subset, is_plain, may_alias, reachable, same_subset};
use super::use_index::UseIndex;
use super::{place, Match, Options, Place, StatePath, Transformation};
use crate::model::dataflow::Dataflow;
use crate::model::scope::{self, Adjacency};
use crate::model::{Sdfg, State};

pub struct RedundantArray;

impl Transformation for RedundantArray {
    fn local_edits(&self) -> bool {
        true
    }
    fn name(&self) -> &'static str {
        "sdfg-redundant-array"
    }

    fn summary(&self) -> &'static str {
        "Remove a transient that is only copied whole into another container"
    }

    fn matches(&self, sdfg: &Sdfg) -> Vec<Match> {
        let mut out = Vec::new();
        let uses = UseIndex::new(sdfg);
        for (path, state) in place::states(sdfg) {
            let adjacency = scope::adjacency(state);
            for a in 0..state.nodes.len() {
                let Some(r) = redundant(sdfg, &uses, &adjacency, &path, state, a) else { continue };
                let description = format!(
                    "'{}' copied into '{}' in state '{}'",
                    r.a_data,
                    r.b_data,
                    place::state_label(sdfg, &path)
                );
                out.push(Match { place: Place { state: path.clone(), node: a }, description });
            }
        }
        out
    }

    fn apply(&self, sdfg: &mut Sdfg, m: &Match, _options: &Options) -> Result<(), String> {
        let state = place::state(sdfg, &m.place.state);
        let r = state.and_then(|s| redundant(sdfg, &UseIndex::new(sdfg), &scope::adjacency(s), &m.place.state, s, m.place.node)).ok_or("match no longer applies")?;
        let shape = sdfg.container(&r.a_data).map(|c| c.shape.clone()).unwrap_or_default();
        let state = place::state_mut(sdfg, &m.place.state).ok_or("match refers to a missing state")?;
        move_tree(state, &r.tree, &r.a_data, &r.b_data, &shape, &r.embedding)?;
        let (a, b) = (m.place.node, r.b);
        let e1 = state.edges.get_mut(r.e1).ok_or("producer edge is missing")?;
        (e1.dst, e1.dst_conn) = (b, None);
        state.edges.retain(|e| e.src != a && e.dst != a);
        remove_nodes(state, &[a]);
        sdfg.containers.retain(|(n, _)| *n != r.a_data);
        Ok(())
    }
}

struct Redundant {
    a_data: String,
    b_data: String,
    b: usize,
    /// The producer's edge into A.
    e1: usize,
    /// The producer's memlet tree (e1 and the memlets inside its maps).
    tree: Vec<usize>,
    embedding: Embedding,
}

fn redundant(sdfg: &Sdfg, uses: &UseIndex, adjacency: &Adjacency, path: &StatePath, state: &State, a: usize) -> Option<Redundant> {
    let a_data = access_data(state, a)?;
    let (ins, outs) = (&adjacency.0[a], &adjacency.1[a]);
    let ([e1], [e2]) = (ins.as_slice(), outs.as_slice()) else { return None };
    let copy = &state.edges[*e2];
    let b = copy.dst;
    let b_data = access_data(state, b)?;
    let (ad, bd) = (sdfg.container(a_data)?, sdfg.container(b_data)?);
    if a_data == b_data || !ad.transient || !is_plain(sdfg, a_data) || !is_plain(sdfg, b_data) {
        return None;
    }
    if ad.dtype != bd.dtype || ad.storage != bd.storage || uses.used_elsewhere(a_data, path, a) {
        return None;
    }
    let m = &copy.memlet;
    if m.wcr.is_some() || m.dynamic || copy.src_conn.is_some() || copy.dst_conn.is_some() {
        return None;
    }
    let (from, to) = copy_sides(sdfg, a_data, b_data, copy)?;
    if !same_subset(&from, &full_subset(&ad.shape)) {
        return None;
    }
    let embedding = Embedding::new(&ad.shape, &to)?;
    let same_layout = ad.shape == bd.shape && ad.strides_or_default() == bd.strides_or_default() && same_subset(&to, &full_subset(&bd.shape));
    // The producer writes all of A, unconditionally and without accumulating.
    let (tree, leaves) = memlet_tree(&Dataflow::new(state), *e1, true)?;
    if !movable(state, &tree, &leaves, a_data, &embedding, same_layout) {
        return None;
    }
    if tree.iter().any(|&i| state.edges[i].memlet.wcr.is_some() || state.edges[i].memlet.dynamic) {
        return None;
    }
    let w = &state.edges[*e1];
    let written = match access_data(state, w.src) {
        Some(src) => copy_sides(sdfg, src, a_data, w)?.1,
        None if w.memlet.data.as_deref() == Some(a_data) => w.memlet.subset.clone().unwrap_or_else(|| full_subset(&ad.shape)),
        None => return None,
    };
    if !same_subset(&written, &full_subset(&ad.shape)) {
        return None;
    }
    // The producer now writes B earlier than the copy did: every other
    // access to B comes after B's node, or is over before the producer
    // starts.
    let after = reachable(state, b, true);
    let start = producer_start(state, w.src);
    let over_before = |n: usize| {
        let Some(start) = start else { return false };
        let ends: Vec<usize> = match adjacency.1[n].as_slice() {
            [] => vec![n],
            outs => outs.iter().map(|&k| state.edges[k].dst).map(|d| state.nodes[d].kind.scope_exit().unwrap_or(d)).collect(),
        };
        ends.iter().all(|&d| d != start && reachable(state, d, true)[start])
    };
    if (0..state.nodes.len()).any(|n| n != b && n != a && may_alias(sdfg, state, n, b_data) && !after[n] && !over_before(n)) {
        return None;
    }
    Some(Redundant { a_data: a_data.to_string(), b_data: b_data.to_string(), b, e1: *e1, tree, embedding })
}

/// The top-level node where the producer `p` of A starts: `p`, or the
/// entry of the map `p` exits; `None` inside a scope.
fn producer_start(state: &State, p: usize) -> Option<usize> {
    let start = state.nodes[p].kind.scope_entry().unwrap_or(p);
    let parents = scope::scope_parents(state).ok()?;
    parents[start].is_none().then_some(start)
}
