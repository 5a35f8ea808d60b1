//! MapExpansion: a map over several parameters becomes a map over the first
//! with a sequential map over the others inside.
//!
//! ```mlir
//! %e, %x = sdfg.map "m" ["i", "j"] = "0:N, 0:M" { body }
//! ```
//! becomes
//! ```mlir
//! %e, %x = sdfg.map "m" ["i"] = "0:N" {
//!   %e2, %x2 = sdfg.map "m" ["j"] = "0:M" attributes {schedule = "Sequential"} { body }
//! }
//! ```
//! Preconditions: at least two parameters; no dynamic range inputs. Data
//! entering the inner map is the outer map's (a superset of what one
//! iteration reads, as DaCe allows).

use super::{place, Match, Options, Place, Transformation};
use crate::model::{DataEdge, MapScope, Node, NodeKind, Sdfg, State};
use crate::symbolic::Subset;

pub struct MapExpansion;

impl Transformation for MapExpansion {
    fn name(&self) -> &'static str {
        "sdfg-map-expansion"
    }

    fn summary(&self) -> &'static str {
        "Split a multi-parameter map into nested one-parameter maps"
    }

    fn matches(&self, sdfg: &Sdfg) -> Vec<Match> {
        let mut out = Vec::new();
        for (path, state) in place::states(sdfg) {
            for (i, n) in state.nodes.iter().enumerate() {
                let NodeKind::MapEntry { map, .. } = &n.kind else { continue };
                if map.params.len() >= 2 && !has_dynamic_inputs(n) {
                    let description = format!("map '{}' [{}] in state '{}'", n.label, map.params.join(", "), place::state_label(sdfg, &path));
                    out.push(Match { place: Place { state: path.clone(), node: i }, description });
                }
            }
        }
        out
    }

    fn apply(&self, sdfg: &mut Sdfg, m: &Match, _options: &Options) -> Result<(), String> {
        let state = place::state_mut(sdfg, &m.place.state).ok_or("match refers to a missing state")?;
        expand(state, m.place.node)
    }
}

/// Entry in-connectors that are not `IN_*` define dynamic range symbols.
pub fn has_dynamic_inputs(n: &Node) -> bool {
    n.in_connectors.iter().any(|(c, _)| !c.starts_with("IN_"))
}

fn expand(state: &mut State, e: usize) -> Result<(), String> {
    let (map, x) = match &state.nodes[e].kind {
        NodeKind::MapEntry { map, exit } => (map.clone(), *exit),
        _ => return Err("match is not a map entry".into()),
    };
    let Subset::Range(dims) = &map.range;
    let (e2, x2) = (state.nodes.len(), state.nodes.len() + 1);
    let outer = MapScope { params: map.params[..1].to_vec(), range: Subset::Range(dims[..1].to_vec()), schedule: map.schedule.clone() };
    let inner = MapScope { params: map.params[1..].to_vec(), range: Subset::Range(dims[1..].to_vec()), schedule: "Sequential".into() };
    let entry = state.nodes[e].clone();
    let exit = state.nodes[x].clone();
    let passed = |conns: &[crate::model::Connector], from: &str, to: &str| -> Vec<crate::model::Connector> {
        conns.iter().filter_map(|(c, t)| c.strip_prefix(from).map(|r| (format!("{to}{r}"), t.clone()))).collect()
    };
    state.nodes.push(Node {
        kind: NodeKind::MapEntry { map: inner, exit: x2 },
        in_connectors: passed(&entry.out_connectors, "OUT_", "IN_"),
        extra: Default::default(),
        ..entry.clone()
    });
    state.nodes.push(Node {
        kind: NodeKind::MapExit { entry: e2 },
        out_connectors: passed(&exit.in_connectors, "IN_", "OUT_"),
        extra: Default::default(),
        ..exit.clone()
    });
    if let NodeKind::MapEntry { map, .. } = &mut state.nodes[e].kind {
        *map = outer;
    }
    // Inner edges now leave the inner entry and enter the inner exit.
    let mut added = Vec::new();
    for edge in &mut state.edges {
        if edge.src == e {
            edge.src = e2;
        }
        if edge.dst == x {
            edge.dst = x2;
        }
    }
    // Data passes from the outer entry to the inner one, and back out.
    for edge in state.edges.iter().filter(|d| d.dst == e) {
        if let Some(conn) = edge.dst_conn.as_deref().and_then(|c| c.strip_prefix("IN_")) {
            added.push(DataEdge {
                src: e,
                src_conn: Some(format!("OUT_{conn}")),
                dst: e2,
                dst_conn: Some(format!("IN_{conn}")),
                memlet: edge.memlet.clone(),
                loc: edge.loc.clone(),
            });
        }
    }
    for edge in state.edges.iter().filter(|d| d.src == x) {
        if let Some(conn) = edge.src_conn.as_deref().and_then(|c| c.strip_prefix("OUT_")) {
            added.push(DataEdge {
                src: x2,
                src_conn: Some(format!("OUT_{conn}")),
                dst: x,
                dst_conn: Some(format!("IN_{conn}")),
                memlet: edge.memlet.clone(),
                loc: edge.loc.clone(),
            });
        }
    }
    // Scopes are told by edges: keep the inner map inside the outer one.
    if !added.iter().any(|d| d.dst == e2) {
        added.push(DataEdge { src: e, src_conn: None, dst: e2, dst_conn: None, memlet: Default::default(), loc: entry.loc.clone() });
    }
    if !added.iter().any(|d| d.src == x2) {
        added.push(DataEdge { src: x2, src_conn: None, dst: x, dst_conn: None, memlet: Default::default(), loc: exit.loc.clone() });
    }
    state.edges.extend(added);
    Ok(())
}
