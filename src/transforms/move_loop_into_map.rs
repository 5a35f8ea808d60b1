//! MoveLoopIntoMap: a loop whose body is one map moves inside the map, as a
//! nested SDFG running the loop over the map's body (DaCe's
//! MoveLoopIntoMap). One parallel region instead of one per iteration.
//!
//! ```mlir
//! %l = sdfg.loop "for_t" attributes {condition = "t < T", init = "t = 0", loop_variable = "t", update = "t = t + 1"} {
//!   %s = sdfg.state "body" {
//!     %e, %x = sdfg.map "m" ["j"] = 0:N { ... A[t, j] ... B[j] ... }
//!   }
//! }
//! ```
//! becomes
//! ```mlir
//! %s = sdfg.state "body" {
//!   %e, %x = sdfg.map "m" ["j"] = 0:N {
//!     %n = sdfg.nested "for_t" {
//!       sdfg.loop "for_t" ... { sdfg.state "body" { ... A[t, j] ... B[j] ... } }
//!     }
//!   }
//! }
//! ```
//! The nested SDFG takes each container whole (indices stay as they were).
//!
//! Preconditions: a counted loop (see `loops::header`) whose body is one
//! state holding one map outside every other scope and, besides it, only
//! access nodes joined to the map; the loop variable is not used after the
//! loop, nor in the map's range, its outer memlets or the shapes of what it
//! touches; the map's body can move into a nested SDFG (see
//! `map_to_for_loop::nestable_body`). Iterations of the map that ran in
//! parallel for each value of the loop variable now each run the whole loop
//! on their own, so every container the map writes must be split among its
//! iterations: every memlet on it inside the map has, for each map
//! parameter, a dimension indexed by the same `a * p + b` (`a` a nonzero
//! constant, no loop variable) in all of them. A container only
//! accumulated (write-conflict resolution, never read) needs no split.

use super::loops::{self, cfg_uses, redefines};
use super::map_collapse::remove_nodes;
use super::map_to_for_loop::{body_state, nestable_body, Plan};
use super::nest::{self, Interface};
use super::place::{self, cfg_at, Step};
use super::{Match, Options, Transformation};
use crate::model::dataflow::Dataflow;
use crate::model::scope::scope_parents;
use crate::model::{conn, Block, BlockKind, Cfg, DataEdge, LoopRegion, MapScope, NodeKind, Sdfg, State};
use crate::analysis::propagation::split_among_iterations;
use crate::symbolic::{Expr, Subset};
use std::collections::BTreeSet;

pub struct MoveLoopIntoMap;

impl Transformation for MoveLoopIntoMap {
    fn name(&self) -> &'static str {
        "sdfg-move-loop-into-map"
    }

    fn summary(&self) -> &'static str {
        "Move a loop around a map into the map, as a nested SDFG"
    }

    fn matches(&self, sdfg: &Sdfg) -> Vec<Match> {
        place::block_matches(sdfg, |path, block| {
            let (_, entry, _) = plan(sdfg, path, block)?;
            let BlockKind::Loop(l) = &block.kind else { return None };
            let BlockKind::State(s) = &l.cfg.blocks[0].kind else { return None };
            Some(format!("loop '{}' over '{}' around map '{}'", block.label, l.loop_variable, s.nodes[entry].label))
        })
    }

    fn apply(&self, sdfg: &mut Sdfg, m: &Match, _options: &Options) -> Result<(), String> {
        let (cfg_path, b, block) = place::matched_block(sdfg, m)?;
        let (plan, e, map) = plan(sdfg, &m.place.state, &block).ok_or("the loop no longer matches")?;
        let BlockKind::Loop(l) = &block.kind else { return Err("match is not a loop".into()) };
        let body = &l.cfg.blocks[0];
        let BlockKind::State(state) = &body.kind else { return Err("loop body is not a state".into()) };
        let inner = body_state(state, e, &plan)?;
        let inner_block = Block { kind: BlockKind::State(inner), ..body.clone() };
        let inner_loop = LoopRegion { cfg: Cfg { blocks: vec![inner_block], edges: vec![], start_block: Some(0) }, ..l.clone() };
        let cfg = Cfg { blocks: vec![Block { kind: BlockKind::Loop(inner_loop), ..block.clone() }], edges: vec![], start_block: Some(0) };
        let params: Vec<(String, Expr)> = map.params.iter().map(|p| (p.clone(), Expr::sym(p))).collect();
        let defined = [l.loop_variable.clone()];
        let io = Interface { inputs: &plan.inputs, outputs: &plan.outputs, private: &plan.private, values: &params, defined: &defined };
        let nested = nest::nested_cfg_node(sdfg, &block.label, cfg, &io)?;
        let new_state = with_nested(sdfg, state, e, &plan, &l.loop_variable, nested);
        sdfg.containers.retain(|(n, _)| !plan.private.contains(n));
        let cfg = cfg_at(&mut sdfg.cfg, &cfg_path).ok_or("match refers to a missing block")?;
        cfg.blocks[b] = Block { label: body.label.clone(), kind: BlockKind::State(new_state), extra: body.extra.clone(), loc: block.loc.clone() };
        // The variable is now the nested SDFG's own (unless other loops set it too).
        let var = &l.loop_variable;
        if !cfg_uses(&sdfg.cfg, var, &mut Vec::new(), &|_, _| false) {
            sdfg.symbols.retain(|(s, _)| s != var);
        }
        Ok(())
    }
}

