//! TaskletFusion: a Python tasklet whose only output feeds one other Python
//! tasklet (directly or through a one-element transient) is merged into it
//! (DaCe's TaskletFusion).
//!
//! ```mlir
//! %t1 = sdfg.tasklet "t1" {code = "y = a * 2", ins = {a}, outs = {y}}
//! %T = sdfg.access "T"
//! %t2 = sdfg.tasklet "t2" {code = "z = x + a", ins = {x, a}, outs = {z}}
//! sdfg.memlet %t1["y"] -> %T {data = "T", subset = #sdfg.range<0>}
//! sdfg.memlet %T -> %t2["x"] {data = "T", subset = #sdfg.range<0>}
//! ```
//! becomes one tasklet `t2` reading `a_1` (t1's `a`, renamed because `t2`
//! has an `a` too) and computing
//! ```python
//! y = a_1 * 2
//! x = dace.float64(y)
//! z = x + a
//! ```
//! The cast keeps the conversion the store into `T` did. `T` goes away
//! unless it is used elsewhere; then the fused tasklet still writes it.
//!
//! Preconditions: both tasklets are Python (no `decltype`) and parse; `t1`
//! has one output connector with one edge (no WCR, not dynamic), assigned
//! as a whole name by a top-level statement (so on every path); the
//! intermediate is a transient array or scalar of one element written only
//! by `t1` and read only by `t2`, through one edge (no WCR, not dynamic);
//! `t2` reads that connector as a plain name and never assigns it; the
//! names `t1` reads as globals are not names of `t2`; no node ordered
//! before `t2` but not before `t1` writes data `t1` reads (moving the read
//! later would see the write), views and references counting as any data.

use super::map_collapse::remove_nodes;
use super::uses::{self, access_data, is_plain, reachable};
use super::{place, Match, Options, Place, StatePath, Transformation};
use crate::model::{DType, DataEdge, NodeKind, Sdfg, State};
use crate::tasklet::{self, Expr, Stmt, Target};
use std::collections::{BTreeSet, HashMap};

pub struct TaskletFusion;

impl Transformation for TaskletFusion {
    fn local_edits(&self) -> bool {
        true
    }
    fn name(&self) -> &'static str {
        "sdfg-tasklet-fusion"
    }

    fn summary(&self) -> &'static str {
        "Merge a tasklet into the one tasklet that reads its output"
    }

    fn matches(&self, sdfg: &Sdfg) -> Vec<Match> {
        let mut out = Vec::new();
        for (path, state) in place::states(sdfg) {
            for t1 in 0..state.nodes.len() {
                let Some(f) = fusible(sdfg, &path, state, t1) else { continue };
                let through = f.via.and_then(|a| access_data(state, a)).map(|d| format!(" through '{d}'")).unwrap_or_default();
                let description = format!(
                    "tasklet '{}' into '{}'{through} in state '{}'",
                    state.nodes[t1].label,
                    state.nodes[f.t2].label,
                    place::state_label(sdfg, &path)
                );
                out.push(Match { place: Place { state: path.clone(), node: t1 }, description });
            }
        }
        out
    }

    fn apply(&self, sdfg: &mut Sdfg, m: &Match, _options: &Options) -> Result<(), String> {
        let state = place::state(sdfg, &m.place.state);
        let f = state.and_then(|s| fusible(sdfg, &m.place.state, s, m.place.node)).ok_or("match no longer applies")?;
        let data = state.and_then(|s| f.via.and_then(|a| access_data(s, a))).map(str::to_string);
        let state = place::state_mut(sdfg, &m.place.state).ok_or("match refers to a missing state")?;
        fuse(state, m.place.node, &f)?;
        if let Some(d) = data.filter(|d| !f.keep && !uses::referenced(sdfg, d)) {
            sdfg.containers.retain(|(n, _)| *n != d);
        }
        Ok(())
    }
}

