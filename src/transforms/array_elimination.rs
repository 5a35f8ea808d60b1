//! ArrayElimination: merges access nodes that only read the same data in a
//! state into one, and drops transient containers that nothing references
//! any more (DaCe's ArrayElimination pass).
//!
//! ```mlir
//! %A = sdfg.access "A"
//! %A_0 = sdfg.access "A"
//! sdfg.memlet %A -> %t["x"] {data = "A", subset = #sdfg.range<0>}
//! sdfg.memlet %A_0 -> %u["x"] {data = "A", subset = #sdfg.range<1>}
//! ```
//! becomes
//! ```mlir
//! %A = sdfg.access "A"
//! sdfg.memlet %A -> %t["x"] {data = "A", subset = #sdfg.range<0>}
//! sdfg.memlet %A -> %u["x"] {data = "A", subset = #sdfg.range<1>}
//! ```
//! Merged nodes: access nodes without inputs at the top level of a state,
//! of an array or scalar (reading a stream pops it; views are bindings)
//! that nothing in the state writes or may alias through a view, so every
//! read sees the same values. Dropped declarations: transients with no
//! access node, memlet or mention in code left (one match for all).

use super::map_collapse::remove_nodes;
use super::use_index::UseIndex;
use super::uses::access_data;
use super::{place, Match, Options, Place, StatePath, Transformation};
use crate::model::{scope, DataKind, Sdfg, State};
use std::collections::{HashMap, HashSet};

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
        let kinds = container_kinds(sdfg);
        for (path, state) in place::states(sdfg) {
            for (first, group) in mergeable_groups(&kinds, state) {
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
        let state = place::state(sdfg, &m.place.state);
        let group = state
            .and_then(|s| mergeable_groups(&container_kinds(sdfg), s).into_iter().find(|(f, _)| *f == m.place.node))
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

/// The kind of each container (the last declaration of a name wins).
fn container_kinds(sdfg: &Sdfg) -> HashMap<&str, DataKind> {
    sdfg.containers.iter().map(|(n, d)| (n.as_str(), d.kind)).collect()
}

/// Per data, the first mergeable access node and the others to merge into it.
fn mergeable_groups(kinds: &HashMap<&str, DataKind>, state: &State) -> Vec<(usize, Vec<usize>)> {
    let Ok(parents) = scope::scope_parents(state) else { return Vec::new() };
    let (ins, outs) = scope::adjacency(state);
    let plain = |d: &str| matches!(kinds.get(d), Some(DataKind::Array | DataKind::Scalar));
    let indirect = |d: &str| kinds.get(d).is_none_or(|k| matches!(k, DataKind::View | DataKind::Reference));
    // Nodes by data, in node order; and the view-like data present, which may
    // alias anything.
    let mut groups: Vec<(&str, Vec<usize>)> = Vec::new();
    let mut index: HashMap<&str, usize> = HashMap::new();
    let mut aliasing: HashSet<&str> = HashSet::new();
    for n in 0..state.nodes.len() {
        let Some(data) = access_data(state, n) else { continue };
        if indirect(data) {
            aliasing.insert(data);
        }
        let k = *index.entry(data).or_insert_with(|| {
            groups.push((data, Vec::new()));
            groups.len() - 1
        });
        groups[k].1.push(n);
    }
    let top = |i: usize| {
        parents[i].is_none()
            && outs[i].iter().map(|&k| &state.edges[k]).all(|e| {
                parents[e.dst].is_none() && e.src_conn.is_none() && e.dst_conn.as_deref() != Some("views")
            })
    };
    let mut out = Vec::new();
    for (data, nodes) in groups {
        let aliased = aliasing.iter().any(|a| *a != data);
        if !plain(data) || aliased || nodes.iter().any(|&i| !ins[i].is_empty()) {
            continue;
        }
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
    let uses = UseIndex::new(sdfg);
    let args: HashSet<&str> = sdfg.arg_names.iter().map(String::as_str).collect();
    sdfg.containers
        .iter()
        .filter(|(n, d)| d.transient && !args.contains(n.as_str()) && !uses.referenced(n))
        .map(|(n, _)| n.clone())
        .collect()
}
