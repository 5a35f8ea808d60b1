//! Linear-algebra library nodes: DaCe's `linalg` nodes (`Solve`, `Inv`,
//! `Cholesky`) and the LAPACK nodes their expansions make (`Getrf`,
//! `Getrs`, `Getri`, `Potrf`).
//!
//! Every operand is copied into a contiguous row-major scratch matrix, the
//! work happens there, and the results are copied out: inputs are never
//! overwritten (DaCe's expansions copy A unless told to overwrite it) and
//! any strides or aliasing of the operands are allowed. The work is either
//! a LAPACKE call (`lapack.rs`) or a loop nest (`linalg_native.rs`), chosen
//! like BLAS for MatMul (`FnGen::library_call_allowed`) and only for
//! float32/float64/complex64/complex128 outside parallel maps.
//!
//! The LAPACK nodes write LAPACK's status to `_res`. `Solve`, `Inv` and
//! `Cholesky` have no status output: a singular matrix (or one that is not
//! positive definite) stops the program with a message, where NumPy raises
//! `LinAlgError`.

use super::builder::Val;
use super::function::FnGen;
use super::library::{dim, Operand};
use super::types::Ty;
use crate::model::{LibraryNode, LinalgOp as Class};
use std::collections::HashMap;

/// A contiguous row-major scratch matrix.
pub(super) struct Mat {
    pub ptr: Val,
    pub rows: Val,
    pub cols: Val,
    pub ty: Ty,
}

