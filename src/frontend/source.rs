//! A parsed Python module: positions as lines and columns, and the names
//! its top level defines (module aliases, symbols, constants, programs).

use super::at;
use crate::diag::Diagnostics;
use crate::model::{Loc, ScalarType};
use rustpython_parser::ast::{self, Constant, Expr, Ranged, Stmt};
use rustpython_parser::Parse;
use std::collections::{HashMap, HashSet};

pub struct Module {
    pub file: String,
    line_starts: Vec<usize>,
    text: String,
    pub body: Vec<Stmt>,
    /// Names bound to the `dace` module, to `numpy`, and to our package.
    pub dace: HashSet<String>,
    pub numpy: HashSet<String>,
    /// Names imported from `dace` or our package (`from dace import program, float64`).
    pub imported: HashSet<String>,
    /// `N = dace.symbol('N', dtype=...)`, in order.
    pub symbols: Vec<(String, ScalarType)>,
    /// Numeric constants of the module (`M = 4`) and names for integer
    /// expressions of its symbols (`N = R**K`), as expression text.
    pub constants: HashMap<String, String>,
}

impl Module {
    pub fn parse(text: &str, file: &str) -> Result<Module, Diagnostics> {
        let mut line_starts = vec![0];
        line_starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        let mut module = Module {
            file: file.to_string(),
            line_starts,
            text: text.to_string(),
            body: Vec::new(),
            dace: HashSet::new(),
            numpy: HashSet::new(),
            imported: HashSet::new(),
            symbols: Vec::new(),
            constants: HashMap::new(),
        };
        let body = ast::Suite::parse(text, file).map_err(|e| at(&module.loc_at(e.offset.to_usize()), format!("invalid Python: {}", e.error)))?;
        for stmt in &body {
            module.scan(stmt)?;
        }
        module.body = body;
        Ok(module)
    }

    /// The location of byte `offset`: 1-based line and column (in characters).
    pub fn loc_at(&self, offset: usize) -> Loc {
        let line = self.line_starts.partition_point(|&s| s <= offset).max(1);
        let start = self.line_starts[line - 1];
        let col = self.text.get(start..offset.min(self.text.len())).map_or(1, |s| s.chars().count() + 1);
        Loc::Text { file: self.file.clone(), line, col }
    }

    /// The source text of `node`; lines after its first lose the indent
    /// of its first line.
    pub fn text_of(&self, node: &impl Ranged) -> String {
        let (start, end) = (node.start().to_usize(), node.end().to_usize());
        let indent = match self.loc_at(start) {
            Loc::Text { col, .. } => col - 1,
            _ => 0,
        };
        let text = self.text.get(start..end).unwrap_or_default();
        let mut lines = text.lines();
        let mut out = lines.next().unwrap_or_default().to_string();
        for line in lines {
            out.push('\n');
            let cut = line.char_indices().take_while(|(i, c)| *i < indent && *c == ' ').count();
            out.push_str(&line[cut..]);
        }
        out
    }

    pub fn loc(&self, node: &impl Ranged) -> Loc {
        self.loc_at(node.start().to_usize())
    }

    /// The functions decorated as programs, in file order.
    pub fn programs(&self) -> Vec<&ast::StmtFunctionDef> {
        self.body
            .iter()
            .filter_map(|s| match s {
                Stmt::FunctionDef(f) if f.decorator_list.iter().any(|d| self.is_program_decorator(d)) => Some(f),
                _ => None,
            })
            .collect()
    }

    /// The program called `name`.
    pub fn program(&self, name: &str) -> Option<&ast::StmtFunctionDef> {
        self.programs().into_iter().find(|p| p.name.as_str() == name)
    }

    fn is_program_decorator(&self, d: &Expr) -> bool {
        let d = match d {
            Expr::Call(c) => &*c.func,
            other => other,
        };
        match d {
            Expr::Attribute(a) => a.attr.as_str() == "program" && self.is_dace(&a.value),
            Expr::Name(n) => n.id.as_str() == "program" && self.imported.contains("program"),
            _ => false,
        }
    }

    /// Whether `e` names the dace module (or our package standing in for it).
    pub fn is_dace(&self, e: &Expr) -> bool {
        matches!(e, Expr::Name(n) if self.dace.contains(n.id.as_str()))
    }

