//! Array expressions as one elementwise computation: NumPy arithmetic,
//! comparisons and ufuncs over arrays, slices, scalars and symbols become
//! the code of one tasklet over connectors `__in0`, `__in1`, ..., with
//! the data each connector reads, and the broadcast shape of the result.
//!
//! ```text
//! 0.2 * (A[1:-1] + A[:-2])   =>   code "(0.2 * (__in0 + __in1))",
//!                                 inputs A[1 + 1*i], A[0 + 1*i], shape [N - 2]
//! ```

use super::source::Module;
use super::types::symbolic;
use crate::model::ScalarType;
use crate::symbolic::Expr as Sym;
use rustpython_parser::ast::{self, CmpOp, Constant, Expr, Operator, Ranged, UnaryOp};

/// What a name in the program is.
#[derive(Clone, Debug)]
pub enum Var {
    /// A container (array or scalar: shape empty).
    Data { name: String, shape: Vec<Sym>, dtype: ScalarType },
    /// A symbol's value (loop variables, module symbols).
    Symbol(Sym),
}

/// How one dimension of a container is read.
#[derive(Clone, Debug, PartialEq)]
pub enum Access {
    /// `len` elements from `start`, `step` apart.
    Range { start: Sym, len: Sym, step: Sym },
    /// One index (the dimension is dropped from the result's shape).
    Index(Sym),
}

impl Access {
    pub fn len(&self) -> Option<&Sym> {
        match self {
            Access::Range { len, .. } => Some(len),
            Access::Index(_) => None,
        }
    }
}

/// The data behind a tasklet connector `__in{k}`.
#[derive(Clone, Debug)]
pub struct Input {
    pub data: String,
    /// One per dimension of the container (none for a scalar).
    pub dims: Vec<Access>,
}

impl Input {
    /// The shape this read contributes: its ranges' lengths.
    pub fn shape(&self) -> Vec<Sym> {
        self.dims.iter().filter_map(|d| d.len().cloned()).collect()
    }
}

/// A value's type; `weak` for Python literals, which do not widen arrays
/// of their kind (NumPy's rule: `float32_array * 0.5` stays float32).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Kind {
    pub ty: ScalarType,
    pub weak: bool,
}

/// An elementwise expression.
pub struct Elementwise {
    pub code: String,
    pub inputs: Vec<Input>,
    pub shape: Vec<Sym>,
    pub kind: Kind,
}

/// Lowers `e`; names resolve through `lookup`. Errors carry the offending
/// sub-expression's position (a byte offset into the module's text).
pub fn lower(m: &Module, e: &Expr, lookup: &dyn Fn(&str) -> Option<Var>) -> Result<Elementwise, (usize, String)> {
    let mut l = Lowerer { m, lookup, inputs: Vec::new() };
    let (code, shape, kind) = l.expr(e)?;
    Ok(Elementwise { code, inputs: l.inputs, shape, kind })
}

