//! RemoveSliceView: a view node that is a plain window of the node it
//! views goes; the memlets through it address the viewed container
//! directly (DaCe's RemoveSliceView, part of its ArrayElimination).
//!
//! ```mlir
//! sdfg.array "row" {shape = #sdfg.exprs<M>, strides = #sdfg.exprs<1>, view, transient}
//! %A = sdfg.access "A"
//! %row = sdfg.access "row"
//! sdfg.memlet %A -> %row["views"] {data = "A", subset = #sdfg.range<2, 0:M>}
//! sdfg.memlet %row -> %t["x"] {data = "row", subset = #sdfg.range<j>}
//! ```
//! becomes
//! ```mlir
//! %A = sdfg.access "A"
//! sdfg.memlet %A -> %t["x"] {data = "A", subset = #sdfg.range<2, j>}
//! ```
//! The window is the `views` edge's subset of the viewed container; the
//! view's dimensions must have the viewed container's strides in it (or be
//! dimensions of size one), so that an index of the view is an index of
//! the window. Every memlet of the memlet trees on the view's other side
//! moves into the window. Not applied when those trees end at library
//! nodes (which read memlet shapes), at nested SDFGs whose connector
//! container does not fit the new window, or pass copies through scopes;
//! when the view is named in code; or when its `views` edge goes through a
//! scope. The view's declaration goes once nothing references it.

use super::inline_window::{window, Window};
use super::map_collapse::remove_nodes;
use super::uses::{access_data, mentioned_in_code, referenced};
use super::{place, Match, Options, Place, StatePath, Transformation};
use crate::analysis::memlet_tree::memlet_tree;
use crate::model::dataflow::Dataflow;
use crate::model::{DataKind, NodeKind, Sdfg, State};
use std::collections::HashMap;

pub struct RemoveSliceView;

impl Transformation for RemoveSliceView {
    fn name(&self) -> &'static str {
        "sdfg-remove-slice-view"
    }

    fn summary(&self) -> &'static str {
        "Remove view nodes that are windows of what they view, addressing the viewed container directly"
    }

    place::state_matched!(each: matches_in, state_local);


    fn apply(&self, sdfg: &mut Sdfg, m: &Match, _options: &Options) -> Result<(), String> {
        let state = place::state(sdfg, &m.place.state).ok_or("match refers to a missing state")?;
        let plan = plan(sdfg, state, m.place.node).ok_or("match no longer applies")?;
        let view = access_data(state, m.place.node).unwrap_or_default().to_string();
        let state = place::state_mut(sdfg, &m.place.state).ok_or("match refers to a missing state")?;
        remove(state, m.place.node, &plan);
        if !referenced(sdfg, &view) {
            sdfg.containers.retain(|(n, _)| *n != view);
        }
        Ok(())
    }
}

fn matches_in(sdfg: &Sdfg, path: &StatePath, state: &State) -> Vec<Match> {
    (0..state.nodes.len())
        .filter_map(|n| {
            let p = plan(sdfg, state, n)?;
            let view = access_data(state, n)?;
            let description = format!("view '{view}' of '{}' in state '{}'", p.window.outer, place::state_label(sdfg, path));
            Some(Match { place: Place { state: path.clone(), node: n }, description })
        })
        .collect()
}

/// How to remove one view node.
struct Plan {
    /// The `views` edge and the viewed access node.
    views_edge: usize,
    viewed: usize,
    window: Window,
    /// Every edge of the trees on the other side, with its new memlet sides.
    rewrites: Vec<(usize, Rewrite)>,
    /// The edges at the view node on the other side.
    adjacent: Vec<usize>,
    /// Whether the view is read (the viewed node is its source).
    read: bool,
}

enum Rewrite {
    /// The memlet names the view: it names the viewed container instead.
    Data(crate::symbolic::Subset),
    /// A copy naming the other end: its `other_subset` moves.
    Other(crate::symbolic::Subset),
}

