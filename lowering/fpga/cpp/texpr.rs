//! Expressions of Python tasklet code as C++, with the meaning the CPU
//! lowering gives them: `/` is true division, `//` and `%` are C's on
//! integers (floor and `fmod` on floats), `x ** k` with a constant integer
//! `k` is repeated multiplication.

use super::expr::{float_literal, int_literal};
use super::{ident, Func};
use crate::model::ScalarType;
use crate::tasklet::{BinOp, BoolOp, CmpOp, Expr, UnaryOp};
use std::collections::HashMap;

/// A connector that holds several elements: a pointer to the first, and
/// the C++ strides of the dimensions an index may name (all of them, or
/// those the memlet leaves free).
#[derive(Clone, Debug)]
pub struct Window {
    pub all: Vec<String>,
    pub free: Vec<String>,
}

/// What names mean inside one tasklet.
pub struct Scope<'f, 's> {
    pub f: &'f Func<'s>,
    /// Connectors and locals holding one value: their C++ text.
    pub values: HashMap<String, String>,
    pub windows: HashMap<String, Window>,
}

impl Scope<'_, '_> {
    pub fn expr(&self, e: &Expr) -> Result<String, String> {
        Ok(match e {
            Expr::Int { value, .. } => {
                let v = i64::try_from(*value).map_err(|_| format!("integer {value} does not fit in 64 bits"))?;
                int_literal(v)
            }
            Expr::Float { value, .. } => float_literal(*value),
            Expr::Complex { imag, .. } => format!("std::complex<double>(0.0, {})", float_literal(*imag)),
            Expr::Bool { value, .. } => value.to_string(),
            Expr::None { .. } => return Err("None has no value in tasklet code".into()),
            Expr::Name { id, .. } => self.name(id)?,
            Expr::Unary { op, operand, .. } => {
                let x = self.expr(operand)?;
                match op {
                    UnaryOp::Neg => format!("(-{x})"),
                    UnaryOp::Pos => format!("(+{x})"),
                    UnaryOp::Not => format!("(!{x})"),
                    UnaryOp::Invert => format!("(~{x})"),
                }
            }
            Expr::Binary { op, left, right, .. } => self.binary(*op, left, right)?,
            Expr::Compare { ops, operands, .. } => {
                let vals = operands.iter().map(|o| self.expr(o)).collect::<Result<Vec<_>, _>>()?;
                let mut parts = Vec::new();
                for (i, op) in ops.iter().enumerate() {
                    let op = match op {
                        CmpOp::Is => "==",
                        CmpOp::IsNot => "!=",
                        CmpOp::In | CmpOp::NotIn => return Err("'in' is not supported in tasklets".into()),
                        other => other.as_str(),
                    };
                    parts.push(format!("({} {op} {})", vals[i], vals[i + 1]));
                }
                format!("({})", parts.join(" && "))
            }
            Expr::BoolOp { op, values, .. } => {
                let vals = values.iter().map(|v| self.expr(v)).collect::<Result<Vec<_>, _>>()?;
                let sep = if *op == BoolOp::And { " && " } else { " || " };
                format!("({})", vals.join(sep))
            }
            Expr::IfExp { test, body, orelse, .. } => {
                format!("({} ? {} : {})", self.expr(test)?, self.expr(body)?, self.expr(orelse)?)
            }
            Expr::Call { func, args, .. } => {
                let vals = args.iter().map(|a| self.expr(a)).collect::<Result<Vec<_>, _>>()?;
                call(func, &vals)?
            }
            Expr::Subscript { value, indices, .. } => {
                let idx = indices.iter().map(|i| self.expr(i)).collect::<Result<Vec<_>, _>>()?;
                self.subscript(value, &idx)?
            }
        })
    }

    /// `name[indices]` of a window connector or a container.
    pub fn subscript(&self, name: &str, idx: &[String]) -> Result<String, String> {
        if let Some(w) = self.windows.get(name) {
            let strides = if idx.len() == w.all.len() { &w.all } else { &w.free };
            if strides.len() != idx.len() {
                return Err(format!("{} indices for a window of {} dimensions", idx.len(), w.free.len()));
            }
            return Ok(format!("{}[{}]", ident(name), flat(idx, strides)));
        }
        if self.values.contains_key(name) {
            return Err(format!("'{name}' holds one element and cannot be indexed"));
        }
        if let Some(strides) = self.f.constant_strides(name) {
            return Ok(format!("{}[{}]", ident(name), flat(idx, &strides)));
        }
        let d = self.f.desc(name).map_err(|_| format!("unknown array '{name}'"))?;
        let strides = d.strides_or_default().iter().map(|s| self.f.index(s)).collect::<Result<Vec<_>, _>>()?;
        let offsets = d.offset.clone().unwrap_or_default();
        let mut shifted = Vec::new();
        for (k, i) in idx.iter().enumerate() {
            match offsets.get(k).filter(|o| o.as_int() != Some(0)) {
                Some(o) => shifted.push(format!("({i} + {})", self.f.index(o)?)),
                None => shifted.push(i.clone()),
            }
        }
        Ok(format!("{}[{}]", ident(name), flat(&shifted, &strides)))
    }

