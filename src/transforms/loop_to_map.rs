//! LoopToMap: a counted loop whose iterations are independent becomes a
//! map over the loop variable, its body a nested SDFG (DaCe's LoopToMap).
//!
//! ```mlir
//! %l = sdfg.loop "for_i" attributes {condition = "i < N", init = "i = 0",
//!                                    loop_variable = "i", update = "i = i + 1"} {
//!   %s = sdfg.state "body" { ... A[i] = B[i] + 1 ... }
//! }
//! ```
//! becomes
//! ```mlir
//! %l = sdfg.state "for_i" {
//!   %e, %x = sdfg.map "for_i" ["i"] = 0:N {
//!     %n = sdfg.nested "body" attributes {symbol_mapping = #sdfg.symbols<i = i, ...>} { ... }
//!   }
//! }
//! ```
//! Preconditions: the loop is `i = a; i < b (<=, or > and >= counting
//! down); i = i + c` with `c` a nonzero constant (a loop counting down by
//! one gives a map running upwards, other negative steps a map range such as
//! `a:b:c` counting down); its body is one state (empty states chained to
//! it by plain edges are dropped) or several blocks (states, inner loops,
//! conditionals) without interstate assignments, breaks, continues or
//! returns, whose conditions and inner loop headers read no data the body
//! writes; the loop variable is not used after the loop (other loops over
//! it set it first); every container the body writes is either (1)
//! accessed, in every memlet of the body, in one dimension at
//! `alpha * i + offset` with constant offsets spanning less than
//! `|alpha * c|` (so iterations touch disjoint slices and read only their
//! own), or (2) a transient used nowhere else that each iteration sets
//! before reading it: within its one state, each read preceded at the same
//! access node by a plain write of that subset, or, in a chained body, the
//! first block naming it is a state writing all of it that way (it becomes
//! private to each iteration), or (3) never read in the body and written
//! only through one write-conflict resolution (iterations combine their
//! updates; the map's outer memlets carry the resolution). Inner loop variables become symbols of the
//! nested SDFG. Views used only in the body move inside with it; other
//! views, references,
//! streams and consume scopes are refused, as are symbols that interstate
//! edges define without declaring them.

use super::loop_body::{self, BodyFacts};
use super::loops::{self, cfg_uses, redefines, Header};
use super::nest::{self, Interface};
use super::place::{self, Step};
use super::{Match, Options, Transformation};
use crate::analysis::rwsets::state_sets;
use crate::analysis::symbols::entry_symbols;
use crate::model::conn::{self, Side};
use crate::model::{scope, BlockKind, DataEdge, LoopRegion, MapScope, Memlet, Node, NodeKind, Schedule, Sdfg, State, Wcr};
use crate::symbolic::{Dim, Expr, Subset};
use std::collections::BTreeSet;

pub struct LoopToMap;

