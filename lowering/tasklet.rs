//! Tasklets: Python code to arith/math/scf, reading inputs through memlets
//! and writing outputs (plain, write-conflict resolved, or stream pushes).

use super::builder::{Detached, Val};
use super::function::FnGen;
use super::state::StateCx;
use super::types::Ty;
use crate::model::{DataKind, NodeKind, Wcr};
use crate::tasklet::{Stmt, Target};
use std::collections::HashMap;

/// Calls `__sdfg_typeof_x(v)` stand for DaCe's C++ cast `decltype(x)(v)`.
pub const TYPEOF: &str = "__sdfg_typeof_";

/// Rewrites `decltype(x)(` (which DaCe's expansions put into Python
/// tasklets) into a call the parser accepts.
pub(crate) fn rewrite_decltype(code: &str) -> String {
    let mut out = String::with_capacity(code.len());
    let mut rest = code;
    while let Some(pos) = rest.find("decltype(") {
        out.push_str(&rest[..pos]);
        let after = &rest[pos + "decltype(".len()..];
        match after.find(')') {
            Some(end) if after[end + 1..].starts_with('(') && after[..end].chars().all(|c| c.is_alphanumeric() || c == '_') => {
                out.push_str(TYPEOF);
                out.push_str(&after[..end]);
                rest = &after[end + 1..];
            }
            _ => {
                out.push_str("decltype(");
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// What an input connector holds.
#[derive(Clone, Debug)]
pub enum Input {
    Value(Val),
    /// A window of a container: element `[i..]` is `start + i` along the
    /// dimensions the memlet does not fix (`free`).
    Window { data: String, start: Vec<Val>, free: Vec<usize> },
}

/// Where an output connector's values go.
#[derive(Clone, Debug)]
pub struct Sink {
    pub data: String,
    pub start: Vec<Val>,
    pub free: Vec<usize>,
    pub wcr: Option<Wcr>,
    /// Written where assigned (else once, after the code).
    pub dynamic: bool,
    pub stream: bool,
    /// One element (assigning the connector writes it).
    pub scalar: bool,
    /// No other thread writes the same elements (see `exclusive`).
    pub exclusive: bool,
}

impl FnGen<'_, '_> {
    pub fn tasklet(&mut self, cx: &StateCx, n: usize) -> Result<(), String> {
        let node = &cx.state.nodes[n];
        let NodeKind::Tasklet { code } = &node.kind else { unreachable!() };
        if code.language.eq_ignore_ascii_case("cpp") && self.touches_gpu_memory(cx, n) {
            // DaCe's GPU expansions of BLAS nodes call cuBLAS from such
            // tasklets; those it writes are library nodes by now (`gpu::cublas`).
            return Err("a C++ tasklet on GPU memory: C++ tasklets run on the host, and this one is not a cuBLAS call the GPU back end recognises (DaCe's gemm, gemv, dot and geam)".into());
        }
        let mut inputs = HashMap::new();
        for e in cx.state.edges.iter().filter(|e| e.dst == n) {
            let (Some(conn), Some(data)) = (&e.dst_conn, &e.memlet.data) else { continue };
            let window = self.window(data, &e.memlet.subset)?;
            let input = if self.container(data)?.desc.kind == DataKind::Stream {
                if self.container(data)?.desc.storage.is_gpu() {
                    return Err(format!("a tasklet pops from GPU stream '{data}': the GPU back end pushes to GPU streams in kernels and empties them on the host only"));
                }
                let s = self.base(data)?;
                let ty = self.container(data)?.ty;
                Input::Value(self.module.stream_pop(&mut self.b, &s, ty))
            } else if window.2 {
                Input::Value(self.load_element(data, &window.0)?)
            } else {
                Input::Window { data: data.clone(), start: window.0, free: window.1 }
            };
            inputs.insert(conn.clone(), input);
        }
        let mut outputs: HashMap<String, Vec<Sink>> = HashMap::new();
        for e in cx.state.edges.iter().filter(|e| e.src == n) {
            let (Some(conn), Some(data)) = (&e.src_conn, &e.memlet.data) else { continue };
            let (start, free, scalar) = self.window(data, &e.memlet.subset)?;
            let stream = self.container(data)?.desc.kind == DataKind::Stream;
            let sink = Sink {
                data: data.clone(),
                start,
                free,
                wcr: e.memlet.wcr.clone(),
                dynamic: e.memlet.dynamic,
                stream,
                scalar,
                exclusive: self.exclusive(&e.memlet.subset),
            };
            outputs.entry(conn.clone()).or_default().push(sink);
        }
        if let Some(call) = super::callback_plan::plan(self.sdfg, cx.state, n)? {
            return self.callback_call(&call, &inputs, &outputs);
        }
        match code.language.as_str() {
            "Python" => {
                let source = rewrite_decltype(&code.code);
                let stmts = crate::tasklet::parse(&source).map_err(|e| format!("tasklet code {e}"))?;
                self.run_statements(&stmts, &inputs, &outputs)
            }
            "CPP" => self.cpp_tasklet(node, code, &inputs, &outputs),
            "MLIR" => self.mlir_tasklet(node, code, &inputs, &outputs),
            other => Err(format!("tasklets in {other} are not supported")),
        }
    }

    /// Runs tasklet statements (Python's, or C++ ones parsed into the same
    /// form) on the tasklet's inputs and outputs.
    pub fn run_statements(&mut self, stmts: &[Stmt], inputs: &HashMap<String, Input>, outputs: &HashMap<String, Vec<Sink>>) -> Result<(), String> {
        // The connectors' types, for `decltype(x)(v)` casts.
        self.conn_types.clear();
        for (name, sinks) in outputs {
            if let Some(s) = sinks.first() {
                let ty = self.container(&s.data)?.ty;
                self.conn_types.insert(name.clone(), ty);
            }
        }
        for (name, input) in inputs {
            let ty = match input {
                Input::Value(v) => v.ty,
                Input::Window { data, .. } => self.container(data)?.ty,
            };
            self.conn_types.insert(name.clone(), ty);
        }
        let mut vars: HashMap<String, Val> = HashMap::new();
        self.statements(stmts, inputs, outputs, &mut vars)?;
        // Non-dynamic scalar outputs are written once, after the code.
        let mut names: Vec<&String> = outputs.keys().collect();
        names.sort();
        for conn in names {
            let Some(v) = vars.get(conn).cloned() else { continue };
            for sink in outputs[conn].iter().filter(|s| s.scalar && !s.dynamic && !s.stream) {
                self.write(sink, &[], &v)?;
            }
        }
        Ok(())
    }

    /// The start of a memlet's subset, the dimensions it leaves free, and
    /// whether it selects a single element.
    fn window(&mut self, data: &str, subset: &Option<crate::symbolic::Subset>) -> Result<(Vec<Val>, Vec<usize>, bool), String> {
        let dims = self.container(data)?.desc.shape.len();
        let Some(s) = subset else {
            let zeros = (0..dims).map(|_| self.b.i64(0)).collect();
            let single = self.container(data)?.desc.shape.iter().all(|d| d.as_int() == Some(1));
            return Ok((zeros, (0..dims).collect(), single));
        };
        let mut start = Vec::new();
        let mut free = Vec::new();
        for (i, d) in s.dims().iter().enumerate() {
            start.push(self.int(&d.start)?);
            if d.num_elements().as_int() != Some(1) {
                free.push(i);
            }
        }
        let single = free.is_empty();
        Ok((start, free, single))
    }

    fn statements(
        &mut self,
        stmts: &[Stmt],
        inputs: &HashMap<String, Input>,
        outputs: &HashMap<String, Vec<Sink>>,
        vars: &mut HashMap<String, Val>,
    ) -> Result<(), String> {
        for s in stmts {
            match s {
                Stmt::Pass(_) => {}
                Stmt::Assign { target, op, value, span } => {
                    let at = |e: String| format!("tasklet code {}:{}: {e}", span.line, span.col);
                    let mut v = self.texpr(value, inputs, vars).map_err(at)?;
                    match target {
                        Target::Name { name, .. } => {
                            if let Some(op) = op {
                                let old = self.texpr_name(name, inputs, vars).map_err(at)?;
                                v = self.tbinary(*op, &old, &v).map_err(at)?;
                            }
                            vars.insert(name.clone(), v.clone());
                            for sink in outputs.get(name).into_iter().flatten() {
                                if sink.stream {
                                    self.push_to_stream(&sink.data, &v)?;
                                } else if sink.dynamic && sink.scalar {
                                    self.write(sink, &[], &v).map_err(at)?;
                                }
                            }
                        }
                        Target::Subscript { name, indices, .. } => {
                            let idx = indices
                                .iter()
                                .map(|i| self.texpr(i, inputs, vars))
                                .collect::<Result<Vec<_>, _>>()
                                .map_err(at)?;
                            let sinks = outputs.get(name).ok_or_else(|| at(format!("'{name}' is not an output connector")))?;
                            for sink in sinks {
                                let mut value = v.clone();
                                if let Some(op) = op {
                                    let element = self.sink_element(sink, &idx)?;
                                    let old = self.read(&element)?;
                                    value = self.tbinary(*op, &old, &v).map_err(at)?;
                                }
                                self.write(sink, &idx, &value).map_err(at)?;
                            }
                        }
                    }
                }
                Stmt::If { branches, orelse, .. } => self.if_chain(branches, orelse, inputs, outputs, vars)?,
            }
        }
        Ok(())
    }

    /// `if`/`elif`/`else` as nested `scf.if`s yielding the variables the
    /// branches assign.
    fn if_chain(
        &mut self,
        branches: &[(crate::tasklet::Expr, Vec<Stmt>)],
        orelse: &[Stmt],
        inputs: &HashMap<String, Input>,
        outputs: &HashMap<String, Vec<Sink>>,
        vars: &mut HashMap<String, Val>,
    ) -> Result<(), String> {
        let Some(((test, body), rest)) = branches.split_first() else {
            return self.statements(orelse, inputs, outputs, vars);
        };
        let c = self.texpr(test, inputs, vars)?;
        let c = self.b.cast(&c, Ty::I1);
        let before = vars.clone();
        let (mut then_block, then_vars) = self.capture_vars(vars, |g, v| g.statements(body, inputs, outputs, v))?;
        let (mut else_block, else_vars) =
            self.capture_vars(vars, |g, v| g.if_chain(rest, orelse, inputs, outputs, v))?;
        let mut changed: Vec<String> = then_vars
            .keys()
            .chain(else_vars.keys())
            .filter(|k| then_vars.get(*k) != before.get(*k) || else_vars.get(*k) != before.get(*k))
            .cloned()
            .collect();
        changed.sort();
        changed.dedup();
        let mut names = Vec::new();
        let mut then_yield = Vec::new();
        let mut else_yield = Vec::new();
        for k in &changed {
            let ty = match (then_vars.get(k), else_vars.get(k)) {
                (Some(a), Some(b)) if a.ty != b.ty => Ty::promote(a.ty, b.ty),
                (Some(a), _) => a.ty,
                (None, Some(b)) => b.ty,
                (None, None) => continue,
            };
            for (vars_b, block, out) in [(&then_vars, &mut then_block, &mut then_yield), (&else_vars, &mut else_block, &mut else_yield)] {
                self.b.reopen(std::mem::take(block));
                out.push(match vars_b.get(k) {
                    Some(v) => self.b.cast(v, ty),
                    None => self.b.zero(ty),
                });
                *block = self.b.end_detached();
            }
            names.push(k.clone());
        }
        let results = self.b.if_detached(&c, then_block, &then_yield, else_block, &else_yield);
        for (k, v) in names.into_iter().zip(results) {
            vars.insert(k, v);
        }
        Ok(())
    }

    /// Runs `f` on a copy of `vars`, building into a detached block.
    fn capture_vars(
        &mut self,
        vars: &HashMap<String, Val>,
        f: impl FnOnce(&mut Self, &mut HashMap<String, Val>) -> Result<(), String>,
    ) -> Result<(Detached, HashMap<String, Val>), String> {
        self.b.begin_detached();
        let mut local = vars.clone();
        let result = f(self, &mut local);
        let block = self.b.end_detached();
        result?;
        Ok((block, local))
    }

    /// Whether a subset fixes the enclosing parallel loop's parameter as an
    /// index: then each thread writes its own elements and write-conflict
    /// resolution needs no atomics.
    pub fn exclusive(&self, subset: &Option<crate::symbolic::Subset>) -> bool {
        let Some(s) = subset else { return false };
        s.dims().iter().any(|d| d.start == d.end && matches!(&d.start, crate::symbolic::Expr::Sym(p) if self.owned.contains_key(p)))
    }

    /// Element `idx` of a sink's window.
    fn sink_element(&mut self, sink: &Sink, idx: &[Val]) -> Result<super::element::Element, String> {
        let full = self.window_indices(&sink.start, &sink.free, idx)?;
        self.element_at(&sink.data, &full)
    }

    /// Indices into the container for indices `idx` into a window.
    pub fn window_indices(&mut self, start: &[Val], free: &[usize], idx: &[Val]) -> Result<Vec<Val>, String> {
        let mut full = start.to_vec();
        let dims: Vec<usize> = if idx.len() == start.len() { (0..start.len()).collect() } else { free.to_vec() };
        if idx.len() != dims.len() && !idx.is_empty() {
            return Err(format!("{} indices for a window of {} dimensions", idx.len(), dims.len()));
        }
        for (i, d) in idx.iter().zip(dims) {
            full[d] = self.b.binary(super::arith::Op::Add, &start[d], i)?;
        }
        Ok(full)
    }

    /// Writes `v` to element `idx` of a sink, resolving write conflicts.
    pub fn write(&mut self, sink: &Sink, idx: &[Val], v: &Val) -> Result<(), String> {
        let full = self.window_indices(&sink.start, &sink.free, idx)?;
        self.store_element(&sink.data, &full, v, sink.wcr.as_ref(), sink.exclusive)
    }
}
