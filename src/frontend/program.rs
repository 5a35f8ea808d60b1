//! A program's signature and body as an SDFG: parameters become
//! containers, `for ... in range(...)` loop regions, and each assignment a
//! state that computes it (`assign.rs`, `dataflow.rs`).

use super::dataflow::{self, Write};
use super::elementwise::{self, Access, Var};
use super::source::Module;
use super::{at, types};
use crate::diag::Diagnostics;
use crate::model::{Block, BlockKind, Containers, DataDesc, DataKind, InterstateEdge, Lifetime, Loc, ScalarType, Sdfg, State, Storage};
use crate::symbolic::Expr as Sym;
use rustpython_parser::ast::{self, Expr, Ranged, Stmt};
use std::collections::HashMap;

pub fn build(m: &Module, f: &ast::StmtFunctionDef) -> Result<Sdfg, Diagnostics> {
    let loc = m.loc(f);
    let mut b = Builder {
        m,
        sdfg: Sdfg {
            name: f.name.to_string(),
            arg_names: Vec::new(),
            symbols: Vec::new(),
            callbacks: Vec::new(),
            containers: Containers::default(),
            constants: Vec::new(),
            experimental_blocks: true,
            cfg: Default::default(),
            extra: Default::default(),
            loc: loc.clone(),
        },
        vars: HashMap::new(),
        labels: HashMap::new(),
        pending: Vec::new(),
        here: loc.clone(),
        loops: 0,
        loop_symbols: Vec::new(),
        depth: 0,
        failed_call: None,
        views: HashMap::new(),
    };
    b.parameters(f)?;
    let single = super::tail_returns::single_return(&f.body);
    let statements = single.as_deref().unwrap_or(&f.body);
    let body = match statements.split_last() {
        Some((Stmt::Return(r), rest)) => {
            let mut cfg = b.body(rest)?;
            if let Some(value) = &r.value {
                for block in b.returned(value, &m.loc(r))? {
                    append(&mut cfg, block);
                }
            }
            b.bind_scalar_indices(&mut cfg).map_err(|e| at(&m.loc(r), e))?;
            cfg
        }
        _ => b.body(statements)?,
    };
    b.sdfg.cfg = body;
    b.declare_symbols();
    // Maps are built with their containers whole outside; say what they
    // touch, as DaCe's frontend does (loop-to-map reads it).
    crate::transforms::propagate_memlets::propagate_everywhere(&mut b.sdfg);
    Ok(b.sdfg)
}

pub(super) struct Builder<'m> {
    pub m: &'m Module,
    pub sdfg: Sdfg,
    pub vars: HashMap<String, Var>,
    /// Labels used so far, for unique state names.
    labels: HashMap<String, usize>,
    /// Blocks the statement being lowered needs first (`Host::before`,
    /// inlined program calls).
    pub pending: Vec<Block>,
    /// Where that statement is.
    pub here: Loc,
    /// Loops around the statement being lowered (for `break`/`continue`).
    pub loops: usize,
    /// The symbols of every loop around it, callers' loops included: a
    /// loop inside reusing a name gets a symbol of its own.
    pub loop_symbols: Vec<String>,
    /// Program calls being inlined around it.
    pub depth: usize,
    /// Why an inlined call failed, located in the callee.
    pub failed_call: Option<Diagnostics>,
    /// Names bound to what NumPy makes a reshaped or transposed view of
    /// another array (`v = A.reshape(...)`), with that array. Here they
    /// hold a copy, so writing into one is refused rather than lost.
    pub views: HashMap<String, String>,
}