/// How `target` (a container's dimensions) is read or written by a
/// subscript `[...]` (`None`: the whole container).
pub fn accesses(m: &Module, shape: &[Sym], index: Option<&Expr>, lookup: &dyn Fn(&str) -> Option<Var>) -> Result<Vec<Access>, (usize, String)> {
    let items: Vec<&Expr> = match index {
        None => Vec::new(),
        Some(Expr::Tuple(t)) => t.elts.iter().collect(),
        Some(one) => vec![one],
    };
    if items.len() > shape.len() {
        let at = index.map_or(0, |e| e.range().start().to_usize());
        return Err((at, format!("{} indices for {} dimensions", items.len(), shape.len())));
    }
    let local = |n: &str| match lookup(n) {
        Some(Var::Symbol(s)) => Some(s),
        Some(Var::Data { name, shape, .. }) if shape.is_empty() => Some(Sym::sym(&name)),
        _ => None,
    };
    let sym = |e: &Expr| symbolic(m, e, &local).map_err(|msg| (e.range().start().to_usize(), msg));
    // A negative literal counts from the end, as in Python.
    let from_end = |e: &Expr, size: &Sym| -> Result<Sym, (usize, String)> {
        let v = sym(e)?;
        Ok(match v.as_int() {
            Some(i) if i < 0 => size.add(&v).simplify(),
            _ => v,
        })
    };
    let mut out = Vec::new();
    for (k, size) in shape.iter().enumerate() {
        let Some(item) = items.get(k) else {
            out.push(Access::Range { start: Sym::int(0), len: size.clone(), step: Sym::int(1) });
            continue;
        };
        match item {
            Expr::Slice(s) => {
                let step = match &s.step {
                    Some(st) => sym(st)?,
                    None => Sym::int(1),
                };
                if step.as_int().is_none_or(|v| v <= 0) {
                    return Err((item.range().start().to_usize(), "a slice step must be a positive integer constant".into()));
                }
                let start = match &s.lower {
                    Some(lo) => from_end(lo, size)?,
                    None => Sym::int(0),
                };
                let stop = match &s.upper {
                    Some(hi) => from_end(hi, size)?,
                    None => size.clone(),
                };
                let span = stop.sub(&start);
                let len = if step.as_int() == Some(1) {
                    span.simplify()
                } else {
                    Sym::call("int_ceil", vec![span, step.clone()]).simplify()
                };
                out.push(Access::Range { start, len, step });
            }
            other => out.push(Access::Index(from_end(other, size)?)),
        }
    }
    Ok(out)
}

/// Right-aligned broadcast of two shapes; `None` when they do not fit.
pub fn broadcast(a: &[Sym], b: &[Sym]) -> Option<Vec<Sym>> {
    let n = a.len().max(b.len());
    let mut out = Vec::with_capacity(n);
    for k in 0..n {
        let da = (k + a.len()).checked_sub(n).map(|i| &a[i]);
        let db = (k + b.len()).checked_sub(n).map(|i| &b[i]);
        out.push(match (da, db) {
            (Some(x), None) | (None, Some(x)) => x.clone(),
            (Some(x), Some(y)) if x.is_symbolically_equal(y) => x.clone(),
            (Some(x), Some(y)) if y.as_int() == Some(1) => x.clone(),
            (Some(x), Some(y)) if x.as_int() == Some(1) => y.clone(),
            _ => return None,
        });
    }
    Some(out)
}

/// NumPy's result type of a binary operation.
pub fn promote(a: Kind, b: Kind) -> Kind {
    fn class(t: ScalarType) -> u8 {
        match t {
            ScalarType::Bool => 0,
            ScalarType::C64 | ScalarType::C128 => 3,
            ScalarType::F16 | ScalarType::F32 | ScalarType::F64 => 2,
            _ => 1,
        }
    }
    let strongest = |t: ScalarType| match class(t) {
        0 => ScalarType::Bool,
        1 => ScalarType::I64,
        2 => ScalarType::F64,
        _ => ScalarType::C128,
    };
    match (a.weak, b.weak) {
        (true, false) if class(a.ty) <= class(b.ty) => b,
        (false, true) if class(b.ty) <= class(a.ty) => a,
        (true, false) => Kind { ty: strongest(a.ty), weak: false },
        (false, true) => Kind { ty: strongest(b.ty), weak: false },
        _ => {
            let (hi, lo) = if (class(a.ty), a.ty.size()) >= (class(b.ty), b.ty.size()) { (a.ty, b.ty) } else { (b.ty, a.ty) };
            // An integer of 32 bits or more with a small float: float64.
            let ty = if class(hi) == 2 && class(lo) == 1 && lo.size() >= 4 { if hi.size() >= 8 { hi } else { ScalarType::F64 } } else { hi };
            Kind { ty, weak: a.weak && b.weak }
        }
    }
}

/// NumPy functions and the tasklet function each becomes; `true` when
/// the result is floating point whatever the argument.
const UFUNCS: &[(&str, &str, bool)] = &[
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

struct Lowerer<'a> {
    m: &'a Module,
    lookup: &'a dyn Fn(&str) -> Option<Var>,
    inputs: Vec<Input>,
}