    pub fn is_numpy(&self, e: &Expr) -> bool {
        matches!(e, Expr::Name(n) if self.numpy.contains(n.id.as_str()))
    }

    fn scan(&mut self, stmt: &Stmt) -> Result<(), Diagnostics> {
        match stmt {
            Stmt::Import(i) => {
                for alias in &i.names {
                    let bound = alias.asname.as_ref().unwrap_or(&alias.name).to_string();
                    match alias.name.as_str() {
                        "dace" | "sdfg_mlir" => {
                            self.dace.insert(bound);
                        }
                        "numpy" => {
                            self.numpy.insert(bound);
                        }
                        _ => {}
                    }
                }
            }
            Stmt::ImportFrom(i) if matches!(i.module.as_deref(), Some("dace" | "sdfg_mlir")) => {
                for alias in &i.names {
                    self.imported.insert(alias.asname.as_ref().unwrap_or(&alias.name).to_string());
                }
            }
            Stmt::Assign(a) => self.scan_assign(a)?,
            // `poly: dace.uint16 = 0x8408`: a constant as `poly = 0x8408` is.
            Stmt::AnnAssign(a) if a.simple => {
                if let Some(value) = &a.value {
                    let plain = ast::StmtAssign { range: a.range, targets: vec![(*a.target).clone()], value: value.clone(), type_comment: None };
                    self.scan_assign(&plain)?;
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// `N = dace.symbol('N', ...)`, `N, M = (dace.symbol(s, ...) for s in
    /// ('N', 'M'))`, `C = 3.5`, `N = R**K`.
    fn scan_assign(&mut self, a: &ast::StmtAssign) -> Result<(), Diagnostics> {
        let [target] = a.targets.as_slice() else { return Ok(()) };
        match (target, &*a.value) {
            (Expr::Name(n), Expr::Call(call)) if self.is_symbol_call(call) => {
                let dtype = self.symbol_dtype(call)?;
                let name = match call.args.first() {
                    Some(Expr::Constant(c)) => match &c.value {
                        Constant::Str(s) => s.clone(),
                        _ => n.id.to_string(),
                    },
                    _ => n.id.to_string(),
                };
                self.symbols.push((name, dtype));
            }
            (Expr::Tuple(names), Expr::GeneratorExp(g)) => {
                let Expr::Call(call) = &*g.elt else { return Ok(()) };
                if !self.is_symbol_call(call) {
                    return Ok(());
                }
                let dtype = self.symbol_dtype(call)?;
                for n in &names.elts {
                    if let Expr::Name(n) = n {
                        self.symbols.push((n.id.to_string(), dtype));
                    }
                }
            }
            (Expr::Name(n), Expr::Constant(c)) => {
                let text = match &c.value {
                    Constant::Int(i) => i.to_string(),
                    Constant::Float(f) => format!("{f:?}"),
                    Constant::Bool(b) => if *b { "1" } else { "0" }.to_string(),
                    _ => return Ok(()),
                };
                self.constants.insert(n.id.to_string(), text);
            }
            // `N = R**K`: a name for an expression of symbols and constants.
            (Expr::Name(n), value @ (Expr::BinOp(_) | Expr::UnaryOp(_))) => {
                if let Ok(e) = super::types::symbolic(self, value, &|_| None) {
                    self.constants.insert(n.id.to_string(), format!("({e})"));
                }
            }
            _ => {}
        }
        Ok(())
    }

    fn is_symbol_call(&self, call: &ast::ExprCall) -> bool {
        match &*call.func {
            Expr::Attribute(a) => a.attr.as_str() == "symbol" && self.is_dace(&a.value),
            Expr::Name(n) => n.id.as_str() == "symbol" && self.imported.contains("symbol"),
            _ => false,
        }
    }

    fn symbol_dtype(&self, call: &ast::ExprCall) -> Result<ScalarType, Diagnostics> {
        match call.keywords.iter().find(|k| k.arg.as_deref() == Some("dtype")) {
            Some(k) => super::types::scalar_type(self, &k.value)
                .ok_or_else(|| at(&self.loc(&k.value), "a symbol's dtype must be a dace scalar type (dace.int64, ...)")),
            // DaCe's default symbol type.
            None => Ok(ScalarType::I32),
        }
    }
}