impl elementwise::Host for Builder<'_> {
    fn lookup(&self, name: &str) -> Option<Var> {
        self.vars.get(name).cloned()
    }

    fn sdfg(&self) -> &Sdfg {
        &self.sdfg
    }

    fn loc(&self) -> Loc {
        self.here.clone()
    }

    fn transient(&mut self, dtype: ScalarType, shape: Vec<Sym>) -> String {
        let loc = self.here.clone();
        self.add_container("__tmp", dtype, shape, true, &loc)
    }

    fn before(&mut self, state: State) {
        let loc = self.here.clone();
        let label = self.label("compute", &loc);
        self.pending.push(Block { label, kind: BlockKind::State(state), extra: Default::default(), loc });
    }

    fn before_loop(&mut self, len: Sym, body: &dyn Fn(&Sdfg, &Sym) -> State) {
        let loc = self.here.clone();
        let k = self.loop_symbol("__k");
        if !self.sdfg.symbols.iter().any(|(s, _)| *s == k) {
            self.sdfg.symbols.push((k.clone(), ScalarType::I64));
        }
        let mut cfg = Cfg { start_block: Some(0), ..Default::default() };
        let label = self.label("step", &loc);
        let state = body(&self.sdfg, &Sym::sym(&k));
        append(&mut cfg, Block { label, kind: BlockKind::State(state), extra: Default::default(), loc: loc.clone() });
        let block = self.loop_over(&k, &Sym::int(0), &len, cfg, &loc);
        self.pending.push(block);
    }

    fn call_program(&mut self, name: &str, call: &ast::ExprCall, at: usize) -> Result<Option<(elementwise::Input, Vec<Sym>, elementwise::Kind)>, (usize, String)> {
        self.inline_call(name, call, at)
    }
}

/// Appends `block` to `cfg`, after its last block.
pub(super) fn append(cfg: &mut Cfg, block: Block) {
    let loc = block.loc.clone();
    cfg.blocks.push(block);
    let n = cfg.blocks.len();
    if n > 1 {
        cfg.edges.push(InterstateEdge { src: n - 2, dst: n - 1, condition: None, assignments: Vec::new(), extra: Default::default(), loc });
    }
}

use crate::model::Cfg;

