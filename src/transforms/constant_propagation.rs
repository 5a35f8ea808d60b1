//! ConstantPropagation: a symbol assigned once, to a value that cannot
//! change (a number, or an expression of symbols nothing assigns), is
//! replaced by that value everywhere and its assignment and declaration go
//! (DaCe's ConstantPropagation, for single definitions).
//!
//! ```mlir
//! sdfg.symbol "k" {dtype = #sdfg.dtype<int64>}
//! %s0 = sdfg.state "s0" { }
//! %s1 = sdfg.state "s1" { ... sdfg.memlet %A[k] ... }
//! sdfg.edge %s0 -> %s1 {assignments = #sdfg.assign<k = "N - 1">}
//! ```
//! becomes
//! ```mlir
//! %s0 = sdfg.state "s0" { }
//! %s1 = sdfg.state "s1" { ... sdfg.memlet %A[N - 1] ... }
//! sdfg.edge %s0 -> %s1
//! ```
//!
//! Preconditions: the symbol is assigned on exactly one interstate edge and
//! is no argument, loop variable or map parameter; the value reads no data
//! and calls no opaque function, and its symbols are assigned nowhere. A
//! program reads a symbol only after assigning it, and every assignment
//! gives the same value, so every read sees that value. Reads by non-Python
//! code or library-node properties block it.
//!
//! Applied everywhere, it takes all candidates in one substitution, and
//! also symbols whose values read other such symbols (`a = 1`, `b = a + 1`
//! gives `b = 2`; cycles and values longer than 200 characters excepted),
//! which one-by-one application would reach only after their inputs.

use super::place::{cfg_at, visit_cfgs, Step};
use super::symbol_subst::{assignment_counts, is_pure, is_scope_bound, assigned_value, substitute_symbol, substitute_symbols};
use super::{Match, Options, Place, Transformation};
use crate::model::Sdfg;
use crate::symbolic::Expr;
use std::collections::HashMap;

pub struct ConstantPropagation;

struct Candidate {
    place: Place,
    symbol: String,
    value: Expr,
    description: String,
}

impl Transformation for ConstantPropagation {
    fn name(&self) -> &'static str {
        "sdfg-constant-propagation"
    }

    fn summary(&self) -> &'static str {
        "Replace symbols assigned once with an unchanging value by that value"
    }

    fn matches(&self, sdfg: &Sdfg) -> Vec<Match> {
        candidates(sdfg).into_iter().map(|c| Match { place: c.place, description: c.description }).collect()
    }

    fn apply(&self, sdfg: &mut Sdfg, m: &Match, _options: &Options) -> Result<(), String> {
        let c = candidates(sdfg).into_iter().find(|c| c.place == m.place).ok_or("the match no longer applies")?;
        let mut new = sdfg.clone();
        substitute_symbol(&mut new, &c.symbol, &c.value)?;
        let (cfg_path, edge) = (&c.place.state[..c.place.state.len() - 1], c.place.node);
        let cfg = cfg_at(&mut new.cfg, cfg_path).ok_or("match refers to a missing region")?;
        cfg.edges[edge].assignments.retain(|a| a.symbol != c.symbol);
        new.symbols.retain(|(n, _)| *n != c.symbol);
        *sdfg = new;
        Ok(())
    }

    // All candidates in one substitution, chains (`a = 1`, `b = a + 1`)
    // resolved first: one by one, each search and substitution would walk
    // the whole SDFG again.
    fn apply_everywhere(&self, sdfg: &mut Sdfg, options: &Options, limit: usize) -> Result<usize, String> {
        let mut count = 0;
        while count < limit {
            let batch: Vec<Resolved> = resolved(sdfg).into_iter().take(limit - count).collect();
            if batch.is_empty() {
                break;
            }
            let values: HashMap<String, Expr> = batch.iter().map(|r| (r.symbol.clone(), r.value.clone())).collect();
            let mut new = sdfg.clone();
            if substitute_symbols(&mut new, &values).is_ok() {
                for r in &batch {
                    let cfg = cfg_at(&mut new.cfg, &r.cfg).ok_or("a candidate refers to a missing region")?;
                    cfg.edges[r.edge].assignments.retain(|a| a.symbol != r.symbol);
                }
                new.symbols.retain(|(n, _)| !values.contains_key(n));
                *sdfg = new;
                count += batch.len();
                continue;
            }
            // Some reader cannot be rewritten: the careful way, one at a time.
            let Some(m) = self.matches(sdfg).into_iter().next() else { break };
            self.apply(sdfg, &m, options)?;
            count += 1;
        }
        Ok(count)
    }
}

