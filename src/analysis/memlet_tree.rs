//! Memlet trees: the edges that carry one access through map scopes, from
//! the access node outside to the nodes that use it inside (DaCe's
//! `memlet_tree`), and the scope chain a node sits in.

use crate::model::{NodeKind, State};

/// The edges of the memlet tree that starts with edge `e` and goes on
/// through map exits (`up`: towards producers) or map entries (towards
/// consumers), and the nodes at its far ends. `None` through consume scopes.
pub fn memlet_tree(state: &State, e: usize, up: bool) -> Option<(Vec<usize>, Vec<usize>)> {
    let (mut edges, mut leaves) = (Vec::new(), Vec::new());
    let mut todo = vec![e];
    while let Some(i) = todo.pop() {
        if edges.contains(&i) || edges.len() > state.edges.len() {
            return None;
        }
        edges.push(i);
        let edge = state.edges.get(i)?;
        let (far, conn) = if up { (edge.src, &edge.src_conn) } else { (edge.dst, &edge.dst_conn) };
        match &state.nodes.get(far)?.kind {
            NodeKind::MapExit { .. } if up => {
                let inner = format!("IN_{}", conn.as_deref()?.strip_prefix("OUT_")?);
                todo.extend((0..state.edges.len()).filter(|&k| state.edges[k].dst == far && state.edges[k].dst_conn.as_deref() == Some(&inner)));
            }
            NodeKind::MapEntry { .. } if !up => {
                let inner = format!("OUT_{}", conn.as_deref()?.strip_prefix("IN_")?);
                todo.extend((0..state.edges.len()).filter(|&k| state.edges[k].src == far && state.edges[k].src_conn.as_deref() == Some(&inner)));
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
