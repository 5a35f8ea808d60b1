//! Annotations and symbolic expressions: `dace.float64[N, M]` as a dtype
//! and a shape, `dace.int64` as a scalar type, and Python integer
//! expressions over symbols (sizes, bounds, indices) as `symbolic::Expr`.

use super::source::Module;
use crate::model::ScalarType;
use crate::symbolic::Expr as Sym;
use rustpython_parser::ast::{self, Constant, Expr, Operator, UnaryOp};

/// The scalar type an expression names: `dace.float64`, `np.float32`,
/// `float64` imported from dace, Python's `float`/`int`/`bool`.
pub fn scalar_type(m: &Module, e: &Expr) -> Option<ScalarType> {
    let name = match e {
        Expr::Attribute(a) if m.is_dace(&a.value) || m.is_numpy(&a.value) => a.attr.as_str(),
        Expr::Name(n) if m.imported.contains(n.id.as_str()) => n.id.as_str(),
        Expr::Name(n) => match n.id.as_str() {
            "float" => "float64",
            "int" => "int64",
            "bool" => "bool",
            _ => return None,
        },
        _ => return None,
    };
    match name {
        "float" => Some(ScalarType::F64),
        "int" => Some(ScalarType::I64),
        "complex" => Some(ScalarType::C128),
        "bool_" => Some(ScalarType::Bool),
        other => ScalarType::from_name(other),
    }
}

/// A parameter's annotation: its scalar type and shape (empty for a scalar).
pub fn annotation(m: &Module, e: &Expr) -> Result<(ScalarType, Vec<Sym>), String> {
    match e {
        Expr::Subscript(s) => {
            let dtype = scalar_type(m, &s.value).ok_or("an array annotation is a dace dtype with a shape: dace.float64[N, M]")?;
            let dims: Vec<&Expr> = match &*s.slice {
                Expr::Tuple(t) => t.elts.iter().collect(),
                one => vec![one],
            };
            let shape = dims.iter().map(|d| symbolic(m, d, &|_| None)).collect::<Result<Vec<_>, _>>()?;
            Ok((dtype, shape))
        }
        other => scalar_type(m, other).map(|t| (t, Vec::new())).ok_or_else(|| "the annotation is not a dace type".to_string()),
    }
}

/// An integer expression of symbols and constants (`N - 1`, `2 * i`,
/// `N // 2`). `local` resolves names the program binds (loop variables,
/// scalars read as symbols); others are module symbols or constants.
pub fn symbolic(m: &Module, e: &Expr, local: &dyn Fn(&str) -> Option<Sym>) -> Result<Sym, String> {
    Ok(match e {
        Expr::Constant(c) => match &c.value {
            Constant::Int(i) => Sym::int(i.to_string().parse::<i64>().map_err(|_| "an integer too large")?),
            Constant::Bool(b) => Sym::int(*b as i64),
            _ => return Err("a size or index must be an integer expression".into()),
        },
        Expr::Name(n) => {
            let name = n.id.as_str();
            if let Some(v) = local(name) {
                v
            } else if m.symbols.iter().any(|(s, _)| s == name) {
                Sym::sym(name)
            } else if let Some(text) = m.constants.get(name) {
                crate::symbolic::parse(text).map_err(|e| e.to_string())?
            } else {
                return Err(format!("'{name}' is not a symbol, a constant or a loop variable"));
            }
        }
        Expr::BinOp(b) => {
            let (l, r) = (symbolic(m, &b.left, local)?, symbolic(m, &b.right, local)?);
            match b.op {
                Operator::Add => l.add(&r),
                Operator::Sub => l.sub(&r),
                Operator::Mult => l.mul(&r),
                Operator::FloorDiv => Sym::call("int_floor", vec![l, r]),
                Operator::Mod => Sym::call("Mod", vec![l, r]),
                Operator::Pow => l.pow(&r),
                _ => return Err("this operator is not allowed in a size or index".into()),
            }
        }
        Expr::UnaryOp(u) if u.op == UnaryOp::USub => symbolic(m, &u.operand, local)?.neg(),
        Expr::Call(ast::ExprCall { func, args, .. }) if matches!(&**func, Expr::Name(n) if matches!(n.id.as_str(), "min" | "max")) => {
            let Expr::Name(n) = &**func else { unreachable!() };
            let args = args.iter().map(|a| symbolic(m, a, local)).collect::<Result<Vec<_>, _>>()?;
            Sym::call(if n.id.as_str() == "min" { "Min" } else { "Max" }, args)
        }
        _ => return Err("a size or index must be an integer expression of symbols".into()),
    }
    .simplify())
}
