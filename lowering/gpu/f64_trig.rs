//! `float64` trigonometric functions, their inverses and the inverse
//! hyperbolic functions in Vulkan kernels, built as [`super::f64_math`]
//! builds the exponentials (see there why):
//!
//! - `sin`, `cos`, `tan`: `x = k pi/2 + r` with `pi/2` in four parts
//!   (fdlibm's: the first three of 33 bits, so `k` times them is exact for
//!   `|k| <= 2^20`), `sin r` and `cos r` by their Taylor polynomials to
//!   degrees 17 and 18 (`|r| <= pi/4`), chosen and signed by `k mod 4`.
//!   Exact reduction ends at `|x| = 2^20 pi/2` ([`TRIG_LIMIT`]); the
//!   lowering stops a kernel beyond it with a message, and the functions
//!   give NaN there (infinities too).
//! - `atan(x)`: `1/|x|` above 1 (then `pi/2 - atan`), `(t - 1)/(t + 1)`
//!   above `tan(pi/8)` (then `pi/4 + atan`), then the odd series to the
//!   47th power (`|u| <= 0.4143`); `atan2`, `asin`, `acos` from it with
//!   their quadrants and signed zeros; `atanh`, `asinh`, `acosh` from
//!   `log1p` and `log` in fdlibm's forms.

use super::f64_math::Emit;
use melior::{dialect::arith::CmpfPredicate, ir::Value};

/// The largest `|x|` whose `sin`, `cos`, `tan` reduce exactly: `2^20 pi/2`.
pub const TRIG_LIMIT: f64 = 1_647_099.332_526_696;

const PIO2_1: f64 = 1.570_796_326_734_125_614_17;
const PIO2_2: f64 = 6.077_100_506_303_965_976_6e-11;
const PIO2_3: f64 = 2.022_266_248_711_166_455_8e-21;
const PIO2_3T: f64 = 8.478_427_660_368_899_569_97e-32;
const TWO_OVER_PI: f64 = std::f64::consts::FRAC_2_PI;
const PI: f64 = std::f64::consts::PI;
const FRAC_PI_2: f64 = std::f64::consts::FRAC_PI_2;
const FRAC_PI_4: f64 = std::f64::consts::FRAC_PI_4;
const LN_2: f64 = std::f64::consts::LN_2;
/// `tan(pi/8)`: above it `atan` reduces its argument around 1.
const TAN_PI_8: f64 = 0.414_213_562_373_095_03;
/// Beyond it the inverse hyperbolic functions take `log(2|x|)`.
const HUGE: f64 = 268_435_456.0;

impl<'c, 'a> Emit<'c, 'a> {
    /// `(sin r, cos r, k mod 4)` for `x = k pi/2 + r`.
    fn reduced(&self, x: Value<'c, 'a>) -> (Value<'c, 'a>, Value<'c, 'a>, Value<'c, 'a>) {
        let k = self.math("math.floor", &[self.add(self.mul(x, self.f(TWO_OVER_PI)), self.f(0.5))]);
        let mut r = self.sub(x, self.mul(k, self.f(PIO2_1)));
        for part in [PIO2_2, PIO2_3, PIO2_3T] {
            r = self.sub(r, self.mul(k, self.f(part)));
        }
        // Beyond the limit (a complex exponential's phase, which no check
        // precedes): NaN rather than an inexact value.
        let beyond = self.cmp(CmpfPredicate::Ogt, self.math("math.absf", &[x]), self.f(TRIG_LIMIT));
        let r = self.select(beyond, self.f(f64::NAN), r);
        let z = self.mul(r, r);
        let sines: Vec<f64> = (0..9).map(|n| sign(n) / factorial(2 * n + 1)).collect();
        let cosines: Vec<f64> = (0..10).map(|n| sign(n) / factorial(2 * n)).collect();
        let s = self.mul(r, self.poly(z, &sines));
        let c = self.poly(z, &cosines);
        let quarter = self.math("math.floor", &[self.mul(k, self.f(0.25))]);
        let q = self.sub(k, self.mul(quarter, self.f(4.0)));
        (s, c, q)
    }

    /// Whether quadrant `q` (0 to 3) is odd.
    fn odd(&self, q: Value<'c, 'a>) -> Value<'c, 'a> {
        let half = self.math("math.floor", &[self.mul(q, self.f(0.5))]);
        self.cmp(CmpfPredicate::Oeq, self.sub(q, self.mul(half, self.f(2.0))), self.f(1.0))
    }

    /// `v` for quadrant `q` in `[a, b, -a, -b]`.
    fn by_quadrant(&self, q: Value<'c, 'a>, a: Value<'c, 'a>, b: Value<'c, 'a>) -> Value<'c, 'a> {
        let v = self.select(self.odd(q), b, a);
        let negative = self.cmp(CmpfPredicate::Oge, q, self.f(2.0));
        self.select(negative, self.neg(v), v)
    }

    pub(super) fn sin(&self, x: Value<'c, 'a>) -> Value<'c, 'a> {
        let (s, c, q) = self.reduced(x);
        self.by_quadrant(q, s, c)
    }

    pub(super) fn cos(&self, x: Value<'c, 'a>) -> Value<'c, 'a> {
        let (s, c, q) = self.reduced(x);
        self.by_quadrant(q, c, self.neg(s))
    }

