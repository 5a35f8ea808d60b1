//! Arithmetic on values of the generated code, with C's promotions.

use super::builder::{Body, Val};
use super::types::Ty;

/// Binary operators of expressions and tasklets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    Add,
    Sub,
    Mul,
    /// True division (Python `/`): integers divide as floats.
    Div,
    /// Floor division (`int_floor` in expressions, `//` on floats).
    FloorDiv,
    /// Integer division truncating toward zero (`//` on integers in
    /// tasklets, as DaCe's generated C++ computes it).
    TruncDiv,
    CeilDiv,
    /// Remainder (`%` as C computes it).
    Rem,
    /// Python's modulo (`Mod`), the sign of the divisor.
    Mod,
    Pow,
    BitAnd,
    BitOr,
    BitXor,
    Shl,
    Shr,
    Min,
    Max,
}

impl Body {
    pub fn binary(&mut self, op: Op, a: &Val, b: &Val) -> Result<Val, String> {
        let mut ty = Ty::promote(a.ty, b.ty);
        if op == Op::Div && ty.is_int() {
            ty = Ty::F64;
        }
        if op == Op::Pow {
            return self.pow(a, b);
        }
        let (x, y) = (self.cast(a, ty), self.cast(b, ty));
        let name = if ty.is_complex() {
            if op == Op::Mul {
                return Ok(self.complex_mul(&x, &y, true));
            }
            match op {
                Op::Add => "complex.add",
                Op::Sub => "complex.sub",
                Op::Div => "complex.div",
                _ => return Err(format!("operator {op:?} is not defined on complex numbers")),
            }
        } else if ty.is_float() {
            match op {
                Op::Add => "arith.addf",
                Op::Sub => "arith.subf",
                Op::Mul => "arith.mulf",
                Op::Div => "arith.divf",
                Op::FloorDiv | Op::TruncDiv | Op::CeilDiv => {
                    let q = self.op("arith.divf", &[&x, &y], ty);
                    let f = if op == Op::CeilDiv { "math.ceil" } else { "math.floor" };
                    return Ok(self.op(f, &[&q], ty));
                }
                Op::Rem => "arith.remf",
                Op::Mod => {
                    // a - floor(a / b) * b
                    let q = self.op("arith.divf", &[&x, &y], ty);
                    let fl = self.op("math.floor", &[&q], ty);
                    let m = self.op("arith.mulf", &[&fl, &y], ty);
                    return Ok(self.op("arith.subf", &[&x, &m], ty));
                }
                Op::Min => "arith.minnumf",
                Op::Max => "arith.maxnumf",
                _ => return Err(format!("operator {op:?} is not defined on floats")),
            }
        } else {
            let u = ty.is_unsigned();
            match op {
                Op::Add => "arith.addi",
                Op::Sub => "arith.subi",
                Op::Mul => "arith.muli",
                Op::FloorDiv | Op::TruncDiv if u => "arith.divui",
                Op::TruncDiv => "arith.divsi",
                Op::FloorDiv => "arith.floordivsi",
                Op::CeilDiv if u => "arith.ceildivui",
                Op::CeilDiv => "arith.ceildivsi",
                Op::Rem if u => "arith.remui",
                Op::Rem => "arith.remsi",
                Op::Mod if u => "arith.remui",
                Op::Mod => {
                    // Python's sign rule: ((a % b) + b) % b.
                    let r = self.op("arith.remsi", &[&x, &y], ty);
                    let s = self.op("arith.addi", &[&r, &y], ty);
                    return Ok(self.op("arith.remsi", &[&s, &y], ty));
                }
                Op::BitAnd => "arith.andi",
                Op::BitOr => "arith.ori",
                Op::BitXor => "arith.xori",
                Op::Shl => "arith.shli",
                Op::Shr if u => "arith.shrui",
                Op::Shr => "arith.shrsi",
                Op::Min if u => "arith.minui",
                Op::Min => "arith.minsi",
                Op::Max if u => "arith.maxui",
                Op::Max => "arith.maxsi",
                Op::Div | Op::Pow => unreachable!("handled above"),
            }
        };
        Ok(self.op(name, &[&x, &y], ty))
    }

