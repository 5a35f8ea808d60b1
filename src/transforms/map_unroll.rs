//! MapUnroll: a top-level map with a small constant range is replaced by
//! one copy of its body per iteration, the parameters replaced by their
//! values (DaCe's MapUnroll).
//!
//! ```mlir
//! %e, %x = sdfg.map "m" ["i"] = 0:2 { %entry["OUT_A"] -> t -> %exit["IN_B"] {subset = #sdfg.range<i>} }
//! ```
//! becomes
//! ```mlir
//! %A -> t -> %B {subset = #sdfg.range<0>}
//! %A -> t -> %B {subset = #sdfg.range<1>}
//! ```
//! Option `max-iterations=K` (default 64): maps running more iterations
//! are not matched. Preconditions: the map is not inside another scope, its
//! range is constant, it has no dynamic range inputs; each entry connector
//! is fed by one edge; access nodes inside are transients used nowhere else
//! (each copy gets its own); no consume scopes, and no C++ tasklet or
//! library node inside names a parameter (only Python code is rewritten).

use super::loops::state_uses;
use super::map_collapse::remove_nodes;
use super::map_expansion::has_dynamic_inputs;
use super::nest;
use super::place::{self, Step};
use super::scope_subst::{inside, push_copies, substitute_in_scope};
use super::{Match, Options, Transformation};
use crate::model::conn;
use crate::model::{scope, DataEdge, NodeKind, Sdfg, State};
use crate::symbolic::Expr;
use std::collections::HashMap;

pub struct MapUnroll;

const DEFAULT_MAX: usize = 64;

impl Transformation for MapUnroll {
    fn name(&self) -> &'static str {
        "sdfg-map-unroll"
    }

    fn summary(&self) -> &'static str {
        "Replace a small constant map by one copy of its body per iteration"
    }

    fn option_names(&self) -> &'static [&'static str] {
        &["max-iterations"]
    }

    fn matches(&self, sdfg: &Sdfg) -> Vec<Match> {
        self.matches_with(sdfg, &Options::default()).unwrap_or_default()
    }

    fn matches_with(&self, sdfg: &Sdfg, options: &Options) -> Result<Vec<Match>, String> {
        let max = max_iterations(options)?;
        Ok(place::map_matches(sdfg, |site| {
            if site.map.has_dependent_ranges() {
                return None;
            }
            let values = plan(sdfg, site.path, site.state, site.node, max)?;
            Some(format!("{} ({} copies)", site.describe_all(sdfg), values.len()))
        }))
    }

    fn apply(&self, sdfg: &mut Sdfg, m: &Match, options: &Options) -> Result<(), String> {
        let max = max_iterations(options)?;
        let state = place::state(sdfg, &m.place.state).cloned();
        let state = state.ok_or("match refers to a missing state")?;
        let values = plan(sdfg, &m.place.state, &state, m.place.node, max).ok_or("the map no longer matches")?;
        let mut names: Vec<String> = sdfg.containers.iter().map(|(n, _)| n.clone()).collect();
        let mut added = Vec::new();
        let mut target = state;
        unroll(&mut target, m.place.node, &values, &mut |data: &str, k: usize| {
            let mut name = format!("{data}_{k}");
            while names.contains(&name) {
                name.push('_');
            }
            names.push(name.clone());
            added.push((name.clone(), data.to_string()));
            name
        })?;
        for (name, from) in added {
            let desc = sdfg.container(&from).ok_or("missing transient")?.clone();
            sdfg.containers.push((name, desc));
        }
        *place::state_mut(sdfg, &m.place.state).ok_or("match refers to a missing state")? = target;
        Ok(())
    }
}

fn max_iterations(options: &Options) -> Result<usize, String> {
    options.positive("max-iterations", DEFAULT_MAX as i64).map(|k| k as usize)
}

