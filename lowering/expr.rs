//! Symbolic expressions (shapes, subsets, conditions, assignments) to code.

use super::arith::Op;
use super::builder::{Body, Val};
use super::types::Ty;
use crate::symbolic::{CmpOp, Expr};

/// How names in an expression get their values.
pub trait Names {
    /// A bare name: symbol, map parameter, constant or scalar container.
    fn name(&mut self, b: &mut Body, name: &str) -> Result<Val, String>;
    /// `name[indices]`: an element of a container.
    fn element(&mut self, b: &mut Body, name: &str, indices: &[Val]) -> Result<Val, String>;
    /// Stops the program when `divisor`, the run-time value of the second
    /// operand of `e`, is zero (an integer division would trap).
    fn check_divisor(&mut self, b: &mut Body, divisor: &Val, e: &Expr);
}

/// Computes `e`; integers are `i64`, rationals and floats `f64`, truth
/// values `i1`.
pub fn lower(b: &mut Body, e: &Expr, names: &mut dyn Names) -> Result<Val, String> {
    Ok(match e {
        Expr::Int(v) => b.i64(*v),
        Expr::Rational(p, q) => b.float(*p as f64 / *q as f64, Ty::F64),
        Expr::Float(f) => b.float(f.0, Ty::F64),
        Expr::Bool(v) => b.int(*v as i64, Ty::I1),
        Expr::Sym(name) => names.name(b, name)?,
        Expr::Index(name, idx) => {
            let idx = idx.iter().map(|i| lower(b, i, names)).collect::<Result<Vec<_>, _>>()?;
            names.element(b, name, &idx)?
        }
        Expr::Add(terms) => fold(b, terms, names, Op::Add)?,
        Expr::Mul(factors) => fold(b, factors, names, Op::Mul)?,
        Expr::Pow(base, exp) => {
            let base_v = lower(b, base, names)?;
            match exp.as_int() {
                Some(k) => b.pow_int(&base_v, k)?,
                None => {
                    let exp_v = lower(b, exp, names)?;
                    b.binary(Op::Pow, &base_v, &exp_v)?
                }
            }
        }
        Expr::Call(f, args) => call(b, f, args, names)?,
        Expr::Cmp(op, x, y) => {
            let (x, y) = (lower(b, x, names)?, lower(b, y, names)?);
            let pred = match op {
                CmpOp::Lt => "lt",
                CmpOp::Le => "le",
                CmpOp::Gt => "gt",
                CmpOp::Ge => "ge",
                CmpOp::Eq => "eq",
                CmpOp::Ne => "ne",
            };
            b.compare(pred, &x, &y)
        }
        Expr::Not(x) => {
            let x = lower(b, x, names)?;
            b.not(&x)
        }
        Expr::And(items) | Expr::Or(items) => {
            let and = matches!(e, Expr::And(_));
            let mut acc = lower(b, &items[0], names)?;
            for item in &items[1..] {
                let v = lower(b, item, names)?;
                acc = b.logic(and, &acc, &v);
            }
            acc
        }
    })
}

/// Computes an integer expression as `i64` (indices, sizes, symbols).
pub fn lower_int(b: &mut Body, e: &Expr, names: &mut dyn Names) -> Result<Val, String> {
    let v = lower(b, e, names)?;
    Ok(b.cast(&v, Ty::I64))
}

fn fold(b: &mut Body, items: &[Expr], names: &mut dyn Names, op: Op) -> Result<Val, String> {
    let mut acc = lower(b, &items[0], names)?;
    for item in &items[1..] {
        let v = lower(b, item, names)?;
        acc = b.binary(op, &acc, &v)?;
    }
    Ok(acc)
}

