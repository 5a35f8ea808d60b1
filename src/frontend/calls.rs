//! Calls of the module's programs, inlined: each argument is bound to the
//! callee's parameter (a container passed whole by name is the same
//! container, anything else is computed into a transient first), the
//! symbols of the parameter's annotated shape to the argument's sizes, and
//! the callee's statements become blocks before the calling statement; its
//! returned value is computed into a transient that the caller reads.
//!
//! ```text
//! @program def relu(x: float32[N1, N2]): return np.maximum(x, 0)
//! y = relu(a @ w)   =>   __tmp = a @ w; __tmp_1 = max(__tmp, 0) (N1 := N, N2 := M); y = __tmp_1
//! ```

use super::elementwise::{materialize, Access, Input, Kind, Var};
use super::program::Builder;
use super::types;
use crate::symbolic::Expr as Sym;
use rustpython_parser::ast::{self, Expr, Ranged, Stmt};
use std::collections::HashMap;

/// Calls nested deeper than this are taken for recursion.
const MAX_DEPTH: usize = 32;

impl Builder<'_> {
    pub(super) fn inline_call(&mut self, name: &str, call: &ast::ExprCall, at: usize) -> Result<Option<(Input, Vec<Sym>, Kind)>, (usize, String)> {
        let mut values = self.inline_call_values(name, call, at)?;
        match values.len() {
            0 | 1 => Ok(values.pop()),
            n => Err((at, format!("'{name}' returns {n} values: unpack them into as many targets"))),
        }
    }

    /// A call inlined; the values it returns (none, one, or a tuple's).
    pub(super) fn inline_call_values(&mut self, name: &str, call: &ast::ExprCall, at: usize) -> Result<Vec<(Input, Vec<Sym>, Kind)>, (usize, String)> {
        let m = self.m;
        let callee = m.program(name).ok_or((at, format!("no program '{name}'")))?;
        if self.depth >= MAX_DEPTH {
            return Err((at, format!("calls of '{name}' nest more than {MAX_DEPTH} deep (recursion is not supported)")));
        }
        let params: Vec<_> = callee.args.posonlyargs.iter().chain(&callee.args.args).map(|a| &a.def).collect();
        let mut scope: HashMap<String, Var> = HashMap::new();
        // Keywords name parameters, or give the callee's symbols their
        // values (`solve(A, b, N=M)`), as in DaCe.
        let mut by_position: Vec<Option<&Expr>> = call.args.iter().map(Some).collect();
        by_position.resize(params.len().max(call.args.len()), None);
        for k in &call.keywords {
            let key = k.arg.as_deref().ok_or((at, "'**' arguments are not supported".to_string()))?;
            if let Some(i) = params.iter().position(|p| p.arg.as_str() == key) {
                if by_position[i].replace(&k.value).is_some() {
                    return Err((at, format!("'{name}' got two values for '{key}'")));
                }
            } else if m.symbols.iter().any(|(s, _)| s == key) {
                let value = types::symbolic(m, &k.value, &|n| self.local_symbol(n)).map_err(|msg| (k.value.range().start().to_usize(), msg))?;
                scope.insert(key.to_string(), Var::Symbol(value));
            } else {
                return Err((k.range().start().to_usize(), format!("'{name}' has no parameter or symbol '{key}'")));
            }
        }
        if by_position.len() != params.len() || by_position.iter().any(Option::is_none) {
            let given = by_position.iter().filter(|a| a.is_some()).count();
            return Err((at, format!("'{name}' takes {} arguments, {given} given", params.len())));
        }
        let args: Vec<&Expr> = by_position.into_iter().flatten().collect();
        let written = written_names(&callee.body);
        for (param, arg) in params.iter().zip(args) {
            let by_name = match arg {
                Expr::Name(n) => match self.vars.get(n.id.as_str()) {
                    Some(v @ Var::Data { .. }) => Some(v.clone()),
                    Some(Var::Symbol(s)) => Some(Var::Symbol(s.clone())),
                    None => None,
                },
                _ => None,
            };
            let bound = match by_name {
                Some(v) => v,
                None => {
                    if written.iter().any(|w| w == param.arg.as_str()) {
                        return Err((arg_offset(arg), format!("'{name}' writes its parameter '{}': pass a whole array by name", param.arg)));
                    }
                    // A window of an array is copied: the callee reads it whole.
                    let (input, shape, kind) = materialize(m, arg, self)?;
                    let name = self.whole(input, &shape, kind)?;
                    Var::Data { name, shape, dtype: kind.ty }
                }
            };
            // The annotation's size symbols take the argument's sizes.
            if let (Some(annotation), Var::Data { shape, .. }) = (&param.annotation, &bound) {
                if let Ok((_, declared)) = types::annotation(m, annotation) {
                    for (d, actual) in declared.iter().zip(shape) {
                        // `N` or a size linear in one symbol (`bins + 1`).
                        if let Some((s, v)) = d.bound_symbol(actual).filter(|(s, _)| !scope.contains_key(s)) {
                            scope.insert(s, Var::Symbol(v));
                        }
                    }
                }
            }
            scope.insert(param.arg.to_string(), bound);
        }
        let caller_vars = std::mem::replace(&mut self.vars, scope);
        let caller_loops = std::mem::replace(&mut self.loops, 0);
        let caller_here = self.here.clone();
        self.depth += 1;
        let result = self.inline_body(&callee.body, at);
        self.depth -= 1;
        self.vars = caller_vars;
        self.loops = caller_loops;
        self.here = caller_here;
        result
    }

    /// `input` copied into a new transient of `shape`.
    fn copy_of(&mut self, input: Input, shape: &[Sym], kind: Kind) -> Result<Input, (usize, String)> {
        use super::elementwise::{full, Elementwise, Host};
        let name = self.transient(kind.ty, shape.to_vec());
        let ew = Elementwise { code: "__in0".into(), inputs: vec![input], shape: shape.to_vec(), kind };
        let state = super::dataflow::state(&self.sdfg, super::dataflow::Write { data: name.clone(), dims: full(shape) }, ew, &self.here);
        self.before(state);
        Ok(Input { data: name, dims: full(shape) })
    }

    /// `input` as a whole container of `shape`: itself when it is one, else a copy.
    pub(super) fn whole(&mut self, input: Input, shape: &[Sym], kind: Kind) -> Result<String, (usize, String)> {
        let from_zero = input.dims.iter().all(|d| matches!(d, Access::Range { start, step, .. } if start.as_int() == Some(0) && step.as_int() == Some(1)));
        let same_shape = self.sdfg.container(&input.data).is_some_and(|d| d.shape.len() == shape.len() && d.shape.iter().zip(shape).all(|(a, b)| a.is_symbolically_equal(b)));
        if from_zero && same_shape && input.dims.len() == shape.len() {
            return Ok(input.data);
        }
        Ok(self.copy_of(input, shape, kind)?.data)
    }

    /// The callee's statements into the pending blocks; its returned values.
    fn inline_body(&mut self, body: &[Stmt], at: usize) -> Result<Vec<(Input, Vec<Sym>, Kind)>, (usize, String)> {
        let single = super::tail_returns::single_return(body);
        let body = single.as_deref().unwrap_or(body);
        let (stmts, returned) = match body.split_last() {
            Some((Stmt::Return(r), rest)) => (rest, r.value.as_deref()),
            _ => (body, None),
        };
        for s in stmts {
            let blocks = self.stmt_blocks(s).map_err(|d| {
                let message = d.to_string();
                self.failed_call = Some(d);
                (at, message)
            })?;
            self.pending.extend(blocks);
        }
        let Some(value) = returned else { return Ok(Vec::new()) };
        self.here = self.m.loc(value);
        let values: Vec<&Expr> = match value {
            Expr::Tuple(t) => t.elts.iter().collect(),
            one => vec![one],
        };
        values.into_iter().map(|v| materialize(self.m, v, self)).collect()
    }
}

