//! Exact rational numbers with a float fallback, shared by constant folding
//! and evaluation. Every operation is checked: `None` means "overflow or not
//! representable", and callers then keep the expression unfolded.

use super::expr::{Expr, F64};
use std::cmp::Ordering;

/// A numeric constant. `Rat(n, d)` is normalised: `d > 0` and `gcd(n, d) == 1`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Num {
    Rat(i64, i64),
    Float(f64),
}

fn gcd(mut a: i128, mut b: i128) -> i128 {
    a = a.abs();
    b = b.abs();
    while b != 0 {
        let t = a % b;
        a = b;
        b = t;
    }
    a
}

fn finite(f: f64) -> Option<Num> {
    f.is_finite().then_some(Num::Float(f))
}

impl Num {
    pub fn int(v: i64) -> Num {
        Num::Rat(v, 1)
    }

    /// The normalised rational `n / d`; `None` if `d == 0` or it does not fit.
    pub fn rat(n: i128, d: i128) -> Option<Num> {
        if d == 0 {
            return None;
        }
        let g = gcd(n, d);
        let (mut n, mut d) = (n / g, d / g);
        if d < 0 {
            n = n.checked_neg()?;
            d = d.checked_neg()?;
        }
        Some(Num::Rat(i64::try_from(n).ok()?, i64::try_from(d).ok()?))
    }

    pub fn from_expr(e: &Expr) -> Option<Num> {
        match e {
            Expr::Int(v) => Some(Num::Rat(*v, 1)),
            Expr::Rational(n, d) => Num::rat(*n as i128, *d as i128),
            Expr::Float(f) => Some(Num::Float(f.0)),
            _ => None,
        }
    }

    pub fn to_expr(self) -> Expr {
        match self {
            Num::Rat(n, 1) => Expr::Int(n),
            Num::Rat(n, d) => Expr::Rational(n, d),
            Num::Float(f) => Expr::Float(F64(f)),
        }
    }

    pub fn to_f64(self) -> f64 {
        match self {
            Num::Rat(n, d) => n as f64 / d as f64,
            Num::Float(f) => f,
        }
    }

    pub fn as_int(self) -> Option<i64> {
        match self {
            Num::Rat(n, 1) => Some(n),
            _ => None,
        }
    }

    pub fn is_zero(self) -> bool {
        match self {
            Num::Rat(n, _) => n == 0,
            Num::Float(f) => f == 0.0,
        }
    }

    pub fn is_one(self) -> bool {
        self == Num::Rat(1, 1)
    }

    pub fn add(self, o: Num) -> Option<Num> {
        match (self, o) {
            (Num::Rat(a, b), Num::Rat(c, d)) => {
                let n = (a as i128 * d as i128).checked_add(c as i128 * b as i128)?;
                Num::rat(n, b as i128 * d as i128)
            }
            _ => finite(self.to_f64() + o.to_f64()),
        }
    }

    pub fn mul(self, o: Num) -> Option<Num> {
        match (self, o) {
            (Num::Rat(a, b), Num::Rat(c, d)) => {
                Num::rat(a as i128 * c as i128, b as i128 * d as i128)
            }
            _ => finite(self.to_f64() * o.to_f64()),
        }
    }

    pub fn neg(self) -> Option<Num> {
        match self {
            Num::Rat(n, d) => Some(Num::Rat(n.checked_neg()?, d)),
            Num::Float(f) => Some(Num::Float(-f)),
        }
    }

    pub fn recip(self) -> Option<Num> {
        match self {
            Num::Rat(n, d) => Num::rat(d as i128, n as i128),
            Num::Float(f) if f != 0.0 => finite(1.0 / f),
            Num::Float(_) => None,
        }
    }

    pub fn div(self, o: Num) -> Option<Num> {
        self.mul(o.recip()?)
    }

    pub fn pow_int(self, e: i64) -> Option<Num> {
        let base = if e < 0 { self.recip()? } else { self };
        let k = u32::try_from(e.unsigned_abs()).ok()?;
        match base {
            // Powers of coprime numbers stay coprime.
            Num::Rat(n, d) => Some(Num::Rat(n.checked_pow(k)?, d.checked_pow(k)?)),
            Num::Float(f) => finite(f.powf(k as f64)),
        }
    }

