//! MapToForLoop: a map at the top level of a state becomes a nested SDFG
//! running its body in sequential loops, one LoopRegion per parameter
//! (DaCe's MapToForLoop).
//!
//! ```mlir
//! %e, %x = sdfg.map "m" ["i"] = 0:N { body }
//! sdfg.memlet %A -> %e["IN_A"] ...   sdfg.memlet %x["OUT_B"] -> %B ...
//! ```
//! becomes
//! ```mlir
//! %n = sdfg.nested "m" attributes {ins = {A}, outs = {B}} {
//!   sdfg.sdfg "m" ["A", "B"] {
//!     %l = sdfg.loop "m_i" attributes {condition = "i < N", init = "i = 0",
//!                                      loop_variable = "i", update = "i = i + 1"} {
//!       %s = sdfg.state "m" { A -> body -> B }
//!     }
//!   }
//! }
//! sdfg.memlet %A -> %n["A"] {subset = #sdfg.range<0:N>}   sdfg.memlet %n["B"] -> %B ...
//! ```
//! Preconditions: the map is not inside another scope, has constant
//! positive steps and no dynamic range inputs; every connector carries one
//! container (the same inside and outside) and each container enters and
//! leaves through at most one connector; the only access nodes inside are
//! transients used nowhere else (they move into the nested SDFG); no views,
//! references or streams.

use super::loops::{cfg_uses, state_uses};
use super::map_collapse::remove_nodes;
use super::map_expansion::has_dynamic_inputs;
use super::nest::{self, Interface};
use super::place::{self, Step, Within};
use super::scope_subst::inside;
use super::{Match, Options, Transformation};
use crate::model::conn::{self, Side};
use crate::model::dataflow::Dataflow;
use crate::model::{scope, Block, BlockKind, Cfg, Condition, DataEdge, LoopRegion, LoopStatements, Node, NodeKind, Sdfg, State};
use std::collections::BTreeSet;

pub struct MapToForLoop;

impl Transformation for MapToForLoop {
    fn name(&self) -> &'static str {
        "sdfg-map-to-for-loop"
    }

    fn summary(&self) -> &'static str {
        "Run a top-level map sequentially: a nested SDFG with one loop per parameter"
    }

    // State-local: the loops go into a nested SDFG inside the map's state.
    place::state_matched!(within: matches_within, state_local);


    fn apply(&self, sdfg: &mut Sdfg, m: &Match, _options: &Options) -> Result<(), String> {
        let state = place::state(sdfg, &m.place.state).cloned();
        let state = state.ok_or("match refers to a missing state")?;
        let plan = plan(sdfg, &m.place.state, &state, m.place.node).ok_or("the map no longer matches")?;
        let new_state = rewrite(sdfg, &state, m.place.node, &plan)?;
        sdfg.containers.retain(|(n, _)| !plan.private.contains(n));
        *place::state_mut(sdfg, &m.place.state).ok_or("match refers to a missing state")? = new_state;
        Ok(())
    }
}

fn matches_within(sdfg: &Sdfg, within: Within) -> Vec<Match> {
    place::map_matches_within(sdfg, within, |site| plan(sdfg, site.path, site.state, site.node).map(|_| site.describe_all(sdfg)))
}

/// A top-level map's body as a nested SDFG would take it.
pub(super) struct Plan {
    pub exit: usize,
    /// Nodes inside the scope (not the exit).
    pub body: Vec<usize>,
    /// Containers entering through the entry, leaving through the exit, and
    /// transients used only inside (they move into the nested SDFG).
    pub inputs: Vec<String>,
    pub outputs: Vec<String>,
    pub private: Vec<String>,
}

fn plan(sdfg: &Sdfg, path: &[Step], state: &State, e: usize) -> Option<Plan> {
    let NodeKind::MapEntry { map, .. } = &state.nodes[e].kind else { return None };
    if map.range.dims().iter().any(|d| d.step.as_int().is_none_or(|s| s <= 0) || d.tile.as_int() != Some(1)) {
        return None;
    }
    nestable_body(sdfg, path, state, e)
}

