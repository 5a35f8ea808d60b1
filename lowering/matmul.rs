//! MatMul-family expansions: BLAS calls where possible, a row-wise loop
//! nest for matrices, a dot-product loop nest otherwise, batches in a loop.

use super::arith::Op;
use super::builder::Val;
use super::function::FnGen;
use super::library::{dim, Operand};
use super::types::Ty;

impl FnGen<'_, '_> {
    /// The BLAS call for a matrix-matrix product, when the operands fit.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn try_blas(
        &mut self,
        a: &Operand,
        b: &Operand,
        c: &Operand,
        cin: Option<&Operand>,
        alpha: f64,
        beta: f64,
        ta: bool,
        tb: bool,
    ) -> Result<bool, String> {
        if cin.is_some_and(|x| x.data != c.data) {
            return Ok(false);
        }
        // Vector-vector products: one dot (no WCR).
        if c.dims.is_empty() && cin.is_none() && c.wcr.is_none() && beta == 0.0 && !ta && !tb {
            return self.dot_blas(a, b, c, alpha);
        }
        // Matrix-vector and vector-matrix products: one gemv (no WCR).
        if c.dims.len() == 1 && cin.is_none() && c.wcr.is_none() {
            return match (a.dims.len(), b.dims.len()) {
                (2, 1) => self.gemv_blas(a, ta, b, c, alpha, beta),
                (1, 2) => self.gemv_blas(b, !tb, a, c, alpha, beta),
                _ => Ok(false),
            };
        }
        if a.dims.len() != 2 || b.dims.len() != 2 || c.dims.len() != 2 {
            return Ok(false);
        }
        // Accumulating output (`C += A @ B`) is beta = 1; other WCRs are not BLAS.
        let beta = match c.wcr.as_ref().map(|w| w.kind()) {
            None => beta,
            Some(crate::tasklet::lambda::Reduction::Sum) if beta == 0.0 => 1.0,
            Some(_) => return Ok(false),
        };
        let m = if ta { dim(a, 1)? } else { dim(a, 0)? };
        let k = if ta { dim(a, 0)? } else { dim(a, 1)? };
        let n = if tb { dim(b, 0)? } else { dim(b, 1)? };
        fn mat(o: &Operand) -> super::blas::Matrix<'_> {
            super::blas::Matrix { data: &o.data, start: &o.start, axes: (o.dims[0].0, o.dims[1].0) }
        }
        let (ma, mb, mc) = (mat(a), mat(b), mat(c));
        // The leading dimension of a transposed operand is still its row stride.
        self.gemm_blas(&ma, &mb, &mc, (&m, &n, &k), (ta, tb), alpha, beta)
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn matmul(
        &mut self,
        a: &Operand,
        b: &Operand,
        c: &Operand,
        cin: Option<&Operand>,
        alpha: f64,
        beta: f64,
        ta: bool,
        tb: bool,
    ) -> Result<(), String> {
        let all_matrices = a.dims.len() == 2 && b.dims.len() == 2 && c.dims.len() == 2;
        // Inside a parallel map an accumulating output may be shared.
        let shared_accumulation = c.wcr.is_some() && self.parallel > 0;
        // On the GPU a thread computes a few rows of a column of C
        // (`gpu::matmul`), or one element of a vector.
        let gpu = self.gpu_pending.is_some();
        if all_matrices && !ta && !tb && !shared_accumulation && !gpu && cin.is_none_or(|x| x.data == c.data) {
            return self.matmul_rows(a, b, c, alpha, beta);
        }
        let one_dim = |o: &Operand| o.dims.len() <= 1;
        let ty = self.container(&c.data)?.ty;
        // Row and column extents of each operand (vectors have one of them).
        let (m, k_a) = match (a.dims.len(), ta) {
            (2, false) => (Some(dim(a, 0)?), dim(a, 1)?),
            (2, true) => (Some(dim(a, 1)?), dim(a, 0)?),
            _ => (None, dim(a, 0)?),
        };
        let nn = if one_dim(b) { None } else if tb { Some(dim(b, 0)?) } else { Some(dim(b, 1)?) };
        if let (true, Some(m), Some(n)) = (gpu, &m, &nn) {
            let product = super::gpu::matmul::Product { a, b, c, cin, alpha, beta, ta, tb };
            return self.gpu_matmul(&product, m, n, &k_a);
        }
        let mut extents = Vec::new();
        extents.extend(m.clone());
        extents.extend(nn.clone());
        let (outer, idx) = self.output_loops(&extents)?;
        let (i, j) = match (&m, &nn) {
            (Some(_), Some(_)) => (Some(idx[0].clone()), Some(idx[1].clone())),
            (Some(_), None) => (Some(idx[0].clone()), None),
            (None, Some(_)) => (None, Some(idx[0].clone())),
            (None, None) => (None, None),
        };
        let zero = self.b.zero(ty);
        let lb = self.b.i64(0);
        let step = self.b.i64(1);
        let dot = self.b.begin_for(&lb, &k_a, &step, &[zero]);
        let k = dot.iv.clone();
        let a_idx: Vec<Val> = match (&i, ta) {
            (Some(i), false) => vec![i.clone(), k.clone()],
            (Some(i), true) => vec![k.clone(), i.clone()],
            (None, _) => vec![k.clone()],
        };
        let b_idx: Vec<Val> = match (&j, tb) {
            (Some(j), false) => vec![k.clone(), j.clone()],
            (Some(j), true) => vec![j.clone(), k.clone()],
            (None, _) => vec![k.clone()],
        };
        let x = self.element_of(a, &a_idx)?;
        let y = self.element_of(b, &b_idx)?;
        let p = self.b.binary(Op::Mul, &x, &y)?;
        let s = self.b.binary(Op::Add, &dot.carried[0], &p)?;
        let s = self.b.cast(&s, ty);
        self.b.end_with(&[s]);
        let mut result = dot.results[0].clone();
        if alpha != 1.0 {
            let al = self.b.float(alpha, if ty.is_int() { Ty::F64 } else { ty });
            result = self.b.binary(Op::Mul, &result, &al)?;
        }
        let c_idx: Vec<Val> = [i.clone(), j.clone()].into_iter().flatten().collect();
        let c_idx = if c_idx.is_empty() { vec![self.b.i64(0)] } else { c_idx };
        if beta != 0.0 {
            let prior = self.element_of(cin.unwrap_or(c), &c_idx)?;
            let be = self.b.float(beta, if ty.is_int() { Ty::F64 } else { ty });
            let scaled = self.b.binary(Op::Mul, &prior, &be)?;
            result = self.b.binary(Op::Add, &result, &scaled)?;
        }
        self.store_into(c, &c_idx, &result)?;
        self.close(outer);
        Ok(())
    }

    /// `C = alpha * A @ B + beta * C` row by row: for each row `i` (in
    /// parallel outside parallel maps), `C[i, :] += alpha * A[i, k] * B[k, :]`
    /// over `k`, so the innermost loop runs along contiguous rows of `B` and
    /// `C` and vectorizes.
    fn matmul_rows(&mut self, a: &Operand, b: &Operand, c: &Operand, alpha: f64, beta: f64) -> Result<(), String> {
        let ty = self.container(&c.data)?.ty;
        let (m, k, n) = (dim(a, 0)?, dim(a, 1)?, dim(b, 1)?);
        let zero = self.b.i64(0);
        let one = self.b.i64(1);
        // An accumulating output (`C += A @ B`) keeps its values.
        let accumulate = c.wcr.is_some();
        let parallel = self.parallel == 0;
        let i = if parallel {
            let iv = self.b.begin_parallel(std::slice::from_ref(&zero), std::slice::from_ref(&m), std::slice::from_ref(&one));
            self.parallel += 1;
            self.b.cast(&iv[0], Ty::I64)
        } else {
            let (_, iv) = self.loops(std::slice::from_ref(&m))?;
            iv[0].clone()
        };
        if !accumulate {
            let (outer, j) = self.loops(std::slice::from_ref(&n))?;
            let idx = [i.clone(), j[0].clone()];
            let init = if beta == 0.0 {
                self.b.zero(ty)
            } else {
                let prior = self.element_of(c, &idx)?;
                let be = self.b.float(beta, if ty.is_int() { Ty::F64 } else { ty });
                self.b.binary(Op::Mul, &prior, &be)?
            };
            self.store_plain(c, &idx, &init)?;
            self.close(outer);
        }
        let (outer_k, kv) = self.loops(std::slice::from_ref(&k))?;
        let mut x = self.element_of(a, &[i.clone(), kv[0].clone()])?;
        if alpha != 1.0 {
            let al = self.b.float(alpha, if ty.is_int() { Ty::F64 } else { ty });
            x = self.b.binary(Op::Mul, &x, &al)?;
        }
        let (outer_j, jv) = self.loops(std::slice::from_ref(&n))?;
        let y = self.element_of(b, &[kv[0].clone(), jv[0].clone()])?;
        let p = self.b.binary(Op::Mul, &x, &y)?;
        let idx = [i.clone(), jv[0].clone()];
        let old = self.element_of(c, &idx)?;
        let s = self.b.binary(Op::Add, &old, &p)?;
        self.store_plain(c, &idx, &s)?;
        self.close(outer_j);
        self.close(outer_k);
        if parallel {
            self.parallel -= 1;
            self.b.end();
        } else {
            self.close(1);
        }
        Ok(())
    }

    /// The matrix at batch index `i` of a 3-D operand (others unchanged).
    pub(super) fn batch(&mut self, o: &Operand, i: &Val) -> Result<Operand, String> {
        if o.dims.len() != 3 {
            return Ok(Operand { data: o.data.clone(), start: o.start.clone(), dims: o.dims.clone(), wcr: o.wcr.clone() });
        }
        let axis = o.dims[0].0;
        let mut start = o.start.clone();
        start[axis] = self.b.binary(Op::Add, &start[axis], i)?;
        Ok(Operand { data: o.data.clone(), start, dims: o.dims[1..].to_vec(), wcr: o.wcr.clone() })
    }

}
