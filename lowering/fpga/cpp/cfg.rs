//! Control flow as C++: a function per SDFG (its transients and symbols
//! as locals), loop regions as `for`/`while` loops, conditional blocks as
//! `if`/`else`, and any other state machine as blocks joined by `goto`
//! (each block in braces, so no jump crosses a declaration).

use super::{ident, Func};
use crate::model::{Block, BlockKind, Cfg, LoopRegion, LoopStatements};
use std::collections::BTreeSet;

/// What `break`/`continue` blocks become in the innermost loop.
#[derive(Clone)]
struct LoopExits {
    break_to: String,
    continue_to: String,
}

impl Func<'_> {
    /// `static void NAME(params) { ... }` running this function's SDFG.
    pub fn function_body(&mut self, params: &[String], name: &str, label: &str) -> Result<(), String> {
        // The body first: parameters it does not use lose their names.
        let outer = std::mem::take(&mut self.w);
        self.w.open("");
        let transients: BTreeSet<String> =
            self.sdfg.containers.iter().filter(|(_, d)| d.transient).map(|(n, _)| n.to_string()).collect();
        self.declare_locals(&transients)?;
        let taken: BTreeSet<String> = params.iter().filter_map(|p| p.rsplit(' ').next()).map(str::to_string).collect();
        self.declare_symbols(&taken)?;
        self.declare_constants()?;
        self.cfg(&self.sdfg.cfg, None)?;
        let body = std::mem::replace(&mut self.w, outer).text;
        let params = super::unnamed_if_unused(params, &body);
        self.w.line(&format!("// nested SDFG '{}'", label.replace('\n', " ")));
        self.w.line(&format!("static void {name}({}) {{", params.join(", ")));
        self.w.text += body.trim_start_matches('\n');
        self.w.line("}");
        Ok(())
    }

    /// Writes this function's SDFG's control flow.
    pub fn run_cfg(&mut self) -> Result<(), String> {
        self.cfg(&self.sdfg.cfg, None)
    }

    /// Declares the symbols the control flow assigns (except `taken`).
    pub fn declare_symbols(&mut self, taken: &BTreeSet<String>) -> Result<(), String> {
        let mut assigned = BTreeSet::new();
        crate::analysis::symbols::assigned(&self.sdfg.cfg, &mut assigned);
        for s in assigned.iter().filter(|s| !taken.contains(&ident(s)) && self.sdfg.container(s).is_none()) {
            self.w.line(&format!("[[maybe_unused]] {} {} = 0;", self.symbol_type(s), ident(s)));
        }
        Ok(())
    }

    fn cfg(&mut self, cfg: &Cfg, exits: Option<&LoopExits>) -> Result<(), String> {
        if cfg.blocks.is_empty() {
            return Ok(());
        }
        let start = cfg.start().ok_or("a control-flow region without a start block")?;
        let id = self.fresh();
        let label = |b: usize| format!("block_{id}_{b}");
        let end = format!("end_{id}");
        let mut order: Vec<usize> = vec![start];
        order.extend((0..cfg.blocks.len()).filter(|&b| b != start));
        // Labels only where some edge does not fall through.
        let mut targets = BTreeSet::new();
        let mut to_end = false;
        for (pos, &b) in order.iter().enumerate() {
            let mut unconditional = false;
            for e in cfg.edges.iter().filter(|e| e.src == b) {
                if e.condition.is_some() || order.get(pos + 1) != Some(&e.dst) {
                    targets.insert(e.dst);
                }
                if e.condition.is_none() {
                    unconditional = true;
                    break;
                }
            }
            to_end |= !unconditional && pos + 1 < order.len();
        }
        for (pos, &b) in order.iter().enumerate() {
            let mut after = Vec::new();
            let mut unconditional = false;
            for e in cfg.edges.iter().filter(|e| e.src == b) {
                let mut body: Vec<String> = Vec::new();
                for a in &e.assignments {
                    let v = a.parsed().map_err(|err| format!("assignment '{} = {}': {}", a.symbol, a.value(), err.message))?;
                    body.push(format!("{} = {};", ident(&a.symbol), super::symbolic(v, self)?));
                }
                if e.condition.is_some() || order.get(pos + 1) != Some(&e.dst) {
                    body.push(format!("goto {};", label(e.dst)));
                }
                match &e.condition {
                    Some(c) => {
                        let cond = c.parsed().map_err(|err| format!("condition '{}': {}", c.code().code, err.message))?;
                        after.push(format!("{} {{ {} }}", super::if_head(&super::symbolic(cond, self)?), body.join(" ")));
                    }
                    None => {
                        if !body.is_empty() {
                            after.push(format!("{{ {} }}", body.join(" ")));
                        }
                        unconditional = true;
                        break;
                    }
                }
            }
            if !unconditional && pos + 1 < order.len() {
                after.push(format!("goto {end};"));
            }
            if targets.contains(&b) {
                self.w.line(&format!("{}:;", label(b)));
            }
            self.block_text(&cfg.blocks[b], exits, after)?;
        }
        if to_end {
            self.w.line(&format!("{end}:;"));
        }
        Ok(())
    }

    /// Writes one block: its body and the jumps after it.
    fn block_text(&mut self, block: &Block, exits: Option<&LoopExits>, after: Vec<String>) -> Result<(), String> {
        self.w.open(&format!("{{  // {}", block.label.replace('\n', " ")));
        match &block.kind {
            BlockKind::State(state) => self.state(state, None)?,
            BlockKind::Region { cfg, .. } => self.cfg(cfg, exits)?,
            BlockKind::Loop(l) => self.loop_region(l)?,
            BlockKind::Conditional(branches) => {
                for (k, br) in branches.iter().enumerate() {
                    let head = match &br.condition {
                        Some(c) => {
                            let cond = c.parsed().map_err(|err| format!("condition '{}': {}", c.code().code, err.message))?;
                            format!("{} {{", super::if_head(&super::symbolic(cond, self)?))
                        }
                        None => "{".to_string(),
                    };
                    self.w.open(&if k == 0 { head } else { format!("else {head}") });
                    self.cfg(&br.cfg, exits)?;
                    self.w.close("}");
                }
            }
            BlockKind::Break => self.w.line(&exits.ok_or("break outside a loop")?.break_to.clone()),
            BlockKind::Continue => self.w.line(&exits.ok_or("continue outside a loop")?.continue_to.clone()),
            BlockKind::Return => self.w.line("return;"),
        }
        self.w.close("}");
        for l in after {
            self.w.line(&l);
        }
        Ok(())
    }

    fn loop_region(&mut self, l: &LoopRegion) -> Result<(), String> {
        let cond = match &l.condition {
            Some(c) => {
                let e = c.parsed().map_err(|err| format!("loop condition '{}': {}", c.code().code, err.message))?;
                super::symbolic(e, self)?
            }
            None => "true".to_string(),
        };
        let init = self.statement(l.init.as_ref())?;
        let update = self.statement(l.update.as_ref())?;
        if !l.inverted {
            self.w.open(&format!("for ({init}; {cond}; {update}) {{"));
            let exits = LoopExits { break_to: "break;".into(), continue_to: "continue;".into() };
            self.cfg(&l.cfg, Some(&exits))?;
            self.w.close("}");
            return Ok(());
        }
        // Do-while: the body runs before the first test.
        let id = self.fresh();
        let next = format!("next_{id}");
        if !init.is_empty() {
            self.w.line(&format!("{init};"));
        }
        self.w.open("while (true) {");
        let exits = LoopExits { break_to: "break;".into(), continue_to: format!("goto {next};") };
        self.cfg(&l.cfg, Some(&exits))?;
        self.w.line(&format!("{next}:;"));
        let update = if update.is_empty() { String::new() } else { format!("{update};") };
        if l.update_before_condition {
            self.w.line(&format!("{update} if (!({cond})) break;"));
        } else {
            self.w.line(&format!("if (!({cond})) break; {update}"));
        }
        self.w.close("}");
        Ok(())
    }

    /// `name = value` of a loop's init or update code (empty without one).
    fn statement(&self, code: Option<&LoopStatements>) -> Result<String, String> {
        let Some(code) = code else { return Ok(String::new()) };
        let (name, s) = code.single().ok_or_else(|| format!("loop statement '{}' is not an assignment", code.code().code))?;
        let e = s.parsed().map_err(|err| format!("loop statement '{}': {}", code.code().code, err.message))?;
        Ok(format!("{} = {}", ident(name), super::symbolic(e, self)?))
    }
}
