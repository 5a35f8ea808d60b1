//! DaCe's Ger (`res = alpha * x y^T + A`) and Axpy (`res = a * x + y`)
//! nodes: `cblas_?ger` / `cblas_?axpy` (OpenBLAS) for float32/float64 data
//! whose matrix rows are contiguous, outside parallel maps and unless
//! `implementation` is `pure` or BLAS is off; otherwise a loop nest. BLAS
//! updates in place, so a result in another container first gets a copy of
//! `A` (or `y`).

use super::arith::Op;
use super::builder::Val;
use super::function::FnGen;
use super::library::{dim, Operand};
use super::types::Ty;
use crate::model::LibraryNode;
use crate::symbolic::Expr;
use std::collections::HashMap;

/// An argument of a CBLAS call: a `blasint`, a scalar of the element type,
/// or a pointer.
enum CArg<'v> {
    Int(&'v Val),
    Elem(&'v Val),
    Ptr(&'v Val),
}

impl FnGen<'_, '_> {
    /// `scale`: Axpy's `a` or Ger's `alpha`.
    pub(super) fn blas_level1(&mut self, class: &str, ops: &HashMap<String, Operand>, scale: &Expr, lib: &LibraryNode) -> Result<(), String> {
        let get = |k: &str| ops.get(k).ok_or_else(|| format!("{class} has no '{k}' connection"));
        let vector = |s: &mut Self, k: &str| s.shaped_view(get(k)?, 1, &format!("{class} '{k}'"));
        let (x, y) = (vector(self, "_x")?, vector(self, "_y")?);
        if class == "Axpy" {
            let res = vector(self, "_res")?;
            let a = self.value(scale)?;
            return self.axpy(&x, &y, &res, &a, lib);
        }
        let a_in = self.shaped_view(get("_A")?, 2, "Ger '_A'")?;
        let res = self.shaped_view(get("_res")?, 2, "Ger '_res'")?;
        let alpha = self.value(scale)?;
        let ty = self.operand_type(&res)?;
        if self.library_call_allowed(lib) && self.blas_fits(&[&x, &y, &a_in, &res], ty)? {
            let lda = self.row_stride(&res)?;
            if let Some(lda) = lda {
                if a_in.data != res.data {
                    self.copy_window(&a_in, &res)?;
                }
                let (m, n) = (dim(&res, 0)?, dim(&res, 1)?);
                let (incx, incy) = (self.inc(&x)?, self.inc(&y)?);
                let (px, py, pa) = (self.address(&x.data, &x.start)?, self.address(&y.data, &y.start)?, self.address(&res.data, &res.start)?);
                let order = self.b.int(101, Ty::I32);
                let al = self.b.cast(&alpha, ty);
                use CArg::{Elem, Int, Ptr};
                let args = [Int(&order), Int(&m), Int(&n), Elem(&al), Ptr(&px), Int(&incx), Ptr(&py), Int(&incy), Ptr(&pa), Int(&lda)];
                return self.cblas_call("ger", ty, &args, None).map(|_| ());
            }
        }
        let (m, n) = (dim(&res, 0)?, dim(&res, 1)?);
        let (outer, idx) = self.loops(&[m, n])?;
        let (xi, yj) = (self.element_of(&x, &idx[..1])?, self.element_of(&y, &idx[1..])?);
        let old = self.element_of(&a_in, &idx)?;
        let p = self.b.binary(Op::Mul, &alpha, &xi)?;
        let p = self.b.binary(Op::Mul, &p, &yj)?;
        let v = self.b.binary(Op::Add, &p, &old)?;
        let v = self.b.cast(&v, ty);
        self.store_into(&res, &idx, &v)?;
        self.close(outer);
        Ok(())
    }

    fn axpy(&mut self, x: &Operand, y: &Operand, res: &Operand, a: &Val, lib: &LibraryNode) -> Result<(), String> {
        let ty = self.operand_type(res)?;
        let n = dim(res, 0)?;
        if self.library_call_allowed(lib) && self.blas_fits(&[x, y, res], ty)? {
            if y.data != res.data {
                self.copy_window(y, res)?;
            }
            let (incx, incy) = (self.inc(x)?, self.inc(res)?);
            let (px, pr) = (self.address(&x.data, &x.start)?, self.address(&res.data, &res.start)?);
            let al = self.b.cast(a, ty);
            use CArg::{Elem, Int, Ptr};
            return self.cblas_call("axpy", ty, &[Int(&n), Elem(&al), Ptr(&px), Int(&incx), Ptr(&pr), Int(&incy)], None).map(|_| ());
        }
        let (outer, idx) = self.loops(&[n])?;
        let (xi, yi) = (self.element_of(x, &idx)?, self.element_of(y, &idx)?);
        let p = self.b.binary(Op::Mul, a, &xi)?;
        let v = self.b.binary(Op::Add, &p, &yi)?;
        let v = self.b.cast(&v, ty);
        self.store_into(res, &idx, &v)?;
        self.close(outer);
        Ok(())
    }

    /// `y = alpha * op(M) @ x + beta * y` with one `cblas_?gemv` call (a
    /// MatMul of a matrix and a vector; `trans` for the vector-matrix
    /// product), or `Ok(false)` when the operands do not fit BLAS. The
    /// caller checked that the node may call BLAS.
    pub(super) fn gemv_blas(&mut self, mat: &Operand, trans: bool, x: &Operand, y: &Operand, alpha: f64, beta: f64) -> Result<bool, String> {
        let ty = self.operand_type(y)?;
        if self.parallel > 0 || mat.dims.len() != 2 || x.dims.len() != 1 || y.dims.len() != 1 || !self.blas_fits(&[mat, x, y], ty)? {
            return Ok(false);
        }
        let Some(lda) = self.row_stride(mat)? else { return Ok(false) };
        let (m, n) = (dim(mat, 0)?, dim(mat, 1)?);
        let (incx, incy) = (self.inc(x)?, self.inc(y)?);
        let (pa, px, py) = (self.address(&mat.data, &mat.start)?, self.address(&x.data, &x.start)?, self.address(&y.data, &y.start)?);
        let order = self.b.int(101, Ty::I32);
        let op = self.b.int(if trans { 112 } else { 111 }, Ty::I32);
        let (al, be) = (self.b.float(alpha, ty), self.b.float(beta, ty));
        use CArg::{Elem, Int, Ptr};
        let args = [Int(&order), Int(&op), Int(&m), Int(&n), Elem(&al), Ptr(&pa), Int(&lda), Ptr(&px), Int(&incx), Elem(&be), Ptr(&py), Int(&incy)];
        self.cblas_call("gemv", ty, &args, None)?;
        Ok(true)
    }

    /// `out = alpha * x . y` with one `cblas_?dot` call (a MatMul or Dot of
    /// two vectors), or `Ok(false)` when the operands do not fit BLAS. A
    /// loop would add one product at a time into one sum (a chain of
    /// dependent additions); BLAS keeps several sums at once.
    pub(super) fn dot_blas(&mut self, x: &Operand, y: &Operand, out: &Operand, alpha: f64) -> Result<bool, String> {
        let ty = self.operand_type(out)?;
        if self.parallel > 0 || x.dims.len() != 1 || y.dims.len() != 1 || !out.dims.is_empty() || !self.blas_fits(&[x, y, out], ty)? {
            return Ok(false);
        }
        let n = dim(x, 0)?;
        let (incx, incy) = (self.inc(x)?, self.inc(y)?);
        let (px, py) = (self.address(&x.data, &x.start)?, self.address(&y.data, &y.start)?);
        use CArg::{Int, Ptr};
        let args = [Int(&n), Ptr(&px), Int(&incx), Ptr(&py), Int(&incy)];
        let mut result = self.cblas_call("dot", ty, &args, Some(ty))?.ok_or("cblas dot without a result")?;
        if alpha != 1.0 {
            let al = self.b.float(alpha, ty);
            result = self.b.binary(Op::Mul, &result, &al)?;
        }
        let zero = self.b.i64(0);
        self.store_into(out, &[zero], &result)?;
        Ok(true)
    }

    /// Whether BLAS can take these operands: one float type, plain writes.
    fn blas_fits(&self, ops: &[&Operand], ty: Ty) -> Result<bool, String> {
        if !matches!(ty, Ty::F32 | Ty::F64) {
            return Ok(false);
        }
        for o in ops {
            if self.operand_type(o)? != ty || o.wcr.is_some() {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// The leading dimension of a matrix whose rows are contiguous.
    fn row_stride(&mut self, o: &Operand) -> Result<Option<Val>, String> {
        let strides = self.container(&o.data)?.desc.strides_or_default();
        if strides.get(o.dims[1].0).and_then(|s| s.as_int()) != Some(1) {
            return Ok(None);
        }
        let ld = strides.get(o.dims[0].0).cloned().ok_or("operand without strides")?;
        let ld = self.int(&ld)?;
        Ok(Some(ld))
    }

    /// The element stride of a vector operand.
    fn inc(&mut self, o: &Operand) -> Result<Val, String> {
        let strides = self.container(&o.data)?.desc.strides_or_default();
        let s = strides.get(o.dims[0].0).cloned().ok_or("operand without strides")?;
        self.int(&s)
    }

    /// `dst[...] = src[...]` over the destination's window.
    fn copy_window(&mut self, src: &Operand, dst: &Operand) -> Result<(), String> {
        let extents = (0..dst.dims.len()).map(|d| dim(dst, d)).collect::<Result<Vec<_>, _>>()?;
        let (outer, idx) = self.loops(&extents)?;
        let v = self.element_of(src, &idx)?;
        self.store_plain(dst, &idx, &v)?;
        self.close(outer);
        Ok(())
    }

    /// Calls `cblas_<s|d><name>` with C's argument types; its result if
    /// `result`.
    fn cblas_call(&mut self, name: &str, ty: Ty, args: &[CArg], result: Option<Ty>) -> Result<Option<Val>, String> {
        let f = format!("cblas_{}{name}", if ty == Ty::F32 { "s" } else { "d" });
        let mut values = Vec::new();
        let mut types = Vec::new();
        for arg in args {
            let (v, t) = match *arg {
                CArg::Int(v) => (v, Ty::I32),
                CArg::Elem(v) => (v, ty),
                CArg::Ptr(v) => (v, Ty::Ptr),
            };
            values.push(self.b.cast(v, t));
            types.push(t);
        }
        self.module.declare_external(&f, &types, result);
        self.module.uses_blas = true;
        Ok(self.b.call_external(&f, &values, result))
    }
}
