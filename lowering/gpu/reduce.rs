//! `Reduce` on GPU memory as a parallel kernel: a block of 256 threads per
//! output element (per part of one, where there are few outputs and many
//! values), each thread combining every 256th value, the block's partial
//! results meeting in a scratch buffer in two rounds (16 threads combine 16
//! each, then the first thread those 16); the first thread writes the result
//! into the output with the Reduce's write-conflict resolution (atomic:
//! parts of one output end in different blocks). With an identity, a
//! kernel before it sets the outputs first.
//!
//! ```text
//! Reduce O[i] = sum_j A[i, j]   =>   gpu.launch (init) O[i] = 0
//!                                    gpu.launch blocks(min(N * parts, 4096)) threads(256)
//!                                      for b = block_id.x to N * parts step grid_dim.x
//!                                        p = A[i, t] + A[i, t + 256 * parts] + ...
//!                                        scratch[t] = p; barrier
//!                                        t < 16: scratch[256 + t] = scratch[16t] + ... + scratch[16t + 15]; barrier
//!                                        t == 0: O[i] += scratch[256] + ... + scratch[271]; barrier
//! ```
//!
//! Where the input's last dimension stays (a reduction over rows, whose
//! outputs lie side by side in memory), neighbouring threads take
//! neighbouring outputs instead, so that a warp's loads are contiguous, and
//! the grid's y axis splits the values among blocks:
//!
//! ```text
//! Reduce O[j] = max_i A[i, j]   =>   gpu.launch blocks(ceil(M / 256), parts) threads(256)
//!                                      j = block_id.x * 256 + thread_id.x
//!                                      p = A[y, j] max A[y + parts, j] max ...
//!                                      O[j] = atomic max(O[j], p)
//! ```

use crate::lowering::arith::Op;
use crate::lowering::builder::Val;
use crate::lowering::function::FnGen;
use crate::lowering::library::Operand;
use crate::lowering::types::Ty;
use crate::model::Wcr;

/// Threads per block.
const THREADS: i64 = 256;
/// Blocks launched at most (more iterations loop): the scratch buffer
/// holds a slot per thread of the grid.
const MAX_BLOCKS: i64 = 4096;
/// Values a thread combines at least before an output is split among
/// blocks.
const PER_THREAD: i64 = 16;
/// Partial results a thread combines in the first round of a block's.
const GROUP: i64 = 16;
/// Scratch slots per block: one per thread, one per group.
const SLOTS: i64 = THREADS + THREADS / GROUP;
/// Threads a reduction over rows aims to run at once (a large GPU holds
/// about this many: 132 multiprocessors of 2,048 on an H100).
const RESIDENT_THREADS: i64 = 1 << 18;

/// Which input dimensions a Reduce keeps and combines, with their extents
/// and counts.
struct Shape<'a> {
    kept: &'a [usize],
    kept_extents: &'a [Val],
    reduced: &'a [usize],
    reduced_extents: &'a [Val],
    outputs: Val,
    values: Val,
}

