//! Transformations of SDFGs, one per file.
//!
//! A transformation has a pure matcher (DaCe's `can_be_applied`), listing
//! every place it applies with a stable index, and an `apply` for one match.
//! `sdfg-opt --<flag>` applies it to every match (or to `match=K`);
//! `sdfg-opt --sdfg-list-matches=<flag>` prints the matches.

pub mod constant_propagation;
pub mod gpu_block_tiling;
mod gpu_registers;
mod array_copy;
pub mod auto_optimize;
pub mod aug_assign_to_wcr;
pub mod accumulate_transient;
pub mod array_elimination;
pub mod buffer_tiling;
pub mod consolidate_edges;
pub mod dead_dataflow_elimination;
pub mod dead_state_elimination;
pub mod edits;
pub mod double_buffering;
pub mod history;
pub mod in_local_storage;
pub mod inline_control_flow_regions;
pub mod inline_multistate_sdfg;
mod inline_plan;
pub mod inline_sdfg;
mod inline_window;
pub mod library_expansion;
mod local_storage;
mod local_storage_copy;
pub mod loop_lifting;
pub mod loop_peeling;
pub mod loop_body;
pub mod loop_to_map;
pub mod loop_unroll;
mod loop_unroll_partial;
pub mod loops;
pub mod map_collapse;
pub mod map_dim_shuffle;
pub mod map_expansion;
pub mod map_fission;
pub mod map_fusion;
pub mod otf_map_fusion;
pub mod map_fusion_horizontal;
mod map_fusion_rounds;
pub mod map_interchange;
mod map_merge;
pub mod map_tiling;
pub mod map_to_gemm;
pub mod map_to_for_loop;
pub mod map_unroll;
pub mod nest;
pub mod nest_sdfg;
pub mod nested;
pub mod map_reduce_fusion;
pub mod map_wcr_fusion;
pub mod move_loop_into_map;
mod options;
pub mod out_local_storage;
pub mod pipeline;
pub mod place;
pub mod propagate_memlets;
pub mod prune_connectors;
pub mod redundant_array;
pub mod refine_nested_access;
pub mod redundant_second_array;
pub mod remove_slice_view;
pub mod remove_unused_symbols;
pub mod scalar_to_symbol;
mod scalar_to_symbol_code;
mod scalar_to_symbol_plan;
pub mod scope_subst;
pub mod fpga_banks;
pub mod fpga_local_storage;
pub mod fpga_transform;
pub mod fpga_transform_state;
mod streaming;
pub mod streaming_composition;
pub mod streaming_memory;
pub mod gpu_transform;
pub mod simplify;
pub mod state_fusion;
mod state_fusion_check;
pub mod symbol_propagation;
pub mod symbol_subst;
pub mod strip_mining;
pub mod subgraph_fusion;
pub mod tasklet_fusion;
pub mod trivial_map_elimination;
pub mod trivial_tasklet_elimination;
pub mod placement;
pub mod tile_wcr;
pub mod use_index;
pub mod uses;
pub mod vectorization;

use crate::model::Sdfg;
pub use options::Options;
pub use place::{Place, StatePath};

/// Where a transformation applies, and a one-line description of it.
#[derive(Clone, Debug, PartialEq)]
pub struct Match {
    pub place: Place,
    pub description: String,
}

