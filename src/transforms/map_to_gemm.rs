//! MapToGemm: a map nest that accumulates a matrix product element by
//! element becomes one `Gemm` library node (`C = A @ B + C`), which runs as
//! a BLAS call (or the native loop nest with `--no-blas`).
//!
//! ```mlir
//! %e, %x = sdfg.map "mm" ["i", "j", "k"] = 0:M, 0:N, 0:K {
//!   %t = sdfg.tasklet "mul" {code = "c = (a * b)", ins = {a, b}, outs = {c}}
//!   sdfg.memlet %e["OUT_A"] -> %t["a"] {data = "A", subset = #sdfg.range<i, k>}
//!   sdfg.memlet %e["OUT_B"] -> %t["b"] {data = "B", subset = #sdfg.range<k, j>}
//!   sdfg.memlet %t["c"] -> %x["IN_C"] {data = "C", subset = #sdfg.range<i, j>, wcr = #sdfg.wcr<Sum, "...">}
//! }
//! ```
//! becomes
//! ```mlir
//! %g = sdfg.library "gemm" "dace.libraries.blas.nodes.gemm.Gemm" {beta = 1, ...}
//! sdfg.memlet %A -> %g["_a"] {data = "A", subset = #sdfg.range<0:M, 0:K>}
//! sdfg.memlet %B -> %g["_b"] {data = "B", subset = #sdfg.range<0:K, 0:N>}
//! sdfg.memlet %C_in -> %g["_cin"] {data = "C", subset = #sdfg.range<0:M, 0:N>}
//! sdfg.memlet %g["_c"] -> %C {data = "C", subset = #sdfg.range<0:M, 0:N>}
//! ```
//! The nest is one map with three parameters or maps nested one in the
//! other (as map expansion or WCR tiling leave them), around one Python
//! tasklet `c = a * b`. Preconditions: the outermost map is at top level,
//! ranges have unit steps and no dynamic inputs; every index of `A`, `B`
//! and `C` is a parameter, `C` takes two of them with a sum WCR and each
//! input one of those and the third (either order: transposed operands);
//! `A`, `B` and `C` are distinct from each other in kind only (`A` may be
//! `B`, neither is `C`), plain float32 or float64 arrays of one type in
//! host memory; no other node of the state touches `C`, and nothing else
//! enters or leaves the nest. `C` keeps what it held and gains the product,
//! as the WCR did.

use super::map_collapse::remove_nodes;
use super::map_expansion::has_dynamic_inputs;
use super::uses::{access_data, is_plain, may_alias};
use super::{place, Match, Options, Transformation};
use crate::model::dataflow::Dataflow;
use crate::model::{DType, DataEdge, LibraryNode, Memlet, Node, NodeKind, Schedule, Sdfg, State, Storage};
use crate::scalar::ScalarType;
use crate::symbolic::{Dim, Expr, Subset};
use crate::tasklet::{BinOp, Expr as Code, Stmt, Target};
use crate::tasklet::lambda::Reduction;
use serde_json::{json, Map};

const GEMM: &str = "dace.libraries.blas.nodes.gemm.Gemm";

pub struct MapToGemm;

impl Transformation for MapToGemm {
    fn name(&self) -> &'static str {
        "sdfg-map-to-gemm"
    }

    fn summary(&self) -> &'static str {
        "Replace a map nest that accumulates a matrix product element by element with a Gemm library node"
    }

    fn matches(&self, sdfg: &Sdfg) -> Vec<Match> {
        place::map_matches(sdfg, |site| {
            if site.parents[site.node].is_some() {
                return None;
            }
            let p = product(sdfg, site.scopes.graph(), site.parents, site.node)?;
            let t = |x: bool| if x { "ᵀ" } else { "" };
            let what = format!("{} += {}{} @ {}{}", p.c.data, p.a.data, t(p.a.trans), p.b.data, t(p.b.trans));
            Some(format!("{} ({what})", site.describe_all(sdfg)))
        })
    }

    fn apply(&self, sdfg: &mut Sdfg, m: &Match, _options: &Options) -> Result<(), String> {
        let state = place::state(sdfg, &m.place.state).ok_or("match refers to a missing state")?;
        let parents = crate::model::scope::scope_parents(state)?;
        let p = product(sdfg, &Dataflow::new(state), &parents, m.place.node).ok_or("match no longer applies")?;
        let state = place::state_mut(sdfg, &m.place.state).ok_or("match refers to a missing state")?;
        replace(state, &p)
    }

    fn local_edits(&self) -> bool {
        true
    }
}

/// One operand: where its data comes from (or goes to), the region the
/// product covers, and whether it is read transposed.
struct Operand {
    node: usize,
    data: String,
    subset: Subset,
    trans: bool,
}

struct Product {
    /// The nest's entries, exits and tasklet.
    nest: Vec<usize>,
    a: Operand,
    b: Operand,
    c: Operand,
    label: String,
}

