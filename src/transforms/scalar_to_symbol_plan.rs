//! The matcher of ScalarToSymbolPromotion: whether every access to one
//! scalar fits (see `scalar_to_symbol.rs` for the rules), and what to
//! remove, rewrite and assign when it is promoted.

use super::scalar_to_symbol_code::{reader_accepts, single_assignment, to_symbolic, Kind, Typed};
use super::StatePath;
use crate::model::{scope, DType, DataKind, Memlet, NodeKind, ScalarType, Sdfg, State};
use crate::symbolic::{Expr, Subset};
use std::collections::{HashMap, HashSet};

/// What the matcher needs to know about a state, computed once.
pub struct StateInfo {
    ins: Vec<Vec<usize>>,
    outs: Vec<Vec<usize>>,
    /// `None` when the state has no valid scope tree.
    parents: Option<Vec<Option<usize>>>,
    /// Data of access nodes with inputs.
    written: HashSet<String>,
    /// Whether a view, reference or unknown container is written (it may
    /// write anything).
    indirect: bool,
}

impl StateInfo {
    pub fn new(sdfg: &Sdfg, state: &State) -> StateInfo {
        let (ins, outs) = scope::adjacency(state);
        let mut written = HashSet::new();
        let mut indirect = false;
        for (i, n) in state.nodes.iter().enumerate() {
            if let NodeKind::Access { data, .. } = &n.kind {
                if !ins[i].is_empty() {
                    written.insert(data.clone());
                    indirect |= sdfg.container(data).is_none_or(|c| matches!(c.kind, DataKind::View | DataKind::Reference));
                }
            }
        }
        StateInfo { parents: scope::scope_parents(state).ok(), ins, outs, written, indirect }
    }
}

/// A promotion of one scalar.
pub struct Plan {
    pub scalar: String,
    pub defs: Vec<Def>,
    pub reads: Vec<Read>,
    /// Every access node of the scalar: (state, node).
    pub nodes: Vec<(usize, usize)>,
}

/// A write of the scalar: its state, access node and value; the edges and
/// tasklet that go, and the source access nodes that go once unconnected.
pub struct Def {
    pub state: usize,
    pub write: usize,
    pub tasklet: Option<usize>,
    pub edges: Vec<usize>,
    pub sources: Vec<usize>,
    pub value: Expr,
}

/// An edge from the scalar into connector `conn` of a tasklet.
pub struct Read {
    pub state: usize,
    pub edge: usize,
    pub tasklet: usize,
    pub conn: String,
}

/// The plan for `scalar`, whose access nodes are `nodes`; `None` if any
/// access does not fit.
pub fn plan(
    sdfg: &Sdfg,
    scalar: &str,
    nodes: &[(usize, usize)],
    states: &[(StatePath, &State)],
    infos: &[Option<StateInfo>],
) -> Option<Plan> {
    let truth = matches!(sdfg.container(scalar)?.dtype, DType::Scalar(ScalarType::Bool));
    let mut p = Plan { scalar: scalar.to_string(), defs: Vec::new(), reads: Vec::new(), nodes: nodes.to_vec() };
    let mut k_start = 0;
    while k_start < nodes.len() {
        let k = nodes[k_start].0;
        let in_state: Vec<usize> = nodes[k_start..].iter().take_while(|(s, _)| *s == k).map(|(_, n)| *n).collect();
        k_start += in_state.len();
        let (state, info) = (states[k].1, infos[k].as_ref()?);
        let parents = info.parents.as_ref()?;
        if in_state.iter().any(|&n| parents[n].is_some()) {
            return None;
        }
        let writes: Vec<usize> = in_state.iter().copied().filter(|&n| !info.ins[n].is_empty()).collect();
        let def = match writes.as_slice() {
            [] => None,
            [w] => Some(definition(sdfg, state, info, scalar, *w, k)?),
            _ => return None,
        };
        let defining = def.as_ref().and_then(|d| d.tasklet);
        for &n in &in_state {
            for &e in &info.outs[n] {
                let edge = &state.edges[e];
                if Some(edge.dst) == defining && info.ins[n].is_empty() {
                    continue;
                }
                // The old value, read beside the write, would become the new one.
                if def.is_some() && info.ins[n].is_empty() {
                    return None;
                }
                let conn = edge.dst_conn.clone()?;
                let reader = &state.nodes[edge.dst];
                let NodeKind::Tasklet { code } = &reader.kind else { return None };
                let clash = reader.in_connectors.iter().chain(&reader.out_connectors).any(|(c, _)| c == scalar && *c != conn);
                if code.language != "Python"
                    || clash
                    || !plain(&edge.memlet, scalar)
                    || !reader_accepts(&code.code, &conn, scalar, truth)
                {
                    return None;
                }
                p.reads.push(Read { state: k, edge: e, tasklet: edge.dst, conn });
            }
        }
        p.defs.extend(def);
    }
    (!p.defs.is_empty()).then_some(p)
}

