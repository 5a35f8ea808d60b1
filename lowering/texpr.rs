//! Expressions of tasklet code.

use super::arith::Op;
use super::builder::{Body, Val};
use super::expr::Names;
use super::function::FnGen;
use super::tasklet::Input;
use super::types::Ty;
use crate::model::ScalarType;
use crate::tasklet::{BinOp, BoolOp, CmpOp, Expr, UnaryOp};
use std::collections::HashMap;

impl FnGen<'_, '_> {
    pub fn texpr(&mut self, e: &Expr, inputs: &HashMap<String, Input>, vars: &HashMap<String, Val>) -> Result<Val, String> {
        Ok(match e {
            Expr::Int { value, .. } => {
                let v = i64::try_from(*value).map_err(|_| format!("integer {value} does not fit in 64 bits"))?;
                self.b.i64(v)
            }
            Expr::Float { value, .. } => self.b.float(*value, Ty::F64),
            Expr::Complex { imag, .. } => {
                let zero = self.b.float(0.0, Ty::F64);
                let im = self.b.float(*imag, Ty::F64);
                self.b.complex(&zero, &im, Ty::C128)
            }
            Expr::Bool { value, .. } => self.b.int(*value as i64, Ty::I1),
            Expr::None { .. } => return Err("None has no value in tasklet code".into()),
            Expr::Name { id, .. } => self.texpr_name(id, inputs, vars)?,
            // `- 9223372036854775808` (int64 min) only fits once negated.
            Expr::Unary { op: UnaryOp::Neg, operand, .. } if matches!(**operand, Expr::Int { .. }) => {
                let Expr::Int { value, .. } = **operand else { unreachable!() };
                let v = i64::try_from(-value).map_err(|_| format!("integer -{value} does not fit in 64 bits"))?;
                self.b.i64(v)
            }
            Expr::Unary { op, operand, .. } => {
                let v = self.texpr(operand, inputs, vars)?;
                match op {
                    UnaryOp::Neg => self.b.neg(&v),
                    UnaryOp::Pos => v,
                    UnaryOp::Not => self.b.not(&v),
                    UnaryOp::Invert => self.b.bit_not(&v),
                }
            }
            Expr::Binary { op: BinOp::Pow, left, right, .. } if const_exponent(right).is_some() => {
                let l = self.texpr(left, inputs, vars)?;
                match const_exponent(right) {
                    // `x ** 2.0` of an integer is a float.
                    Some((k, Exponent::Float)) if l.ty.is_int() => {
                        let f = self.b.cast(&l, Ty::F64);
                        self.b.pow_int(&f, k)?
                    }
                    // A real base to a complex power is complex: the general path.
                    Some((_, Exponent::Complex)) if !l.ty.is_complex() => {
                        let r = self.texpr(right, inputs, vars)?;
                        self.tbinary(BinOp::Pow, &l, &r)?
                    }
                    Some((k, _)) => self.b.pow_int(&l, k)?,
                    None => unreachable!("guarded"),
                }
            }
            Expr::Binary { op, left, right, .. } => {
                let (l, r) = (self.texpr(left, inputs, vars)?, self.texpr(right, inputs, vars)?);
                // An integer literal takes the type of the other operand, as in C.
                let l = literal_like(&mut self.b, left, &l, &r);
                let r = literal_like(&mut self.b, right, &r, &l);
                self.tbinary(*op, &l, &r)?
            }
            Expr::Compare { ops, operands, .. } => {
                let vals = operands.iter().map(|o| self.texpr(o, inputs, vars)).collect::<Result<Vec<_>, _>>()?;
                let mut acc: Option<Val> = None;
                for (i, op) in ops.iter().enumerate() {
                    let pred = match op {
                        CmpOp::Lt => "lt",
                        CmpOp::Le => "le",
                        CmpOp::Gt => "gt",
                        CmpOp::Ge => "ge",
                        CmpOp::Eq | CmpOp::Is => "eq",
                        CmpOp::Ne | CmpOp::IsNot => "ne",
                        CmpOp::In | CmpOp::NotIn => return Err("'in' is not supported in tasklets".into()),
                    };
                    let c = self.b.compare(pred, &vals[i], &vals[i + 1]);
                    acc = Some(match acc {
                        None => c,
                        Some(a) => self.b.logic(true, &a, &c),
                    });
                }
                acc.ok_or("empty comparison")?
            }
            Expr::BoolOp { op, values, .. } => {
                let mut acc = self.texpr(&values[0], inputs, vars)?;
                for v in &values[1..] {
                    let x = self.texpr(v, inputs, vars)?;
                    acc = self.b.logic(*op == BoolOp::And, &acc, &x);
                }
                acc
            }
            Expr::IfExp { test, body, orelse, .. } => {
                let c = self.texpr(test, inputs, vars)?;
                let c = self.b.cast(&c, Ty::I1);
                let (a, b) = (self.texpr(body, inputs, vars)?, self.texpr(orelse, inputs, vars)?);
                self.b.select(&c, &a, &b)
            }
            Expr::Call { func, args, .. } => {
                let vals = args.iter().map(|a| self.texpr(a, inputs, vars)).collect::<Result<Vec<_>, _>>()?;
                self.tcall(func, &vals)?
            }
            Expr::Subscript { value, indices, .. } => {
                let idx = indices.iter().map(|i| self.texpr(i, inputs, vars)).collect::<Result<Vec<_>, _>>()?;
                match inputs.get(value) {
                    Some(Input::Window { data, start, free }) => {
                        let (data, start, free) = (data.clone(), start.clone(), free.clone());
                        let full = self.window_indices(&start, &free, &idx)?;
                        let e = self.element_at(&data, &full)?;
                        self.read(&e)?
                    }
                    Some(Input::Value(_)) => return Err(format!("'{value}' holds one element and cannot be indexed")),
                    None => {
                        let mut b = std::mem::take(&mut self.b);
                        let r = self.element(&mut b, value, &idx);
                        self.b = b;
                        r?
                    }
                }
            }
        })
    }

