//! One dataflow state: edge endpoints, nodes, connectors, views and the
//! ordering of the rule groups that need a well-formed graph
//! (DaCe: `validate_state`, the node loop and `Node.validate`).

use super::paths::describe;
use super::{memlets, nested, scopes, symbols, valid_name, Env, Verifier};
use crate::model::conn;
use crate::model::dataflow::Dataflow;
use crate::model::scope::{scope_parents, topological_order};
use crate::model::{Block, DataKind, Node, NodeKind, State};

const LANGUAGES: [&str; 5] = ["Python", "CPP", "OpenCL", "SystemVerilog", "MLIR"];

pub(super) fn check(v: &mut Verifier, env: &Env, s: &State, block: &Block) {
    let n = s.nodes.len();
    let mut edges_ok = true;
    for e in &s.edges {
        for (end, idx) in [("source", e.src), ("destination", e.dst)] {
            if idx >= n {
                v.error(&e.loc, format!("edge {end} {idx} does not exist in state '{}' ({n} nodes)", block.label));
                edges_ok = false;
            }
        }
    }
    for node in &s.nodes {
        node_rules(v, env, node);
    }
    let pairs_ok = scopes::check_pairs(v, s);
    // Built once the edge endpoints are known to be valid.
    let graph = edges_ok.then(|| Dataflow::new(s));
    if let Some(graph) = &graph {
        connectors(v, graph);
        views(v, env, graph);
        memlets::check(v, env, graph);
    }
    for node in &s.nodes {
        if let NodeKind::NestedSdfg { sdfg, symbol_mapping } = &node.kind {
            nested::check(v, node, sdfg, symbol_mapping);
        }
    }
    let Some(graph) = graph.filter(|_| pairs_ok) else { return };
    if topological_order(s).is_none() {
        v.error(&block.loc, format!("state '{}' has a cycle", block.label));
        return;
    }
    match scope_parents(s) {
        Err(msg) => v.error(&block.loc, format!("state '{}': {msg}", block.label)),
        Ok(parents) => {
            scopes::check_paths(v, &graph, &parents);
            symbols::check_state(v, env, s, &parents);
        }
    }
}

/// Rules on a node alone (DaCe's `Node.validate` and the node-specific tests).
fn node_rules(v: &mut Verifier, env: &Env, node: &Node) {
    let loc = &node.loc;
    match &node.kind {
        NodeKind::Access { data, .. } => {
            if !env.has_container(data) {
                v.error(loc, format!("access node data '{data}' is not a container of this sdfg"));
            }
        }
        NodeKind::Tasklet { code } => {
            if !valid_name(&node.label) {
                v.error(loc, format!("invalid tasklet name '{}'", node.label));
            }
            if !LANGUAGES.contains(&code.language.as_str()) {
                v.error(loc, format!("tasklet '{}' has unknown language '{}'", node.label, code.language));
            }
            // Only Python is parsed here; constructs the lowering does not
            // support are valid Python and left to it.
            if code.language == "Python" {
                if let Err(e) = crate::tasklet::parse(&code.code) {
                    if !e.is_unsupported() {
                        let at = loc.child("attributes").child("code");
                        v.error(&at, format!("Python code of tasklet '{}' does not parse: {e}", node.label));
                    }
                }
            }
            // DaCe: connectors would shadow data or symbols in the code.
            for (c, _) in node.in_connectors.iter().chain(&node.out_connectors) {
                if env.has_container(c) || env.symbol_type(c).is_some() || env.has_constant(c) {
                    v.error(loc, format!("connector '{c}' of tasklet '{}' is also a data or symbol name", node.label));
                }
            }
        }
        NodeKind::MapEntry { map, .. } => {
            if !valid_name(&node.label) {
                v.error(loc, format!("invalid map name '{}'", node.label));
            }
            let ndims = super::exprs::dims(&map.range).len();
            // A zero step never reaches the end: the map would never finish.
            for (i, d) in super::exprs::dims(&map.range).iter().enumerate() {
                if d.step.as_int() == Some(0) {
                    v.error(loc, format!("map '{}' has step 0 in dimension {i}", node.label));
                }
            }
            if map.params.len() != ndims {
                v.error(
                    loc,
                    format!("map '{}' has {} parameters but {ndims} range dimensions", node.label, map.params.len()),
                );
            }
            for (i, p) in map.params.iter().enumerate() {
                if !valid_name(p) {
                    v.error(loc, format!("map '{}' has invalid parameter name '{p}'", node.label));
                } else if map.params.iter().take(i).any(|q| q == p) {
                    v.error(loc, format!("map '{}' has parameter '{p}' twice", node.label));
                }
            }
        }
        NodeKind::ConsumeEntry { consume, .. } => {
            if !valid_name(&node.label) {
                v.error(loc, format!("invalid consume name '{}'", node.label));
            }
            if !consume.pe_index.is_empty() && !valid_name(&consume.pe_index) {
                v.error(loc, format!("consume '{}' has invalid pe index '{}'", node.label, consume.pe_index));
            }
            if !node.has_in_connector(&conn::in_conn("stream")) {
                v.error(loc, format!("consume '{}' has no input stream connector 'IN_stream'", node.label));
            }
            if !node.has_out_connector(&conn::out_conn("stream")) {
                v.error(loc, format!("consume '{}' has no internal stream connector 'OUT_stream'", node.label));
            }
        }
        NodeKind::NestedSdfg { .. } => {
            if !valid_name(&node.label) {
                v.error(loc, format!("invalid nested sdfg name '{}'", node.label));
            }
        }
        NodeKind::Library(lib) => {
            if lib.classpath().trim().is_empty() {
                v.error(loc, format!("library node '{}' has an empty classpath", node.label));
            }
        }
        NodeKind::MapExit { .. } | NodeKind::ConsumeExit { .. } => {}
    }
    // Connector names become variables (tasklets, nested SDFGs, library nodes).
    let is_code = matches!(node.kind, NodeKind::Tasklet { .. } | NodeKind::NestedSdfg { .. });
    for (c, _) in node.in_connectors.iter().chain(&node.out_connectors) {
        if is_code && !valid_name(c) {
            v.error(loc, format!("{} has invalid connector name '{c}'", describe(node)));
        }
    }
    let may_share = matches!(node.kind, NodeKind::NestedSdfg { .. } | NodeKind::Library(_));
    for (c, _) in &node.in_connectors {
        if !may_share && node.has_out_connector(c) {
            v.error(loc, format!("{} has connector '{c}' both as input and output", describe(node)));
        }
    }
}