type Part = (String, Vec<Sym>, Kind);

impl Lowerer<'_> {
    fn input(&mut self, data: &str, dims: Vec<Access>) -> String {
        let shape = Input { data: data.to_string(), dims: dims.clone() };
        self.inputs.push(shape);
        format!("__in{}", self.inputs.len() - 1)
    }

    fn expr(&mut self, e: &Expr) -> Result<Part, (usize, String)> {
        let at = e.range().start().to_usize();
        match e {
            Expr::Constant(c) => {
                let (text, ty) = match &c.value {
                    Constant::Int(i) => (i.to_string(), ScalarType::I64),
                    Constant::Float(f) => (format!("{f:?}"), ScalarType::F64),
                    Constant::Bool(b) => ((if *b { "True" } else { "False" }).to_string(), ScalarType::Bool),
                    _ => return Err((at, "only numbers are values here".into())),
                };
                Ok((text, Vec::new(), Kind { ty, weak: true }))
            }
            Expr::Name(n) => self.name(n.id.as_str(), at),
            Expr::Subscript(s) => {
                let Expr::Name(n) = &*s.value else { return Err((at, "only a named array can be indexed".into())) };
                match (self.lookup)(n.id.as_str()) {
                    Some(Var::Data { name, shape, dtype }) if !shape.is_empty() => {
                        let dims = accesses(self.m, &shape, Some(&s.slice), self.lookup)?;
                        let input = Input { data: name.clone(), dims };
                        let result_shape = input.shape();
                        let conn = self.input(&name, input.dims);
                        Ok((conn, result_shape, Kind { ty: dtype, weak: false }))
                    }
                    _ => Err((at, format!("'{}' is not an array", n.id))),
                }
            }
            Expr::BinOp(b) => {
                let op = match b.op {
                    Operator::Add => "+",
                    Operator::Sub => "-",
                    Operator::Mult => "*",
                    Operator::Div => "/",
                    Operator::FloorDiv => "//",
                    Operator::Mod => "%",
                    Operator::Pow => "**",
                    Operator::MatMult => return Err((at, "matrix products (@) are not supported yet".into())),
                    _ => return Err((at, "bitwise operators are not supported yet".into())),
                };
                let (l, ls, lk) = self.expr(&b.left)?;
                let (r, rs, rk) = self.expr(&b.right)?;
                let shape = broadcast(&ls, &rs).ok_or((at, "the operands' shapes do not broadcast".to_string()))?;
                let mut kind = promote(lk, rk);
                if b.op == Operator::Div && matches!(kind.ty, ScalarType::Bool) || (b.op == Operator::Div && kind.ty.is_integer()) {
                    kind = Kind { ty: ScalarType::F64, weak: kind.weak };
                }
                Ok((format!("({l} {op} {r})"), shape, kind))
            }
            Expr::UnaryOp(u) => {
                let (v, s, k) = self.expr(&u.operand)?;
                let code = match u.op {
                    UnaryOp::USub => format!("(-{v})"),
                    UnaryOp::UAdd => v,
                    UnaryOp::Not => return Ok((format!("(not {v})"), s, Kind { ty: ScalarType::Bool, weak: k.weak })),
                    UnaryOp::Invert => return Err((at, "bitwise operators are not supported yet".into())),
                };
                Ok((code, s, k))
            }
            Expr::Compare(c) if c.ops.len() == 1 => {
                let (l, ls, lk) = self.expr(&c.left)?;
                let (r, rs, rk) = self.expr(&c.comparators[0])?;
                let shape = broadcast(&ls, &rs).ok_or((at, "the operands' shapes do not broadcast".to_string()))?;
                let op = match c.ops[0] {
                    CmpOp::Lt => "<",
                    CmpOp::LtE => "<=",
                    CmpOp::Gt => ">",
                    CmpOp::GtE => ">=",
                    CmpOp::Eq => "==",
                    CmpOp::NotEq => "!=",
                    _ => return Err((at, "this comparison is not supported".into())),
                };
                Ok((format!("({l} {op} {r})"), shape, Kind { ty: ScalarType::Bool, weak: lk.weak && rk.weak }))
            }
            Expr::Call(c) => self.call(c, at),
            _ => Err((at, format!("{} is not supported in array expressions yet", describe(e)))),
        }
    }

    fn name(&mut self, name: &str, at: usize) -> Result<Part, (usize, String)> {
        match (self.lookup)(name) {
            Some(Var::Data { name, shape, dtype }) => {
                let dims = shape.iter().map(|s| Access::Range { start: Sym::int(0), len: s.clone(), step: Sym::int(1) }).collect();
                let conn = self.input(&name, dims);
                Ok((conn, shape, Kind { ty: dtype, weak: false }))
            }
            Some(Var::Symbol(s)) => Ok((format!("({s})"), Vec::new(), Kind { ty: ScalarType::I64, weak: true })),
            None => match self.m.constants.get(name) {
                Some(text) => {
                    let ty = if text.contains(['.', 'e', 'n']) { ScalarType::F64 } else { ScalarType::I64 };
                    Ok((text.clone(), Vec::new(), Kind { ty, weak: true }))
                }
                None if self.m.symbols.iter().any(|(s, _)| s == name) => Ok((name.to_string(), Vec::new(), Kind { ty: ScalarType::I64, weak: true })),
                None => Err((at, format!("'{name}' is not defined"))),
            },
        }
    }

    fn call(&mut self, c: &ast::ExprCall, at: usize) -> Result<Part, (usize, String)> {
        let name = match &*c.func {
            Expr::Attribute(a) if self.m.is_numpy(&a.value) || self.m.is_dace(&a.value) => a.attr.as_str(),
            Expr::Name(n) if matches!(n.id.as_str(), "abs" | "min" | "max") => match n.id.as_str() {
                "min" => "minimum",
                "max" => "maximum",
                other => other,
            },
            _ => return Err((at, "only NumPy's elementwise functions can be called here so far".into())),
        };
        let Some(&(_, tasklet_name, floating)) = UFUNCS.iter().find(|(np, _, _)| *np == name) else {
            return Err((at, format!("np.{name} is not supported yet")));
        };
        if !c.keywords.is_empty() {
            return Err((at, format!("np.{name} with keyword arguments is not supported yet")));
        }
        let mut codes = Vec::new();
        let mut shape: Vec<Sym> = Vec::new();
        let mut kind: Option<Kind> = None;
        for a in &c.args {
            let (code, s, k) = self.expr(a)?;
            shape = broadcast(&shape, &s).ok_or((at, "the arguments' shapes do not broadcast".to_string()))?;
            kind = Some(kind.map_or(k, |prev| promote(prev, k)));
            codes.push(code);
        }
        let mut kind = kind.ok_or((at, format!("np.{name} needs an argument")))?;
        if floating && !matches!(kind.ty, ScalarType::F16 | ScalarType::F32 | ScalarType::F64 | ScalarType::C64 | ScalarType::C128) {
            kind = Kind { ty: ScalarType::F64, weak: kind.weak };
        }
        Ok((format!("{tasklet_name}({})", codes.join(", ")), shape, kind))
    }
}

/// A construct's name for messages.
pub fn describe(e: &Expr) -> &'static str {
    match e {
        Expr::Lambda(_) => "a lambda",
        Expr::ListComp(_) | Expr::SetComp(_) | Expr::DictComp(_) | Expr::GeneratorExp(_) => "a comprehension",
        Expr::List(_) => "a list",
        Expr::Dict(_) => "a dict",
        Expr::Set(_) => "a set",
        Expr::Tuple(_) => "a tuple",
        Expr::Attribute(_) => "an attribute",
        Expr::IfExp(_) => "a conditional expression",
        Expr::BoolOp(_) => "'and'/'or'",
        Expr::Compare(_) => "a chained comparison",
        Expr::Starred(_) => "a starred expression",
        Expr::Await(_) | Expr::Yield(_) | Expr::YieldFrom(_) => "a coroutine expression",
        _ => "this expression",
    }
}
