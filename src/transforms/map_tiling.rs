//! MapTiling: a map becomes a map over tiles with a sequential map over the
//! elements of one tile inside (DaCe's MapTiling).
//!
//! ```mlir
//! %e, %x = sdfg.map "m" ["i"] = 0:N { body }
//! ```
//! with `tile-sizes=32` becomes
//! ```mlir
//! %e, %x = sdfg.map "m" ["tile_i"] = 0:N:32 {
//!   %e2, %x2 = sdfg.map "m" ["i"] = tile_i:"Min(N - 1, tile_i + 31) + 1" attributes {schedule = #sdfg.schedule<Sequential>} { body }
//! }
//! ```
//! Options: `tile-sizes=T1,T2,...` (one per parameter; one value applies to
//! all; default 128). Preconditions: constant positive steps, no dynamic
//! range inputs. Each match is tiled once.

use super::map_expansion::has_dynamic_inputs;
use super::place::{self, Within};
use super::{Match, Options, Transformation};
use crate::model::conn::{self, Side};
use crate::model::{DataEdge, MapScope, Node, NodeKind, Schedule, Sdfg, State};
use crate::symbolic::{Dim, Expr, Subset};

pub struct MapTiling;

const DEFAULT_TILE: i64 = 128;

impl Transformation for MapTiling {
    fn local_edits(&self) -> bool {
        true
    }
    fn name(&self) -> &'static str {
        "sdfg-map-tiling"
    }

    fn summary(&self) -> &'static str {
        "Tile a map: a map over tiles around a sequential map over one tile"
    }

    fn option_names(&self) -> &'static [&'static str] {
        &["tile-sizes"]
    }

    fn once_per_match(&self) -> bool {
        true
    }

    place::state_matched!(within: matches_within);

    fn apply(&self, sdfg: &mut Sdfg, m: &Match, options: &Options) -> Result<(), String> {
        let sizes = options.positive_list("tile-sizes")?.unwrap_or_else(|| vec![DEFAULT_TILE]);
        let state = place::state(sdfg, &m.place.state).ok_or("match refers to a missing state")?;
        let names = tile_names(sdfg, state, m.place.node);
        let state = place::state_mut(sdfg, &m.place.state).ok_or("match refers to a missing state")?;
        tile(state, m.place.node, &sizes, &names)
    }
}

/// The tileable maps in the states `within` covers.
fn matches_within(sdfg: &Sdfg, within: Within) -> Vec<Match> {
    place::map_matches_within(sdfg, within, |site| {
        let map = site.map;
        let steps_ok = map.range.dims().iter().all(|d| d.step.as_int().is_some_and(|s| s > 0));
        (steps_ok && !has_dynamic_inputs(site.entry) && !map.has_dependent_ranges()).then(|| site.describe_all(sdfg))
    })
}

/// The names of the tile parameters of map `e`: `tile_i` for `i`, with
/// underscores in front while the name is taken.
pub fn tile_names(sdfg: &Sdfg, state: &State, e: usize) -> Vec<String> {
    let taken = crate::analysis::symbols::names_taken(sdfg, state, e);
    match &state.nodes.get(e).map(|n| &n.kind) {
        Some(NodeKind::MapEntry { map, .. }) => map.params.iter().map(|p| taken.fresh(&format!("tile_{p}"))).collect(),
        _ => Vec::new(),
    }
}

