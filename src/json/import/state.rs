//! SDFGState: nodes, dataflow edges, and the linking of scope entry/exit pairs.

use super::memlet;
use super::nodes::{self, Link};
use super::reader::{Ctx, Obj};
use crate::model::{DataEdge, Node, NodeKind, State};

/// Reads the `nodes` and `edges` of a state object.
pub(super) fn state(cx: &mut Ctx, obj: &Obj) -> Option<State> {
    let errors_before = cx.diags.len();
    let node_values = obj.req_array(cx, "nodes");
    let edge_values = obj.req_array(cx, "edges");
    let (node_values, edge_values) = (node_values?, edge_values?);
    let count = node_values.len();
    let mut nodes: Vec<Option<(Node, Link)>> = Vec::with_capacity(count);
    for (i, v) in node_values.iter().enumerate() {
        nodes.push(nodes::node(cx, v, obj.at("nodes").child(&format!("[{i}]")), count));
    }
    let mut edges = Vec::with_capacity(edge_values.len());
    for (i, v) in edge_values.iter().enumerate() {
        if let Some(e) = edge(cx, v, &obj.at("edges").child(&format!("[{i}]")), count) {
            edges.push(e);
        }
    }
    if cx.diags.len() != errors_before {
        return None;
    }
    let (nodes, links): (Vec<Node>, Vec<Link>) = nodes.into_iter().flatten().unzip();
    let nodes = link_scopes(cx, nodes, &links)?;
    // `is_data_src` only disambiguates copies between two access nodes;
    // elsewhere DaCe derives it from the memlet path on load.
    let is_access = |i: usize| matches!(nodes[i].kind, NodeKind::Access { .. });
    for e in &mut edges {
        if !(is_access(e.src) && is_access(e.dst)) {
            e.memlet.is_data_src = None;
        }
    }
    Some(State { nodes, edges })
}

fn edge(cx: &mut Ctx, value: &serde_json::Value, loc: &crate::model::Loc, count: usize) -> Option<DataEdge> {
    let obj = cx.object(value, loc.clone())?;
    let src = obj.required(cx, "src").and_then(|v| cx.index(v, &obj.at("src"), count, "node"));
    let dst = obj.required(cx, "dst").and_then(|v| cx.index(v, &obj.at("dst"), count, "node"));
    let src_conn = connector_key(cx, &obj, "src_connector");
    let dst_conn = connector_key(cx, &obj, "dst_connector");
    let data = obj.req_object(cx, "attributes").and_then(|a| {
        let d = a.required(cx, "data")?;
        memlet::memlet(cx, d, a.at("data"))
    });
    Some(DataEdge {
        src: src?,
        src_conn: src_conn?,
        dst: dst?,
        dst_conn: dst_conn?,
        memlet: data?,
        loc: obj.loc.clone(),
    })
}

/// A connector key that must be present but may be `null`.
fn connector_key(cx: &mut Ctx, obj: &Obj, key: &str) -> Option<Option<String>> {
    let value = obj.required(cx, key)?;
    if value.is_null() {
        return Some(None);
    }
    cx.string(value, &obj.at(key)).map(|s| Some(s.to_string()))
}

/// Pairs every entry with its exit: an entry's `scope_exit` or, when that is
/// `null`, the exit whose `scope_entry` names the entry (and vice versa).
fn link_scopes(cx: &mut Ctx, mut nodes: Vec<Node>, links: &[Link]) -> Option<Vec<Node>> {
    let errors_before = cx.diags.len();
    let mut entry_of: Vec<Option<usize>> = vec![None; nodes.len()];
    let mut exit_of: Vec<Option<usize>> = vec![None; nodes.len()];
    for (i, link) in links.iter().enumerate() {
        match link {
            Link::Entry(Some(x)) => exit_of[i] = Some(*x),
            Link::Exit(Some(e)) => entry_of[i] = Some(*e),
            _ => {}
        }
    }
    for (i, link) in links.iter().enumerate() {
        match link {
            Link::Entry(None) => {
                exit_of[i] = links.iter().position(|l| matches!(l, Link::Exit(Some(e)) if *e == i));
            }
            Link::Exit(None) => {
                entry_of[i] = links.iter().position(|l| matches!(l, Link::Entry(Some(x)) if *x == i));
            }
            _ => {}
        }
    }
    for i in 0..nodes.len() {
        let is_map = matches!(nodes[i].kind, NodeKind::MapEntry { .. } | NodeKind::MapExit { .. });
        let partner = match links[i] {
            Link::None => continue,
            Link::Entry(_) => exit_of[i],
            Link::Exit(_) => entry_of[i],
        };
        let (want, key) = match (&links[i], is_map) {
            (Link::Entry(_), true) => ("MapExit", "scope_exit"),
            (Link::Entry(_), false) => ("ConsumeExit", "scope_exit"),
            (_, true) => ("MapEntry", "scope_entry"),
            (_, false) => ("ConsumeEntry", "scope_entry"),
        };
        let loc = nodes[i].loc.child(key);
        let Some(p) = partner else {
            cx.error(&loc, format!("cannot find the {want} of this {}", nodes[i].kind.type_name()));
            continue;
        };
        if nodes[p].kind.type_name() != want {
            cx.error(&loc, format!("node {p} is a {}, expected a {want}", nodes[p].kind.type_name()));
            continue;
        }
        let entry_label = nodes[p].label.clone();
        let node = &mut nodes[i];
        match &mut node.kind {
            NodeKind::MapEntry { exit, .. } | NodeKind::ConsumeEntry { exit, .. } => *exit = p,
            NodeKind::MapExit { entry } | NodeKind::ConsumeExit { entry } => {
                *entry = p;
                // The scope's label lives on the entry; the exit shows the same.
                node.label = entry_label;
            }
            _ => {}
        }
    }
    (cx.diags.len() == errors_before).then_some(nodes)
}
