//! Expands `Reduce` library nodes into maps the way DaCe's pure expansion
//! does: an optional map setting the output to the identity, then a map
//! over the kept axes around a map over the reduced axes whose tasklet
//! writes the output with the Reduce's WCR. The lowering computes Reduce
//! itself, so this exists to build expanded reductions from the corpus.

use sdfg_mlir::model::{CodeBlock, DataDesc, DataEdge, DataKind, MapScope, Memlet, Node, NodeKind, Sdfg, State};
use sdfg_mlir::symbolic::{Dim, Expr, Subset};
use sdfg_mlir::transforms::{map_collapse::remove_nodes, place};

/// Expands every Reduce with kept axes (a full reduction would be a single
/// map) in the SDFG's states; returns how many.
pub fn expand_reduces(sdfg: &mut Sdfg) -> usize {
    let mut count = 0;
    let paths: Vec<_> = place::states(sdfg).into_iter().map(|(p, _)| p).collect();
    for path in paths {
        let containers = sdfg.containers.clone();
        let Some(state) = place::state_mut(sdfg, &path) else { continue };
        while let Some(r) = (0..state.nodes.len()).find(|&r| expandable(state, r, &containers).is_some()) {
            let plan = expandable(state, r, &containers).expect("checked");
            expand(state, r, plan);
            count += 1;
        }
    }
    count
}

struct Plan {
    input: usize,
    in_data: String,
    in_range: Vec<Dim>,
    output: usize,
    out_data: String,
    region: Vec<Dim>,
    axes: Vec<usize>,
    wcr: String,
    identity: Option<String>,
}

fn expandable(state: &State, r: usize, containers: &[(String, DataDesc)]) -> Option<Plan> {
    let NodeKind::Library { classpath, properties } = &state.nodes[r].kind else { return None };
    if !classpath.ends_with("Reduce") {
        return None;
    }
    let ins: Vec<&DataEdge> = state.edges.iter().filter(|e| e.dst == r).collect();
    let outs: Vec<&DataEdge> = state.edges.iter().filter(|e| e.src == r).collect();
    let ([i], [o]) = (ins.as_slice(), outs.as_slice()) else { return None };
    let data = |e: &DataEdge, n: usize| match &state.nodes[n].kind {
        NodeKind::Access { data, .. } if e.memlet.data.as_deref() == Some(data) && e.memlet.wcr.is_none() => Some(data.clone()),
        _ => None,
    };
    let (in_data, out_data) = (data(i, i.src)?, data(o, o.dst)?);
    // Setting the identity must not race with another use of the output,
    // nor need a second access node of a view.
    let plain = containers.iter().any(|(n, d)| *n == out_data && matches!(d.kind, DataKind::Array | DataKind::Scalar));
    let out_uses = state.nodes.iter().filter(|n| matches!(&n.kind, NodeKind::Access { data, .. } if *data == out_data)).count();
    if !plain || out_uses != 1 || state.edges.iter().filter(|e| e.dst == o.dst).count() != 1 {
        return None;
    }
    let whole = |d: &str| -> Option<Subset> {
        let shape = &containers.iter().find(|(n, _)| n == d)?.1.shape;
        Some(Subset::Range(shape.iter().map(|s| Dim::new(Expr::int(0), s.sub(&Expr::int(1)), Expr::int(1), Expr::int(1))).collect()))
    };
    let in_range = i.memlet.subset.clone().or_else(|| whole(&in_data))?.dims().to_vec();
    let region = o.memlet.subset.clone().or_else(|| whole(&out_data))?.dims().to_vec();
    let axes: Vec<usize> = match properties.get("axes") {
        None | Some(serde_json::Value::Null) => (0..in_range.len()).collect(),
        Some(v) => v.as_array()?.iter().map(|x| x.as_u64().map(|x| x as usize)).collect::<Option<_>>()?,
    };
    let identity = match properties.get("identity") {
        None | Some(serde_json::Value::Null) => None,
        Some(serde_json::Value::Number(n)) if n.as_f64().is_some_and(f64::is_finite) => Some(n.to_string()),
        Some(_) => return None,
    };
    let kept = (0..in_range.len()).filter(|k| !axes.contains(k)).count();
    let free = region.iter().filter(|d| d.num_elements().simplify().as_int() != Some(1)).count();
    let unit_steps = in_range.iter().all(|d| d.step.simplify().as_int() == Some(1));
    if kept == 0 || kept != free || !unit_steps || axes.iter().any(|&a| a >= in_range.len()) || out_data == in_data {
        return None;
    }
    let wcr = properties.get("wcr")?.as_str()?.to_string();
    Some(Plan { input: i.src, in_data, in_range, output: o.dst, out_data, region, axes, wcr, identity })
}

