//! StripMining: one dimension of a map is split into a dimension over
//! strips (tiles) and a sequential map over the offsets inside one strip
//! (DaCe's StripMining).
//!
//! ```mlir
//! %e, %x = sdfg.map "m" ["i", "j"] = 0:N, 0:M { ... A[i, j] ... }
//! ```
//! with `dimension=1 tile-size=32` becomes
//! ```mlir
//! %e, %x = sdfg.map "m" ["i", "tile_j"] = 0:N, 0:M:32 {
//!   %e2, %x2 = sdfg.map "m" ["j"] = 0:"Min(31, M - tile_j - 1) + 1" attributes {schedule = #sdfg.schedule<Sequential>} {
//!     ... A[i, tile_j + j] ...
//!   }
//! }
//! ```
//! The inner parameter keeps its name and now counts from the start of its
//! strip; inside, it is replaced by `tile_j + j` in memlets, inner map
//! ranges, nested-SDFG symbol mappings and Python tasklet code. Options:
//! `dimension=K` (0-based; default the last) and `tile-size=T` (default 64).
//! Preconditions: positive constant steps, no dynamic range inputs, no C++
//! tasklet or library node inside naming the parameter, no consume scope
//! inside. Each match is strip-mined once.

use super::map_expansion::has_dynamic_inputs;
use super::map_tiling::nest;
use super::scope_subst::{inside, substitute_in_scope};
use super::place::{self, Step, Within};
use super::{Match, Options, Transformation};
use crate::model::{scope, MapScope, NodeKind, Schedule, Sdfg, State};
use crate::symbolic::{Dim, Expr, Subset};
use std::collections::HashMap;

pub struct StripMining;

const DEFAULT_TILE: i64 = 64;

impl Transformation for StripMining {
    fn local_edits(&self) -> bool {
        true
    }
    fn name(&self) -> &'static str {
        "sdfg-strip-mining"
    }

    fn summary(&self) -> &'static str {
        "Split one map dimension into strips and a sequential map inside a strip"
    }

    fn option_names(&self) -> &'static [&'static str] {
        &["dimension", "tile-size"]
    }

    fn once_per_match(&self) -> bool {
        true
    }

    fn matches(&self, sdfg: &Sdfg) -> Vec<Match> {
        self.matches_with(sdfg, &Options::default()).unwrap_or_default()
    }

    fn matches_with(&self, sdfg: &Sdfg, options: &Options) -> Result<Vec<Match>, String> {
        matches_within(sdfg, Within::All, options)
    }

    fn matches_in_state(&self, sdfg: &Sdfg, path: &[Step], options: &Options) -> Result<Vec<Match>, String> {
        matches_within(sdfg, Within::State(path), options)
    }

    fn apply(&self, sdfg: &mut Sdfg, m: &Match, options: &Options) -> Result<(), String> {
        let dimension = dimension(options)?;
        let size = options.positive("tile-size", DEFAULT_TILE)?;
        let state = place::state(sdfg, &m.place.state).ok_or("match refers to a missing state")?;
        let names = super::map_tiling::tile_names(sdfg, state, m.place.node);
        let state = place::state_mut(sdfg, &m.place.state).ok_or("match refers to a missing state")?;
        let params = match &state.nodes.get(m.place.node).map(|n| &n.kind) {
            Some(NodeKind::MapEntry { map, .. }) => map.params.len(),
            _ => return Err("match is not a map entry".into()),
        };
        let k = pick(dimension, params).ok_or_else(|| format!("dimension {} is out of range for a map of {params} parameters", dimension.unwrap_or(0)))?;
        strip_mine(state, m.place.node, k, size, &names[k])
    }
}

fn dimension(options: &Options) -> Result<Option<usize>, String> {
    options
        .get("dimension")
        .map(|v| v.trim().parse::<usize>().map_err(|_| format!("dimension: '{v}' is not a non-negative integer")))
        .transpose()
}

/// The dimension to split: the one asked for, or the last.
fn pick(dimension: Option<usize>, params: usize) -> Option<usize> {
    match dimension {
        Some(k) => (k < params).then_some(k),
        None => params.checked_sub(1),
    }
}