impl FnGen<'_, '_> {
    /// Lowers a Reduce whose operands are in GPU memory, as the kernels of
    /// the pending library launch. `kept` and `reduced` are the input's
    /// non-unit dimensions that stay and go.
    pub(crate) fn gpu_reduce(&mut self, inp: &Operand, out: &Operand, wcr: &Wcr, kept: &[usize], identity: Option<f64>) -> Result<(), String> {
        let name = self.gpu_pending.take().expect("a pending GPU kernel");
        let out_ty = self.container(&out.data)?.ty;
        if out_ty.is_complex() || out_ty.bytes() > 8 {
            return Err(format!("a Reduce on GPU memory into '{}' of {out_ty:?}: the GPU back end reduces scalars of up to 8 bytes", out.data));
        }
        let extent = |d: usize| super::super::library::dim(inp, d);
        let kept_extents = kept.iter().map(|&d| extent(d)).collect::<Result<Vec<_>, _>>()?;
        let reduced: Vec<usize> = (0..inp.dims.len()).filter(|d| !kept.contains(d)).collect();
        let reduced_extents = reduced.iter().map(|&d| extent(d)).collect::<Result<Vec<_>, _>>()?;
        if let Some(id) = identity {
            self.gpu_pending = Some(self.module.kernel_name(&format!("{name}_init")));
            let (closers, idx) = self.output_loops(&kept_extents)?;
            let v = self.b.float(id, if out_ty.is_int() { Ty::F64 } else { out_ty });
            let idx = if idx.is_empty() { vec![self.b.i64(0)] } else { idx };
            self.store_plain(out, &idx, &v)?;
            self.close(closers);
            self.leave_kernel();
        }
        let outputs = self.product(&kept_extents)?;
        let values = self.product(&reduced_extents)?;
        let last = inp.dims.len() - 1;
        let rows = kept.last() == Some(&last) && kept.len() < inp.dims.len() && inp.dims[last].0 + 1 == inp.start.len();
        if rows {
            let shape = Shape { kept, kept_extents: &kept_extents, reduced: &reduced, reduced_extents: &reduced_extents, outputs, values };
            return self.gpu_reduce_rows(&name, inp, out, wcr, &shape, out_ty);
        }
        // Parts per output: enough blocks to fill the grid, each thread
        // combining at least PER_THREAD values, at most one block per 256.
        let per_part = self.b.i64(THREADS * PER_THREAD);
        let wanted = self.ceil_div(&values, &per_part)?;
        let max_blocks = self.b.i64(MAX_BLOCKS);
        let one = self.b.i64(1);
        let room = self.b.binary(Op::Max, &outputs, &one)?;
        let room = self.b.binary(Op::FloorDiv, &max_blocks, &room)?;
        let parts = self.b.binary(Op::Min, &wanted, &room)?;
        let parts = self.b.binary(Op::Max, &parts, &one)?;
        let blocks = self.b.binary(Op::Mul, &outputs, &parts)?;
        let zero = self.b.i64(0);
        let any = self.b.compare("gt", &blocks, &zero);
        self.b.begin_if(&any, &[]);
        let grid = self.b.binary(Op::Min, &blocks, &max_blocks)?;
        let scratch = self.gpu_scratch("Reduce scratch", &grid, SLOTS)?;
        let threads = self.b.i64(THREADS);
        let ids = self.b.begin_gpu_launch(&name, &[grid, one.clone(), one.clone()], &[threads.clone(), one.clone(), one.clone()]);
        self.kernel = Some(name);
        self.parallel += 1;
        let bid = self.b.cast(&ids.block_id[0], Ty::I64);
        let tid = self.b.cast(&ids.thread_id[0], Ty::I64);
        let launched = self.b.cast(&ids.grid_dim[0], Ty::I64);
        let per_block = self.b.i64(SLOTS);
        let slots = self.b.binary(Op::Mul, &bid, &per_block)?;
        let mine = self.b.binary(Op::Add, &slots, &tid)?;
        let b = self.b.begin_for(&bid, &blocks, &launched, &[]).iv;
        let output = self.b.binary(Op::FloorDiv, &b, &parts)?;
        let part = self.b.binary(Op::Rem, &b, &parts)?;
        let kept_idx = self.unravel_flat(&output, &kept_extents)?;
        let part_start = self.b.binary(Op::Mul, &part, &threads)?;
        let start = self.b.binary(Op::Add, &part_start, &tid)?;
        let stride = self.b.binary(Op::Mul, &threads, &parts)?;
        // The thread's partial result: its first value, then the others.
        let has_any = self.b.compare("lt", &start, &values);
        self.b.begin_if(&has_any, &[]);
        let first = self.reduce_input(inp, kept, &kept_idx, &reduced, &reduced_extents, &start, out_ty)?;
        let next = self.b.binary(Op::Add, &start, &stride)?;
        let lp = self.b.begin_for(&next, &values, &stride, &[first]);
        let v = self.reduce_input(inp, kept, &kept_idx, &reduced, &reduced_extents, &lp.iv, out_ty)?;
        let combined = self.combine_by(wcr, &lp.carried[0], &v, out_ty)?;
        self.b.end_with(&[combined]);
        let at = self.b.gep(&scratch, &mine, out_ty);
        self.b.store(&lp.results[0], &at, out_ty);
        self.b.end();
        self.b.gpu_barrier();
        // The block's partial results meet in two rounds: each of the
        // first threads combines a group of GROUP slots into a slot past
        // the block's, then the first thread combines those.
        let left = self.b.binary(Op::Sub, &values, &part_start)?;
        let count = self.b.binary(Op::Min, &left, &threads)?;
        let group = self.b.i64(GROUP);
        let groups = self.ceil_div(&count, &group)?;
        let group_slots = self.b.binary(Op::Add, &slots, &threads)?;
        let leads = self.b.compare("lt", &tid, &groups);
        self.b.begin_if(&leads, &[]);
        let offset = self.b.binary(Op::Mul, &tid, &group)?;
        let from = self.b.binary(Op::Add, &slots, &offset)?;
        let rest = self.b.binary(Op::Sub, &count, &offset)?;
        let n = self.b.binary(Op::Min, &rest, &group)?;
        let v = self.combine_slots(&scratch, &from, &n, wcr, out_ty)?;
        let at = self.b.binary(Op::Add, &group_slots, &tid)?;
        let at = self.b.gep(&scratch, &at, out_ty);
        self.b.store(&v, &at, out_ty);
        self.b.end();
        self.b.gpu_barrier();
        let is_first = self.b.compare("eq", &tid, &zero);
        let has_part = self.b.compare("lt", &part_start, &values);
        let writes = self.b.op("arith.andi", &[&is_first, &has_part], Ty::I1);
        self.b.begin_if(&writes, &[]);
        let total = self.combine_slots(&scratch, &group_slots, &groups, wcr, out_ty)?;
        let o_idx = if kept_idx.is_empty() { vec![zero.clone()] } else { kept_idx };
        let full = self.operand_indices(out, &o_idx)?;
        let element = self.element_at(&out.data, &full)?;
        self.wcr_write(&element, out_ty, &total, wcr)?;
        self.b.end();
        // The scratch is free again once all have passed.
        self.b.gpu_barrier();
        self.b.end();
        self.b.end();
        self.leave_kernel();
        self.b.call_external("__sdfg_gpu_free", &[scratch], None);
        self.b.end();
        Ok(())
    }

