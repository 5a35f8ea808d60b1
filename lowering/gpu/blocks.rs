//! Kernels whose threads work together: a `GPU_Device` map with
//! `GPU_ThreadBlock` maps inside (its own, or its nested SDFGs') runs one
//! block per iteration. Every thread of the block runs the map's body;
//! a thread-block map gives each thread its own iterations (thread `t`
//! takes `t`, `t + B`, ... for `B` threads on that axis) and ends with a
//! barrier, as DaCe's `__syncthreads()`. A `GPU_Device` map inside such a
//! kernel (DaCe's GPU auto-optimize nests them in thread-block SDFGs)
//! shares its iterations among the block's threads the same way.
//!
//! ```text
//! map o = 0:N (GPU_Device)              gpu.launch blocks(N) threads(32)
//!   map t = 0:32 (GPU_ThreadBlock)  =>    o = block_id.x (grid-stride loop)
//!     tasklet                             scf.for t = thread_id.x to 32 step 32 { tasklet }
//!   tasklet                               gpu.barrier
//!                                         tasklet (every thread)
//! ```
//!
//! The block's shape is the map's `gpu_block_size`, else the largest
//! constant extent of its thread-block maps on each axis (the last
//! dimension is x), else the default block. DaCe's `warpReduce` combines
//! the values of a warp's 32 threads through a scratch buffer in GPU
//! memory, one slot per thread of the grid, between two barriers.

use crate::lowering::arith::Op;
use crate::lowering::builder::Val;
use crate::lowering::function::FnGen;
use crate::lowering::state::StateCx;
use crate::lowering::types::Ty;
use crate::model::{MapScope, NodeKind, Schedule, State};
use crate::transforms::place;

/// The threads of a warp, which `warpReduce` combines.
const WARP: i64 = 32;

/// The block of the kernel being lowered.
#[derive(Clone, Debug)]
pub struct BlockKernel {
    /// Threads on x, y and z.
    pub threads: [i64; 3],
    /// Thread-block maps around the code being lowered.
    pub depth: usize,
    /// Whether every thread of the block reaches the code being lowered
    /// (each thread-block map around it has one iteration per thread and
    /// no loop of varying length is in between): barriers may go there.
    pub uniform: bool,
    /// The `warpReduce` buffer: a slot per thread of the grid.
    pub scratch: Option<Val>,
}

/// What the scope of a `GPU_Device` map holds that makes it a block
/// kernel.
#[derive(Default)]
pub struct BlockUse {
    /// The thread-block maps (and device maps nested in the kernel).
    pub maps: Vec<MapScope>,
    /// Whether a C++ tasklet calls `warpReduce`.
    pub warp_reduce: bool,
}

/// The thread-block maps in the scope of the map at `entry` and in the
/// SDFGs nested there.
pub fn block_use(state: &State, within: &dyn Fn(usize) -> bool) -> BlockUse {
    let mut found = BlockUse::default();
    collect(state, within, &mut found);
    found
}

fn collect(state: &State, within: &dyn Fn(usize) -> bool, found: &mut BlockUse) {
    for (_, node) in state.nodes.iter().enumerate().filter(|(i, _)| within(*i)) {
        match &node.kind {
            NodeKind::MapEntry { map, .. } if map.schedule.is_gpu() || map.schedule == Schedule::GpuDefault => {
                found.maps.push(map.clone())
            }
            NodeKind::Tasklet { code } if code.language == "CPP" => {
                // Code that does not parse is refused where it is lowered.
                let calls = crate::tasklet::parse_cpp(&code.code).map(|stmts| crate::tasklet::analyze(&stmts).calls).unwrap_or_default();
                found.warp_reduce |= calls.iter().any(|c| c.starts_with(crate::tasklet::WARP_REDUCE));
            }
            NodeKind::NestedSdfg { sdfg, .. } => {
                for (_, inner) in place::states(sdfg) {
                    collect(inner, &|_| true, found);
                }
            }
            _ => {}
        }
    }
}

