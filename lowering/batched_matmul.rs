//! DaCe's BatchedMatMul node: `C[b] = A[b] @ B[b]`, where a 2-D `A` or `B`
//! is shared by every batch (DaCe's broadcasting). Each batch is one
//! `cblas_?gemm` call when the MatMul rules allow BLAS, else the MatMul
//! loop nest.

use super::function::FnGen;
use super::library::{dim, Operand};

impl FnGen<'_, '_> {
    /// `blas`: whether the node may call BLAS; `alpha`, `beta`, `transA`,
    /// `transB` as the node's properties give them.
    pub(super) fn batched_matmul(&mut self, a: &Operand, b: &Operand, c: &Operand, blas: bool, factors: (f64, f64, bool, bool)) -> Result<(), String> {
        let (alpha, beta, ta, tb) = factors;
        let (a, b, c) = (self.batch_view(a, "_a")?, self.batch_view(b, "_b")?, self.batch_view(c, "_c")?);
        if c.dims.len() == 2 {
            if a.dims.len() == 3 || b.dims.len() == 3 {
                return Err("BatchedMatMul has batched inputs but a single output matrix".into());
            }
            return self.one_product(&a, &b, &c, blas, (alpha, beta, ta, tb));
        }
        let (outer, idx) = self.loops(&[dim(&c, 0)?])?;
        let (a, b, c) = (self.batch(&a, &idx[0])?, self.batch(&b, &idx[0])?, self.batch(&c, &idx[0])?);
        self.one_product(&a, &b, &c, blas, (alpha, beta, ta, tb))?;
        self.close(outer);
        Ok(())
    }

    fn one_product(&mut self, a: &Operand, b: &Operand, c: &Operand, blas: bool, (alpha, beta, ta, tb): (f64, f64, bool, bool)) -> Result<(), String> {
        if blas && self.try_blas(a, b, c, None, alpha, beta, ta, tb)? {
            return Ok(());
        }
        self.matmul(a, b, c, None, alpha, beta, ta, tb)
    }

    /// A 3-D operand with a batch of more than one as `[batch, rows, cols]`,
    /// anything else as its last two dimensions (unit ones kept).
    fn batch_view(&mut self, o: &Operand, conn: &str) -> Result<Operand, String> {
        let full = self.full_view(o);
        match o.start.len() {
            3 if o.dims.iter().any(|(d, _)| *d == 0) => Ok(full),
            2 | 3 => Ok(Operand { dims: full.dims[full.dims.len() - 2..].to_vec(), ..full }),
            r => Err(format!("BatchedMatMul '{conn}' ('{}') is {r}-dimensional, expected 2 or 3 dimensions", o.data)),
        }
    }
}
