//! What InLocalStorage, OutLocalStorage and AccumulateTransient share: the
//! region an inner map touches through one connector, a shape for a local
//! copy of it that does not vary between outer iterations, new transients,
//! and the connector edges between two nested map entries or exits.

use super::array_copy::{memlet_tree, movable, move_tree, Embedding};
use super::uses::full_subset;
use crate::model::conn;
use crate::model::dataflow::Dataflow;
use crate::model::{scope, DataDesc, DataKind, Lifetime, MapScope, Memlet, NodeKind, Schedule, Sdfg, State, Storage};
use crate::symbolic::{Dim, Expr, Subset};
use std::collections::BTreeSet;

/// An edge between two nested scope nodes that a local copy can sit on:
/// `outer[OUT_c] -> inner[IN_c]` (entries) or `inner[OUT_c] -> outer[IN_c]` (exits).
pub struct Link {
    pub edge: usize,
    pub data: String,
    /// The map entry of the inner map.
    pub inner: usize,
    /// The map entry of the outer map.
    pub outer: usize,
}

/// The data edges between the scope nodes `a -> b` that carry plain data,
/// where `b`'s map (`entries`) or `a`'s map (exits) is nested directly in
/// the other one. `wcr` selects edges with or without write-conflict resolution.
pub fn links(sdfg: &Sdfg, state: &State, b: usize, entries: bool, wcr: bool) -> Vec<Link> {
    let mut out = Vec::new();
    let Ok(parents) = scope::scope_parents(state) else { return out };
    for (i, e) in state.edges.iter().enumerate().filter(|(_, e)| e.dst == b) {
        let (inner, outer) = match (&state.nodes[e.src].kind, &state.nodes[b].kind) {
            (NodeKind::MapEntry { .. }, NodeKind::MapEntry { .. }) if entries => (b, e.src),
            (NodeKind::MapExit { entry: ie }, NodeKind::MapExit { entry: oe }) if !entries => (*ie, *oe),
            _ => continue,
        };
        let conns = (e.src_conn.as_deref().and_then(conn::out_base), e.dst_conn.as_deref().and_then(conn::in_base));
        let m = &e.memlet;
        let plain = m.data.as_deref().is_some_and(|d| sdfg.container(d).is_some_and(|c| matches!(c.kind, DataKind::Array | DataKind::Scalar)));
        if parents[inner] != Some(outer) || !matches!(conns, (Some(_), Some(_))) || !plain || m.other_subset.is_some() || m.wcr.is_some() != wcr {
            continue;
        }
        out.push(Link { edge: i, data: m.data.clone().unwrap_or_default(), inner, outer });
    }
    out
}

/// Parameters of the maps around node `n` (its own map's included if it
/// is an entry), with the symbols their dynamic range inputs define.
pub fn scope_params(state: &State, n: usize) -> BTreeSet<String> {
    let parents = scope::scope_parents(state).unwrap_or_else(|_| vec![None; state.nodes.len()]);
    let mut out = BTreeSet::new();
    let mut at = Some(n);
    while let Some(p) = at {
        if let NodeKind::MapEntry { map, .. } = &state.nodes[p].kind {
            out.extend(map.params.iter().cloned());
        }
        out.extend(conn::plain_inputs(&state.nodes[p]).map(str::to_string));
        at = parents[p];
    }
    out
}

/// The elements memlet subset `w` reaches as `map`'s parameters run over
/// its range, when each dimension is `p + c` for one parameter of step 1
/// or free of them; exact, not a bound.
pub fn image(w: &Subset, map: &MapScope) -> Option<Subset> {
    let mut dims = Vec::new();
    for d in w.dims() {
        if !d.is_index() {
            return None;
        }
        let used: Vec<usize> = (0..map.params.len()).filter(|&k| d.start.free_symbols().contains(&map.params[k])).collect();
        match used.as_slice() {
            [] => dims.push(d.clone()),
            [k] => {
                let r = map.range.dims().get(*k)?;
                let c = d.start.sub(&Expr::sym(&map.params[*k])).simplify();
                if c.free_symbols().iter().any(|s| map.params.contains(s)) || r.step.as_int() != Some(1) || r.tile.as_int() != Some(1) {
                    return None;
                }
                dims.push(Dim::range(r.start.add(&c), r.end.add(&c)));
            }
            _ => return None,
        }
    }
    Some(Subset::Range(dims))
}

