//! Numeric evaluation.
//!
//! Intermediate values are exact rationals (so `(N + 1)/2` and `N/2 + 1/2`
//! agree), integer `+ - *` and `**` wrap like `i64` in C, and a final
//! non-integral rational becomes a `Float`. `//`/`int_floor` and `%`/`Mod` use
//! Python's floor semantics; DaCe's generated C++ truncates instead, which
//! only differs for negative operands, which DaCe programs do not produce.

use super::bits;
use super::expr::{CmpOp, Expr};
use super::num::{ceil_div, float_to_i64, floor_div, py_mod, Num};
use super::print::fmt_float;
use std::cmp::Ordering;
use std::fmt;

/// A concrete value.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Value {
    Int(i64),
    Float(f64),
    Bool(bool),
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Int(v) => write!(f, "{v}"),
            Value::Float(x) => f.write_str(&fmt_float(*x)),
            Value::Bool(b) => f.write_str(if *b { "True" } else { "False" }),
        }
    }
}

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum EvalError {
    #[error("unknown symbol `{0}`")]
    UnknownSymbol(String),
    #[error("division by zero")]
    DivisionByZero,
    #[error("unknown function `{0}`")]
    UnknownFunction(String),
    #[error("invalid arguments to `{0}`")]
    InvalidArguments(String),
    #[error("result of `{0}` is not a real number")]
    Domain(String),
}

/// Internal value: booleans, or exact/float numbers.
#[derive(Clone, Copy)]
enum V {
    N(Num),
    B(bool),
}

impl V {
    fn num(self) -> Num {
        match self {
            V::N(n) => n,
            V::B(b) => Num::int(i64::from(b)),
        }
    }
    fn truth(self) -> bool {
        match self {
            V::N(n) => !n.is_zero(),
            V::B(b) => b,
        }
    }
    fn value(self) -> Value {
        match self {
            V::B(b) => Value::Bool(b),
            V::N(Num::Rat(n, 1)) => Value::Int(n),
            V::N(n) => Value::Float(n.to_f64()),
        }
    }
}

fn from_value(v: Value) -> V {
    match v {
        Value::Int(i) => V::N(Num::int(i)),
        Value::Float(f) => V::N(Num::Float(f)),
        Value::Bool(b) => V::B(b),
    }
}

fn add(a: Num, b: Num) -> Num {
    match (a, b) {
        (Num::Rat(x, 1), Num::Rat(y, 1)) => Num::int(x.wrapping_add(y)),
        _ => a.add(b).unwrap_or(Num::Float(a.to_f64() + b.to_f64())),
    }
}

fn mul(a: Num, b: Num) -> Num {
    match (a, b) {
        (Num::Rat(x, 1), Num::Rat(y, 1)) => Num::int(x.wrapping_mul(y)),
        _ => a.mul(b).unwrap_or(Num::Float(a.to_f64() * b.to_f64())),
    }
}

fn wrapping_pow(mut base: i64, mut exp: u64) -> i64 {
    let mut acc: i64 = 1;
    while exp > 0 {
        if exp & 1 == 1 {
            acc = acc.wrapping_mul(base);
        }
        base = base.wrapping_mul(base);
        exp >>= 1;
    }
    acc
}

fn pow(b: Num, x: Num) -> Result<Num, EvalError> {
    if b.is_zero() && x.sign() == Some(Ordering::Less) {
        return Err(EvalError::DivisionByZero);
    }
    if let Num::Rat(k, 1) = x {
        if let (Num::Rat(n, 1), true) = (b, k >= 0) {
            return Ok(Num::int(wrapping_pow(n, k as u64)));
        }
        if let Some(r) = b.pow_int(k) {
            return Ok(r);
        }
    }
    let r = b.to_f64().powf(x.to_f64());
    if r.is_nan() {
        return Err(EvalError::Domain("**".into()));
    }
    Ok(Num::Float(r))
}

fn to_int(n: Num, func: &str) -> Result<i64, EvalError> {
    float_to_i64(n.to_f64()).ok_or_else(|| EvalError::Domain(func.into()))
}

impl Expr {
    /// Evaluates with symbol values from `lookup`.
    ///
    /// An indirection `A_row[i + 1]` evaluates its indices and then looks up
    /// the name formed by printing them in brackets, comma-separated:
    /// `lookup("A_row[3]")`, `lookup("A[1, 2]")`. `and`/`or`/`not` return
    /// `Bool` (numbers are true when non-zero) and short-circuit as in Python.
    /// `/` is exact: `Int` when the quotient is integral, else `Float`.
    pub fn eval(&self, lookup: &dyn Fn(&str) -> Option<Value>) -> Result<Value, EvalError> {
        eval(self, lookup).map(V::value)
    }
}

