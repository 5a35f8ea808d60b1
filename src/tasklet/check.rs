//! Name analysis and the semantic check of parsed tasklet code: connectors, locals, globals
//! and the table of supported functions.

use std::collections::BTreeSet;

use super::ast::{CmpOp, Expr, Span, Stmt, Target};
use super::TaskletError;

/// Supported functions: name, minimum and maximum argument count (`None`: unbounded).
/// This is the single list of callable math functions; see [`resolve_call`] for prefixes.
pub const FUNCTIONS: &[(&str, usize, Option<usize>)] = &[
    ("exp", 1, Some(1)),
    ("log", 1, Some(2)),
    ("log2", 1, Some(1)),
    ("log10", 1, Some(1)),
    ("sqrt", 1, Some(1)),
    ("sin", 1, Some(1)),
    ("cos", 1, Some(1)),
    ("tan", 1, Some(1)),
    ("asin", 1, Some(1)),
    ("acos", 1, Some(1)),
    ("atan", 1, Some(1)),
    ("atan2", 2, Some(2)),
    ("sinh", 1, Some(1)),
    ("cosh", 1, Some(1)),
    ("tanh", 1, Some(1)),
    ("floor", 1, Some(1)),
    ("ceil", 1, Some(1)),
    ("trunc", 1, Some(1)),
    ("fabs", 1, Some(1)),
    ("pow", 2, Some(2)),
    ("abs", 1, Some(1)),
    ("min", 2, None),
    ("max", 2, None),
    ("round", 1, Some(2)),
    ("int", 1, Some(1)),
    ("float", 1, Some(1)),
    ("bool", 1, Some(1)),
    ("isnan", 1, Some(1)),
    ("isinf", 1, Some(1)),
    ("erf", 1, Some(1)),
    ("conj", 1, Some(1)),
    ("real", 1, Some(1)),
    ("imag", 1, Some(1)),
];

/// Python builtins that are only valid unprefixed (`np.int` is not a function).
const BUILTIN_ONLY: &[&str] = &["int", "float", "bool"];

/// Module prefixes accepted in front of a math function name.
const MATH_PREFIXES: &[&str] = &["math", "dace.math", "np", "numpy", "cmath"];

/// Data types that can be used as casts, e.g. `dace.float64(x)`.
pub const CAST_DTYPES: &[&str] = &[
    "bool",
    "int8",
    "int16",
    "int32",
    "int64",
    "uint8",
    "uint16",
    "uint32",
    "uint64",
    "float16",
    "float32",
    "float64",
    "complex64",
    "complex128",
];

/// Module prefixes accepted in front of a cast dtype name.
const CAST_PREFIXES: &[&str] = &["dace", "np", "numpy"];

/// What a (dotted) function name in a call refers to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Callee {
    /// An entry of [`FUNCTIONS`], by its canonical name (`"exp"` for `np.exp`).
    Function(&'static str),
    /// A cast to an entry of [`CAST_DTYPES`] (`"float64"` for `dace.float64`).
    Cast(&'static str),
}

impl Callee {
    /// Accepted argument counts: minimum and maximum (`None`: unbounded).
    pub fn arity(self) -> (usize, Option<usize>) {
        match self {
            Callee::Function(name) => FUNCTIONS
                .iter()
                .find(|f| f.0 == name)
                .map_or((1, Some(1)), |f| (f.1, f.2)),
            Callee::Cast(_) => (1, Some(1)),
        }
    }
}

/// Resolves a call's function name as written (`"exp"`, `"math.exp"`, `"dace.float64"`).
pub fn resolve_call(func: &str) -> Option<Callee> {
    let (prefix, name) = match func.rsplit_once('.') {
        Some((prefix, name)) => (Some(prefix), name),
        None => (None, func),
    };
    if let Some(prefix) = prefix {
        if CAST_PREFIXES.contains(&prefix) {
            // `np.bool_` and `dace.bool_` are the usual spellings of the bool dtype.
            let dtype = if name == "bool_" { "bool" } else { name };
            if let Some(d) = CAST_DTYPES.iter().find(|d| **d == dtype) {
                return Some(Callee::Cast(d));
            }
        }
        if !MATH_PREFIXES.contains(&prefix) || BUILTIN_ONLY.contains(&name) {
            return None;
        }
    }
    FUNCTIONS
        .iter()
        .find(|f| f.0 == name)
        .map(|f| Callee::Function(f.0))
}

/// Names read, names assigned, and functions called (as written) anywhere in the code.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Analysis {
    pub reads: BTreeSet<String>,
    pub writes: BTreeSet<String>,
    pub calls: BTreeSet<String>,
}