/// A fusible pair: `t1`'s output `out` reaches `t2`'s input `input`.
struct Fusion {
    t2: usize,
    /// The one-element transient between them, if any.
    via: Option<usize>,
    /// Whether that transient is used elsewhere (and must still be written).
    keep: bool,
    out: String,
    input: String,
    /// Casts (`dace.float64`) applied to the value on its way, in order.
    casts: Vec<String>,
}

fn python(state: &State, n: usize) -> Option<(&str, Vec<Stmt>)> {
    match &state.nodes.get(n)?.kind {
        NodeKind::Tasklet { code } if code.language == "Python" && !code.code.contains("decltype") => {
            Some((code.code.as_str(), tasklet::parse(&code.code).ok()?))
        }
        _ => None,
    }
}

fn fusible(sdfg: &Sdfg, path: &StatePath, state: &State, t1: usize) -> Option<Fusion> {
    let (_, code1) = python(state, t1)?;
    let n1 = &state.nodes[t1];
    let outs: Vec<&DataEdge> = state.edges.iter().filter(|e| e.src == t1).collect();
    let [e1] = outs.as_slice() else { return None };
    let out = e1.src_conn.clone()?;
    if n1.out_connectors.len() != 1 || n1.has_in_connector(&out) || !plain_edge(e1) {
        return None;
    }
    let mut casts = Vec::new();
    push_cast(&mut casts, connector_type(&n1.out_connectors, &out)?)?;
    let (via, e2) = match &state.nodes[e1.dst].kind {
        NodeKind::Access { data, .. } => {
            let desc = sdfg.container(data)?;
            let one = desc.shape.iter().all(|s| s.as_int() == Some(1));
            if !desc.transient || !is_plain(sdfg, data) || !one || state.edges.iter().any(|e| e.dst == e1.dst && e.src != t1) {
                return None;
            }
            let reads: Vec<&DataEdge> = state.edges.iter().filter(|e| e.src == e1.dst).collect();
            let [e2] = reads.as_slice() else { return None };
            push_cast(&mut casts, Some(&desc.dtype))?;
            (Some(e1.dst), *e2)
        }
        NodeKind::Tasklet { .. } => (None, *e1),
        _ => return None,
    };
    let t2 = e2.dst;
    let input = e2.dst_conn.clone()?;
    let (_, code2) = python(state, t2)?;
    let n2 = &state.nodes[t2];
    if t2 == t1 || !plain_edge(e2) || state.edges.iter().filter(|e| e.dst == t2 && e.dst_conn.as_deref() == Some(&input)).count() != 1 {
        return None;
    }
    push_cast(&mut casts, connector_type(&n2.in_connectors, &input)?)?;
    // t1 defines its output on every path; t2 only reads its input as a value.
    let defines = code1.iter().any(|s| matches!(s, Stmt::Assign { target: Target::Name { name, .. }, op: None, .. } if *name == out));
    let a1 = tasklet::analyze(&code1);
    let a2 = tasklet::analyze(&code2);
    if !defines || subscripted(&code1, &out) || subscripted(&code2, &input) || a2.writes.contains(&input) {
        return None;
    }
    let conns = |n: &crate::model::Node| n.in_connectors.iter().chain(&n.out_connectors).map(|(c, _)| c.clone()).collect::<BTreeSet<_>>();
    let (c1, c2) = (conns(n1), conns(n2));
    let globals1: BTreeSet<&String> = a1.reads.iter().filter(|r| !c1.contains(*r) && !a1.writes.contains(*r)).collect();
    if globals1.iter().any(|g| c2.contains(*g) || a2.writes.contains(*g) || **g == input) {
        return None;
    }
    let keep = via.is_some_and(|a| access_data(state, a).is_some_and(|d| super::use_index::UseIndex::new(sdfg).used_elsewhere(d, path, a)));
    if writes_before(sdfg, state, t1, t2) {
        return None;
    }
    Some(Fusion { t2, via, keep, out, input, casts })
}

