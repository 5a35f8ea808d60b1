//! InlineSDFG: a nested SDFG with a single state is replaced by that
//! state's dataflow graph (DaCe's InlineSDFG).
//!
//! ```mlir
//! %e, %x = sdfg.map "m" ["i"] = 0:N {
//!   %n = sdfg.nested "f" attributes {ins = {a}, outs = {b}, symbol_mapping = #sdfg.symbols<k = i>} {
//!     sdfg.sdfg "f" ["a", "b"] { ...one state: a[k] -> tasklet -> b[0]... }
//!   }
//!   sdfg.memlet %e["OUT_A"] -> %n["a"] {data = "A", subset = #sdfg.range<0:N>}
//!   sdfg.memlet %n["b"] -> %x["IN_B"] {data = "B", subset = #sdfg.range<i>}
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
//! `no_inline`; every connector has exactly one outer memlet, without
//! `other_subset`, from an access node or scope entry (inputs, no WCR) or to
//! an access node or scope exit (outputs, WCR only when every inner write
//! has the same); a container read and written is bound to the same outer
//! window; the windows compose (see `inline_window`); a connector access
//! node is only read or only written; an output is read only through an
//! input bound to the same window (DaCe shares the data); every output is
//! written, and every input is read unless it comes from an access node;
//! only the enclosing scope's empty memlets touch the node; symbol values
//! and windows read no container (they were evaluated once, on entry); no
//! inner map parameter collides with a name they bring in; no inner
//! expression names a container; a non-identity symbol value meets no C++
//! tasklet, library node or consume scope; a view inside stays next to an
//! access node of what it views, so a connector feeding one must come from
//! an access node outside, not a scope node.

use super::inline_plan::{prepare, rewrite_memlets, single_state, substitute_state, Bound, Outer};
use super::inline_window::{same_subset, Window};
use super::map_collapse::remove_nodes;
use super::{place, Match, Options, Transformation};
use crate::model::dataflow::Dataflow;
use crate::model::scope;
use crate::model::{DataDesc, DataEdge, Loc, Memlet, NodeKind, Sdfg, State};
use std::collections::{BTreeSet, HashMap};

pub struct InlineSdfg;

impl Transformation for InlineSdfg {
    fn name(&self) -> &'static str {
        "sdfg-inline-sdfg"
    }

    fn summary(&self) -> &'static str {
        "Inline a single-state nested SDFG into the enclosing state"
    }

    fn matches(&self, sdfg: &Sdfg) -> Vec<Match> {
        place::node_matches(sdfg, |site, i| {
            let (path, state) = (site.path, site.state);
            plan(sdfg, state, i)?;
            Some(format!("nested SDFG '{}' in state '{}'", state.nodes[i].label, place::state_label(sdfg, path)))
        })
    }

    fn apply(&self, sdfg: &mut Sdfg, m: &Match, _options: &Options) -> Result<(), String> {
        let state = place::state(sdfg, &m.place.state);
        let state = state.ok_or("match refers to a missing state")?;
        let p = plan(sdfg, state, m.place.node).ok_or("the nested SDFG can no longer be inlined")?;
        sdfg.containers.extend(p.containers.iter().cloned());
        let state = place::state_mut(sdfg, &m.place.state).ok_or("match refers to a missing state")?;
        splice(state, m.place.node, p);
        Ok(())
    }
}

/// Where the edges of a connector access node attach in the outer state.
#[derive(Clone, Debug)]
pub struct Port {
    pub node: usize,
    pub conn: Option<String>,
}

pub struct Plan {
    /// The inner state, in outer terms.
    pub inner: State,
    /// Inner transients, as new outer containers.
    pub containers: Vec<(String, DataDesc)>,
    /// Connector access nodes of `inner` and where their edges go instead.
    pub ports: HashMap<usize, Port>,
    /// The enclosing scope's entry and exit.
    pub scope: Option<(usize, usize)>,
}

/// Plans inlining the nested SDFG node `node` of `state` (in `sdfg`).
fn plan(sdfg: &Sdfg, state: &State, node: usize) -> Option<Plan> {
    let NodeKind::NestedSdfg { sdfg: inner, .. } = &state.nodes.get(node)?.kind else { return None };
    let body = single_state(&inner.cfg)?;
    let p = prepare(sdfg, state, node, &BTreeSet::new())?;
    let mut inner_state = body.clone();
    substitute_state(&mut inner_state, &p.values)?;
    let ports = connect(&mut inner_state, &p.windows, &p.ins, &p.outs)?;
    rewrite_memlets(&mut inner_state, &p.windows, &p.renames)?;
    Some(Plan { inner: inner_state, containers: p.containers, ports, scope: p.scope })
}

fn port(o: &Outer) -> Port {
    Port { node: o.node, conn: o.conn.clone() }
}

