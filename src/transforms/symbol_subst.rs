//! Where an SDFG defines and reads a symbol, and replacing a symbol by an
//! expression everywhere it is read (descriptors, control flow, memlets, map
//! ranges, tasklets, nested-SDFG symbol mappings; not inside nested SDFGs,
//! which see outer symbols only through their mappings).

use crate::model::{Assignment, BlockKind, Cfg, CodeBlock, DataDesc, NodeKind, Sdfg, State};
use crate::symbolic::Expr;
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
        for a in &e.assignments {
            *counts.entry(a.symbol.clone()).or_default() += 1;
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
    crate::analysis::symbols::scope_bound(sdfg).contains(name)
}

/// Replaces every read of symbol `name` by `value`. Fails, leaving `sdfg`
/// unchanged, where the symbol is read by code that cannot be rewritten
/// (non-Python tasklets, library node properties).
pub fn substitute_symbol(sdfg: &mut Sdfg, name: &str, value: &Expr) -> Result<(), String> {
    substitute_symbols(sdfg, &HashMap::from([(name.to_string(), value.clone())]))
}

/// `substitute_symbol` for several symbols at once (none of the values may
/// name another of them).
pub fn substitute_symbols(sdfg: &mut Sdfg, values: &HashMap<String, Expr>) -> Result<(), String> {
    let mut copy = sdfg.clone();
    let texts = values.iter().map(|(k, v)| (k.clone(), format!("({v})"))).collect();
    let s = Subst { values: values.clone(), texts };
    for (_, d) in copy.containers.iter_mut() {
        s.descriptor(d);
    }
    s.cfg(&mut copy.cfg)?;
    *sdfg = copy;
    Ok(())
}

/// `substitute_symbols` inside one CFG (its edges, blocks and states), the
/// SDFG's descriptors left alone; fails, leaving it unchanged, as
/// `substitute_symbol` does.
pub fn substitute_symbols_in_cfg(cfg: &mut Cfg, values: &HashMap<String, Expr>) -> Result<(), String> {
    let texts = values.iter().map(|(k, v)| (k.clone(), format!("({v})"))).collect();
    let mut copy = cfg.clone();
    Subst { values: values.clone(), texts }.cfg(&mut copy)?;
    *cfg = copy;
    Ok(())
}

/// Replaces reads of symbol `name` by `value` inside one state; fails,
/// leaving it unchanged, as `substitute_symbol` does.
pub fn substitute_symbol_in_state(state: &mut State, name: &str, value: &Expr) -> Result<(), String> {
    let s = single(name, value);
    let mut copy = state.clone();
    s.state(&mut copy)?;
    *state = copy;
    Ok(())
}

/// Replaces reads of `name` in Python code (a condition or right-hand side).
pub fn substitute_symbol_in_code(code: &str, name: &str, value: &Expr) -> Result<String, String> {
    single(name, value).code(code)
}

fn single(name: &str, value: &Expr) -> Subst {
    Subst {
        values: HashMap::from([(name.to_string(), value.clone())]),
        texts: HashMap::from([(name.to_string(), format!("({value})"))]),
    }
}

struct Subst {
    values: HashMap<String, Expr>,
    /// Replacement text of each symbol in code.
    texts: HashMap<String, String>,
}

impl Subst {
    fn expr(&self, e: &mut Expr) {
        if e.free_symbols().iter().any(|s| self.values.contains_key(s)) {
            *e = e.substitute(&self.values);
        }
    }

    fn descriptor(&self, d: &mut DataDesc) {
        let exprs = d.shape.iter_mut().chain(d.strides.iter_mut().flatten()).chain(d.offset.iter_mut().flatten());
        exprs.chain(d.total_size.iter_mut()).chain(d.buffer_size.iter_mut()).for_each(|e| self.expr(e));
    }

