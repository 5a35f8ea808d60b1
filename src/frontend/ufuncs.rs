//! NumPy calls in array expressions: elementwise functions (`np.exp`,
//! `np.maximum`, ...) as tasklet functions, the ufuncs that are operators
//! (`np.add`, `np.logical_and`, ...), `np.where`, the ufunc methods
//! `np.add.outer` / `np.maximum.reduce`, and the calls `hoisted.rs`
//! computes before the map (products, reductions, allocations).
//!
//! ```text
//! np.add.outer(a, b)   =>   "(__in0 + __in1)" with a read as a[i0] and b as b[i1], shape [N, M]
//! ```

use super::elementwise::{Kind, Lowerer, Part};
use crate::model::ScalarType;
use rustpython_parser::ast::{self, Expr, Ranged};

/// NumPy functions and the tasklet function each becomes; `true` when
/// the result is floating point whatever the argument.
const FUNCTIONS: &[(&str, &str, bool)] = &[
    ("exp", "exp", true),
    ("log", "log", true),
    ("log2", "log2", true),
    ("log10", "log10", true),
    ("sqrt", "sqrt", true),
    ("sin", "sin", true),
    ("cos", "cos", true),
    ("tan", "tan", true),
    ("arcsin", "asin", true),
    ("arccos", "acos", true),
    ("arctan", "atan", true),
    ("arctan2", "atan2", true),
    ("sinh", "sinh", true),
    ("cosh", "cosh", true),
    ("tanh", "tanh", true),
    ("floor", "floor", false),
    ("ceil", "ceil", false),
    ("trunc", "trunc", false),
    ("abs", "abs", false),
    ("absolute", "abs", false),
    ("fabs", "abs", true),
    ("maximum", "max", false),
    ("minimum", "min", false),
    ("power", "pow", false),
];

/// Ufuncs that are Python operators.
const OPERATORS: &[(&str, &str)] = &[
    ("add", "+"),
    ("subtract", "-"),
    ("multiply", "*"),
    ("divide", "/"),
    ("true_divide", "/"),
    ("floor_divide", "//"),
    ("mod", "%"),
    ("remainder", "%"),
    ("logical_and", "and"),
    ("logical_or", "or"),
    ("equal", "=="),
    ("not_equal", "!="),
    ("less", "<"),
    ("less_equal", "<="),
    ("greater", ">"),
    ("greater_equal", ">="),
];

/// The reduction each ufunc's `.reduce` is.
const REDUCTIONS: &[(&str, &str)] = &[("add", "sum"), ("multiply", "prod"), ("maximum", "max"), ("minimum", "min")];

