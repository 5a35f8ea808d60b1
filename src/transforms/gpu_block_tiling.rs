//! GPU block tiling: a `GPU_Device` map becomes a map over blocks with a
//! `GPU_ThreadBlock` map over one block's iterations inside, a thread per
//! iteration (DaCe's thread-block tiling of GPU kernels). The kernel's
//! block is the tile, recorded as the outer map's `gpu_block_size`; code
//! can then be placed per block between the two maps (e.g. copies into
//! `GPU_Shared` memory by `sdfg-in-local-storage`).
//!
//! ```mlir
//! %e, %x = sdfg.map "m" ["i", "j"] = 0:N, 0:M (GPU_Device) { body }
//! ```
//! with `block-size=32,4` becomes
//! ```mlir
//! %e, %x = sdfg.map "m" ["tile_i", "tile_j"] = 0:N:4, 0:M:32 (GPU_Device, gpu_block_size = [32, 4, 1]) {
//!   %e2, %x2 = sdfg.map "m" ["i", "j"] = tile_i:"Min(N - 1, tile_i + 3) + 1", tile_j:"Min(M - 1, tile_j + 31) + 1" (GPU_ThreadBlock) { body }
//! }
//! ```
//! Option `block-size=X[,Y[,Z]]`: threads on x (the last dimension), y and
//! z; default the map's `gpu_block_size`, else DaCe's 32 x 1 x 1.
//! Preconditions: a `GPU_Device` map of one to three parameters with
//! constant positive steps and no dynamic range inputs, with no
//! thread-block map inside it yet.

use super::map_expansion::has_dynamic_inputs;
use super::place::{self, Within};
use super::{Match, Options, Transformation};
use crate::model::gpu_block::{block_size, DEFAULT_BLOCK, MAX_THREADS_PER_BLOCK};
use crate::model::{NodeKind, Schedule, Sdfg};

pub struct GpuBlockTiling;

impl Transformation for GpuBlockTiling {
    fn local_edits(&self) -> bool {
        true
    }

    fn name(&self) -> &'static str {
        "sdfg-gpu-block-tiling"
    }

    fn summary(&self) -> &'static str {
        "Tile a GPU_Device map by its block: a map over blocks around a GPU_ThreadBlock map over one block"
    }

    fn option_names(&self) -> &'static [&'static str] {
        &["block-size"]
    }

    fn once_per_match(&self) -> bool {
        true
    }

    place::state_matched!(within: matches_within);

    fn apply(&self, sdfg: &mut Sdfg, m: &Match, options: &Options) -> Result<(), String> {
        let state = place::state(sdfg, &m.place.state).ok_or("match refers to a missing state")?;
        let block = match options.positive_list("block-size")? {
            Some(sizes) if sizes.is_empty() || sizes.len() > 3 => return Err("block-size: give X, X,Y or X,Y,Z".into()),
            Some(sizes) => {
                let mut block = [1i64; 3];
                block[..sizes.len()].copy_from_slice(&sizes);
                block
            }
            None => block_size(&state.nodes[m.place.node], DEFAULT_BLOCK)?,
        };
        if block.iter().product::<i64>() > MAX_THREADS_PER_BLOCK {
            return Err(format!("block-size {}x{}x{} has more than {MAX_THREADS_PER_BLOCK} threads", block[0], block[1], block[2]));
        }
        let names = super::map_tiling::tile_names(sdfg, state, m.place.node);
        let dims = names.len();
        // The last parameter runs along x.
        let sizes: Vec<i64> = (0..dims).map(|d| block[dims - 1 - d]).collect();
        let state = place::state_mut(sdfg, &m.place.state).ok_or("match refers to a missing state")?;
        super::map_tiling::tile(state, m.place.node, &sizes, &names)?;
        let inner = state.nodes.len() - 2;
        if let NodeKind::MapEntry { map, .. } = &mut state.nodes[inner].kind {
            map.schedule = Schedule::GpuThreadBlock;
        }
        let entry = &mut state.nodes[m.place.node];
        entry.extra.insert("gpu_block_size".into(), serde_json::json!(block));
        Ok(())
    }
}

/// The GPU_Device maps in the states `within` covers that have no
/// thread-block map inside.
fn matches_within(sdfg: &Sdfg, within: Within) -> Vec<Match> {
    place::map_matches_within(sdfg, within, |site| {
        let map = site.map;
        let dims = map.range.dims();
        let steps_ok = dims.iter().all(|d| d.step.as_int().is_some_and(|s| s > 0));
        let shape_ok = (1..=3).contains(&dims.len()) && steps_ok && !has_dynamic_inputs(site.entry) && !map.has_dependent_ranges();
        let kernel = map.schedule == Schedule::GpuDevice && site.parents[site.node].is_none();
        let blocked = super::scope_subst::inside(site.parents, site.node).into_iter().any(|i| {
            matches!(&site.state.nodes[i].kind, NodeKind::MapEntry { map, .. } if map.schedule == Schedule::GpuThreadBlock)
        });
        (kernel && shape_ok && !blocked).then(|| site.describe_all(sdfg))
    })
}