/// The map's nested body, its entry and its scope, when the loop `block`
/// at `path` qualifies.
fn plan(sdfg: &Sdfg, path: &[Step], block: &Block) -> Option<(Plan, usize, MapScope)> {
    let BlockKind::Loop(l) = &block.kind else { return None };
    let var = loops::header(l)?.var;
    let [body] = l.cfg.blocks.as_slice() else { return None };
    let BlockKind::State(state) = &body.kind else { return None };
    let skip = |p: &[Step], b: &Block| p == path || (redefines(b, &var) && !path.starts_with(p));
    if !l.cfg.edges.is_empty() || cfg_uses(&sdfg.cfg, &var, &mut Vec::new(), &skip) || sdfg.container(&var).is_some() {
        return None;
    }
    let parents = scope_parents(state).ok()?;
    let maps: Vec<usize> =
        (0..state.nodes.len()).filter(|&n| parents[n].is_none() && matches!(state.nodes[n].kind, NodeKind::MapEntry { .. })).collect();
    let [e] = maps.as_slice() else { return None };
    let e = *e;
    let NodeKind::MapEntry { map, exit } = &state.nodes[e].kind else { return None };
    let uses_var = |x: &Expr| x.free_symbols().contains(&var);
    if map.range.free_symbols().contains(&var) {
        return None;
    }
    // Outside the map: access nodes joined to it, nothing naming the variable.
    for (n, node) in state.nodes.iter().enumerate() {
        if parents[n].is_none() && n != e && n != *exit && !matches!(node.kind, NodeKind::Access { .. }) {
            return None;
        }
    }
    // (Outer memlets naming the variable become whole containers.)
    for d in state.edges.iter().filter(|d| parents[d.src].is_none() && parents[d.dst].is_none()) {
        let joined = (d.dst == e || d.src == *exit) && d.src != e && d.dst != *exit;
        if !joined || d.memlet.other_subset.is_some() {
            return None;
        }
    }
    let mut path_to_state = path.to_vec();
    path_to_state.push(Step::Block(0));
    let plan = nestable_body(sdfg, &path_to_state, state, e)?;
    let touched = plan.inputs.iter().chain(&plan.outputs).chain(&plan.private);
    let shape_uses_var = touched.filter_map(|d| sdfg.container(d)).any(|c| c.shape.iter().chain(c.strides.iter().flatten()).any(uses_var));
    if shape_uses_var || !plan.outputs.iter().all(|d| owned_by_iterations(state, e, &plan, map, d, &var)) {
        return None;
    }
    Some((plan, e, map.clone()))
}