/// The parameter values of every iteration, when the map can be unrolled.
fn plan(sdfg: &Sdfg, path: &[Step], state: &State, e: usize, max: usize) -> Option<Vec<HashMap<String, Expr>>> {
    let NodeKind::MapEntry { map, exit } = &state.nodes[e].kind else { return None };
    let parents = scope::scope_parents(state).ok()?;
    if parents[e].is_some() || has_dynamic_inputs(&state.nodes[e]) {
        return None;
    }
    let mut values: Vec<HashMap<String, Expr>> = vec![HashMap::new()];
    for (p, d) in map.params.iter().zip(map.range.dims()) {
        let (start, end, step) = (d.start.as_int()?, d.end.as_int()?, d.step.as_int().filter(|s| *s > 0)?);
        if d.tile.as_int() != Some(1) {
            return None;
        }
        let count = if end < start { 0 } else { ((end - start) / step + 1) as usize };
        if count == 0 || values.len().saturating_mul(count) > max {
            return None;
        }
        values = values
            .iter()
            .flat_map(|v| (0..count as i64).map(move |k| (v, start + k * step)))
            .map(|(v, x)| {
                let mut v = v.clone();
                v.insert(p.clone(), Expr::int(x));
                v
            })
            .collect();
    }
    let body: Vec<usize> = inside(&parents, e).into_iter().filter(|n| n != exit).collect();
    for &n in &body {
        let node = &state.nodes[n];
        let names_param = |text: &str| map.params.iter().any(|p| super::loops::idents(text).contains(&p.as_str()));
        let ok = match &node.kind {
            NodeKind::Tasklet { code } => code.language == "Python" || !names_param(&code.code),
            NodeKind::Library(lib) => !names_param(&lib.properties_text()),
            NodeKind::ConsumeEntry { .. } | NodeKind::ConsumeExit { .. } => false,
            NodeKind::Access { data, .. } => {
                sdfg.container(data).is_some_and(|c| c.transient) && nest::plain(sdfg, data) && only_in(sdfg, path, state, &body, data)
            }
            _ => true,
        };
        if !ok {
            return None;
        }
    }
    // Each entry connector is fed by exactly one edge.
    let fed = |c: &str| state.edges.iter().filter(|d| d.dst == e && d.dst_conn.as_deref() == Some(c)).count() == 1;
    let conns_ok = state.edges.iter().filter(|d| d.src == e).all(|d| match &d.src_conn {
        Some(c) => conn::out_base(c).is_some_and(|r| fed(&conn::in_conn(r))),
        None => d.memlet.data.is_none(),
    });
    conns_ok.then_some(values)
}

/// Whether container `d` is used only by the nodes `body` of this state.
pub(super) fn only_in(sdfg: &Sdfg, path: &[Step], state: &State, body: &[usize], d: &str) -> bool {
    let rest: Vec<usize> = (0..state.nodes.len()).filter(|n| !body.contains(n)).collect();
    let mut outside = nest::only_nodes(state, &rest);
    outside.edges.retain(|e| !body.contains(&e.src) && !body.contains(&e.dst));
    !state_uses(&outside, d) && !super::loops::cfg_uses(&sdfg.cfg, d, &mut Vec::new(), &|p, _| p == path)
}

fn unroll(state: &mut State, e: usize, values: &[HashMap<String, Expr>], fresh: &mut dyn FnMut(&str, usize) -> String) -> Result<(), String> {
    let NodeKind::MapEntry { exit: x, .. } = state.nodes[e].kind else { return Err("match is not a map entry".into()) };
    let parents = scope::scope_parents(state)?;
    let body: Vec<usize> = inside(&parents, e).into_iter().filter(|n| *n != x).collect();
    let original = state.clone();
    for (k, v) in values.iter().enumerate() {
        let base = push_copies(state, &original, &body)?;
        let copy = |n: usize| body.iter().position(|&b| b == n).map(|p| base + p);
        for d in &original.edges {
            match (copy(d.src), copy(d.dst)) {
                (Some(s), Some(t)) => state.edges.push(DataEdge { src: s, dst: t, ..d.clone() }),
                (None, Some(t)) if d.src == e => {
                    let feeds = original.edges.iter().filter(|f| {
                        f.dst == e
                            && match &d.src_conn {
                                Some(c) => f.dst_conn.as_deref() == conn::out_base(c).map(conn::in_conn).as_deref(),
                                None => f.memlet.data.is_none(),
                            }
                    });
                    for f in feeds {
                        state.edges.push(DataEdge { src: f.src, src_conn: f.src_conn.clone(), dst: t, ..d.clone() });
                    }
                }
                (Some(s), None) if d.dst == x => {
                    let drains = original.edges.iter().filter(|f| {
                        f.src == x
                            && match &d.dst_conn {
                                Some(c) => f.src_conn.as_deref() == conn::in_base(c).map(conn::out_conn).as_deref(),
                                None => f.memlet.data.is_none(),
                            }
                    });
                    for f in drains {
                        state.edges.push(DataEdge { dst: f.dst, dst_conn: f.dst_conn.clone(), src: s, ..d.clone() });
                    }
                }
                _ => {}
            }
        }
        let copies: Vec<usize> = (base..base + body.len()).collect();
        substitute_in_scope(state, usize::MAX, usize::MAX, &copies, v)?;
        // Transients inside the map are private to each iteration.
        if k > 0 {
            let mut renamed: HashMap<String, String> = HashMap::new();
            for &n in &copies {
                if let NodeKind::Access { data, .. } = &mut state.nodes[n].kind {
                    let new = renamed.entry(data.clone()).or_insert_with(|| fresh(data, k)).clone();
                    *data = new.clone();
                    state.nodes[n].label = new;
                }
            }
            for d in state.edges.iter_mut().filter(|d| copies.contains(&d.src) || copies.contains(&d.dst)) {
                if let Some(new) = d.memlet.data.as_ref().and_then(|n| renamed.get(n)) {
                    d.memlet.data = Some(new.clone());
                }
            }
        }
    }
    state.edges.retain(|d| ![d.src, d.dst].iter().any(|n| *n == e || *n == x || body.contains(n)));
    let mut gone = body.clone();
    gone.extend([e, x]);
    remove_nodes(state, &gone);
    Ok(())
}