impl Transformation for LoopToMap {
    fn name(&self) -> &'static str {
        "sdfg-loop-to-map"
    }

    fn summary(&self) -> &'static str {
        "Turn a loop with independent iterations into a map over a nested SDFG"
    }

    fn matches(&self, sdfg: &Sdfg) -> Vec<Match> {
        place::block_matches(sdfg, |at, block| plan(sdfg, at, block).map(|plan| format!("loop '{}' over {}", block.label, plan.header.var)))
    }

    fn apply(&self, sdfg: &mut Sdfg, m: &Match, _options: &Options) -> Result<(), String> {
        let (cfg_path, b, block) = place::matched_block(sdfg, m)?;
        let plan = plan(sdfg, &m.place.state, &block).ok_or("the loop no longer matches")?;
        let BlockKind::Loop(l) = &block.kind else { return Err("match is not a loop".into()) };
        let var = plan.header.var.clone();
        // The variable stays declared only if other loops still set it; a map
        // parameter must not shadow a symbol.
        let others = {
            let mut names = BTreeSet::new();
            let mut rest = sdfg.clone();
            if let Some(c) = place::cfg_at(&mut rest.cfg, &cfg_path) {
                c.blocks[b].kind = BlockKind::State(State::default());
            }
            crate::lowering::abi::assigned(&rest.cfg, &mut names);
            names.contains(&var)
        };
        let mut param = var.clone();
        while others && (sdfg.symbol_type(&param).is_some() || sdfg.containers.iter().any(|(n, _)| *n == param)) {
            param.push('_');
        }
        let values = [(var.clone(), Expr::sym(&param))];
        let io = Interface { inputs: &plan.inputs, outputs: &plan.outputs, private: &plan.private, values: &values, defined: &plan.loop_vars };
        let nested = match body_state(l) {
            Some((body, body_label)) => nest::nested_node(sdfg, body_label, body.clone(), &io)?,
            None => nest::nested_cfg_node(sdfg, &block.label, l.cfg.clone(), &io)?,
        };
        let state = map_state(sdfg, &block.label, &plan, param, nested);
        sdfg.containers.retain(|(n, _)| !plan.private.contains(n));
        if !others {
            sdfg.symbols.retain(|(n, _)| *n != var);
        }
        let cfg = place::cfg_at(&mut sdfg.cfg, &cfg_path).ok_or("match refers to a missing region")?;
        cfg.blocks[b].kind = BlockKind::State(state);
        cfg.blocks[b].extra = Default::default();
        // Inner loop variables now set only inside the nested SDFG would
        // look like arguments if they stayed declared outside.
        let mut assigned = BTreeSet::new();
        crate::analysis::symbols::assigned(&sdfg.cfg, &mut assigned);
        let outer_cfg = &sdfg.cfg;
        let gone: Vec<&String> =
            plan.loop_vars.iter().filter(|v| !assigned.contains(*v) && !cfg_uses(outer_cfg, v, &mut Vec::new(), &|_, _| false)).collect();
        sdfg.symbols.retain(|(n, _)| !gone.contains(&n));
        Ok(())
    }
}

struct Plan {
    header: Header,
    inputs: Vec<String>,
    outputs: Vec<String>,
    private: Vec<String>,
    /// Outputs every iteration updates only through write-conflict
    /// resolution, with that resolution (iterations may then overlap).
    accumulated: Vec<(String, Wcr)>,
    /// Variables of loops inside the body, set by the nested SDFG itself.
    loop_vars: Vec<String>,
}

