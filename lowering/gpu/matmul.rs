//! Matrix products on GPU memory: a thread computes `ROWS` elements of one
//! column of `C`, so each value of `B` it loads serves `ROWS` products (the
//! values of `A` are the same for all threads of a warp, which take
//! neighbouring columns, and load once for all of them):
//!
//! ```text
//! MatMul C[M, N] = A @ B   =>   gpu.launch blocks(ceil(ceil(M/8) * N / 256)) threads(256)
//!                                 (band, j) = unravel(block_id.x * 256 + thread_id.x)
//!                                 for k: b = B[k, j]
//!                                        s0 += A[8 band, k] * b ... s7 += A[8 band + 7, k] * b
//!                                 C[8 band + r, j] = s_r  (rows below M)
//! ```

use crate::lowering::arith::Op;
use crate::lowering::builder::Val;
use crate::lowering::function::FnGen;
use crate::lowering::library::Operand;
use crate::lowering::types::Ty;

/// Rows of `C` a thread computes.
const ROWS: i64 = 8;

/// A matrix product `C = alpha * op(A) @ op(B) + beta * Cin` on matrices.
pub(in crate::lowering) struct Product<'a> {
    pub(in crate::lowering) a: &'a Operand,
    pub(in crate::lowering) b: &'a Operand,
    pub(in crate::lowering) c: &'a Operand,
    pub(in crate::lowering) cin: Option<&'a Operand>,
    pub(in crate::lowering) alpha: f64,
    pub(in crate::lowering) beta: f64,
    /// Whether A and B are transposed.
    pub(in crate::lowering) ta: bool,
    pub(in crate::lowering) tb: bool,
}

impl FnGen<'_, '_> {
    /// Lowers the product of an `m` x `k` and a `k` x `n` matrix as the
    /// pending GPU kernel.
    pub(in crate::lowering) fn gpu_matmul(&mut self, p: &Product, m: &Val, n: &Val, k: &Val) -> Result<(), String> {
        let ty = self.container(&p.c.data)?.ty;
        let rows = self.b.i64(ROWS);
        let spare = self.b.i64(ROWS - 1);
        let padded = self.b.binary(Op::Add, m, &spare)?;
        let bands = self.b.binary(Op::FloorDiv, &padded, &rows)?;
        let (outer, idx) = self.output_loops(&[bands, n.clone()])?;
        let (band, j) = (&idx[0], &idx[1]);
        let first = self.b.binary(Op::Mul, band, &rows)?;
        let one = self.b.i64(1);
        let last = self.b.binary(Op::Sub, m, &one)?;
        // The thread's rows, and the rows it reads (past M: the last one).
        let mut own = Vec::new();
        let mut read = Vec::new();
        for r in 0..ROWS {
            let offset = self.b.i64(r);
            let i = self.b.binary(Op::Add, &first, &offset)?;
            read.push(self.b.binary(Op::Min, &i, &last)?);
            own.push(i);
        }
        let zero = self.b.zero(ty);
        let lb = self.b.i64(0);
        let dot = self.b.begin_for(&lb, k, &one, &vec![zero; ROWS as usize]);
        let kk = dot.iv.clone();
        let b_idx = if p.tb { [j.clone(), kk.clone()] } else { [kk.clone(), j.clone()] };
        let y = self.element_of(p.b, &b_idx)?;
        let mut sums = Vec::new();
        for (r, i) in read.iter().enumerate() {
            let a_idx = if p.ta { [kk.clone(), i.clone()] } else { [i.clone(), kk.clone()] };
            let x = self.element_of(p.a, &a_idx)?;
            let product = self.b.binary(Op::Mul, &x, &y)?;
            let s = self.b.binary(Op::Add, &dot.carried[r], &product)?;
            sums.push(self.b.cast(&s, ty));
        }
        self.b.end_with(&sums);
        let scale = if ty.is_int() { Ty::F64 } else { ty };
        for (r, i) in own.iter().enumerate() {
            let inside = self.b.compare("lt", i, m);
            self.b.begin_if(&inside, &[]);
            let mut result = dot.results[r].clone();
            if p.alpha != 1.0 {
                let alpha = self.b.float(p.alpha, scale);
                result = self.b.binary(Op::Mul, &result, &alpha)?;
            }
            let c_idx = [i.clone(), j.clone()];
            if p.beta != 0.0 {
                let prior = self.element_of(p.cin.unwrap_or(p.c), &c_idx)?;
                let beta = self.b.float(p.beta, scale);
                let scaled = self.b.binary(Op::Mul, &prior, &beta)?;
                result = self.b.binary(Op::Add, &result, &scaled)?;
            }
            self.store_into(p.c, &c_idx, &result)?;
            self.b.end();
        }
        self.close(outer);
        Ok(())
    }
}
