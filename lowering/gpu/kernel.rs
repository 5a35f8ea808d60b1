//! A `GPU_Device` map as a kernel launch. One GPU thread runs one
//! iteration: the map's last dimension is the grid's x axis, the one before
//! it y, and all others together z (as DaCe lays out its CUDA grids), each
//! axis cut into blocks of the map's `gpu_block_size` (else the lowering's
//! default, DaCe's 32 x 1 x 1). Where y or z would need more than CUDA's
//! 65,535 blocks the grid stops there and those threads loop (on Vulkan,
//! whose grids stop at 65,535 on every axis, x too). The launch
//! is written as a `gpu.launch` region in the host function; kernel
//! outlining turns it into a `gpu.func` whose arguments are the values the
//! region uses from the host (device pointers, symbol values, scalars read
//! on the host before the launch).
//!
//! ```text
//! map [i=0:N, j=0:M] (GPU_Device)        gpu.launch blocks(ceil(M/32), min(N, 65535), 1) threads(32, 1, 1)
//!   tasklet                        =>      j = bid.x * 32 + tid.x
//!                                          scf.if j < M { scf.for i = bid.y to N step grid.y { tasklet } }
//! ```

use crate::lowering::arith::Op;
use crate::lowering::builder::regions::GpuIds;
use crate::lowering::builder::Val;
use crate::lowering::function::{Base, Container, FnGen};
use crate::lowering::locals::sdfg_key;
use crate::lowering::state::{inside_scope, StateCx};
use crate::lowering::types::Ty;
use crate::model::{DataKind, NodeKind, Schedule};

pub use crate::model::gpu_block::{parse_block_size, DEFAULT_BLOCK};
use crate::model::gpu_block::{block_size, MAX_THREADS_PER_BLOCK};
/// CUDA's grid limits in blocks (x, y, z).
const MAX_GRID: [i64; 3] = [(1 << 31) - 1, 65535, 65535];