    fn name(&self, id: &str) -> Result<String, String> {
        if let Some(v) = self.values.get(id) {
            return Ok(v.clone());
        }
        if self.windows.contains_key(id) {
            return Err(format!("'{id}' is an array; index it"));
        }
        let bare = id.rsplit('.').next().unwrap_or(id);
        Ok(match bare {
            "pi" if id != bare || self.f.sdfg.container(id).is_none() => "M_PI".into(),
            "e" if id != bare => "M_E".into(),
            "inf" if id != bare => "INFINITY".into(),
            "nan" if id != bare => "NAN".into(),
            "True" => "true".into(),
            "False" => "false".into(),
            _ if self.f.sdfg.container(id).is_some() => format!("{}[0]", ident(id)),
            _ => ident(id),
        })
    }

    fn binary(&self, op: BinOp, left: &Expr, right: &Expr) -> Result<String, String> {
        if op == BinOp::Pow {
            if let Some((k, float_exponent)) = const_exponent(right) {
                let l = self.expr(left)?;
                let base = if float_exponent { format!("(double)({l})") } else { l };
                return Ok(format!("sdfg_hls::ipow({base}, {k})"));
            }
        }
        let (l, r) = (self.expr(left)?, self.expr(right)?);
        Ok(binary_text(op, &l, &r))
    }
}

/// `l op r` in C++.
pub fn binary_text(op: BinOp, l: &str, r: &str) -> String {
    let infix = |s: &str| format!("({l} {s} {r})");
    match op {
        BinOp::Add => infix("+"),
        BinOp::Sub => infix("-"),
        BinOp::Mul => infix("*"),
        BinOp::CDiv => infix("/"),
        BinOp::BitAnd => infix("&"),
        BinOp::BitOr => infix("|"),
        BinOp::BitXor => infix("^"),
        BinOp::LShift => infix("<<"),
        BinOp::RShift => infix(">>"),
        BinOp::Div => format!("sdfg_hls::truediv({l}, {r})"),
        BinOp::FloorDiv => format!("sdfg_hls::floordiv({l}, {r})"),
        BinOp::Mod => format!("sdfg_hls::rem({l}, {r})"),
        BinOp::Pow => format!("sdfg_hls::pow({l}, {r})"),
    }
}

fn flat(idx: &[String], strides: &[String]) -> String {
    let terms: Vec<String> =
        idx.iter().zip(strides).map(|(i, s)| if s == "1" { i.clone() } else { format!("({i}) * {s}") }).collect();
    if terms.is_empty() {
        "0".into()
    } else {
        terms.join(" + ")
    }
}

fn call(func: &str, a: &[String]) -> Result<String, String> {
    let name = ["dace.math.", "math.", "cmath.", "numpy.", "np.", "dace."].iter().fold(func, |n, p| n.trim_start_matches(p));
    let one = || a.first().cloned().ok_or_else(|| format!("{func} needs an argument"));
    if let Some(conn) = name.strip_prefix(crate::lowering::tasklet::TYPEOF) {
        return Ok(format!("static_cast<std::decay_t<decltype({})>>({})", ident(conn), one()?));
    }
    if let Some(t) = ScalarType::from_name(name) {
        return Ok(format!("static_cast<{}>({})", super::scalar_ctype(t)?, one()?));
    }
    Ok(match name {
        "int" => format!("(long long)({})", one()?),
        "float" => format!("(double)({})", one()?),
        "bool" | "bool_" => format!("(bool)({})", one()?),
        "min" | "fmin" => format!("sdfg_hls::min({})", a.join(", ")),
        "max" | "fmax" => format!("sdfg_hls::max({})", a.join(", ")),
        "abs" | "fabs" => format!("sdfg_hls::abs({})", one()?),
        "pow" => format!("sdfg_hls::pow({})", a.join(", ")),
        "exp" | "log" | "log2" | "log10" | "sqrt" | "sin" | "cos" | "tan" | "asin" | "acos" | "atan" | "sinh" | "cosh"
        | "tanh" | "asinh" | "acosh" | "atanh" | "erf" | "floor" | "ceil" | "trunc" | "round" | "expm1" | "log1p" | "cbrt"
        | "atan2" => format!("std::{name}({})", a.join(", ")),
        "isnan" | "isinf" | "isfinite" => format!("std::{name}((double)({}))", one()?),
        "conj" | "conjugate" => format!("std::conj({})", one()?),
        "real" | "imag" => format!("std::{name}({})", one()?),
        other => return Err(format!("function '{other}' is not supported in tasklets")),
    })
}

/// An exponent written as an integer constant, and whether as a float
/// (`2.0`: an integer base becomes `double`).
fn const_exponent(e: &Expr) -> Option<(i64, bool)> {
    match e {
        Expr::Int { value, .. } => i64::try_from(*value).ok().map(|k| (k, false)),
        Expr::Float { value, .. } if value.fract() == 0.0 && value.abs() < 1e9 => Some((*value as i64, true)),
        Expr::Unary { op: UnaryOp::Neg, operand, .. } => const_exponent(operand).and_then(|(k, f)| Some((k.checked_neg()?, f))),
        Expr::Unary { op: UnaryOp::Pos, operand, .. } => const_exponent(operand),
        _ => None,
    }
}