    pub fn sign(self) -> Option<Ordering> {
        match self {
            Num::Rat(n, _) => Some(n.cmp(&0)),
            Num::Float(f) => f.partial_cmp(&0.0),
        }
    }

    pub fn compare(self, o: Num) -> Option<Ordering> {
        match (self, o) {
            (Num::Rat(a, b), Num::Rat(c, d)) => {
                Some((a as i128 * d as i128).cmp(&(c as i128 * b as i128)))
            }
            _ => self.to_f64().partial_cmp(&o.to_f64()),
        }
    }

    pub fn abs(self) -> Option<Num> {
        if self.sign() == Some(Ordering::Less) {
            self.neg()
        } else {
            Some(self)
        }
    }

    pub fn floor(self) -> Option<i64> {
        match self {
            Num::Rat(n, d) => Some(n.div_euclid(d)),
            Num::Float(f) => float_to_i64(f.floor()),
        }
    }

    pub fn ceil(self) -> Option<i64> {
        match self {
            // A non-zero remainder means |quotient| < i64::MAX, so `+ 1` cannot overflow.
            Num::Rat(n, d) => Some(n.div_euclid(d) + i64::from(n.rem_euclid(d) != 0)),
            Num::Float(f) => float_to_i64(f.ceil()),
        }
    }
}

/// An already rounded `f` as an `i64`, if it is in range.
pub(crate) fn float_to_i64(f: f64) -> Option<i64> {
    // [-2^63, 2^63) is exactly representable as f64 bounds.
    (f.is_finite() && (i64::MIN as f64..-(i64::MIN as f64)).contains(&f)).then_some(f as i64)
}

/// Python `a // b` on integers (rounds toward negative infinity).
pub(crate) fn floor_div(a: i64, b: i64) -> Option<i64> {
    let q = a.checked_div(b)?;
    // A non-zero remainder implies |b| >= 2, so the adjustment cannot overflow.
    Some(if a % b != 0 && ((a < 0) != (b < 0)) {
        q - 1
    } else {
        q
    })
}

/// Ceiling division on integers.
pub(crate) fn ceil_div(a: i64, b: i64) -> Option<i64> {
    let q = a.checked_div(b)?;
    Some(if a % b != 0 && ((a < 0) == (b < 0)) {
        q + 1
    } else {
        q
    })
}

/// Python `a % b` on integers (the result has the sign of `b`).
pub(crate) fn py_mod(a: i64, b: i64) -> Option<i64> {
    if b == 0 {
        return None;
    }
    let r = a.wrapping_rem(b);
    Some(if r != 0 && ((r < 0) != (b < 0)) {
        r + b
    } else {
        r
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integer_division_helpers() {
        assert_eq!(floor_div(7, 2), Some(3));
        assert_eq!(floor_div(-7, 2), Some(-4));
        assert_eq!(floor_div(7, -2), Some(-4));
        assert_eq!(floor_div(7, 0), None);
        assert_eq!(floor_div(i64::MIN, -1), None);
        assert_eq!(ceil_div(7, 2), Some(4));
        assert_eq!(ceil_div(-7, 2), Some(-3));
        assert_eq!(ceil_div(6, 2), Some(3));
        assert_eq!(py_mod(-7, 3), Some(2));
        assert_eq!(py_mod(7, -3), Some(-2));
        assert_eq!(py_mod(i64::MIN, -1), Some(0));
        assert_eq!(py_mod(1, 0), None);
    }

    #[test]
    fn rationals() {
        let half = Num::rat(1, 2).unwrap();
        assert_eq!(half.add(half), Some(Num::int(1)));
        assert_eq!(Num::rat(4, -6), Some(Num::Rat(-2, 3)));
        assert_eq!(Num::rat(-7, 2).unwrap().floor(), Some(-4));
        assert_eq!(Num::rat(-7, 2).unwrap().ceil(), Some(-3));
        assert_eq!(Num::int(i64::MAX).add(Num::int(1)), None);
        assert_eq!(Num::int(2).pow_int(-2), Num::rat(1, 4));
        assert_eq!(Num::int(0).pow_int(-1), None);
        assert_eq!(half.compare(Num::Float(0.5)), Some(Ordering::Equal));
    }
}
