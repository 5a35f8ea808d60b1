//! MapDimShuffle: reorders the parameters of a map (DaCe's MapDimShuffle).
//!
//! ```mlir
//! %e, %x = sdfg.map "m" ["i", "j"] = 0:N, 0:M { body }
//! ```
//! with `order=j,i` becomes
//! ```mlir
//! %e, %x = sdfg.map "m" ["j", "i"] = 0:M, 0:N { body }
//! ```
//! Each parameter keeps its range; the body is unchanged. The first
//! parameter is the one a parallel schedule distributes, so this chooses
//! which dimension runs on threads and which is innermost. Options:
//! `order=p1,p2,...`, a permutation of the map's parameters (default: the
//! reverse order). Preconditions: at least two parameters, no dynamic range
//! inputs, no range mentions a parameter of the same map. Each match is
//! applied once.

use super::map_expansion::has_dynamic_inputs;
use super::place::{self, Within};
use super::{Match, Options, Transformation};
use crate::model::{NodeKind, Sdfg};
use crate::symbolic::Subset;

pub struct MapDimShuffle;

impl Transformation for MapDimShuffle {
    fn local_edits(&self) -> bool {
        true
    }
    fn name(&self) -> &'static str {
        "sdfg-map-dim-shuffle"
    }

    fn summary(&self) -> &'static str {
        "Reorder the parameters of a map"
    }

    fn option_names(&self) -> &'static [&'static str] {
        &["order"]
    }

    fn once_per_match(&self) -> bool {
        true
    }

    place::state_matched!(within: matches_within);

    fn apply(&self, sdfg: &mut Sdfg, m: &Match, options: &Options) -> Result<(), String> {
        if !matches_within(sdfg, Within::State(&m.place.state)).iter().any(|x| x.place == m.place) {
            return Err("match no longer applies".into());
        }
        let state = place::state_mut(sdfg, &m.place.state).ok_or("match refers to a missing state")?;
        let Some(NodeKind::MapEntry { map, .. }) = state.nodes.get_mut(m.place.node).map(|n| &mut n.kind) else {
            return Err("match is not a map entry".into());
        };
        let order: Vec<String> = match options.get("order") {
            Some(v) => v.split([',', ' ']).filter(|s| !s.is_empty()).map(str::to_string).collect(),
            None => map.params.iter().rev().cloned().collect(),
        };
        let mut positions = Vec::new();
        for p in &order {
            let k = map.params.iter().position(|q| q == p).ok_or_else(|| format!("order: '{p}' is not a parameter of the map ({})", map.params.join(", ")))?;
            if positions.contains(&k) {
                return Err(format!("order: '{p}' is given twice"));
            }
            positions.push(k);
        }
        if positions.len() != map.params.len() {
            return Err(format!("order: give every parameter of the map once ({})", map.params.join(", ")));
        }
        let dims = map.range.dims().to_vec();
        map.range = Subset::Range(positions.iter().map(|&k| dims[k].clone()).collect());
        map.params = order;
        Ok(())
    }
}

/// The maps of at least two parameters in the states `within` covers.
fn matches_within(sdfg: &Sdfg, within: Within) -> Vec<Match> {
    place::map_matches_within(sdfg, within, |site| {
        let map = site.map;
        let shuffle = map.params.len() >= 2 && map.range.dims().len() == map.params.len();
        (shuffle && !map.has_dependent_ranges() && !has_dynamic_inputs(site.entry)).then(|| site.describe_all(sdfg))
    })
}