/// A transformation usable from `sdfg-opt`.
pub trait Transformation: Sync {
    /// The kebab-case flag (`sdfg-map-collapse`).
    fn name(&self) -> &'static str;
    fn summary(&self) -> &'static str;
    /// Every place it applies, in a stable order.
    fn matches(&self, sdfg: &Sdfg) -> Vec<Match>;
    /// Applies it at one match (found by `matches` on this same SDFG).
    fn apply(&self, sdfg: &mut Sdfg, m: &Match, options: &Options) -> Result<(), String>;
    /// Applies it at its first match until none is left (at most `limit`
    /// times); returns how often. Transformations that can apply many
    /// matches from one search override it.
    fn apply_everywhere(&self, sdfg: &mut Sdfg, options: &Options, limit: usize) -> Result<usize, String> {
        let mut count = 0;
        if self.state_local() {
            // Each state until it has no match left; then the loop below
            // looks for matches one application made in an earlier state.
            let paths: Vec<place::StatePath> = place::states(sdfg).into_iter().map(|(p, _)| p).collect();
            for path in &paths {
                while count < limit {
                    let Some(m) = self.matches_in_state(sdfg, path, options)?.into_iter().next() else { break };
                    self.apply(sdfg, &m, options)?;
                    edits::applied(self.local_edits(), sdfg, &m);
                    count += 1;
                }
            }
        }
        while count < limit {
            let Some(m) = self.first_match(sdfg, options)? else { break };
            self.apply(sdfg, &m, options)?;
            edits::applied(self.local_edits(), sdfg, &m);
            count += 1;
        }
        Ok(count)
    }
    /// The first of [`Transformation::matches_with`]. Transformations whose
    /// matches are costly to list override it to stop at the first one, so
    /// that applying everywhere does not list every match after each step.
    fn first_match(&self, sdfg: &Sdfg, options: &Options) -> Result<Option<Match>, String> {
        Ok(self.matches_with(sdfg, options)?.into_iter().next())
    }
    /// The options it understands (besides `match`).
    fn option_names(&self) -> &'static [&'static str] {
        &[]
    }
    /// The matches under these options (a bound on the size of what it
    /// rewrites, say); by default the same as `matches`.
    fn matches_with(&self, sdfg: &Sdfg, _options: &Options) -> Result<Vec<Match>, String> {
        Ok(self.matches(sdfg))
    }
    /// The matches of [`Transformation::matches_with`] in the state at
    /// `path`. Matchers that look at one state at a time override it, so
    /// that a driver re-checks the one state it changed, not the SDFG.
    fn matches_in_state(&self, sdfg: &Sdfg, path: &[place::Step], options: &Options) -> Result<Vec<Match>, String> {
        Ok(self.matches_with(sdfg, options)?.into_iter().filter(|m| m.place.state == path).collect())
    }
    /// Whether its matches are found state by state
    /// ([`Transformation::matches_in_state`] overridden) and an application
    /// changes only its own state's dataflow (and containers), never the
    /// control flow, so that applying everywhere can visit one state at a
    /// time instead of searching the whole SDFG after each application.
    fn state_local(&self) -> bool {
        false
    }
    /// Whether an application changes only the dataflow of its match's
    /// state and the SDFG's declarations (containers, symbols, constants),
    /// never another state or the control flow, so that its pass rebuilds
    /// only those ops. An override of `apply_everywhere` must count every
    /// change it makes as an application.
    fn local_edits(&self) -> bool {
        self.state_local()
    }
    /// Whether "everywhere" means each initial match once (its result
    /// would match again, as a tiled map does) rather than until none is left.
    fn once_per_match(&self) -> bool {
        false
    }
    /// Whether it already works through nested SDFGs itself (pipelines), so
    /// `nested` must not take it there again.
    fn recurses(&self) -> bool {
        false
    }
}