/// The smallest box holding both, when their bounds differ by constants.
pub fn union(a: &Subset, b: &Subset) -> Option<Subset> {
    if a.dims().len() != b.dims().len() {
        return None;
    }
    let pick = |x: &Expr, y: &Expr, low: bool| -> Option<Expr> {
        let d = y.sub(x).simplify().as_int()?;
        Some(if (d < 0) == low { y.clone() } else { x.clone() })
    };
    let dims = a.dims().iter().zip(b.dims()).map(|(x, y)| Some(Dim::range(pick(&x.start, &y.start, true)?, pick(&x.end, &y.end, false)?)));
    dims.collect::<Option<Vec<_>>>().map(Subset::Range)
}

/// An extent for a local copy of `d` that none of `params` changes: the
/// exact one, or where the end is (plus terms) a `Min`, the bound one of
/// its arguments gives (a tile is never larger than its nominal size).
pub fn fixed_extent(d: &Dim, params: &BTreeSet<String>) -> Option<Expr> {
    let fixed = |e: &Expr| e.free_symbols().is_disjoint(params);
    let exact = d.num_elements().simplify();
    if fixed(&exact) {
        return Some(exact);
    }
    if d.step.as_int() != Some(1) || d.tile.as_int() != Some(1) {
        return None;
    }
    upper_bounds(&d.end).into_iter().map(|a| a.sub(&d.start).add(&Expr::int(1)).simplify()).find(|n| fixed(n) && n.as_int().is_none_or(|v| v > 0))
}

/// Expressions no smaller than `e`: `e` with a `Min` it is or has as a
/// term replaced by each of its arguments.
fn upper_bounds(e: &Expr) -> Vec<Expr> {
    match e {
        Expr::Call(f, args) if f == "Min" => args.clone(),
        Expr::Add(terms) => {
            let Some(k) = terms.iter().position(|t| matches!(t, Expr::Call(f, _) if f == "Min")) else { return vec![] };
            let Expr::Call(_, args) = &terms[k] else { return vec![] };
            args.iter()
                .map(|a| {
                    let mut t = terms.clone();
                    t[k] = a.clone();
                    Expr::Add(t).simplify()
                })
                .collect()
        }
        _ => vec![],
    }
}

/// Adds a transient array named after `base` (unused name) and returns its name.
pub fn add_transient(sdfg: &mut Sdfg, base: &str, like: &DataDesc, shape: Vec<Expr>) -> String {
    let mut name = format!("trans_{base}");
    let mut k = 0;
    while sdfg.container(&name).is_some() || sdfg.symbols.iter().any(|(s, _)| *s == name) {
        name = format!("trans_{base}_{k}");
        k += 1;
    }
    let desc = DataDesc {
        kind: DataKind::Array,
        dtype: like.dtype.clone(),
        shape,
        strides: None,
        offset: None,
        total_size: None,
        transient: true,
        storage: Storage::Default,
        lifetime: Lifetime::Scope,
        buffer_size: None,
        optional: None,
        extra: Default::default(),
        loc: like.loc.clone(),
    };
    sdfg.containers.push((name.clone(), desc));
    name
}

/// The memlet tree below (entries) or above (exits) `edge`, without it,
/// when it can move to a local copy: tasklets and access nodes at its ends.
pub fn inner_tree(state: &State, edge: usize, entries: bool, data: &str) -> Option<Vec<usize>> {
    let (edges, leaves) = memlet_tree(&Dataflow::new(state), edge, !entries)?;
    let emb = Embedding::Offset(vec![]);
    let rest: Vec<usize> = edges.into_iter().filter(|&i| i != edge).collect();
    let ok = !rest.is_empty() && movable(state, &rest, &leaves, data, &emb, false);
    let leaves_ok = leaves.iter().all(|&n| matches!(state.nodes[n].kind, NodeKind::Tasklet { .. } | NodeKind::Access { .. }));
    (ok && leaves_ok).then_some(rest)
}

/// The memlet subsets of the tree edges naming `data` that touch a leaf.
pub fn leaf_subsets(state: &State, tree: &[usize], data: &str, shape: &[Expr]) -> Vec<Subset> {
    let scope_node = |n: usize| matches!(state.nodes[n].kind, NodeKind::MapEntry { .. } | NodeKind::MapExit { .. });
    tree.iter()
        .map(|&i| &state.edges[i])
        .filter(|e| !(scope_node(e.src) && scope_node(e.dst)) && e.memlet.data.as_deref() == Some(data))
        .map(|e| e.memlet.subset.clone().unwrap_or_else(|| full_subset(shape)))
        .collect()
}