/// The block of a kernel: `given` (the map's `gpu_block_size`), else the
/// largest constant extent of the thread-block maps on each axis, else
/// `default`.
pub fn block_threads(maps: &[MapScope], given: Option<[i64; 3]>, default: [i64; 3]) -> [i64; 3] {
    if let Some(block) = given {
        return block;
    }
    let mut block = [0i64; 3];
    for map in maps.iter().filter(|m| m.schedule == Schedule::GpuThreadBlock) {
        let dims = map.range.dims();
        let Some(counts) = dims.iter().map(constant_count).collect::<Option<Vec<i64>>>() else { continue };
        for (d, count) in counts.iter().enumerate().take(3) {
            let axis = dims.len() - 1 - d;
            if axis < 3 {
                block[axis] = block[axis].max(*count);
            }
        }
    }
    if block[0] == 0 {
        return default;
    }
    block.map(|b| b.max(1))
}

/// Iterations of a range known when compiling.
fn constant_count(dim: &crate::symbolic::Dim) -> Option<i64> {
    let span = dim.end.sub(&dim.start).simplify().as_int()?;
    let step = dim.step.as_int().filter(|s| *s > 0)?;
    Some((span.div_euclid(step) + 1).max(0))
}

impl FnGen<'_, '_> {
    /// Lowers the thread-block map at `entry` (or a device map inside a
    /// block kernel): each thread takes its share of the iterations, then
    /// waits for the block.
    pub fn thread_block_map(&mut self, cx: &StateCx, entry: usize) -> Result<(), String> {
        let node = &cx.state.nodes[entry];
        let NodeKind::MapEntry { map, .. } = &node.kind else { unreachable!() };
        let mut block = self.block.clone().expect("inside a block kernel");
        let dims = map.range.dims().to_vec();
        if dims.len() > 3 {
            return Err(format!("{} map '{}' has {} dimensions; the threads of a block have three (x, y, z)", map.schedule.as_str(), node.label, dims.len()));
        }
        if map.has_dependent_ranges() {
            return Err(format!("the ranges of {} map '{}' depend on its own parameters", map.schedule.as_str(), node.label));
        }
        let scope = self.dynamic_range_inputs(cx, entry)?;
        self.scopes.push(scope);
        self.check_map_memlets(cx, entry, map)?;
        let n = dims.len();
        let mut uniform = block.uniform && (n..3).all(|a| block.threads[a] == 1);
        for (d, (param, dim)) in map.params.iter().zip(&dims).enumerate() {
            let axis = n - 1 - d;
            uniform &= constant_count(dim) == Some(block.threads[axis]);
            let start = self.int(&dim.start)?;
            let end = self.int(&dim.end)?;
            let step = self.int(&dim.step)?;
            if dim.step.as_int().is_none_or(|s| s <= 0) {
                return Err(format!("step '{}' of {} map '{}' is not a positive constant", dim.step, map.schedule.as_str(), node.label));
            }
            let span = self.b.binary(Op::Sub, &end, &start)?;
            let whole = self.b.binary(Op::FloorDiv, &span, &step)?;
            let one = self.b.i64(1);
            let count = self.b.binary(Op::Add, &whole, &one)?;
            let tid = self.b.gpu_index("gpu.thread_id", axis);
            let threads = self.b.i64(block.threads[axis]);
            let k = self.b.begin_for(&tid, &count, &threads, &[]).iv;
            let off = self.b.binary(Op::Mul, &k, &step)?;
            let value = self.b.binary(Op::Add, &start, &off)?;
            self.scopes.last_mut().expect("scope pushed").insert(param.clone(), value);
        }
        let outer = self.block.clone();
        block.depth += 1;
        block.uniform = uniform;
        self.block = Some(block);
        let result = self.scoped_body(cx, entry);
        self.block = outer;
        result?;
        for _ in 0..n {
            self.b.end();
        }
        if self.block.as_ref().is_some_and(|b| b.depth == 0) {
            self.b.gpu_barrier();
        }
        self.scopes.pop();
        Ok(())
    }