/// Every transformation, by flag.
pub fn all() -> &'static [&'static dyn Transformation] {
    &[
        &loop_to_map::LoopToMap,
        &loop_unroll::LoopUnroll,
        &loop_peeling::LoopPeeling,
        &move_loop_into_map::MoveLoopIntoMap,
        &map_collapse::MapCollapse,
        &map_expansion::MapExpansion,
        &map_fission::MapFission,
        &map_fusion::MapFusion,
        &otf_map_fusion::OtfMapFusion,
        &subgraph_fusion::SubgraphFusion,
        &buffer_tiling::BufferTiling,
        &map_fusion_horizontal::MapFusionHorizontal,
        &map_interchange::MapInterchange,
        &map_tiling::MapTiling,
        &map_to_for_loop::MapToForLoop,
        &map_to_gemm::MapToGemm,
        &map_unroll::MapUnroll,
        &gpu_transform::GpuTransform,
        &fpga_transform::FpgaTransform,
        &fpga_local_storage::FpgaLocalStorage,
        &fpga_transform_state::FpgaTransformState,
        &streaming_composition::StreamingComposition,
        &streaming_memory::StreamingMemory,
        &gpu_block_tiling::GpuBlockTiling,
        &state_fusion::StateFusion,
        &strip_mining::StripMining,
        &dead_state_elimination::DeadStateElimination,
        &trivial_map_elimination::TrivialMapElimination,
        &trivial_tasklet_elimination::TrivialTaskletElimination,
        &constant_propagation::ConstantPropagation,
        &redundant_array::RedundantArray,
        &redundant_second_array::RedundantSecondArray,
        &dead_dataflow_elimination::DeadDataflowElimination,
        &array_elimination::ArrayElimination,
        &consolidate_edges::ConsolidateEdges,
        &inline_sdfg::InlineSdfg,
        &inline_control_flow_regions::InlineControlFlowRegions,
        &inline_multistate_sdfg::InlineMultistateSdfg,
        &propagate_memlets::PropagateMemlets,
        &prune_connectors::PruneConnectors,
        &refine_nested_access::RefineNestedAccess,
        &nest_sdfg::NestSdfg,
        &remove_slice_view::RemoveSliceView,
        &symbol_propagation::SymbolPropagation,
        &tasklet_fusion::TaskletFusion,
        &vectorization::Vectorization,
        &double_buffering::DoubleBuffering,
        &map_dim_shuffle::MapDimShuffle,
        &in_local_storage::IN_LOCAL_STORAGE,
        &out_local_storage::OUT_LOCAL_STORAGE,
        &accumulate_transient::AccumulateTransient,
        &map_reduce_fusion::MapReduceFusion,
        &map_wcr_fusion::MapWcrFusion,
        &scalar_to_symbol::ScalarToSymbolPromotion,
        &remove_unused_symbols::RemoveUnusedSymbols,
        &tile_wcr::TileWcr,
        &aug_assign_to_wcr::AugAssignToWcr,
        &library_expansion::LibraryExpansion,
        &simplify::Simplify,
        &auto_optimize::AutoOptimize,
    ]
}

pub fn find(name: &str) -> Option<&'static dyn Transformation> {
    all().iter().copied().find(|t| t.name() == name)
}

/// Applies `t` at match `options.match` of `nested::matches_deep` only, or
/// else everywhere in the SDFG and its nested SDFGs. This is what `sdfg-opt`
/// does with a transformation flag.
pub fn apply_deep(t: &dyn Transformation, sdfg: &mut Sdfg, options: &Options, limit: usize) -> Result<usize, String> {
    options.check(t)?;
    if let Some(k) = options.match_index()? {
        let matches = nested::matches_deep(t, sdfg, options)?;
        let m = matches
            .get(k)
            .ok_or_else(|| format!("{}: match {k} does not exist ({} matches)", t.name(), matches.len()))?;
        nested::apply_at(t, sdfg, m, options)?;
        return Ok(1);
    }
    nested::apply_everywhere_deep(t, sdfg, options, limit)
}

/// Applies `t` at match `options.match` only, or else repeatedly at its
/// first match until none is left (at most `limit` times). Returns how many
/// times it applied.
pub fn apply(t: &dyn Transformation, sdfg: &mut Sdfg, options: &Options, limit: usize) -> Result<usize, String> {
    options.check(t)?;
    if let Some(k) = options.match_index()? {
        let matches = t.matches_with(sdfg, options)?;
        let m = matches
            .get(k)
            .ok_or_else(|| format!("{}: match {k} does not exist ({} matches)", t.name(), matches.len()))?;
        t.apply(sdfg, m, options)?;
        edits::applied(t.local_edits(), sdfg, m);
        return Ok(1);
    }
    if t.once_per_match() {
        // New nodes are appended, so later matches keep their indices; go
        // backwards anyway in case a transformation removes some.
        // A match an earlier application changed is skipped.
        let matches = t.matches_with(sdfg, options)?;
        let mut count = 0;
        for m in matches.iter().rev() {
            // Until one applies, the SDFG is the one the matches came from;
            // after that, re-check the match's own state.
            if count == 0 || t.matches_in_state(sdfg, &m.place.state, options)?.iter().any(|now| now.place == m.place) {
                t.apply(sdfg, m, options)?;
                edits::applied(t.local_edits(), sdfg, m);
                count += 1;
            }
        }
        return Ok(count);
    }
    t.apply_everywhere(sdfg, options, limit)
}
