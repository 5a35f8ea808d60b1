//! Nested SDFG nodes (DaCe: `NestedSDFG.validate`): connectors bind
//! non-transient inner containers, inner free symbols are all mapped, data
//! written inside is an output, and the inner SDFG is verified in turn.

use super::paths::describe;
use super::{states, symbols, Verifier};
use crate::model::dataflow::Dataflow;
use crate::model::{Node, NodeKind, Sdfg};
use crate::symbolic::Expr;

pub(super) fn check(v: &mut Verifier, node: &Node, inner: &Sdfg, mapping: &[(String, Expr)]) {
    let me = describe(node);
    let is_conn = |c: &str| node.has_in_connector(c) || node.has_out_connector(c);
    for (c, _) in node.in_connectors.iter().chain(&node.out_connectors) {
        match inner.container(c) {
            None => v.error(&node.loc, format!("connector '{c}' of {me} is not a container of the nested sdfg")),
            Some(d) if d.transient => {
                v.error(&node.loc, format!("connector '{c}' of {me} names a transient container"))
            }
            Some(_) => {}
        }
    }
    for (name, d) in &inner.containers {
        if !d.transient && !is_conn(name) {
            v.error(&node.loc, format!("non-transient container '{name}' of {me} is not connected"));
        }
    }
    // DaCe: non-transient data written inside must be passed out as well.
    let mut reported = std::collections::BTreeSet::new();
    for s in states(&inner.cfg) {
        let graph = Dataflow::new(s);
        for (i, n) in s.nodes.iter().enumerate() {
            let NodeKind::Access { data, .. } = &n.kind else { continue };
            let external = inner.container(data).is_some_and(|d| !d.transient);
            let written = graph.in_edges(i).iter().any(|&k| s.edges[k].memlet.data.is_some());
            let input_only = node.has_in_connector(data) && !node.has_out_connector(data);
            if external && written && input_only && reported.insert(data.clone()) {
                v.error(&n.loc, format!("container '{data}' is written inside {me} but is only an input"));
            }
        }
    }
    let missing: Vec<String> = symbols::free_symbols(inner)
        .into_iter()
        .filter(|s| !is_conn(s) && !mapping.iter().any(|(k, _)| k == s))
        .collect();
    if !missing.is_empty() {
        v.error(&node.loc, format!("missing symbols on {me}: {}", missing.join(", ")));
    }
    v.sdfg(inner);
}