    /// `a ** b`: `math.ipowi` for integers, `math.powf`/`fpowi` for floats.
    fn pow(&mut self, a: &Val, b: &Val) -> Result<Val, String> {
        let ty = Ty::promote(a.ty, b.ty);
        if ty.is_complex() {
            let (x, y) = (self.cast(a, ty), self.cast(b, ty));
            return Ok(self.op("complex.pow", &[&x, &y], ty));
        }
        if ty.is_int() {
            let (x, y) = (self.cast(a, ty), self.cast(b, ty));
            return Ok(self.op("math.ipowi", &[&x, &y], ty));
        }
        let x = self.cast(a, ty);
        if b.ty.is_int() {
            let y = self.cast(b, Ty::I32);
            return Ok(self.op("math.fpowi", &[&x, &y], ty));
        }
        let y = self.cast(b, ty);
        Ok(self.op("math.powf", &[&x, &y], ty))
    }

    /// `x * y` of complex numbers as NumPy's array loops compute it (on CPUs
    /// with FMA): `re = fma(xr, yr, -(xi*yi))`, `im = fma(xr, yi, xi*yr)`.
    /// With `fused` unset, as its scalar `pow` does: `xr*yr - xi*yi`, `xr*yi + xi*yr`.
    fn complex_mul(&mut self, x: &Val, y: &Val, fused: bool) -> Val {
        let (ty, part) = (x.ty, x.ty.complex_part());
        let ((xr, xi), (yr, yi)) = (self.parts(x), self.parts(y));
        let mul = |b: &mut Body, a: &Val, c: &Val| b.op("arith.mulf", &[a, c], part);
        let (ii, ir) = (mul(self, &xi, &yi), mul(self, &xi, &yr));
        let (re, im) = if fused {
            let neg = self.op("arith.negf", &[&ii], part);
            let re = self.op("math.fma", &[&xr, &yr, &neg], part);
            (re, self.op("math.fma", &[&xr, &yi, &ir], part))
        } else {
            let (rr, ri) = (mul(self, &xr, &yr), mul(self, &xr, &yi));
            let re = self.op("arith.subf", &[&rr, &ii], part);
            (re, self.op("arith.addf", &[&ri, &ir], part))
        };
        self.complex(&re, &im, ty)
    }

    /// `a ** k` for a constant `k` by binary exponentiation, multiplying in
    /// the order NumPy's complex power does (`a*(a*a)` for 3, with its
    /// unfused products; `a**2` is its `square`, fused like `*`); a negative `k`
    /// is `1 / a**-k`, a float for integers as in Python. Very large
    /// exponents of non-integers use `pow`, as NumPy does from 100 on.
    pub fn pow_int(&mut self, a: &Val, k: i64) -> Result<Val, String> {
        let a = if a.ty == Ty::I1 { self.cast(a, Ty::I64) } else { a.clone() };
        let n = k.unsigned_abs();
        if n >= 100 && !a.ty.is_int() {
            let e = self.i64(k);
            return self.pow(&a, &e);
        }
        let one = |b: &mut Body| if a.ty.is_complex() {
            let (re, im) = (b.float(1.0, a.ty.complex_part()), b.float(0.0, a.ty.complex_part()));
            b.complex(&re, &im, a.ty)
        } else if a.ty.is_float() {
            b.float(1.0, a.ty)
        } else {
            b.int(1, a.ty)
        };
        let fused = n == 2;
        let mul = |b: &mut Body, x: &Val, y: &Val| {
            if x.ty.is_complex() {
                Ok(b.complex_mul(x, y, fused))
            } else {
                b.binary(Op::Mul, x, y)
            }
        };
        let p = match n {
            0 => one(self),
            1 => a.clone(),
            2 => mul(self, &a, &a)?,
            3 => {
                let sq = mul(self, &a, &a)?;
                mul(self, &a, &sq)?
            }
            _ => {
                let (mut acc, mut base, mut rest) = (None::<Val>, a.clone(), n);
                loop {
                    if rest & 1 == 1 {
                        acc = Some(match acc {
                            None => base.clone(),
                            Some(x) => mul(self, &x, &base)?,
                        });
                    }
                    rest >>= 1;
                    if rest == 0 {
                        break;
                    }
                    base = mul(self, &base, &base)?;
                }
                acc.unwrap_or_else(|| one(self))
            }
        };
        if k >= 0 {
            return Ok(p);
        }
        let one = if a.ty.is_int() { self.float(1.0, Ty::F64) } else { one(self) };
        self.binary(Op::Div, &one, &p)
    }