    pub(super) fn tan(&self, x: Value<'c, 'a>) -> Value<'c, 'a> {
        let (s, c, q) = self.reduced(x);
        let cot = self.neg(self.div(c, s));
        self.select(self.odd(q), cot, self.div(s, c))
    }
    /// `atan` of a nonnegative `t` (infinity included), in `[0, pi/2]`.
    fn atan_nonnegative(&self, t: Value<'c, 'a>) -> Value<'c, 'a> {
        let big = self.cmp(CmpfPredicate::Ogt, t, self.f(1.0));
        let t = self.select(big, self.div(self.f(1.0), t), t);
        let mid = self.cmp(CmpfPredicate::Ogt, t, self.f(TAN_PI_8));
        let u = self.select(mid, self.div(self.sub(t, self.f(1.0)), self.add(t, self.f(1.0))), t);
        let series: Vec<f64> = (0..24).map(|n| (if n % 2 == 0 { 1.0 } else { -1.0 }) / (2 * n + 1) as f64).collect();
        let a = self.mul(u, self.poly(self.mul(u, u), &series));
        let a = self.select(mid, self.add(self.f(FRAC_PI_4), a), a);
        self.select(big, self.sub(self.f(FRAC_PI_2), a), a)
    }

    pub(super) fn atan(&self, x: Value<'c, 'a>) -> Value<'c, 'a> {
        let a = self.atan_nonnegative(self.math("math.absf", &[x]));
        self.math("math.copysign", &[a, x])
    }

    /// `atan2(y, x)`: the angle of `(x, y)`, in `[-pi, pi]`.
    pub(super) fn atan2(&self, y: Value<'c, 'a>, x: Value<'c, 'a>) -> Value<'c, 'a> {
        let (ax, ay) = (self.math("math.absf", &[x]), self.math("math.absf", &[y]));
        let a = self.atan_nonnegative(self.div(ay, ax));
        let inf = self.f(f64::INFINITY);
        let both_inf = self.and(self.cmp(CmpfPredicate::Oeq, ax, inf), self.cmp(CmpfPredicate::Oeq, ay, inf));
        let a = self.select(both_inf, self.f(FRAC_PI_4), a);
        let a = self.select(self.cmp(CmpfPredicate::Oeq, y, self.f(0.0)), self.f(0.0), a);
        // Left of the y axis (-0 included): the angle from the other side.
        let left = self.cmp(CmpfPredicate::Olt, self.math("math.copysign", &[self.f(1.0), x]), self.f(0.0));
        let a = self.select(left, self.sub(self.f(PI), a), a);
        let a = self.math("math.copysign", &[a, y]);
        self.select(self.cmp(CmpfPredicate::Uno, x, y), self.f(f64::NAN), a)
    }

    pub(super) fn asin(&self, x: Value<'c, 'a>) -> Value<'c, 'a> {
        let ax = self.math("math.absf", &[x]);
        let one = self.f(1.0);
        let c = self.math("math.sqrt", &[self.mul(self.sub(one, ax), self.add(one, ax))]);
        let a = self.atan_nonnegative(self.div(ax, c));
        self.math("math.copysign", &[a, x])
    }

    pub(super) fn acos(&self, x: Value<'c, 'a>) -> Value<'c, 'a> {
        let one = self.f(1.0);
        let t = self.math("math.sqrt", &[self.div(self.sub(one, x), self.add(one, x))]);
        self.mul(self.f(2.0), self.atan_nonnegative(t))
    }

    pub(super) fn atanh(&self, x: Value<'c, 'a>) -> Value<'c, 'a> {
        let ax = self.math("math.absf", &[x]);
        let q = self.div(self.mul(self.f(2.0), ax), self.sub(self.f(1.0), ax));
        let a = self.mul(self.f(0.5), self.log1p(q));
        self.math("math.copysign", &[a, x])
    }

    pub(super) fn asinh(&self, x: Value<'c, 'a>) -> Value<'c, 'a> {
        let ax = self.math("math.absf", &[x]);
        let one = self.f(1.0);
        let root = self.math("math.sqrt", &[self.add(self.mul(ax, ax), one)]);
        let small = self.log1p(self.add(ax, self.div(self.mul(ax, ax), self.add(one, root))));
        let mid = self.log(self.add(self.mul(self.f(2.0), ax), self.div(one, self.add(root, ax))));
        let big = self.add(self.log(ax), self.f(LN_2));
        let a = self.select(self.cmp(CmpfPredicate::Ogt, ax, self.f(2.0)), mid, small);
        let a = self.select(self.cmp(CmpfPredicate::Ogt, ax, self.f(HUGE)), big, a);
        self.math("math.copysign", &[a, x])
    }

    pub(super) fn acosh(&self, x: Value<'c, 'a>) -> Value<'c, 'a> {
        let one = self.f(1.0);
        let t = self.sub(x, one);
        let small = self.log1p(self.add(t, self.math("math.sqrt", &[self.add(self.mul(self.f(2.0), t), self.mul(t, t))])));
        let root = self.math("math.sqrt", &[self.sub(self.mul(x, x), one)]);
        let mid = self.log(self.sub(self.mul(self.f(2.0), x), self.div(one, self.add(x, root))));
        let big = self.add(self.log(x), self.f(LN_2));
        let a = self.select(self.cmp(CmpfPredicate::Ogt, x, self.f(2.0)), mid, small);
        let a = self.select(self.cmp(CmpfPredicate::Ogt, x, self.f(HUGE)), big, a);
        self.select(self.cmp(CmpfPredicate::Ult, x, one), self.f(f64::NAN), a)
    }
}

fn sign(n: i32) -> f64 {
    if n % 2 == 0 {
        1.0
    } else {
        -1.0
    }
}

fn factorial(n: i32) -> f64 {
    (1..=n).map(f64::from).product()
}