fn plan(sdfg: &Sdfg, path: &[Step], block: &crate::model::Block) -> Option<Plan> {
    let BlockKind::Loop(l) = &block.kind else { return None };
    let header = loops::header(l)?;
    let var = header.var.as_str();
    let body = body_facts(l, var)?;
    let skip = |p: &[Step], b: &crate::model::Block| p == path || (redefines(b, var) && !path.starts_with(p));
    if cfg_uses(&sdfg.cfg, var, &mut Vec::new(), &skip) || sdfg.containers.iter().any(|(n, _)| n == var) {
        return None;
    }
    // Inner loop variables are set only inside the nested SDFG: nothing
    // outside may read their final values.
    let used_outside = |v: &str| {
        let skip = |p: &[Step], b: &crate::model::Block| p == path || (redefines(b, v) && !path.starts_with(p));
        cfg_uses(&sdfg.cfg, v, &mut Vec::new(), &skip)
    };
    if body.loop_vars.iter().any(|v| sdfg.containers.iter().any(|(n, _)| n == v) || used_outside(v)) {
        return None;
    }
    // Symbols the body assigns are set by each iteration before it uses
    // them, and read nowhere else (not after the loop, not by its header).
    let order = loop_body::chain_order(&l.cfg).unwrap_or_default();
    let header_code: Vec<&str> = [l.init.as_deref(), l.condition.as_deref(), l.update.as_deref()].into_iter().flatten().map(|c| c.code.as_str()).collect();
    for s in &body.assigned {
        let in_header = header_code.iter().any(|c| loops::idents(c).contains(&s.as_str()));
        if s == var || sdfg.container(s).is_some() || in_header || used_outside(s) || !loop_body::assigned_before_use(&l.cfg, &order, s) {
            return None;
        }
    }
    // So are those an inner loop's edges assign, used only inside it and
    // set by each of its iterations before any use.
    let mut inner_assigned = Vec::new();
    for inner in &body.inner_assigned {
        let inner_order = loop_body::chain_order(inner.cfg)?;
        let at: Vec<Step> = path.iter().chain(&inner.path).cloned().collect();
        for s in &inner.symbols {
            let elsewhere = cfg_uses(&sdfg.cfg, s, &mut Vec::new(), &|p: &[Step], _: &crate::model::Block| p == at.as_slice());
            if s == var || sdfg.container(s).is_some() || elsewhere || !loop_body::assigned_before_use(inner.cfg, &inner_order, s) {
                return None;
            }
            inner_assigned.push(s.clone());
        }
    }
    for state in &body.states {
        scope::scope_parents(state).ok()?;
        if state.nodes.iter().any(|n| matches!(n.kind, NodeKind::ConsumeEntry { .. })) {
            return None;
        }
        // Symbols set by interstate edges without a declaration cannot be mapped.
        if nest::uses_undeclared(sdfg, state, var) {
            return None;
        }
    }
    let elsewhere = |d: &str| {
        let skip = |p: &[Step], _: &crate::model::Block| p == path;
        cfg_uses(&sdfg.cfg, d, &mut Vec::new(), &skip)
    };
    // Containers read by conditions and inner loop headers.
    let code_reads: BTreeSet<String> = sdfg
        .containers
        .iter()
        .filter(|(n, _)| body.code.iter().any(|c| loops::idents(c).contains(&n.as_str())))
        .map(|(n, _)| n.clone())
        .collect();
    let mut used: BTreeSet<String> = code_reads.clone();
    for state in &body.states {
        used.extend(state.edges.iter().filter_map(|e| e.memlet.data.clone()));
        used.extend(state.nodes.iter().filter_map(|n| match &n.kind {
            NodeKind::Access { data, .. } => Some(data.clone()),
            _ => None,
        }));
    }
    // Views used only here move inside with the body; what they view is
    // checked through the edges that set them.
    let local_view = |d: &str| sdfg.container(d).is_some_and(|c| c.transient && c.kind == crate::model::DataKind::View) && !elsewhere(d);
    if used.iter().any(|d| !nest::plain(sdfg, d) && !local_view(d)) {
        return None;
    }
    let access_of = |s: &State, n: usize, d: &str| matches!(&s.nodes[n].kind, NodeKind::Access { data, .. } if data == d);
    let reads_in = |s: &State, d: &str| s.edges.iter().any(|e| e.memlet.data.is_some() && access_of(s, e.src, d));
    let written: BTreeSet<String> = body.states.iter().flat_map(|s| state_sets(sdfg, s).writes.into_keys()).collect();
    let read = |d: &str| code_reads.contains(d) || body.states.iter().any(|s| reads_in(s, d));
    let bound_syms: BTreeSet<String> = header.start.free_symbols().into_iter().chain(header.last.free_symbols()).collect();
    // Code may read what the iteration itself set earlier (a transient that
    // becomes private, below).
    let read_by_code_after_set = |d: &str| !order.is_empty() && loop_body::code_reads_after(&l.cfg, &order, d);
    if written.iter().any(|d| bound_syms.contains(d) || (code_reads.contains(d) && !read_by_code_after_set(d))) {
        return None;
    }
    let mut defined: BTreeSet<String> = body.loop_vars.iter().chain(&body.assigned).chain(&inner_assigned).cloned().collect();
    for state in &body.states {
        defined.extend(defined_in(state, var));
    }
    let (mut inputs, mut outputs, mut private, mut accumulated) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for d in &used {
        let transient_here = sdfg.container(d).is_some_and(|c| c.transient) && !elsewhere(d);
        if local_view(d) {
            private.push(d.clone());
        } else if !written.contains(d) {
            inputs.push(d.clone());
        } else if disjoint_slices(&body.states, d, &header, &defined) {
            if read(d) {
                inputs.push(d.clone());
            }
            outputs.push(d.clone());
        } else if transient_here && (!code_reads.contains(d) || read_by_code_after_set(d)) && set_first(sdfg, l, &body.states, d) {
            private.push(d.clone());
        } else if let Some(wcr) = only_accumulated(&body.states, d).filter(|_| !read(d)) {
            outputs.push(d.clone());
            accumulated.push((d.clone(), wcr));
        } else {
            return None;
        }
    }
    // The nested SDFG sets its assigned symbols itself, as its loop variables.
    let mut loop_vars: Vec<String> = Vec::new();
    for v in body.loop_vars.into_iter().chain(body.assigned).chain(inner_assigned) {
        if !loop_vars.contains(&v) {
            loop_vars.push(v);
        }
    }
    Some(Plan { header, inputs, outputs, private, accumulated, loop_vars })
}