fn call(b: &mut Body, f: &str, args: &[Expr], names: &mut dyn Names) -> Result<Val, String> {
    let vals = args.iter().map(|a| lower(b, a, names)).collect::<Result<Vec<_>, _>>()?;
    if matches!(f, "int_floor" | "int_ceil" | "Mod") && vals.len() == 2 && vals[1].ty.is_int() && args[1].as_int().is_none() {
        names.check_divisor(b, &vals[1], &Expr::Call(f.to_string(), args.to_vec()));
    }
    let two = |op: Op, b: &mut Body| -> Result<Val, String> {
        match vals.as_slice() {
            [x, y] => b.binary(op, x, y),
            _ => Err(format!("{f} takes two arguments")),
        }
    };
    match f {
        "int_floor" => two(Op::FloorDiv, b),
        "int_ceil" => two(Op::CeilDiv, b),
        "Mod" => two(Op::Mod, b),
        "Min" => fold_vals(b, Op::Min, &vals),
        "Max" => fold_vals(b, Op::Max, &vals),
        // Python's `int()` truncates toward zero, as the conversion does.
        "int" if vals.len() == 1 => Ok(b.cast(&vals[0], Ty::I64)),
        "float" if vals.len() == 1 => Ok(b.cast(&vals[0], Ty::F64)),
        "Abs" => Ok(b.abs(&vals[0])),
        "bitwise_and" | "bitwise_or" | "bitwise_xor" | "bitwise_invert" | "left_shift" | "right_shift" => {
            bitwise(b, f, &vals)
        }
        "floor" | "ceiling" if vals.len() == 1 => {
            if vals[0].ty.is_int() {
                return Ok(vals[0].clone());
            }
            let name = if f == "floor" { "floor" } else { "ceil" };
            let r = b.math(name, &vals)?;
            Ok(b.cast(&r, Ty::I64))
        }
        "sqrt" | "exp" | "log" | "sin" | "cos" | "tan" | "tanh" | "atan" | "asin" | "acos" => b.math(f, &vals),
        other => Err(format!("function '{other}' is not supported in expressions")),
    }
}

/// Python's `&`, `|`, `^`, `~`, `<<`, `>>` on 64-bit integers; `&`, `|`, `^`
/// of truth values stay truth values. Shifts by 64 or more give what Python's
/// unbounded integers would wrapped to 64 bits (LLVM leaves them undefined).
fn bitwise(b: &mut Body, f: &str, vals: &[Val]) -> Result<Val, String> {
    let op = match f {
        "bitwise_and" => Op::BitAnd,
        "bitwise_or" => Op::BitOr,
        "bitwise_xor" => Op::BitXor,
        "left_shift" => Op::Shl,
        _ => Op::Shr,
    };
    if vals.iter().all(|v| v.ty == Ty::I1) && matches!(op, Op::BitAnd | Op::BitOr | Op::BitXor) {
        return fold_vals(b, op, vals);
    }
    let mut ints = Vec::new();
    for v in vals {
        if !v.ty.is_int() {
            return Err(format!("operands of '{}' must be integers", python_operator(f)));
        }
        ints.push(b.cast(v, Ty::I64));
    }
    match (f, ints.as_slice()) {
        ("bitwise_invert", [x]) => Ok(b.bit_not(x)),
        ("left_shift" | "right_shift", [x, k]) => {
            let shifted = b.binary(op, x, k)?;
            let limit = b.i64(64);
            // Unsigned: a negative amount is out of range too.
            let in_range = b.compare("lt", &k.with_ty(Ty::U64), &limit.with_ty(Ty::U64));
            let beyond = if op == Op::Shl {
                b.i64(0)
            } else {
                let top = b.i64(63);
                b.binary(Op::Shr, x, &top)?
            };
            Ok(b.select(&in_range, &shifted, &beyond))
        }
        (_, [_, _, ..]) => fold_vals(b, op, &ints),
        _ => Err(format!("wrong number of operands for '{}'", python_operator(f))),
    }
}

fn fold_vals(b: &mut Body, op: Op, vals: &[Val]) -> Result<Val, String> {
    let mut acc = vals.first().cloned().ok_or("missing operand")?;
    for v in &vals[1..] {
        acc = b.binary(op, &acc, v)?;
    }
    Ok(acc)
}

fn python_operator(f: &str) -> &'static str {
    match f {
        "bitwise_and" => "&",
        "bitwise_or" => "|",
        "bitwise_xor" => "^",
        "bitwise_invert" => "~",
        "left_shift" => "<<",
        _ => ">>",
    }
}