fn product(sdfg: &Sdfg, graph: &Dataflow, parents: &[Option<usize>], entry: usize) -> Option<Product> {
    let state = graph.state();
    // Down the nest: each scope holds exactly the next map or the tasklet.
    let (mut params, mut ranges, mut nest) = (Vec::new(), Vec::new(), Vec::new());
    let mut scope = entry;
    let tasklet = loop {
        let NodeKind::MapEntry { map, exit } = &state.nodes[scope].kind else { return None };
        let cpu = matches!(map.schedule, Schedule::Default | Schedule::Sequential | Schedule::CpuMulticore);
        if !cpu || has_dynamic_inputs(&state.nodes[scope]) || map.has_dependent_ranges() {
            return None;
        }
        for (p, d) in map.params.iter().zip(map.range.dims()) {
            if d.step.as_int() != Some(1) || d.tile.as_int() != Some(1) || params.contains(p) {
                return None;
            }
            params.push(p.clone());
            ranges.push(d.clone());
        }
        nest.extend([scope, *exit]);
        let inner: Vec<usize> = (0..state.nodes.len()).filter(|&n| parents[n] == Some(scope) && n != *exit).collect();
        match inner.as_slice() {
            [n] if matches!(state.nodes[*n].kind, NodeKind::MapEntry { .. }) => scope = *n,
            [n] if matches!(state.nodes[*n].kind, NodeKind::Tasklet { .. }) => break *n,
            _ => return None,
        }
    };
    nest.push(tasklet);
    if params.len() != 3 {
        return None;
    }
    // Exactly two paths in (one per input) and one out, nothing else.
    for &n in &nest {
        let (ins, outs) = (graph.in_edges(n).len(), graph.out_edges(n).len());
        let expected = match state.nodes[n].kind {
            NodeKind::MapEntry { .. } => (2, 2),
            NodeKind::MapExit { .. } => (1, 1),
            _ => (2, 1),
        };
        if (ins, outs) != expected {
            return None;
        }
    }
    let (left, right, out) = multiplication(&state.nodes[tasklet])?;
    let input = |conn: &str| {
        let &[e] = graph.in_edges_at(tasklet, Some(conn)) else { return None };
        let inner = &state.edges[e];
        let outer = path_end(graph, e, true)?;
        Some((inner.memlet.clone(), state.edges[outer].src))
    };
    let (ma, na) = input(&left)?;
    let (mb, nb) = input(&right)?;
    let &[w] = graph.out_edges(tasklet) else { return None };
    if state.edges[w].src_conn.as_deref() != Some(out.as_str()) {
        return None;
    }
    let mc = state.edges[w].memlet.clone();
    let last = path_end(graph, w, false)?;
    let nc = state.edges[last].dst;
    let sum = |m: &Memlet| m.wcr.as_ref().is_some_and(|w| w.kind() == Reduction::Sum);
    if !sum(&mc) || !sum(&state.edges[last].memlet) || mc.dynamic || [&ma, &mb].iter().any(|m| m.wcr.is_some() || m.dynamic) {
        return None;
    }
    let (ia, ib, ic) = (indices(&ma, &params)?, indices(&mb, &params)?, indices(&mc, &params)?);
    let (x, y) = (ic[0], ic[1]);
    let k = (0..3).find(|p| *p != x && *p != y)?;
    // Which input holds the rows of C, and whether it is read transposed.
    let rows = |ix: &[usize]| ix == [x, k] || ix == [k, x];
    let cols = |ix: &[usize]| ix == [k, y] || ix == [y, k];
    let (a, b) = if rows(&ia) && cols(&ib) {
        ((ma, na, ia), (mb, nb, ib))
    } else if rows(&ib) && cols(&ia) {
        ((mb, nb, ib), (ma, na, ia))
    } else {
        return None;
    };
    let region = |ix: &[usize]| Subset::Range(ix.iter().map(|&p| Dim::range(ranges[p].start.clone(), ranges[p].end.clone())).collect());
    let operand = |(m, node, ix): (Memlet, usize, Vec<usize>), transposed: [usize; 2]| -> Option<Operand> {
        let data = m.data?;
        let trans = ix == transposed;
        (access_data(state, node) == Some(data.as_str())).then(|| Operand { node, data, subset: region(&ix), trans })
    };
    let a = operand(a, [k, x])?;
    let b = operand(b, [y, k])?;
    let c = operand((mc, nc, ic), [y, x])?;
    if !same_float_arrays(sdfg, &[&a.data, &b.data, &c.data]) || a.data == c.data || b.data == c.data {
        return None;
    }
    // Nothing else in the state may see C while the product accumulates.
    let others = (0..state.nodes.len()).any(|n| n != nc && may_alias(sdfg, state, n, &c.data));
    if others || graph.in_edges(nc).len() != 1 {
        return None;
    }
    let label = state.nodes[entry].label.clone();
    Some(Product { nest, a, b, c, label })
}

