//! Library nodes that work on GPU memory, as kernels. Matrix products
//! (not dot products) run one thread per output element: the generic
//! product's output loops become the grid. Reductions run in blocks of
//! threads (`reduce.rs`). Other classes run their loop nests in one GPU
//! thread, with a warning, until they have parallel GPU expansions.
//!
//! ```text
//! MatMul C[M, N] = A @ B (GPU memory)   =>   gpu.launch blocks(ceil(M*N/256)) threads(256)
//!                                              (i, j) = unravel(bid.x * 256 + tid.x)
//!                                              scf.if i*N + j < M*N { C[i, j] = sum_k A[i, k] * B[k, j] }
//! ```

use crate::lowering::arith::Op;
use crate::lowering::builder::Val;
use crate::lowering::function::FnGen;
use crate::lowering::state::StateCx;
use crate::lowering::types::Ty;
use crate::model::{LibraryClass, NodeKind, ProductKind};

/// Threads per block of library-node kernels.
const LIBRARY_BLOCK: i64 = 256;

impl FnGen<'_, '_> {
    /// Lowers a library node that works on GPU memory as a kernel. Matrix
    /// products (not dot products) run one thread per output element: their
    /// output loops become the grid ([`FnGen::output_loops`]). Other nodes
    /// run their loop nests in one thread, with a warning: correct, not
    /// fast, until they have parallel GPU expansions.
    pub fn gpu_library(&mut self, cx: &StateCx, n: usize) -> Result<(), String> {
        let node = &cx.state.nodes[n];
        let NodeKind::Library(lib) = &node.kind else { unreachable!() };
        self.module.declare_gpu_runtime();
        let preloaded = self.preload_host_scalars(cx, n)?;
        let slots = self.read_slots();
        let name = self.module.kernel_name(&node.label);
        let per_output = matches!(lib.class(), LibraryClass::Product(p) if matches!(p.kind, ProductKind::MatMul | ProductKind::Gemm | ProductKind::Gemv))
            || matches!(lib.class(), LibraryClass::Reduce { .. });
        let result = if per_output {
            self.gpu_pending = Some(name);
            let r = self.library(cx, n);
            let unused = self.gpu_pending.take().is_some();
            r.and_then(|_| if unused { Err("internal error: the library kernel made no launch".into()) } else { Ok(()) })
        } else {
            let one = self.b.i64(1);
            self.b.begin_gpu_launch(&name, &[one.clone(), one.clone(), one.clone()], &[one.clone(), one.clone(), one]);
            self.kernel = Some(node.label.clone());
            self.parallel += 1;
            let r = self.library(cx, n);
            self.b.end();
            self.module.warnings.insert(format!(
                "library node '{}' ({}) runs on the GPU as one thread: its parallel GPU expansion is not written yet",
                node.label,
                lib.class_name()
            ));
            r
        };
        self.leave_kernel();
        for name in preloaded {
            self.registers.remove(&name);
        }
        self.containers.extend(slots);
        result
    }

    /// Loops over the output elements of a library node: on the host, the
    /// grid of the pending GPU kernel (one thread per element, blocks of
    /// [`LIBRARY_BLOCK`] threads); elsewhere plain loops. Returns how many
    /// regions to close and the indices.
    pub fn output_loops(&mut self, extents: &[Val]) -> Result<(usize, Vec<Val>), String> {
        let Some(name) = self.gpu_pending.take() else { return self.loops(extents) };
        let total = self.product(extents)?;
        let zero = self.b.i64(0);
        let any = self.b.compare("gt", &total, &zero);
        self.b.begin_if(&any, &[]);
        let block = self.b.i64(LIBRARY_BLOCK);
        let spare = self.b.i64(LIBRARY_BLOCK - 1);
        let padded = self.b.binary(Op::Add, &total, &spare)?;
        let blocks = self.b.binary(Op::FloorDiv, &padded, &block)?;
        let limit = self.b.i64(self.max_grid()[0]);
        let grid = self.b.binary(Op::Min, &blocks, &limit)?;
        let one = self.b.i64(1);
        let ids = self.b.begin_gpu_launch(&name, &[grid, one.clone(), one.clone()], &[block, one.clone(), one]);
        let bid = self.b.cast(&ids.block_id[0], Ty::I64);
        let tid = self.b.cast(&ids.thread_id[0], Ty::I64);
        let size = self.b.i64(LIBRARY_BLOCK);
        let first = self.b.binary(Op::Mul, &bid, &size)?;
        let mut flat = self.b.binary(Op::Add, &first, &tid)?;
        // Past the grid's limit, threads take several elements.
        let launched = self.b.cast(&ids.grid_dim[0], Ty::I64);
        let stride = self.b.binary(Op::Mul, &launched, &size)?;
        flat = self.b.begin_for(&flat, &total, &stride, &[]).iv;
        // Neighbouring threads write neighbouring elements.
        let ivs = self.unravel_flat(&flat, extents)?;
        self.kernel = Some(name);
        self.parallel += 1;
        Ok((3, ivs))
    }
}
