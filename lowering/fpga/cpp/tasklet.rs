//! Tasklets as C++ blocks: inputs read into locals (windows as pointers,
//! streams popped), the code, then the outputs written (plain, with their
//! write-conflict resolution, or pushed). Dynamic outputs are written
//! where the code assigns them; the others once, after the code, as DaCe
//! does.

use super::texpr::{binary_text, Scope, Window};
use super::{ident, Func};
use crate::model::{DataKind, NodeKind, State, Wcr};
use crate::symbolic::Expr;
use crate::tasklet::{Stmt, Target};
use std::collections::{BTreeMap, HashMap};

/// Where an output connector's value goes.
struct Sink {
    /// The element (`A[i]`) or stream element (`S[0]`) in C++.
    target: String,
    stream: bool,
    wcr: Option<Wcr>,
    dynamic: bool,
}

impl Func<'_> {
    pub(super) fn tasklet(&mut self, state: &State, n: usize) -> Result<(), String> {
        let node = &state.nodes[n];
        let NodeKind::Tasklet { code } = &node.kind else { unreachable!() };
        self.w.open(&format!("{{  // tasklet {}", node.label.replace('\n', " ")));
        let mut values = HashMap::new();
        let mut windows = HashMap::new();
        for e in state.edges.iter().filter(|e| e.dst == n) {
            let (Some(conn), Some(data)) = (&e.dst_conn, &e.memlet.data) else { continue };
            let (t, c) = (self.elem_type(data)?, ident(conn));
            let start = self.start_of(data, &e.memlet.subset)?;
            let at = self.element(data, &start)?;
            if self.desc(data)?.kind == DataKind::Stream {
                self.w.line(&format!("{t} {c} = {at}.read();"));
                values.insert(conn.clone(), c);
            } else if let Some(window) = self.window(data, &e.memlet.subset)? {
                self.w.line(&format!("{t}* {c} = &{at};"));
                windows.insert(conn.clone(), window);
            } else {
                self.w.line(&format!("{t} {c} = {at};"));
                values.insert(conn.clone(), c);
            }
        }
        let mut sinks: BTreeMap<String, Vec<Sink>> = BTreeMap::new();
        let mut window_wcr = HashMap::new();
        for e in state.edges.iter().filter(|e| e.src == n) {
            let (Some(conn), Some(data)) = (&e.src_conn, &e.memlet.data) else { continue };
            let start = self.start_of(data, &e.memlet.subset)?;
            let at = self.element(data, &start)?;
            let stream = self.desc(data)?.kind == DataKind::Stream;
            if !stream {
                if let Some(window) = self.window(data, &e.memlet.subset)? {
                    self.w.line(&format!("{}* {} = &{at};", self.elem_type(data)?, ident(conn)));
                    windows.insert(conn.clone(), window);
                    window_wcr.insert(conn.clone(), e.memlet.wcr.clone());
                    continue;
                }
            }
            if !sinks.contains_key(conn) {
                self.w.line(&format!("{} {}{{}};", self.elem_type(data)?, ident(conn)));
                values.insert(conn.clone(), ident(conn));
            }
            let sink = Sink { target: at, stream, wcr: e.memlet.wcr.clone(), dynamic: e.memlet.dynamic };
            sinks.entry(conn.clone()).or_default().push(sink);
        }
        match code.language.as_str() {
            "Python" => {
                let source = crate::lowering::tasklet::rewrite_decltype(&code.code);
                let stmts = crate::tasklet::parse(&source).map_err(|e| format!("tasklet code {e}"))?;
                let mut scope = Scope { f: self, values, windows };
                let mut lines = Vec::new();
                declare_locals(&stmts, &mut scope, &sinks, &mut lines)?;
                statements(&stmts, &scope, &sinks, &window_wcr, &mut lines, 0)?;
                for l in lines {
                    self.w.line(&l);
                }
            }
            "CPP" => {
                for l in code.code.lines().map(str::trim).filter(|l| !l.is_empty()) {
                    self.w.line(l);
                }
            }
            other => return Err(format!("tasklets in {other} have no HLS C++ form")),
        }
        for (conn, list) in &sinks {
            for s in list.iter().filter(|s| !s.dynamic || code.language != "Python") {
                let line = write(self, s, &ident(conn))?;
                self.w.line(&line);
            }
        }
        self.w.close("}");
        Ok(())
    }

    /// The first element of `subset` (of the whole container without one).
    pub(super) fn start_of(&self, data: &str, subset: &Option<crate::symbolic::Subset>) -> Result<Vec<Expr>, String> {
        Ok(match subset {
            Some(s) => s.dims().iter().map(|d| d.start.clone()).collect(),
            None => vec![Expr::int(0); self.desc(data)?.shape.len()],
        })
    }

    /// The strides of a memlet that moves more than one element; `None`
    /// for one element.
    fn window(&self, data: &str, subset: &Option<crate::symbolic::Subset>) -> Result<Option<Window>, String> {
        let d = self.desc(data)?;
        let strides = d.strides_or_default().iter().map(|s| self.index(s)).collect::<Result<Vec<_>, _>>()?;
        let free: Vec<usize> = match subset {
            Some(s) => (0..s.dims().len()).filter(|&k| s.dims()[k].num_elements().as_int() != Some(1)).collect(),
            None if d.shape.iter().all(|x| x.as_int() == Some(1)) => Vec::new(),
            None => (0..d.shape.len()).collect(),
        };
        if free.is_empty() {
            return Ok(None);
        }
        let free_strides = free.iter().map(|&k| strides[k].clone()).collect();
        Ok(Some(Window { all: strides, free: free_strides }))
    }
}