/// The body's states and code: its one state, or every block of a body
/// that has no interstate assignments and never leaves the loop early.
fn body_facts<'a>(l: &'a LoopRegion, var: &str) -> Option<BodyFacts<'a>> {
    if let Some((state, _)) = body_state(l) {
        return Some(BodyFacts { states: vec![state], code: Vec::new(), loop_vars: Vec::new(), assigned: Vec::new(), inner_assigned: Vec::new(), assigns_inside: false });
    }
    if loops::escapes_or_assigns(&l.cfg, var) {
        return None;
    }
    let facts = loop_body::facts(&l.cfg);
    // Symbols the body assigns must be the iteration's own (checked by the caller).
    let chained = facts.assigned.is_empty() || loop_body::chain_order(&l.cfg).is_some();
    (!facts.assigns_inside && chained && !facts.loop_vars.iter().any(|v| v == var)).then_some(facts)
}

/// The body's one state with its label: the only non-empty state of a
/// chain joined by plain edges (the frontend pads bodies with empty states).
fn body_state(l: &LoopRegion) -> Option<(&State, &str)> {
    let cfg = &l.cfg;
    let plain_edges = cfg.edges.iter().all(|e| e.condition.is_none() && e.assignments.is_empty());
    let chain = cfg.edges.len() + 1 == cfg.blocks.len()
        && (0..cfg.blocks.len()).all(|b| cfg.edges.iter().filter(|e| e.src == b).count() <= 1 && cfg.edges.iter().filter(|e| e.dst == b).count() <= 1);
    if !plain_edges || !chain || cfg.start().is_none() {
        return None;
    }
    let mut busy = cfg.blocks.iter().filter_map(|b| match &b.kind {
        BlockKind::State(s) if s.nodes.is_empty() => None,
        BlockKind::State(s) => Some(Some((s, b.label.as_str()))),
        _ => Some(None),
    });
    let only = busy.next()??;
    busy.next().is_none().then_some(only)
}

/// Names the body binds itself (map parameters, dynamic range inputs) and
/// the loop variable: a slice offset must not depend on them.
fn defined_in(body: &State, var: &str) -> BTreeSet<String> {
    let mut out: BTreeSet<String> = [var.to_string()].into();
    for n in body.nodes.iter().filter(|n| matches!(n.kind, NodeKind::MapEntry { .. })) {
        out.extend(entry_symbols(n));
    }
    out
}

