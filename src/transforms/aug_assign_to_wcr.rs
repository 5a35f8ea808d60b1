//! AugAssignToWCR: a tasklet that reads an element and writes it back
//! combined with a value (`out = inp + v`) becomes a write with
//! write-conflict resolution (`out = v`, WCR sum), without the read
//! (DaCe's AugAssignToWCR).
//!
//! ```mlir
//! %S = sdfg.access "S"
//! %t = sdfg.tasklet "acc" {code = "out = inp + v", ins = {inp, v}, outs = {out}}
//! %S2 = sdfg.access "S"
//! sdfg.memlet %S -> %t["inp"] {data = "S", subset = #sdfg.range<0>}
//! sdfg.memlet %t["out"] -> %S2 {data = "S", subset = #sdfg.range<0>}
//! ```
//! becomes
//! ```mlir
//! %t = sdfg.tasklet "acc" {code = "out = v", ins = {v}, outs = {out}}
//! %S2 = sdfg.access "S"
//! sdfg.memlet %t["out"] -> %S2 {data = "S", subset = #sdfg.range<0>, wcr = #sdfg.wcr<Sum, "(lambda x, y: (x + y))">}
//! ```
//! The read comes from an access node outside every scope, or from one
//! through the entry of a map outside every scope (then the write leaves
//! through its exit, and its subset must not name every map parameter:
//! otherwise iterations touch different elements and nothing conflicts).
//! Forms: `inp + v`, `v + inp`, `inp * v`, `v * inp`, `inp - v` (a sum of
//! `-(v)`), `min`/`max` of `inp` and `v`, `&`, `|`, `^`; `v` must not
//! read `inp`. Preconditions: a Python tasklet of that one assignment to
//! its output connector, which has one edge; the read and the write name
//! the same data and subset, neither dynamic, no `other_subset`, the write
//! without WCR; connectors untyped or of the data's dtype; the read's
//! access node has no incoming edges (nothing earlier in the state writes
//! what the update no longer waits for); through a map, the exit's
//! connector carries only this write. The read's path (map connectors,
//! access node) goes when nothing else uses it.

use super::map_collapse::remove_nodes;
use super::prune_connectors::remove_memlet_paths;
use super::uses::{access_data, same_subset};
use super::{place, Match, Options, Place, StatePath, Transformation};
use crate::model::dataflow::Dataflow;
use crate::model::{scope, DType, NodeKind, Sdfg, State, Wcr};
use crate::tasklet::{self, BinOp, Expr, Span, Stmt, Target};

pub struct AugAssignToWcr;

impl Transformation for AugAssignToWcr {
    fn name(&self) -> &'static str {
        "sdfg-aug-assign-to-wcr"
    }

    fn summary(&self) -> &'static str {
        "Turn a read-modify-write tasklet into a write with write-conflict resolution"
    }

    place::state_matched!(each: matches_in, state_local);


    fn apply(&self, sdfg: &mut Sdfg, m: &Match, _options: &Options) -> Result<(), String> {
        let state = place::state(sdfg, &m.place.state).ok_or("match refers to a missing state")?;
        let graph = Dataflow::new(state);
        let parents = scope::scope_parents_in(&graph)?;
        let update = update(sdfg, &graph, &parents, m.place.node).ok_or("match no longer applies")?;
        let state = place::state_mut(sdfg, &m.place.state).ok_or("match refers to a missing state")?;
        rewrite(state, m.place.node, update);
        Ok(())
    }
}

fn matches_in(sdfg: &Sdfg, path: &StatePath, state: &State) -> Vec<Match> {
    let graph = Dataflow::new(state);
    let Ok(parents) = scope::scope_parents_in(&graph) else { return Vec::new() };
    (0..state.nodes.len())
        .filter_map(|t| {
            let u = update(sdfg, &graph, &parents, t)?;
            let data = state.edges[u.read].memlet.data.clone().unwrap_or_default();
            let description = format!("tasklet '{}' ({:?} into '{data}') in state '{}'", state.nodes[t].label, u.wcr.kind(), place::state_label(sdfg, path));
            Some(Match { place: Place { state: path.clone(), node: t }, description })
        })
        .collect()
}

/// A matched update: the edges, the new code and the resolution.
struct Update {
    /// The edge into the tasklet that reads the old value.
    read: usize,
    /// The tasklet's output edge, and through a map the exit's outer edge.
    writes: Vec<usize>,
    code: String,
    wcr: Wcr,
}