/// The body of the map at `e` (outside every other scope, without dynamic
/// range inputs) when it can move into a nested SDFG: each connector carries
/// one container, the same inside and outside, each container passing
/// through at most one connector per side; access nodes inside are
/// transients used nowhere else; no views, references or streams.
pub(super) fn nestable_body(sdfg: &Sdfg, path: &[Step], state: &State, e: usize) -> Option<Plan> {
    let NodeKind::MapEntry { exit, .. } = &state.nodes[e].kind else { return None };
    let parents = scope::scope_parents(state).ok()?;
    if parents[e].is_some() || has_dynamic_inputs(&state.nodes[e]) {
        return None;
    }
    let body: Vec<usize> = inside(&parents, e).into_iter().filter(|n| n != exit).collect();
    // Connector -> container, the same on both sides of the entry or exit.
    let mut conns = Vec::new();
    let graph = Dataflow::new(state);
    for (node, side, outer_in) in [(e, Side::In, true), (*exit, Side::Out, false)] {
        let mut names = BTreeSet::new();
        let outer = if outer_in { graph.in_edges(node) } else { graph.out_edges(node) };
        for d in outer.iter().map(|&k| &state.edges[k]) {
            let conn = if outer_in { &d.dst_conn } else { &d.src_conn };
            let Some(conn) = conn else {
                if d.memlet.data.is_some() {
                    return None;
                }
                continue;
            };
            let data = d.memlet.data.clone()?;
            let inner = conn::named(side.other(), conn::base(side, conn)?);
            let inner_edges = if outer_in { graph.out_edges_at(node, Some(&inner)) } else { graph.in_edges_at(node, Some(&inner)) };
            if inner_edges.iter().map(|&k| &state.edges[k]).any(|x| x.memlet.data.as_ref() != Some(&data) || x.src == e && x.dst == *exit) || !names.insert(data.clone()) {
                return None;
            }
            conns.push(data);
        }
        if outer_in {
            conns.push(String::new());
        }
    }
    let split = conns.iter().position(|c| c.is_empty())?;
    let inputs: Vec<String> = conns[..split].to_vec();
    let outputs: Vec<String> = conns[split + 1..].to_vec();
    // Every container inside must come through a connector or be private.
    let mut used: BTreeSet<String> = state
        .edges
        .iter()
        .filter(|d| body.contains(&d.src) || body.contains(&d.dst))
        .filter_map(|d| d.memlet.data.clone())
        .collect();
    used.extend(inputs.iter().chain(&outputs).cloned());
    let mut private = Vec::new();
    for n in &body {
        if let NodeKind::Access { data, .. } = &state.nodes[*n].kind {
            let local = sdfg.container(data).is_some_and(|c| c.transient) && !inputs.contains(data) && !outputs.contains(data);
            if !local || !only_here(sdfg, path, state, &body, data) {
                return None;
            }
            if !private.contains(data) {
                private.push(data.clone());
            }
        }
    }
    if nest::uses_undeclared(sdfg, &nest::only_nodes(state, &body), "") {
        return None;
    }
    if used.iter().any(|d| !nest::plain(sdfg, d) || !(inputs.contains(d) || outputs.contains(d) || private.contains(d))) {
        return None;
    }
    Some(Plan { exit: *exit, body, inputs, outputs, private })
}

/// Whether container `d` is used only by the nodes `body` of this state.
fn only_here(sdfg: &Sdfg, path: &[Step], state: &State, body: &[usize], d: &str) -> bool {
    let rest: Vec<usize> = (0..state.nodes.len()).filter(|n| !body.contains(n)).collect();
    let mut outside = nest::only_nodes(state, &rest);
    outside.edges.retain(|e| !body.contains(&e.src) && !body.contains(&e.dst));
    !state_uses(&outside, d) && !cfg_uses(&sdfg.cfg, d, &mut Vec::new(), &|p, _| p == path)
}