/// The C++ statement that writes `value` into a sink.
fn write(f: &Func, s: &Sink, value: &str) -> Result<String, String> {
    Ok(match (&s.wcr, s.stream) {
        (_, true) => format!("{}.write({value});", s.target),
        (Some(w), false) => format!("{} = {};", s.target, wcr_apply(f, w, &s.target, value)?),
        (None, false) => format!("{} = {value};", s.target),
    })
}

/// `old (+) new` for a write-conflict resolution.
pub(super) fn wcr_apply(f: &Func, wcr: &Wcr, old: &str, new: &str) -> Result<String, String> {
    let lambda = wcr.lambda().map_err(|e| e.to_string())?;
    let values = HashMap::from([(lambda.old.clone(), old.to_string()), (lambda.new.clone(), new.to_string())]);
    Scope { f, values, windows: HashMap::new() }.expr(&lambda.body)
}

/// Declares, at the top of the block, every local the code assigns, with
/// the type of its first value (the first assignment may sit in a branch).
fn declare_locals(stmts: &[Stmt], scope: &mut Scope, sinks: &BTreeMap<String, Vec<Sink>>, lines: &mut Vec<String>) -> Result<(), String> {
    for s in stmts {
        match s {
            Stmt::Assign { target: Target::Name { name, .. }, value, .. } => {
                if scope.values.contains_key(name) || scope.windows.contains_key(name) || sinks.contains_key(name) {
                    continue;
                }
                let v = scope.expr(value)?;
                lines.push(format!("std::decay_t<decltype({v})> {} {{}};", ident(name)));
                scope.values.insert(name.clone(), ident(name));
            }
            Stmt::If { branches, orelse, .. } => {
                for (_, body) in branches {
                    declare_locals(body, scope, sinks, lines)?;
                }
                declare_locals(orelse, scope, sinks, lines)?;
            }
            _ => {}
        }
    }
    Ok(())
}

fn statements(
    stmts: &[Stmt],
    scope: &Scope,
    sinks: &BTreeMap<String, Vec<Sink>>,
    window_wcr: &HashMap<String, Option<Wcr>>,
    lines: &mut Vec<String>,
    depth: usize,
) -> Result<(), String> {
    let pad = "    ".repeat(depth);
    for s in stmts {
        match s {
            Stmt::Pass(_) => {}
            Stmt::Assign { target, op, value, span } => {
                let at = |e: String| format!("tasklet code {}:{}: {e}", span.line, span.col);
                let v = scope.expr(value).map_err(at)?;
                let (lhs, wcr) = match target {
                    Target::Name { name, .. } => (scope.expr(&crate::tasklet::Expr::Name { id: name.clone(), span: *span }).map_err(at)?, None),
                    Target::Subscript { name, indices, .. } => {
                        let idx = indices.iter().map(|i| scope.expr(i)).collect::<Result<Vec<_>, _>>().map_err(at)?;
                        (scope.subscript(name, &idx).map_err(at)?, window_wcr.get(name).cloned().flatten())
                    }
                };
                let rhs = match op {
                    Some(op) => binary_text(*op, &lhs, &v),
                    None => v,
                };
                let rhs = match &wcr {
                    Some(w) => wcr_apply(scope.f, w, &lhs, &rhs)?,
                    None => rhs,
                };
                lines.push(format!("{pad}{lhs} = {rhs};"));
                if let Target::Name { name, .. } = target {
                    for sink in sinks.get(name).into_iter().flatten().filter(|s| s.dynamic) {
                        lines.push(format!("{pad}{}", write(scope.f, sink, &lhs)?));
                    }
                }
            }
            Stmt::If { branches, orelse, .. } => {
                for (k, (cond, body)) in branches.iter().enumerate() {
                    let c = scope.expr(cond)?;
                    lines.push(format!("{pad}{}{} {{", if k == 0 { "" } else { "} else " }, super::if_head(&c)));
                    statements(body, scope, sinks, window_wcr, lines, depth + 1)?;
                }
                if !orelse.is_empty() {
                    lines.push(format!("{pad}}} else {{"));
                    statements(orelse, scope, sinks, window_wcr, lines, depth + 1)?;
                }
                lines.push(format!("{pad}}}"));
            }
        }
    }
    Ok(())
}
