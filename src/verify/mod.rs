//! The SDFG verifier: DaCe 1.0.2's validation rules (`dace/sdfg/validation.py`)
//! applied to the in-memory model.
//!
//! It never stops at the first problem: every rule runs over every element
//! and each violation becomes one [`Diagnostic`] carrying the element's
//! [`Loc`]. It runs on untrusted input, so indices are always checked before
//! use and rules that need a well-formed graph (scopes, memlet paths) are
//! skipped where the graph is already known to be broken.

mod cfg;
mod containers;
mod copies;
mod exprs;
mod memlets;
mod nested;
mod paths;
mod references;
mod scopes;
mod state;
mod symbols;

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_cfg;
#[cfg(test)]
mod tests_state;

use crate::diag::{Diagnostic, Diagnostics};
use crate::model::{BlockKind, Cfg, Loc, LoopStatements, Sdfg, State};
use crate::model::{DataDesc, ScalarType};
use crate::symbolic::Expr;
use std::collections::{BTreeSet, HashMap, HashSet};

/// Checks `sdfg` (and every nested SDFG) against DaCe's validation rules.
/// Returns every error found, each with the location of the element concerned.
pub fn verify(sdfg: &Sdfg) -> Result<(), Diagnostics> {
    let mut v = Verifier::default();
    v.sdfg(sdfg);
    if v.diags.is_empty() {
        Ok(())
    } else {
        Err(Diagnostics(v.diags))
    }
}

/// Collects diagnostics while the rule groups run.
#[derive(Default)]
pub(crate) struct Verifier {
    diags: Vec<Diagnostic>,
    /// How many nested SDFGs enclose the one being checked.
    depth: usize,
    /// `end - size` of memlet dimensions, when constant: programs repeat the
    /// same pairs, and simplifying them dominated the bounds rule.
    end_minus_size: std::collections::HashMap<(Expr, Expr), Option<i64>>,
}

impl Verifier {
    /// `end - size` as a constant, if it is one.
    pub(crate) fn end_minus_size(&mut self, end: &Expr, size: &Expr) -> Option<i64> {
        if let (Some(a), Some(b)) = (end.as_int(), size.as_int()) {
            return a.checked_sub(b);
        }
        *self.end_minus_size.entry((end.clone(), size.clone())).or_insert_with(|| end.sub(size).as_int())
    }

    pub(crate) fn error(&mut self, loc: &Loc, message: impl Into<String>) {
        self.diags.push(Diagnostic::new(loc, message));
    }

    /// Verifies one SDFG; nested SDFGs come back here through `nested`.
    pub(crate) fn sdfg(&mut self, sdfg: &Sdfg) {
        if !valid_name(&sdfg.name) {
            self.error(&sdfg.loc, format!("invalid sdfg name '{}'", sdfg.name));
        }
        let env = Env::new(sdfg);
        containers::check(self, &env, self.depth == 0);
        self.depth += 1;
        cfg::check(self, &env);
        references::check(self, &env);
        self.depth -= 1;
    }
}

/// What one SDFG defines, shared by the rule groups.
pub(crate) struct Env<'a> {
    pub sdfg: &'a Sdfg,
    /// Declared symbols, containers, constants, and every name assigned by
    /// an interstate edge or a loop (DaCe adds those as it walks the CFG;
    /// we accept them anywhere, which never rejects a valid SDFG).
    defined: BTreeSet<String>,
    /// Names assigned inside this SDFG (interstate edges, loops).
    pub assigned: BTreeSet<String>,
    /// Lookups by name, built once: every state asks them for each of its
    /// nodes and memlets, and a scan per question would make checking an
    /// SDFG quadratic in its size. The first declaration of a name wins,
    /// as in `Sdfg::container`.
    containers: HashMap<&'a str, &'a DataDesc>,
    constants: HashSet<&'a str>,
    symbols: HashMap<&'a str, ScalarType>,
}