/// A candidate with its value in terms of unassigned symbols only.
struct Resolved {
    symbol: String,
    value: Expr,
    cfg: Vec<Step>,
    edge: usize,
}

/// Longest resolved value (printed) taken; longer chains of substitutions
/// would only bloat the code.
const MAX_VALUE_LEN: usize = 200;

/// Symbols assigned once to a pure value whose symbols are unassigned or
/// themselves such symbols (without cycles), values resolved in
/// dependency order.
fn resolved(sdfg: &Sdfg) -> Vec<Resolved> {
    let counts = assignment_counts(sdfg);
    let bound = crate::analysis::symbols::scope_bound(sdfg);
    let mut defs: HashMap<String, (Expr, Vec<Step>, usize)> = HashMap::new();
    visit_cfgs(&sdfg.cfg, &mut Vec::new(), &mut |path, cfg| {
        for (i, e) in cfg.edges.iter().enumerate() {
            for a in &e.assignments {
                let symbol = &a.symbol;
                let Some(value) = assigned_value(a).filter(is_pure) else { continue };
                if counts.get(symbol) == Some(&1)
                    && !sdfg.arg_names.contains(symbol)
                    && sdfg.container(symbol).is_none()
                    && !bound.contains(symbol)
                {
                    defs.insert(symbol.clone(), (value, path.to_vec(), i));
                }
            }
        }
    });
    // Kahn's algorithm over "value reads symbol"; cycles never get ready.
    let mut waiting: HashMap<&str, usize> = HashMap::new();
    let mut readers: HashMap<&str, Vec<&str>> = HashMap::new();
    let mut ready = Vec::new();
    for (s, (value, _, _)) in &defs {
        let deps: Vec<String> = value.free_symbols().into_iter().filter(|f| defs.contains_key(f)).collect();
        for d in &deps {
            let d = defs.get_key_value(d).map(|(k, _)| k.as_str()).unwrap_or_default();
            readers.entry(d).or_default().push(s);
        }
        waiting.insert(s, deps.len());
        if deps.is_empty() {
            ready.push(s.as_str());
        }
    }
    let mut values: HashMap<String, Option<Expr>> = HashMap::new();
    while let Some(s) = ready.pop() {
        let (value, _, _) = &defs[s];
        let fixed = value.free_symbols().iter().all(|f| match values.get(f) {
            Some(v) => v.is_some(),
            None => !counts.contains_key(f) && sdfg.container(f).is_none(),
        });
        let known: HashMap<String, Expr> =
            value.free_symbols().into_iter().filter_map(|f| Some((f.clone(), values.get(&f)?.clone()?))).collect();
        let v = fixed.then(|| value.substitute(&known)).filter(|v| v.to_string().len() <= MAX_VALUE_LEN);
        values.insert(s.to_string(), v);
        for r in readers.get(s).into_iter().flatten() {
            if let Some(n) = waiting.get_mut(r) {
                *n -= 1;
                if *n == 0 {
                    ready.push(r);
                }
            }
        }
    }
    let mut out: Vec<Resolved> = values
        .into_iter()
        .filter_map(|(symbol, v)| {
            let (_, cfg, edge) = defs.get(&symbol)?.clone();
            Some(Resolved { value: v?, symbol, cfg, edge })
        })
        .collect();
    out.sort_by(|a, b| a.symbol.cmp(&b.symbol));
    out
}

fn candidates(sdfg: &Sdfg) -> Vec<Candidate> {
    let counts = assignment_counts(sdfg);
    let mut out = Vec::new();
    visit_cfgs(&sdfg.cfg, &mut Vec::new(), &mut |path, cfg| {
        for (i, e) in cfg.edges.iter().enumerate() {
            for a in &e.assignments {
                let symbol = &a.symbol;
                let Some(value) = assigned_value(a) else { continue };
                let unchanging = is_pure(&value)
                    && value.free_symbols().iter().all(|s| !counts.contains_key(s) && sdfg.container(s).is_none());
                if counts.get(symbol) != Some(&1)
                    || !unchanging
                    || sdfg.arg_names.contains(symbol)
                    || sdfg.container(symbol).is_some()
                    || is_scope_bound(sdfg, symbol)
                    || substitute_symbol(&mut sdfg.clone(), symbol, &value).is_err()
                {
                    continue;
                }
                let mut state = path.to_vec();
                state.push(Step::Block(e.src));
                let description = format!(
                    "symbol '{symbol}' = {value} on edge '{}' -> '{}'",
                    cfg.blocks[e.src].label, cfg.blocks[e.dst].label
                );
                out.push(Candidate { place: Place { state, node: i }, symbol: symbol.clone(), value, description });
            }
        }
    });
    out
}