/// Where reads of connector `c` come from: its own input, or an input bound
/// to the same outer window (DaCe reads outputs in place).
fn read_port<'a, 'b>(c: &str, ins: &'b Bound<'a>, outs: &'b Bound<'a>) -> Option<&'b Outer<'a>> {
    if let Some(o) = ins.get(c) {
        return Some(o);
    }
    let w = outs.get(c)?.memlet;
    ins.values().find(|o| o.memlet.data == w.data && same_subset(o.memlet.subset.as_ref(), w.subset.as_ref()))
}

/// Finds the connector access nodes and where each one's edges attach
/// outside; puts the connector on the data side of copies touching them.
fn connect(state: &mut State, windows: &HashMap<String, Window>, ins: &Bound, outs: &Bound) -> Option<HashMap<usize, Port>> {
    let mut ports = HashMap::new();
    // Outer ends that keep an edge (reads), and outputs written.
    let mut carried: BTreeSet<(usize, Option<String>, bool)> = BTreeSet::new();
    let access = |s: &State, i: usize| match &s.nodes[i].kind {
        NodeKind::Access { data, .. } => Some(data.clone()),
        _ => None,
    };
    let graph = Dataflow::new(state);
    for i in 0..state.nodes.len() {
        let Some(data) = access(state, i).filter(|d| windows.contains_key(d)) else { continue };
        let reads = !graph.out_edges(i).is_empty();
        let writes = !graph.in_edges(i).is_empty();
        let outer = match (reads, writes) {
            (true, true) => return None,
            (true, false) => Some(read_port(&data, ins, outs)?),
            (false, true) => {
                // The outer memlet's WCR must be what every inner write does.
                let o = outs.get(data.as_str())?;
                if o.memlet.wcr.is_some() && graph.in_edges(i).iter().any(|&k| state.edges[k].memlet.wcr != o.memlet.wcr) {
                    return None;
                }
                Some(o)
            }
            (false, false) => None,
        };
        // A view must stay next to an access node of what it views.
        let views = graph.out_edges(i).iter().any(|&k| state.edges[k].dst_conn.as_deref() == Some("views"))
            || graph.in_edges(i).iter().any(|&k| state.edges[k].src_conn.as_deref() == Some("views"));
        if views && outer.is_some_and(|o| !o.access) {
            return None;
        }
        let port = outer.map_or(Port { node: usize::MAX, conn: None }, port);
        if reads || writes {
            carried.insert((port.node, port.conn.clone(), reads));
            if writes {
                carried.insert((usize::MAX, Some(data.clone()), false));
            }
        }
        ports.insert(i, port);
    }
    for k in 0..state.edges.len() {
        let (src, dst) = (state.edges[k].src, state.edges[k].dst);
        let ends = [src, dst].map(|x| ports.contains_key(&x));
        if !ends[0] && !ends[1] {
            continue;
        }
        if ends[0] && ends[1] {
            return None;
        }
        let port_node = if ends[0] { src } else { dst };
        let name = access(state, port_node)?;
        let m = &mut state.edges[k].memlet;
        match &m.data {
            None => return None,
            Some(d) if *d == name => {}
            Some(_) => {
                // A copy named by its other end: name it by the connector.
                let other = if ends[0] { dst } else { src };
                if m.other_subset.is_none() || access(state, other).is_none() {
                    return None;
                }
                let m = &mut state.edges[k].memlet;
                std::mem::swap(&mut m.subset, &mut m.other_subset);
                m.data = Some(name);
                m.is_data_src = m.is_data_src.map(|b| !b);
            }
        }
    }
    // An unread input may only leave an access node without an edge; an
    // unwritten output would leave the outer data unset.
    let all_carried = ins.values().all(|o| o.access || carried.contains(&(o.node, o.conn.clone(), true)))
        && outs.keys().all(|c| carried.contains(&(usize::MAX, Some(c.to_string()), false)));
    all_carried.then_some(ports)
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
    let neighbours: BTreeSet<usize> = state.edges.iter().filter(|e| e.dst == node).map(|e| e.src).collect();
    state.edges.retain(|e| e.src != node && e.dst != node);
    // An access node that only fed an input nothing reads is left alone: it goes.
    let isolated: Vec<usize> = neighbours
        .into_iter()
        .filter(|&n| matches!(state.nodes[n].kind, NodeKind::Access { .. }) && !state.edges.iter().any(|e| e.src == n || e.dst == n))
        .collect();
    // Inside a scope, every inlined node must stay attached to it.
    if let Some((entry, exit)) = p.scope {
        // The edges added below touch the scope nodes, outside base..next.
        let (ins, outs) = scope::adjacency(state);
        for n in base..next {
            let empty = |src, dst| DataEdge { src, src_conn: None, dst, dst_conn: None, memlet: Memlet::default(), loc: Loc::default() };
            if ins[n].is_empty() {
                state.edges.push(empty(entry, n));
            }
            if outs[n].is_empty() {
                state.edges.push(empty(n, exit));
            }
        }
    }
    remove_nodes(state, &[&[node][..], &isolated].concat());
}