fn eval(e: &Expr, lookup: &dyn Fn(&str) -> Option<Value>) -> Result<V, EvalError> {
    let n = |x: &Expr| eval(x, lookup).map(V::num);
    Ok(match e {
        Expr::Int(v) => V::N(Num::int(*v)),
        Expr::Rational(p, q) => {
            V::N(Num::rat(*p as i128, *q as i128).ok_or(EvalError::DivisionByZero)?)
        }
        Expr::Float(f) => V::N(Num::Float(f.0)),
        Expr::Bool(b) => V::B(*b),
        Expr::Sym(s) => from_value(lookup(s).ok_or_else(|| EvalError::UnknownSymbol(s.clone()))?),
        Expr::Index(name, idx) => {
            let vals: Vec<String> = idx
                .iter()
                .map(|i| eval(i, lookup).map(|v| v.value().to_string()))
                .collect::<Result<_, _>>()?;
            let key = format!("{name}[{}]", vals.join(", "));
            from_value(lookup(&key).ok_or(EvalError::UnknownSymbol(key))?)
        }
        Expr::Add(ts) => V::N(
            ts.iter()
                .try_fold(Num::int(0), |acc, t| Ok::<_, EvalError>(add(acc, n(t)?)))?,
        ),
        Expr::Mul(fs) => V::N(
            fs.iter()
                .try_fold(Num::int(1), |acc, f| Ok::<_, EvalError>(mul(acc, n(f)?)))?,
        ),
        Expr::Pow(b, x) => V::N(pow(n(b)?, n(x)?)?),
        Expr::Call(name, args) if bits::is_bit_op(name) => bitwise(name, args, lookup)?,
        Expr::Call(name, args) => V::N(call(
            name,
            args.iter().map(n).collect::<Result<Vec<_>, _>>()?,
        )?),
        Expr::Cmp(op, a, b) => {
            let (x, y) = (n(a)?, n(b)?);
            // NaN compares unequal to everything.
            V::B(
                x.compare(y).is_some_and(|o| op.holds(o))
                    || (*op == CmpOp::Ne && x.compare(y).is_none()),
            )
        }
        Expr::Not(x) => V::B(!eval(x, lookup)?.truth()),
        Expr::And(xs) => {
            for x in xs {
                if !eval(x, lookup)?.truth() {
                    return Ok(V::B(false));
                }
            }
            V::B(true)
        }
        Expr::Or(xs) => {
            for x in xs {
                if eval(x, lookup)?.truth() {
                    return Ok(V::B(true));
                }
            }
            V::B(false)
        }
    })
}

/// Python's bitwise operators: truth values stay truth values under `&`, `|`,
/// `^`; otherwise the operands must be integers (`1.5 & 1` is an error).
fn bitwise(name: &str, args: &[Expr], lookup: &dyn Fn(&str) -> Option<Value>) -> Result<V, EvalError> {
    let vals = args.iter().map(|a| eval(a, lookup)).collect::<Result<Vec<_>, _>>()?;
    let bad = || EvalError::InvalidArguments(name.to_string());
    let bools: Option<Vec<bool>> = vals.iter().map(|v| if let V::B(b) = v { Some(*b) } else { None }).collect();
    if let Some(b) = bools.and_then(|bs| bits::on_bools(name, &bs)) {
        return Ok(V::B(b));
    }
    let ints = vals.iter().map(|v| v.num().as_int().ok_or_else(bad)).collect::<Result<Vec<_>, _>>()?;
    bits::on_ints(name, &ints, true).map(|v| V::N(Num::int(v))).ok_or_else(bad)
}

