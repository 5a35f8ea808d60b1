//! Loop nests for the linear-algebra nodes, on the scratch matrices of
//! `linalg.rs`, computing what the LAPACK routines compute:
//!
//! - `getrf`: LU with partial pivoting (LAPACK's `getf2`: the pivot is the
//!   first element of largest `|re| + |im|` in the column, whole rows are
//!   swapped, a zero pivot sets `info` and leaves its column unscaled);
//! - `getrs`: the row interchanges, then forward and back substitution;
//! - `getri`: `getrs` applied to the identity (the inverse is kept only
//!   when no diagonal element of U is zero, else `info` names it);
//! - `potrf`: Cholesky by columns (`A = L L^H`, or `A = U^H U` for the
//!   upper triangle), stopping at the first non-positive pivot.
//!
//! Status values are LAPACK's (`info`, 1-based). Nothing divides by a zero
//! pivot and every loop has a fixed trip count, so singular input ends.

use super::arith::Op;
use super::builder::Val;
use super::function::FnGen;
use super::linalg::Mat;
use super::types::Ty;

impl FnGen<'_, '_> {
    /// LU factorization in place; pivots into `ipiv`; returns `info`.
    pub(super) fn native_getrf(&mut self, a: &Mat, ipiv: &Mat) -> Result<Val, String> {
        let (m, n) = (a.rows.clone(), a.cols.clone());
        let k = self.b.binary(Op::Min, &m, &n)?;
        let zero = self.b.i64(0);
        let one = self.b.i64(1);
        let (j, carried, res) = self.for_carry(&zero, &k, &[zero.clone()]);
        let info = carried[0].clone();
        // The pivot row: the first of largest magnitude (LAPACK's i?amax).
        let below = self.b.float(-1.0, real(a.ty));
        let (i, best, found) = self.for_carry(&j, &m, &[j.clone(), below]);
        let x = self.mat_get(a, &i, &j)?;
        let mag = self.magnitude(&x)?;
        let larger = self.b.compare("gt", &mag, &best[1]);
        let p = self.b.select(&larger, &i, &best[0]);
        let v = self.b.select(&larger, &mag, &best[1]);
        let found = self.end_carry(&found, &[p, v]);
        let p = found[0].clone();
        let p1 = self.b.binary(Op::Add, &p, &one)?;
        self.mat_set(ipiv, &j, &zero, &p1)?;
        let pivot = self.mat_get(a, &p, &j)?;
        let z = self.b.zero(a.ty);
        let nonzero = self.b.compare("ne", &pivot, &z);
        let j1 = self.b.binary(Op::Add, &j, &one)?;
        self.b.begin_if(&nonzero, &[]);
        let c = self.for_range(&zero, &n);
        let (x, y) = (self.mat_get(a, &j, &c)?, self.mat_get(a, &p, &c)?);
        self.mat_set(a, &j, &c, &y)?;
        self.mat_set(a, &p, &c, &x)?;
        self.close(1);
        let i = self.for_range(&j1, &m);
        let x = self.mat_get(a, &i, &j)?;
        let q = self.b.binary(Op::Div, &x, &pivot)?;
        self.mat_set(a, &i, &j, &q)?;
        self.close(2);
        // info = j + 1 at the first zero pivot.
        let first = self.b.compare("eq", &info, &zero);
        let zero_pivot = self.b.not(&nonzero);
        let set = self.b.logic(true, &first, &zero_pivot);
        let info = self.b.select(&set, &j1, &info);
        // Trailing update; a zero pivot's column is zero, so it changes nothing.
        let i = self.for_range(&j1, &m);
        let l = self.mat_get(a, &i, &j)?;
        let c = self.for_range(&j1, &n);
        let (x, u) = (self.mat_get(a, &i, &c)?, self.mat_get(a, &j, &c)?);
        let lu = self.b.binary(Op::Mul, &l, &u)?;
        let d = self.b.binary(Op::Sub, &x, &lu)?;
        self.mat_set(a, &i, &c, &d)?;
        self.close(2);
        Ok(self.end_carry(&res, &[info])[0].clone())
    }

