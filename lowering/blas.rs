//! MatMul through BLAS (`cblas_sgemm`/`cblas_dgemm`, OpenBLAS), chosen like
//! DaCe's `implementation` property: `pure` keeps the loop nest; any other
//! value (or none) calls BLAS when the operands allow it (float32/float64
//! matrices whose rows are contiguous) and the node is not already inside a
//! parallel map.

use super::builder::Val;
use super::function::FnGen;
use super::types::Ty;
use crate::model::LibraryNode;

/// One matrix operand: its container and the window it covers.
pub struct Matrix<'a> {
    pub data: &'a str,
    pub start: &'a [Val],
    /// The container dimensions of the two free axes (rows, columns).
    pub axes: (usize, usize),
}

impl FnGen<'_, '_> {
    /// Whether a library node may call BLAS or LAPACK: not switched off
    /// (`--no-blas`), not asked for DaCe's `pure` expansion (or `native`),
    /// and not inside a parallel map (the libraries run their own threads).
    /// Where only a missing OpenBLAS stands in the way, says so in a warning.
    pub fn library_call_allowed(&mut self, lib: &LibraryNode) -> bool {
        let implementation = lib.implementation();
        let wanted = self.parallel == 0 && self.gpu_pending.is_none() && !matches!(implementation, Some("pure" | "native"));
        if wanted {
            if let Some(why) = &self.module.missing_blas {
                let warning = format!("{why}; library nodes that would call it run as loop nests");
                self.module.warnings.insert(warning);
            }
        }
        wanted && self.blas_enabled()
    }

    /// `C = alpha * op(A) @ op(B) + beta * C` with one `cblas_?gemm` call,
    /// or `Ok(false)` when the operands do not fit BLAS.
    #[allow(clippy::too_many_arguments)]
    pub fn gemm_blas(
        &mut self,
        a: &Matrix,
        b: &Matrix,
        c: &Matrix,
        (m, n, k): (&Val, &Val, &Val),
        (ta, tb): (bool, bool),
        alpha: f64,
        beta: f64,
    ) -> Result<bool, String> {
        let ty = self.container(c.data)?.ty;
        if self.parallel > 0 || !matches!(ty, Ty::F32 | Ty::F64) {
            return Ok(false);
        }
        let mut lds = Vec::new();
        for mat in [a, b, c] {
            let desc = &self.container(mat.data)?.desc;
            if self.container(mat.data)?.ty != ty {
                return Ok(false);
            }
            let strides = desc.strides_or_default();
            // Rows must be contiguous; the row stride is the leading dimension.
            if strides.get(mat.axes.1).and_then(|s| s.as_int()) != Some(1) {
                return Ok(false);
            }
            let ld = strides.get(mat.axes.0).cloned().ok_or("operand without strides")?;
            lds.push(self.int(&ld)?);
        }
        let (pa, pb, pc) = (self.address(a.data, a.start)?, self.address(b.data, b.start)?, self.address(c.data, c.start)?);
        let i32s: Vec<Val> = [m, n, k].iter().map(|v| self.b.cast(v, Ty::I32)).collect();
        let lds: Vec<Val> = lds.iter().map(|v| self.b.cast(v, Ty::I32)).collect();
        let row_major = self.b.int(101, Ty::I32);
        let op = |t: bool| if t { 112 } else { 111 };
        let (oa, ob) = (self.b.int(op(ta), Ty::I32), self.b.int(op(tb), Ty::I32));
        let (al, be) = (self.b.float(alpha, ty), self.b.float(beta, ty));
        let f = if ty == Ty::F32 { "cblas_sgemm" } else { "cblas_dgemm" };
        let (int, ptr) = (Ty::I32, Ty::Ptr);
        let params = [int, int, int, int, int, int, ty, ptr, int, ptr, int, ty, ptr, int];
        self.module.declare_external(f, &params, None);
        self.module.uses_blas = true;
        self.module.uses_gemm = true;
        let [m, n, k] = [i32s[0].clone(), i32s[1].clone(), i32s[2].clone()];
        let [lda, ldb, ldc] = [lds[0].clone(), lds[1].clone(), lds[2].clone()];
        let args = [row_major, oa, ob, m, n, k, al, pa, lda, pb, ldb, be, pc, ldc];
        self.b.call_external(f, &args, None);
        Ok(true)
    }

    /// Where the program calls BLAS `gemm` or LAPACK (known once its body
    /// is built), OpenMP's worker threads sleep as soon as a parallel map
    /// ends while it runs: libomp's block time is 0 from the entry and back
    /// to what it was at the exit. Otherwise they spin for 200 ms after each
    /// map on the cores OpenBLAS's own threads need: on two cores a
    /// parallel map before `cblas_sgemm` (1024³) made it take twice as
    /// long. Not for level-1 and level-2 calls: in a loop of small parallel
    /// maps each map would wake sleeping threads (trisolv, one `ddot` per
    /// row, 0.018 s to 0.097 s). Left at 0 after the program, every later
    /// parallel map of the process would (jacobi_1d 0.011 s to 0.58 s
    /// after a program that called BLAS). Call at the exit block.
    pub(super) fn yield_cores_to_blas(&mut self) {
        if !(self.module.uses_gemm || self.module.uses_lapack) || self.module.gpu.is_some() || self.module.fpga {
            return;
        }
        self.module.declare_external("kmp_get_blocktime", &[], Some(Ty::I32));
        self.module.declare_external("kmp_set_blocktime", &[Ty::I32], None);
        let saved = self.b.entry_call("kmp_get_blocktime", None, Some(Ty::I32));
        self.b.entry_call("kmp_set_blocktime", Some(0), None);
        if let Some(saved) = saved {
            self.b.call_external("kmp_set_blocktime", &[saved], None);
        }
    }
}
