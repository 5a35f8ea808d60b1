//! BufferTiling: a transient between a producer map and a stencil that
//! reads it becomes one tile per iteration of a map over tiles; the
//! producer computes each tile with the halo the stencil reads, computing
//! the halo elements again in the neighbouring tiles (DaCe's
//! BufferTiling: MapTilingWithOverlap on the producer, MapTiling on the
//! consumer, then fusion of the two tile maps). It trades recomputation for
//! a buffer small enough to stay in cache.
//!
//! ```mlir
//! %e1, %x1 = sdfg.map "a" ["i"] = 0:"N + 1" { ... -> %x1["IN_T"] {data = "T", subset = #sdfg.range<i>} }
//! sdfg.memlet %x1["OUT_T"] -> %T ... ; sdfg.memlet %T -> %e2["IN_T"] ...
//! %e2, %x2 = sdfg.map "b" ["j"] = 1:N { %e2["OUT_T"] -> %t2["l"] {data = "T", subset = #sdfg.range<"j - 1">}
//!                                      %e2["OUT_T"] -> %t2["r"] {data = "T", subset = #sdfg.range<"j + 1">} ... }
//! ```
//! with `tile-sizes=32` becomes, `T` now of shape `[34]`,
//! ```mlir
//! %e1, %x2 = sdfg.map "a" ["tile_j"] = 1:N:32 {
//!   sdfg.map "a" ["i"] = "tile_j - 1":"Min(N, tile_j + 32) + 1" { ... -> {data = "T", subset = #sdfg.range<"i - tile_j + 1">} }
//!   %T = sdfg.access "T"
//!   sdfg.map "b" ["j"] = tile_j:"Min(N - 1, tile_j + 31) + 1" {
//!     ... {data = "T", subset = #sdfg.range<"j - tile_j">} ... {data = "T", subset = #sdfg.range<"j - tile_j + 2">} ... } }
//! ```
//! The halo is the difference of the two ranges: the producer's range
//! reaches `lower` below the consumer's and `upper` above it, per
//! dimension. Options: `tile-sizes` (one per dimension, or one for all;
//! default 128). Preconditions: the maps have as many dimensions, unit
//! steps, no dynamic or parameter-dependent ranges, and share a scope; `T`
//! is a transient array of `Scope` lifetime with this one access node in
//! the SDFG, the producer's only output (its other writes would happen
//! once per overlapping tile); the producer writes `T[i, j, ..]` at its
//! own parameters in order and the consumer reads `T[k + c1, l + c2, ..]`
//! at its own plus constants within the halo (`-lower <= c <= upper`), no
//! WCR; the memlets of `T` join plain nodes (as in SubgraphFusion); and
//! fusing the tile maps conflicts with nothing (see SubgraphFusion).

use super::map_tiling::{nest, tile_names};
use super::place::{self, StateSite};
use super::subgraph_fusion::{between, fuse_outer_maps, fusion_conflicts, relayout, OuterMaps};
use super::{Match, Options, Transformation};
use crate::model::{MapScope, NodeKind, Schedule, Sdfg, State};
use crate::symbolic::{Dim, Expr, Subset};

pub struct BufferTiling;

const DEFAULT_TILE: i64 = 128;

impl Transformation for BufferTiling {
    fn name(&self) -> &'static str {
        "sdfg-buffer-tiling"
    }

    fn summary(&self) -> &'static str {
        "Tile a producer map and the stencil reading its transient together, the transient one tile with its halo"
    }

    fn option_names(&self) -> &'static [&'static str] {
        &["tile-sizes"]
    }

    place::node_matched_in_states!(describe);

    fn apply(&self, sdfg: &mut Sdfg, m: &Match, options: &Options) -> Result<(), String> {
        let sizes = options.positive_list("tile-sizes")?.unwrap_or_else(|| vec![DEFAULT_TILE]);
        let state = place::state(sdfg, &m.place.state).ok_or("match refers to a missing state")?;
        let site = StateSite::new(&m.place.state, state);
        let plan = plan(sdfg, &site, m.place.node).ok_or("match no longer applies")?;
        if sizes.len() != 1 && sizes.len() != plan.lower.len() {
            return Err(format!("tile-sizes has {} values for maps of {} parameters", sizes.len(), plan.lower.len()));
        }
        let sizes: Vec<i64> = (0..plan.lower.len()).map(|d| sizes.get(d).copied().unwrap_or(sizes[0])).collect();
        let names = tile_names(sdfg, state, plan.maps.e2);
        let mut state = state.clone();
        let offsets = tile_both(&mut state, &plan, &sizes, &names)?;
        let inner = vec![state.nodes.len() - 4, state.nodes.len() - 2];
        let shift = |s: &Subset| {
            let dims = s.dims().iter().zip(&offsets).map(|(d, o)| Dim::new(d.start.sub(o).simplify(), d.end.sub(o).simplify(), d.step.clone(), d.tile.clone()));
            Subset::Range(dims.collect())
        };
        fuse_outer_maps(sdfg, &m.place.state, &mut state, &plan.maps, &plan.data, inner, &shift)?;
        *place::state_mut(sdfg, &m.place.state).ok_or("match refers to a missing state")? = state;
        let shape = sizes.iter().zip(plan.lower.iter().zip(&plan.upper)).map(|(s, (l, u))| Expr::int(s + l + u)).collect();
        relayout(sdfg, &plan.data, shape)
    }
}