    /// The first of the symbols that `text` names as a word.
    fn mentioned<'t>(&self, text: &'t str) -> Option<&'t str> {
        let word = |c: char| c.is_alphanumeric() || c == '_';
        text.split(|c: char| !word(c)).find(|w| self.values.contains_key(*w))
    }

    /// Python code (conditions, loop headers, assignment right-hand sides).
    fn code(&self, code: &str) -> Result<String, String> {
        if self.mentioned(code).is_none() {
            return Ok(code.to_string());
        }
        crate::tasklet::replace_names(code, &self.texts).map_err(|e| e.to_string())
    }

    fn block(&self, c: &mut CodeBlock) -> Result<(), String> {
        if c.language != "Python" {
            if let Some(name) = self.mentioned(&c.code) {
                return Err(format!("symbol '{name}' is read by {} code", c.language));
            }
        }
        if c.language == "Python" {
            c.code = self.code(&c.code)?;
        }
        Ok(())
    }

    fn cfg(&self, cfg: &mut Cfg) -> Result<(), String> {
        for e in &mut cfg.edges {
            if let Some(c) = &mut e.condition {
                c.edit(|c| self.block(c))?;
            }
            for a in &mut e.assignments {
                a.set_value(self.code(a.value())?);
            }
        }
        for b in &mut cfg.blocks {
            match &mut b.kind {
                BlockKind::State(s) => self.state(s)?,
                BlockKind::Region { cfg, .. } => self.cfg(cfg)?,
                BlockKind::Loop(l) => {
                    for c in l.init.iter_mut().chain(l.update.iter_mut()) {
                        c.edit(|c| self.block(c))?;
                    }
                    if let Some(c) = &mut l.condition {
                        c.edit(|c| self.block(c))?;
                    }
                    self.cfg(&mut l.cfg)?;
                }
                BlockKind::Conditional(brs) => {
                    for br in brs {
                        if let Some(c) = &mut br.condition {
                            c.edit(|c| self.block(c))?;
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
            let connectors: Vec<&String> = node.in_connectors.iter().chain(&node.out_connectors).map(|(c, _)| c).collect();
            // A connector of a symbol's name hides the symbol.
            let hidden = connectors.iter().any(|c| self.values.contains_key(*c));
            let narrowed;
            let subst = if hidden && matches!(node.kind, NodeKind::Tasklet { .. }) {
                let keep = |k: &String| !connectors.contains(&k);
                let values = self.values.iter().filter(|(k, _)| keep(k)).map(|(k, v)| (k.clone(), v.clone())).collect();
                let texts = self.texts.iter().filter(|(k, _)| keep(k)).map(|(k, v)| (k.clone(), v.clone())).collect();
                narrowed = Subst { values, texts };
                &narrowed
            } else {
                self
            };
            match &mut node.kind {
                NodeKind::Tasklet { code } if code.language == "Python" => {
                    let new = subst.code(&code.code)?;
                    if new != code.code {
                        crate::tasklet::parse(&new).map_err(|_| "a substituted symbol is assigned inside a tasklet".to_string())?;
                        code.code = new;
                    }
                }
                NodeKind::Tasklet { code } => subst.block(code)?,
                NodeKind::MapEntry { map, .. } => super::scope_subst::substitute_subset(&mut map.range, &self.values),
                NodeKind::ConsumeEntry { consume, .. } => self.expr(&mut consume.num_pes),
                NodeKind::NestedSdfg { symbol_mapping, .. } => symbol_mapping.iter_mut().for_each(|(_, e)| self.expr(e)),
                NodeKind::Library(lib) => {
                    if let Some(name) = self.mentioned(&lib.properties_text()) {
                        return Err(format!("symbol '{name}' is read by library node '{}'", node.label));
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
            (matches!(f.as_str(), "Min" | "Max" | "Abs" | "Mod" | "int_floor" | "int_ceil" | "floor" | "ceiling")
                || crate::symbolic::is_bit_op(f))
                && args.iter().all(is_pure)
        }
        Expr::Add(xs) | Expr::Mul(xs) | Expr::And(xs) | Expr::Or(xs) => xs.iter().all(is_pure),
        Expr::Pow(a, b) | Expr::Cmp(_, a, b) => is_pure(a) && is_pure(b),
        Expr::Not(a) => is_pure(a),
        _ => true,
    }
}

/// A symbol assignment's right-hand side, simplified.
pub fn assigned_value(a: &Assignment) -> Option<Expr> {
    a.expr().map(Expr::simplify)
}
