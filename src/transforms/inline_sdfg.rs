//! InlineSDFG: a nested SDFG with a single state is replaced by that
//! state's dataflow graph (DaCe's InlineSDFG).
//!
//! ```mlir
//! %e, %x = sdfg.map "m" ["i"] = "0:N" {
//!   %n = sdfg.nested "f" attributes {ins = {a}, outs = {b}, symbol_mapping = {k = "i"}} {
//!     sdfg.sdfg "f" ["a", "b"] { ...one state: a[k] -> tasklet -> b[0]... }
//!   }
//!   sdfg.memlet %e["OUT_A"] -> %n["a"] {data = "A", subset = "0:N"}
//!   sdfg.memlet %n["b"] -> %x["IN_B"] {data = "B", subset = "i"}
//! }
//! ```
//! becomes the map with the tasklet inside, fed by `A[i]` from the entry
//! and writing `B[i]` into the exit.
//!
//! Inner symbols are replaced by their `symbol_mapping` expressions (in
//! memlets, map ranges, Python tasklet code, nested symbol mappings and
//! transient shapes); a memlet on a connector container is rewritten onto the
//! outer container, its indices offset by the outer memlet's window (unit
//! dimensions the inner container squeezes away become fixed indices); inner
//! transients become outer containers, renamed on a name clash; access nodes
//! of connectors disappear and their edges attach where the outer memlets
//! came from or went to.
//!
//! Preconditions (anything else is refused): the nested SDFG has one state
//! with nodes, any other states being empty ones in a straight unconditional
//! chain without assignments; no constants, streams or references, no
//! `no_inline`; every connector has exactly one outer memlet, without WCR or
//! `other_subset`, from an access node or scope entry (inputs) or to an
//! access node or scope exit (outputs), and a container read and written
//! is bound to the same outer window; the windows compose (see
//! `inline_window`); connector access nodes are only read (inputs) or only
//! written (outputs) and carry data; only the enclosing scope's empty
//! memlets touch the node; no inner map parameter collides with a name the
//! substituted expressions bring in; no inner expression names a container.

use super::inline_plan::{plan, Plan};
use super::map_collapse::remove_nodes;
use super::{place, Match, Options, Place, Transformation};
use crate::model::{DataEdge, Memlet, NodeKind, Sdfg, State};
use crate::model::Loc;

pub struct InlineSdfg;

impl Transformation for InlineSdfg {
    fn name(&self) -> &'static str {
        "sdfg-inline-sdfg"
    }

    fn summary(&self) -> &'static str {
        "Inline a single-state nested SDFG into the enclosing state"
    }

    fn matches(&self, sdfg: &Sdfg) -> Vec<Match> {
        let mut out = Vec::new();
        for (path, state) in place::states(sdfg) {
            for (i, n) in state.nodes.iter().enumerate() {
                if plan(sdfg, state, i).is_some() {
                    let description = format!("nested SDFG '{}' in state '{}'", n.label, place::state_label(sdfg, &path));
                    out.push(Match { place: Place { state: path.clone(), node: i }, description });
                }
            }
        }
        out
    }

    fn apply(&self, sdfg: &mut Sdfg, m: &Match, _options: &Options) -> Result<(), String> {
        let state = place::states(sdfg).into_iter().find(|(p, _)| *p == m.place.state).map(|(_, s)| s);
        let state = state.ok_or("match refers to a missing state")?;
        let p = plan(sdfg, state, m.place.node).ok_or("the nested SDFG can no longer be inlined")?;
        sdfg.containers.extend(p.containers.iter().cloned());
        let state = place::state_mut(sdfg, &m.place.state).ok_or("match refers to a missing state")?;
        splice(state, m.place.node, p);
        Ok(())
    }
}

/// Puts the planned inner graph in place of the nested SDFG node `node`.
fn splice(state: &mut State, node: usize, p: Plan) {
    let base = state.nodes.len();
    // Inner node index -> outer index (`None` for connector access nodes).
    let mut index: Vec<Option<usize>> = Vec::with_capacity(p.inner.nodes.len());
    let mut next = base;
    for i in 0..p.inner.nodes.len() {
        if p.ports.contains_key(&i) {
            index.push(None);
        } else {
            index.push(Some(next));
            next += 1;
        }
    }
    let at = |i: usize| index.get(i).copied().flatten().unwrap_or(usize::MAX);
    for (i, mut n) in p.inner.nodes.into_iter().enumerate() {
        if index[i].is_none() {
            continue;
        }
        match &mut n.kind {
            NodeKind::MapEntry { exit, .. } | NodeKind::ConsumeEntry { exit, .. } => *exit = at(*exit),
            NodeKind::MapExit { entry } | NodeKind::ConsumeExit { entry } => *entry = at(*entry),
            _ => {}
        }
        state.nodes.push(n);
    }
    for mut e in p.inner.edges {
        match p.ports.get(&e.src) {
            Some(port) => (e.src, e.src_conn) = (port.node, port.conn.clone()),
            None => e.src = at(e.src),
        }
        match p.ports.get(&e.dst) {
            Some(port) => (e.dst, e.dst_conn) = (port.node, port.conn.clone()),
            None => e.dst = at(e.dst),
        }
        state.edges.push(e);
    }
    state.edges.retain(|e| e.src != node && e.dst != node);
    // Inside a scope, every inlined node must stay attached to it.
    if let Some((entry, exit)) = p.scope {
        for n in base..next {
            let empty = |src, dst| DataEdge { src, src_conn: None, dst, dst_conn: None, memlet: Memlet::default(), loc: Loc::default() };
            if !state.edges.iter().any(|e| e.dst == n) {
                state.edges.push(empty(entry, n));
            }
            if !state.edges.iter().any(|e| e.src == n) {
                state.edges.push(empty(n, exit));
            }
        }
    }
    remove_nodes(state, &[node]);
}
