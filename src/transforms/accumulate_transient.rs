//! AccumulateTransient: where a map nested in another writes with
//! write-conflict resolution through the outer map's exit, it accumulates
//! into a new transient set to the operator's identity at the start of
//! each outer iteration, which is combined into the data once at its end
//! (DaCe's AccumulateTransient).
//!
//! ```mlir
//! sdfg.memlet %t["y"] -> %inner_x["IN_C"] {data = "C", subset = #sdfg.range<i, j>, wcr = #sdfg.wcr<Sum, "(lambda a, b: a + b)">}
//! sdfg.memlet %inner_x["OUT_C"] -> %outer_x["IN_C"] {data = "C", subset = #sdfg.range<i, j>, wcr = #sdfg.wcr<Sum, "(lambda a, b: a + b)">}
//! ```
//! becomes
//! ```mlir
//! %init = sdfg.tasklet "init" {code = "__out = 0", outs = {__out}}
//! sdfg.memlet %outer_e -> %init
//! %l0 = sdfg.access "trans_C"
//! sdfg.memlet %init["__out"] -> %l0 {data = "trans_C", subset = #sdfg.range<0, 0>}
//! sdfg.memlet %l0 -> %inner_e
//! sdfg.memlet %t["y"] -> %inner_x["IN_C"] {data = "trans_C", subset = #sdfg.range<0, 0>, wcr = #sdfg.wcr<Sum, "(lambda a, b: a + b)">}
//! %l = sdfg.access "trans_C"
//! sdfg.memlet %inner_x["OUT_C"] -> %l {data = "trans_C", subset = #sdfg.range<0, 0>, wcr = #sdfg.wcr<Sum, "(lambda a, b: a + b)">}
//! sdfg.memlet %l -> %outer_x["IN_C"] {data = "C", subset = #sdfg.range<i, j>, other_subset = #sdfg.range<0, 0>, wcr = #sdfg.wcr<Sum, "(lambda a, b: a + b)">}
//! ```
//! (a larger accumulator is set by a map). The region is what the inner
//! writes reach over the inner range, else the memlet between the exits.
//! Preconditions: plain data, the same operator on every memlet of the
//! tree, writes from tasklets or access nodes, no other use of the data
//! in the outer map, and an accumulator shape no map parameter changes.
//! The identity of `a + b` (0) and `a * b` (1) is known; for other
//! operators give option `identity=V` (a number), else applying everywhere
//! skips them and applying one match fails. Option `array=NAME`: only that
//! data (default: all).

use super::local_storage::{self as ls, Plan};
use super::{place, Match, Options, Transformation};
use crate::model::{DataEdge, Memlet, NodeKind, Sdfg, State, Wcr};
use crate::symbolic::{Dim, Expr, Subset};

pub struct AccumulateTransient;

impl Transformation for AccumulateTransient {
    fn name(&self) -> &'static str {
        "sdfg-accumulate-transient"
    }

    fn summary(&self) -> &'static str {
        "Accumulate what a nested map writes with WCR in a transient combined once per outer iteration"
    }

    fn option_names(&self) -> &'static [&'static str] {
        &["array", "identity"]
    }

    fn matches(&self, sdfg: &Sdfg) -> Vec<Match> {
        place::node_matches(sdfg, |site, b| {
            let (path, state) = (site.path, site.state);
            let found = plans(sdfg, state, b, None);
            let inner = state.edges[found.first()?.0.edge].src;
            let data: Vec<String> = found.iter().map(|p| format!("'{}'", p.0.data)).collect();
            let (inner, outer) = (&state.nodes[inner].label, &state.nodes[b].label);
            Some(format!("{} from map '{inner}' out of map '{outer}' in state '{}'", data.join(", "), place::state_label(sdfg, path)))
        })
    }

    fn apply_everywhere(&self, sdfg: &mut Sdfg, options: &Options, limit: usize) -> Result<usize, String> {
        let given = identity_option(options)?;
        // Only where an identity is known: the others would fail.
        let offered = |s: &Sdfg, m: &Match| {
            let found = place::state(s, &m.place.state).map(|st| plans(s, st, m.place.node, given.as_deref())).unwrap_or_default();
            found.into_iter().filter(|p| p.1.is_some()).map(|p| p.0.data).collect::<Vec<_>>()
        };
        let mut count = 0;
        while count < limit {
            let want = options.get("array");
            let next = self.matches(sdfg).into_iter().find(|m| offered(sdfg, m).iter().any(|d| want.is_none_or(|a| a == d)));
            let Some(m) = next else { break };
            self.apply(sdfg, &m, options)?;
            count += 1;
        }
        Ok(count)
    }

    fn apply(&self, sdfg: &mut Sdfg, m: &Match, options: &Options) -> Result<(), String> {
        let given = identity_option(options)?;
        let state = place::state(sdfg, &m.place.state).ok_or("match refers to a missing state")?;
        let mut found = plans(sdfg, state, m.place.node, given.as_deref());
        let names: Vec<String> = found.iter().map(|p| p.0.data.clone()).collect();
        if found.is_empty() {
            return Err("match no longer applies".into());
        }
        if let Some(a) = ls::chosen(options, &names, "data accumulated between these map exits")? {
            found.retain(|p| p.0.data == a);
        }
        // Those without a known identity are left as they are, unless named.
        if let Some((p, _)) = found.iter().find(|p| p.1.is_none()).filter(|_| options.get("array").is_some() || found.iter().all(|p| p.1.is_none())) {
            return Err(format!("no identity known for the WCR of '{}': give identity=V", p.data));
        }
        found.retain(|p| p.1.is_some());
        let mut locals = Vec::new();
        for (p, _) in &found {
            let like = sdfg.container(&p.data).ok_or("data is not a container")?.clone();
            locals.push((ls::add_transient(sdfg, &p.data, &like, p.shape.clone()), like.shape));
        }
        let state = place::state_mut(sdfg, &m.place.state).ok_or("match refers to a missing state")?;
        for ((p, identity), (local, shape)) in found.iter().zip(&locals) {
            accumulate(state, p, identity.as_deref().unwrap_or("0"), local, shape)?;
        }
        Ok(())
    }
}