/// A single-element, non-dynamic memlet of `data` without WCR.
fn plain(m: &Memlet, data: &str) -> bool {
    m.data.as_deref() == Some(data) && m.wcr.is_none() && !m.dynamic && m.other_subset.is_none()
}

/// The write of `scalar` at access node `w`, if it fits.
fn definition(sdfg: &Sdfg, state: &State, info: &StateInfo, scalar: &str, w: usize, k: usize) -> Option<Def> {
    let [ein] = info.ins[w].as_slice() else { return None };
    let edge = &state.edges[*ein];
    let m = &edge.memlet;
    if m.wcr.is_some() || m.dynamic || m.data.is_none() {
        return None;
    }
    let src = edge.src;
    // Data read at the start of the state: not written in it.
    let unchanged = |data: &str| data == scalar || (!info.written.contains(data) && !info.indirect);
    match &state.nodes[src].kind {
        NodeKind::Access { data, .. } => {
            let sub = if m.data.as_deref() == Some(data.as_str()) { m.subset.as_ref() } else { m.other_subset.as_ref() };
            let storage = |d: &str| sdfg.container(d).map(|c| c.storage);
            if data == scalar || !info.ins[src].is_empty() || !unchanged(data) || storage(data) != storage(scalar) {
                return None;
            }
            let (value, kind) = element(sdfg, data, sub)?;
            if kind == Kind::Float {
                return None;
            }
            Some(Def { state: k, write: w, tasklet: None, edges: vec![*ein], sources: vec![src], value })
        }
        NodeKind::Tasklet { code } if code.language == "Python" => {
            let t = &state.nodes[src];
            let out = edge.src_conn.as_deref()?;
            let side_effects = t.extra.get("side_effects").is_some_and(|v| v.as_bool() != Some(false));
            if info.outs[src].len() != 1 || t.out_connectors.len() != 1 || side_effects || m.data.as_deref() != Some(scalar) {
                return None;
            }
            let rhs = single_assignment(&code.code, out)?;
            let mut inputs: HashMap<String, Typed> = HashMap::new();
            let mut sources = Vec::new();
            for &ie in &info.ins[src] {
                let e = &state.edges[ie];
                let NodeKind::Access { data, .. } = &state.nodes[e.src].kind else { return None };
                if !info.ins[e.src].is_empty() || !unchanged(data) || e.memlet.data.as_deref() != Some(data.as_str()) {
                    return None;
                }
                if e.memlet.wcr.is_some() || e.memlet.dynamic || e.memlet.other_subset.is_some() {
                    return None;
                }
                let v = element(sdfg, data, e.memlet.subset.as_ref())?;
                if inputs.insert(e.dst_conn.clone()?, v).is_some() {
                    return None;
                }
                sources.push(e.src);
            }
            if t.in_connectors.iter().any(|(c, _)| !inputs.contains_key(c)) {
                return None;
            }
            let symbol = |name: &str| {
                let t = sdfg.symbol_type(name)?;
                sdfg.container(name).is_none().then_some(t == ScalarType::Bool)
            };
            let (value, kind) = to_symbolic(&rhs, &inputs, &symbol)?;
            if kind == Kind::Float {
                return None;
            }
            let mut edges = info.ins[src].clone();
            edges.push(*ein);
            Some(Def { state: k, write: w, tasklet: Some(src), edges, sources, value })
        }
        _ => None,
    }
}

/// One element of a scalar or array of signed integers, truth values or
/// floats, as an expression.
fn element(sdfg: &Sdfg, data: &str, subset: Option<&Subset>) -> Option<Typed> {
    let d = sdfg.container(data)?;
    let kind = match d.dtype {
        DType::Scalar(ScalarType::I64) => Kind::Wide,
        DType::Scalar(ScalarType::I8 | ScalarType::I16 | ScalarType::I32) => Kind::Narrow,
        DType::Scalar(ScalarType::Bool) => Kind::Truth,
        DType::Scalar(ScalarType::F32 | ScalarType::F64) => Kind::Float,
        _ => return None,
    };
    match d.kind {
        DataKind::Scalar => Some((Expr::sym(data), kind)),
        DataKind::Array => {
            let dims = subset?.dims();
            if dims.len() != d.shape.len() || !dims.iter().all(|x| x.is_index()) {
                return None;
            }
            Some((Expr::index(data, dims.iter().map(|x| x.start.clone()).collect()), kind))
        }
        _ => None,
    }
}
