//! DaCe's FFT and IFFT nodes as a direct DFT, as their `pure` expansion:
//! `out[i] = factor * sum_k inp[k] * exp(-+2 pi i k i / N)` for 1-D data.
//! The frontend passes `factor` 1 for `np.fft.fft` and `1/N` for
//! `np.fft.ifft`, NumPy's default normalisation.

use super::arith::Op;
use super::function::FnGen;
use super::library::{dim, Operand};
use super::types::Ty;
use crate::symbolic::Expr;

impl FnGen<'_, '_> {
    pub(super) fn fft(&mut self, inp: &Operand, out: &Operand, factor: Option<&Expr>, inverse: bool) -> Result<(), String> {
        let what = if inverse { "IFFT" } else { "FFT" };
        let (inp, out) = (self.shaped_view(inp, 1, &format!("{what} input"))?, self.shaped_view(out, 1, &format!("{what} output"))?);
        let ty = self.operand_type(&out)?;
        if !ty.is_complex() {
            let dtype = &self.container(&out.data)?.desc.dtype;
            return Err(format!("{what} output '{}' must be complex, not {dtype}", out.data));
        }
        if inp.data == out.data {
            return Err(format!("{what} reads and writes '{}'; the transform needs a separate output", out.data));
        }
        let factor = factor.map(|f| self.value(f)).transpose()?;
        let n = dim(&inp, 0)?;
        let nf = self.b.cast(&n, Ty::F64);
        let sign = if inverse { 1.0 } else { -1.0 };
        let two_pi = self.b.float(sign * 2.0 * std::f64::consts::PI, Ty::F64);
        let (outer, i) = self.independent_loops(std::slice::from_ref(&n))?;
        let i = i[0].clone();
        let (zero, lb, step) = (self.b.zero(ty), self.b.i64(0), self.b.i64(1));
        let sum = self.b.begin_for(&lb, &n, &step, &[zero]);
        let k = sum.iv.clone();
        // (i * k) mod N keeps the angle small, so it stays exact for large N.
        let ik = self.b.binary(Op::Mul, &i, &k)?;
        let turns = self.b.binary(Op::Rem, &ik, &n)?;
        let turns = self.b.cast(&turns, Ty::F64);
        let angle = self.b.binary(Op::Mul, &turns, &two_pi)?;
        let angle = self.b.binary(Op::Div, &angle, &nf)?;
        let part = ty.complex_part();
        let (cos, sin) = (self.b.math("cos", std::slice::from_ref(&angle))?, self.b.math("sin", &[angle])?);
        let (cos, sin) = (self.b.cast(&cos, part), self.b.cast(&sin, part));
        let w = self.b.complex(&cos, &sin, ty);
        let x = self.element_of(&inp, std::slice::from_ref(&k))?;
        let x = self.b.cast(&x, ty);
        let term = self.b.binary(Op::Mul, &x, &w)?;
        let next = self.b.binary(Op::Add, &sum.carried[0], &term)?;
        self.b.end_with(&[next]);
        let mut value = sum.results[0].clone();
        if let Some(f) = factor {
            let f = self.b.cast(&f, ty);
            value = self.b.binary(Op::Mul, &value, &f)?;
        }
        self.store_into(&out, std::slice::from_ref(&i), &value)?;
        self.close_nest(outer);
        Ok(())
    }
}
