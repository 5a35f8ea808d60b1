//! Vectorization: the innermost dimension of an innermost map is strip-mined
//! into chunks of `vector-length` consecutive elements, each chunk an inner
//! map the back end's vectorizer turns into vector instructions.
//!
//! DaCe's Vectorization instead gives the map step `vector-length` and the
//! tasklet vector-typed connectors. The CPU lowering has no vector dtypes
//! (they stay opaque `DType::Other`), so this keeps scalar tasklets: an
//! inner map of exactly `vector-length` iterations over unit-stride data,
//! scheduled `Unrolled`, which the lowering emits as a constant-trip loop
//! that LLVM unrolls and turns into SIMD code (SLP vectorizer).
//!
//! ```mlir
//! %e, %x = sdfg.map "m" ["i"] = 0:N { ... A[i] ... }
//! ```
//! with `vector-length=4` and `N` a multiple of 4 becomes
//! ```mlir
//! %e, %x = sdfg.map "m" ["i_vec"] = 0:N:4 {
//!   %e2, %x2 = sdfg.map "m" ["i"] = i_vec:"i_vec + 3" attributes {schedule = #sdfg.schedule<Unrolled>} { ... A[i] ... }
//!   (memlets between the two maps: A[i_vec:i_vec + 3])
//! }
//! ```
//! When the trip count is not a known multiple, the inner map ends at
//! `Min(N - 1, i_vec + 3)` and is `Sequential`: the last chunk is shorter.
//!
//! Preconditions: step 1; no dynamic range inputs; not itself an
//! `Unrolled` chunk; only tasklets and access nodes inside; every memlet
//! inside uses the parameter only in its last dimension, as one index
//! `i + c`, of data whose last stride is 1 (unit stride). Each match is
//! applied once.

use super::map_expansion::has_dynamic_inputs;
use super::map_tiling::nest;
use super::scope_subst::{inside, substitute_subset};
use super::place::{self, Within};
use super::{Match, Options, Transformation};
use crate::model::conn;
use crate::model::{scope, MapScope, NodeKind, Schedule, Sdfg, State};
use crate::symbolic::{Dim, Expr, Subset};
use std::collections::HashMap;

pub struct Vectorization;

const DEFAULT_LENGTH: i64 = 4;

impl Transformation for Vectorization {
    fn local_edits(&self) -> bool {
        true
    }
    fn name(&self) -> &'static str {
        "sdfg-vectorization"
    }

    fn summary(&self) -> &'static str {
        "Strip-mine an innermost unit-stride map dimension into vector-length chunks"
    }

    fn option_names(&self) -> &'static [&'static str] {
        &["vector-length"]
    }

    fn once_per_match(&self) -> bool {
        true
    }

    place::state_matched!(within: matches_within);

    fn apply(&self, sdfg: &mut Sdfg, m: &Match, options: &Options) -> Result<(), String> {
        let length = match options.positive_list("vector-length")?.as_deref() {
            None => DEFAULT_LENGTH,
            Some([v]) if *v >= 2 => *v,
            Some(_) => return Err("vector-length: give one integer of at least 2".into()),
        };
        let ok = place::state(sdfg, &m.place.state).is_some_and(|s| {
            scope::scope_parents(s).is_ok_and(|parents| vectorizable(sdfg, s, &parents, m.place.node))
        });
        if !ok {
            return Err("match no longer applies".into());
        }
        let taken: Vec<String> = sdfg.symbols.iter().map(|(n, _)| n.clone()).collect();
        let state = place::state_mut(sdfg, &m.place.state).ok_or("match refers to a missing state")?;
        strip(state, m.place.node, length, &taken)
    }
}

fn vectorizable(sdfg: &Sdfg, state: &State, parents: &[Option<usize>], e: usize) -> bool {
    let n = &state.nodes[e];
    let NodeKind::MapEntry { map, exit } = &n.kind else { return false };
    let (Some(p), Some(d)) = (map.params.last(), map.range.dims().last()) else { return false };
    if d.step.as_int() != Some(1) || has_dynamic_inputs(n) || map.schedule == Schedule::Unrolled || d.num_elements().as_int().is_some_and(|c| c < 2) {
        return false;
    }
    let body = inside(parents, e);
    let simple = body.iter().all(|&b| b == *exit || matches!(state.nodes[b].kind, NodeKind::Tasklet { .. } | NodeKind::Access { .. }));
    let scope_edge = |s: usize, t: usize| [s, t].iter().any(|x| *x == e || body.contains(x));
    simple
        && state.edges.iter().filter(|x| scope_edge(x.src, x.dst) && x.src != *exit && x.dst != e).all(|x| {
            let Some(data) = &x.memlet.data else { return true };
            let Some(desc) = sdfg.container(data) else { return false };
            let unit = desc.strides_or_default().last().is_some_and(|s| s.as_int() == Some(1));
            [&x.memlet.subset, &x.memlet.other_subset].iter().all(|s| s.as_ref().is_none_or(|s| unit_stride(s, p, unit)))
        })
}

