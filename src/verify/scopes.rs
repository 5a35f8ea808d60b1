//! Map and consume scopes: entry/exit pairing, `IN_x`/`OUT_x` connector
//! pairs, and DaCe's memlet-path scope rule (a path may only leave a scope
//! towards an access node; paths between disjoint scopes are illegal).

use super::paths::{describe, memlet_path};
use super::Verifier;
use crate::model::conn;
use crate::model::dataflow::Dataflow;
use crate::model::{Node, NodeKind, State};

/// Checks that entries and exits point at each other, and the connector
/// pairs of scope nodes. Returns whether the entry/exit links are sound
/// (the scope tree can only be derived then).
pub(super) fn check_pairs(v: &mut Verifier, s: &State) -> bool {
    let mut ok = true;
    for (i, node) in s.nodes.iter().enumerate() {
        let linked = match &node.kind {
            NodeKind::MapEntry { exit, .. } => {
                matches!(s.nodes.get(*exit).map(|n| &n.kind), Some(NodeKind::MapExit { entry }) if *entry == i)
            }
            NodeKind::ConsumeEntry { exit, .. } => {
                matches!(s.nodes.get(*exit).map(|n| &n.kind), Some(NodeKind::ConsumeExit { entry }) if *entry == i)
            }
            NodeKind::MapExit { entry } => {
                matches!(s.nodes.get(*entry).map(|n| &n.kind), Some(NodeKind::MapEntry { exit, .. }) if *exit == i)
            }
            NodeKind::ConsumeExit { entry } => matches!(
                s.nodes.get(*entry).map(|n| &n.kind),
                Some(NodeKind::ConsumeEntry { exit, .. }) if *exit == i
            ),
            _ => continue,
        };
        if !linked {
            ok = false;
            let what = if node.kind.scope_exit().is_some() { "exit" } else { "entry" };
            v.error(&node.loc, format!("{} has no matching {what}", describe(node)));
        }
        connector_pairs(v, node);
    }
    ok
}

/// Data passes a scope node through `IN_x` and leaves through `OUT_x`.
fn connector_pairs(v: &mut Verifier, node: &Node) {
    for (c, partner) in conn::unpaired(node) {
        let side = if conn::in_base(c).is_some() { "in" } else { "out" };
        v.error(&node.loc, format!("{} has {side}-connector '{c}' without '{partner}'", describe(node)));
    }
}

/// DaCe's "memlet path scope lifetime checks" over every edge's full path.
pub(super) fn check_paths(v: &mut Verifier, graph: &Dataflow, parents: &[Option<usize>]) {
    let s = graph.state();
    let scope = |n: usize| parents.get(n).copied().flatten();
    for (k, e) in s.edges.iter().enumerate() {
        let Ok(path) = memlet_path(graph, k) else { continue };
        let (src, dst) = (path.src, path.dst);
        let (Some(src_node), Some(dst_node)) = (s.nodes.get(src), s.nodes.get(dst)) else { continue };
        if scope(src) == scope(dst) || scope(dst) == Some(src) || contains(parents, src, dst) {
            continue;
        }
        if contains(parents, dst, src) {
            let empty_into_exit = e.memlet.data.is_none() && dst_node.kind.scope_entry().is_some();
            if !matches!(dst_node.kind, NodeKind::Access { .. }) && !empty_into_exit {
                v.error(
                    &e.loc,
                    format!("memlet path leaves a scope into {}, which is not an access node", describe(dst_node)),
                );
            }
            continue;
        }
        v.error(
            &e.loc,
            format!("memlet between disjoint scopes ({} and {})", describe(src_node), describe(dst_node)),
        );
    }
}

/// DaCe's `scope_contains_scope`: whether the scope of `node` encloses
/// `other` (walking up from `other` reaches it). Bounded by the node count.
fn contains(parents: &[Option<usize>], node: usize, other: usize) -> bool {
    let target = parents.get(node).copied().flatten();
    let mut cur = Some(other);
    for _ in 0..=parents.len() {
        let Some(c) = cur else { return false };
        cur = parents.get(c).copied().flatten();
        if cur == target {
            return true;
        }
    }
    false
}