/// `identity=V`: a number.
fn identity_option(options: &Options) -> Result<Option<String>, String> {
    let Some(v) = options.get("identity") else { return Ok(None) };
    let v = v.trim();
    match v.parse::<f64>() {
        Ok(x) if x.is_finite() => Ok(Some(v.to_string())),
        _ => Err(format!("identity: '{v}' is not a finite number")),
    }
}

/// The accumulators possible out of map exit `b`, with their identities
/// where known.
fn plans(sdfg: &Sdfg, state: &State, b: usize, given: Option<&str>) -> Vec<(Plan, Option<String>)> {
    let mut out = Vec::new();
    for link in ls::links(sdfg, state, b, false, true) {
        let Some(desc) = sdfg.container(&link.data) else { continue };
        let wcr = state.edges[link.edge].memlet.wcr.clone();
        let identity = given.or_else(|| wcr.as_ref().and_then(Wcr::identity)).map(str::to_string);
        let Some(tree) = ls::inner_tree(state, link.edge, false, &link.data) else { continue };
        let same_op = tree.iter().all(|&i| state.edges[i].memlet.wcr == wcr && state.edges[i].memlet.data.as_deref() == Some(&link.data));
        // Any other use of the data in the outer map would see partial sums.
        let parents = crate::model::scope::scope_parents(state).unwrap_or_default();
        let body = super::scope_subst::inside(&parents, link.outer);
        let other_use = state.edges.iter().enumerate().any(|(i, e)| {
            let inside = e.src == link.outer || (body.contains(&e.src) && Some(e.src) != state.nodes[link.outer].kind.scope_exit());
            inside && i != link.edge && !tree.contains(&i) && e.memlet.data.as_deref() == Some(&link.data)
        });
        if !same_op || other_use || ls::touched_in_scope(sdfg, state, link.outer, &link.data).0 {
            continue;
        }
        let Some((region, shape)) = ls::region_and_shape(state, &link, &tree, &desc.shape, false) else { continue };
        out.push((Plan { edge: link.edge, data: link.data, tree, region, shape }, identity));
    }
    out
}

/// Sets the accumulator to the identity inside the outer map, before the
/// inner map starts, then moves the inner writes to it.
fn edge(src: usize, src_conn: Option<&str>, dst: usize, dst_conn: Option<&str>, memlet: Memlet, like: &DataEdge) -> DataEdge {
    DataEdge { src, src_conn: src_conn.map(str::to_string), dst, dst_conn: dst_conn.map(str::to_string), memlet, loc: like.loc.clone() }
}

fn accumulate(state: &mut State, p: &Plan, identity: &str, local: &str, shape: &[Expr]) -> Result<(), String> {
    let link = state.edges[p.edge].clone();
    let outer_x = link.dst;
    let inner_x = link.src;
    let (NodeKind::MapExit { entry: outer_e }, NodeKind::MapExit { entry: inner_e }) = (&state.nodes[outer_x].kind, &state.nodes[inner_x].kind) else {
        return Err("match is not between map exits".into());
    };
    let (outer_e, inner_e) = (*outer_e, *inner_e);
    let like = state.nodes[outer_x].clone();
    let wcr = link.memlet.wcr.clone();
    let part = ls::local_region(&p.region);
    let whole = Subset::Range(p.shape.iter().map(|s| Dim::range(Expr::int(0), s.sub(&Expr::int(1)))).collect());
    let init_access = ls::init_region(state, local, &whole, identity, Some(outer_e), &like.loc);
    let done = state.nodes.len();
    state.nodes.push(ls::access_node(local, &like.loc));
    // Ordering only: the inner map starts after the accumulator is set.
    state.edges.push(edge(init_access, None, inner_e, None, Memlet::default(), &link));
    let e = &mut state.edges[p.edge];
    (e.dst, e.dst_conn) = (done, None);
    e.memlet = Memlet { wcr: wcr.clone(), ..ls::copy_memlet(local, part.clone(), None) };
    let back = Memlet { wcr, ..ls::copy_memlet(&p.data, p.region.clone(), Some(part)) };
    state.edges.push(edge(done, None, outer_x, link.dst_conn.as_deref(), back, &link));
    let start: Vec<_> = p.region.dims().iter().map(|d| d.start.clone()).collect();
    ls::move_to_local(state, &p.tree, &p.data, local, shape, &start)
}