fn expand(state: &mut State, r: usize, p: Plan) {
    let loc = state.nodes[r].loc.clone();
    let node = |label: &str, kind: NodeKind, ins: &[&str], outs: &[&str]| Node {
        label: label.to_string(),
        kind,
        in_connectors: ins.iter().map(|c| (c.to_string(), None)).collect(),
        out_connectors: outs.iter().map(|c| (c.to_string(), None)).collect(),
        extra: Default::default(),
        loc: loc.clone(),
    };
    let edge = |src, sc: Option<&str>, dst, dc: Option<&str>, memlet| DataEdge {
        src,
        src_conn: sc.map(str::to_string),
        dst,
        dst_conn: dc.map(str::to_string),
        memlet,
        loc: loc.clone(),
    };
    let memlet = |data: &str, dims: Vec<Dim>, wcr: Option<&String>| Memlet {
        data: Some(data.to_string()),
        subset: Some(Subset::Range(dims)),
        wcr: wcr.cloned(),
        ..Default::default()
    };
    let param = |k: usize| if p.axes.contains(&k) { format!("__r{k}") } else { format!("__o{k}") };
    let index = |k: usize| Dim::index(Expr::sym(&param(k)));
    let kept: Vec<usize> = (0..p.in_range.len()).filter(|k| !p.axes.contains(k)).collect();
    let scope = |ks: &[usize]| MapScope {
        params: ks.iter().map(|&k| param(k)).collect(),
        range: Subset::Range(ks.iter().map(|&k| p.in_range[k].clone()).collect()),
        schedule: "Default".into(),
    };
    // The output element of the kept indices: the region's non-unit
    // dimensions take them in order, shifted to the region's start.
    let mut next = kept.iter();
    let out_index: Vec<Dim> = p
        .region
        .iter()
        .map(|d| match d.num_elements().simplify().as_int() {
            Some(1) => Dim::index(d.start.clone()),
            _ => {
                let k = *next.next().expect("as many free dimensions as kept axes");
                Dim::index(d.start.add(&Expr::sym(&param(k))).sub(&p.in_range[k].start).simplify())
            }
        })
        .collect();
    let b = state.nodes.len();
    let (oe, ie, t, ix, ox) = (b, b + 1, b + 2, b + 3, b + 4);
    state.nodes.push(node("reduce_output", NodeKind::MapEntry { map: scope(&kept), exit: ox }, &["IN__in"], &["OUT__in"]));
    state.nodes.push(node("reduce_inner", NodeKind::MapEntry { map: scope(&p.axes), exit: ix }, &["IN__in"], &["OUT__in"]));
    state.nodes.push(node("identity", NodeKind::Tasklet { code: CodeBlock::python("__out = __inp") }, &["__inp"], &["__out"]));
    state.nodes.push(node("reduce_inner", NodeKind::MapExit { entry: ie }, &["IN__out"], &["OUT__out"]));
    state.nodes.push(node("reduce_output", NodeKind::MapExit { entry: oe }, &["IN__out"], &["OUT__out"]));
    let row: Vec<Dim> = (0..p.in_range.len()).map(|k| if p.axes.contains(&k) { p.in_range[k].clone() } else { index(k) }).collect();
    let element: Vec<Dim> = (0..p.in_range.len()).map(index).collect();
    let wcr = Some(&p.wcr);
    state.edges.push(edge(p.input, None, oe, Some("IN__in"), memlet(&p.in_data, p.in_range.clone(), None)));
    state.edges.push(edge(oe, Some("OUT__in"), ie, Some("IN__in"), memlet(&p.in_data, row, None)));
    state.edges.push(edge(ie, Some("OUT__in"), t, Some("__inp"), memlet(&p.in_data, element, None)));
    state.edges.push(edge(t, Some("__out"), ix, Some("IN__out"), memlet(&p.out_data, out_index.clone(), wcr)));
    state.edges.push(edge(ix, Some("OUT__out"), ox, Some("IN__out"), memlet(&p.out_data, out_index, wcr)));
    state.edges.push(edge(ox, Some("OUT__out"), p.output, None, memlet(&p.out_data, p.region.clone(), wcr)));
    if let Some(value) = &p.identity {
        // A map setting the region to the identity, ordered before the
        // reduction by an empty memlet from its output.
        let b = state.nodes.len();
        let (e, x, s, a) = (b, b + 1, b + 2, b + 3);
        let params: Vec<String> = (0..p.region.len()).map(|k| format!("__init{k}")).collect();
        let at: Vec<Dim> = params.iter().map(|q| Dim::index(Expr::sym(q))).collect();
        let map = MapScope { params, range: Subset::Range(p.region.clone()), schedule: "Default".into() };
        state.nodes.push(node("reduce_init", NodeKind::MapEntry { map, exit: x }, &[], &[]));
        state.nodes.push(node("reduce_init", NodeKind::MapExit { entry: e }, &["IN__out"], &["OUT__out"]));
        state.nodes.push(node("reduce_init", NodeKind::Tasklet { code: CodeBlock::python(format!("__out = {value}")) }, &[], &["__out"]));
        let access = NodeKind::Access { data: p.out_data.clone(), setzero: false };
        state.nodes.push(node(&p.out_data, access, &[], &[]));
        state.edges.push(edge(e, None, s, None, Memlet::default()));
        state.edges.push(edge(s, Some("__out"), x, Some("IN__out"), memlet(&p.out_data, at, None)));
        state.edges.push(edge(x, Some("OUT__out"), a, None, memlet(&p.out_data, p.region.clone(), None)));
        state.edges.push(edge(a, None, oe, None, Memlet::default()));
    }
    state.edges.retain(|e| e.src != r && e.dst != r);
    remove_nodes(state, &[r]);
}
