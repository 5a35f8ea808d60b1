//! ConsolidateEdges: several edges between one access node and one map
//! entry (or from one map exit to one access node) become one edge through
//! one connector pair, whose subset is the bounding box of theirs (DaCe's
//! ConsolidateEdges pass).
//!
//! ```mlir
//! sdfg.memlet %A -> %e["IN_A"] {data = "A", subset = #sdfg.range<0:N>}
//! sdfg.memlet %A -> %e["IN_A_1"] {data = "A", subset = #sdfg.range<1:"N + 1">}
//!   sdfg.memlet %entry["OUT_A"] -> %t["x"] {data = "A", subset = #sdfg.range<i>}
//!   sdfg.memlet %entry["OUT_A_1"] -> %t["y"] {data = "A", subset = #sdfg.range<"i + 1">}
//! ```
//! becomes
//! ```mlir
//! sdfg.memlet %A -> %e["IN_A"] {data = "A", subset = #sdfg.range<0:"N + 1">}
//!   sdfg.memlet %entry["OUT_A"] -> %t["x"] {data = "A", subset = #sdfg.range<i>}
//!   sdfg.memlet %entry["OUT_A"] -> %t["y"] {data = "A", subset = #sdfg.range<"i + 1">}
//! ```
//! Preconditions: the edges name the access node's data, without
//! `other_subset`; each goes through its own `IN_`/`OUT_` pair that has no
//! other outer edge; steps are 1 and the bounds compare by constants (so
//! the bounding box needs no `min`/`max`); on a map exit all have the same
//! write-conflict resolution. One match per map entry or exit, merging all
//! of its groups.

use super::uses::access_data;
use super::{place, Match, Options, Place, Transformation};
use crate::model::conn::{self, Side};
use crate::model::{scope, NodeKind, Sdfg, State};
use crate::symbolic::{Dim, Expr, Subset};

pub struct ConsolidateEdges;

impl Transformation for ConsolidateEdges {
    fn name(&self) -> &'static str {
        "sdfg-consolidate-edges"
    }

    fn summary(&self) -> &'static str {
        "Merge edges between a map and one access node into one edge with the union subset"
    }

    fn matches(&self, sdfg: &Sdfg) -> Vec<Match> {
        let mut out = Vec::new();
        for (path, state) in place::states(sdfg) {
            let adjacency = scope::adjacency(state);
            for s in 0..state.nodes.len() {
                let groups = groups(state, &adjacency, s);
                if groups.is_empty() {
                    continue;
                }
                let data: Vec<String> = groups.iter().map(|g| format!("'{}' x{}", g.data, g.edges.len())).collect();
                let description = format!("{} '{}' [{}] in state '{}'", state.nodes[s].kind.type_name(), state.nodes[s].label, data.join(", "), place::state_label(sdfg, &path));
                out.push(Match { place: Place { state: path.clone(), node: s }, description });
            }
        }
        out
    }

    fn apply(&self, sdfg: &mut Sdfg, m: &Match, _options: &Options) -> Result<(), String> {
        let state = place::state_mut(sdfg, &m.place.state).ok_or("match refers to a missing state")?;
        let s = m.place.node;
        if groups(state, &scope::adjacency(state), s).is_empty() {
            return Err("match no longer applies".into());
        }
        // Merging renumbers edges: one group at a time.
        for _ in 0..state.edges.len() {
            let Some(g) = groups(state, &scope::adjacency(state), s).into_iter().next() else { break };
            merge(state, s, &g);
        }
        Ok(())
    }
}

/// Edges to merge: all between one scope node and one access node.
struct Group {
    data: String,
    edges: Vec<usize>,
    union: Subset,
}

/// The scope-side connector of an outer edge.
fn scope_conn(e: &crate::model::DataEdge, entry: bool) -> Option<&str> {
    if entry { e.dst_conn.as_deref() } else { e.src_conn.as_deref() }
}