pub fn analyze(stmts: &[Stmt]) -> Analysis {
    let mut a = Analysis::default();
    for stmt in stmts {
        a.stmt(stmt);
    }
    a
}

impl Analysis {
    fn stmt(&mut self, stmt: &Stmt) {
        match stmt {
            Stmt::Assign {
                target, op, value, ..
            } => {
                if op.is_some() {
                    self.reads.insert(target.name().to_string());
                }
                if let Target::Subscript { indices, .. } = target {
                    indices.iter().for_each(|e| self.expr(e));
                }
                self.writes.insert(target.name().to_string());
                self.expr(value);
            }
            Stmt::If {
                branches, orelse, ..
            } => {
                for (test, body) in branches {
                    self.expr(test);
                    body.iter().for_each(|s| self.stmt(s));
                }
                orelse.iter().for_each(|s| self.stmt(s));
            }
            Stmt::Pass(_) => {}
        }
    }

    fn expr(&mut self, expr: &Expr) {
        for child in children(expr) {
            self.expr(child);
        }
        match expr {
            Expr::Name { id, .. } => {
                self.reads.insert(id.clone());
            }
            Expr::Subscript { value, .. } => {
                self.reads.insert(value.clone());
            }
            Expr::Call { func, .. } => {
                self.calls.insert(func.clone());
            }
            _ => {}
        }
    }
}

/// The direct subexpressions of `expr`, in evaluation order.
fn children(expr: &Expr) -> Vec<&Expr> {
    match expr {
        Expr::Unary { operand, .. } => vec![operand],
        Expr::Binary { left, right, .. } => vec![left, right],
        Expr::Compare { operands: v, .. } | Expr::BoolOp { values: v, .. } => v.iter().collect(),
        Expr::IfExp {
            test, body, orelse, ..
        } => vec![test, body, orelse],
        Expr::Call { args: v, .. } | Expr::Subscript { indices: v, .. } => v.iter().collect(),
        _ => Vec::new(),
    }
}

/// Checks names, assignment targets and calls. Reads must be of input connectors, of
/// outputs or locals assigned on every path before the read, or of names for which
/// `known_globals` holds (symbols, constants). Targets must be output connectors or locals;
/// only output connectors may be assigned by index (locals are scalars).
pub fn check(
    stmts: &[Stmt],
    inputs: &[&str],
    outputs: &[&str],
    known_globals: &dyn Fn(&str) -> bool,
) -> Result<(), TaskletError> {
    let cx = Checker {
        inputs,
        outputs,
        known_globals,
    };
    cx.block(stmts, &mut BTreeSet::new())
}

struct Checker<'a> {
    inputs: &'a [&'a str],
    outputs: &'a [&'a str],
    known_globals: &'a dyn Fn(&str) -> bool,
}

