//! Memlet paths (DaCe: `SDFGState.memlet_path`): an edge extended through
//! the `IN_x`/`OUT_x` connector pairs of scope nodes to the code or access
//! nodes at both ends. Callers must have checked that every edge endpoint
//! is a valid node index.

use crate::model::conn;
use crate::model::dataflow::Dataflow;
use crate::model::{Node, NodeKind};

/// The two ends of one memlet path.
pub(crate) struct MemletPath {
    /// First node of the path (the source of `edges[0]`).
    pub src: usize,
    /// Last node of the path.
    pub dst: usize,
}

/// Why a path could not be traced.
pub(crate) enum PathError {
    /// A problem only this trace finds (reported by the memlet rules).
    Broken(String),
    /// A missing edge that the dangling-connector rule already reports.
    Dangling,
}

fn is_scope_node(node: &Node) -> bool {
    matches!(
        node.kind,
        NodeKind::MapEntry { .. }
            | NodeKind::MapExit { .. }
            | NodeKind::ConsumeEntry { .. }
            | NodeKind::ConsumeExit { .. }
    )
}

/// Traces the memlet path through edge `start` (the edges it collects only
/// guard against cycles). A scope node's connector leads on to the first
/// edge at its partner.
pub(crate) fn memlet_path(graph: &Dataflow, start: usize) -> Result<MemletPath, PathError> {
    let state = graph.state();
    let node = |i: usize| state.nodes.get(i);
    let edge = |i: usize| state.edges.get(i);
    let Some(first) = edge(start) else {
        return Err(PathError::Dangling);
    };
    let mut path = std::collections::VecDeque::from([start]);
    // An empty memlet without connectors only orders execution.
    if first.src_conn.is_none() && first.dst_conn.is_none() && first.memlet.data.is_none() {
        return Ok(MemletPath { src: first.src, dst: first.dst });
    }
    let mut cur = first;
    while let Some(src) = node(cur.src).filter(|n| is_scope_node(n)) {
        let Some(conn) = &cur.src_conn else {
            return Err(PathError::Broken(format!("leaves {} without a connector", describe(src))));
        };
        let Some(base) = conn::out_base(conn) else {
            return Err(PathError::Broken(format!(
                "leaves {} through '{conn}', which is not an OUT_ connector",
                describe(src)
            )));
        };
        let Some(&next) = graph.in_edges_at(cur.src, Some(&conn::in_conn(base))).first() else {
            return Err(PathError::Dangling);
        };
        if path.contains(&next) || path.len() > state.edges.len() {
            return Err(PathError::Broken("runs in a cycle".to_string()));
        }
        path.push_front(next);
        cur = &state.edges[next];
    }
    let src = cur.src;
    let mut cur = first;
    while let Some(dst) = node(cur.dst).filter(|n| is_scope_node(n)) {
        let Some(conn) = &cur.dst_conn else {
            return Err(PathError::Broken(format!("enters {} without a connector", describe(dst))));
        };
        // A dynamic map-range connector ends the path at the entry.
        let Some(base) = conn::in_base(conn) else {
            break;
        };
        let Some(&next) = graph.out_edges_at(cur.dst, Some(&conn::out_conn(base))).first() else {
            return Err(PathError::Dangling);
        };
        if path.contains(&next) || path.len() > state.edges.len() {
            return Err(PathError::Broken("runs in a cycle".to_string()));
        }
        path.push_back(next);
        cur = &state.edges[next];
    }
    Ok(MemletPath { src, dst: cur.dst })
}

/// `map 'm'`, `tasklet 't'`, `access node 'A'`, ... for messages.
pub(crate) fn describe(node: &Node) -> String {
    let kind = match &node.kind {
        NodeKind::Access { data, .. } => return format!("access node '{data}'"),
        NodeKind::Tasklet { .. } => "tasklet",
        NodeKind::MapEntry { .. } => "map",
        NodeKind::MapExit { .. } => "map exit",
        NodeKind::ConsumeEntry { .. } => "consume",
        NodeKind::ConsumeExit { .. } => "consume exit",
        NodeKind::NestedSdfg { .. } => "nested sdfg",
        NodeKind::Library(_) => "library node",
    };
    format!("{kind} '{}'", node.label)
}