/// `adjacency` is `scope::adjacency(state)`: the edges at `s` come from it
/// rather than from a scan of all edges per scope node.
fn groups(state: &State, adjacency: &scope::Adjacency, s: usize) -> Vec<Group> {
    let entry = match state.nodes.get(s).map(|n| &n.kind) {
        Some(NodeKind::MapEntry { .. }) => true,
        Some(NodeKind::MapExit { .. }) => false,
        _ => return Vec::new(),
    };
    let side = if entry { Side::In } else { Side::Out };
    let incident = if entry { &adjacency.0[s] } else { &adjacency.1[s] };
    let outer: Vec<usize> = incident
        .iter()
        .copied()
        .filter(|&i| scope_conn(&state.edges[i], entry).is_some_and(|c| conn::base(side, c).is_some()))
        .collect();
    let far = |i: usize| if entry { state.edges[i].src } else { state.edges[i].dst };
    let mut out = Vec::new();
    let mut done: Vec<usize> = Vec::new();
    for &i in &outer {
        let x = far(i);
        if done.contains(&x) {
            continue;
        }
        done.push(x);
        let Some(data) = access_data(state, x) else { continue };
        let edges: Vec<usize> = outer.iter().copied().filter(|&k| far(k) == x).collect();
        if edges.len() < 2 {
            continue;
        }
        let conns: Vec<&str> = edges.iter().filter_map(|&k| scope_conn(&state.edges[k], entry)).collect();
        let alone = |c: &str| outer.iter().filter(|&&k| scope_conn(&state.edges[k], entry) == Some(c)).count() == 1;
        let first = &state.edges[edges[0]].memlet;
        let fits = edges.iter().all(|&k| {
            let m = &state.edges[k].memlet;
            m.data.as_deref() == Some(data) && m.other_subset.is_none() && m.subset.is_some() && m.wcr == first.wcr && (entry || m.is_data_src == first.is_data_src)
        });
        let unique = conns.len() == edges.len() && (1..conns.len()).all(|k| !conns[..k].contains(&conns[k]));
        if !fits || !unique || !conns.iter().all(|c| alone(c)) || (entry && first.wcr.is_some()) {
            continue;
        }
        let subsets: Vec<&Subset> = edges.iter().filter_map(|&k| state.edges[k].memlet.subset.as_ref()).collect();
        if let Some(union) = bounding_box(&subsets) {
            out.push(Group { data: data.to_string(), edges, union });
        }
    }
    out
}

/// The smallest box covering the subsets, when every bound compares with
/// the others by a constant and all steps are 1.
pub(super) fn bounding_box(subsets: &[&Subset]) -> Option<Subset> {
    let rank = subsets.first()?.dims().len();
    let mut dims = Vec::with_capacity(rank);
    for d in 0..rank {
        let mut start: Option<Expr> = None;
        let mut end: Option<Expr> = None;
        for s in subsets {
            let dim = s.dims().get(d).filter(|_| s.dims().len() == rank)?;
            if dim.step.as_int() != Some(1) || dim.tile.as_int() != Some(1) {
                return None;
            }
            start = Some(pick(start, &dim.start, true)?);
            end = Some(pick(end, &dim.end, false)?);
        }
        dims.push(Dim::range(start?, end?));
    }
    Some(Subset::Range(dims))
}

/// The smaller (`low`) or larger of two bounds that differ by a constant.
fn pick(current: Option<Expr>, new: &Expr, low: bool) -> Option<Expr> {
    let Some(c) = current else { return Some(new.clone()) };
    let diff = new.sub(&c).simplify().as_int()?;
    Some(if (diff < 0) == low && diff != 0 { new.clone() } else { c })
}

fn merge(state: &mut State, s: usize, g: &Group) {
    let entry = matches!(state.nodes[s].kind, NodeKind::MapEntry { .. });
    let keep_conn = scope_conn(&state.edges[g.edges[0]], entry).unwrap_or_default().to_string();
    // Group edges sit on IN_x (entries) or OUT_x (exits) connectors.
    let kept_inner = conn::partner(&keep_conn).unwrap_or_default();
    let mut dynamic = false;
    for &i in &g.edges[1..] {
        dynamic |= state.edges[i].memlet.dynamic;
        let outer = scope_conn(&state.edges[i], entry).unwrap_or_default().to_string();
        let inner = conn::partner(&outer).unwrap_or_default();
        // Inner edges of the dropped pair move to the kept pair.
        for e in state.edges.iter_mut() {
            if entry && e.src == s && e.src_conn.as_deref() == Some(inner.as_str()) {
                e.src_conn = Some(kept_inner.clone());
            } else if !entry && e.dst == s && e.dst_conn.as_deref() == Some(inner.as_str()) {
                e.dst_conn = Some(kept_inner.clone());
            }
        }
        let node = &mut state.nodes[s];
        node.in_connectors.retain(|(c, _)| *c != outer && *c != inner);
        node.out_connectors.retain(|(c, _)| *c != outer && *c != inner);
    }
    let m = &mut state.edges[g.edges[0]].memlet;
    m.dynamic |= dynamic;
    m.volume = Some(g.union.num_elements());
    m.subset = Some(g.union.clone());
    let mut k = 0;
    state.edges.retain(|_| {
        k += 1;
        !g.edges[1..].contains(&(k - 1))
    });
}