fn rewrite(sdfg: &Sdfg, state: &State, e: usize, plan: &Plan) -> Result<State, String> {
    let NodeKind::MapEntry { map, .. } = &state.nodes[e].kind else { return Err("match is not a map entry".into()) };
    let x = plan.exit;
    let inner = body_state(state, e, plan)?;
    let label = state.nodes[e].label.clone();
    let mut cfg = Cfg { blocks: vec![block(&label, BlockKind::State(inner), sdfg)], edges: vec![], start_block: Some(0) };
    for (p, d) in map.params.iter().zip(map.range.dims()).rev() {
        let l = LoopRegion {
            cfg,
            loop_variable: p.clone(),
            init: Some(LoopStatements::python(format!("{p} = {}", d.start))),
            condition: Some(Condition::python(format!("{p} < {}", d.stop().simplify()))),
            update: Some(LoopStatements::python(format!("{p} = {p} + {}", d.step))),
            inverted: false,
            update_before_condition: true,
        };
        cfg = Cfg { blocks: vec![block(&format!("{label}_{p}"), BlockKind::Loop(l), sdfg)], edges: vec![], start_block: Some(0) };
    }
    let io = Interface { inputs: &plan.inputs, outputs: &plan.outputs, private: &plan.private, values: &[], defined: &map.params };
    let nested = nest::nested_cfg_node(sdfg, &label, cfg, &io)?;
    // Outside: the entry becomes the nested SDFG; edges at the exit move to it.
    let mut out = state.clone();
    out.nodes[e] = Node { loc: state.nodes[e].loc.clone(), ..nested };
    let whole_or_empty = |d: &DataEdge| if d.memlet.data.is_some() { d.memlet.data.as_deref().map(|n| nest::whole(sdfg, n)).unwrap_or_default() } else { Default::default() };
    for d in &mut out.edges {
        if d.dst == e {
            d.dst_conn = d.memlet.data.clone();
            d.memlet = whole_or_empty(d);
        } else if d.src == x {
            d.src = e;
            d.src_conn = d.memlet.data.clone();
            d.memlet = whole_or_empty(d);
        }
    }
    out.edges.retain(|d| !plan.body.contains(&d.src) && !plan.body.contains(&d.dst) && d.src != x && d.dst != x);
    let mut gone = plan.body.clone();
    gone.push(x);
    remove_nodes(&mut out, &gone);
    Ok(out)
}

/// The state a nested SDFG runs for the body of the map at `e`: the scope's
/// nodes, with access nodes for what came through the entry and what leaves
/// through the exit.
pub(super) fn body_state(state: &State, e: usize, plan: &Plan) -> Result<State, String> {
    let x = plan.exit;
    let mut inner = State::default();
    let index = |n: usize| plan.body.iter().position(|&b| b == n);
    inner.nodes = plan.body.iter().map(|&n| state.nodes[n].clone()).collect();
    for node in &mut inner.nodes {
        match &mut node.kind {
            NodeKind::MapEntry { exit, .. } => *exit = index(*exit).ok_or("inner scope without exit")?,
            NodeKind::MapExit { entry } => *entry = index(*entry).ok_or("inner scope without entry")?,
            _ => {}
        }
    }
    let access = |inner: &mut State, data: &str, read: bool| -> usize {
        let label = if read { data.to_string() } else { format!("{data}_out") };
        if let Some(k) = inner.nodes.iter().position(|n| n.label == label && matches!(&n.kind, NodeKind::Access { data: d, .. } if d == data)) {
            return k;
        }
        inner.nodes.push(Node {
            label,
            kind: NodeKind::Access { data: data.to_string(), setzero: false },
            in_connectors: vec![],
            out_connectors: vec![],
            extra: Default::default(),
            loc: state.nodes[e].loc.clone(),
        });
        inner.nodes.len() - 1
    };
    for d in &state.edges {
        let (src, dst) = (index(d.src), index(d.dst));
        let edge = match (src, dst) {
            (Some(s), Some(t)) => DataEdge { src: s, dst: t, ..d.clone() },
            (None, Some(t)) if d.src == e => match &d.memlet.data {
                Some(data) => DataEdge { src: access(&mut inner, data, true), src_conn: None, dst: t, ..d.clone() },
                None => continue,
            },
            (Some(s), None) if d.dst == x => match &d.memlet.data {
                Some(data) => DataEdge { src: s, dst: access(&mut inner, data, false), dst_conn: None, ..d.clone() },
                None => continue,
            },
            _ => continue,
        };
        inner.edges.push(edge);
    }
    // Access node labels were only keys; name them after their data.
    for n in &mut inner.nodes {
        if let NodeKind::Access { data, .. } = &n.kind {
            n.label = data.clone();
        }
    }
    Ok(inner)
}

fn block(label: &str, kind: BlockKind, sdfg: &Sdfg) -> Block {
    Block { label: label.to_string(), kind, extra: Default::default(), loc: sdfg.loc.clone() }
}
