//! TileWcr: a parallel map whose write-conflict-resolved writes collide
//! between iterations does fewer atomic updates (the `tile_wcrs` step of
//! DaCe's auto-optimize).
//!
//! A parameter *conflicts* for a WCR write when no index of the written
//! subset is `a * p + b` (a a nonzero constant): two iterations that differ
//! only in `p` update the same element. Three outcomes, tried in order:
//!
//! 1. Some parameters do not conflict and their iteration count is not known
//!    to be below the tile size: they become the outer (parallel) map, the
//!    conflicted ones a sequential map inside, so each thread owns what it
//!    updates.
//!    ```mlir
//!    %e, %x = sdfg.map "m" ["k", "i"] = 0:K, 0:N { ... -> %x["IN_C"] {data = "C", subset = #sdfg.range<i>, wcr = #sdfg.wcr<Sum, "(lambda a, b: a + b)">} }
//!    ```
//!    becomes
//!    ```mlir
//!    %e, %x = sdfg.map "m" ["i"] = 0:N {
//!      %e2, %x2 = sdfg.map "m" ["k"] = 0:K attributes {schedule = #sdfg.schedule<Sequential>} { ... }
//!    }
//!    ```
//! 2. Every dimension is known to be smaller than the tile size: the map
//!    becomes sequential.
//! 3. Otherwise the map is tiled (`sdfg-map-tiling` with the tile size) and,
//!    when exactly one WCR write leaves it with a known identity, that write
//!    accumulates per tile in a transient (`sdfg-accumulate-transient`): one
//!    atomic update per tile instead of one per element. Dynamic writes
//!    (a histogram's `hist[A[i]]`) are left as they are.
//!
//! Preconditions: the map is at the top level of its state (the CPU
//! lowering runs nested maps sequentially), not sequential, without dynamic
//! range inputs, and at least one write into its exit from a tasklet, an
//! access node or an inner map has a WCR whose identity is known (sum or
//! product) and conflicts. Options: `tile-size=K` (default 128) and
//! `partial-parallelism=false` to skip outcome 1.

use super::accumulate_transient::AccumulateTransient;
use super::map_expansion::has_dynamic_inputs;
use super::place::{self, StateSite, Within};
use super::{map_tiling, Match, Options, Transformation};
use crate::model::{DataKind, MapScope, NodeKind, Schedule, Sdfg};
use crate::symbolic::{Expr, Subset};
use std::collections::BTreeSet;

pub struct TileWcr;

/// DaCe's `optimizer.autotile_size`.
const DEFAULT_TILE: i64 = super::placement::TILE_SIZE;

impl Transformation for TileWcr {
    fn local_edits(&self) -> bool {
        true
    }
    fn name(&self) -> &'static str {
        "sdfg-tile-wcr"
    }

    fn summary(&self) -> &'static str {
        "Fewer atomics for a write-conflicted parallel map: extract its conflict-free dimensions, or tile it and accumulate per tile"
    }

    fn option_names(&self) -> &'static [&'static str] {
        &["tile-size", "partial-parallelism"]
    }

    fn once_per_match(&self) -> bool {
        true
    }

    place::state_matched!(within: matches_within);

    fn apply(&self, sdfg: &mut Sdfg, m: &Match, options: &Options) -> Result<(), String> {
        let tile = options.positive("tile-size", DEFAULT_TILE)?;
        let partial = match options.get("partial-parallelism").map(str::trim) {
            None | Some("true") => true,
            Some("false") => false,
            Some(v) => return Err(format!("partial-parallelism: '{v}' is not true or false")),
        };
        let state = place::state(sdfg, &m.place.state).ok_or("match refers to a missing state")?;
        let e = m.place.node;
        let conflicted = conflicted_params(sdfg, &StateSite::new(&m.place.state, state), e).ok_or("match no longer applies")?;
        let NodeKind::MapEntry { map, exit } = &state.nodes[e].kind else { return Err("match is not a map entry".into()) };
        let (map, x) = (map.clone(), *exit);
        let dims = map.range.dims().to_vec();
        let free: Vec<usize> = (0..map.params.len()).filter(|k| !conflicted.contains(k)).collect();
        let below = |ks: &[usize]| {
            let count = ks.iter().fold(Expr::int(1), |acc, &k| acc.mul(&dims[k].num_elements())).simplify();
            count.as_int().is_some_and(|c| c < tile)
        };
        if partial && !free.is_empty() && !below(&free) {
            let pick = |ks: &[usize], schedule: Schedule| MapScope {
                params: ks.iter().map(|&k| map.params[k].clone()).collect(),
                range: Subset::Range(ks.iter().map(|&k| dims[k].clone()).collect()),
                schedule,
            };
            let outer = pick(&free, map.schedule);
            let inner = pick(&conflicted.iter().copied().collect::<Vec<_>>(), Schedule::Sequential);
            let state = place::state_mut(sdfg, &m.place.state).ok_or("match refers to a missing state")?;
            map_tiling::nest(state, e, x, outer, inner);
            return Ok(());
        }
        if (0..dims.len()).all(|k| below(&[k])) {
            let state = place::state_mut(sdfg, &m.place.state).ok_or("match refers to a missing state")?;
            if let NodeKind::MapEntry { map, .. } = &mut state.nodes[e].kind {
                map.schedule = Schedule::Sequential;
            }
            return Ok(());
        }
        if dims.iter().any(|d| d.step.as_int().is_none_or(|s| s <= 0)) {
            return Err("tiling needs constant positive steps".into());
        }
        let state = place::state(sdfg, &m.place.state).ok_or("match refers to a missing state")?;
        let names = map_tiling::tile_names(sdfg, state, e);
        let state = place::state_mut(sdfg, &m.place.state).ok_or("match refers to a missing state")?;
        map_tiling::tile(state, e, &[tile], &names)?;
        accumulate_per_tile(sdfg, m, x)
    }
}