    /// A name: a local, an input connector, or a symbol/constant/parameter.
    pub fn texpr_name(&mut self, id: &str, inputs: &HashMap<String, Input>, vars: &HashMap<String, Val>) -> Result<Val, String> {
        if let Some(v) = vars.get(id) {
            return Ok(v.clone());
        }
        match inputs.get(id) {
            Some(Input::Value(v)) => return Ok(v.clone()),
            Some(Input::Window { .. }) => return Err(format!("'{id}' is an array; index it")),
            None => {}
        }
        if crate::tasklet::is_gpu_index(id) {
            return self.gpu_coordinate(id);
        }
        let mut b = std::mem::take(&mut self.b);
        let r = self.name(&mut b, id);
        self.b = b;
        r.map_err(|_| format!("unknown name '{id}' (not a connector, local, symbol or constant)"))
    }

    pub fn tbinary(&mut self, op: BinOp, l: &Val, r: &Val) -> Result<Val, String> {
        let op = match op {
            BinOp::Add => Op::Add,
            BinOp::Sub => Op::Sub,
            BinOp::Mul => Op::Mul,
            BinOp::Div => Op::Div,
            BinOp::CDiv if l.ty.is_int() && r.ty.is_int() => Op::TruncDiv,
            BinOp::CDiv => Op::Div,
            BinOp::FloorDiv => Op::TruncDiv,
            BinOp::Mod => Op::Rem,
            BinOp::Pow => Op::Pow,
            BinOp::BitAnd => Op::BitAnd,
            BinOp::BitOr => Op::BitOr,
            BinOp::BitXor => Op::BitXor,
            BinOp::LShift => Op::Shl,
            BinOp::RShift => Op::Shr,
        };
        // Truth values take part in arithmetic as integers.
        let widen = |b: &mut Body, v: &Val| if v.ty == Ty::I1 && op != Op::BitAnd && op != Op::BitOr && op != Op::BitXor { b.cast(v, Ty::I64) } else { v.clone() };
        let (l, r) = (widen(&mut self.b, l), widen(&mut self.b, r));
        self.b.binary(op, &l, &r)
    }

