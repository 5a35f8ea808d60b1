//! LAPACKE calls for the linear-algebra nodes, on the row-major scratch
//! matrices of `linalg.rs` (`LAPACK_ROW_MAJOR`, leading dimension = columns):
//! `?gesv`, `?getrf`, `?getrs`, `?getri`, `?potrf` for float32 (`s`),
//! float64 (`d`), complex64 (`c`) and complex128 (`z`). Complex scratch
//! elements are two floats, LAPACK's complex layout. Each returns LAPACK's
//! `info` (an `i32`).

use super::builder::Val;
use super::function::FnGen;
use super::linalg::Mat;
use super::types::Ty;

/// `LAPACK_ROW_MAJOR`.
const ROW_MAJOR: i64 = 101;

impl FnGen<'_, '_> {
    pub(super) fn lapack_gesv(&mut self, a: &Mat, ipiv: &Mat, b: &Mat) -> Val {
        let (n, nrhs) = (self.i32(&a.rows), self.i32(&b.cols));
        let lda = self.i32(&a.cols);
        let args = [n, nrhs, a.ptr.clone(), lda, ipiv.ptr.clone(), b.ptr.clone(), self.i32(&b.cols)];
        self.lapacke("gesv", a.ty, &args)
    }

    pub(super) fn lapack_getrf(&mut self, a: &Mat, ipiv: &Mat) -> Val {
        let (m, n) = (self.i32(&a.rows), self.i32(&a.cols));
        let args = [m, n.clone(), a.ptr.clone(), n, ipiv.ptr.clone()];
        self.lapacke("getrf", a.ty, &args)
    }

    pub(super) fn lapack_getrs(&mut self, a: &Mat, ipiv: &Mat, b: &Mat) -> Val {
        let trans = self.b.int(i64::from(b'N'), Ty::I8);
        let (n, nrhs) = (self.i32(&a.rows), self.i32(&b.cols));
        let lda = self.i32(&a.cols);
        let args = [trans, n, nrhs.clone(), a.ptr.clone(), lda, ipiv.ptr.clone(), b.ptr.clone(), nrhs];
        self.lapacke("getrs", a.ty, &args)
    }

    pub(super) fn lapack_getri(&mut self, a: &Mat, ipiv: &Mat) -> Val {
        let n = self.i32(&a.rows);
        let lda = self.i32(&a.cols);
        let args = [n, a.ptr.clone(), lda, ipiv.ptr.clone()];
        self.lapacke("getri", a.ty, &args)
    }

    pub(super) fn lapack_potrf(&mut self, a: &Mat, lower: bool) -> Val {
        let uplo = self.b.int(i64::from(if lower { b'L' } else { b'U' }), Ty::I8);
        let n = self.i32(&a.rows);
        let lda = self.i32(&a.cols);
        let args = [uplo, n, a.ptr.clone(), lda];
        self.lapacke("potrf", a.ty, &args)
    }

    fn i32(&mut self, v: &Val) -> Val {
        self.b.cast(v, Ty::I32)
    }

    /// `LAPACKE_<t><routine>(LAPACK_ROW_MAJOR, args...)`, declared on first
    /// use; the program is linked with LAPACKE.
    fn lapacke(&mut self, routine: &str, ty: Ty, args: &[Val]) -> Val {
        let prefix = match ty {
            Ty::F32 => "s",
            Ty::F64 => "d",
            Ty::C64 => "c",
            _ => "z",
        };
        let f = format!("LAPACKE_{prefix}{routine}");
        let layout = self.b.int(ROW_MAJOR, Ty::I32);
        let all: Vec<Val> = std::iter::once(layout).chain(args.iter().cloned()).collect();
        let types: Vec<Ty> = all.iter().map(|v| v.ty).collect();
        self.module.declare_external(&f, &types, Some(Ty::I32));
        self.module.uses_lapack = true;
        self.b.call_external_value(&f, &all, Ty::I32)
    }
}