/// Edges attach to declared connectors; in-connectors have one edge each
/// (exit nodes may merge several); non-code nodes are not isolated.
fn connectors(v: &mut Verifier, graph: &Dataflow) {
    let s = graph.state();
    for e in &s.edges {
        let (Some(src), Some(dst)) = (s.nodes.get(e.src), s.nodes.get(e.dst)) else { continue };
        if let Some(c) = &e.src_conn {
            if !src.has_out_connector(c) {
                v.error(&e.loc, format!("edge leaves {} through undeclared connector '{c}'", describe(src)));
            }
        }
        if let Some(c) = &e.dst_conn {
            if !dst.has_in_connector(c) {
                v.error(&e.loc, format!("edge enters {} through undeclared connector '{c}'", describe(dst)));
            }
        }
    }
    for (i, node) in s.nodes.iter().enumerate() {
        let is_exit = matches!(node.kind, NodeKind::MapExit { .. } | NodeKind::ConsumeExit { .. });
        let is_code = matches!(
            node.kind,
            NodeKind::Tasklet { .. } | NodeKind::NestedSdfg { .. } | NodeKind::Library(_)
        );
        for (c, _) in &node.in_connectors {
            let count = graph.in_edges_at(i, Some(c)).len();
            if count == 0 {
                v.error(&node.loc, format!("{} has dangling in-connector '{c}'", describe(node)));
            } else if count > 1 && !is_exit {
                v.error(&node.loc, format!("in-connector '{c}' of {} has {count} incoming edges", describe(node)));
            }
        }
        // Every out-connector is used; a value computed by code or leaving
        // a scope has one destination.
        for (c, _) in &node.out_connectors {
            let count = graph.out_edges_at(i, Some(c)).len();
            if count == 0 {
                v.error(&node.loc, format!("{} has dangling out-connector '{c}'", describe(node)));
            } else if count > 1 && (is_exit || is_code) {
                v.error(&node.loc, format!("out-connector '{c}' of {} has {count} outgoing edges", describe(node)));
            }
        }
        if !is_code && graph.in_edges(i).is_empty() && graph.out_edges(i).is_empty() {
            v.error(&node.loc, format!("{} is isolated", describe(node)));
        }
    }
}

/// A View's access node is bound to the viewed data by one edge on its
/// `views` connector whose other end (through scopes) is an access node.
fn views(v: &mut Verifier, env: &Env, graph: &Dataflow) {
    let s = graph.state();
    for (i, node) in s.nodes.iter().enumerate() {
        let NodeKind::Access { data, .. } = &node.kind else { continue };
        if env.container(data).map(|d| d.kind) != Some(DataKind::View) {
            continue;
        }
        let mut bound: Vec<usize> = [graph.in_edges_at(i, Some("views")), graph.out_edges_at(i, Some("views"))].concat();
        bound.sort_unstable();
        bound.dedup();
        let [k] = bound.as_slice() else {
            let why = if bound.is_empty() { "is not connected" } else { "has several edges" };
            v.error(&node.loc, format!("view '{data}' {why} to the viewed data through its 'views' connector"));
            continue;
        };
        let Ok(path) = super::paths::memlet_path(graph, *k) else { continue };
        let Some(e) = s.edges.get(*k) else { continue };
        let other = if e.dst == i { path.src } else { path.dst };
        if !matches!(s.nodes.get(other).map(|n| &n.kind), Some(NodeKind::Access { .. })) {
            v.error(&node.loc, format!("view '{data}' is not bound to an access node"));
        }
    }
}