fn applies(state: &State, parents: &[Option<usize>], e: usize, k: usize) -> bool {
    let NodeKind::MapEntry { map, .. } = &state.nodes[e].kind else { return false };
    let steps_ok = map.range.dims().iter().all(|d| d.step.as_int().is_some_and(|s| s > 0) && d.tile.as_int() == Some(1));
    if !steps_ok || has_dynamic_inputs(&state.nodes[e]) {
        return false;
    }
    let p = map.params[k].as_str();
    let names = |text: &str| super::loops::idents(text).contains(&p);
    inside(parents, e).into_iter().all(|n| match &state.nodes[n].kind {
        NodeKind::Tasklet { code } => code.language == "Python" || !names(&code.code),
        NodeKind::Library(lib) => !names(&lib.properties_text()),
        NodeKind::ConsumeEntry { .. } => false,
        _ => true,
    })
}

/// Strip-mines dimension `k` of map `e`; the strip parameter is `name`.
fn strip_mine(state: &mut State, e: usize, k: usize, size: i64, name: &str) -> Result<(), String> {
    let (map, x) = match &state.nodes[e].kind {
        NodeKind::MapEntry { map, exit } => (map.clone(), *exit),
        _ => return Err("match is not a map entry".into()),
    };
    let dims = map.range.dims().to_vec();
    let d = dims.get(k).ok_or("dimension out of range")?.clone();
    let step = d.step.as_int().filter(|s| *s > 0).ok_or("the step is not a positive constant")?;
    let strip = step.checked_mul(size).ok_or("tile-size is too large")?;
    let p = map.params[k].clone();
    let name = name.to_string();
    let tile = Expr::sym(&name);
    let mut outer_dims = dims.clone();
    outer_dims[k] = Dim::new(d.start.clone(), d.end.clone(), Expr::int(strip), Expr::int(1));
    let mut outer_params = map.params.clone();
    outer_params[k] = name.clone();
    let last = Expr::call("Min", vec![Expr::int(strip - 1), d.end.sub(&tile)]).simplify();
    let inner_dim = Dim::new(Expr::int(0), last, Expr::int(step), Expr::int(1));
    let outer = MapScope { params: outer_params, range: Subset::Range(outer_dims), schedule: map.schedule };
    let inner = MapScope { params: vec![p.clone()], range: Subset::Range(vec![inner_dim]), schedule: Schedule::Sequential };
    let (e2, x2) = (state.nodes.len(), state.nodes.len() + 1);
    nest(state, e, x, outer, inner);
    let parents = scope::scope_parents(state)?;
    let body: Vec<usize> = inside(&parents, e2).into_iter().filter(|n| *n != x2).collect();
    let values: HashMap<String, Expr> = [(p.clone(), tile.add(&Expr::sym(&p)))].into();
    // The edges at the inner entry's outside and exit's outside carry the
    // outer memlets, which do not name the parameter: leave them.
    let outer_edges: Vec<usize> = (0..state.edges.len()).filter(|&i| state.edges[i].dst == e2 || state.edges[i].src == x2).collect();
    let saved: Vec<_> = outer_edges.iter().map(|&i| state.edges[i].memlet.clone()).collect();
    substitute_in_scope(state, e2, x2, &body, &values)?;
    for (i, m) in outer_edges.into_iter().zip(saved) {
        state.edges[i].memlet = m;
    }
    Ok(())
}

/// The maps to strip-mine in the states `within` covers.
fn matches_within(sdfg: &Sdfg, within: Within, options: &Options) -> Result<Vec<Match>, String> {
    let dimension = dimension(options)?;
    Ok(place::map_matches_within(sdfg, within, |site| {
        let map = site.map;
        let k = pick(dimension, map.params.len())?;
        if map.has_dependent_ranges() || !applies(site.state, site.parents, site.node, k) {
            return None;
        }
        let (label, state) = (&site.entry.label, place::state_label(sdfg, site.path));
        Some(format!("map '{label}' [{}] on {} in state '{state}'", map.params.join(", "), map.params[k]))
    }))
}
