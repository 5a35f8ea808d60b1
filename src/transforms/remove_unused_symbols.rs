//! RemoveUnusedSymbols: symbols nothing reads lose their declaration and
//! their interstate assignments (DaCe's RemoveUnusedSymbols pass).
//!
//! ```mlir
//! sdfg.symbol "k" {dtype = #sdfg.dtype<int64>}
//! %s0 = sdfg.state "s0" { }
//! %s1 = sdfg.state "s1" { }
//! sdfg.edge %s0 -> %s1 {assignments = #sdfg.assign<k = "N + 1">}
//! ```
//! (with `k` read nowhere) becomes
//! ```mlir
//! %s0 = sdfg.state "s0" { }
//! %s1 = sdfg.state "s1" { }
//! sdfg.edge %s0 -> %s1
//! ```
//!
//! A symbol is read when its name occurs in a descriptor, a memlet, a map
//! or consume range, a nested-SDFG symbol mapping, a condition, an
//! assignment's right-hand side (its own too), loop code, tasklet code of
//! any language, a library node's properties or the SDFG's global code, or
//! when it is a loop variable or map parameter; text that does not parse
//! counts every word in it. Arguments (and, inside nested SDFGs, mapped
//! symbols) always stay: the caller gives them. A free symbol that is no
//! argument and read nowhere goes; callers that still pass a value for it
//! are not affected (the runner ignores values of unknown symbols).

use super::place::visit_cfgs;
use super::{Match, Options, Place, Transformation};
use crate::model::{BlockKind, Cfg, Condition, NodeKind, Sdfg};
use crate::symbolic::Expr;
use std::collections::{BTreeMap, HashSet};

pub struct RemoveUnusedSymbols;

impl Transformation for RemoveUnusedSymbols {
    fn name(&self) -> &'static str {
        "sdfg-remove-unused-symbols"
    }

    fn summary(&self) -> &'static str {
        "Remove symbols nothing reads: their declarations and interstate assignments"
    }

    fn matches(&self, sdfg: &Sdfg) -> Vec<Match> {
        unused(sdfg)
            .into_iter()
            .enumerate()
            .map(|(i, (name, edges))| {
                let declared = if sdfg.symbol_type(&name).is_some() { "declared" } else { "undeclared" };
                let description = format!("symbol '{name}' ({declared}, assigned on {edges} edge(s))");
                Match { place: Place { state: Vec::new(), node: i }, description }
            })
            .collect()
    }

    fn apply(&self, sdfg: &mut Sdfg, m: &Match, _options: &Options) -> Result<(), String> {
        let names = unused(sdfg);
        let (name, _) = names.into_iter().nth(m.place.node).ok_or("the match no longer applies")?;
        remove(sdfg, &HashSet::from([name]));
        Ok(())
    }

    // Removing assignments can leave the symbols they read unused: remove
    // everything unused at once, then look again.
    fn apply_everywhere(&self, sdfg: &mut Sdfg, _options: &Options, limit: usize) -> Result<usize, String> {
        let mut count = 0;
        while count < limit {
            let names: HashSet<String> = unused(sdfg).into_keys().take(limit - count).collect();
            if names.is_empty() {
                break;
            }
            count += names.len();
            remove(sdfg, &names);
        }
        Ok(count)
    }
}

/// Unused symbols (declared or assigned), with how many edges assign them.
fn unused(sdfg: &Sdfg) -> BTreeMap<String, usize> {
    let used = used_names(sdfg);
    let keep = |n: &str| used.contains(n) || sdfg.arg_names.iter().any(|a| a == n);
    let mut out: BTreeMap<String, usize> = BTreeMap::new();
    for (name, _) in &sdfg.symbols {
        if !keep(name) {
            out.entry(name.clone()).or_default();
        }
    }
    visit_cfgs(&sdfg.cfg, &mut Vec::new(), &mut |_, cfg| {
        for e in &cfg.edges {
            for a in e.assignments.iter().filter(|a| !keep(&a.symbol)) {
                *out.entry(a.symbol.clone()).or_default() += 1;
            }
        }
    });
    out
}

fn remove(sdfg: &mut Sdfg, names: &HashSet<String>) {
    sdfg.symbols.retain(|(n, _)| !names.contains(n));
    remove_assignments(&mut sdfg.cfg, names);
}