impl FnGen<'_, '_> {
    /// `lower`: the triangle a Cholesky factorisation fills.
    pub(super) fn linalg(&mut self, class: &str, which: Class, lower: bool, lib: &LibraryNode, ops: &HashMap<String, Operand>) -> Result<(), String> {
        let get = |k: &str| ops.get(k).ok_or_else(|| format!("{class} has no '{k}' connection"));
        let matrix = get(match which {
            Class::Solve | Class::Inv => "_ain",
            Class::Cholesky | Class::Getrs => "_a",
            _ => "_xin",
        })?;
        if matrix.dims.len() != 2 {
            return Err(format!("{class} needs a matrix, '{}' has {} dimensions of extent other than 1", matrix.data, matrix.dims.len()));
        }
        let c = self.container(&matrix.data)?;
        let ty = c.ty;
        if !matches!(ty, Ty::F32 | Ty::F64 | Ty::C64 | Ty::C128) {
            return Err(format!("{class} on {} '{}' is not supported (float32, float64, complex64, complex128)", c.desc.dtype, matrix.data));
        }
        let allowed = self.library_call_allowed(lib);
        let lapack = allowed && self.module.lapack;
        if allowed && !lapack {
            if let Some(why) = &self.module.missing_lapack {
                self.module.warnings.insert(format!("{why}; {class} runs as a loop nest"));
            }
        }
        let (rows, cols) = (dim(matrix, 0)?, dim(matrix, 1)?);
        let a = self.scratch_from(class, matrix, &rows, &cols, ty)?;
        let mut scratch = vec![a.ptr.clone()];
        match which {
            Class::Solve => {
                let (b, out) = (get("_bin")?, get("_bout")?);
                let nrhs = if b.dims.len() == 2 { dim(b, 1)? } else { self.b.i64(1) };
                let x = self.scratch_from(class, b, &rows, &nrhs, ty)?;
                let ipiv = self.scratch_pivots(class, &rows);
                let info = if lapack { self.lapack_gesv(&a, &ipiv, &x) } else { self.native_gesv(&a, &ipiv, &x)? };
                self.fail_if(class, "singular matrix", &info)?;
                self.scratch_into(&x, out)?;
                scratch.extend([x.ptr, ipiv.ptr]);
            }
            Class::Inv => {
                let ipiv = self.scratch_pivots(class, &rows);
                let info = if lapack { self.lapack_getrf(&a, &ipiv) } else { self.native_getrf(&a, &ipiv)? };
                self.fail_if(class, "singular matrix", &info)?;
                if lapack {
                    self.lapack_getri(&a, &ipiv);
                } else {
                    self.native_getri(&a, &ipiv)?;
                }
                self.scratch_into(&a, get("_aout")?)?;
                scratch.push(ipiv.ptr);
            }
            Class::Cholesky => {
                let info = if lapack { self.lapack_potrf(&a, lower) } else { self.native_potrf(&a, lower)? };
                self.fail_if(class, "matrix is not positive definite", &info)?;
                self.triangle_into(&a, get("_b")?, lower)?;
            }
            Class::Getrf => {
                let ipiv = self.scratch_pivots(class, &rows);
                let info = if lapack { self.lapack_getrf(&a, &ipiv) } else { self.native_getrf(&a, &ipiv)? };
                self.scratch_into(&a, get("_xout")?)?;
                // LAPACK writes min(rows, cols) pivots.
                let k = self.b.binary(super::arith::Op::Min, &rows, &cols)?;
                let one = self.b.i64(1);
                let pivots = Mat { ptr: ipiv.ptr.clone(), rows: k, cols: one, ty: Ty::I32 };
                self.scratch_into(&pivots, get("_ipiv")?)?;
                self.status_into(ops.get("_res"), &info)?;
                scratch.push(ipiv.ptr);
            }
            Class::Getrs => {
                let (b, out) = (get("_rhs_in")?, get("_rhs_out")?);
                let nrhs = if b.dims.len() == 2 { dim(b, 1)? } else { self.b.i64(1) };
                let x = self.scratch_from(class, b, &rows, &nrhs, ty)?;
                let one = self.b.i64(1);
                let ipiv = self.scratch_from(class, get("_ipiv")?, &rows, &one, Ty::I32)?;
                let info = if lapack { self.lapack_getrs(&a, &ipiv, &x) } else { self.native_getrs(&a, &ipiv, &x)? };
                self.scratch_into(&x, out)?;
                self.status_into(ops.get("_res"), &info)?;
                scratch.extend([x.ptr, ipiv.ptr]);
            }
            Class::Getri => {
                let one = self.b.i64(1);
                let ipiv = self.scratch_from(class, get("_ipiv")?, &rows, &one, Ty::I32)?;
                let info = if lapack { self.lapack_getri(&a, &ipiv) } else { self.native_getri(&a, &ipiv)? };
                self.scratch_into(&a, get("_xout")?)?;
                self.status_into(ops.get("_res"), &info)?;
                scratch.push(ipiv.ptr);
            }
            Class::Potrf => {
                let info = if lapack { self.lapack_potrf(&a, lower) } else { self.native_potrf(&a, lower)? };
                self.scratch_into(&a, get("_xout")?)?;
                self.status_into(ops.get("_res"), &info)?;
            }
        }
        for p in scratch {
            self.b.call_external("free", &[p], None);
        }
        Ok(())
    }

    /// A `rows x cols` scratch matrix holding a copy of operand `o` (a
    /// matrix, or a vector as one column), converted to `ty`.
    fn scratch_from(&mut self, class: &str, o: &Operand, rows: &Val, cols: &Val, ty: Ty) -> Result<Mat, String> {
        let count = self.b.binary(super::arith::Op::Mul, rows, cols)?;
        let ptr = self.allocate(&format!("{class} scratch"), &count, ty, None);
        let m = Mat { ptr, rows: rows.clone(), cols: cols.clone(), ty };
        let (outer, idx) = self.loops(&[rows.clone(), cols.clone()])?;
        let v = self.element_of(o, &operand_index(o, &idx))?;
        self.mat_set(&m, &idx[0], &idx[1], &v)?;
        self.close(outer);
        Ok(m)
    }