    pub fn neg(&mut self, a: &Val) -> Val {
        if a.ty.is_float() {
            return self.op("arith.negf", &[a], a.ty);
        }
        if a.ty.is_complex() {
            return self.op("complex.neg", &[a], a.ty);
        }
        let ty = if a.ty == Ty::I1 { Ty::I64 } else { a.ty };
        let v = self.cast(a, ty);
        let zero = self.zero(ty);
        self.op("arith.subi", &[&zero, &v], ty)
    }

    pub fn not(&mut self, a: &Val) -> Val {
        let b = self.cast(a, Ty::I1);
        let t = self.int(1, Ty::I1);
        self.op("arith.xori", &[&b, &t], Ty::I1)
    }

    pub fn bit_not(&mut self, a: &Val) -> Val {
        let m = self.int(-1, a.ty);
        self.op("arith.xori", &[a, &m], a.ty)
    }

    /// Logical `and`/`or` on truth values.
    pub fn logic(&mut self, and: bool, a: &Val, b: &Val) -> Val {
        let (x, y) = (self.cast(a, Ty::I1), self.cast(b, Ty::I1));
        let op = if and { "arith.andi" } else { "arith.ori" };
        self.op(op, &[&x, &y], Ty::I1)
    }

    /// `math.<name>` on a float (integers are converted to f64 first).
    pub fn math(&mut self, name: &str, args: &[Val]) -> Result<Val, String> {
        let ty = args.iter().fold(args.first().map(|a| a.ty).unwrap_or(Ty::F64), |t, a| Ty::promote(t, a.ty));
        let ty = if ty.is_int() { Ty::F64 } else { ty };
        let vals: Vec<Val> = args.iter().map(|a| self.cast(a, ty)).collect();
        let operands: Vec<&Val> = vals.iter().collect();
        let op = math_op(name, ty.is_complex()).ok_or_else(|| match ty {
            Ty::Scalar(t) => format!("function '{name}' is not defined on {}", t.name()),
            _ => format!("function '{name}' is not defined on this type"),
        })?;
        Ok(self.op(op, &operands, ty))
    }

    pub fn abs(&mut self, a: &Val) -> Val {
        if a.ty.is_float() {
            self.op("math.absf", &[a], a.ty)
        } else if a.ty.is_complex() {
            self.op("complex.abs", &[a], a.ty.complex_part())
        } else if a.ty.is_unsigned() {
            a.clone()
        } else {
            self.op("math.absi", &[a], a.ty)
        }
    }
}


/// The `math` (or, on complex values, `complex`) op computing function
/// `name`, if there is one.
fn math_op(name: &str, complex: bool) -> Option<&'static str> {
    Some(match (name, complex) {
        ("exp", false) => "math.exp",
        ("log", false) => "math.log",
        ("log2", false) => "math.log2",
        ("log10", false) => "math.log10",
        ("sqrt", false) => "math.sqrt",
        ("sin", false) => "math.sin",
        ("cos", false) => "math.cos",
        ("tan", false) => "math.tan",
        ("asin", false) => "math.asin",
        ("acos", false) => "math.acos",
        ("atan", false) => "math.atan",
        ("atan2", false) => "math.atan2",
        ("sinh", false) => "math.sinh",
        ("cosh", false) => "math.cosh",
        ("tanh", false) => "math.tanh",
        ("asinh", false) => "math.asinh",
        ("acosh", false) => "math.acosh",
        ("atanh", false) => "math.atanh",
        ("erf", false) => "math.erf",
        ("floor", false) => "math.floor",
        ("ceil", false) => "math.ceil",
        ("trunc", false) => "math.trunc",
        ("round", false) => "math.round",
        ("expm1", false) => "math.expm1",
        ("log1p", false) => "math.log1p",
        ("cbrt", false) => "math.cbrt",
        ("exp", true) => "complex.exp",
        ("log", true) => "complex.log",
        ("sqrt", true) => "complex.sqrt",
        ("sin", true) => "complex.sin",
        ("cos", true) => "complex.cos",
        ("tan", true) => "complex.tan",
        ("tanh", true) => "complex.tanh",
        ("expm1", true) => "complex.expm1",
        ("log1p", true) => "complex.log1p",
        ("atan2", true) => "complex.atan2",
        _ => return None,
    })
}