/// The subset of container `d` an edge moves, if it names one.
fn subset_of(body: &State, e: &DataEdge, d: &str) -> Option<Option<Subset>> {
    let at = |n: usize| matches!(&body.nodes[n].kind, NodeKind::Access { data, .. } if data == d);
    if e.memlet.data.as_deref() == Some(d) {
        Some(e.memlet.subset.clone())
    } else if e.memlet.data.is_some() && (at(e.src) || at(e.dst)) {
        Some(e.memlet.other_subset.clone())
    } else {
        None
    }
}

/// Whether every access to `d` in the body lies in one slice of some
/// dimension, `alpha * i + [lo, hi]`, that moves past itself each iteration.
fn disjoint_slices(states: &[&State], d: &str, h: &Header, defined: &BTreeSet<String>) -> bool {
    let subsets: Option<Vec<Subset>> = states.iter().flat_map(|s| s.edges.iter().filter_map(move |e| subset_of(s, e, d))).collect();
    let Some(subsets) = subsets else { return false };
    let Some(rank) = subsets.first().map(|s| s.dims().len()) else { return false };
    if subsets.iter().any(|s| s.dims().len() != rank) {
        return false;
    }
    let i = Expr::sym(&h.var);
    (0..rank).any(|k| {
        let first = &subsets[0].dims()[k];
        let Some(alpha) = first.start.unit_step(&h.var).filter(|a| *a != 0) else { return false };
        let base = first.start.sub(&i.mul(&Expr::int(alpha))).simplify();
        if base.free_symbols().iter().any(|s| defined.contains(s)) {
            return false;
        }
        let offset = |e: &Expr| e.sub(&i.mul(&Expr::int(alpha))).sub(&base).simplify().as_int();
        let mut span = (i64::MAX, i64::MIN);
        for s in &subsets {
            let dim = &s.dims()[k];
            let (Some(lo), Some(hi)) = (offset(&dim.start), offset(&dim.end)) else { return false };
            if hi < lo || dim.tile.as_int() != Some(1) {
                return false;
            }
            span = (span.0.min(lo), span.1.max(hi));
        }
        span.1 - span.0 < alpha.saturating_mul(h.step).saturating_abs()
    })
}

/// Whether each iteration sets transient `d` before reading it: it lives
/// in one state of the body that writes before it reads, or the first
/// block of a chained body to name it is a state that does so and writes
/// all of `d` (later blocks then read this iteration's values).
fn set_first(sdfg: &Sdfg, l: &LoopRegion, states: &[&State], d: &str) -> bool {
    let touching: Vec<&&State> = states.iter().filter(|s| loops::state_uses(s, d)).collect();
    if let [only] = touching.as_slice() {
        return written_before_read(sdfg, only, d);
    }
    let Some(order) = loop_body::chain_order(&l.cfg) else { return false };
    let Some(&first) = order.iter().find(|&&b| loop_body::block_uses(&l.cfg, b, d)) else { return false };
    let BlockKind::State(state) = &l.cfg.blocks[first].kind else { return false };
    let whole = nest::whole(sdfg, d).subset;
    let at = |n: usize| matches!(&state.nodes[n].kind, NodeKind::Access { data, .. } if data == d);
    let covers = state.edges.iter().any(|e| e.memlet.data.is_some() && at(e.dst) && subset_of(state, e, d).is_some_and(|s| s.is_none() || s == whole));
    covers && written_before_read(sdfg, state, d)
}

/// Whether each access node of transient `d` that is read was written
/// first at that same node, without WCR, covering what is read.
fn written_before_read(sdfg: &Sdfg, body: &State, d: &str) -> bool {
    if body.edges.iter().any(|e| e.memlet.wcr.is_some() && subset_of(body, e, d).is_some()) {
        return false;
    }
    let whole = nest::whole(sdfg, d).subset;
    body.nodes.iter().enumerate().all(|(n, node)| {
        if !matches!(&node.kind, NodeKind::Access { data, .. } if data == d) {
            return true;
        }
        let writes: Vec<Option<Subset>> =
            body.edges.iter().filter(|e| e.dst == n && e.memlet.data.is_some()).filter_map(|e| subset_of(body, e, d)).collect();
        body.edges.iter().filter(|e| e.src == n && e.memlet.data.is_some()).all(|e| {
            let r = subset_of(body, e, d).flatten();
            writes.iter().any(|w| w.is_some() && (*w == whole || (r.is_some() && *w == r)))
        })
    })
}

