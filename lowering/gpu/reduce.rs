//! `Reduce` on GPU memory as a parallel kernel: a block of 256 threads per
//! output element (per part of one, where there are few outputs and many
//! values), each thread combining every 256th value, the block's partial
//! results meeting in a scratch buffer; its first thread combines them
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
//!                                        t == 0: O[i] += scratch[0] + ... + scratch[255]; barrier
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
        let scratch = self.gpu_scratch("Reduce scratch", &grid, THREADS)?;
        let threads = self.b.i64(THREADS);
        let ids = self.b.begin_gpu_launch(&name, &[grid, one.clone(), one.clone()], &[threads.clone(), one.clone(), one.clone()]);
        self.kernel = Some(name);
        self.parallel += 1;
        let bid = self.b.cast(&ids.block_id[0], Ty::I64);
        let tid = self.b.cast(&ids.thread_id[0], Ty::I64);
        let launched = self.b.cast(&ids.grid_dim[0], Ty::I64);
        let slots = self.b.binary(Op::Mul, &bid, &threads)?;
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
        // The first thread combines the block's partial results.
        let is_first = self.b.compare("eq", &tid, &zero);
        let has_part = self.b.compare("lt", &part_start, &values);
        let writes = self.b.op("arith.andi", &[&is_first, &has_part], Ty::I1);
        self.b.begin_if(&writes, &[]);
        let left = self.b.binary(Op::Sub, &values, &part_start)?;
        let count = self.b.binary(Op::Min, &left, &threads)?;
        let at = self.b.gep(&scratch, &slots, out_ty);
        let init = self.b.load(&at, out_ty);
        let lp = self.b.begin_for(&one, &count, &one, &[init]);
        let slot = self.b.binary(Op::Add, &slots, &lp.iv)?;
        let at = self.b.gep(&scratch, &slot, out_ty);
        let other = self.b.load(&at, out_ty);
        let combined = self.combine_by(wcr, &lp.carried[0], &other, out_ty)?;
        self.b.end_with(&[combined]);
        let o_idx = if kept_idx.is_empty() { vec![zero.clone()] } else { kept_idx };
        let full = self.operand_indices(out, &o_idx)?;
        let element = self.element_at(&out.data, &full)?;
        self.wcr_write(&element, out_ty, &lp.results[0], wcr)?;
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