    /// Solves `A X = B` with `A`'s LU factors and pivots; `b` becomes `X`.
    pub(super) fn native_getrs(&mut self, a: &Mat, ipiv: &Mat, b: &Mat) -> Result<Val, String> {
        let (n, nrhs) = (a.rows.clone(), b.cols.clone());
        let zero = self.b.i64(0);
        let one = self.b.i64(1);
        // Row interchanges in order (LAPACK's laswp).
        let i = self.for_range(&zero, &n);
        let p = self.mat_get(ipiv, &i, &zero)?;
        let p = self.b.cast(&p, Ty::I64);
        let p = self.b.binary(Op::Sub, &p, &one)?;
        let c = self.for_range(&zero, &nrhs);
        let (x, y) = (self.mat_get(b, &i, &c)?, self.mat_get(b, &p, &c)?);
        self.mat_set(b, &i, &c, &y)?;
        self.mat_set(b, &p, &c, &x)?;
        self.close(2);
        // L (unit diagonal) forward.
        let k = self.for_range(&zero, &n);
        let k1 = self.b.binary(Op::Add, &k, &one)?;
        let i = self.for_range(&k1, &n);
        let l = self.mat_get(a, &i, &k)?;
        self.row_update(b, &i, &k, &l, &nrhs)?;
        self.close(2);
        // U backward: k = n-1 down to 0.
        let r = self.for_range(&zero, &n);
        let last = self.b.binary(Op::Sub, &n, &one)?;
        let k = self.b.binary(Op::Sub, &last, &r)?;
        let d = self.mat_get(a, &k, &k)?;
        let c = self.for_range(&zero, &nrhs);
        let x = self.mat_get(b, &k, &c)?;
        let q = self.b.binary(Op::Div, &x, &d)?;
        self.mat_set(b, &k, &c, &q)?;
        self.close(1);
        let i = self.for_range(&zero, &k);
        let u = self.mat_get(a, &i, &k)?;
        self.row_update(b, &i, &k, &u, &nrhs)?;
        self.close(2);
        Ok(zero)
    }

    /// `b[i, :] -= f * b[k, :]`.
    fn row_update(&mut self, b: &Mat, i: &Val, k: &Val, f: &Val, cols: &Val) -> Result<(), String> {
        let zero = self.b.i64(0);
        let c = self.for_range(&zero, cols);
        let (x, y) = (self.mat_get(b, i, &c)?, self.mat_get(b, k, &c)?);
        let fy = self.b.binary(Op::Mul, f, &y)?;
        let d = self.b.binary(Op::Sub, &x, &fy)?;
        self.mat_set(b, i, &c, &d)?;
        self.close(1);
        Ok(())
    }

    /// `A X = B` (LAPACK's gesv): factor, then solve when `A` is regular.
    pub(super) fn native_gesv(&mut self, a: &Mat, ipiv: &Mat, b: &Mat) -> Result<Val, String> {
        let info = self.native_getrf(a, ipiv)?;
        let zero = self.b.i64(0);
        let regular = self.b.compare("eq", &info, &zero);
        self.b.begin_if(&regular, &[]);
        self.native_getrs(a, ipiv, b)?;
        self.close(1);
        Ok(info)
    }

    /// The inverse from LU factors and pivots, in place of `a`; `a` is left
    /// unchanged when U has a zero on its diagonal (`info` names the first).
    pub(super) fn native_getri(&mut self, a: &Mat, ipiv: &Mat) -> Result<Val, String> {
        let n = a.rows.clone();
        let zero = self.b.i64(0);
        let one = self.b.i64(1);
        let (i, carried, res) = self.for_carry(&zero, &n, &[zero.clone()]);
        let d = self.mat_get(a, &i, &i)?;
        let z = self.b.zero(a.ty);
        let is_zero = self.b.compare("eq", &d, &z);
        let first = self.b.compare("eq", &carried[0], &zero);
        let set = self.b.logic(true, &is_zero, &first);
        let i1 = self.b.binary(Op::Add, &i, &one)?;
        let info = self.b.select(&set, &i1, &carried[0]);
        let info = self.end_carry(&res, &[info])[0].clone();
        let regular = self.b.compare("eq", &info, &zero);
        self.b.begin_if(&regular, &[]);
        let count = self.b.binary(Op::Mul, &n, &n)?;
        let ptr = self.allocate("Getri scratch", &count, a.ty, None);
        let x = Mat { ptr, rows: n.clone(), cols: n.clone(), ty: a.ty };
        let (outer, idx) = self.loops(&[n.clone(), n.clone()])?;
        let diagonal = self.b.compare("eq", &idx[0], &idx[1]);
        let (o, z) = (self.b.float(1.0, a.ty), self.b.zero(a.ty));
        let v = self.b.select(&diagonal, &o, &z);
        self.mat_set(&x, &idx[0], &idx[1], &v)?;
        self.close(outer);
        self.native_getrs(a, ipiv, &x)?;
        let (outer, idx) = self.loops(&[n.clone(), n.clone()])?;
        let v = self.mat_get(&x, &idx[0], &idx[1])?;
        self.mat_set(a, &idx[0], &idx[1], &v)?;
        self.close(outer);
        self.b.line(format!("llvm.call @free({}) : (!llvm.ptr) -> ()", x.ptr.name));
        self.close(1);
        Ok(info)
    }