/// The one write-conflict resolution of every write to `d`, when the
/// body writes `d` only through it.
fn only_accumulated(states: &[&State], d: &str) -> Option<Wcr> {
    let mut wcrs = states.iter().flat_map(|s| {
        s.edges.iter().filter(move |e| e.memlet.data.is_some() && matches!(&s.nodes[e.dst].kind, NodeKind::Access { data, .. } if data == d))
    });
    let first = wcrs.next()?.memlet.wcr.clone()?;
    wcrs.all(|e| e.memlet.wcr.as_ref() == Some(&first)).then_some(first)
}

/// The state holding the map: outer access nodes, entry, nested SDFG, exit.
fn map_state(sdfg: &Sdfg, label: &str, plan: &Plan, param: String, nested: Node) -> State {
    let h = &plan.header;
    // Counting down by one runs upwards over the same values; other steps
    // keep their sign (the map's end is inclusive and need not be reached).
    let range = if h.step == -1 {
        Dim::range(h.last.clone(), h.start.clone())
    } else {
        Dim::new(h.start.clone(), h.last.clone(), Expr::int(h.step), Expr::int(1))
    };
    let loc = nested.loc.clone();
    let node = |label: &str, kind: NodeKind, ins: Vec<String>, outs: Vec<String>| Node::new(label, kind, &ins, &outs, &loc);
    let map = MapScope { params: vec![param], range: Subset::Range(vec![range]), schedule: Schedule::Default };
    let mut state = State::default();
    state.nodes.push(node(label, NodeKind::MapEntry { map, exit: 1 }, conn::named_all(Side::In, &plan.inputs), conn::named_all(Side::Out, &plan.inputs)));
    state.nodes.push(node(label, NodeKind::MapExit { entry: 0 }, conn::named_all(Side::In, &plan.outputs), conn::named_all(Side::Out, &plan.outputs)));
    state.nodes.push(nested);
    let edge = |src, sc: Option<String>, dst, dc: Option<String>, memlet| DataEdge { src, src_conn: sc, dst, dst_conn: dc, memlet, loc: loc.clone() };
    for d in &plan.inputs {
        let a = state.nodes.len();
        state.nodes.push(node(d, NodeKind::Access { data: d.clone(), setzero: false }, vec![], vec![]));
        state.edges.push(edge(a, None, 0, Some(conn::in_conn(d)), nest::whole(sdfg, d)));
        state.edges.push(edge(0, Some(conn::out_conn(d)), 2, Some(d.clone()), nest::whole(sdfg, d)));
    }
    for d in &plan.outputs {
        let a = state.nodes.len();
        state.nodes.push(node(d, NodeKind::Access { data: d.clone(), setzero: false }, vec![], vec![]));
        let wcr = plan.accumulated.iter().find(|(x, _)| x == d).map(|(_, w)| w.clone());
        let memlet = Memlet { wcr, ..nest::whole(sdfg, d) };
        state.edges.push(edge(2, Some(d.clone()), 1, Some(conn::in_conn(d)), memlet.clone()));
        state.edges.push(edge(1, Some(conn::out_conn(d)), a, None, memlet));
    }
    // Scopes are told by edges: keep the nested SDFG inside the map.
    if plan.inputs.is_empty() {
        state.edges.push(edge(0, None, 2, None, Default::default()));
    }
    if plan.outputs.is_empty() {
        state.edges.push(edge(2, None, 1, None, Default::default()));
    }
    state
}