/// Byte offset of an argument, for messages.
fn arg_offset(e: &Expr) -> usize {
    use rustpython_parser::ast::Ranged;
    e.range().start().to_usize()
}

/// Names a body assigns to (targets, augmented targets, `out=`), nested
/// statements included.
fn written_names(body: &[Stmt]) -> Vec<String> {
    let mut out = Vec::new();
    fn target(e: &Expr, out: &mut Vec<String>) {
        match e {
            Expr::Name(n) => out.push(n.id.to_string()),
            Expr::Subscript(s) => target(&s.value, out),
            Expr::Tuple(t) => t.elts.iter().for_each(|e| target(e, out)),
            _ => {}
        }
    }
    for s in body {
        match s {
            Stmt::Assign(a) => a.targets.iter().for_each(|t| target(t, &mut out)),
            Stmt::AugAssign(a) => target(&a.target, &mut out),
            Stmt::AnnAssign(a) => target(&a.target, &mut out),
            Stmt::For(f) => out.extend(written_names(&f.body)),
            Stmt::While(w) => out.extend(written_names(&w.body)),
            Stmt::If(i) => {
                out.extend(written_names(&i.body));
                out.extend(written_names(&i.orelse));
            }
            Stmt::Expr(e) => {
                if let Expr::Call(c) = &*e.value {
                    for k in c.keywords.iter().filter(|k| k.arg.as_deref() == Some("out")) {
                        target(&k.value, &mut out);
                    }
                }
            }
            _ => {}
        }
    }
    out
}