impl Lowerer<'_> {
    pub(super) fn call(&mut self, c: &ast::ExprCall, at: usize) -> Result<Part, (usize, String)> {
        // A program of the module: inlined, its result read.
        if let Expr::Name(n) = &*c.func {
            if self.m.program(n.id.as_str()).is_some() {
                let Some((input, shape, kind)) = self.host.call_program(n.id.as_str(), c, at)? else {
                    return Err((at, format!("'{}' returns no value", n.id)));
                };
                let conn = self.input(&input.data, input.dims);
                return Ok((conn, shape, kind));
            }
        }
        // Casts: `np.float64(x)`, `dace.int32(x)`, `float(x)`.
        if let Some(ty) = super::types::scalar_type(self.m, &c.func) {
            let [v] = c.args.as_slice() else { return Err((at, "a cast takes one value".into())) };
            let part = self.expr(v)?;
            return Ok(cast(part, ty));
        }
        if let Expr::Attribute(a) = &*c.func {
            let module = |e: &Expr| self.m.is_numpy(e) || self.m.is_dace(e);
            let submodule = matches!(&*a.value, Expr::Attribute(inner) if module(&inner.value));
            if !module(&a.value) && !submodule {
                return self.method(&a.value, a.attr.as_str(), c, at);
            }
        }
        let (name, method) = match &*c.func {
            Expr::Attribute(a) if self.m.is_numpy(&a.value) || self.m.is_dace(&a.value) => (a.attr.as_str(), None),
            Expr::Attribute(m) => match &*m.value {
                Expr::Attribute(a) if self.m.is_numpy(&a.value) => (a.attr.as_str(), Some(m.attr.as_str())),
                _ => return Err((at, "only NumPy functions can be called here so far".into())),
            },
            Expr::Name(n) if matches!(n.id.as_str(), "abs" | "min" | "max") => match n.id.as_str() {
                "min" => ("minimum", None),
                "max" => ("maximum", None),
                other => (other, None),
            },
            _ => return Err((at, "only NumPy functions can be called here so far".into())),
        };
        match method {
            Some("outer") => return self.outer(name, c, at),
            Some(op) if name == "linalg" => return self.linalg(op, c, at),
            Some("reduce") => {
                let reduction = REDUCTIONS.iter().find(|(u, _)| *u == name).map(|(_, r)| *r);
                let reduction = reduction.ok_or((at, format!("np.{name}.reduce is not supported yet")))?;
                return self.reduction(reduction, c, at);
            }
            Some(other) => return Err((at, format!("np.{name}.{other} is not supported yet"))),
            None => {}
        }
        if let Some(part) = self.hoisted_call(name, c, at)? {
            return Ok(part);
        }
        if name == "clip" {
            // `np.clip(a, lo, hi)`: `min(max(a, lo), hi)`.
            let [a, lo, hi] = c.args.as_slice() else { return Err((at, "np.clip takes an array and two bounds".into())) };
            let (a, lo, hi) = (self.expr(a)?, self.expr(lo)?, self.expr(hi)?);
            let low = self.binary_function("max", a, lo, at)?;
            return self.binary_function("min", low, hi, at);
        }
        if name == "where" {
            let [cond, t, f] = c.args.as_slice() else { return Err((at, "np.where takes a condition and two values".into())) };
            let (cond, t, f) = (self.expr(cond)?, self.expr(t)?, self.expr(f)?);
            return self.select(cond, t, f, at);
        }
        if !c.keywords.is_empty() {
            return Err((at, format!("np.{name} with keyword arguments is not supported yet")));
        }
        if let Some((_, op)) = OPERATORS.iter().find(|(u, _)| *u == name) {
            let [l, r] = c.args.as_slice() else { return Err((at, format!("np.{name} takes two arguments"))) };
            let (l, r) = (self.expr(l)?, self.expr(r)?);
            return self.combine(l, r, op, at);
        }
        if name == "logical_not" || name == "negative" {
            let [v] = c.args.as_slice() else { return Err((at, format!("np.{name} takes one argument"))) };
            let (code, shape, kind) = self.expr(v)?;
            return Ok(if name == "negative" {
                (format!("(-{code})"), shape, kind)
            } else {
                (format!("(not {code})"), shape, Kind { ty: ScalarType::Bool, weak: kind.weak })
            });
        }
        let Some(&(_, tasklet_name, floating)) = FUNCTIONS.iter().find(|(np, _, _)| *np == name) else {
            // Named as the program spells it (`np.linalg.solve`, `dc.define_stream`).
            let shown = match &*c.func {
                Expr::Attribute(a) => match &*a.value {
                    Expr::Name(n) => format!("{}.{}", n.id, a.attr),
                    Expr::Attribute(inner) => format!("{}.{}", inner.attr, a.attr),
                    _ => name.to_string(),
                },
                _ => name.to_string(),
            };
            return Err((at, format!("{shown} is not supported yet")));
        };
        let mut codes = Vec::new();
        let mut shape = Vec::new();
        let mut kind: Option<Kind> = None;
        for a in &c.args {
            let (code, s, k) = self.expr(a)?;
            shape = super::elementwise::broadcast(&shape, &s).ok_or((at, "the arguments' shapes do not broadcast".to_string()))?;
            kind = Some(kind.map_or(k, |prev| super::elementwise::promote(prev, k)));
            codes.push(code);
        }
        let mut kind = kind.ok_or((at, format!("np.{name} needs an argument")))?;
        if floating && !(kind.ty.is_float() || matches!(kind.ty, ScalarType::C64 | ScalarType::C128)) {
            kind = Kind { ty: ScalarType::F64, weak: kind.weak };
        }
        Ok((format!("{tasklet_name}({})", codes.join(", ")), shape, kind))
    }

    /// `f(l, r)` for a two-argument tasklet function (`max`, `min`), the
    /// shapes broadcast and the types promoted.
    fn binary_function(&mut self, f: &str, (l, ls, lk): Part, (r, rs, rk): Part, at: usize) -> Result<Part, (usize, String)> {
        let shape = super::elementwise::broadcast(&ls, &rs).ok_or((at, "the arguments' shapes do not broadcast".to_string()))?;
        Ok((format!("{f}({l}, {r})"), shape, super::elementwise::promote(lk, rk)))
    }

    /// An array method, `x.copy()`, `x.astype(t)`, `x.sum(axis=0)`,
    /// `x.reshape(N, M)`, `x.transpose()`, `x.dot(y)`: as the NumPy function
    /// of the same name on `x`.
    fn method(&mut self, object: &Expr, name: &str, c: &ast::ExprCall, at: usize) -> Result<Part, (usize, String)> {
        match name {
            "copy" if c.args.is_empty() && c.keywords.is_empty() => self.expr(object),
            "astype" => {
                let [t] = c.args.as_slice() else { return Err((at, ".astype takes a dtype".into())) };
                let ty = super::types::scalar_type(self.m, t).ok_or((t.range().start().to_usize(), "not a dtype".to_string()))?;
                let part = self.expr(object)?;
                Ok(cast(part, ty))
            }
            "sum" | "prod" | "max" | "min" | "mean" | "reshape" | "transpose" | "dot" => {
                let mut call = c.clone();
                // `x.reshape(N, M)` and `x.transpose(1, 0)` list what NumPy's functions take as one tuple.
                if matches!(name, "reshape" | "transpose") && call.args.len() > 1 {
                    let range = call.args[0].range();
                    let elts = std::mem::take(&mut call.args);
                    call.args = vec![Expr::Tuple(ast::ExprTuple { range, elts, ctx: ast::ExprContext::Load })];
                }
                call.args.insert(0, object.clone());
                Ok(self.hoisted_call(name, &call, at)?.expect("a hoisted NumPy function"))
            }
            other => Err((at, format!("the array method .{other}() is not supported yet"))),
        }
    }

    /// `np.UFUNC.outer(a, b)`: `a` over the leading dimensions, `b` over
    /// the trailing ones.
    fn outer(&mut self, name: &str, c: &ast::ExprCall, at: usize) -> Result<Part, (usize, String)> {
        let [a, b] = c.args.as_slice() else { return Err((at, format!("np.{name}.outer takes two arguments"))) };
        let mark = self.inputs_len();
        let (acode, ashape, akind) = self.expr(a)?;
        let ashape = self.squeeze_inputs(mark, &ashape);
        let a_end = self.inputs_len();
        let (bcode, bshape, bkind) = self.expr(b)?;
        let bshape = self.squeeze_inputs(a_end, &bshape);
        // `a` spans the leading dimensions: new axes after its own.
        self.append_axes(mark..a_end, bshape.len());
        let mut outer_shape = ashape;
        outer_shape.extend(std::iter::repeat_n(crate::symbolic::Expr::int(1), bshape.len()));
        if let Some((_, op)) = OPERATORS.iter().find(|(u, _)| *u == name) {
            return self.combine((acode, outer_shape, akind), (bcode, bshape, bkind), op, at);
        }
        match FUNCTIONS.iter().find(|(np, _, _)| *np == name) {
            Some((_, f, _)) if matches!(*f, "max" | "min" | "pow" | "atan2") => {
                self.binary_function(f, (acode, outer_shape, akind), (bcode, bshape, bkind), at)
            }
            _ => Err((b.range().start().to_usize(), format!("np.{name}.outer is not supported yet"))),
        }
    }
}

/// `part` converted to `ty` (`np.float64(x)`, `x.astype(np.int32)`).
fn cast((code, shape, _): Part, ty: ScalarType) -> Part {
    let code = if ty.is_float() {
        format!("float({code})")
    } else if ty.is_integer() {
        format!("int({code})")
    } else if ty == ScalarType::Bool {
        format!("bool({code})")
    } else {
        code
    };
    (code, shape, Kind { ty, weak: false })
}