    /// Room for `n` LAPACK pivots (`int32`, 1-based).
    fn scratch_pivots(&mut self, class: &str, n: &Val) -> Mat {
        let ptr = self.allocate(&format!("{class} pivots"), n, Ty::I32, None);
        let one = self.b.i64(1);
        Mat { ptr, rows: n.clone(), cols: one, ty: Ty::I32 }
    }

    /// Copies a scratch matrix into operand `o` (with its WCR, if any).
    fn scratch_into(&mut self, m: &Mat, o: &Operand) -> Result<(), String> {
        let (outer, idx) = self.loops(&[m.rows.clone(), m.cols.clone()])?;
        let v = self.mat_get(m, &idx[0], &idx[1])?;
        self.store_into(o, &operand_index(o, &idx), &v)?;
        self.close(outer);
        Ok(())
    }

    /// Copies the `lower` (or upper) triangle of a scratch matrix into `o`,
    /// zeros elsewhere, as `np.linalg.cholesky` returns it.
    fn triangle_into(&mut self, m: &Mat, o: &Operand, lower: bool) -> Result<(), String> {
        let (outer, idx) = self.loops(&[m.rows.clone(), m.cols.clone()])?;
        let v = self.mat_get(m, &idx[0], &idx[1])?;
        let keep = self.b.compare(if lower { "ge" } else { "le" }, &idx[0], &idx[1]);
        let zero = self.b.zero(m.ty);
        let v = self.b.select(&keep, &v, &zero);
        self.store_into(o, &operand_index(o, &idx), &v)?;
        self.close(outer);
        Ok(())
    }

    /// Writes a LAPACK status (`info`) to the `_res` connection, if any.
    fn status_into(&mut self, res: Option<&Operand>, info: &Val) -> Result<(), String> {
        let Some(res) = res else { return Ok(()) };
        let zero = self.b.i64(0);
        let idx = vec![zero; res.dims.len()];
        self.store_into(res, &idx, info)
    }

    /// Stops the program with `error: <class>: <what>` when `info` is not 0.
    fn fail_if(&mut self, class: &str, what: &str, info: &Val) -> Result<(), String> {
        let text = format!("error: {class}: {what} (LAPACK info %ld)\n");
        let label = self.module.string_constant(&text);
        self.module.declare_stderr_exit();
        let info = self.b.cast(info, Ty::I64);
        let zero = self.b.i64(0);
        let bad = self.b.compare("ne", &info, &zero);
        self.b.begin_if(&bad, &[]);
        let fmt = self.b.address_of(&label);
        let fd = self.b.int(2, Ty::I32);
        self.b.call_variadic("dprintf", &[Ty::I32, Ty::Ptr], Ty::I32, &[fd, fmt, info]);
        let one = self.b.int(1, Ty::I32);
        self.b.call_external("_exit", &[one], None);
        self.b.end();
        Ok(())
    }

    /// The address of element `(i, j)` of a scratch matrix.
    pub(super) fn mat_at(&mut self, m: &Mat, i: &Val, j: &Val) -> Result<Val, String> {
        let row = self.b.binary(super::arith::Op::Mul, i, &m.cols)?;
        let k = self.b.binary(super::arith::Op::Add, &row, j)?;
        Ok(self.b.gep(&m.ptr, &k, m.ty))
    }

    pub(super) fn mat_get(&mut self, m: &Mat, i: &Val, j: &Val) -> Result<Val, String> {
        let p = self.mat_at(m, i, j)?;
        Ok(self.b.load(&p, m.ty))
    }

    pub(super) fn mat_set(&mut self, m: &Mat, i: &Val, j: &Val, v: &Val) -> Result<(), String> {
        let p = self.mat_at(m, i, j)?;
        self.b.store(v, &p, m.ty);
        Ok(())
    }
}

/// Operand indices of scratch element `(i, j)`: a vector operand is one
/// column.
fn operand_index(o: &Operand, idx: &[Val]) -> Vec<Val> {
    match o.dims.len() {
        0 => Vec::new(),
        1 => vec![idx[0].clone()],
        _ => idx.to_vec(),
    }
}
