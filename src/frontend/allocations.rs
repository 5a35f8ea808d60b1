//! NumPy's allocations: `np.zeros`, `np.ones`, `np.full`, `np.empty`, their
//! `_like` forms, `np.ndarray`, `dace.define_local(_scalar)`, `np.eye` and
//! `np.identity`, as the type, shape and fill value of a new transient
//! (the fill is tasklet code over the map's `__i0`, `__i1`, ...).
//!
//! ```text
//! I = np.eye(N, k=1)   =>   I: float64[N, N]; map[__i0, __i1]: __out = (1 if (__i1 - __i0) == (1) else 0)
//! ```

use super::dataflow::Write;
use super::elementwise::{full, Elementwise, Kind, Lowerer, Var};
use super::types;
use crate::model::ScalarType;
use crate::symbolic::Expr as Sym;
use rustpython_parser::ast::{self, Constant, Expr, Ranged, UnaryOp};

/// NumPy's allocation functions.
pub const ALLOCATIONS: &[&str] =
    &["zeros", "ones", "full", "empty", "eye", "identity", "zeros_like", "ones_like", "full_like", "empty_like", "ndarray", "define_local", "define_local_scalar"];

/// `X = np.zeros(...)` and friends: the type, shape and fill value of the
/// new container (so it is made under its own name, without a copy).
pub fn allocate(m: &super::source::Module, host: &mut dyn super::elementwise::Host, c: &ast::ExprCall) -> Result<Option<(ScalarType, Vec<Sym>, Option<String>)>, (usize, String)> {
    let Expr::Attribute(a) = &*c.func else { return Ok(None) };
    if !(m.is_numpy(&a.value) || m.is_dace(&a.value)) || !ALLOCATIONS.contains(&a.attr.as_str()) {
        return Ok(None);
    }
    let mut l = Lowerer::new(m, host);
    l.allocation(a.attr.as_str(), c, c.range().start().to_usize()).map(Some)
}

