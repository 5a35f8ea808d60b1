//! Memlet trees: the edges that carry one access through map scopes, from
//! the access node outside to the nodes that use it inside (DaCe's
//! `memlet_tree`), and the scope chain a node sits in.

use crate::model::conn;
use crate::model::dataflow::Dataflow;
use crate::model::NodeKind;
use std::collections::HashSet;

/// The edges of the memlet tree that starts with edge `e` and goes on
/// through map exits (`up`: towards producers) or map entries (towards
/// consumers), and the nodes at its far ends. `None` through consume scopes.
pub fn memlet_tree(graph: &Dataflow, e: usize, up: bool) -> Option<(Vec<usize>, Vec<usize>)> {
    let state = graph.state();
    let (mut edges, mut leaves) = (Vec::new(), Vec::new());
    let mut seen = HashSet::new();
    let mut todo = vec![e];
    while let Some(i) = todo.pop() {
        if !seen.insert(i) {
            return None;
        }
        edges.push(i);
        let edge = state.edges.get(i)?;
        let (far, c) = if up { (edge.src, &edge.src_conn) } else { (edge.dst, &edge.dst_conn) };
        match &state.nodes.get(far)?.kind {
            NodeKind::MapExit { .. } if up => {
                conn::out_base(c.as_deref()?)?;
                todo.extend(graph.through_src(i));
            }
            NodeKind::MapEntry { .. } if !up => {
                conn::in_base(c.as_deref()?)?;
                todo.extend(graph.through_dst(i));
            }
            NodeKind::ConsumeEntry { .. } | NodeKind::ConsumeExit { .. } | NodeKind::MapEntry { .. } | NodeKind::MapExit { .. } => return None,
            _ => leaves.push(far),
        }
    }
    Some((edges, leaves))
}

/// The entry nodes of the scopes around a node in `parents` (as
/// `model::scope::scope_parents` gives them), innermost first, stopping
/// before `outer` (`None`: up to the top level).
pub fn enclosing_entries(parents: &[Option<usize>], node: usize, outer: Option<usize>) -> Vec<usize> {
    let mut out = Vec::new();
    let mut scope = parents.get(node).copied().flatten();
    while let Some(entry) = scope {
        if Some(entry) == outer || out.contains(&entry) {
            break;
        }
        out.push(entry);
        scope = parents.get(entry).copied().flatten();
    }
    out
}