/// The tasklet's code as `out = left * right`, its connectors in order.
fn multiplication(node: &Node) -> Option<(String, String, String)> {
    let NodeKind::Tasklet { code } = &node.kind else { return None };
    if code.language != "Python" || node.in_connectors.len() != 2 || node.out_connectors.len() != 1 {
        return None;
    }
    let stmts = crate::tasklet::parse(&code.code).ok()?;
    let [Stmt::Assign { target: Target::Name { name, .. }, op: None, value, .. }] = stmts.as_slice() else { return None };
    let Code::Binary { op: BinOp::Mul, left, right, .. } = value else { return None };
    let (Code::Name { id: l, .. }, Code::Name { id: r, .. }) = (&**left, &**right) else { return None };
    let ins: Vec<&str> = node.in_connectors.iter().map(|(c, _)| c.as_str()).collect();
    let typed = node.in_connectors.iter().chain(&node.out_connectors).all(|(_, t)| t.is_none());
    let distinct_inputs = l != r && ins.contains(&l.as_str()) && ins.contains(&r.as_str());
    (typed && distinct_inputs && node.out_connectors[0].0 == *name).then(|| (l.clone(), r.clone(), name.clone()))
}

/// The edge at the outer end of the memlet path through the nest's maps:
/// towards the source (`up`) or the destination.
fn path_end(graph: &Dataflow, mut e: usize, up: bool) -> Option<usize> {
    let state = graph.state();
    loop {
        let edge = &state.edges[e];
        let node = if up { edge.src } else { edge.dst };
        let scope = matches!(state.nodes[node].kind, NodeKind::MapEntry { .. } | NodeKind::MapExit { .. });
        if !scope {
            return Some(e);
        }
        let next = if up { graph.through_src(e) } else { graph.through_dst(e) };
        let &[n] = next else { return None };
        e = n;
    }
}

/// Each index of a two-dimensional memlet as the position of the parameter
/// it is (distinct parameters).
fn indices(m: &Memlet, params: &[String]) -> Option<Vec<usize>> {
    let dims = m.subset.as_ref()?.dims();
    let ix: Vec<usize> = dims
        .iter()
        .map(|d| match &d.start {
            Expr::Sym(s) if d.is_index() => params.iter().position(|p| p == s),
            _ => None,
        })
        .collect::<Option<_>>()?;
    (ix.len() == 2 && ix[0] != ix[1]).then_some(ix)
}

/// Whether every name is a plain float32 or float64 array in host memory,
/// all of one type.
fn same_float_arrays(sdfg: &Sdfg, names: &[&str]) -> bool {
    let mut types = names.iter().map(|n| {
        let d = sdfg.container(n)?;
        let host = matches!(d.storage, Storage::Default | Storage::CpuHeap | Storage::CpuPinned);
        let DType::Scalar(t) = d.dtype else { return None };
        (is_plain(sdfg, n) && host && d.shape.len() == 2 && matches!(t, ScalarType::F32 | ScalarType::F64)).then_some(t)
    });
    let Some(Some(first)) = types.next() else { return false };
    types.all(|t| t == Some(first))
}

fn replace(state: &mut State, p: &Product) -> Result<(), String> {
    let loc = state.nodes[p.nest[0]].loc.clone();
    let mut props = Map::new();
    props.insert("beta".into(), json!(1));
    if p.a.trans {
        props.insert("transA".into(), json!(true));
    }
    if p.b.trans {
        props.insert("transB".into(), json!(true));
    }
    let lib = LibraryNode::parse(GEMM.into(), props).map_err(|e| e.to_string())?;
    let label = format!("{}_gemm", p.label);
    state.edges.retain(|e| !p.nest.contains(&e.src) && !p.nest.contains(&e.dst));
    let gemm = state.nodes.len();
    state.nodes.push(Node::new(&label, NodeKind::Library(Box::new(lib)), &["_a", "_b", "_cin"], &["_c"], &loc));
    let c_in = state.nodes.len();
    state.nodes.push(Node::new(&p.c.data, NodeKind::Access { data: p.c.data.clone(), setzero: false }, &[] as &[&str], &[], &loc));
    let memlet = |o: &Operand| Memlet { data: Some(o.data.clone()), subset: Some(o.subset.clone()), ..Default::default() };
    let edge = |src, src_conn: Option<&str>, dst, dst_conn: Option<&str>, o: &Operand| DataEdge {
        src,
        src_conn: src_conn.map(str::to_string),
        dst,
        dst_conn: dst_conn.map(str::to_string),
        memlet: memlet(o),
        loc: loc.clone(),
    };
    let new = [
        edge(p.a.node, None, gemm, Some("_a"), &p.a),
        edge(p.b.node, None, gemm, Some("_b"), &p.b),
        edge(c_in, None, gemm, Some("_cin"), &p.c),
        edge(gemm, Some("_c"), p.c.node, None, &p.c),
    ];
    state.edges.extend(new);
    remove_nodes(state, &p.nest);
    Ok(())
}