/// Whether `p` appears only in the last dimension, as one index `p + c`
/// (and then only where the data's last stride is 1).
fn unit_stride(s: &Subset, p: &str, unit: bool) -> bool {
    let dims = s.dims();
    let uses = |d: &Dim| [&d.start, &d.end, &d.step].iter().any(|x| x.free_symbols().contains(p));
    let Some((last, rest)) = dims.split_last() else { return true };
    if rest.iter().any(uses) {
        return false;
    }
    if !uses(last) {
        return true;
    }
    let offset = last.start.sub(&Expr::sym(p)).simplify();
    unit && last.is_index() && !offset.free_symbols().contains(p)
}

fn strip(state: &mut State, e: usize, length: i64, taken: &[String]) -> Result<(), String> {
    let (map, x) = match &state.nodes[e].kind {
        NodeKind::MapEntry { map, exit } => (map.clone(), *exit),
        _ => return Err("match is not a map entry".into()),
    };
    let (Some(p), Some(d)) = (map.params.last().cloned(), map.range.dims().last().cloned()) else {
        return Err("map has no parameters".into());
    };
    let mut name = format!("{p}_vec");
    while taken.contains(&name) || map.params.contains(&name) {
        name.insert(0, '_');
    }
    let chunk = Expr::sym(&name);
    let exact = d.num_elements().simplify().as_int().is_some_and(|c| c % length == 0);
    let last = chunk.add(&Expr::int(length - 1));
    let (end, schedule) = if exact {
        (last, Schedule::Unrolled)
    } else {
        (Expr::call("Min", vec![d.end.clone(), last]).simplify(), Schedule::Sequential)
    };
    let mut outer_dims = map.range.dims().to_vec();
    let k = outer_dims.len() - 1;
    outer_dims[k] = Dim::new(d.start.clone(), d.end.clone(), Expr::int(length), Expr::int(1));
    let mut outer_params = map.params.clone();
    outer_params[k] = name.clone();
    let outer = MapScope { params: outer_params, range: Subset::Range(outer_dims), schedule: map.schedule };
    let inner_dim = Dim::new(chunk.clone(), end.clone(), Expr::int(1), Expr::int(1));
    let inner = MapScope { params: vec![p.clone()], range: Subset::Range(vec![inner_dim]), schedule };
    let first_new = state.nodes.len();
    let first_edge = state.edges.len();
    nest(state, e, x, outer, inner);
    // The memlets between the two maps cover one chunk: the inner memlet
    // with `p` running over the chunk.
    let (e2, x2) = (first_new, first_new + 1);
    let lo = HashMap::from([(p.clone(), chunk)]);
    let hi = HashMap::from([(p.clone(), end)]);
    for k in first_edge..state.edges.len() {
        let (src, dst) = (state.edges[k].src, state.edges[k].dst);
        let (inner_node, conn, outgoing) = if src == e && dst == e2 {
            (e2, state.edges[k].dst_conn.as_deref().and_then(conn::in_base).map(conn::out_conn), true)
        } else if src == x2 && dst == x {
            (x2, state.edges[k].src_conn.as_deref().and_then(conn::out_base).map(conn::in_conn), false)
        } else {
            continue;
        };
        let Some(conn) = conn else { continue };
        let inner_edges: Vec<_> = state
            .edges
            .iter()
            .filter(|i| if outgoing { i.src == inner_node && i.src_conn.as_deref() == Some(&conn) } else { i.dst == inner_node && i.dst_conn.as_deref() == Some(&conn) })
            .collect();
        let [only] = inner_edges.as_slice() else { continue };
        let m = &only.memlet;
        if m.data != state.edges[k].memlet.data || m.other_subset.is_some() || m.dynamic {
            continue;
        }
        let Some(sub) = m.subset.as_ref().map(|s| chunk_subset(s, &p, &lo, &hi)) else { continue };
        let memlet = &mut state.edges[k].memlet;
        memlet.subset = Some(sub);
        memlet.volume = None;
    }
    Ok(())
}

/// The subset `s` covers while `p` runs from `lo` to `hi`.
fn chunk_subset(s: &Subset, p: &str, lo: &HashMap<String, Expr>, hi: &HashMap<String, Expr>) -> Subset {
    let dims = s
        .dims()
        .iter()
        .map(|d| {
            if !d.start.free_symbols().contains(p) {
                return d.clone();
            }
            let mut a = Subset::Range(vec![d.clone()]);
            substitute_subset(&mut a, lo);
            let start = a.dims()[0].start.clone();
            let end = d.end.substitute(hi).simplify();
            Dim::new(start, end, Expr::int(1), Expr::int(1))
        })
        .collect();
    Subset::Range(dims)
}

/// The vectorizable maps in the states `within` covers.
fn matches_within(sdfg: &Sdfg, within: Within) -> Vec<Match> {
    place::map_matches_within(sdfg, within, |site| {
        if site.map.has_dependent_ranges() || !vectorizable(sdfg, site.state, site.parents, site.node) {
            return None;
        }
        Some(site.describe(sdfg, site.map.params.last().map(|p| p.as_str()).unwrap_or_default()))
    })
}