fn update(sdfg: &Sdfg, graph: &Dataflow, parents: &[Option<usize>], t: usize) -> Option<Update> {
    let state = graph.state();
    let node = &state.nodes[t];
    let NodeKind::Tasklet { code } = &node.kind else { return None };
    let [(out, out_ty)] = node.out_connectors.as_slice() else { return None };
    if code.language != "Python" {
        return None;
    }
    let [write] = graph.out_edges(t) else { return None };
    let w = &state.edges[*write];
    let data = w.memlet.data.as_deref()?;
    let dtype = &sdfg.container(data)?.dtype;
    let typed_ok = |ty: &Option<DType>| ty.as_ref().is_none_or(|t| t == dtype);
    if w.memlet.wcr.is_some() || w.memlet.dynamic || w.memlet.other_subset.is_some() || !typed_ok(out_ty) {
        return None;
    }
    let Ok(stmts) = tasklet::parse(&code.code) else { return None };
    let [Stmt::Assign { target: Target::Name { name, .. }, op: None, value, .. }] = stmts.as_slice() else { return None };
    if name != out {
        return None;
    }
    // The read: an in-edge of the same data and subset, by a connector
    // the value combines once with the rest.
    let (read, inp, new_code, wcr) = graph.in_edges(t).iter().find_map(|&k| {
        let e = &state.edges[k];
        let inp = e.dst_conn.as_deref()?;
        let same = e.memlet.data.as_deref() == Some(data) && !e.memlet.dynamic && e.memlet.other_subset.is_none();
        let subsets = matches!((&e.memlet.subset, &w.memlet.subset), (Some(a), Some(b)) if same_subset(a, b));
        let (rest, wcr) = split(value, inp).filter(|_| same && subsets)?;
        Some((k, inp, rest, wcr))
    })?;
    if !typed_ok(&node.in_connectors.iter().find(|(c, _)| c == inp)?.1) {
        return None;
    }
    let r = &state.edges[read];
    let mut writes = vec![*write];
    let source = match (&state.nodes[r.src].kind, parents[t]) {
        (NodeKind::Access { .. }, None) => {
            if !matches!(state.nodes[w.dst].kind, NodeKind::Access { .. }) {
                return None;
            }
            r.src
        }
        (NodeKind::MapEntry { map, exit }, Some(entry)) if entry == r.src && parents[entry].is_none() => {
            let (exit, in_conn) = (*exit, w.dst_conn.clone());
            let sub = w.memlet.subset.as_ref()?.free_symbols();
            if w.dst != exit || map.params.iter().all(|p| sub.contains(p)) {
                return None;
            }
            let carried = graph.in_edges_at(exit, in_conn.as_deref()).len();
            let partner = crate::model::conn::partner_of(&in_conn);
            let [o] = graph.out_edges_at(exit, partner.as_deref()) else { return None };
            let entry_conn = crate::model::conn::partner_of(&r.src_conn);
            let [feed] = graph.in_edges_at(entry, entry_conn.as_deref()) else { return None };
            let src = &state.edges[*feed].src;
            let outer_ok = access_data(state, state.edges[*o].dst) == Some(data) && state.edges[*o].memlet.wcr.is_none();
            if carried != 1 || !outer_ok || access_data(state, *src) != Some(data) {
                return None;
            }
            writes.push(*o);
            *src
        }
        _ => return None,
    };
    if access_data(state, source) != Some(data) || !graph.in_edges(source).is_empty() {
        return None;
    }
    Some(Update { read, writes, code: format!("{out} = {new_code}"), wcr })
}

/// Splits `value` into the update of `inp` by the rest: the code of the
/// rest and the resolution that applies it.
fn split(value: &Expr, inp: &str) -> Option<(String, Wcr)> {
    let is_inp = |e: &Expr| matches!(e, Expr::Name { id, .. } if id == inp);
    let (rest, lambda, negate) = match value {
        Expr::Binary { op, left, right, .. } => {
            let commutative = match op {
                BinOp::Add => Some("(lambda x, y: (x + y))"),
                BinOp::Mul => Some("(lambda x, y: (x * y))"),
                BinOp::BitAnd => Some("(lambda x, y: (x & y))"),
                BinOp::BitOr => Some("(lambda x, y: (x | y))"),
                BinOp::BitXor => Some("(lambda x, y: (x ^ y))"),
                _ => None,
            };
            match (commutative, is_inp(left), is_inp(right)) {
                (Some(l), true, false) => (right.as_ref(), l, false),
                (Some(l), false, true) => (left.as_ref(), l, false),
                (None, true, false) if *op == BinOp::Sub => (right.as_ref(), "(lambda x, y: (x + y))", true),
                _ => return None,
            }
        }
        Expr::Call { func, args, .. } if func == "min" || func == "max" => {
            let lambda = if func == "min" { "(lambda x, y: min(x, y))" } else { "(lambda x, y: max(x, y))" };
            match args.as_slice() {
                [a, b] if is_inp(a) && !is_inp(b) => (b, lambda, false),
                [a, b] if is_inp(b) && !is_inp(a) => (a, lambda, false),
                _ => return None,
            }
        }
        _ => return None,
    };
    if reads(rest, inp) {
        return None;
    }
    let text = if negate { format!("-({rest})") } else { rest.to_string() };
    Some((text, Wcr::parse(lambda).ok()?))
}

/// Whether `e` reads the name `inp`.
fn reads(e: &Expr, inp: &str) -> bool {
    let span = Span::default();
    let probe = Stmt::Assign { target: Target::Name { name: String::new(), span }, op: None, value: e.clone(), span };
    tasklet::analyze(&[probe]).reads.contains(inp)
}

fn rewrite(state: &mut State, t: usize, u: Update) {
    let inp = state.edges[u.read].dst_conn.clone();
    for &k in &u.writes {
        state.edges[k].memlet.wcr = Some(u.wcr.clone());
    }
    if let NodeKind::Tasklet { code } = &mut state.nodes[t].kind {
        code.code = u.code;
    }
    state.nodes[t].in_connectors.retain(|(c, _)| Some(c) != inp.as_ref());
    let mut gone = vec![false; state.edges.len()];
    gone[u.read] = true;
    let mut orphans = Vec::new();
    remove_memlet_paths(state, &mut gone, &mut orphans);
    remove_nodes(state, &orphans);
}