    /// A Reduce whose outputs lie along the input's last dimension: a
    /// thread per output (and part of its values), `values` split among
    /// the grid's rows of blocks, combined atomically into the output.
    fn gpu_reduce_rows(&mut self, name: &str, inp: &Operand, out: &Operand, wcr: &Wcr, shape: &Shape, out_ty: Ty) -> Result<(), String> {
        let Shape { kept, kept_extents, reduced, reduced_extents, outputs, values } = shape;
        let one = self.b.i64(1);
        let zero = self.b.i64(0);
        let threads = self.b.i64(THREADS);
        let total = self.b.binary(Op::Mul, outputs, values)?;
        let any = self.b.compare("gt", &total, &zero);
        self.b.begin_if(&any, &[]);
        // Parts: enough threads to fill the GPU, each combining at least
        // PER_THREAD values.
        let resident = self.b.i64(RESIDENT_THREADS);
        let wanted = self.ceil_div(&resident, outputs)?;
        let per_thread = self.b.i64(PER_THREAD);
        let most = self.ceil_div(values, &per_thread)?;
        let parts = self.b.binary(Op::Min, &wanted, &most)?;
        let y_limit = self.b.i64(self.max_grid()[1]);
        let parts = self.b.binary(Op::Min, &parts, &y_limit)?;
        let parts = self.b.binary(Op::Max, &parts, &one)?;
        let blocks = self.ceil_div(outputs, &threads)?;
        let x_limit = self.b.i64(self.max_grid()[0]);
        let grid_x = self.b.binary(Op::Min, &blocks, &x_limit)?;
        let ids = self.b.begin_gpu_launch(name, &[grid_x, parts.clone(), one.clone()], &[threads.clone(), one.clone(), one.clone()]);
        self.kernel = Some(name.to_string());
        self.parallel += 1;
        let bid = self.b.cast(&ids.block_id[0], Ty::I64);
        let tid = self.b.cast(&ids.thread_id[0], Ty::I64);
        let part = self.b.cast(&ids.block_id[1], Ty::I64);
        let launched = self.b.cast(&ids.grid_dim[0], Ty::I64);
        let first = self.b.binary(Op::Mul, &bid, &threads)?;
        let first = self.b.binary(Op::Add, &first, &tid)?;
        let stride = self.b.binary(Op::Mul, &launched, &threads)?;
        let output = self.b.begin_for(&first, outputs, &stride, &[]).iv;
        let kept_idx = self.unravel_flat(&output, kept_extents)?;
        let has_any = self.b.compare("lt", &part, values);
        self.b.begin_if(&has_any, &[]);
        let v = self.reduce_input(inp, kept, &kept_idx, reduced, reduced_extents, &part, out_ty)?;
        let next = self.b.binary(Op::Add, &part, &parts)?;
        let lp = self.b.begin_for(&next, values, &parts, &[v]);
        let v = self.reduce_input(inp, kept, &kept_idx, reduced, reduced_extents, &lp.iv, out_ty)?;
        let combined = self.combine_by(wcr, &lp.carried[0], &v, out_ty)?;
        self.b.end_with(&[combined]);
        let full = self.operand_indices(out, &kept_idx)?;
        let element = self.element_at(&out.data, &full)?;
        self.wcr_write(&element, out_ty, &lp.results[0], wcr)?;
        self.b.end();
        self.b.end();
        self.b.end();
        self.leave_kernel();
        self.b.end();
        Ok(())
    }