fn remove_assignments(cfg: &mut Cfg, names: &HashSet<String>) {
    for e in &mut cfg.edges {
        e.assignments.retain(|a| !names.contains(&a.symbol));
    }
    for b in &mut cfg.blocks {
        match &mut b.kind {
            BlockKind::Region { cfg, .. } => remove_assignments(cfg, names),
            BlockKind::Loop(l) => remove_assignments(&mut l.cfg, names),
            BlockKind::Conditional(brs) => brs.iter_mut().for_each(|br| remove_assignments(&mut br.cfg, names)),
            _ => {}
        }
    }
}

/// Every name the SDFG may read as a symbol (a superset).
fn used_names(sdfg: &Sdfg) -> HashSet<String> {
    let mut out = HashSet::new();
    for (_, d) in &sdfg.containers {
        let exprs = d.shape.iter().chain(d.strides.iter().flatten()).chain(d.offset.iter().flatten());
        for e in exprs.chain(d.total_size.iter()).chain(d.buffer_size.iter()) {
            out.extend(e.free_symbols());
        }
    }
    for key in ["global_code", "init_code", "exit_code"] {
        if let Some(v) = sdfg.extra.get(key) {
            words(&v.to_string(), &mut out);
        }
    }
    visit_cfgs(&sdfg.cfg, &mut Vec::new(), &mut |_, cfg| {
        for e in &cfg.edges {
            e.condition.iter().for_each(|c| condition(c, &mut out));
            e.assignments.iter().for_each(|a| parsed(a.expr(), a.value(), &mut out));
        }
        for b in &cfg.blocks {
            match &b.kind {
                BlockKind::Loop(l) => {
                    out.insert(l.loop_variable.clone());
                    [l.init.as_deref(), l.condition.as_deref(), l.update.as_deref()].into_iter().flatten().for_each(|c| words(&c.code, &mut out));
                }
                BlockKind::Conditional(brs) => brs.iter().flat_map(|br| &br.condition).for_each(|c| condition(c, &mut out)),
                BlockKind::State(s) => {
                    s.nodes.iter().for_each(|n| {
                        node_names(&n.kind, &mut out);
                        for key in ["code_global", "code_init", "code_exit"] {
                            n.extra.get(key).iter().for_each(|v| words(&v.to_string(), &mut out));
                        }
                    });
                    for e in &s.edges {
                        let m = &e.memlet;
                        m.subset.iter().chain(m.other_subset.iter()).for_each(|s| out.extend(s.free_symbols()));
                        m.volume.iter().for_each(|v| out.extend(v.free_symbols()));
                        m.wcr.iter().for_each(|w| words(w.text(), &mut out));
                    }
                }
                _ => {}
            }
        }
    });
    out
}

fn node_names(kind: &NodeKind, out: &mut HashSet<String>) {
    match kind {
        NodeKind::Tasklet { code } => words(&code.code, out),
        NodeKind::MapEntry { .. } | NodeKind::ConsumeEntry { .. } => scope_entry_names(kind, out),
        NodeKind::NestedSdfg { sdfg, symbol_mapping } => {
            symbol_mapping.iter().for_each(|(_, e)| out.extend(e.free_symbols()));
            // Symbols a nested SDFG declares without a mapping come from here.
            let mapped = |n: &str| symbol_mapping.iter().any(|(k, _)| k == n);
            out.extend(sdfg.symbols.iter().filter(|(n, _)| !mapped(n)).map(|(n, _)| n.clone()));
        }
        NodeKind::Library(lib) => words(&lib.properties_text(), out),
        _ => {}
    }
}

/// The names a map or consume entry binds or reads: parameters, the
/// symbols of its range, the words of its condition.
pub(super) fn scope_entry_names(kind: &NodeKind, out: &mut HashSet<String>) {
    match kind {
        NodeKind::MapEntry { map, .. } => {
            out.extend(map.params.iter().cloned());
            out.extend(map.range.free_symbols());
        }
        NodeKind::ConsumeEntry { consume, .. } => {
            out.insert(consume.pe_index.clone());
            out.extend(consume.num_pes.free_symbols());
            consume.condition.iter().for_each(|c| words(&c.code, out));
        }
        _ => {}
    }
}

fn condition(c: &Condition, out: &mut HashSet<String>) {
    if c.is_python() {
        parsed(c.parsed().ok(), &c.code, out);
    } else {
        words(&c.code, out);
    }
}

/// The symbols of `text` read as `parsed`; every word when it is not an
/// expression.
fn parsed(parsed: Option<&Expr>, text: &str, out: &mut HashSet<String>) {
    match parsed {
        Some(e) => out.extend(e.free_symbols()),
        None => words(text, out),
    }
}

/// Every identifier of `text`.
pub(super) fn words(text: &str, out: &mut HashSet<String>) {
    out.extend(crate::analysis::symbols::words(text).map(str::to_string));
}