/// Moves the tree from `data` to `local`, whose element 0 is `start` of `data`.
pub fn move_to_local(state: &mut State, tree: &[usize], data: &str, local: &str, shape: &[Expr], start: &[Expr]) -> Result<(), String> {
    let emb = Embedding::Offset(start.iter().map(|s| s.neg()).collect());
    move_tree(state, tree, data, local, shape, &emb)?;
    for &i in tree {
        let m = &mut state.edges[i].memlet;
        for s in m.subset.iter_mut().chain(m.other_subset.iter_mut()) {
            *s = Subset::Range(s.dims().iter().map(|d| Dim::new(d.start.clone(), d.end.clone(), d.step.clone(), d.tile.clone())).collect());
        }
    }
    Ok(())
}

/// The region `0:n` of a local copy for each extent of `region`.
pub fn local_region(region: &Subset) -> Subset {
    Subset::Range(region.dims().iter().map(|d| Dim::range(Expr::int(0), d.num_elements().sub(&Expr::int(1)))).collect())
}

/// A memlet of `data` over `subset`, copying from or to `other`.
pub fn copy_memlet(data: &str, subset: Subset, other: Option<Subset>) -> Memlet {
    Memlet { data: Some(data.to_string()), subset: Some(subset), other_subset: other, ..Default::default() }
}

/// Inside the scope of map entry `entry` (its exit included): whether an
/// access node of `data`, a view or a reference is there, and whether an
/// edge into an access node or a scope exit writes `data`.
pub fn touched_in_scope(sdfg: &Sdfg, state: &State, entry: usize, data: &str) -> (bool, bool) {
    let Ok(parents) = scope::scope_parents(state) else { return (true, true) };
    let Some(exit) = state.nodes[entry].kind.scope_exit() else { return (true, true) };
    let body = super::scope_subst::inside(&parents, entry);
    let indirect = |d: &str| sdfg.container(d).is_none_or(|c| matches!(c.kind, DataKind::View | DataKind::Reference));
    let access = body.iter().any(|&n| super::uses::access_data(state, n).is_some_and(|d| d == data || indirect(d)));
    let write = state.edges.iter().any(|e| {
        let into_body = body.contains(&e.dst) || e.dst == exit;
        let sink = matches!(state.nodes[e.dst].kind, NodeKind::Access { .. } | NodeKind::MapExit { .. } | NodeKind::ConsumeExit { .. });
        into_body && sink && e.memlet.data.as_deref() == Some(data)
    });
    (access, write)
}

/// A new access node of `data` with `like`'s location.
pub fn access_node(data: &str, loc: &crate::model::Loc) -> crate::model::Node {
    crate::model::Node {
        label: data.to_string(),
        kind: NodeKind::Access { data: data.to_string(), setzero: false },
        in_connectors: vec![],
        out_connectors: vec![],
        extra: Default::default(),
        loc: loc.clone(),
    }
}

/// `array=NAME`, checked against the data the match offers.
pub fn chosen<'a>(options: &'a super::Options, offered: &[String], what: &str) -> Result<Option<&'a str>, String> {
    match options.get("array") {
        Some(a) if !offered.iter().any(|d| d == a) => {
            Err(format!("array={a}: no such {what} here (candidates: {})", offered.join(", ")))
        }
        a => Ok(a),
    }
}

/// Applies at the first match offering `array=NAME` (or any) until none is
/// left: a match without that array would otherwise stay the first forever.
pub fn apply_where_offered(
    t: &dyn super::Transformation,
    sdfg: &mut Sdfg,
    options: &super::Options,
    limit: usize,
    offered: &dyn Fn(&Sdfg, &super::Match) -> Vec<String>,
) -> Result<usize, String> {
    let mut count = 0;
    while count < limit {
        let want = options.get("array");
        let next = t.matches(sdfg).into_iter().find(|m| want.is_none_or(|a| offered(sdfg, m).iter().any(|d| d == a)));
        let Some(m) = next else { break };
        t.apply(sdfg, &m, options)?;
        count += 1;
    }
    Ok(count)
}

/// One local copy to make: the link edge, its data, the memlet tree that
/// moves to the copy, the region copied and the copy's shape.
pub struct Plan {
    pub edge: usize,
    pub data: String,
    pub tree: Vec<usize>,
    pub region: Subset,
    pub shape: Vec<Expr>,
}

