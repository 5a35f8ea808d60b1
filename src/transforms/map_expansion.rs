//! MapExpansion: a map over several parameters becomes a map over the first
//! with a sequential map over the others inside.
//!
//! ```mlir
//! %e, %x = sdfg.map "m" ["i", "j"] = 0:N, 0:M { body }
//! ```
//! becomes
//! ```mlir
//! %e, %x = sdfg.map "m" ["i"] = 0:N {
//!   %e2, %x2 = sdfg.map "m" ["j"] = 0:M attributes {schedule = #sdfg.schedule<Sequential>} { body }
//! }
//! ```
//! Preconditions: at least two parameters; no dynamic range inputs. Data
//! entering the inner map is the outer map's (a superset of what one
//! iteration reads, as DaCe allows).

use super::{place, Match, Options, Transformation};
use crate::model::{MapScope, Node, NodeKind, Schedule, Sdfg, State};
use crate::symbolic::Subset;

pub struct MapExpansion;

impl Transformation for MapExpansion {
    fn local_edits(&self) -> bool {
        true
    }
    fn name(&self) -> &'static str {
        "sdfg-map-expansion"
    }

    fn summary(&self) -> &'static str {
        "Split a multi-parameter map into nested one-parameter maps"
    }

    fn matches(&self, sdfg: &Sdfg) -> Vec<Match> {
        place::map_matches(sdfg, |site| {
            let map = site.map;
            (map.params.len() >= 2 && !has_dynamic_inputs(site.entry) && !map.has_dependent_ranges()).then(|| site.describe_all(sdfg))
        })
    }

    fn apply(&self, sdfg: &mut Sdfg, m: &Match, _options: &Options) -> Result<(), String> {
        let state = place::state_mut(sdfg, &m.place.state).ok_or("match refers to a missing state")?;
        expand(state, m.place.node)
    }
}

/// Entry in-connectors that are not `IN_*` define dynamic range symbols.
pub fn has_dynamic_inputs(n: &Node) -> bool {
    crate::model::conn::plain_inputs(n).next().is_some()
}

fn expand(state: &mut State, e: usize) -> Result<(), String> {
    let (map, x) = match &state.nodes[e].kind {
        NodeKind::MapEntry { map, exit } => (map.clone(), *exit),
        _ => return Err("match is not a map entry".into()),
    };
    let Subset::Range(dims) = &map.range;
    let outer = MapScope { params: map.params[..1].to_vec(), range: Subset::Range(dims[..1].to_vec()), schedule: map.schedule };
    let inner = MapScope { params: map.params[1..].to_vec(), range: Subset::Range(dims[1..].to_vec()), schedule: Schedule::Sequential };
    super::map_tiling::nest(state, e, x, outer, inner);
    Ok(())
}
