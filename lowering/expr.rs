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
                Some(k) if k < 0 => {
                    let p = b.i64(-k);
                    let denom = b.binary(Op::Pow, &base_v, &p)?;
                    let one = b.float(1.0, Ty::F64);
                    b.binary(Op::Div, &one, &denom)?
                }
                _ => {
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
        "Min" | "Max" => {
            let op = if f == "Min" { Op::Min } else { Op::Max };
            let mut acc = vals.first().cloned().ok_or("Min/Max need arguments")?;
            for v in &vals[1..] {
                acc = b.binary(op, &acc, v)?;
            }
            Ok(acc)
        }
        "Abs" => Ok(b.abs(&vals[0])),
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
