//! MapInterchange: swaps two directly nested maps (DaCe's MapInterchange).
//!
//! ```mlir
//! %e, %x = sdfg.map "m" ["i"] = 0:N {
//!   %e2, %x2 = sdfg.map "n" ["j"] = 0:M { body }
//! }
//! ```
//! becomes
//! ```mlir
//! %e, %x = sdfg.map "m" ["j"] = 0:M {
//!   %e2, %x2 = sdfg.map "n" ["i"] = 0:N { body }
//! }
//! ```
//! The two maps exchange parameters and ranges; each keeps its schedule
//! (the outer map stays the parallel one). Preconditions as for
//! MapCollapse: the outer body is exactly the inner map, the inner range
//! does not use the outer parameters, no dynamic range inputs. Data passed
//! between the two entries (and exits) gets the outer memlets, which cover
//! every iteration.

use super::map_collapse::{collapsible, nested_map_matches};
use super::{place, Match, Options, Transformation};
use crate::model::conn;
use crate::model::{NodeKind, Sdfg, State};

pub struct MapInterchange;

impl Transformation for MapInterchange {
    fn local_edits(&self) -> bool {
        true
    }
    fn name(&self) -> &'static str {
        "sdfg-map-interchange"
    }

    fn summary(&self) -> &'static str {
        "Swap a map with the one map nested directly inside it"
    }

    fn once_per_match(&self) -> bool {
        true
    }

    fn matches(&self, sdfg: &Sdfg) -> Vec<Match> {
        nested_map_matches(sdfg, "around")
    }

    fn apply(&self, sdfg: &mut Sdfg, m: &Match, _options: &Options) -> Result<(), String> {
        let state = place::state_mut(sdfg, &m.place.state).ok_or("match refers to a missing state")?;
        let inner = collapsible(state, m.place.node).ok_or("the maps can no longer be interchanged")?;
        interchange(state, m.place.node, inner);
        Ok(())
    }
}

fn interchange(state: &mut State, e: usize, e2: usize) {
    let (NodeKind::MapEntry { map: outer, exit: x }, NodeKind::MapEntry { map: inner, exit: x2 }) =
        (state.nodes[e].kind.clone(), state.nodes[e2].kind.clone())
    else {
        return;
    };
    if let NodeKind::MapEntry { map, .. } = &mut state.nodes[e].kind {
        map.params = inner.params.clone();
        map.range = inner.range.clone();
    }
    if let NodeKind::MapEntry { map, .. } = &mut state.nodes[e2].kind {
        map.params = outer.params.clone();
        map.range = outer.range.clone();
    }
    // Between the entries (exits) the memlets named the outer parameters;
    // the memlets outside the outer map name neither.
    let outside_in: Vec<(Option<String>, crate::model::Memlet)> =
        state.edges.iter().filter(|d| d.dst == e).map(|d| (d.dst_conn.clone(), d.memlet.clone())).collect();
    let outside_out: Vec<(Option<String>, crate::model::Memlet)> =
        state.edges.iter().filter(|d| d.src == x).map(|d| (d.src_conn.clone(), d.memlet.clone())).collect();
    for d in &mut state.edges {
        if d.src == e && d.dst == e2 {
            let outer = conn::partner_of(&d.src_conn);
            if let Some((_, m)) = outside_in.iter().find(|(c, _)| *c == outer) {
                d.memlet = m.clone();
            }
        }
        if d.src == x2 && d.dst == x {
            let outer = conn::partner_of(&d.dst_conn);
            if let Some((_, m)) = outside_out.iter().find(|(c, _)| *c == outer) {
                d.memlet = m.clone();
            }
        }
    }
}