fn plain_edge(e: &DataEdge) -> bool {
    e.memlet.wcr.is_none() && !e.memlet.dynamic && e.memlet.other_subset.is_none()
}

/// The declared type of a connector: `Some(None)` when untyped, `None`
/// when the connector is missing.
fn connector_type<'a>(conns: &'a [crate::model::Connector], name: &str) -> Option<Option<&'a DType>> {
    conns.iter().find(|(c, _)| c == name).map(|(_, t)| t.as_ref())
}

/// Adds the cast to a scalar type (none for untyped); other types refuse.
fn push_cast(casts: &mut Vec<String>, ty: Option<&DType>) -> Option<()> {
    match ty {
        None => Some(()),
        Some(DType::Scalar(t)) => {
            let name = if t.name() == "bool" { "dace.bool_".to_string() } else { format!("dace.{}", t.name()) };
            if casts.last() != Some(&name) {
                casts.push(name);
            }
            Some(())
        }
        Some(_) => None,
    }
}

/// Whether `name` is indexed anywhere (read or assigned).
fn subscripted(stmts: &[Stmt], name: &str) -> bool {
    fn expr(e: &Expr, name: &str) -> bool {
        match e {
            Expr::Subscript { value, indices, .. } => value == name || indices.iter().any(|i| expr(i, name)),
            Expr::Unary { operand, .. } => expr(operand, name),
            Expr::Binary { left, right, .. } => expr(left, name) || expr(right, name),
            Expr::Compare { operands: v, .. } | Expr::BoolOp { values: v, .. } | Expr::Call { args: v, .. } => {
                v.iter().any(|x| expr(x, name))
            }
            Expr::IfExp { test, body, orelse, .. } => expr(test, name) || expr(body, name) || expr(orelse, name),
            _ => false,
        }
    }
    stmts.iter().any(|s| match s {
        Stmt::Assign { target, value, .. } => {
            let t = match target {
                Target::Subscript { name: n, indices, .. } => n == name || indices.iter().any(|i| expr(i, name)),
                Target::Name { .. } => false,
            };
            t || expr(value, name)
        }
        Stmt::If { branches, orelse, .. } => {
            branches.iter().any(|(c, b)| expr(c, name) || subscripted(b, name)) || subscripted(orelse, name)
        }
        Stmt::Pass(_) => false,
    })
}

/// Whether something ordered before `t2` but not before `t1` writes data
/// `t1` reads: the fused tasklet reads at `t2`'s place.
fn writes_before(sdfg: &Sdfg, state: &State, t1: usize, t2: usize) -> bool {
    let read: Vec<&str> = state.edges.iter().filter(|e| e.dst == t1).filter_map(|e| e.memlet.data.as_deref()).collect();
    let before1 = reachable(state, t1, false);
    let before2 = reachable(state, t2, false);
    let indirect = read.iter().any(|d| !is_plain(sdfg, d));
    state.edges.iter().any(|e| {
        if e.dst >= before2.len() || !before2[e.dst] || e.src == t1 || before1.get(e.src).copied().unwrap_or(true) {
            return false;
        }
        let written = match &state.nodes[e.dst].kind {
            NodeKind::Access { data, .. } => Some(data.as_str()),
            NodeKind::MapExit { .. } | NodeKind::ConsumeExit { .. } => e.memlet.data.as_deref(),
            _ => None,
        };
        written.is_some_and(|w| indirect || read.contains(&w) || !is_plain(sdfg, w))
    })
}

/// Code without its common leading indentation.
fn dedent(code: &str) -> String {
    let lines: Vec<&str> = code.lines().filter(|l| !l.trim().is_empty()).collect();
    let indent = lines.iter().map(|l| l.len() - l.trim_start().len()).min().unwrap_or(0);
    lines.iter().map(|l| l.get(indent..).unwrap_or(l.trim_start())).collect::<Vec<_>>().join("\n")
}