/// The region the tree's leaf memlets reach over the inner map's range
/// (when they all sit directly in it), else the link memlet's own subset;
/// with a shape for it that no outer parameter changes.
pub fn region_and_shape(state: &State, link: &Link, tree: &[usize], shape: &[Expr], entries: bool) -> Option<(Subset, Vec<Expr>)> {
    let NodeKind::MapEntry { map, exit } = &state.nodes[link.inner].kind else { return None };
    // Symbols from dynamic range inputs are defined only inside the map.
    if super::map_expansion::has_dynamic_inputs(&state.nodes[link.inner]) {
        return None;
    }
    let direct = tree.iter().all(|&i| if entries { state.edges[i].src == link.inner } else { state.edges[i].dst == *exit });
    let tight = direct
        .then(|| leaf_subsets(state, tree, &link.data, shape).iter().map(|s| image(s, map)).collect::<Option<Vec<_>>>())
        .flatten()
        .and_then(|v| v.into_iter().try_fold(None, |acc: Option<Subset>, s| Some(Some(match acc { None => s, Some(a) => union(&a, &s)? }))))
        .flatten();
    let region = match tight {
        Some(r) => r,
        None => state.edges[link.edge].memlet.subset.clone().unwrap_or_else(|| full_subset(shape)),
    };
    let params = scope_params(state, link.outer);
    let unit = region.dims().iter().all(|d| d.step.as_int() == Some(1) && d.tile.as_int() == Some(1));
    let inner_free = region.free_symbols().is_disjoint(&map.params.iter().cloned().collect());
    let local: Vec<Expr> = region.dims().iter().map(|d| fixed_extent(d, &params)).collect::<Option<_>>()?;
    (unit && inner_free && region.dims().len() == shape.len()).then_some((region, local))
}

/// Writes `value` to every element of `region` of `data` (one tasklet, or
/// a sequential map over the region), inside the scope of map entry
/// `scope` or at top level; returns the access node it writes.
pub fn init_region(state: &mut State, data: &str, region: &Subset, value: &str, scope: Option<usize>, loc: &crate::model::Loc) -> usize {
    use crate::model::{CodeBlock, DataEdge, Node};
    let node = |label: &str, kind: NodeKind, ins: &[&str], outs: &[&str]| Node::new(label, kind, ins, outs, loc);
    let edge = |src: usize, sc: Option<&str>, dst: usize, dc: Option<&str>, memlet: Memlet| DataEdge {
        src,
        src_conn: sc.map(str::to_string),
        dst,
        dst_conn: dc.map(str::to_string),
        memlet,
        loc: loc.clone(),
    };
    let written = |subset: Subset| Memlet { data: Some(data.to_string()), subset: Some(subset), ..Default::default() };
    let access = state.nodes.len();
    state.nodes.push(access_node(data, loc));
    let code = || NodeKind::Tasklet { code: CodeBlock::python(format!("__out = {value}")) };
    let first = state.nodes.len();
    if region.dims().iter().all(|d| d.num_elements().simplify().as_int() == Some(1)) {
        state.nodes.push(node("init", code(), &[], &["__out"]));
        let at = Subset::Range(region.dims().iter().map(|d| Dim::index(d.start.clone())).collect());
        state.edges.push(edge(first, Some("__out"), access, None, written(at)));
    } else {
        let params: Vec<String> = (0..region.dims().len()).map(|k| format!("__init{k}")).collect();
        let map = MapScope { params: params.clone(), range: region.clone(), schedule: Schedule::Sequential };
        let (e, x, t) = (first, first + 1, first + 2);
        let (pass_in, pass_out) = (conn::in_conn("__out"), conn::out_conn("__out"));
        state.nodes.push(node("init", NodeKind::MapEntry { map, exit: x }, &[], &[]));
        state.nodes.push(node("init", NodeKind::MapExit { entry: e }, &[pass_in.as_str()], &[pass_out.as_str()]));
        state.nodes.push(node("init", code(), &[], &["__out"]));
        state.edges.push(edge(e, None, t, None, Memlet::default()));
        let at = Subset::Range(params.iter().map(|p| Dim::index(Expr::sym(p))).collect());
        state.edges.push(edge(t, Some("__out"), x, Some(pass_in.as_str()), written(at)));
        state.edges.push(edge(x, Some(pass_out.as_str()), access, None, written(region.clone())));
    }
    if let Some(s) = scope {
        state.edges.push(edge(s, None, first, None, Memlet::default()));
    }
    access
}
