//! ArrayElimination: merges access nodes that only read the same data in a
//! state into one, and drops transient containers that nothing references
//! any more (DaCe's ArrayElimination pass).
//!
//! ```mlir
//! %A = sdfg.access "A"
//! %A_0 = sdfg.access "A"
//! sdfg.memlet %A -> %t["x"] {data = "A", subset = "0"}
//! sdfg.memlet %A_0 -> %u["x"] {data = "A", subset = "1"}
//! ```
//! becomes
//! ```mlir
//! %A = sdfg.access "A"
//! sdfg.memlet %A -> %t["x"] {data = "A", subset = "0"}
//! sdfg.memlet %A -> %u["x"] {data = "A", subset = "1"}
//! ```
//! Merged nodes: access nodes without inputs at the top level of a state,
//! of an array or scalar (reading a stream pops it; views are bindings)
//! that nothing in the state writes or may alias through a view, so every
//! read sees the same values. Dropped declarations: transients with no
//! access node, memlet or mention in code left (one match for all).

use super::map_collapse::remove_nodes;
use super::uses::{access_data, access_nodes, is_plain, may_alias, referenced};
use super::{place, Match, Options, Place, StatePath, Transformation};
use crate::model::{scope, Sdfg, State};

pub struct ArrayElimination;

impl Transformation for ArrayElimination {
    fn name(&self) -> &'static str {
        "sdfg-array-elimination"
    }

    fn summary(&self) -> &'static str {
        "Merge access nodes reading the same data; drop unused transient containers"
    }

    fn matches(&self, sdfg: &Sdfg) -> Vec<Match> {
        let mut out = Vec::new();
        for (path, state) in place::states(sdfg) {
            for (first, group) in mergeable_groups(sdfg, state) {
                let data = access_data(state, first).unwrap_or_default();
                let description = format!("{} access nodes of '{data}' in state '{}'", group.len() + 1, place::state_label(sdfg, &path));
                out.push(Match { place: Place { state: path.clone(), node: first }, description });
            }
        }
        let unused = unused_transients(sdfg);
        if !unused.is_empty() {
            let description = format!("unused transients [{}]", unused.join(", "));
            out.push(Match { place: Place { state: StatePath::new(), node: 0 }, description });
        }
        out
    }

    fn apply(&self, sdfg: &mut Sdfg, m: &Match, _options: &Options) -> Result<(), String> {
        if m.place.state.is_empty() {
            let unused = unused_transients(sdfg);
            if unused.is_empty() {
                return Err("match no longer applies".into());
            }
            sdfg.containers.retain(|(n, _)| !unused.contains(n));
            return Ok(());
        }
        let state = place::states(sdfg).into_iter().find(|(p, _)| *p == m.place.state).map(|(_, s)| s);
        let group = state
            .and_then(|s| mergeable_groups(sdfg, s).into_iter().find(|(f, _)| *f == m.place.node))
            .map(|(_, g)| g)
            .ok_or("match no longer applies")?;
        let state = place::state_mut(sdfg, &m.place.state).ok_or("match refers to a missing state")?;
        for e in state.edges.iter_mut().filter(|e| group.contains(&e.src)) {
            e.src = m.place.node;
        }
        remove_nodes(state, &group);
        Ok(())
    }
}

/// Per data, the first mergeable access node and the others to merge into it.
fn mergeable_groups(sdfg: &Sdfg, state: &State) -> Vec<(usize, Vec<usize>)> {
    let Ok(parents) = scope::scope_parents(state) else { return Vec::new() };
    let mut out = Vec::new();
    let mut seen: Vec<&str> = Vec::new();
    for n in 0..state.nodes.len() {
        let Some(data) = access_data(state, n) else { continue };
        if seen.contains(&data) {
            continue;
        }
        seen.push(data);
        let nodes = access_nodes(state, data);
        let written = |i: usize| state.edges.iter().any(|e| e.dst == i);
        let aliased = (0..state.nodes.len()).any(|i| may_alias(sdfg, state, i, data) && access_data(state, i) != Some(data));
        if !is_plain(sdfg, data) || aliased || nodes.iter().any(|&i| written(i)) {
            continue;
        }
        let top = |i: usize| {
            parents[i].is_none()
                && state.edges.iter().filter(|e| e.src == i).all(|e| {
                    parents[e.dst].is_none() && e.src_conn.is_none() && e.dst_conn.as_deref() != Some("views")
                })
        };
        let candidates: Vec<usize> = nodes.into_iter().filter(|&i| top(i)).collect();
        if let [first, rest @ ..] = candidates.as_slice() {
            if !rest.is_empty() {
                out.push((*first, rest.to_vec()));
            }
        }
    }
    out
}

/// Transient containers nothing in the SDFG refers to.
fn unused_transients(sdfg: &Sdfg) -> Vec<String> {
    sdfg.containers
        .iter()
        .filter(|(n, d)| d.transient && !sdfg.arg_names.contains(n) && !referenced(sdfg, n))
        .map(|(n, _)| n.clone())
        .collect()
}