/// After tiling, the one WCR write with a known identity that leaves the
/// tile map accumulates in a transient (none when there are several).
fn accumulate_per_tile(sdfg: &mut Sdfg, m: &Match, outer_x: usize) -> Result<(), String> {
    let state = place::state(sdfg, &m.place.state).ok_or("match refers to a missing state")?;
    let writes: Vec<(String, &str)> = state
        .edges
        .iter()
        // Dynamic writes (indirect ones) would need a whole copy per tile.
        .filter(|d| d.dst == outer_x && !d.memlet.dynamic)
        .filter_map(|d| Some((d.memlet.data.clone()?, d.memlet.wcr.as_ref()?.identity()?)))
        .filter(|(data, _)| sdfg.container(data).is_some_and(|c| c.kind != DataKind::Stream))
        .collect();
    let [(data, identity)] = writes.as_slice() else { return Ok(()) };
    let options = Options::parse(&format!("array={data} identity={identity}"))?;
    let at = AccumulateTransient
        .matches(sdfg)
        .into_iter()
        .find(|a| a.place.state == m.place.state && a.place.node == outer_x);
    match at {
        Some(a) => AccumulateTransient.apply(sdfg, &a, &options),
        None => Ok(()),
    }
}

/// The indices of the map's parameters over which some WCR write inside it
/// conflicts, if any; `None` when the map does not qualify. Writes are
/// judged where they start (a tasklet or access node writing into a map
/// exit), since the memlets between exits only bound them.
fn conflicted_params(sdfg: &Sdfg, site: &StateSite, e: usize) -> Option<BTreeSet<usize>> {
    let state = site.state;
    let n = &state.nodes[e];
    let NodeKind::MapEntry { map, .. } = &n.kind else { return None };
    if map.schedule == Schedule::Sequential || has_dynamic_inputs(n) {
        return None;
    }
    let (graph, parents) = (site.graph(), site.parents()?);
    let fed_by_exit = |a: usize| graph.in_edges(a).iter().any(|&i| matches!(state.nodes[state.edges[i].src].kind, NodeKind::MapExit { .. }));
    let mut conflicted = BTreeSet::new();
    for src in site.body(e)? {
        for d in graph.out_edges(src).iter().map(|&i| &state.edges[i]) {
            let (Some(data), Some(wcr), Some(subset)) = (&d.memlet.data, &d.memlet.wcr, &d.memlet.subset) else { continue };
            let writes = match &state.nodes[src].kind {
                NodeKind::Tasklet { .. } => true,
                // An accumulator between two exits already combines per iteration.
                NodeKind::Access { .. } => !fed_by_exit(src),
                _ => false,
            };
            if !writes || !matches!(state.nodes[d.dst].kind, NodeKind::MapExit { .. }) || wcr.identity().is_none() {
                continue;
            }
            if sdfg.container(data).is_none_or(|c| c.kind == DataKind::Stream) {
                continue;
            }
            // Inner maps whose ranges follow a parameter (tiles) split by it.
            let mut split_by = BTreeSet::new();
            let mut at = parents[src];
            while let Some(q) = at.filter(|&q| q != e) {
                if let NodeKind::MapEntry { map: inner, .. } = &state.nodes[q].kind {
                    split_by.extend(inner.range.free_symbols());
                }
                at = parents[q];
            }
            for (k, p) in map.params.iter().enumerate() {
                if !split_by.contains(p) && !indexes_injectively(subset, p) {
                    conflicted.insert(k);
                }
            }
        }
    }
    (!conflicted.is_empty()).then_some(conflicted)
}

/// Whether some index of `subset` is `a * p + b` with a nonzero constant `a`.
fn indexes_injectively(subset: &Subset, p: &str) -> bool {
    subset.dims().iter().any(|d| d.start == d.end && d.start.free_symbols().contains(p) && d.start.unit_step(p).is_some_and(|a| a != 0))
}

/// The maps with conflicting writes in the states `within` covers.
fn matches_within(sdfg: &Sdfg, within: Within) -> Vec<Match> {
    place::map_matches_within(sdfg, within, |site| {
        if site.parents[site.node].is_some() {
            return None;
        }
        let conflicted = conflicted_params(sdfg, site.scopes, site.node)?;
        let names: Vec<&str> = conflicted.iter().map(|&k| site.map.params[k].as_str()).collect();
        Some(format!("{}: writes conflict over {}", site.describe_all(sdfg), names.join(", ")))
    })
}