    /// Cholesky factorization of the `lower` (or upper) triangle in place;
    /// the other triangle is not touched. Returns `info`.
    pub(super) fn native_potrf(&mut self, a: &Mat, lower: bool) -> Result<Val, String> {
        let n = a.rows.clone();
        let zero = self.b.i64(0);
        let one = self.b.i64(1);
        let part = real(a.ty);
        // Work on L with A = L L^H; the upper factor is U = L^H.
        let (j, carried, res) = self.for_carry(&zero, &n, &[zero.clone()]);
        let ok = self.b.compare("eq", &carried[0], &zero);
        let next = self.b.fresh();
        self.b.line(format!("{next} = scf.if {} -> (i64) {{", ok.name));
        let fz = self.b.zero(part);
        let (k, acc, sum) = self.for_carry(&zero, &j, &[fz]);
        let l = self.tri_get(a, lower, &j, &k)?;
        let sq = self.norm2(&l)?;
        let s = self.b.binary(Op::Add, &acc[0], &sq)?;
        let s = self.end_carry(&sum, &[s])[0].clone();
        let ajj = self.mat_get(a, &j, &j)?;
        let ajj = self.b.cast(&ajj, part);
        let d = self.b.binary(Op::Sub, &ajj, &s)?;
        let fz = self.b.zero(part);
        let positive = self.b.compare("gt", &d, &fz);
        let status = self.b.fresh();
        self.b.line(format!("{status} = scf.if {} -> (i64) {{", positive.name));
        let root = self.b.math("sqrt", std::slice::from_ref(&d))?;
        self.mat_set(a, &j, &j, &root)?;
        let root = self.b.cast(&root, a.ty);
        let j1 = self.b.binary(Op::Add, &j, &one)?;
        let i = self.for_range(&j1, &n);
        let aij = self.tri_get(a, lower, &i, &j)?;
        let (k, acc, dot) = self.for_carry(&zero, &j, &[aij]);
        let (x, y) = (self.tri_get(a, lower, &i, &k)?, self.tri_get(a, lower, &j, &k)?);
        let y = self.conj(&y);
        let xy = self.b.binary(Op::Mul, &x, &y)?;
        let t = self.b.binary(Op::Sub, &acc[0], &xy)?;
        let t = self.end_carry(&dot, &[t])[0].clone();
        let q = self.b.binary(Op::Div, &t, &root)?;
        self.tri_set(a, lower, &i, &j, &q)?;
        self.close(1);
        self.b.line(format!("scf.yield {} : i64", zero.name));
        self.b.line("} else {");
        let j1 = self.b.binary(Op::Add, &j, &one)?;
        self.b.line(format!("scf.yield {} : i64", j1.name));
        self.b.line("}");
        self.b.line(format!("scf.yield {status} : i64"));
        self.b.line("} else {");
        self.b.line(format!("scf.yield {} : i64", carried[0].name));
        self.b.line("}");
        let next = Val { name: next, ty: Ty::I64 };
        Ok(self.end_carry(&res, &[next])[0].clone())
    }

    /// Element `(i, j)`, `i >= j`, of L: `a[i, j]`, or `conj(a[j, i])` when
    /// the upper triangle holds U = L^H.
    fn tri_get(&mut self, a: &Mat, lower: bool, i: &Val, j: &Val) -> Result<Val, String> {
        if lower {
            return self.mat_get(a, i, j);
        }
        let v = self.mat_get(a, j, i)?;
        Ok(self.conj(&v))
    }

