//! `float64` exponentials and logarithms in Vulkan kernels. GLSL's `exp`,
//! `log`, `pow`, ... take 16- and 32-bit floats only, so on `f64` they are
//! built here from operations SPIR-V has exactly (`arith`, `fma`,
//! `floor`, bit casts), before the kernels are converted:
//!
//! - `exp(x)`: `x = k ln2 + r` (`|r| <= ln2/2`, `ln2` in two parts, `fma`),
//!   `e^r` by its Taylor polynomial to degree 13 (truncation below 1e-17),
//!   times `2^k` written into the exponent bits in two steps (so `2^k`
//!   reaches subnormal results); over- and underflow and NaN by selects.
//! - `log(x)`: `x = m 2^e` with `m` in `[sqrt(1/2), sqrt(2))` (subnormals
//!   scaled first), `log m = 2 atanh(s)`, `s = (m - 1)/(m + 1)` (`|s| <=
//!   0.172`), by its odd series to `s^25`; `e ln2` in two parts.
//! - `log2`, `log10`, `pow(x, y) = exp(y log|x|)` (a negative `x`
//!   for integer `y` only, signed by `y`'s parity; else NaN), `expm1` and
//!   `log1p` (Kahan's corrections of `exp(x) - 1` and `log(1 + x)`),
//!   `tanh`, `sinh`, `cosh` (from `expm1` and `exp`).
//! - the trigonometric functions, their inverses and the inverse
//!   hyperbolic ones: `f64_trig`.
//!
//! Errors are a few units in the last place (`pow`: about `|y log x|`
//! units, as `y log x` is rounded before the exponential).
//! `erf` and `cbrt` stay refused on `f64` (`spirv::check_f64_math`).
//!
//! ```text
//! %y = math.exp %x : f64   =>   %k = math.floor(%x * log2(e) + 0.5) ... %y = arith.select ...
//! ```

use super::raw_ir::name;
use melior::{
    dialect::arith::{self, CmpfPredicate},
    ir::{
        attribute::{FloatAttribute, IntegerAttribute},
        block::BlockLike,
        operation::{OperationBuilder, OperationLike, OperationRef},
        r#type::IntegerType,
        BlockRef, Location, Module, Operation, Type, Value, ValueLike,
    },
    Context,
};

/// The ops expanded here (on `f64` results).
pub const EXPANDED: &[&str] = &[
    "math.exp", "math.expm1", "math.log", "math.log2", "math.log10", "math.log1p", "math.powf", "math.tanh", "math.sinh",
    "math.cosh", "math.sin", "math.cos", "math.tan", "math.atan", "math.atan2", "math.asin", "math.acos", "math.atanh",
    "math.asinh", "math.acosh",
];

const LN2_HI: f64 = 6.931_471_803_691_238_164_9e-1;
const LN2_LO: f64 = 1.908_214_929_270_587_700_02e-10;
const LOG2_E: f64 = std::f64::consts::LOG2_E;
const LOG10_E: f64 = std::f64::consts::LOG10_E;
/// Beyond these `exp` is infinite or zero.
const EXP_OVERFLOW: f64 = 709.782_712_893_384;
const EXP_UNDERFLOW: f64 = -745.133_219_101_941_2;