impl Builder<'_> {
    /// The error at `offset`; for a failed inlined call, the callee's own.
    pub(super) fn error(&mut self, offset: usize, message: impl Into<String>) -> Diagnostics {
        match self.failed_call.take() {
            Some(d) => d,
            None => at(&self.m.loc_at(offset), message),
        }
    }

    fn parameters(&mut self, f: &ast::StmtFunctionDef) -> Result<(), Diagnostics> {
        let args = &f.args;
        if let Some(v) = args.vararg.as_ref().or(args.kwarg.as_ref()) {
            return Err(at(&self.m.loc(&**v), "*args and **kwargs are not supported in programs"));
        }
        for a in args.posonlyargs.iter().chain(&args.args).chain(&args.kwonlyargs) {
            let a = &a.def;
            let Some(annotation) = &a.annotation else {
                return Err(at(&self.m.loc(a), format!("parameter '{}' needs a type annotation (dace.float64[N], dace.int64, ...)", a.arg)));
            };
            let (dtype, shape) = types::annotation(self.m, annotation).map_err(|e| at(&self.m.loc(&**annotation), e))?;
            let name = a.arg.to_string();
            let loc = self.m.loc(a);
            self.add_container(&name, dtype, shape, false, &loc);
            self.sdfg.arg_names.push(name);
        }
        Ok(())
    }

    /// A container for the Python name `var` (named after it, unique in
    /// the SDFG: an inlined program's locals get their own); its name.
    pub(super) fn add_container(&mut self, var: &str, dtype: ScalarType, shape: Vec<Sym>, transient: bool, loc: &Loc) -> String {
        let name = self.sdfg.unique_container_name(var);
        // A returned scalar is an array of one element, as in DaCe: the
        // caller allocates it.
        let scalar = shape.is_empty() && !(var.starts_with("__return") && !transient);
        let shape = if shape.is_empty() && !scalar { vec![Sym::int(1)] } else { shape };
        let desc = DataDesc {
            kind: if scalar { DataKind::Scalar } else { DataKind::Array },
            dtype: crate::model::DType::Scalar(dtype),
            shape: if scalar { vec![Sym::int(1)] } else { shape.clone() },
            strides: None,
            offset: None,
            total_size: None,
            transient,
            storage: Storage::Default,
            lifetime: Lifetime::Scope,
            buffer_size: None,
            optional: if transient { None } else { Some(false) },
            extra: Default::default(),
            loc: loc.clone(),
        };
        self.sdfg.containers.push((name.clone(), desc));
        self.vars.insert(var.to_string(), Var::Data { name: name.clone(), shape, dtype });
        name
    }

    /// A label for a block made at `loc`: `kind_LINE`, made unique.
    pub(super) fn label(&mut self, kind: &str, loc: &Loc) -> String {
        let line = match loc {
            Loc::Text { line, .. } => *line,
            _ => 0,
        };
        let base = format!("{kind}_{line}");
        let n = self.labels.entry(base.clone()).or_default();
        *n += 1;
        if *n == 1 {
            base
        } else {
            format!("{base}_{}", *n - 1)
        }
    }

    pub(super) fn body(&mut self, stmts: &[Stmt]) -> Result<Cfg, Diagnostics> {
        let mut cfg = Cfg { start_block: Some(0), ..Default::default() };
        // Blocks pending outside (an inlined call's earlier statements) run
        // before this body, not in it.
        let outside = std::mem::take(&mut self.pending);
        let built: Result<(), Diagnostics> = stmts.iter().try_for_each(|s| {
            self.stmt(s)?.into_iter().for_each(|block| append(&mut cfg, block));
            Ok(())
        });
        let left = std::mem::replace(&mut self.pending, outside);
        built?;
        left.into_iter().for_each(|block| append(&mut cfg, block));
        if cfg.blocks.is_empty() {
            let loc = self.sdfg.loc.clone();
            let label = self.label("empty", &loc);
            append(&mut cfg, Block { label, kind: BlockKind::State(State::default()), extra: Default::default(), loc });
        }
        self.bind_scalar_indices(&mut cfg).map_err(|e| at(&self.here, e))?;
        Ok(cfg)
    }

    pub(super) fn stmt_blocks(&mut self, s: &Stmt) -> Result<Vec<Block>, Diagnostics> {
        self.stmt(s)
    }

    fn stmt(&mut self, s: &Stmt) -> Result<Vec<Block>, Diagnostics> {
        let loc = self.m.loc(s);
        match s {
            Stmt::Assign(a) => {
                match a.targets.as_slice() {
                    [Expr::Tuple(t)] => self.assign_tuple(&t.elts, &a.value, &loc),
                    [target] => self.assign(target, &a.value, None, &loc),
                    _ => Err(at(&loc, "chained assignment (a = b = ...) is not supported")),
                }
            }
            Stmt::AnnAssign(a) => {
                // `crc: dace.uint16 = 0xFFFF`: a new name of the annotated type.
                if let Expr::Name(n) = &*a.target {
                    if !self.vars.contains_key(n.id.as_str()) {
                        let (ty, shape) = types::annotation(self.m, &a.annotation).map_err(|msg| at(&self.m.loc(&*a.annotation), msg))?;
                        self.add_container(n.id.as_str(), ty, shape, true, &loc);
                    }
                }
                match &a.value {
                    Some(v) => self.assign(&a.target, v, None, &loc),
                    None => Ok(Vec::new()),
                }
            }
            Stmt::AugAssign(a) => self.assign(&a.target, &a.value, Some(a.op), &loc),
            Stmt::For(f) => Ok(vec![self.for_loop(f, &loc)?]),
            Stmt::While(w) => self.while_loop(w, &loc),
            Stmt::With(w) if self.is_tasklet(w) => self.explicit_tasklet(w, &loc),
            Stmt::If(i) => self.if_block(i, &loc),
            Stmt::Break(_) | Stmt::Continue(_) => self.jump(s, &loc),
            // Docstrings and `pass`.
            Stmt::Expr(e) if matches!(&*e.value, Expr::Constant(_)) => Ok(Vec::new()),
            // A program called for its effect: inlined.
            Stmt::Expr(e) if matches!(&*e.value, Expr::Call(c) if matches!(&*c.func, Expr::Name(n) if self.m.program(n.id.as_str()).is_some())) => {
                let Expr::Call(c) = &*e.value else { unreachable!() };
                let Expr::Name(n) = &*c.func else { unreachable!() };
                self.here = loc.clone();
                self.inline_call(n.id.as_str(), c, c.range().start().to_usize()).map_err(|(o, msg)| self.error(o, msg))?;
                Ok(self.take_pending(&loc))
            }
            // `np.subtract(a, b, out=a)`: an assignment to `out`; with
            // `where=w`, of `np.subtract(a, b) if w else a`, elementwise.
            Stmt::Expr(e) if matches!(&*e.value, Expr::Call(c) if c.keywords.iter().any(|k| k.arg.as_deref() == Some("out"))) => {
                let Expr::Call(c) = &*e.value else { unreachable!() };
                let keyword = |name: &str| c.keywords.iter().find(|k| k.arg.as_deref() == Some(name)).map(|k| k.value.clone());
                let out = keyword("out").expect("out");
                let mut call = c.clone();
                call.keywords.retain(|k| !matches!(k.arg.as_deref(), Some("out" | "where")));
                let value = match keyword("where") {
                    None => Expr::Call(call),
                    Some(test) => Expr::IfExp(ast::ExprIfExp {
                        range: c.range(),
                        test: Box::new(test),
                        body: Box::new(Expr::Call(call)),
                        orelse: Box::new(out.clone()),
                    }),
                };
                self.assign(&out, &value, None, &loc)
            }
            Stmt::Pass(_) => Ok(Vec::new()),
            Stmt::Return(_) => Err(at(&loc, "'return' is supported as the program's last statement only, so far")),
            other => Err(at(&loc, format!("{} is not supported yet", statement_name(other)))),
        }
    }

    pub(super) fn lookup(&self) -> impl Fn(&str) -> Option<Var> + '_ {
        |name: &str| self.vars.get(name).cloned()
    }

    /// The blocks `Host::before` and inlined calls collected.
    pub(super) fn take_pending(&mut self, _loc: &Loc) -> Vec<Block> {
        std::mem::take(&mut self.pending)
    }

    /// `return value`: the value into `__return` (a tuple into
    /// `__return_0`, `__return_1`, ...).
    fn returned(&mut self, value: &Expr, loc: &Loc) -> Result<Vec<Block>, Diagnostics> {
        let values: Vec<(&Expr, String)> = match value {
            Expr::Tuple(t) => t.elts.iter().enumerate().map(|(k, e)| (e, format!("__return_{k}"))).collect(),
            one => vec![(one, "__return".to_string())],
        };
        self.here = loc.clone();
        let mut state = State::default();
        let mut lowered = Vec::new();
        for (e, name) in values {
            let ew = elementwise::lower(self.m, e, self).map_err(|(o, msg)| self.error(o, msg))?;
            lowered.push((name, ew));
        }
        let mut blocks = self.take_pending(loc);
        let label = self.label("return", loc);
        for (name, ew) in lowered {
            let name = self.add_container(&name, ew.kind.ty, ew.shape.clone(), false, loc);
            let dims = ew.shape.iter().map(|s| Access::Range { start: Sym::int(0), len: s.clone(), step: Sym::int(1) }).collect();
            let part = dataflow::state(&self.sdfg, Write { data: name, dims }, ew, loc);
            dataflow::merge(&mut state, part);
        }
        blocks.push(Block { label, kind: BlockKind::State(state), extra: Default::default(), loc: loc.clone() });
        Ok(blocks)
    }

    /// Declares the module's symbols that the SDFG uses (shapes, code).
    fn declare_symbols(&mut self) {
        // A parameter named like a module symbol (`nit: dace.int64`) is a
        // container: the name means it, not the symbol.
        let used = self
            .m
            .symbols
            .iter()
            .filter(|(name, _)| self.sdfg.container(name).is_none() && self.mentions(name))
            .cloned()
            .collect::<Vec<_>>();
        let mut symbols = used;
        symbols.extend(self.sdfg.symbols.drain(..));
        self.sdfg.symbols = symbols;
    }

    fn mentions(&self, name: &str) -> bool {
        let in_shapes = self.sdfg.containers.iter().any(|(_, d)| d.shape.iter().any(|e| e.free_symbols().contains(name)));
        in_shapes || dataflow::cfg_mentions(&self.sdfg.cfg, name)
    }
}

fn statement_name(s: &Stmt) -> &'static str {
    match s {
        Stmt::While(_) => "a 'while' loop",
        Stmt::If(_) => "'if'",
        Stmt::Break(_) => "'break'",
        Stmt::Continue(_) => "'continue'",
        Stmt::With(_) => "'with'",
        Stmt::FunctionDef(_) | Stmt::AsyncFunctionDef(_) => "a nested function",
        Stmt::ClassDef(_) => "a class",
        Stmt::Try(_) | Stmt::TryStar(_) => "'try'",
        Stmt::Raise(_) => "'raise'",
        Stmt::Import(_) | Stmt::ImportFrom(_) => "an import inside a program",
        Stmt::Global(_) | Stmt::Nonlocal(_) => "'global'/'nonlocal'",
        Stmt::Delete(_) => "'del'",
        Stmt::Assert(_) => "'assert'",
        Stmt::Expr(_) => "an expression statement (a call whose result is dropped)",
        _ => "this statement",
    }
}