/// Tiles map `e` with outer parameters `names` (from [`tile_names`]).
pub fn tile(state: &mut State, e: usize, sizes: &[i64], names: &[String]) -> Result<(), String> {
    let (map, x) = match &state.nodes[e].kind {
        NodeKind::MapEntry { map, exit } => (map.clone(), *exit),
        _ => return Err("match is not a map entry".into()),
    };
    let dims = map.range.dims().to_vec();
    if sizes.len() != 1 && sizes.len() != dims.len() {
        return Err(format!("tile-sizes has {} values for a map of {} parameters", sizes.len(), dims.len()));
    }
    let mut outer_params = Vec::new();
    let mut outer_dims = Vec::new();
    let mut inner_dims = Vec::new();
    for (k, d) in dims.iter().enumerate() {
        let size = sizes.get(k).copied().unwrap_or(sizes[0]);
        let step = d.step.as_int().unwrap_or(1);
        let name = names.get(k).cloned().ok_or("no name for a tile parameter")?;
        let tile = Expr::sym(&name);
        outer_dims.push(Dim::new(d.start.clone(), d.end.clone(), Expr::int(step * size), Expr::int(1)));
        let last = Expr::call("Min", vec![d.end.clone(), tile.add(&Expr::int(step * size - 1))]).simplify();
        inner_dims.push(Dim::new(tile.clone(), last, d.step.clone(), d.tile.clone()));
        outer_params.push(name);
    }
    let outer = MapScope { params: outer_params, range: Subset::Range(outer_dims), schedule: map.schedule };
    let inner = MapScope { params: map.params.clone(), range: Subset::Range(inner_dims), schedule: Schedule::Sequential };
    nest(state, e, x, outer, inner);
    Ok(())
}

/// Gives map `e`/`x` the `outer` scope and puts a new map with `inner`
/// around its body (the same connectors; outer memlets pass inside).
pub fn nest(state: &mut State, e: usize, x: usize, outer: MapScope, inner: MapScope) {
    let (e2, x2) = (state.nodes.len(), state.nodes.len() + 1);
    let entry = state.nodes[e].clone();
    let exit = state.nodes[x].clone();
    // The partners of one side's pass-through connectors.
    let passed = |conns: &[crate::model::Connector], from: Side| -> Vec<crate::model::Connector> {
        conns.iter().filter_map(|(c, t)| conn::base(from, c).map(|r| (conn::named(from.other(), r), t.clone()))).collect()
    };
    state.nodes.push(Node {
        kind: NodeKind::MapEntry { map: inner, exit: x2 },
        in_connectors: passed(&entry.out_connectors, Side::Out),
        extra: Default::default(),
        ..entry.clone()
    });
    state.nodes.push(Node {
        kind: NodeKind::MapExit { entry: e2 },
        out_connectors: passed(&exit.in_connectors, Side::In),
        extra: Default::default(),
        ..exit.clone()
    });
    if let NodeKind::MapEntry { map, .. } = &mut state.nodes[e].kind {
        *map = outer;
    }
    for edge in &mut state.edges {
        if edge.src == e {
            edge.src = e2;
        }
        if edge.dst == x {
            edge.dst = x2;
        }
    }
    let mut added = Vec::new();
    for edge in state.edges.iter().filter(|d| d.dst == e) {
        if let Some(x) = edge.dst_conn.as_deref().and_then(conn::in_base) {
            added.push(DataEdge {
                src: e,
                src_conn: Some(conn::out_conn(x)),
                dst: e2,
                dst_conn: Some(conn::in_conn(x)),
                memlet: edge.memlet.clone(),
                loc: edge.loc.clone(),
            });
        }
    }
    for edge in state.edges.iter().filter(|d| d.src == x) {
        if let Some(x_) = edge.src_conn.as_deref().and_then(conn::out_base) {
            added.push(DataEdge {
                src: x2,
                src_conn: Some(conn::out_conn(x_)),
                dst: x,
                dst_conn: Some(conn::in_conn(x_)),
                memlet: edge.memlet.clone(),
                loc: edge.loc.clone(),
            });
        }
    }
    // Scopes are told by edges: keep the inner map inside the outer one.
    if !added.iter().any(|d| d.dst == e2) {
        added.push(DataEdge { src: e, src_conn: None, dst: e2, dst_conn: None, memlet: Default::default(), loc: entry.loc.clone() });
    }
    if !added.iter().any(|d| d.src == x2) {
        added.push(DataEdge { src: x2, src_conn: None, dst: x, dst_conn: None, memlet: Default::default(), loc: exit.loc.clone() });
    }
    state.edges.extend(added);
}