    /// Slots `from` to `from + n` (n at least 1) of `scratch` combined
    /// in order.
    fn combine_slots(&mut self, scratch: &Val, from: &Val, n: &Val, wcr: &Wcr, ty: Ty) -> Result<Val, String> {
        let at = self.b.gep(scratch, from, ty);
        let first = self.b.load(&at, ty);
        let one = self.b.i64(1);
        let lp = self.b.begin_for(&one, n, &one, &[first]);
        let slot = self.b.binary(Op::Add, from, &lp.iv)?;
        let at = self.b.gep(scratch, &slot, ty);
        let other = self.b.load(&at, ty);
        let combined = self.combine_by(wcr, &lp.carried[0], &other, ty)?;
        self.b.end_with(&[combined]);
        Ok(lp.results[0].clone())
    }

    /// Value `r` (flat over the reduced dimensions) of the input for the
    /// output at `kept_idx`, as `ty`.
    #[allow(clippy::too_many_arguments)]
    fn reduce_input(&mut self, inp: &Operand, kept: &[usize], kept_idx: &[Val], reduced: &[usize], extents: &[Val], r: &Val, ty: Ty) -> Result<Val, String> {
        let reduced_idx = self.unravel_flat(r, extents)?;
        let mut idx = Vec::new();
        for d in 0..inp.dims.len() {
            match kept.iter().position(|&k| k == d) {
                Some(p) => idx.push(kept_idx[p].clone()),
                None => idx.push(reduced_idx[reduced.iter().position(|&k| k == d).expect("a reduced dimension")].clone()),
            }
        }
        let v = self.element_of(inp, &idx)?;
        Ok(self.b.cast(&v, ty))
    }

    /// The product of `extents` (1 for none).
    pub(super) fn product(&mut self, extents: &[Val]) -> Result<Val, String> {
        let mut total = self.b.i64(1);
        for e in extents {
            total = self.b.binary(Op::Mul, &total, e)?;
        }
        Ok(total)
    }

    fn ceil_div(&mut self, a: &Val, b: &Val) -> Result<Val, String> {
        let one = self.b.i64(1);
        let less = self.b.binary(Op::Sub, b, &one)?;
        let padded = self.b.binary(Op::Add, a, &less)?;
        self.b.binary(Op::FloorDiv, &padded, b)
    }

    /// Back on the host after a library kernel's body.
    pub(super) fn leave_kernel(&mut self) {
        if self.kernel.take().is_some() {
            self.parallel -= 1;
        }
    }
}