    /// The thread's place in its block of `threads` (x fastest), and the
    /// number of threads.
    fn block_lane(&mut self, threads: [i64; 3]) -> Result<(Val, Val), String> {
        let [tx, ty, tz] = threads;
        let mut lane = self.b.gpu_index("gpu.thread_id", 0);
        for (axis, stride) in [(1, tx), (2, tx * ty)] {
            let id = self.b.gpu_index("gpu.thread_id", axis);
            let s = self.b.i64(stride);
            let off = self.b.binary(Op::Mul, &id, &s)?;
            lane = self.b.binary(Op::Add, &lane, &off)?;
        }
        Ok((lane, self.b.i64(tx * ty * tz)))
    }

    /// Where a copy between `src` and `dst` is the block's work, shared
    /// among its threads (outside thread-block maps, between containers
    /// no thread holds alone): the first element of this thread and the
    /// stride. Elsewhere each thread copies all of it.
    pub fn block_share_of_copy(&mut self, src: &str, dst: &str) -> Result<Option<(Val, Val)>, String> {
        let Some(block) = self.block.clone().filter(|b| b.depth == 0) else { return Ok(None) };
        if [src, dst].iter().any(|n| self.private.contains(*n) || self.registers.contains_key(*n)) {
            return Ok(None);
        }
        self.block_lane(block.threads).map(Some)
    }

    /// DaCe's `warpReduce<kind>`: `v` combined over the 32 threads of the
    /// calling thread's warp (the threads of the block in x, then y, then
    /// z order, 32 at a time), as every one of them gets it.
    pub fn warp_reduce(&mut self, kind: &str, v: &Val) -> Result<Val, String> {
        let Some(block) = self.block.clone() else {
            return Err("warpReduce outside a kernel with GPU_ThreadBlock maps".into());
        };
        if !block.uniform {
            return Err("warpReduce where not every thread of the block arrives (in a loop of varying length or a thread-block map with fewer iterations than threads)".into());
        }
        let Some(scratch) = block.scratch.clone() else {
            return Err("warpReduce in an SDFG nested in a kernel: the GPU back end supports it in the kernel's own SDFG".into());
        };
        if v.ty.is_complex() || v.ty.bytes() > 8 {
            return Err(format!("warpReduce of a {:?} value: the GPU back end reduces scalars of up to 8 bytes", v.ty));
        }
        let (lane, total) = self.block_lane(block.threads)?;
        let mut block_id = self.b.gpu_index("gpu.block_id", 2);
        for axis in [1, 0] {
            let grid = self.b.gpu_index("gpu.grid_dim", axis);
            let id = self.b.gpu_index("gpu.block_id", axis);
            let scaled = self.b.binary(Op::Mul, &block_id, &grid)?;
            block_id = self.b.binary(Op::Add, &scaled, &id)?;
        }
        let base = self.b.binary(Op::Mul, &block_id, &total)?;
        let mine = self.b.binary(Op::Add, &base, &lane)?;
        let at = self.b.gep(&scratch, &mine, v.ty);
        self.b.store(v, &at, v.ty);
        self.b.gpu_barrier();
        let warp = self.b.i64(WARP);
        let warp_index = self.b.binary(Op::FloorDiv, &lane, &warp)?;
        let first_lane = self.b.binary(Op::Mul, &warp_index, &warp)?;
        let left = self.b.binary(Op::Sub, &total, &first_lane)?;
        let lanes = self.b.binary(Op::Min, &left, &warp)?;
        let first = self.b.binary(Op::Add, &base, &first_lane)?;
        let at = self.b.gep(&scratch, &first, v.ty);
        let init = self.b.load(&at, v.ty);
        let one = self.b.i64(1);
        let lp = self.b.begin_for(&one, &lanes, &one, &[init]);
        let slot = self.b.binary(Op::Add, &first, &lp.iv)?;
        let at = self.b.gep(&scratch, &slot, v.ty);
        let other = self.b.load(&at, v.ty);
        let combined = self.reduce_pair(kind, &lp.carried[0], &other)?;
        self.b.end_with(&[combined]);
        // Nobody writes the buffer again before all have read it.
        self.b.gpu_barrier();
        Ok(lp.results[0].clone())
    }