fn plan(sdfg: &Sdfg, state: &State, v: usize) -> Option<Plan> {
    let name = access_data(state, v)?;
    let desc = sdfg.container(name)?;
    if desc.kind != DataKind::View || mentioned_in_code(sdfg, name) {
        return None;
    }
    let graph = Dataflow::new(state);
    let ins = graph.in_edges(v);
    let outs = graph.out_edges(v);
    let at_views = |e: &usize, into: bool| {
        let edge = &state.edges[*e];
        if into { edge.dst_conn.as_deref() == Some("views") } else { edge.src_conn.as_deref() == Some("views") }
    };
    let (views_edge, read) = match (ins.iter().filter(|e| at_views(e, true)).count(), outs.iter().filter(|e| at_views(e, false)).count()) {
        (1, 0) if ins.len() == 1 && !outs.is_empty() => (ins[0], true),
        (0, 1) if outs.len() == 1 && !ins.is_empty() => (outs[0], false),
        _ => return None,
    };
    let edge = &state.edges[views_edge];
    let viewed = if read { edge.src } else { edge.dst };
    let target = access_data(state, viewed)?;
    let target_desc = sdfg.container(target)?;
    // The viewed container's side of the `views` edge.
    let m = &edge.memlet;
    let subset = if m.data.as_deref() == Some(target) { m.subset.as_ref() } else { m.other_subset.as_ref() };
    let as_array = |d: &crate::model::DataDesc| {
        let mut d = d.clone();
        if d.kind == DataKind::View {
            d.kind = DataKind::Array;
        }
        d
    };
    let w = window(target, &as_array(target_desc), &as_array(desc), subset)?;
    let adjacent: Vec<usize> = if read { outs.to_vec() } else { ins.to_vec() };
    let mut rewrites = Vec::new();
    for &e in &adjacent {
        let (edges, leaves) = memlet_tree(&graph, e, !read)?;
        for &k in &edges {
            let m = &state.edges[k].memlet;
            let rewrite = match m.data.as_deref() {
                Some(d) if d == name => Rewrite::Data(w.compose(m.subset.as_ref())?),
                Some(_) if k == e && access_data(state, if read { state.edges[k].dst } else { state.edges[k].src }).is_some() => {
                    let own = m.copy_subset(name, read, &desc.shape);
                    Rewrite::Other(w.compose(Some(&own))?)
                }
                None => continue,
                Some(_) => return None,
            };
            rewrites.push((k, rewrite));
        }
        for &leaf in &leaves {
            if !fits(state, leaf, &edges, &rewrites, target, target_desc) {
                return None;
            }
        }
    }
    Some(Plan { views_edge, viewed, window: w, rewrites, adjacent, read })
}

/// Whether a tree's far end can take the new memlets: not a library node;
/// a nested SDFG only when its connector container is a window of the
/// viewed container at the new subset.
fn fits(state: &State, leaf: usize, edges: &[usize], rewrites: &[(usize, Rewrite)], target: &str, target_desc: &crate::model::DataDesc) -> bool {
    match &state.nodes[leaf].kind {
        NodeKind::Library(_) => false,
        NodeKind::NestedSdfg { sdfg: inner, symbol_mapping } => {
            let mapping: HashMap<String, crate::symbolic::Expr> = symbol_mapping.iter().cloned().collect();
            edges.iter().filter(|&&k| state.edges[k].src == leaf || state.edges[k].dst == leaf).all(|&k| {
                let e = &state.edges[k];
                let conn = if e.dst == leaf { e.dst_conn.as_deref() } else { e.src_conn.as_deref() };
                let Some(inner_desc) = conn.and_then(|c| inner.container(c)) else { return false };
                let Some((_, Rewrite::Data(subset))) = rewrites.iter().find(|(r, _)| *r == k) else { return false };
                let inner_desc = super::inline_window::substitute_desc(inner_desc, &mapping);
                window(target, target_desc, &inner_desc, Some(subset)).is_some()
            })
        }
        _ => true,
    }
}

fn remove(state: &mut State, v: usize, p: &Plan) {
    for (k, r) in &p.rewrites {
        let m = &mut state.edges[*k].memlet;
        match r {
            Rewrite::Data(s) => {
                m.data = Some(p.window.outer.clone());
                m.subset = Some(s.clone());
            }
            Rewrite::Other(s) => m.other_subset = Some(s.clone()),
        }
    }
    for &e in &p.adjacent {
        if p.read {
            state.edges[e].src = p.viewed;
        } else {
            state.edges[e].dst = p.viewed;
        }
    }
    state.edges.remove(p.views_edge);
    remove_nodes(state, &[v]);
}
