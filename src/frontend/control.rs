//! Control flow: `for` over `range(...)` or `dace.map[...]` (loop regions
//! over symbols; a map's iterations run in order, which a map may), `while`
//! (a loop region on its condition), `if`/`elif`/`else` (a conditional
//! block), `break` and `continue`. A condition that reads data is computed
//! into a scalar by a state before it is tested.
//!
//! ```text
//! for i in range(1, N):        loop "for_3" init "i = 1" condition "(i < N)" update "i = (i + 1)"
//!     if A[i] > 0:               state: __cond = (A[i] > 0)
//!         break                  conditional: if __cond { break }
//! ```

use super::dataflow::Write;
use super::elementwise::{self, Kind, Var};
use super::program::{append, Builder};
use super::{at, types};
use crate::diag::Diagnostics;
use crate::model::{Block, BlockKind, Branch, Cfg, CodeBlock, Condition, Loc, LoopRegion, LoopStatements, ScalarType};
use crate::symbolic::Expr as Sym;
use rustpython_parser::ast::{self, Expr, Stmt};

impl Builder<'_> {
    /// `for v in range(...)` or `for v, w in dace.map[a:b, c:d]`.
    pub(super) fn for_loop(&mut self, f: &ast::StmtFor, loc: &Loc) -> Result<Block, Diagnostics> {
        if !f.orelse.is_empty() {
            return Err(at(loc, "'for ... else' is not supported"));
        }
        let vars: Vec<String> = match &*f.target {
            Expr::Name(n) => vec![n.id.to_string()],
            Expr::Tuple(t) => t.elts.iter().map(|e| match e {
                Expr::Name(n) => Ok(n.id.to_string()),
                other => Err(at(&self.m.loc(other), "a loop variable must be a plain name")),
            }).collect::<Result<_, _>>()?,
            other => return Err(at(&self.m.loc(other), "a loop variable must be a plain name")),
        };
        let ranges = self.loop_ranges(&f.iter, vars.len())?;
        self.nest(&vars, &ranges, &f.body, loc)
    }

    /// `(start, stop, step)` of each loop variable.
    fn loop_ranges(&mut self, iter: &Expr, count: usize) -> Result<Vec<(Sym, Sym, Sym)>, Diagnostics> {
        let bad = || at(&self.m.loc(iter), "only 'for ... in range(...)' and 'dace.map[...]' loops are supported yet");
        match iter {
            // `range`, and `parrange` / `dace.parrange` (iterations that may run in any order).
            Expr::Call(call) if self.is_range(&call.func) && count == 1 => {
                let args = call.args.iter().map(|a| self.symbolic(a)).collect::<Result<Vec<_>, _>>()?;
                Ok(vec![match args.as_slice() {
                    [stop] => (Sym::int(0), stop.clone(), Sym::int(1)),
                    [start, stop] => (start.clone(), stop.clone(), Sym::int(1)),
                    [start, stop, step] => (start.clone(), stop.clone(), step.clone()),
                    _ => return Err(at(&self.m.loc(iter), "range takes one to three arguments")),
                }])
            }
            Expr::Subscript(s) if matches!(&*s.value, Expr::Attribute(a) if a.attr.as_str() == "map" && self.m.is_dace(&a.value)) => {
                let dims: Vec<&Expr> = match &*s.slice {
                    Expr::Tuple(t) => t.elts.iter().collect(),
                    one => vec![one],
                };
                if dims.len() != count {
                    return Err(at(&self.m.loc(iter), format!("{count} loop variables for {} map dimensions", dims.len())));
                }
                dims.iter()
                    .map(|d| match d {
                        Expr::Slice(sl) => {
                            let start = sl.lower.as_deref().map(|e| self.symbolic(e)).transpose()?.unwrap_or(Sym::int(0));
                            let stop = sl.upper.as_deref().map(|e| self.symbolic(e)).transpose()?.ok_or_else(|| at(&self.m.loc(*d), "a map range needs its end"))?;
                            let step = sl.step.as_deref().map(|e| self.symbolic(e)).transpose()?.unwrap_or(Sym::int(1));
                            Ok((start, stop, step))
                        }
                        other => Err(at(&self.m.loc(*other), "a map range is start:stop[:step]")),
                    })
                    .collect()
            }
            _ => Err(bad()),
        }
    }

    fn is_range(&self, f: &Expr) -> bool {
        match f {
            Expr::Name(n) => n.id.as_str() == "range" || (n.id.as_str() == "parrange" && self.m.imported.contains("parrange")),
            Expr::Attribute(a) => a.attr.as_str() == "parrange" && self.m.is_dace(&a.value),
            _ => false,
        }
    }

    fn symbolic(&self, e: &Expr) -> Result<Sym, Diagnostics> {
        types::symbolic(self.m, e, &|n| self.local_symbol(n)).map_err(|msg| at(&self.m.loc(e), msg))
    }

    /// A name the program binds, as a symbolic value: a loop variable or a
    /// bound symbol, or a scalar container read as a symbol.
    pub(super) fn local_symbol(&self, name: &str) -> Option<Sym> {
        match self.vars.get(name) {
            Some(Var::Symbol(s)) => Some(s.clone()),
            Some(Var::Data { name, shape, .. }) if shape.is_empty() => Some(Sym::sym(name)),
            _ => None,
        }
    }

    /// Loops over `vars` (outermost first) around `body`.
    fn nest(&mut self, vars: &[String], ranges: &[(Sym, Sym, Sym)], body: &[Stmt], loc: &Loc) -> Result<Block, Diagnostics> {
        let (name, rest) = vars.split_first().expect("a loop variable");
        let (start, stop, step) = &ranges[0];
        let Some(step_value) = step.as_int().filter(|s| *s != 0) else {
            return Err(at(loc, "a loop's step must be a non-zero integer constant"));
        };
        if matches!(self.vars.get(name), Some(Var::Data { .. })) {
            return Err(at(loc, format!("the loop variable '{name}' is already a container")));
        }
        let symbol = self.loop_symbol(name);
        let outer = self.vars.insert(name.clone(), Var::Symbol(Sym::sym(&symbol)));
        if !self.sdfg.symbols.iter().any(|(s, _)| *s == symbol) {
            self.sdfg.symbols.push((symbol.clone(), ScalarType::I64));
        }
        self.loops += 1;
        self.loop_symbols.push(symbol.clone());
        let inner = if rest.is_empty() {
            self.body(body)
        } else {
            self.nest(rest, &ranges[1..], body, loc).map(|b| {
                let mut cfg = Cfg { start_block: Some(0), ..Default::default() };
                append(&mut cfg, b);
                cfg
            })
        };
        self.loops -= 1;
        self.loop_symbols.pop();
        match outer {
            Some(v) => self.vars.insert(name.clone(), v),
            None => self.vars.remove(name),
        };
        let cmp = if step_value > 0 { "<" } else { ">" };
        let label = self.label("for", loc);
        Ok(loop_block(label, region(&symbol, start, stop, step, cmp, inner?), loc))
    }

    /// A loop over `var` from `start` up to `stop` (exclusive) around `cfg`.
    pub(super) fn loop_over(&mut self, var: &str, start: &Sym, stop: &Sym, cfg: Cfg, loc: &Loc) -> Block {
        let label = self.label("for", loc);
        loop_block(label, region(var, start, stop, &Sym::int(1), "<", cfg), loc)
    }

    /// The symbol of a loop over `name`: the name itself, unless a loop
    /// around already uses it (an inlined program's `i` in a caller's loop
    /// over `i`), then a fresh one.
    pub(super) fn loop_symbol(&self, name: &str) -> String {
        let taken = |s: &str| {
            self.loop_symbols.iter().any(|l| l == s)
                || self.m.symbols.iter().any(|(m, _)| m == s)
                || self.sdfg.container(s).is_some()
                || (s != name && self.sdfg.symbols.iter().any(|(d, _)| d == s))
        };
        if !taken(name) {
            return name.to_string();
        }
        (1..).map(|k| format!("{name}_{k}")).find(|s| !taken(s)).expect("a free name")
    }

    /// `while test:` as a loop region testing `test` before each
    /// iteration; a test that reads data is recomputed at the end of the body.
    pub(super) fn while_loop(&mut self, w: &ast::StmtWhile, loc: &Loc) -> Result<Vec<Block>, Diagnostics> {
        if !w.orelse.is_empty() {
            return Err(at(loc, "'while ... else' is not supported"));
        }
        let (mut blocks, code) = self.condition(&w.test, loc, None)?;
        let recompute = !blocks.is_empty();
        if recompute && continues(&w.body) {
            return Err(at(loc, "'continue' in a while loop whose condition reads data is not supported yet"));
        }
        self.loops += 1;
        let body = self.body(&w.body);
        self.loops -= 1;
        let mut body = body?;
        if recompute {
            // Into the same scalar the loop tests.
            let (again, _) = self.condition(&w.test, loc, Some(&code))?;
            for b in again {
                append(&mut body, b);
            }
        }
        let label = self.label("while", loc);
        blocks.push(loop_block(label, LoopRegion {
            cfg: body,
            loop_variable: String::new(),
            init: None,
            condition: Some(Condition::new(CodeBlock::python(code))),
            update: None,
            inverted: false,
            update_before_condition: true,
        }, loc));
        Ok(blocks)
    }

    /// `if`/`elif`/`else` as one conditional block (every test computed before it).
    pub(super) fn if_block(&mut self, i: &ast::StmtIf, loc: &Loc) -> Result<Vec<Block>, Diagnostics> {
        let mut blocks = Vec::new();
        let mut branches = Vec::new();
        let mut next = Some(i);
        let mut last_else: &[Stmt] = &[];
        while let Some(stmt) = next {
            let branch_loc = self.m.loc(stmt);
            let (pre, code) = self.condition(&stmt.test, &branch_loc, None)?;
            blocks.extend(pre);
            let cfg = self.body(&stmt.body)?;
            let label = self.label("if", &branch_loc);
            branches.push(Branch { condition: Some(Condition::new(CodeBlock::python(code))), label, cfg, extra: Default::default(), loc: branch_loc });
            next = None;
            match stmt.orelse.as_slice() {
                [Stmt::If(elif)] => next = Some(elif),
                other => last_else = other,
            }
        }
        if !last_else.is_empty() {
            let cfg = self.body(last_else)?;
            let label = self.label("else", loc);
            branches.push(Branch { condition: None, label, cfg, extra: Default::default(), loc: loc.clone() });
        }
        let label = self.label("conditional", loc);
        blocks.push(Block { label, kind: BlockKind::Conditional(branches), extra: Default::default(), loc: loc.clone() });
        self.sdfg.experimental_blocks = true;
        Ok(blocks)
    }

    pub(super) fn jump(&mut self, s: &Stmt, loc: &Loc) -> Result<Vec<Block>, Diagnostics> {
        let (kind, word) = match s {
            Stmt::Break(_) => (BlockKind::Break, "break"),
            _ => (BlockKind::Continue, "continue"),
        };
        if self.loops == 0 {
            return Err(at(loc, format!("'{word}' outside a loop")));
        }
        let label = self.label(word, loc);
        Ok(vec![Block { label, kind, extra: Default::default(), loc: loc.clone() }])
    }

    /// The blocks that compute `test` and the code that tests it: symbols
    /// and numbers directly, anything reading data through a boolean scalar
    /// (a new one, or `into`).
    fn condition(&mut self, test: &Expr, loc: &Loc, into: Option<&str>) -> Result<(Vec<Block>, String), Diagnostics> {
        self.here = loc.clone();
        let ew = elementwise::lower(self.m, test, self).map_err(|(o, msg)| self.error(o, msg))?;
        if !ew.shape.is_empty() {
            return Err(at(&self.m.loc(test), "a condition must be one value, not an array"));
        }
        let mut blocks = self.take_pending(loc);
        if ew.inputs.is_empty() {
            return Ok((blocks, ew.code));
        }
        let name = match into {
            Some(name) => name.to_string(),
            None => {
                self.add_container("__cond", ScalarType::Bool, Vec::new(), true, loc)
            }
        };
        let ew = elementwise::Elementwise { kind: Kind { ty: ScalarType::Bool, weak: false }, ..ew };
        let label = self.label("condition", loc);
        blocks.extend(self.write(&label, Write { data: name.clone(), dims: Vec::new() }, ew, loc)?);
        Ok((blocks, name))
    }
}

fn region(name: &str, start: &Sym, stop: &Sym, step: &Sym, cmp: &str, cfg: Cfg) -> LoopRegion {
    LoopRegion {
        cfg,
        loop_variable: name.to_string(),
        init: Some(LoopStatements::new(CodeBlock::python(format!("{name} = {start}")))),
        condition: Some(Condition::new(CodeBlock::python(format!("({name} {cmp} {stop})")))),
        update: Some(LoopStatements::new(CodeBlock::python(format!("{name} = ({name} + {step})")))),
        inverted: false,
        update_before_condition: true,
    }
}

fn loop_block(label: String, region: LoopRegion, loc: &Loc) -> Block {
    Block { label, kind: BlockKind::Loop(region), extra: Default::default(), loc: loc.clone() }
}

/// Whether `body` continues its own loop (not one nested in it).
fn continues(body: &[Stmt]) -> bool {
    body.iter().any(|s| match s {
        Stmt::Continue(_) => true,
        Stmt::If(i) => continues(&i.body) || continues(&i.orelse),
        Stmt::With(w) => continues(&w.body),
        _ => false,
    })
}
