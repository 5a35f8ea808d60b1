//! RedundantSecondArray: a transient filled by one whole copy from another
//! container and then only read in the same state is skipped: its readers
//! read the source directly (DaCe's RedundantSecondArray).
//!
//! ```mlir
//! %A = sdfg.access "A"
//! %T = sdfg.access "T"
//! sdfg.memlet %A -> %T {data = "A", subset = #sdfg.range<2:6>, other_subset = #sdfg.range<0:4>}
//! sdfg.memlet %T -> %t["x"] {data = "T", subset = #sdfg.range<1>}
//! ```
//! becomes
//! ```mlir
//! %A = sdfg.access "A"
//! sdfg.memlet %A -> %t["x"] {data = "A", subset = #sdfg.range<3>}
//! ```
//! and `T` is no longer declared. Preconditions: `T` is a transient array
//! or scalar with this one access node in the SDFG and no mention in code;
//! the node's only input copies from `A` (an array or scalar of the same
//! element type and storage, not a view or stream) into all of `T`,
//! without write-conflict resolution or dynamic volume, from a region of
//! the same extents or one element; `T`'s readers (through maps) are
//! tasklets, copies, or (when `T` and `A` have the same shape and strides
//! and the copy reads all of `A`) library nodes and nested SDFGs; nothing
//! in the state writes `A` (or a view, which may alias it) except before
//! `A`'s node, so the readers see what the copy saw.

use super::array_copy::{copy_sides, memlet_tree, movable, move_tree, Embedding};
use super::map_collapse::remove_nodes;
use super::uses::{access_data, full_subset, is_plain, may_alias, reachable, same_subset};
use super::use_index::UseIndex;
use super::{place, Match, Options, Place, StatePath, Transformation};
use crate::model::dataflow::Dataflow;
use crate::model::scope::{self, Adjacency};
use crate::model::{Sdfg, State};

pub struct RedundantSecondArray;

impl Transformation for RedundantSecondArray {
    fn name(&self) -> &'static str {
        "sdfg-redundant-second-array"
    }

    fn summary(&self) -> &'static str {
        "Remove a transient that is a whole copy of another container, only read afterwards"
    }

    fn matches(&self, sdfg: &Sdfg) -> Vec<Match> {
        let mut out = Vec::new();
        let uses = UseIndex::new(sdfg);
        for (path, state) in place::states(sdfg) {
            let adjacency = scope::adjacency(state);
            for b in 0..state.nodes.len() {
                let Some(r) = redundant(sdfg, &uses, &adjacency, &path, state, b) else { continue };
                let description = format!(
                    "'{}' copied from '{}' in state '{}'",
                    r.b_data,
                    r.a_data,
                    place::state_label(sdfg, &path)
                );
                out.push(Match { place: Place { state: path.clone(), node: b }, description });
            }
        }
        out
    }

    fn apply(&self, sdfg: &mut Sdfg, m: &Match, _options: &Options) -> Result<(), String> {
        let state = place::state(sdfg, &m.place.state);
        let r = state.and_then(|s| redundant(sdfg, &UseIndex::new(sdfg), &scope::adjacency(s), &m.place.state, s, m.place.node)).ok_or("match no longer applies")?;
        let shape = sdfg.container(&r.b_data).map(|c| c.shape.clone()).unwrap_or_default();
        let state = place::state_mut(sdfg, &m.place.state).ok_or("match refers to a missing state")?;
        let (a, b) = (r.a, m.place.node);
        for (first, tree) in &r.trees {
            move_tree(state, tree, &r.b_data, &r.a_data, &shape, &r.embedding)?;
            let e = state.edges.get_mut(*first).ok_or("reader edge is missing")?;
            (e.src, e.src_conn) = (a, None);
        }
        state.edges.retain(|e| e.src != b && e.dst != b);
        remove_nodes(state, &[b]);
        sdfg.containers.retain(|(n, _)| *n != r.b_data);
        Ok(())
    }
}

struct Redundant {
    a_data: String,
    b_data: String,
    a: usize,
    /// Each reader edge of B with its memlet tree.
    trees: Vec<(usize, Vec<usize>)>,
    embedding: Embedding,
}

fn redundant(sdfg: &Sdfg, uses: &UseIndex, adjacency: &Adjacency, path: &StatePath, state: &State, b: usize) -> Option<Redundant> {
    let b_data = access_data(state, b)?;
    let (ins, outs) = (&adjacency.0[b], &adjacency.1[b]);
    let [e] = ins.as_slice() else { return None };
    let copy = &state.edges[*e];
    let a = copy.src;
    let a_data = access_data(state, a)?;
    let (ad, bd) = (sdfg.container(a_data)?, sdfg.container(b_data)?);
    if outs.is_empty() || a_data == b_data || !bd.transient || !is_plain(sdfg, a_data) || !is_plain(sdfg, b_data) {
        return None;
    }
    if ad.dtype != bd.dtype || ad.storage != bd.storage || uses.used_elsewhere(b_data, path, b) {
        return None;
    }
    let m = &copy.memlet;
    if m.wcr.is_some() || m.dynamic || copy.src_conn.is_some() || copy.dst_conn.is_some() {
        return None;
    }
    let (from, to) = copy_sides(sdfg, a_data, b_data, copy)?;
    if !same_subset(&to, &full_subset(&bd.shape)) {
        return None;
    }
    let embedding = Embedding::new(&bd.shape, &from)?;
    let same_layout = ad.shape == bd.shape && ad.strides_or_default() == bd.strides_or_default() && same_subset(&from, &full_subset(&ad.shape));
    let mut trees = Vec::new();
    let graph = Dataflow::new(state);
    for &o in outs {
        let (tree, leaves) = memlet_tree(&graph, o, false)?;
        if !movable(state, &tree, &leaves, b_data, &embedding, same_layout) {
            return None;
        }
        trees.push((o, tree));
    }
    // Readers now read A later than the copy did: nothing may write A (or
    // what may alias it) in the state except before A's node.
    let before = reachable(state, a, false);
    let written = |n: usize| !graph.in_edges(n).is_empty();
    if (0..state.nodes.len()).any(|n| n != a && n != b && may_alias(sdfg, state, n, a_data) && written(n) && !before[n]) {
        return None;
    }
    Some(Redundant { a_data: a_data.to_string(), b_data: b_data.to_string(), a, trees, embedding })
}