impl FnGen<'_, '_> {
    /// Lowers the `GPU_Device` map at `entry` to a kernel launch.
    pub fn gpu_map(&mut self, cx: &StateCx, entry: usize) -> Result<(), String> {
        let node = &cx.state.nodes[entry];
        let NodeKind::MapEntry { map, .. } = &node.kind else { unreachable!() };
        if self.kernel.is_some() {
            return Err("a GPU_Device map inside a GPU kernel (nested device maps are not supported)".into());
        }
        if map.has_dependent_ranges() {
            return Err("the ranges of a GPU_Device map depend on its own parameters; the GPU back end needs independent ranges".into());
        }
        if self.scope_uses_streams(cx, entry, false) {
            return Err("a stream in host memory inside a GPU kernel: kernels push to streams in GPU memory (GPU_Global) only".into());
        }
        let exit = node.kind.scope_exit().unwrap_or(entry);
        let used = super::blocks::block_use(cx.state, &|n| n != exit && inside_scope(&cx.parents, n, entry));
        let blocks_of_threads = used.maps.iter().any(|m| m.schedule == Schedule::GpuThreadBlock);
        let mut block = block_size(node, self.module.gpu_block_size)?;
        if blocks_of_threads {
            let given = node.extra.get("gpu_block_size").filter(|v| !v.is_null()).map(|_| block);
            block = super::blocks::block_threads(&used.maps, given, self.module.gpu_block_size);
            if block.iter().product::<i64>() > MAX_THREADS_PER_BLOCK {
                return Err(format!(
                    "the thread-block maps of GPU map '{}' need {}x{}x{} threads per block, more than {MAX_THREADS_PER_BLOCK}",
                    node.label, block[0], block[1], block[2]
                ));
            }
        }
        self.module.declare_gpu_runtime();
        let scope = self.dynamic_range_inputs(cx, entry)?;
        self.scopes.push(scope);
        self.check_map_memlets(cx, entry, map)?;
        // Iterations of each dimension: max(floor((end - start) / step) + 1, 0).
        let (mut starts, mut steps, mut counts) = (Vec::new(), Vec::new(), Vec::new());
        for dim in map.range.dims() {
            let start = self.int(&dim.start)?;
            let end = self.int(&dim.end)?;
            let step = self.int(&dim.step)?;
            match dim.step.as_int() {
                Some(0) => return Err(format!("step '{}' of map '{}' is zero", dim.step, node.label)),
                Some(_) => {}
                None => self.stop_if_zero(&step, &format!("step '{}' of map '{}' is zero", dim.step, node.label)),
            }
            let span = self.b.binary(Op::Sub, &end, &start)?;
            let whole = self.b.binary(Op::FloorDiv, &span, &step)?;
            let one = self.b.i64(1);
            let count = self.b.binary(Op::Add, &whole, &one)?;
            let zero = self.b.i64(0);
            counts.push(self.b.binary(Op::Max, &count, &zero)?);
            starts.push(start);
            steps.push(step);
        }
        let axes = self.grid_axes(&counts)?;
        let mut grid = Vec::new();
        let mut block_vals = Vec::new();
        for (a, (count, b)) in axes.iter().zip(block).enumerate() {
            let bv = self.b.i64(b);
            // Blocks of threads: a block per iteration.
            let per_block = if blocks_of_threads { 1 } else { b };
            let minus = self.b.i64(per_block - 1);
            let padded = self.b.binary(Op::Add, count, &minus)?;
            let size = self.b.i64(per_block);
            let blocks = self.b.binary(Op::FloorDiv, &padded, &size)?;
            // Past the grid's limits, threads take several iterations.
            let limit = self.b.i64(self.max_grid()[a]);
            grid.push(self.b.binary(Op::Min, &blocks, &limit)?);
            block_vals.push(bv);
        }
        // An empty range launches nothing (a grid of no blocks is an error).
        let xy = self.b.binary(Op::Mul, &axes[0], &axes[1])?;
        let total = self.b.binary(Op::Mul, &xy, &axes[2])?;
        let zero = self.b.i64(0);
        let any = self.b.compare("gt", &total, &zero);
        self.b.begin_if(&any, &[]);
        let preloaded = self.preload_host_scalars(cx, entry)?;
        let slots = self.read_slots();
        let scratch = if used.warp_reduce { Some(self.warp_scratch(&[grid[0].clone(), grid[1].clone(), grid[2].clone()], block)?) } else { None };
        let name = self.module.kernel_name(&node.label);
        let ids = self.b.begin_gpu_launch(&name, &[grid[0].clone(), grid[1].clone(), grid[2].clone()], &[
            block_vals[0].clone(),
            block_vals[1].clone(),
            block_vals[2].clone(),
        ]);
        // Three regions open: loops or a guard.
        let global = if blocks_of_threads { self.block_iterations(&ids, &axes) } else { self.thread_iterations(&ids, &axes, block)? };
        let ks = self.iteration_indices(&global, &counts)?;
        for (d, param) in map.params.iter().enumerate() {
            let off = self.b.binary(Op::Mul, &ks[d], &steps[d])?;
            let value = self.b.binary(Op::Add, &starts[d], &off)?;
            self.scopes.last_mut().expect("scope pushed").insert(param.clone(), value);
        }
        // Every thread runs one combination of all parameters: a write
        // indexed by one parameter alone is exclusive only in one dimension.
        // The threads of a block share their iteration.
        let owned = map.params.len() == 1 && !blocks_of_threads;
        if owned {
            self.owned.insert(map.params[0].clone(), map.range.dims()[0].step.as_int().unwrap_or(0));
        }
        self.kernel = Some(node.label.clone());
        self.parallel += 1;
        // Each iteration has its own slice of the arrays given room; a
        // block's shared memory is not private to its threads.
        let rooms: Vec<String> = self
            .module
            .rooms
            .of(self.sdfg)
            .into_iter()
            .filter(|r| !self.module.rooms.is_shared(self.sdfg, r) && self.private.insert(r.clone()))
            .collect();
        if blocks_of_threads {
            self.block = Some(super::blocks::BlockKernel { threads: block, depth: 0, uniform: true, scratch });
        }
        let result = self.scoped_body(cx, entry);
        let scratch = self.block.take().and_then(|b| b.scratch);
        for r in &rooms {
            self.private.remove(r);
        }
        self.parallel -= 1;
        self.kernel = None;
        if owned {
            self.owned.remove(&map.params[0]);
        }
        for name in preloaded {
            self.registers.remove(&name);
        }
        self.containers.extend(slots);
        result?;
        // The three loops (or two and the guard on x), the launch, then
        // the test for an empty range.
        for _ in 0..4 {
            self.b.end();
        }
        if let Some(buffer) = scratch {
            self.b.call_external("__sdfg_gpu_free", &[buffer], None);
        }
        self.b.end();
        self.scopes.pop();
        Ok(())
    }