fn fuse(state: &mut State, t1: usize, f: &Fusion) -> Result<(), String> {
    let (NodeKind::Tasklet { code: code1 }, NodeKind::Tasklet { code: code2 }) = (&state.nodes[t1].kind, &state.nodes[f.t2].kind)
    else {
        return Err("match is not a pair of tasklets".into());
    };
    let (s1, s2) = (tasklet::parse(&code1.code).map_err(|e| e.to_string())?, tasklet::parse(&code2.code).map_err(|e| e.to_string())?);
    let (a1, a2) = (tasklet::analyze(&s1), tasklet::analyze(&s2));
    let (n1, n2) = (&state.nodes[t1], &state.nodes[f.t2]);
    // Every name either tasklet knows; t1's connectors and locals that t2
    // also knows get fresh ones.
    let mut taken: BTreeSet<String> = a1.reads.iter().chain(&a1.writes).chain(&a2.reads).chain(&a2.writes).cloned().collect();
    taken.extend(n1.in_connectors.iter().chain(&n1.out_connectors).chain(&n2.in_connectors).chain(&n2.out_connectors).map(|(c, _)| c.clone()));
    let known2: BTreeSet<&String> = a2.reads.iter().chain(&a2.writes).chain(n2.in_connectors.iter().chain(&n2.out_connectors).map(|(c, _)| c)).collect();
    let mut rename: HashMap<String, String> = HashMap::new();
    let own: BTreeSet<String> = n1.in_connectors.iter().map(|(c, _)| c.clone()).chain(a1.writes.iter().cloned()).collect();
    for name in own {
        if known2.contains(&name) || name == f.input {
            let fresh = (1..).map(|k| format!("{name}_{k}")).find(|c| !taken.contains(c)).unwrap_or_default();
            taken.insert(fresh.clone());
            rename.insert(name, fresh);
        }
    }
    let renamed = |c: &str| rename.get(c).cloned().unwrap_or_else(|| c.to_string());
    let first = tasklet::replace_names(&code1.code, &rename).map_err(|e| e.to_string())?;
    let mut value = renamed(&f.out);
    for cast in &f.casts {
        value = format!("{cast}({value})");
    }
    let code = format!("{}\n{} = {value}\n{}", dedent(&first), f.input, dedent(&code2.code));
    let mut ins: Vec<_> = n1.in_connectors.iter().map(|(c, t)| (renamed(c), t.clone())).collect();
    ins.extend(n2.in_connectors.iter().filter(|(c, _)| *c != f.input).cloned());
    let mut outs = n2.out_connectors.clone();
    let out_type = n1.out_connectors.iter().find(|(c, _)| *c == f.out).and_then(|(_, t)| t.clone());
    if f.keep {
        outs.push((renamed(&f.out), out_type));
    }
    let node = &mut state.nodes[f.t2];
    node.kind = NodeKind::Tasklet { code: crate::model::CodeBlock::python(code) };
    node.in_connectors = ins;
    node.out_connectors = outs;
    // t1's inputs now enter the fused tasklet; its output leaves it.
    let via = f.via.unwrap_or(usize::MAX);
    let mut gone = vec![t1];
    state.edges.retain(|e| !(e.dst == f.t2 && e.dst_conn.as_deref() == Some(&f.input) && (e.src == via || e.src == t1)));
    for e in &mut state.edges {
        if e.dst == t1 {
            e.dst = f.t2;
            e.dst_conn = e.dst_conn.as_deref().map(renamed);
        }
        if e.src == t1 {
            e.src = f.t2;
            e.src_conn = e.src_conn.as_deref().map(renamed);
        }
    }
    if f.via.is_some() && !f.keep {
        state.edges.retain(|e| e.src != via && e.dst != via);
        gone.push(via);
    }
    remove_nodes(state, &gone);
    Ok(())
}
