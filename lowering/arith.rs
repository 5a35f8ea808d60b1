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
        let t = ty.mlir();
        let (xn, yn) = (&x.name, &y.name);
        let simple = |name: &str| format!("{name} {xn}, {yn} : {t}");
        let text = if ty.is_complex() {
            if op == Op::Mul {
                return Ok(self.complex_mul(&x, &y, true));
            }
            let name = match op {
                Op::Add => "complex.add",
                Op::Sub => "complex.sub",
                Op::Mul => "complex.mul",
                Op::Div => "complex.div",
                _ => return Err(format!("operator {op:?} is not defined on complex numbers")),
            };
            simple(name)
        } else if ty.is_float() {
            match op {
                Op::Add => simple("arith.addf"),
                Op::Sub => simple("arith.subf"),
                Op::Mul => simple("arith.mulf"),
                Op::Div => simple("arith.divf"),
                Op::FloorDiv | Op::TruncDiv | Op::CeilDiv => {
                    let q = self.def(ty, simple("arith.divf"));
                    let f = if op == Op::CeilDiv { "math.ceil" } else { "math.floor" };
                    return Ok(self.def(ty, format!("{f} {} : {t}", q.name)));
                }
                Op::Rem => simple("arith.remf"),
                Op::Mod => {
                    // a - floor(a / b) * b
                    let q = self.def(ty, simple("arith.divf"));
                    let fl = self.def(ty, format!("math.floor {} : {t}", q.name));
                    let m = self.def(ty, format!("arith.mulf {}, {yn} : {t}", fl.name));
                    simple_sub(xn, &m.name, t, "arith.subf")
                }
                Op::Min => simple("arith.minnumf"),
                Op::Max => simple("arith.maxnumf"),
                _ => return Err(format!("operator {op:?} is not defined on floats")),
            }
        } else {
            let u = ty.is_unsigned();
            match op {
                Op::Add => simple("arith.addi"),
                Op::Sub => simple("arith.subi"),
                Op::Mul => simple("arith.muli"),
                Op::FloorDiv | Op::TruncDiv if u => simple("arith.divui"),
                Op::TruncDiv => simple("arith.divsi"),
                Op::FloorDiv => simple("arith.floordivsi"),
                Op::CeilDiv if u => simple("arith.ceildivui"),
                Op::CeilDiv => simple("arith.ceildivsi"),
                Op::Rem if u => simple("arith.remui"),
                Op::Rem => simple("arith.remsi"),
                Op::Mod if u => simple("arith.remui"),
                Op::Mod => {
                    // Python's sign rule: ((a % b) + b) % b.
                    let r = self.def(ty, simple("arith.remsi"));
                    let s = self.def(ty, format!("arith.addi {}, {yn} : {t}", r.name));
                    format!("arith.remsi {}, {yn} : {t}", s.name)
                }
                Op::BitAnd => simple("arith.andi"),
                Op::BitOr => simple("arith.ori"),
                Op::BitXor => simple("arith.xori"),
                Op::Shl => simple("arith.shli"),
                Op::Shr if u => simple("arith.shrui"),
                Op::Shr => simple("arith.shrsi"),
                Op::Min if u => simple("arith.minui"),
                Op::Min => simple("arith.minsi"),
                Op::Max if u => simple("arith.maxui"),
                Op::Max => simple("arith.maxsi"),
                Op::Div | Op::Pow => unreachable!("handled above"),
            }
        };
        Ok(self.def(ty, text))
    }

    /// `a ** b`: `math.ipowi` for integers, `math.powf`/`fpowi` for floats.
    fn pow(&mut self, a: &Val, b: &Val) -> Result<Val, String> {
        let ty = Ty::promote(a.ty, b.ty);
        if ty.is_complex() {
            let (x, y) = (self.cast(a, ty), self.cast(b, ty));
            return Ok(self.def(ty, format!("complex.pow {}, {} : {}", x.name, y.name, ty.mlir())));
        }
        if ty.is_int() {
            let (x, y) = (self.cast(a, ty), self.cast(b, ty));
            return Ok(self.def(ty, format!("math.ipowi {}, {} : {}", x.name, y.name, ty.mlir())));
        }
        let x = self.cast(a, ty);
        if b.ty.is_int() {
            let y = self.cast(b, Ty::I32);
            return Ok(self.def(ty, format!("math.fpowi {}, {} : {}, i32", x.name, y.name, ty.mlir())));
        }
        let y = self.cast(b, ty);
        Ok(self.def(ty, format!("math.powf {}, {} : {}", x.name, y.name, ty.mlir())))
    }

    /// `x * y` of complex numbers as NumPy's array loops compute it (on CPUs
    /// with FMA): `re = fma(xr, yr, -(xi*yi))`, `im = fma(xr, yi, xi*yr)`.
    /// With `fused` unset, as its scalar `pow` does: `xr*yr - xi*yi`, `xr*yi + xi*yr`.
    fn complex_mul(&mut self, x: &Val, y: &Val, fused: bool) -> Val {
        let (ty, part) = (x.ty, x.ty.complex_part());
        let (c, p) = (ty.mlir(), part.mlir());
        let mut parts = |v: &Val| {
            let re = self.def(part, format!("complex.re {} : {c}", v.name));
            let im = self.def(part, format!("complex.im {} : {c}", v.name));
            (re, im)
        };
        let ((xr, xi), (yr, yi)) = (parts(x), parts(y));
        let mut mul = |a: &Val, b: &Val| self.def(part, format!("arith.mulf {}, {} : {p}", a.name, b.name));
        let (ii, ir) = (mul(&xi, &yi), mul(&xi, &yr));
        let (re, im) = if fused {
            let neg = self.def(part, format!("arith.negf {} : {p}", ii.name));
            let re = self.def(part, format!("math.fma {}, {}, {} : {p}", xr.name, yr.name, neg.name));
            (re, self.def(part, format!("math.fma {}, {}, {} : {p}", xr.name, yi.name, ir.name)))
        } else {
            let (rr, ri) = (mul(&xr, &yr), mul(&xr, &yi));
            let re = self.def(part, format!("arith.subf {}, {} : {p}", rr.name, ii.name));
            (re, self.def(part, format!("arith.addf {}, {} : {p}", ri.name, ir.name)))
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
        let t = a.ty.mlir();
        if a.ty.is_float() {
            return self.def(a.ty, format!("arith.negf {} : {t}", a.name));
        }
        if a.ty.is_complex() {
            return self.def(a.ty, format!("complex.neg {} : {t}", a.name));
        }
        let ty = if a.ty == Ty::I1 { Ty::I64 } else { a.ty };
        let v = self.cast(a, ty);
        let zero = self.zero(ty);
        self.def(ty, format!("arith.subi {}, {} : {}", zero.name, v.name, ty.mlir()))
    }

    pub fn not(&mut self, a: &Val) -> Val {
        let b = self.cast(a, Ty::I1);
        let t = self.int(1, Ty::I1);
        self.def(Ty::I1, format!("arith.xori {}, {} : i1", b.name, t.name))
    }

    pub fn bit_not(&mut self, a: &Val) -> Val {
        let m = self.int(-1, a.ty);
        self.def(a.ty, format!("arith.xori {}, {} : {}", a.name, m.name, a.ty.mlir()))
    }

    /// Logical `and`/`or` on truth values.
    pub fn logic(&mut self, and: bool, a: &Val, b: &Val) -> Val {
        let (x, y) = (self.cast(a, Ty::I1), self.cast(b, Ty::I1));
        let op = if and { "arith.andi" } else { "arith.ori" };
        self.def(Ty::I1, format!("{op} {}, {} : i1", x.name, y.name))
    }

    /// `math.<name>` on a float (integers are converted to f64 first).
    pub fn math(&mut self, name: &str, args: &[Val]) -> Result<Val, String> {
        let ty = args.iter().fold(args.first().map(|a| a.ty).unwrap_or(Ty::F64), |t, a| Ty::promote(t, a.ty));
        let ty = if ty.is_int() { Ty::F64 } else { ty };
        let vals: Vec<Val> = args.iter().map(|a| self.cast(a, ty)).collect();
        let names: Vec<&str> = vals.iter().map(|v| v.name.as_str()).collect();
        let dialect = if ty.is_complex() { "complex" } else { "math" };
        Ok(self.def(ty, format!("{dialect}.{name} {} : {}", names.join(", "), ty.mlir())))
    }

    pub fn abs(&mut self, a: &Val) -> Val {
        let t = a.ty.mlir();
        if a.ty.is_float() {
            self.def(a.ty, format!("math.absf {} : {t}", a.name))
        } else if a.ty.is_complex() {
            self.def(a.ty.complex_part(), format!("complex.abs {} : {t}", a.name))
        } else if a.ty.is_unsigned() {
            a.clone()
        } else {
            self.def(a.ty, format!("math.absi {} : {t}", a.name))
        }
    }
}

fn simple_sub(a: &str, b: &str, t: &str, op: &str) -> String {
    format!("{op} {a}, {b} : {t}")
}
