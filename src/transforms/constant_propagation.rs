//! ConstantPropagation: a symbol assigned once, to a value that cannot
//! change (a number, or an expression of symbols nothing assigns), is
//! replaced by that value everywhere and its assignment and declaration go
//! (DaCe's ConstantPropagation, for single definitions).
//!
//! ```mlir
//! sdfg.symbol "k" {dtype = "int64"}
//! %s0 = sdfg.state "s0" { }
//! %s1 = sdfg.state "s1" { ... sdfg.memlet %A[k] ... }
//! sdfg.edge %s0 -> %s1 {assignments = ["k = N - 1"]}
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

use super::place::{cfg_at, visit_cfgs, Step};
use super::symbol_subst::{assignment_counts, is_pure, is_scope_bound, parse_value, substitute_symbol};
use super::{Match, Options, Place, Transformation};
use crate::model::Sdfg;
use crate::symbolic::Expr;

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
        cfg.edges[edge].assignments.retain(|(n, _)| *n != c.symbol);
        new.symbols.retain(|(n, _)| *n != c.symbol);
        *sdfg = new;
        Ok(())
    }
}

fn candidates(sdfg: &Sdfg) -> Vec<Candidate> {
    let counts = assignment_counts(sdfg);
    let mut out = Vec::new();
    visit_cfgs(&sdfg.cfg, &mut Vec::new(), &mut |path, cfg| {
        for (i, e) in cfg.edges.iter().enumerate() {
            for (symbol, rhs) in &e.assignments {
                let Some(value) = parse_value(rhs) else { continue };
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