/// "map 'a' into map 'b' through 'T' (halo 1, 1) in state 's'".
fn describe(sdfg: &Sdfg, site: &StateSite, a: usize) -> Option<String> {
    if !matches!(site.state.nodes[a].kind, NodeKind::Access { .. }) {
        return None;
    }
    let p = plan(sdfg, site, a)?;
    let halo: Vec<String> = p.lower.iter().zip(&p.upper).map(|(l, u)| format!("{l}, {u}")).collect();
    Some(p.maps.describe(sdfg, site, &p.data, &format!("(halo {})", halo.join("; "))))
}

struct Plan {
    data: String,
    maps: OuterMaps,
    /// How far the producer's range reaches below and above the
    /// consumer's, per dimension.
    lower: Vec<i64>,
    upper: Vec<i64>,
}

fn plan(sdfg: &Sdfg, site: &StateSite, a: usize) -> Option<Plan> {
    let b = between(sdfg, site, a)?;
    let (m1, m2) = (b.m1, b.m2);
    // The producer's only output is `T`.
    if site.graph().out_edges(b.maps.x1).len() != 1 {
        return None;
    }
    let unit = |m: &MapScope| m.range.dims().iter().all(|d| d.step.as_int() == Some(1) && d.tile.as_int() == Some(1));
    let n = m1.params.len();
    if !unit(m1) || !unit(m2) || m2.params.len() != n || sdfg.container(&b.data)?.shape.len() != n {
        return None;
    }
    let constant = |e: Expr| e.simplify().as_int();
    let mut lower = Vec::new();
    let mut upper = Vec::new();
    for (d1, d2) in m1.range.dims().iter().zip(m2.range.dims()) {
        lower.push(constant(d2.start.sub(&d1.start)).filter(|&l| l >= 0)?);
        upper.push(constant(d1.end.sub(&d2.end)).filter(|&u| u >= 0)?);
    }
    for (second, dims) in &b.memlets {
        for (d, dim) in dims.iter().enumerate() {
            if !dim.is_index() {
                return None;
            }
            if !second && dim.start.simplify() != Expr::sym(&m1.params[d]) {
                return None;
            }
            if *second {
                let c = constant(dim.start.sub(&Expr::sym(&m2.params[d])))?;
                if c < -lower[d] || c > upper[d] {
                    return None;
                }
            }
        }
    }
    if fusion_conflicts(sdfg, site.graph(), &b.data, &b.maps) {
        return None;
    }
    Some(Plan { data: b.data, maps: b.maps, lower, upper })
}

/// Puts both maps inside maps over the consumer's tiles (parameters
/// `names`), the producer's inner range widened by the halo; returns the
/// origin of each dimension's slice of `T` in a tile (`tile - lower`).
fn tile_both(state: &mut State, p: &Plan, sizes: &[i64], names: &[String]) -> Result<Vec<Expr>, String> {
    let map_of = |state: &State, e: usize| match &state.nodes[e].kind {
        NodeKind::MapEntry { map, exit } => Ok((map.clone(), *exit)),
        _ => Err("not a map entry".to_string()),
    };
    let (m1, x1) = map_of(state, p.maps.e1)?;
    let (m2, x2) = map_of(state, p.maps.e2)?;
    let tiles: Vec<Expr> = names.iter().map(|n| Expr::sym(n)).collect();
    let outer_dims: Vec<Dim> = m2.range.dims().iter().zip(sizes).map(|(d, s)| Dim::new(d.start.clone(), d.end.clone(), Expr::int(*s), Expr::int(1))).collect();
    let outer = MapScope { params: names.to_vec(), range: Subset::Range(outer_dims), schedule: m2.schedule };
    let inner = |m: &MapScope, below: &[i64], above: &[i64]| {
        let dims = m.range.dims().iter().enumerate().map(|(d, dim)| {
            let start = tiles[d].sub(&Expr::int(below[d])).simplify();
            let last = Expr::call("Min", vec![dim.end.clone(), tiles[d].add(&Expr::int(sizes[d] - 1 + above[d]))]).simplify();
            Dim::new(start, last, Expr::int(1), Expr::int(1))
        });
        MapScope { params: m.params.clone(), range: Subset::Range(dims.collect()), schedule: Schedule::Sequential }
    };
    let none = vec![0; sizes.len()];
    nest(state, p.maps.e1, x1, outer.clone(), inner(&m1, &p.lower, &p.upper));
    nest(state, p.maps.e2, x2, outer, inner(&m2, &none, &none));
    Ok(tiles.iter().zip(&p.lower).map(|(t, l)| t.sub(&Expr::int(*l)).simplify()).collect())
}