    fn tri_set(&mut self, a: &Mat, lower: bool, i: &Val, j: &Val, v: &Val) -> Result<(), String> {
        if lower {
            return self.mat_set(a, i, j, v);
        }
        let c = self.conj(v);
        self.mat_set(a, j, i, &c)
    }

    fn conj(&mut self, v: &Val) -> Val {
        if !v.ty.is_complex() {
            return v.clone();
        }
        self.b.def(v.ty, format!("complex.conj {} : {}", v.name, v.ty.mlir()))
    }

    /// `|re| + |im|`, the magnitude LAPACK pivots by (`|x|` for reals).
    fn magnitude(&mut self, x: &Val) -> Result<Val, String> {
        if !x.ty.is_complex() {
            return Ok(self.b.abs(x));
        }
        let (re, im) = self.parts(x);
        let (re, im) = (self.b.abs(&re), self.b.abs(&im));
        self.b.binary(Op::Add, &re, &im)
    }

    /// `|x|^2` as a real.
    fn norm2(&mut self, x: &Val) -> Result<Val, String> {
        if !x.ty.is_complex() {
            return self.b.binary(Op::Mul, x, x);
        }
        let (re, im) = self.parts(x);
        let (rr, ii) = (self.b.binary(Op::Mul, &re, &re)?, self.b.binary(Op::Mul, &im, &im)?);
        self.b.binary(Op::Add, &rr, &ii)
    }

    fn parts(&mut self, x: &Val) -> (Val, Val) {
        let (t, p) = (x.ty.mlir(), x.ty.complex_part());
        let re = self.b.def(p, format!("complex.re {} : {t}", x.name));
        let im = self.b.def(p, format!("complex.im {} : {t}", x.name));
        (re, im)
    }

    /// Opens `scf.for iv = lo to hi` (i64); close with `close(1)`.
    pub(super) fn for_range(&mut self, lo: &Val, hi: &Val) -> Val {
        let one = self.b.i64(1);
        self.b.begin_for(lo, hi, &one, &[]).iv
    }

    /// Opens `scf.for` carrying `inits`; returns the induction variable, the
    /// carried values and the results' name for `end_carry`.
    fn for_carry(&mut self, lo: &Val, hi: &Val, inits: &[Val]) -> (Val, Vec<Val>, (String, Vec<Ty>)) {
        let one = self.b.i64(1);
        let (iv, res) = (self.b.fresh(), self.b.fresh());
        let args: Vec<Val> = inits.iter().map(|v| Val { name: self.b.fresh(), ty: v.ty }).collect();
        let binds: Vec<String> = args.iter().zip(inits).map(|(a, v)| format!("{} = {}", a.name, v.name)).collect();
        let types: Vec<&str> = inits.iter().map(|v| v.ty.mlir()).collect();
        self.b.line(format!(
            "{res}:{} = scf.for {iv} = {} to {} step {} iter_args({}) -> ({}) : i64 {{",
            inits.len(),
            lo.name,
            hi.name,
            one.name,
            binds.join(", "),
            types.join(", ")
        ));
        let tys = inits.iter().map(|v| v.ty).collect();
        (Val { name: iv, ty: Ty::I64 }, args, (res, tys))
    }

    /// Yields the next carried values and closes the loop; returns its results.
    fn end_carry(&mut self, (res, tys): &(String, Vec<Ty>), yields: &[Val]) -> Vec<Val> {
        let vals: Vec<Val> = yields.iter().zip(tys).map(|(v, t)| self.b.cast(v, *t)).collect();
        let names: Vec<&str> = vals.iter().map(|v| v.name.as_str()).collect();
        let types: Vec<&str> = tys.iter().map(|t| t.mlir()).collect();
        self.b.line(format!("scf.yield {} : {}", names.join(", "), types.join(", ")));
        self.b.line("}");
        tys.iter().enumerate().map(|(i, t)| Val { name: format!("{res}#{i}"), ty: *t }).collect()
    }
}

/// The real type of an element type (its parts for complex ones).
fn real(ty: Ty) -> Ty {
    if ty.is_complex() {
        ty.complex_part()
    } else {
        ty
    }
}