fn call(name: &str, a: Vec<Num>) -> Result<Num, EvalError> {
    let bad = || EvalError::InvalidArguments(name.to_string());
    let pick = |want: Ordering| {
        a.iter()
            .copied()
            .reduce(|best, x| {
                if x.compare(best) == Some(want) {
                    x
                } else {
                    best
                }
            })
            .ok_or_else(bad)
    };
    let float = |f: fn(f64) -> f64| -> Result<Num, EvalError> {
        match a.as_slice() {
            [x] => {
                let r = f(x.to_f64());
                if r.is_nan() {
                    Err(EvalError::Domain(name.to_string()))
                } else {
                    Ok(Num::Float(r))
                }
            }
            _ => Err(bad()),
        }
    };
    match (name, a.as_slice()) {
        ("Min", _) => pick(Ordering::Less),
        ("Max", _) => pick(Ordering::Greater),
        ("Abs", [Num::Rat(x, 1)]) => Ok(Num::int(x.wrapping_abs())),
        ("Abs", [x]) => x.abs().ok_or_else(bad),
        ("int_floor" | "int_ceil" | "Mod", [_, y]) if y.is_zero() => Err(EvalError::DivisionByZero),
        ("int_floor", [Num::Rat(x, 1), Num::Rat(y, 1)]) => {
            Ok(Num::int(floor_div(*x, *y).unwrap_or(x.wrapping_neg())))
        }
        ("int_ceil", [Num::Rat(x, 1), Num::Rat(y, 1)]) => {
            Ok(Num::int(ceil_div(*x, *y).unwrap_or(x.wrapping_neg())))
        }
        ("Mod", [Num::Rat(x, 1), Num::Rat(y, 1)]) => Ok(Num::int(py_mod(*x, *y).unwrap_or(0))),
        ("int_floor" | "int_ceil", [x, y]) => {
            let q = x.div(*y).unwrap_or(Num::Float(x.to_f64() / y.to_f64()));
            let r = if name == "int_floor" {
                q.floor()
            } else {
                q.ceil()
            };
            r.map(Num::int).ok_or_else(bad)
        }
        ("Mod", [x, y]) => {
            // Python: x - y*floor(x/y).
            let q = x
                .div(*y)
                .and_then(Num::floor)
                .map(Num::int)
                .unwrap_or(Num::Float((x.to_f64() / y.to_f64()).floor()));
            Ok(add(*x, mul(q, y.neg().unwrap_or(Num::Float(-y.to_f64())))))
        }
        ("floor", [x]) => x.floor().map(Num::int).ok_or_else(bad),
        ("ceiling", [x]) => x.ceil().map(Num::int).ok_or_else(bad),
        ("int", [x]) => Ok(Num::int(to_int(Num::Float(x.to_f64().trunc()), name)?)),
        ("float", [x]) => Ok(Num::Float(x.to_f64())),
        ("sqrt", _) => float(f64::sqrt),
        ("exp", _) => float(f64::exp),
        ("log", _) => float(f64::ln),
        ("sin", _) => float(f64::sin),
        ("cos", _) => float(f64::cos),
        ("tan", _) => float(f64::tan),
        ("tanh", _) => float(f64::tanh),
        ("Abs" | "int_floor" | "int_ceil" | "Mod" | "floor" | "ceiling" | "int" | "float", _) => {
            Err(bad())
        }
        _ => Err(EvalError::UnknownFunction(name.to_string())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::symbolic::parse;
    use std::collections::HashMap;

    fn ev(text: &str) -> Result<Value, EvalError> {
        let env: HashMap<&str, Value> = [
            ("N", Value::Int(10)),
            ("M", Value::Int(3)),
            ("i", Value::Int(2)),
            ("t", Value::Int(4)),
            ("T", Value::Int(5)),
            ("n", Value::Int(1)),
            ("x", Value::Float(0.5)),
            ("c", Value::Bool(false)),
            ("A_row[2]", Value::Int(7)),
            ("A_row[3]", Value::Int(9)),
            ("A[1, 2]", Value::Int(12)),
        ]
        .into_iter()
        .collect();
        parse(text).unwrap().eval(&|s| env.get(s).copied())
    }

    #[test]
    fn arithmetic() {
        let cases = [
            ("N - 1", Value::Int(9)),
            ("2*i + 1", Value::Int(5)),
            ("(N - 2)**2", Value::Int(64)),
            ("N/2", Value::Int(5)),
            ("M/2", Value::Float(1.5)),
            ("(M + 1)/2", Value::Int(2)),
            ("2*ceiling(M/2)", Value::Int(4)),
            ("int_floor(N - 1, 2)", Value::Int(4)),
            ("int_ceil(N, 3)", Value::Int(4)),
            ("-7 // 2", Value::Int(-4)),
            ("-7 % 3", Value::Int(2)),
            ("Mod(N, M)", Value::Int(1)),
            ("Min(N, 32)", Value::Int(10)),
            ("Max(M, i, 1)", Value::Int(3)),
            ("Abs(-M)", Value::Int(3)),
            ("x * 2", Value::Float(1.0)),
            ("1e-05 * 2", Value::Float(2e-5)),
            ("2**-1", Value::Float(0.5)),
            ("9223372036854775807 + 1", Value::Int(i64::MIN)),
            ("A_row[i + 1] - A_row[i]", Value::Int(2)),
            ("A[n, i]", Value::Int(12)),
            ("True + 1", Value::Int(2)),
            ("sqrt(4)", Value::Float(2.0)),
            ("2.5 % 1", Value::Float(0.5)),
        ];
        for (text, want) in cases {
            assert_eq!(ev(text), Ok(want), "{text}");
        }
    }

    #[test]
    fn logic() {
        let cases = [
            ("(t < T)", true),
            ("(not (n != 1))", true),
            ("(t > 0) and (T <= 3) or not c", true),
            ("N == 10", true),
            ("x != x", false),
            ("c or 0", false),
        ];
        for (text, want) in cases {
            assert_eq!(ev(text), Ok(Value::Bool(want)), "{text}");
        }
        assert_eq!(ev("False and undefined"), Ok(Value::Bool(false)));
    }

    #[test]
    fn errors() {
        assert_eq!(ev("K + 1"), Err(EvalError::UnknownSymbol("K".into())));
        assert_eq!(
            ev("A_row[N]"),
            Err(EvalError::UnknownSymbol("A_row[10]".into()))
        );
        assert_eq!(ev("1/(N - 10)"), Err(EvalError::DivisionByZero));
        assert_eq!(ev("N // 0"), Err(EvalError::DivisionByZero));
        assert_eq!(ev("Mod(N, 0)"), Err(EvalError::DivisionByZero));
        assert_eq!(ev("foo(1)"), Err(EvalError::UnknownFunction("foo".into())));
        assert!(ev("sqrt(-1)").is_err());
        assert!(ev("(-1)**(1/2)").is_err());
        assert!(ev("K + 1").unwrap_err().to_string().contains("`K`"));
    }
}