/// Whether each iteration of the map touches its own part of `data`: for
/// every parameter a dimension indexed alike by all memlets inside; or
/// `data` is only accumulated (one write-conflict resolution, not read).
fn owned_by_iterations(state: &State, e: usize, plan: &Plan, map: &MapScope, data: &str, var: &str) -> bool {
    let inside: BTreeSet<usize> = plan.body.iter().copied().chain([e, plan.exit]).collect();
    let memlets: Vec<&DataEdge> = state
        .edges
        .iter()
        .filter(|d| inside.contains(&d.src) && inside.contains(&d.dst) && d.memlet.data.as_deref() == Some(data))
        .collect();
    let accumulated = !plan.inputs.iter().any(|d| d == data)
        && memlets.iter().all(|d| d.memlet.wcr.is_some())
        && memlets.iter().filter_map(|d| d.memlet.wcr.as_ref().map(|w| w.kind())).collect::<std::collections::HashSet<_>>().len() == 1;
    if accumulated {
        return true;
    }
    let subsets: Option<Vec<&Subset>> = memlets.iter().map(|d| d.memlet.subset.as_ref().filter(|_| d.memlet.other_subset.is_none())).collect();
    subsets.is_some_and(|s| split_among_iterations(&s, &map.params, &[var]))
}

/// The loop body's state with the map's body replaced by `nested`, which
/// takes each container whole through the map's connectors.
fn with_nested(sdfg: &Sdfg, state: &State, e: usize, plan: &Plan, var: &str, nested: crate::model::Node) -> State {
    let x = plan.exit;
    let mut out = state.clone();
    let n = out.nodes.len();
    out.nodes.push(nested);
    let graph = Dataflow::new(state);
    let through = |node: usize, data: &str, into: bool| -> Option<String> {
        let edges = if into { graph.in_edges(node) } else { graph.out_edges(node) };
        edges.iter().map(|&k| &state.edges[k]).find(|d| d.memlet.data.as_deref() == Some(data)).and_then(|d| {
            let c = if into { d.dst_conn.as_deref()? } else { d.src_conn.as_deref()? };
            Some(if into { conn::out_conn(conn::in_base(c)?) } else { conn::in_conn(conn::out_base(c)?) })
        })
    };
    let loc = state.nodes[e].loc.clone();
    let edge = |src, src_conn, dst, dst_conn, memlet| DataEdge { src, src_conn, dst, dst_conn, memlet, loc: loc.clone() };
    for d in &plan.inputs {
        out.edges.push(edge(e, through(e, d, true), n, Some(d.clone()), nest::whole(sdfg, d)));
    }
    for d in &plan.outputs {
        // Accumulated through write-conflict resolution inside: so it is from the nested SDFG.
        let writes = graph.in_edges(x).iter().map(|&k| &state.edges[k]).filter(|w| w.memlet.data.as_deref() == Some(d.as_str()));
        let wcr = writes.map(|w| w.memlet.wcr.clone()).reduce(|a, b| if a == b { a } else { None }).flatten();
        let memlet = crate::model::Memlet { wcr, ..nest::whole(sdfg, d) };
        out.edges.push(edge(n, Some(d.clone()), x, through(x, d, false), memlet));
    }
    if plan.inputs.is_empty() {
        out.edges.push(edge(e, None, n, None, Default::default()));
    }
    if plan.outputs.is_empty() {
        out.edges.push(edge(n, None, x, None, Default::default()));
    }
    out.edges.retain(|d| !plan.body.contains(&d.src) && !plan.body.contains(&d.dst));
    for d in out.edges.iter_mut().filter(|d| d.dst == e || d.src == x) {
        if d.memlet.subset.as_ref().is_some_and(|s| s.free_symbols().contains(var)) {
            let data = d.memlet.data.clone().unwrap_or_default();
            d.memlet = crate::model::Memlet { wcr: d.memlet.wcr.clone(), ..nest::whole(sdfg, &data) };
        }
    }
    remove_nodes(&mut out, &plan.body);
    out
}
