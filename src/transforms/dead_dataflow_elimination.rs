//! DeadDataflowElimination: removes writes to transients that nothing ever
//! reads, and the computations that then feed nothing (DaCe's
//! DeadDataflowElimination pass, with "never read later" approximated by
//! "never read anywhere in the SDFG").
//!
//! ```mlir
//! %A = sdfg.access "A"
//! %t = sdfg.tasklet "t" {code = "y = x * 2", ins = {x}, outs = {y}}
//! %T = sdfg.access "T"
//! sdfg.memlet %A -> %t["x"] {data = "A", subset = #sdfg.range<0>}
//! sdfg.memlet %t["y"] -> %T {data = "T", subset = #sdfg.range<0>}
//! ```
//! (with `T` transient and read nowhere) becomes an empty state.
//!
//! A node is dead when:
//! - it is an access node with no edges at all;
//! - it is an access node of a transient array or scalar (not a stream,
//!   view or reference) that no access node anywhere reads and no code
//!   (interstate edges, conditions, ranges, non-Python tasklets) names;
//! - it is an access node of an array or scalar without inputs whose
//!   readers are all dead (dropping a read changes nothing);
//! - it is a Python tasklet without side effects (no `side_effects`
//!   property, no printing, callbacks or random numbers), a map entry or
//!   exit, or a BLAS or standard library node, whose outputs (at least
//!   one) all lead to dead nodes; a map only with both its entry and exit.
//!
//! Nested SDFGs, consume scopes and C++ tasklets are never removed. A dead
//! node fed by a live node other than an access node (a tasklet with
//! another, live output; a live map around it) stays, as does anything
//! bound to a view; reads from live access nodes into dead nodes are
//! dropped. Global (non-transient) data is never dead.

use super::map_collapse::remove_nodes;
use super::use_index::UseIndex;
use super::uses::{access_data, is_plain};
use super::{place, Match, Options, Place, Transformation};
use crate::model::{scope, NodeKind, Sdfg, State};
use std::collections::HashMap;

pub struct DeadDataflowElimination;

impl Transformation for DeadDataflowElimination {
    fn name(&self) -> &'static str {
        "sdfg-dead-dataflow-elimination"
    }

    fn summary(&self) -> &'static str {
        "Remove writes to transients never read and the dataflow feeding only them"
    }

    fn matches(&self, sdfg: &Sdfg) -> Vec<Match> {
        let mut out = Vec::new();
        let uses = UseIndex::new(sdfg);
        for (path, state) in place::states(sdfg) {
            let dead = dead_nodes(sdfg, &uses, state);
            if dead.is_empty() {
                continue;
            }
            let labels: Vec<&str> = dead.iter().map(|&n| state.nodes[n].label.as_str()).collect();
            let description = format!("[{}] in state '{}'", labels.join(", "), place::state_label(sdfg, &path));
            out.push(Match { place: Place { state: path.clone(), node: dead[0] }, description });
        }
        out
    }

    fn apply(&self, sdfg: &mut Sdfg, m: &Match, _options: &Options) -> Result<(), String> {
        let state = place::state(sdfg, &m.place.state);
        let uses = UseIndex::new(sdfg);
        let dead = state.map(|s| dead_nodes(sdfg, &uses, s)).filter(|d| !d.is_empty()).ok_or("match no longer applies")?;
        let state = place::state_mut(sdfg, &m.place.state).ok_or("match refers to a missing state")?;
        state.edges.retain(|e| !dead.contains(&e.src) && !dead.contains(&e.dst));
        remove_nodes(state, &dead);
        Ok(())
    }
}

/// The nodes of a state that can go, in index order.
pub fn dead_nodes(sdfg: &Sdfg, uses: &UseIndex, state: &State) -> Vec<usize> {
    let n = state.nodes.len();
    let Some(order) = scope::topological_order(state) else { return Vec::new() };
    let mut dead_data: HashMap<&str, bool> = HashMap::new();
    let mut dead = vec![false; n];
    let (ins, outs) = scope::adjacency(state);
    let outs = |i: usize| outs[i].iter().map(|&k| &state.edges[k]);
    let has_in = |i: usize| !ins[i].is_empty();
    for &i in order.iter().rev() {
        let feeds_dead = |dead: &[bool]| outs(i).next().is_some() && outs(i).all(|e| dead[e.dst]);
        dead[i] = match &state.nodes[i].kind {
            NodeKind::Access { data, .. } => {
                let never_read = *dead_data.entry(data).or_insert_with(|| {
                    sdfg.container(data).is_some_and(|c| c.transient) && is_plain(sdfg, data) && !uses.read_anywhere(data)
                });
                (!has_in(i) && outs(i).next().is_none()) || never_read || (!has_in(i) && is_plain(sdfg, data) && feeds_dead(&dead))
            }
            NodeKind::Tasklet { code } => pure_python(&code.code, &code.language, &state.nodes[i].extra) && feeds_dead(&dead),
            NodeKind::MapExit { .. } => feeds_dead(&dead),
            NodeKind::MapEntry { exit, .. } => dead.get(*exit).copied().unwrap_or(false) && feeds_dead(&dead),
            NodeKind::Library(lib) => pure_library(lib.classpath()) && feeds_dead(&dead),
            _ => false,
        };
    }
    // Keep what a live node other than an access node feeds, what feeds a
    // live node, both ends of a map, and view bindings.
    loop {
        let mut changed = false;
        for e in &state.edges {
            let live_producer = !dead[e.src] && access_data(state, e.src).is_none();
            let binds_view = [&e.src_conn, &e.dst_conn].iter().any(|c| c.as_deref() == Some("views"));
            for (node, keep) in [(e.dst, live_producer || binds_view), (e.src, !dead[e.dst] || binds_view)] {
                if dead[node] && keep {
                    dead[node] = false;
                    changed = true;
                }
            }
        }
        for i in 0..n {
            let partner = state.nodes[i].kind.scope_exit().or(state.nodes[i].kind.scope_entry());
            if let Some(p) = partner.filter(|&p| p < n) {
                if dead[i] != dead[p] {
                    (dead[i], dead[p]) = (false, false);
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
    (0..n).filter(|&i| dead[i]).collect()
}

/// A Python tasklet that only computes its outputs.
fn pure_python(code: &str, language: &str, extra: &crate::model::Extra) -> bool {
    const EFFECTS: [&str; 7] = ["print", "callback", "rand", "input", "open", "exit", "sys."];
    let flagged = extra.get("side_effects").is_some_and(|v| v.as_bool() != Some(false));
    language == "Python" && !flagged && !EFFECTS.iter().any(|w| code.contains(w))
}

/// Library nodes known to compute only their outputs.
fn pure_library(classpath: &str) -> bool {
    classpath.starts_with("dace.libraries.blas.nodes.")
        || classpath.starts_with("dace.libraries.standard.nodes.reduce.")
        || classpath.starts_with("dace.libraries.standard.nodes.transpose.")
}
