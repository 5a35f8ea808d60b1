//! Array expressions as one elementwise computation: NumPy arithmetic,
//! comparisons and ufuncs over arrays, slices, scalars and symbols become
//! the code of one tasklet over connectors `__in0`, `__in1`, ..., with
//! the data each connector reads, and the broadcast shape of the result.
//!
//! ```text
//! 0.2 * (A[1:-1] + A[:-2])   =>   code "(0.2 * (__in0 + __in1))",
//!                                 inputs A[1 + 1*i], A[0 + 1*i], shape [N - 2]
//! ```

use super::dataflow::Write;
use super::source::Module;
use super::types::symbolic;
use crate::model::{Loc, ScalarType, Sdfg, State};
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
    /// A new dimension of one (`A[:, None]`), which broadcasts.
    NewAxis,
    /// The whole dimension, for the tasklet to index itself (`x[cols]`
    /// reads `x` whole and picks `x[cols[i]]`); no dimension of the result.
    Whole(Sym),
}

impl Access {
    /// The dimension's length in the result (`None`: no dimension).
    pub fn len(&self) -> Option<Sym> {
        match self {
            Access::Range { len, .. } => Some(len.clone()),
            Access::Index(_) | Access::Whole(_) => None,
            Access::NewAxis => Some(Sym::int(1)),
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
        self.dims.iter().filter_map(Access::len).collect()
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

/// What lowering an expression needs of the program being built: its
/// names, and room for what must run before the elementwise computation
/// (matrix products, reductions, allocations: `hoisted.rs`).
pub trait Host {
    fn lookup(&self, name: &str) -> Option<Var>;
    fn sdfg(&self) -> &Sdfg;
    /// Where the statement being lowered is.
    fn loc(&self) -> Loc;
    /// A new transient of `dtype` and `shape` (a scalar when empty); its name.
    fn transient(&mut self, dtype: ScalarType, shape: Vec<Sym>) -> String;
    /// A state to run before the statement's own.
    fn before(&mut self, state: State);
    /// A sequential loop to run before the statement's own: `body(sdfg, k)`
    /// is the state of iteration `k`, for `k` from 0 to `len` - 1.
    fn before_loop(&mut self, len: Sym, body: &dyn Fn(&Sdfg, &Sym) -> State);
    /// Inlines a call of the module's program `name` before the
    /// statement; its returned value, if any, as data.
    fn call_program(&mut self, name: &str, call: &ast::ExprCall, at: usize) -> Result<Option<(Input, Vec<Sym>, Kind)>, (usize, String)>;
}

/// Lowers `e`. Errors carry the offending sub-expression's position (a
/// byte offset into the module's text).
pub fn lower(m: &Module, e: &Expr, host: &mut dyn Host) -> Result<Elementwise, (usize, String)> {
    let mut l = Lowerer::new(m, host);
    let (code, shape, kind) = l.expr(e)?;
    Ok(Elementwise { code, inputs: l.inputs, shape, kind })
}

/// `e` as data to read whole: the array or window it names, or else a new
/// transient that `e` is computed into first.
pub fn materialize(m: &Module, e: &Expr, host: &mut dyn Host) -> Result<(Input, Vec<Sym>, Kind), (usize, String)> {
    materialize_with(m, e, host, false)
}

/// [`materialize`] for consumers that drop a window's single-index
/// dimensions themselves (BLAS library nodes read `L[i, 0:i]` as a
/// vector): such a window is read in place too, not copied.
pub fn materialize_squeezed(m: &Module, e: &Expr, host: &mut dyn Host) -> Result<(Input, Vec<Sym>, Kind), (usize, String)> {
    materialize_with(m, e, host, true)
}

fn materialize_with(m: &Module, e: &Expr, host: &mut dyn Host, indices: bool) -> Result<(Input, Vec<Sym>, Kind), (usize, String)> {
    let ew = lower(m, e, host)?;
    let in_place = |d: &Access| matches!(d, Access::Range { .. }) || (indices && matches!(d, Access::Index(_)));
    if ew.code == "__in0" && ew.inputs.len() == 1 && ew.inputs[0].dims.iter().all(in_place) {
        let shape = ew.shape.clone();
        return Ok((ew.inputs.into_iter().next().expect("one input"), shape, ew.kind));
    }
    let (shape, kind) = (ew.shape.clone(), ew.kind);
    let name = host.transient(kind.ty, shape.clone());
    let dims = full(&shape);
    let state = super::dataflow::state(host.sdfg(), Write { data: name.clone(), dims: dims.clone() }, ew, &host.loc());
    host.before(state);
    Ok((Input { data: name, dims }, shape, kind))
}

/// Every element of a container of `shape`.
pub fn full(shape: &[Sym]) -> Vec<Access> {
    shape.iter().map(|s| Access::Range { start: Sym::int(0), len: s.clone(), step: Sym::int(1) }).collect()
}

/// How `target` (a container's dimensions) is read or written by a
/// subscript `[...]` (`None`: the whole container).
pub fn accesses(m: &Module, shape: &[Sym], index: Option<&Expr>, lookup: &dyn Fn(&str) -> Option<Var>) -> Result<Vec<Access>, (usize, String)> {
    let items: Vec<&Expr> = match index {
        None => Vec::new(),
        Some(Expr::Tuple(t)) => t.elts.iter().collect(),
        Some(one) => vec![one],
    };
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
    let new_axis = |e: &Expr| match e {
        Expr::Constant(c) => matches!(c.value, Constant::None),
        Expr::Attribute(a) => a.attr.as_str() == "newaxis" && m.is_numpy(&a.value),
        _ => false,
    };
    let mut out = Vec::new();
    let mut next = 0;
    for item in items {
        if new_axis(item) {
            out.push(Access::NewAxis);
            continue;
        }
        let Some(size) = shape.get(next) else {
            return Err((item.range().start().to_usize(), format!("too many indices for {} dimensions", shape.len())));
        };
        next += 1;
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
    for size in &shape[next..] {
        out.push(Access::Range { start: Sym::int(0), len: size.clone(), step: Sym::int(1) });
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

pub(super) struct Lowerer<'a> {
    pub m: &'a Module,
    pub host: &'a mut dyn Host,
    inputs: Vec<Input>,
}

pub(super) type Part = (String, Vec<Sym>, Kind);

impl<'a> Lowerer<'a> {
    pub(super) fn new(m: &'a Module, host: &'a mut dyn Host) -> Self {
        Lowerer { m, host, inputs: Vec::new() }
    }
}

impl Lowerer<'_> {
    pub(super) fn input(&mut self, data: &str, dims: Vec<Access>) -> String {
        let shape = Input { data: data.to_string(), dims: dims.clone() };
        self.inputs.push(shape);
        format!("__in{}", self.inputs.len() - 1)
    }

    /// `(s * A) @ B` (or `(A * s) @ B`, `A @ (s * B)`) with `s` a scalar as
    /// `s * (A @ B)`: the product reads `A` in place instead of a scaled
    /// copy of it (gesummv's `alpha * A @ x`).
    fn scalar_out_of_product(&self, left: &Expr, right: &Expr) -> Option<Expr> {
        let split = |e: &Expr| -> Option<(Expr, Expr)> {
            let Expr::BinOp(m) = e else { return None };
            if m.op != Operator::Mult {
                return None;
            }
            if self.is_scalar(&m.left) && !self.is_scalar(&m.right) {
                Some((*m.left.clone(), *m.right.clone()))
            } else if self.is_scalar(&m.right) && !self.is_scalar(&m.left) {
                Some((*m.right.clone(), *m.left.clone()))
            } else {
                None
            }
        };
        let binop = |l: Expr, op: Operator, r: Expr| Expr::BinOp(ast::ExprBinOp { range: l.range(), left: Box::new(l), op, right: Box::new(r) });
        let (scale, product) = if let Some((s, a)) = split(left) {
            (s, binop(a, Operator::MatMult, right.clone()))
        } else {
            let (s, b) = split(right)?;
            (s, binop(left.clone(), Operator::MatMult, b))
        };
        Some(binop(scale, Operator::Mult, product))
    }

    /// Whether `e` is a number, a symbol or a scalar container.
    fn is_scalar(&self, e: &Expr) -> bool {
        match e {
            Expr::Constant(_) => true,
            Expr::Name(n) => match self.host.lookup(n.id.as_str()) {
                Some(Var::Data { shape, .. }) => shape.is_empty(),
                Some(Var::Symbol(_)) => true,
                None => false,
            },
            _ => false,
        }
    }

    /// Whether an index is an integer array (`x[cols]`: advanced indexing).
    fn is_index_array(&self, index: &Expr) -> bool {
        let Expr::Name(n) = index else { return false };
        matches!(self.host.lookup(n.id.as_str()), Some(Var::Data { shape, dtype, .. }) if !shape.is_empty() && dtype.is_integer())
    }

    pub(super) fn expr(&mut self, e: &Expr) -> Result<Part, (usize, String)> {
        let at = e.range().start().to_usize();
        match e {
            Expr::Constant(c) => {
                let (text, ty) = match &c.value {
                    Constant::Int(i) => (i.to_string(), ScalarType::I64),
                    Constant::Float(f) => (format!("{f:?}"), ScalarType::F64),
                    Constant::Bool(b) => ((if *b { "True" } else { "False" }).to_string(), ScalarType::Bool),
                    Constant::Complex { real, imag } if *real == 0.0 => (format!("{imag:?}j"), ScalarType::C128),
                    Constant::Complex { real, imag } => (format!("({real:?} + {imag:?}j)"), ScalarType::C128),
                    _ => return Err((at, "only numbers are values here".into())),
                };
                Ok((text, Vec::new(), Kind { ty, weak: true }))
            }
            Expr::Name(n) => self.name(n.id.as_str(), at),
            Expr::Subscript(s) => {
                let Expr::Name(n) = &*s.value else { return Err((at, "only a named array can be indexed".into())) };
                match self.host.lookup(n.id.as_str()) {
                    Some(Var::Data { name, shape, dtype }) if shape.len() == 1 && self.is_index_array(&s.slice) => {
                        // `x[cols]`: element `cols[i]` of `x` for every `i`.
                        let (index, index_shape, _) = self.expr(&s.slice)?;
                        let whole = self.input(&name, vec![Access::Whole(shape[0].clone())]);
                        Ok((format!("{whole}[{index}]"), index_shape, Kind { ty: dtype, weak: false }))
                    }
                    Some(Var::Data { name, shape, dtype }) if !shape.is_empty() => {
                        let host = &*self.host;
                        let dims = accesses(self.m, &shape, Some(&s.slice), &|n| host.lookup(n))?;
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
                    Operator::MatMult => {
                        if let Some(scaled) = self.scalar_out_of_product(&b.left, &b.right) {
                            return self.expr(&scaled);
                        }
                        return self.matmul(&b.left, &b.right, at);
                    }
                    Operator::BitAnd => "&",
                    Operator::BitOr => "|",
                    Operator::BitXor => "^",
                    Operator::LShift => "<<",
                    Operator::RShift => ">>",
                };
                let (l, r) = (self.expr(&b.left)?, self.expr(&b.right)?);
                if matches!(op, "&" | "|" | "^" | "<<" | ">>") && !(bitwise(l.2) && bitwise(r.2)) {
                    return Err((at, format!("'{op}' takes integers or booleans")));
                }
                self.combine(l, r, op, at)
            }
            Expr::UnaryOp(u) => {
                let (v, s, k) = self.expr(&u.operand)?;
                let code = match u.op {
                    UnaryOp::USub => format!("(-{v})"),
                    UnaryOp::UAdd => v,
                    UnaryOp::Not => return Ok((format!("(not {v})"), s, Kind { ty: ScalarType::Bool, weak: k.weak })),
                    // NumPy's `~` of booleans is their negation.
                    UnaryOp::Invert if k.ty == ScalarType::Bool => format!("(not {v})"),
                    UnaryOp::Invert if bitwise(k) => format!("(~{v})"),
                    UnaryOp::Invert => return Err((at, "'~' takes integers or booleans".into())),
                };
                Ok((code, s, k))
            }
            Expr::Compare(c) if c.ops.len() == 1 => {
                let op = match c.ops[0] {
                    CmpOp::Lt => "<",
                    CmpOp::LtE => "<=",
                    CmpOp::Gt => ">",
                    CmpOp::GtE => ">=",
                    CmpOp::Eq => "==",
                    CmpOp::NotEq => "!=",
                    _ => return Err((at, "this comparison is not supported".into())),
                };
                let (l, r) = (self.expr(&c.left)?, self.expr(&c.comparators[0])?);
                self.combine(l, r, op, at)
            }
            Expr::BoolOp(b) => {
                let op = if b.op == ast::BoolOp::And { "and" } else { "or" };
                let mut parts = b.values.iter().map(|v| self.expr(v)).collect::<Result<Vec<_>, _>>()?.into_iter();
                let first = parts.next().ok_or((at, "an empty boolean operation".to_string()))?;
                parts.try_fold(first, |acc, p| self.combine(acc, p, op, at))
            }
            Expr::IfExp(i) => {
                let (c, t, f) = (self.expr(&i.test)?, self.expr(&i.body)?, self.expr(&i.orelse)?);
                self.select(c, t, f, at)
            }
            Expr::Call(c) => self.call(c, at),
            Expr::Attribute(a) if a.attr.as_str() == "T" => self.transpose(&a.value, None, at),
            // NumPy's constants, as the tasklet language names them.
            Expr::Attribute(a) if self.m.is_numpy(&a.value) && matches!(a.attr.as_str(), "pi" | "e" | "inf" | "nan") => {
                Ok((format!("math.{}", a.attr), Vec::new(), Kind { ty: ScalarType::F64, weak: true }))
            }
            _ => Err((at, format!("{} is not supported in array expressions yet", describe(e)))),
        }
    }

    /// `l op r` with NumPy's broadcasting and result type.
    pub(super) fn combine(&mut self, l: Part, r: Part, op: &str, at: usize) -> Result<Part, (usize, String)> {
        let ((l, ls, lk), (r, rs, rk)) = (l, r);
        let shape = broadcast(&ls, &rs).ok_or((at, "the operands' shapes do not broadcast".to_string()))?;
        let mut kind = promote(lk, rk);
        if matches!(op, "&" | "|" | "^" | "<<" | ">>") && ls.is_empty() && rs.is_empty() {
            // Between scalars, DaCe takes a Python integer for an int64
            // (NumPy 1's rule without arrays): `uint8_scalar & 0xFF` is int64.
            let strong = |k: Kind| Kind { ty: k.ty, weak: false };
            kind = Kind { weak: lk.weak && rk.weak, ..promote(strong(lk), strong(rk)) };
        }
        match op {
            "/" if !kind.ty.is_float() && !matches!(kind.ty, ScalarType::C64 | ScalarType::C128) => kind.ty = ScalarType::F64,
            "<" | "<=" | ">" | ">=" | "==" | "!=" | "and" | "or" => kind = Kind { ty: ScalarType::Bool, weak: lk.weak && rk.weak },
            _ => {}
        }
        Ok((format!("({l} {op} {r})"), shape, kind))
    }

    /// `t if c else f`, elementwise.
    pub(super) fn select(&mut self, c: Part, t: Part, f: Part, at: usize) -> Result<Part, (usize, String)> {
        let shape = broadcast(&c.1, &t.1).and_then(|s| broadcast(&s, &f.1)).ok_or((at, "the operands' shapes do not broadcast".to_string()))?;
        Ok((format!("({} if {} else {})", t.0, c.0, f.0), shape, promote(t.2, f.2)))
    }

    /// The inputs `range` (see `inputs_len`) get `extra` new axes at their
    /// end: `a`'s in `np.add.outer(a, b)`.
    pub(super) fn append_axes(&mut self, range: std::ops::Range<usize>, extra: usize) {
        for input in &mut self.inputs[range] {
            input.dims.extend(std::iter::repeat_n(Access::NewAxis, extra));
        }
    }

    /// Drops the dimensions of one from `shape`, the shape of the inputs
    /// from `from` on, as DaCe drops them from its operands (`np.add.outer`
    /// of two `x[:, 0:1]` is N x N there); the new shape.
    pub(super) fn squeeze_inputs(&mut self, from: usize, shape: &[Sym]) -> Vec<Sym> {
        let one = |s: &Sym| s.as_int() == Some(1);
        for input in &mut self.inputs[from..] {
            // Dimensions with a length align to the shape's last ones.
            let spans: Vec<usize> = (0..input.dims.len()).filter(|&k| input.dims[k].len().is_some()).collect();
            let offset = shape.len() - spans.len().min(shape.len());
            for (j, &k) in spans.iter().enumerate().rev() {
                if !one(&shape[offset + j]) {
                    continue;
                }
                match &input.dims[k] {
                    Access::Range { start, .. } => input.dims[k] = Access::Index(start.clone()),
                    _ => {
                        input.dims.remove(k);
                    }
                }
            }
        }
        shape.iter().filter(|s| !one(s)).cloned().collect()
    }

    pub(super) fn inputs_len(&self) -> usize {
        self.inputs.len()
    }

    /// The last input's dimensions (a hoisted result read whole).
    pub(super) fn last_input_dims(&mut self) -> &mut Vec<Access> {
        &mut self.inputs.last_mut().expect("an input").dims
    }

    fn name(&mut self, name: &str, at: usize) -> Result<Part, (usize, String)> {
        match self.host.lookup(name) {
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
}

/// Whether values of `kind` take bitwise operators.
fn bitwise(kind: Kind) -> bool {
    kind.ty.is_integer() || kind.ty == ScalarType::Bool
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

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    /// A shape from its dimensions' text.
    pub(in crate::frontend) fn shape(dims: &[&str]) -> Vec<Sym> {
        dims.iter().map(|d| crate::symbolic::parse(d).unwrap()).collect()
    }

    #[test]
    fn shapes_broadcast_right_aligned() {
        assert_eq!(broadcast(&shape(&["N", "M"]), &shape(&["M"])), Some(shape(&["N", "M"])));
        assert_eq!(broadcast(&shape(&["N", "1"]), &shape(&["N", "M"])), Some(shape(&["N", "M"])));
        assert_eq!(broadcast(&[], &shape(&["N"])), Some(shape(&["N"])));
        assert_eq!(broadcast(&shape(&["N"]), &shape(&["M"])), None);
    }

    #[test]
    fn types_promote_as_numpy_does() {
        let strong = |ty| Kind { ty, weak: false };
        let weak = |ty| Kind { ty, weak: true };
        // A Python float does not widen a float32 array; an int array becomes float64.
        assert_eq!(promote(strong(ScalarType::F32), weak(ScalarType::F64)).ty, ScalarType::F32);
        assert_eq!(promote(strong(ScalarType::I32), weak(ScalarType::F64)).ty, ScalarType::F64);
        assert_eq!(promote(strong(ScalarType::I64), strong(ScalarType::F32)).ty, ScalarType::F64);
        assert_eq!(promote(strong(ScalarType::I16), strong(ScalarType::F32)).ty, ScalarType::F32);
        assert_eq!(promote(strong(ScalarType::F32), strong(ScalarType::F64)).ty, ScalarType::F64);
        assert!(promote(weak(ScalarType::I64), weak(ScalarType::F64)).weak);
    }
}