impl Lowerer<'_> {
    /// The type, shape and fill value (`None`: uninitialized) of an
    /// allocation call.
    pub(super) fn allocation(&mut self, name: &str, c: &ast::ExprCall, at: usize) -> Result<(ScalarType, Vec<Sym>, Option<String>), (usize, String)> {
        let keyword = |k: &str| c.keywords.iter().find(|kw| kw.arg.as_deref() == Some(k)).map(|kw| &kw.value);
        if name == "define_local_scalar" {
            let ty = c.args.first().and_then(|d| types::scalar_type(self.m, d)).ok_or((at, "define_local_scalar takes a dtype".to_string()))?;
            return Ok((ty, Vec::new(), None));
        }
        if name == "eye" || name == "identity" {
            return self.eye(name, c, at);
        }
        let (shape, mut ty, rest) = if name.ends_with("_like") {
            let Some(Expr::Name(n)) = c.args.first() else { return Err((at, format!("np.{name} takes an array"))) };
            let Some(Var::Data { shape, dtype, .. }) = self.host.lookup(n.id.as_str()) else {
                return Err((at, format!("'{}' is not an array", n.id)));
            };
            (shape, dtype, &c.args[1..])
        } else {
            let Some(first) = c.args.first() else { return Err((at, format!("np.{name} needs a shape"))) };
            (self.shape_arg(first)?, ScalarType::F64, &c.args[1..])
        };
        let base = match name.trim_end_matches("_like") {
            "ndarray" | "define_local" => "empty",
            other => other,
        };
        let value = match base {
            "zeros" => Some("0".to_string()),
            "ones" => Some("1".to_string()),
            "empty" => None,
            _ => {
                let v = rest.first().or_else(|| keyword("fill_value")).ok_or((at, "np.full needs a fill value".to_string()))?;
                Some(self.literal(v)?)
            }
        };
        let dtype_arg = keyword("dtype").or(match base {
            "full" => rest.get(1),
            _ => rest.first(),
        });
        if let Some(d) = dtype_arg {
            ty = self.dtype(d)?;
        }
        Ok((ty, shape, value))
    }

    /// A `dtype` argument: `A.dtype` of an array, or a type's name.
    fn dtype(&mut self, d: &Expr) -> Result<ScalarType, (usize, String)> {
        let of_array = match d {
            Expr::Attribute(a) if a.attr.as_str() == "dtype" => match &*a.value {
                Expr::Name(n) => match self.host.lookup(n.id.as_str()) {
                    Some(Var::Data { dtype, .. }) => Some(dtype),
                    _ => None,
                },
                _ => None,
            },
            _ => None,
        };
        of_array.or_else(|| types::scalar_type(self.m, d)).ok_or((d.range().start().to_usize(), "not a dtype".to_string()))
    }

    /// `np.eye(N, M=None, k=0, dtype=float)` and `np.identity(N, dtype)`:
    /// ones where the column is the row plus `k`, zeros elsewhere.
    fn eye(&mut self, name: &str, c: &ast::ExprCall, at: usize) -> Result<(ScalarType, Vec<Sym>, Option<String>), (usize, String)> {
        let keyword = |k: &str| c.keywords.iter().find(|kw| kw.arg.as_deref() == Some(k)).map(|kw| &kw.value);
        let known: &[&str] = if name == "eye" { &["N", "M", "k", "dtype"] } else { &["n", "dtype"] };
        if let Some(k) = c.keywords.iter().find(|k| !k.arg.as_deref().is_some_and(|a| known.contains(&a))) {
            return Err((k.range().start().to_usize(), format!("np.{name} takes no keyword '{}'", k.arg.as_deref().unwrap_or("**"))));
        }
        let positional = |i: usize, key: &str| c.args.get(i).or_else(|| keyword(key));
        let (rows, cols, diagonal, dtype) = if name == "eye" {
            (positional(0, "N"), positional(1, "M"), positional(2, "k"), positional(3, "dtype"))
        } else {
            (positional(0, "n"), None, None, positional(1, "dtype"))
        };
        let rows = rows.ok_or((at, format!("np.{name} needs a size")))?;
        let size = |e: &Expr| -> Result<Sym, (usize, String)> {
            match self.shape_arg(e)?.as_slice() {
                [one] => Ok(one.clone()),
                _ => Err((e.range().start().to_usize(), "a size must be one integer".into())),
            }
        };
        let n = size(rows)?;
        let m = match cols {
            Some(Expr::Constant(k)) if matches!(k.value, Constant::None) => n.clone(),
            Some(e) => size(e)?,
            None => n.clone(),
        };
        let k = match diagonal {
            Some(e) => self.literal(e)?,
            None => "0".into(),
        };
        let ty = match dtype {
            Some(d) => self.dtype(d)?,
            None => ScalarType::F64,
        };
        Ok((ty, vec![n, m], Some(format!("(1 if (__i1 - __i0) == ({k}) else 0)"))))
    }

    /// A number (possibly negative) or a symbol, as tasklet code.
    pub(super) fn literal(&mut self, e: &Expr) -> Result<String, (usize, String)> {
        match e {
            Expr::Constant(c) => match &c.value {
                Constant::Int(i) => Ok(i.to_string()),
                Constant::Float(f) => Ok(format!("{f:?}")),
                Constant::Bool(b) => Ok(if *b { "True" } else { "False" }.into()),
                _ => Err((e.range().start().to_usize(), "a fill value must be a number".into())),
            },
            Expr::UnaryOp(u) if u.op == UnaryOp::USub => Ok(format!("(-{})", self.literal(&u.operand)?)),
            other => {
                let (code, shape, _) = self.expr(other)?;
                if !shape.is_empty() || code.contains("__in") {
                    return Err((other.range().start().to_usize(), "a fill value must be a number or a symbol".into()));
                }
                Ok(code)
            }
        }
    }

    /// A state writing `value` into every element of `data`.
    pub(super) fn fill(&mut self, data: &str, shape: &[Sym], value: Option<String>) {
        let Some(value) = value else { return };
        let ew = Elementwise { code: value, inputs: Vec::new(), shape: shape.to_vec(), kind: Kind { ty: ScalarType::F64, weak: false } };
        let state = super::dataflow::state(self.host.sdfg(), Write { data: data.to_string(), dims: full(shape) }, ew, &self.host.loc());
        self.host.before(state);
    }
}