/// Replaces every expanded op on `f64` in the kernels of `module` (its
/// `gpu.module`s, after outlining) by its expansion.
pub fn expand(context: &Context, module: &Module) {
    // SAFETY: the walk reads a live module; each op is replaced after it.
    let ops = unsafe { super::device_math::device_ops(module.as_operation().to_raw()) };
    for raw in ops {
        // SAFETY: `raw` is an op of the live module.
        let op = unsafe { OperationRef::from_raw(raw) };
        let n = unsafe { name(raw) };
        let f64_type = Type::float64(context);
        let is_f64 = op.result_count() == 1 && op.result(0).is_ok_and(|r| r.r#type() == f64_type);
        if !EXPANDED.contains(&n.as_str()) || !is_f64 {
            continue;
        }
        let Some(block) = op.block() else { continue };
        let e = Emit { context, block, anchor: op, loc: op.location(), f64: f64_type, i64: IntegerType::new(context, 64).into() };
        let args: Vec<Value> = (0..op.operand_count()).filter_map(|i| op.operand(i).ok()).collect();
        let x = args[0];
        let y = match n.as_str() {
            "math.exp" => e.exp(x),
            "math.expm1" => e.expm1(x),
            "math.log" => e.log(x),
            "math.log2" => e.log2(x),
            "math.log10" => {
                let l = e.log(x);
                e.mul(l, e.f(LOG10_E))
            }
            "math.log1p" => e.log1p(x),
            "math.powf" => e.pow(x, args[1]),
            "math.tanh" => e.tanh(x),
            "math.sinh" => e.sinh(x),
            "math.cosh" => e.cosh(x),
            "math.sin" => e.sin(x),
            "math.cos" => e.cos(x),
            "math.tan" => e.tan(x),
            "math.atan" => e.atan(x),
            "math.atan2" => e.atan2(x, args[1]),
            "math.asin" => e.asin(x),
            "math.acos" => e.acos(x),
            "math.atanh" => e.atanh(x),
            "math.asinh" => e.asinh(x),
            _ => e.acosh(x),
        };
        let result = op.result(0).expect("one result");
        // SAFETY: both values are live; the op is then removed, unused.
        unsafe {
            mlir_sys::mlirValueReplaceAllUsesOfWith(result.to_raw(), y.to_raw());
            mlir_sys::mlirOperationRemoveFromParent(raw);
            mlir_sys::mlirOperationDestroy(raw);
        }
    }
}

/// Builds ops before `anchor`.
pub(super) struct Emit<'c, 'a> {
    context: &'c Context,
    block: BlockRef<'c, 'a>,
    anchor: OperationRef<'c, 'a>,
    loc: Location<'c>,
    f64: Type<'c>,
    i64: Type<'c>,
}

impl<'c, 'a> Emit<'c, 'a> {
    pub(super) fn put(&self, op: Operation<'c>) -> Value<'c, 'a> {
        self.block.insert_operation_before(self.anchor, op).result(0).expect("a result").into()
    }

    pub(super) fn f(&self, v: f64) -> Value<'c, 'a> {
        self.put(arith::constant(self.context, FloatAttribute::new(self.context, self.f64, v).into(), self.loc))
    }

    pub(super) fn i(&self, v: i64) -> Value<'c, 'a> {
        self.put(arith::constant(self.context, IntegerAttribute::new(self.i64, v).into(), self.loc))
    }

    pub(super) fn add(&self, a: Value<'c, 'a>, b: Value<'c, 'a>) -> Value<'c, 'a> {
        self.put(arith::addf(a, b, self.loc))
    }

    pub(super) fn sub(&self, a: Value<'c, 'a>, b: Value<'c, 'a>) -> Value<'c, 'a> {
        self.put(arith::subf(a, b, self.loc))
    }

    pub(super) fn mul(&self, a: Value<'c, 'a>, b: Value<'c, 'a>) -> Value<'c, 'a> {
        self.put(arith::mulf(a, b, self.loc))
    }

    pub(super) fn div(&self, a: Value<'c, 'a>, b: Value<'c, 'a>) -> Value<'c, 'a> {
        self.put(arith::divf(a, b, self.loc))
    }

    pub(super) fn math(&self, op: &str, args: &[Value<'c, 'a>]) -> Value<'c, 'a> {
        self.put(OperationBuilder::new(op, self.loc).add_operands(args).add_results(&[self.f64]).build().expect("a math op"))
    }

    /// `a * b + c`, rounded once.
    pub(super) fn fma(&self, a: Value<'c, 'a>, b: Value<'c, 'a>, c: Value<'c, 'a>) -> Value<'c, 'a> {
        self.math("math.fma", &[a, b, c])
    }

    pub(super) fn cmp(&self, p: CmpfPredicate, a: Value<'c, 'a>, b: Value<'c, 'a>) -> Value<'c, 'a> {
        self.put(arith::cmpf(self.context, p, a, b, self.loc))
    }

    pub(super) fn select(&self, c: Value<'c, 'a>, a: Value<'c, 'a>, b: Value<'c, 'a>) -> Value<'c, 'a> {
        self.put(arith::select(c, a, b, self.loc))
    }

    pub(super) fn or(&self, a: Value<'c, 'a>, b: Value<'c, 'a>) -> Value<'c, 'a> {
        self.put(arith::ori(a, b, self.loc))
    }

    pub(super) fn and(&self, a: Value<'c, 'a>, b: Value<'c, 'a>) -> Value<'c, 'a> {
        self.put(arith::andi(a, b, self.loc))
    }

    pub(super) fn neg(&self, a: Value<'c, 'a>) -> Value<'c, 'a> {
        self.put(arith::negf(a, self.loc))
    }

    /// `sum c[i] x^i` by Horner's rule (`c` from the constant term up).
    pub(super) fn poly(&self, x: Value<'c, 'a>, c: &[f64]) -> Value<'c, 'a> {
        let mut acc = self.f(c[c.len() - 1]);
        for &k in c[..c.len() - 1].iter().rev() {
            acc = self.fma(acc, x, self.f(k));
        }
        acc
    }

    /// `2^k` for an integer `k` in `[-1022, 1023]`, as exponent bits.
    pub(super) fn two_to(&self, k: Value<'c, 'a>) -> Value<'c, 'a> {
        let biased = self.put(arith::addi(k, self.i(1023), self.loc));
        let bits = self.put(arith::shli(biased, self.i(52), self.loc));
        self.put(arith::bitcast(bits, self.f64, self.loc))
    }

    /// `e^r * 2^k` for `|r| <= ln2/2` and integer-valued `k` in
    /// `[-1076, 1024]`.
    pub(super) fn scaled_exp(&self, k: Value<'c, 'a>, r: Value<'c, 'a>) -> Value<'c, 'a> {
        let taylor: Vec<f64> = (0..=13).scan(1.0, |f, n| {
            if n > 0 {
                *f *= n as f64;
            }
            Some(1.0 / *f)
        }).collect();
        let p = self.poly(r, &taylor);
        let ki = self.put(arith::fptosi(k, self.i64, self.loc));
        let half = self.put(arith::shrsi(ki, self.i(1), self.loc));
        let rest = self.put(arith::subi(ki, half, self.loc));
        let once = self.mul(p, self.two_to(half));
        self.mul(once, self.two_to(rest))
    }

    pub(super) fn exp(&self, x: Value<'c, 'a>) -> Value<'c, 'a> {
        let hi = self.f(EXP_OVERFLOW + 1.0);
        let lo = self.f(EXP_UNDERFLOW - 1.0);
        let big = self.cmp(CmpfPredicate::Ogt, x, hi);
        let xc = self.select(big, hi, x);
        let small = self.cmp(CmpfPredicate::Olt, xc, lo);
        let xc = self.select(small, lo, xc);
        let t = self.fma(xc, self.f(LOG2_E), self.f(0.5));
        let k = self.math("math.floor", &[t]);
        // `k ln2_hi` is exact (`ln2_hi` has 32 significant bits), and so
        // is its difference from `x`.
        let r = self.sub(xc, self.mul(k, self.f(LN2_HI)));
        let r = self.sub(r, self.mul(k, self.f(LN2_LO)));
        let y = self.scaled_exp(k, r);
        self.exp_edges(x, y)
    }

    /// `y` where `x` is in `exp`'s range; infinity, zero or NaN elsewhere.
    pub(super) fn exp_edges(&self, x: Value<'c, 'a>, y: Value<'c, 'a>) -> Value<'c, 'a> {
        let over = self.cmp(CmpfPredicate::Ogt, x, self.f(EXP_OVERFLOW));
        let under = self.cmp(CmpfPredicate::Olt, x, self.f(EXP_UNDERFLOW));
        let nan = self.cmp(CmpfPredicate::Uno, x, x);
        let y = self.select(under, self.f(0.0), y);
        let y = self.select(over, self.f(f64::INFINITY), y);
        self.select(nan, x, y)
    }

    /// `(e, log m)` with `x = m 2^e`, `m` in `[sqrt(1/2), sqrt(2))`, for
    /// finite positive `x`.
    pub(super) fn log_parts(&self, x: Value<'c, 'a>) -> (Value<'c, 'a>, Value<'c, 'a>) {
        let sub = self.cmp(CmpfPredicate::Olt, x, self.f(f64::MIN_POSITIVE));
        let xs = self.select(sub, self.mul(x, self.f(2f64.powi(54))), x);
        let shift = self.select(sub, self.i(-54), self.i(0));
        let bits = self.put(arith::bitcast(xs, self.i64, self.loc));
        let exponent = self.put(arith::shrui(bits, self.i(52), self.loc));
        let exponent = self.put(arith::andi(exponent, self.i(0x7ff), self.loc));
        let e = self.put(arith::subi(exponent, self.i(1023), self.loc));
        let e = self.put(arith::addi(e, shift, self.loc));
        let mantissa = self.put(arith::andi(bits, self.i(0x000f_ffff_ffff_ffff), self.loc));
        let mantissa = self.put(arith::ori(mantissa, self.i(0x3ff0_0000_0000_0000), self.loc));
        let m = self.put(arith::bitcast(mantissa, self.f64, self.loc));
        let big = self.cmp(CmpfPredicate::Ogt, m, self.f(std::f64::consts::SQRT_2));
        let m = self.select(big, self.mul(m, self.f(0.5)), m);
        let e = self.select(big, self.put(arith::addi(e, self.i(1), self.loc)), e);
        let s = self.div(self.sub(m, self.f(1.0)), self.add(m, self.f(1.0)));
        let z = self.mul(s, s);
        let series: Vec<f64> = (0..=12).map(|j| 1.0 / (2 * j + 1) as f64).collect();
        let q = self.poly(z, &series);
        let lm = self.mul(self.mul(self.f(2.0), s), q);
        (self.put(arith::sitofp(e, self.f64, self.loc)), lm)
    }

    /// `y` where `x` is finite and positive; `log`'s values elsewhere
    /// (-inf at zero, NaN below it or at NaN, inf at inf).
    pub(super) fn log_edges(&self, x: Value<'c, 'a>, y: Value<'c, 'a>) -> Value<'c, 'a> {
        let zero = self.cmp(CmpfPredicate::Oeq, x, self.f(0.0));
        let negative = self.cmp(CmpfPredicate::Ult, x, self.f(0.0));
        let inf = self.cmp(CmpfPredicate::Oeq, x, self.f(f64::INFINITY));
        let y = self.select(inf, x, y);
        let y = self.select(zero, self.f(f64::NEG_INFINITY), y);
        self.select(negative, self.f(f64::NAN), y)
    }

    pub(super) fn log(&self, x: Value<'c, 'a>) -> Value<'c, 'a> {
        let (e, lm) = self.log_parts(x);
        let y = self.fma(e, self.f(LN2_HI), self.fma(e, self.f(LN2_LO), lm));
        self.log_edges(x, y)
    }

    pub(super) fn log2(&self, x: Value<'c, 'a>) -> Value<'c, 'a> {
        let (e, lm) = self.log_parts(x);
        let y = self.fma(lm, self.f(LOG2_E), e);
        self.log_edges(x, y)
    }

    /// `log(1 + x)`, corrected for the rounding of `1 + x`.
    pub(super) fn log1p(&self, x: Value<'c, 'a>) -> Value<'c, 'a> {
        let u = self.add(self.f(1.0), x);
        let l = self.log(u);
        let d = self.sub(u, self.f(1.0));
        let corrected = self.div(self.mul(l, x), d);
        let exact = self.cmp(CmpfPredicate::Oeq, d, x);
        let tiny = self.cmp(CmpfPredicate::Oeq, u, self.f(1.0));
        let inf = self.cmp(CmpfPredicate::Oeq, x, self.f(f64::INFINITY));
        let y = self.select(self.or(exact, inf), l, corrected);
        self.select(tiny, x, y)
    }

    /// `e^x - 1`, corrected for the rounding of `e^x` near `x = 0` (where
    /// the subtraction cancels).
    pub(super) fn expm1(&self, x: Value<'c, 'a>) -> Value<'c, 'a> {
        let u = self.exp(x);
        let d = self.sub(u, self.f(1.0));
        let corrected = self.div(self.mul(d, x), self.log(u));
        let near = self.cmp(CmpfPredicate::Olt, self.math("math.absf", &[x]), self.f(0.5));
        let one = self.cmp(CmpfPredicate::Oeq, u, self.f(1.0));
        let y = self.select(near, corrected, d);
        self.select(one, x, y)
    }

    /// `e^|x| / 2` for `|x| > 22` (`sinh`, `cosh`), finite up to `cosh`'s
    /// overflow: `(w/2) w` with `w = e^(|x|/2)`.
    pub(super) fn half_exp(&self, ax: Value<'c, 'a>) -> Value<'c, 'a> {
        let w = self.exp(self.mul(ax, self.f(0.5)));
        self.mul(self.mul(w, self.f(0.5)), w)
    }

    pub(super) fn pow(&self, x: Value<'c, 'a>, p: Value<'c, 'a>) -> Value<'c, 'a> {
        let ax = self.math("math.absf", &[x]);
        let y = self.exp(self.mul(p, self.log(ax)));
        // A negative base: real for integer exponents, negative for odd ones.
        let integer = self.cmp(CmpfPredicate::Oeq, self.math("math.floor", &[p]), p);
        let half = self.mul(p, self.f(0.5));
        let odd = self.cmp(CmpfPredicate::One, self.math("math.floor", &[half]), half);
        let signed = self.select(odd, self.neg(y), y);
        let negative = self.select(integer, signed, self.f(f64::NAN));
        let below = self.cmp(CmpfPredicate::Olt, x, self.f(0.0));
        let y = self.select(below, negative, y);
        let one = self.or(self.cmp(CmpfPredicate::Oeq, p, self.f(0.0)), self.cmp(CmpfPredicate::Oeq, x, self.f(1.0)));
        self.select(one, self.f(1.0), y)
    }

    pub(super) fn tanh(&self, x: Value<'c, 'a>) -> Value<'c, 'a> {
        let ax = self.math("math.absf", &[x]);
        let m = self.expm1(self.mul(ax, self.f(-2.0)));
        let t = self.div(self.neg(m), self.add(m, self.f(2.0)));
        let t = self.select(self.cmp(CmpfPredicate::Ogt, ax, self.f(22.0)), self.f(1.0), t);
        self.math("math.copysign", &[t, x])
    }

    pub(super) fn sinh(&self, x: Value<'c, 'a>) -> Value<'c, 'a> {
        let ax = self.math("math.absf", &[x]);
        let m = self.expm1(ax);
        let near = self.mul(self.add(m, self.div(m, self.add(m, self.f(1.0)))), self.f(0.5));
        let far = self.half_exp(ax);
        let s = self.select(self.cmp(CmpfPredicate::Ogt, ax, self.f(22.0)), far, near);
        self.math("math.copysign", &[s, x])
    }

    pub(super) fn cosh(&self, x: Value<'c, 'a>) -> Value<'c, 'a> {
        let ax = self.math("math.absf", &[x]);
        let u = self.exp(ax);
        let near = self.mul(self.add(u, self.div(self.f(1.0), u)), self.f(0.5));
        let far = self.half_exp(ax);
        self.select(self.cmp(CmpfPredicate::Ogt, ax, self.f(22.0)), far, near)
    }
}