    fn tcall(&mut self, func: &str, args: &[Val]) -> Result<Val, String> {
        let name = func
            .trim_start_matches("dace.math.")
            .trim_start_matches("math.")
            .trim_start_matches("cmath.")
            .trim_start_matches("numpy.")
            .trim_start_matches("np.")
            .trim_start_matches("dace.");
        let arg = |i: usize| args.get(i).cloned().ok_or_else(|| format!("{func} needs {} argument(s)", i + 1));
        if let Some(kind) = func.strip_prefix(crate::tasklet::WARP_REDUCE) {
            return self.warp_reduce(kind, &arg(0)?);
        }
        if let Some(t) = ScalarType::from_name(name) {
            return Ok(self.b.cast(&arg(0)?, Ty::from_scalar(t)));
        }
        if let Some(conn) = name.strip_prefix(super::tasklet::TYPEOF) {
            let ty = self.conn_types.get(conn).copied().ok_or_else(|| format!("decltype({conn}): unknown connector"))?;
            return Ok(self.b.cast(&arg(0)?, ty));
        }
        Ok(match name {
            "int" => self.b.cast(&arg(0)?, Ty::I64),
            "float" => self.b.cast(&arg(0)?, Ty::F64),
            "bool" | "bool_" => self.b.cast(&arg(0)?, Ty::I1),
            "min" | "max" | "fmin" | "fmax" => {
                let op = if name.ends_with("min") { Op::Min } else { Op::Max };
                let mut acc = arg(0)?;
                for a in &args[1..] {
                    acc = self.b.binary(op, &acc, a)?;
                }
                acc
            }
            "abs" | "fabs" => self.b.abs(&arg(0)?),
            "pow" => self.b.binary(Op::Pow, &arg(0)?, &arg(1)?)?,
            "exp" | "log" | "log2" | "log10" | "sqrt" | "sin" | "cos" | "tan" | "asin" | "acos" | "atan" | "sinh"
            | "cosh" | "tanh" | "asinh" | "acosh" | "atanh" | "erf" | "floor" | "ceil" | "trunc" | "round"
            | "expm1" | "log1p" | "cbrt" => {
                let name = match name {
                    "log1p" => "log1p",
                    other => other,
                };
                let x = arg(0)?;
                self.check_trig_argument(name, &x);
                self.b.math(name, &[x])?
            }
            "atan2" => self.b.math("atan2", &[arg(0)?, arg(1)?])?,
            "isnan" | "isinf" | "isfinite" => {
                let v = self.b.cast(&arg(0)?, Ty::F64);
                let op = match name {
                    "isnan" => "math.isnan",
                    "isinf" => "math.isinf",
                    _ => "math.isfinite",
                };
                self.b.op(op, &[&v], Ty::I1)
            }
            "conj" | "conjugate" => {
                let v = arg(0)?;
                if !v.ty.is_complex() {
                    return Ok(v);
                }
                self.b.op("complex.conj", &[&v], v.ty)
            }
            "real" | "imag" => {
                let v = arg(0)?;
                if !v.ty.is_complex() {
                    return Ok(if name == "real" { v } else { self.b.zero(v.ty) });
                }
                let part = if name == "real" { "complex.re" } else { "complex.im" };
                self.b.op(part, &[&v], v.ty.complex_part())
            }
            other => return Err(format!("function '{other}' is not supported in tasklets")),
        })
    }
}

/// An integer literal next to a typed integer takes that type.
fn literal_like(b: &mut Body, e: &Expr, v: &Val, other: &Val) -> Val {
    if matches!(e, Expr::Int { .. }) && other.ty.is_int() && other.ty != Ty::I1 && other.ty != Ty::Index {
        return b.cast(v, other.ty);
    }
    v.clone()
}

/// How an integral constant exponent was written.
#[derive(Clone, Copy)]
enum Exponent {
    Int,
    Float,
    /// `dace.complex128(2)`, as DaCe's frontend writes NumPy's `z ** 2`.
    Complex,
}

/// An exponent written as an integer constant (`2`, `-1`, `2.0`,
/// `dace.complex128(2)`), and how: those are computed by repeated
/// multiplication, as NumPy does, rather than through `pow` (which differs
/// in the last bits).
fn const_exponent(e: &Expr) -> Option<(i64, Exponent)> {
    match e {
        Expr::Int { value, .. } => i64::try_from(*value).ok().map(|k| (k, Exponent::Int)),
        Expr::Float { value, .. } if value.fract() == 0.0 && value.abs() < 1e9 => Some((*value as i64, Exponent::Float)),
        Expr::Unary { op: UnaryOp::Neg, operand, .. } => const_exponent(operand).and_then(|(k, f)| Some((k.checked_neg()?, f))),
        Expr::Unary { op: UnaryOp::Pos, operand, .. } => const_exponent(operand),
        // A cast of such a constant to a numeric type.
        Expr::Call { func, args, .. } if args.len() == 1 => {
            let ty = func.rsplit('.').next().unwrap_or(func);
            let (k, _) = const_exponent(&args[0])?;
            match ty {
                "complex64" | "complex128" | "complex" => Some((k, Exponent::Complex)),
                "float16" | "float32" | "float64" | "float" => Some((k, Exponent::Float)),
                _ => None,
            }
        }
        _ => None,
    }
}