    /// Each thread's iteration on the grid's axes. x: one iteration per
    /// thread (the grid covers it); z and y: grid-stride loops, which run
    /// once unless the grid hit its limit.
    fn thread_iterations(&mut self, ids: &GpuIds, axes: &[Val; 3], block: [i64; 3]) -> Result<Vec<Val>, String> {
        let mut global = Vec::new();
        for a in 0..3 {
            let bid = self.b.cast(&ids.block_id[a], Ty::I64);
            let tid = self.b.cast(&ids.thread_id[a], Ty::I64);
            // A constant made inside the kernel, not an argument.
            let size = self.b.i64(block[a]);
            let first = self.b.binary(Op::Mul, &bid, &size)?;
            global.push(self.b.binary(Op::Add, &first, &tid)?);
        }
        if self.module.gpu == Some(super::Target::Vulkan) {
            // Vulkan grids stop at 65,535 workgroups on x too: x strides.
            let blocks = self.b.cast(&ids.grid_dim[0], Ty::I64);
            let size = self.b.i64(block[0]);
            let stride = self.b.binary(Op::Mul, &blocks, &size)?;
            global[0] = self.b.begin_for(&global[0], &axes[0], &stride, &[]).iv;
        } else {
            let below = self.b.compare("lt", &global[0], &axes[0]);
            self.b.begin_if(&below, &[]);
        }
        for a in [2, 1] {
            let blocks = self.b.cast(&ids.grid_dim[a], Ty::I64);
            let size = self.b.i64(block[a]);
            let stride = self.b.binary(Op::Mul, &blocks, &size)?;
            global[a] = self.b.begin_for(&global[a], &axes[a], &stride, &[]).iv;
        }
        Ok(global)
    }

    /// Each block's iteration: grid-stride loops over blocks on every
    /// axis (the same for all threads of a block, so barriers hold).
    fn block_iterations(&mut self, ids: &GpuIds, axes: &[Val; 3]) -> Vec<Val> {
        let mut global = Vec::new();
        for a in 0..3 {
            let bid = self.b.cast(&ids.block_id[a], Ty::I64);
            let blocks = self.b.cast(&ids.grid_dim[a], Ty::I64);
            global.push(self.b.begin_for(&bid, &axes[a], &blocks, &[]).iv);
        }
        global
    }

    /// The most blocks a grid has on each axis: CUDA's limits, or
    /// Vulkan's guaranteed 65,535 on every axis.
    pub(super) fn max_grid(&self) -> [i64; 3] {
        match self.module.gpu {
            Some(super::Target::Vulkan) => [65535; 3],
            _ => MAX_GRID,
        }
    }

    /// Reads on the host the pointers that containers bound while the
    /// program runs (views, references) hold in host stack slots, so a
    /// kernel gets the pointers, not the slots; returns the containers to
    /// put back after the kernel.
    pub(super) fn read_slots(&mut self) -> Vec<(String, Container)> {
        let mut names: Vec<String> = self.containers.iter().filter(|(_, c)| matches!(c.base, Base::Slot(_))).map(|(n, _)| n.clone()).collect();
        names.sort();
        let mut saved = Vec::new();
        for name in names {
            let c = self.containers[&name].clone();
            let Base::Slot(slot) = &c.base else { continue };
            let ptr = self.b.load(slot, Ty::Ptr);
            self.containers.insert(name.clone(), Container { base: Base::Fixed(ptr), ..c.clone() });
            saved.push((name, c));
        }
        saved
    }

    /// Iterations along the grid's axes: x the last dimension, y the one
    /// before, z all others.
    fn grid_axes(&mut self, counts: &[Val]) -> Result<[Val; 3], String> {
        let n = counts.len();
        let one = self.b.i64(1);
        if n == 0 {
            return Ok([one.clone(), one.clone(), one]);
        }
        let x = counts[n - 1].clone();
        let y = if n >= 2 { counts[n - 2].clone() } else { one.clone() };
        let mut z = one;
        for c in counts.iter().take(n.saturating_sub(2)) {
            z = self.b.binary(Op::Mul, &z, c)?;
        }
        Ok([x, y, z])
    }

    /// The iteration index of each dimension from the thread's position on
    /// the grid's axes (z unravelled over the leading dimensions).
    fn iteration_indices(&mut self, global: &[Val], counts: &[Val]) -> Result<Vec<Val>, String> {
        let n = counts.len();
        let lead = n.saturating_sub(2);
        let mut ks = self.unravel_flat(&global[2], &counts[..lead])?;
        if n >= 2 {
            ks.push(global[1].clone());
        }
        if n >= 1 {
            ks.push(global[0].clone());
        }
        Ok(ks)
    }

