//! Where an SDFG defines and reads a symbol, and replacing a symbol by an
//! expression everywhere it is read (descriptors, control flow, memlets, map
//! ranges, tasklets, nested-SDFG symbol mappings; not inside nested SDFGs,
//! which see outer symbols only through their mappings).

use crate::model::{BlockKind, Cfg, CodeBlock, DataDesc, NodeKind, Sdfg, State};
use crate::symbolic::{self, Expr};
use std::collections::{BTreeMap, HashMap};

/// How often each symbol is assigned: interstate-edge assignments, and two
/// for every loop variable (init and update).
pub fn assignment_counts(sdfg: &Sdfg) -> BTreeMap<String, usize> {
    let mut counts = BTreeMap::new();
    count_cfg(&sdfg.cfg, &mut counts);
    counts
}

fn count_cfg(cfg: &Cfg, counts: &mut BTreeMap<String, usize>) {
    for e in &cfg.edges {
        for (name, _) in &e.assignments {
            *counts.entry(name.clone()).or_default() += 1;
        }
    }
    for b in &cfg.blocks {
        match &b.kind {
            BlockKind::Region { cfg, .. } => count_cfg(cfg, counts),
            BlockKind::Loop(l) => {
                *counts.entry(l.loop_variable.clone()).or_default() += 2;
                count_cfg(&l.cfg, counts);
            }
            BlockKind::Conditional(brs) => brs.iter().for_each(|br| count_cfg(&br.cfg, counts)),
            _ => {}
        }
    }
}

/// Whether `name` is bound by a map, consume scope or loop somewhere, where
/// replacing it would change what the inner name means.
pub fn is_scope_bound(sdfg: &Sdfg, name: &str) -> bool {
    let mut bound = false;
    super::place::visit_cfgs(&sdfg.cfg, &mut Vec::new(), &mut |_, cfg| {
        for b in &cfg.blocks {
            match &b.kind {
                BlockKind::Loop(l) if l.loop_variable == name => bound = true,
                BlockKind::State(s) => bound |= s.nodes.iter().any(|n| match &n.kind {
                    NodeKind::MapEntry { map, .. } => map.params.iter().any(|p| p == name),
                    NodeKind::ConsumeEntry { consume, .. } => consume.pe_index == name,
                    _ => false,
                }),
                _ => {}
            }
        }
    });
    bound
}

/// Replaces every read of symbol `name` by `value`. Fails, leaving `sdfg`
/// unchanged, where the symbol is read by code that cannot be rewritten
/// (non-Python tasklets, library node properties).
pub fn substitute_symbol(sdfg: &mut Sdfg, name: &str, value: &Expr) -> Result<(), String> {
    let mut copy = sdfg.clone();
    let s = Subst { values: HashMap::from([(name.to_string(), value.clone())]), name, text: format!("({value})") };
    for (_, d) in &mut copy.containers {
        s.descriptor(d);
    }
    s.cfg(&mut copy.cfg)?;
    *sdfg = copy;
    Ok(())
}

/// Replaces reads of symbol `name` by `value` inside one state; fails,
/// leaving it unchanged, as `substitute_symbol` does.
pub fn substitute_symbol_in_state(state: &mut State, name: &str, value: &Expr) -> Result<(), String> {
    let s = Subst { values: HashMap::from([(name.to_string(), value.clone())]), name, text: format!("({value})") };
    let mut copy = state.clone();
    s.state(&mut copy)?;
    *state = copy;
    Ok(())
}

/// Replaces reads of `name` in Python code (a condition or right-hand side).
pub fn substitute_symbol_in_code(code: &str, name: &str, value: &Expr) -> Result<String, String> {
    let s = Subst { values: HashMap::new(), name, text: format!("({value})") };
    s.code(code)
}

struct Subst<'a> {
    values: HashMap<String, Expr>,
    name: &'a str,
    text: String,
}