    /// `threadIdx.x`, `blockIdx.y`, `blockDim.z`, `gridDim.x`, ...: the
    /// thread's coordinates in a kernel.
    pub fn gpu_coordinate(&mut self, name: &str) -> Result<Val, String> {
        if self.kernel.is_none() {
            return Err(format!("'{name}' outside a GPU kernel"));
        }
        let (base, axis) = name.split_once('.').expect("a GPU coordinate");
        let axis = ["x", "y", "z"].iter().position(|a| *a == axis).expect("a GPU coordinate");
        let op = match base {
            "threadIdx" => "gpu.thread_id",
            "blockIdx" => "gpu.block_id",
            "blockDim" => "gpu.block_dim",
            _ => "gpu.grid_dim",
        };
        Ok(self.b.gpu_index(op, axis))
    }

    /// Two values combined by the reduction `kind` (DaCe's ReductionType).
    fn reduce_pair(&mut self, kind: &str, a: &Val, b: &Val) -> Result<Val, String> {
        let op = match kind {
            "Sum" => Op::Add,
            "Product" => Op::Mul,
            "Min" => Op::Min,
            "Max" => Op::Max,
            "Bitwise_And" => Op::BitAnd,
            "Bitwise_Or" => Op::BitOr,
            "Bitwise_Xor" => Op::BitXor,
            other => return Err(format!("warpReduce with ReductionType::{other}: the GPU back end has Sum, Product, Min, Max and the bitwise ones")),
        };
        self.b.binary(op, a, b)
    }

    /// The scratch buffer of the `warpReduce` calls of a kernel launched
    /// with `blocks` blocks of `threads`.
    pub fn warp_scratch(&mut self, blocks: &[Val; 3], threads: [i64; 3]) -> Result<Val, String> {
        let xy = self.b.binary(Op::Mul, &blocks[0], &blocks[1])?;
        let all = self.b.binary(Op::Mul, &xy, &blocks[2])?;
        self.gpu_scratch("warpReduce scratch", &all, threads.iter().product())
    }

    /// A buffer of GPU memory with an 8-byte slot per thread of a launch
    /// of `blocks` blocks of `threads`: allocated on the host before the
    /// launch, freed by the caller after it.
    pub fn gpu_scratch(&mut self, label: &str, blocks: &Val, threads: i64) -> Result<Val, String> {
        let per_block = self.b.i64(threads);
        let slots = self.b.binary(Op::Mul, blocks, &per_block)?;
        let label = self.module.string_constant(label);
        let text = self.b.address_of(&label);
        let eight = self.b.i64(8);
        Ok(self.b.call_external_value("__sdfg_gpu_alloc", &[text, slots, eight], Ty::Ptr))
    }
}

/// Whether a map inside a block kernel shares its iterations among the
/// block's threads.
pub fn shares_among_threads(map: &MapScope) -> bool {
    matches!(map.schedule, Schedule::GpuThreadBlock | Schedule::GpuDevice | Schedule::GpuDefault)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::symbolic::{Dim, Expr, Subset};

    fn tb(extents: &[&str]) -> MapScope {
        let dims = extents.iter().map(|e| Dim::range(Expr::int(0), crate::symbolic::parse(e).unwrap().sub(&Expr::int(1)))).collect();
        MapScope { params: extents.iter().enumerate().map(|(i, _)| format!("t{i}")).collect(), range: Subset::Range(dims), schedule: Schedule::GpuThreadBlock }
    }

    #[test]
    fn the_block_follows_the_thread_block_maps() {
        assert_eq!(block_threads(&[tb(&["32"])], None, [64, 1, 1]), [32, 1, 1]);
        assert_eq!(block_threads(&[tb(&["4", "16"]), tb(&["8"])], None, [64, 1, 1]), [16, 4, 1]);
        assert_eq!(block_threads(&[tb(&["N"])], None, [64, 1, 1]), [64, 1, 1]);
        assert_eq!(block_threads(&[tb(&["32"])], Some([128, 1, 1]), [64, 1, 1]), [128, 1, 1]);
    }
}
