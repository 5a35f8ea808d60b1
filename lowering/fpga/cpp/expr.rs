//! Symbolic expressions (subsets, map ranges, sizes, interstate conditions
//! and assignments) as C++, with the meaning the CPU lowering gives them:
//! integers are 64-bit, rationals and floats `double`, `int_floor` floors,
//! `Mod` takes the divisor's sign.

use super::{ident, Func};
use crate::model::DataKind;
use crate::symbolic::Expr;

/// `e` as a C++ expression; names are symbols, map parameters or scalar
/// containers of `f`'s SDFG, `A[i, j]` an element of a container.
pub fn symbolic(e: &Expr, f: &Func) -> Result<String, String> {
    Ok(match e {
        Expr::Int(v) => int_literal(*v),
        Expr::Rational(p, q) => format!("((double){p} / {q})"),
        Expr::Float(x) => float_literal(x.0),
        Expr::Bool(b) => b.to_string(),
        // Control flow that reads a stream takes its next value.
        Expr::Sym(name) => match f.sdfg.container(name) {
            Some(d) if d.kind == DataKind::Stream => format!("{}[0].read()", ident(name)),
            Some(_) => format!("{}[0]", ident(name)),
            None => ident(name),
        },
        Expr::Index(name, idx) => match f.sdfg.container(name) {
            Some(d) if d.kind == DataKind::Stream => format!("{}.read()", f.element(name, idx)?),
            _ => f.element(name, idx)?,
        },
        Expr::Add(terms) => join(terms, " + ", f)?,
        Expr::Mul(factors) => join(factors, " * ", f)?,
        Expr::Pow(base, exp) => {
            let b = symbolic(base, f)?;
            match exp.as_int() {
                Some(k) => format!("sdfg_hls::ipow({b}, {k})"),
                None => format!("sdfg_hls::pow({b}, {})", symbolic(exp, f)?),
            }
        }
        Expr::Call(name, args) => call(name, args, f)?,
        // Python's comparison operators are C's.
        Expr::Cmp(op, x, y) => format!("({} {} {})", symbolic(x, f)?, op.as_str(), symbolic(y, f)?),
        Expr::Not(x) => format!("(!{})", symbolic(x, f)?),
        Expr::And(items) => join(items, " && ", f)?,
        Expr::Or(items) => join(items, " || ", f)?,
    })
}

/// Whether `e` is an integer in C++ as written (no rational, float or
/// float-valued function inside).
pub fn is_integral(e: &Expr) -> bool {
    match e {
        Expr::Int(_) | Expr::Sym(_) | Expr::Index(..) | Expr::Bool(_) => true,
        Expr::Rational(..) | Expr::Float(_) => false,
        Expr::Add(v) | Expr::Mul(v) | Expr::And(v) | Expr::Or(v) => v.iter().all(is_integral),
        Expr::Pow(b, x) => is_integral(b) && x.as_int().is_some_and(|k| k >= 0),
        Expr::Call(name, args) => match name.as_str() {
            "int_floor" | "int_ceil" | "int" | "floor" | "ceiling" => true,
            "Min" | "Max" | "Abs" | "Mod" => args.iter().all(is_integral),
            n => n.starts_with("bitwise_") || n.ends_with("_shift"),
        },
        Expr::Cmp(..) | Expr::Not(_) => true,
    }
}

fn join(items: &[Expr], sep: &str, f: &Func) -> Result<String, String> {
    let parts = items.iter().map(|i| symbolic(i, f)).collect::<Result<Vec<_>, _>>()?;
    Ok(format!("({})", parts.join(sep)))
}

fn call(name: &str, args: &[Expr], f: &Func) -> Result<String, String> {
    let a = args.iter().map(|x| symbolic(x, f)).collect::<Result<Vec<_>, _>>()?;
    let one = || a.first().cloned().ok_or_else(|| format!("{name} needs an argument"));
    let two = |op: &str| match a.as_slice() {
        [x, y] => Ok(format!("({x} {op} {y})")),
        _ => Err(format!("{name} takes two arguments")),
    };
    Ok(match name {
        "int_floor" | "int_ceil" => match a.as_slice() {
            [x, y] => format!("sdfg_hls::{name}((long long)({x}), (long long)({y}))"),
            _ => return Err(format!("{name} takes two arguments")),
        },
        "Mod" => match a.as_slice() {
            [x, y] => format!("sdfg_hls::mod({x}, {y})"),
            _ => return Err("Mod takes two arguments".into()),
        },
        "Min" => format!("sdfg_hls::min({})", a.join(", ")),
        "Max" => format!("sdfg_hls::max({})", a.join(", ")),
        "Abs" => format!("sdfg_hls::abs({})", one()?),
        "int" => format!("(long long)({})", one()?),
        "float" => format!("(double)({})", one()?),
        "floor" => format!("(long long)std::floor({})", one()?),
        "ceiling" => format!("(long long)std::ceil({})", one()?),
        "bitwise_and" => two("&")?,
        "bitwise_or" => two("|")?,
        "bitwise_xor" => two("^")?,
        "left_shift" => two("<<")?,
        "right_shift" => two(">>")?,
        "bitwise_invert" => format!("(~{})", one()?),
        "sqrt" | "exp" | "log" | "sin" | "cos" | "tan" | "tanh" | "atan" | "asin" | "acos" => {
            format!("std::{name}({})", one()?)
        }
        other => return Err(format!("function '{other}' is not supported in expressions")),
    })
}

pub fn int_literal(v: i64) -> String {
    let body = if i32::try_from(v).is_ok() {
        v.to_string()
    } else if v == i64::MIN {
        "(-9223372036854775807LL - 1)".to_string()
    } else {
        format!("{v}LL")
    };
    if v < 0 {
        format!("({body})")
    } else {
        body
    }
}

pub fn float_literal(x: f64) -> String {
    if x.is_nan() {
        return "NAN".into();
    }
    if x.is_infinite() {
        return if x > 0.0 { "INFINITY".into() } else { "(-INFINITY)".into() };
    }
    let s = format!("{x:?}");
    if x < 0.0 {
        format!("({s})")
    } else {
        s
    }
}