impl Checker<'_> {
    fn is_input(&self, name: &str) -> bool {
        self.inputs.contains(&name)
    }

    fn is_output(&self, name: &str) -> bool {
        self.outputs.contains(&name)
    }

    /// `assigned`: names definitely assigned on every path reaching this point.
    fn block(&self, stmts: &[Stmt], assigned: &mut BTreeSet<String>) -> Result<(), TaskletError> {
        for stmt in stmts {
            match stmt {
                Stmt::Pass(_) => {}
                Stmt::Assign {
                    target, op, value, ..
                } => {
                    if op.is_some() {
                        let indexed = matches!(target, Target::Subscript { .. });
                        self.read(target.name(), target.span(), indexed, assigned)?;
                    }
                    self.expr(value, assigned)?;
                    self.write(target, assigned)?;
                    assigned.insert(target.name().to_string());
                }
                Stmt::If {
                    branches, orelse, ..
                } => {
                    let mut after: Option<BTreeSet<String>> = None;
                    for (test, body) in branches {
                        self.expr(test, assigned)?;
                        after = Some(self.branch(body, assigned, after)?);
                    }
                    *assigned = self.branch(orelse, assigned, after)?;
                }
            }
        }
        Ok(())
    }

    /// Checks one branch starting from `before` and intersects its result into `after`.
    fn branch(
        &self,
        body: &[Stmt],
        before: &BTreeSet<String>,
        after: Option<BTreeSet<String>>,
    ) -> Result<BTreeSet<String>, TaskletError> {
        let mut state = before.clone();
        self.block(body, &mut state)?;
        Ok(match after {
            Some(prev) => prev.intersection(&state).cloned().collect(),
            None => state,
        })
    }

    fn read(
        &self,
        name: &str,
        span: Span,
        indexed: bool,
        assigned: &BTreeSet<String>,
    ) -> Result<(), TaskletError> {
        if self.is_input(name) || (self.is_output(name) && assigned.contains(name)) {
            return Ok(());
        }
        if assigned.contains(name) {
            if indexed {
                return Err(TaskletError::at(
                    span,
                    format!("local variable '{name}' is a scalar and cannot be indexed"),
                ));
            }
            return Ok(());
        }
        if self.is_output(name) {
            return Err(TaskletError::at(
                span,
                format!("output connector '{name}' is read before it is assigned"),
            ));
        }
        if (self.known_globals)(name) {
            return Ok(());
        }
        Err(TaskletError::at(
            span,
            format!("undefined name '{name}': not an input connector, a variable assigned earlier, or a known symbol"),
        ))
    }

    fn write(&self, target: &Target, assigned: &BTreeSet<String>) -> Result<(), TaskletError> {
        let (name, span) = (target.name(), target.span());
        if let Target::Subscript { indices, .. } = target {
            for index in indices {
                self.expr(index, assigned)?;
            }
        }
        if self.is_output(name) {
            return Ok(());
        }
        if self.is_input(name) {
            return Err(TaskletError::at(
                span,
                format!("cannot assign to input connector '{name}'"),
            ));
        }
        if (self.known_globals)(name) {
            return Err(TaskletError::at(
                span,
                format!("cannot assign to symbol or global '{name}'"),
            ));
        }
        if matches!(target, Target::Subscript { .. }) {
            return Err(TaskletError::at(
                span,
                format!("'{name}' is not an output connector; only output connectors can be assigned by index"),
            ));
        }
        Ok(())
    }

    fn expr(&self, expr: &Expr, assigned: &BTreeSet<String>) -> Result<(), TaskletError> {
        match expr {
            Expr::Name { id, span } => return self.read(id, *span, false, assigned),
            Expr::Subscript { value, span, .. } => self.read(value, *span, true, assigned)?,
            Expr::Compare { ops, span, .. } => {
                if let Some(op) = ops.iter().find(|op| matches!(op, CmpOp::In | CmpOp::NotIn)) {
                    let msg = format!(
                        "the '{}' operator is not supported in tasklets",
                        op.as_str()
                    );
                    return Err(TaskletError::at(*span, msg));
                }
            }
            Expr::Call { func, args, span } => {
                let Some(callee) = resolve_call(func) else {
                    let msg = format!(
                        "unsupported function '{func}' in tasklets (supported: math functions such as 'exp', 'sqrt', 'min', and casts such as 'dace.float64')"
                    );
                    return Err(TaskletError::at(*span, msg));
                };
                check_arity(func, callee, args.len(), *span)?;
            }
            _ => {}
        }
        for child in children(expr) {
            self.expr(child, assigned)?;
        }
        Ok(())
    }
}

fn check_arity(func: &str, callee: Callee, given: usize, span: Span) -> Result<(), TaskletError> {
    let (min, max) = callee.arity();
    if given >= min && max.is_none_or(|max| given <= max) {
        return Ok(());
    }
    let plural = |n: usize| if n == 1 { "argument" } else { "arguments" };
    let expected = match max {
        Some(max) if max == min => format!("{min} {}", plural(min)),
        Some(max) => format!("{min} to {max} arguments"),
        None => format!("at least {min} {}", plural(min)),
    };
    Err(TaskletError::at(
        span,
        format!(
            "'{func}' takes {expected} but {given} {} given",
            if given == 1 { "was" } else { "were" }
        ),
    ))
}