    /// Row-major indices within `extents` of the flat index `flat` (the
    /// last extent varies fastest).
    pub(super) fn unravel_flat(&mut self, flat: &Val, extents: &[Val]) -> Result<Vec<Val>, String> {
        let mut rest = flat.clone();
        let mut out = vec![rest.clone(); extents.len()];
        for (d, e) in extents.iter().enumerate().skip(1).rev() {
            out[d] = self.b.binary(Op::Rem, &rest, e)?;
            rest = self.b.binary(Op::FloorDiv, &rest, e)?;
        }
        if let Some(first) = out.first_mut() {
            *first = rest;
        }
        Ok(out)
    }

    /// Reads on the host, before the launch, the host scalars the kernel
    /// of the map at `entry` (or of a library node) reads: they travel to
    /// the GPU as kernel arguments. A kernel that writes one is refused.
    /// Returns the names now held as values.
    pub(super) fn preload_host_scalars(&mut self, cx: &StateCx, entry: usize) -> Result<Vec<String>, String> {
        // A library node is its own scope.
        let exit = cx.state.nodes[entry].kind.scope_exit().unwrap_or(entry);
        let within = |n: usize| n == entry || n == exit || inside_scope(&cx.parents, n, entry);
        // Transients private to a scope are allocated inside the kernel.
        let scope_local = self.module.locals.by_sdfg.get(&sdfg_key(self.sdfg)).cloned().unwrap_or_default();
        let mut names: Vec<String> = Vec::new();
        for e in cx.state.edges.iter().filter(|e| within(e.src) && within(e.dst) || e.dst == entry) {
            let Some(data) = &e.memlet.data else { continue };
            let Some(c) = self.containers.get(data) else { continue };
            let host_scalar = c.desc.kind == DataKind::Scalar && !c.desc.storage.is_gpu();
            if !host_scalar || scope_local.contains(data) || self.private.contains(data) || self.registers.contains_key(data) || names.contains(data) {
                continue;
            }
            let written = cx.state.edges.iter().any(|w| {
                let into_node = exit == entry && w.src == entry;
                w.memlet.data.as_ref() == Some(data)
                    && (into_node
                        || within(w.dst)
                            && (w.dst == exit || matches!(&cx.state.nodes[w.dst].kind, NodeKind::Access { data: d, .. } if d == data)))
            });
            if written {
                return Err(format!(
                    "the kernel writes scalar '{data}', which is in host memory ({}); give it GPU_Global storage",
                    c.desc.storage.as_str()
                ));
            }
            names.push(data.clone());
        }
        for name in &names {
            let zero = self.b.i64(0);
            let v = self.load_element(name, &[zero])?;
            self.registers.insert(name.clone(), Some(v));
        }
        Ok(names)
    }

    /// Whether host code at node `n` reads or writes GPU memory.
    pub fn touches_gpu_memory(&self, cx: &StateCx, n: usize) -> bool {
        self.kernel.is_none()
            && cx.state.edges.iter().filter(|e| e.src == n || e.dst == n).any(|e| {
                e.memlet.data.as_ref().and_then(|d| self.containers.get(d)).is_some_and(|c| c.desc.storage.is_gpu())
            })
    }

    /// Refuses an access the device cannot make: host memory from a
    /// kernel, GPU memory from the host.
    pub fn check_reachable(&self, name: &str) -> Result<(), String> {
        let Some(c) = self.containers.get(name) else { return Ok(()) };
        let storage = c.desc.storage;
        match &self.kernel {
            Some(map) => {
                let device = storage.is_gpu() || self.private.contains(name) || self.registers.contains_key(name);
                if device || self.on_device.contains(name) {
                    return Ok(());
                }
                Err(format!(
                    "the kernel of GPU map '{map}' accesses '{name}', which is in host memory ({}); copy it to a GPU_Global container",
                    storage.as_str()
                ))
            }
            None if storage.is_gpu() => Err(format!(
                "host code accesses '{name}', which is in GPU memory ({}); only copies and GPU maps may use it",
                storage.as_str()
            )),
            None => Ok(()),
        }
    }
}

/// Whether a map of this schedule becomes a kernel launch.
pub fn launches_kernel(schedule: Schedule) -> bool {
    matches!(schedule, Schedule::GpuDevice | Schedule::GpuDefault)
}