impl Subst<'_> {
    fn expr(&self, e: &mut Expr) {
        *e = e.substitute(&self.values);
    }

    fn descriptor(&self, d: &mut DataDesc) {
        let exprs = d.shape.iter_mut().chain(d.strides.iter_mut().flatten()).chain(d.offset.iter_mut().flatten());
        exprs.chain(d.total_size.iter_mut()).chain(d.buffer_size.iter_mut()).for_each(|e| self.expr(e));
    }

    /// Python code (conditions, loop headers, assignment right-hand sides).
    fn code(&self, code: &str) -> Result<String, String> {
        if !mentions(code, self.name) {
            return Ok(code.to_string());
        }
        let names = HashMap::from([(self.name.to_string(), self.text.clone())]);
        crate::tasklet::replace_names(code, &names).map_err(|e| e.to_string())
    }

    fn block(&self, c: &mut CodeBlock) -> Result<(), String> {
        if c.language != "Python" && mentions(&c.code, self.name) {
            return Err(format!("symbol '{}' is read by {} code", self.name, c.language));
        }
        if c.language == "Python" {
            c.code = self.code(&c.code)?;
        }
        Ok(())
    }

    fn cfg(&self, cfg: &mut Cfg) -> Result<(), String> {
        for e in &mut cfg.edges {
            if let Some(c) = &mut e.condition {
                self.block(c)?;
            }
            for (_, rhs) in &mut e.assignments {
                *rhs = self.code(rhs)?;
            }
        }
        for b in &mut cfg.blocks {
            match &mut b.kind {
                BlockKind::State(s) => self.state(s)?,
                BlockKind::Region { cfg, .. } => self.cfg(cfg)?,
                BlockKind::Loop(l) => {
                    for c in l.init.iter_mut().chain(l.condition.iter_mut()).chain(l.update.iter_mut()) {
                        self.block(c)?;
                    }
                    self.cfg(&mut l.cfg)?;
                }
                BlockKind::Conditional(brs) => {
                    for br in brs {
                        if let Some(c) = &mut br.condition {
                            self.block(c)?;
                        }
                        self.cfg(&mut br.cfg)?;
                    }
                }
                BlockKind::Break | BlockKind::Continue | BlockKind::Return => {}
            }
        }
        Ok(())
    }

    fn state(&self, state: &mut State) -> Result<(), String> {
        for node in &mut state.nodes {
            let is_connector = node.has_in_connector(self.name) || node.has_out_connector(self.name);
            match &mut node.kind {
                // A connector of that name hides the symbol.
                NodeKind::Tasklet { .. } if is_connector => {}
                NodeKind::Tasklet { code } if code.language == "Python" => {
                    let new = self.code(&code.code)?;
                    if new != code.code {
                        crate::tasklet::parse(&new)
                            .map_err(|_| format!("symbol '{}' is assigned inside a tasklet", self.name))?;
                        code.code = new;
                    }
                }
                NodeKind::Tasklet { code } => self.block(code)?,
                NodeKind::MapEntry { map, .. } => super::scope_subst::substitute_subset(&mut map.range, &self.values),
                NodeKind::ConsumeEntry { consume, .. } => self.expr(&mut consume.num_pes),
                NodeKind::NestedSdfg { symbol_mapping, .. } => symbol_mapping.iter_mut().for_each(|(_, e)| self.expr(e)),
                NodeKind::Library { properties, .. } => {
                    if mentions(&serde_json::Value::Object(properties.clone()).to_string(), self.name) {
                        return Err(format!("symbol '{}' is read by library node '{}'", self.name, node.label));
                    }
                }
                _ => {}
            }
        }
        for e in &mut state.edges {
            let m = &mut e.memlet;
            for s in m.subset.iter_mut().chain(m.other_subset.iter_mut()) {
                super::scope_subst::substitute_subset(s, &self.values);
            }
            if let Some(v) = &mut m.volume {
                self.expr(v);
            }
        }
        Ok(())
    }
}

/// Whether `name` occurs in `text` as a whole word.
pub fn mentions(text: &str, name: &str) -> bool {
    let word = |c: char| c.is_alphanumeric() || c == '_';
    text.match_indices(name).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + name.len()..].chars().next();
        !before.is_some_and(word) && !after.is_some_and(word)
    })
}

/// Whether `e` reads nothing but symbols: no containers, no opaque calls.
pub fn is_pure(e: &Expr) -> bool {
    match e {
        Expr::Index(..) => false,
        Expr::Call(f, args) => {
            matches!(f.as_str(), "Min" | "Max" | "Abs" | "Mod" | "int_floor" | "int_ceil" | "floor" | "ceiling")
                && args.iter().all(is_pure)
        }
        Expr::Add(xs) | Expr::Mul(xs) | Expr::And(xs) | Expr::Or(xs) => xs.iter().all(is_pure),
        Expr::Pow(a, b) | Expr::Cmp(_, a, b) => is_pure(a) && is_pure(b),
        Expr::Not(a) => is_pure(a),
        _ => true,
    }
}

/// Parses a symbol assignment's right-hand side.
pub fn parse_value(text: &str) -> Option<Expr> {
    symbolic::parse(text.trim()).ok().map(|e| e.simplify())
}