impl<'a> Env<'a> {
    pub fn new(sdfg: &'a Sdfg) -> Env<'a> {
        let mut assigned = BTreeSet::new();
        collect_assigned(&sdfg.cfg, &mut assigned);
        let mut defined: BTreeSet<String> = sdfg.symbols.iter().map(|(n, _)| n.clone()).collect();
        defined.extend(sdfg.containers.iter().map(|(n, _)| n.clone()));
        defined.extend(sdfg.constants.iter().map(|c| c.name.clone()));
        // DaCe maps callbacks into nested SDFGs by name (`numpy_sort: numpy_sort`).
        defined.extend(sdfg.callbacks.iter().map(|c| c.name.clone()));
        defined.extend(assigned.iter().cloned());
        let mut containers = HashMap::new();
        for (n, d) in &sdfg.containers {
            containers.entry(n.as_str()).or_insert(d);
        }
        let constants = sdfg.constants.iter().map(|c| c.name.as_str()).collect();
        let mut symbols = HashMap::new();
        for (n, t) in &sdfg.symbols {
            symbols.entry(n.as_str()).or_insert(*t);
        }
        Env { sdfg, defined, assigned, containers, constants, symbols }
    }

    /// Whether `name` may appear free in an expression of this SDFG.
    pub fn is_defined(&self, name: &str) -> bool {
        self.defined.contains(name) || exprs::is_builtin_name(name)
    }

    pub fn container(&self, name: &str) -> Option<&'a DataDesc> {
        self.containers.get(name).copied()
    }

    pub fn has_container(&self, name: &str) -> bool {
        self.containers.contains_key(name)
    }

    pub fn has_constant(&self, name: &str) -> bool {
        self.constants.contains(name)
    }

    pub fn symbol_type(&self, name: &str) -> Option<ScalarType> {
        self.symbols.get(name).copied()
    }
}

/// Names written by interstate assignments and loop statements, through
/// regions, loops and branches (not into nested SDFGs, which have their own).
fn collect_assigned(cfg: &Cfg, out: &mut BTreeSet<String>) {
    for e in &cfg.edges {
        out.extend(e.assignments.iter().map(|a| a.symbol.clone()));
    }
    for b in &cfg.blocks {
        match &b.kind {
            BlockKind::Region { cfg, .. } => collect_assigned(cfg, out),
            BlockKind::Loop(l) => {
                if !l.loop_variable.is_empty() {
                    out.insert(l.loop_variable.clone());
                }
                for code in [&l.init, &l.update].into_iter().flatten() {
                    out.extend(statement_targets(code));
                }
                collect_assigned(&l.cfg, out);
            }
            BlockKind::Conditional(branches) => {
                branches.iter().for_each(|br| collect_assigned(&br.cfg, out));
            }
            BlockKind::State(_) | BlockKind::Break | BlockKind::Continue | BlockKind::Return => {}
        }
    }
}

/// Every state of a CFG, through regions, loops and branches (not into
/// nested SDFGs).
pub(crate) fn states(cfg: &Cfg) -> Vec<&State> {
    let mut out = Vec::new();
    let mut stack = vec![cfg];
    while let Some(cfg) = stack.pop() {
        for b in &cfg.blocks {
            match &b.kind {
                BlockKind::State(s) => out.push(s),
                BlockKind::Region { cfg, .. } => stack.push(cfg),
                BlockKind::Loop(l) => stack.push(&l.cfg),
                BlockKind::Conditional(branches) => stack.extend(branches.iter().map(|br| &br.cfg)),
                BlockKind::Break | BlockKind::Continue | BlockKind::Return => {}
            }
        }
    }
    out
}

/// Left-hand sides of the `name = expr` statements of a loop init/update.
fn statement_targets(code: &LoopStatements) -> Vec<String> {
    code.statements().iter().filter_map(|s| s.lhs()).map(|lhs| exprs::assigned_name(lhs).to_string()).collect()
}

pub(crate) use crate::syntax::valid_name;
