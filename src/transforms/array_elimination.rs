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
//! that no view in the state may alias, and an array's top-level sink
//! nodes (writes only). A scalar's nodes merge only when
//! nothing in the state writes it; an array's merge also when the state
//! writes it elsewhere, as DaCe merges source nodes: an array is read where
//! each consumer runs, and merging adds no order between consumers. Dropped declarations: transients with no
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
        for e in state.edges.iter_mut() {
            if group.contains(&e.src) {
                e.src = m.place.node;
            }
            if group.contains(&e.dst) {
                e.dst = m.place.node;
            }
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
    // What each view in the state views, where its `views` edges say
    // (`None`: unknown, or a reference).
    let graph = crate::model::dataflow::Dataflow::new(state);
    let mut targets: Vec<Option<String>> = Vec::new();
    for n in 0..state.nodes.len() {
        let Some(data) = access_data(state, n) else { continue };
        if indirect(data) {
            aliasing.insert(data);
            let chain = super::uses::viewed_chain_in(&graph, n);
            let known = kinds.get(data) == Some(&DataKind::View) && chain.last().is_some_and(|t| !indirect(t));
            targets.push(known.then(|| chain.last().cloned()).flatten());
        }
        let k = *index.entry(data).or_insert_with(|| {
            groups.push((data, Vec::new()));
            groups.len() - 1
        });
        groups[k].1.push(n);
    }
    // An array's node may feed a view of it: the view reads where it is used.
    let top = |i: usize, array: bool| {
        parents[i].is_none()
            && outs[i].iter().map(|&k| &state.edges[k]).all(|e| {
                parents[e.dst].is_none() && e.src_conn.is_none() && (array || e.dst_conn.as_deref() != Some("views"))
            })
    };
    let sink = |i: usize| {
        parents[i].is_none()
            && outs[i].is_empty()
            && !ins[i].is_empty()
            && ins[i].iter().map(|&k| &state.edges[k]).all(|e| {
                // A map exit sits in its own scope: look at its entry's.
                let at = state.nodes[e.src].kind.scope_entry().unwrap_or(e.src);
                parents[at].is_none() && e.dst_conn.is_none() && e.src_conn.as_deref() != Some("views")
            })
    };
    let mut out = Vec::new();
    for (data, nodes) in groups {
        // Views of an array act as reads and writes of it, which arrays
        // allow; other views and references may alias anything.
        let array = kinds.get(data) == Some(&DataKind::Array);
        let aliased = if array {
            aliasing.contains(data) || targets.iter().any(Option::is_none)
        } else {
            aliasing.iter().any(|a| *a != data)
        };
        // Arrays are read where their consumers run, so source nodes merge
        // even when the state also writes the array (each consumer keeps
        // its order to the writes); a scalar's nodes merge only when
        // nothing writes it.
        let written = nodes.iter().any(|&i| !ins[i].is_empty());
        if !plain(data) || aliased || (written && kinds.get(data) != Some(&DataKind::Array)) {
            continue;
        }
        let sources: Vec<usize> = nodes.iter().copied().filter(|&i| top(i, array) && ins[i].is_empty()).collect();
        // An array's sink nodes merge too (as DaCe's pass merges them): the
        // writes into them stay unordered, as they were.
        let sinks: Vec<usize> = if array { nodes.into_iter().filter(|&i| sink(i)).collect() } else { Vec::new() };
        for candidates in [sources, sinks] {
            if let [first, rest @ ..] = candidates.as_slice() {
                if !rest.is_empty() {
                    out.push((*first, rest.to_vec()));
                }
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
