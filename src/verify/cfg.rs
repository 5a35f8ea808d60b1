//! Control flow: blocks, interstate edges, loops, conditionals, break and
//! continue (DaCe: `validate_control_flow_region`), recursing through
//! regions, loop bodies and branches down to the states.

use super::exprs::{check_code_expr, check_code_statements, report_parse_error, report_undefined};
use super::{state, valid_name, Env, Verifier};
use crate::model::{Block, BlockKind, Cfg, InterstateEdge, Loc, LoopRegion};
use crate::symbolic::Expr;
use std::cell::RefCell;
use std::collections::BTreeSet;

pub(super) fn check(v: &mut Verifier, env: &Env) {
    let sdfg = env.sdfg;
    region(v, env, &sdfg.cfg, &sdfg.name, &sdfg.loc, false);
}

/// One control-flow region; `in_loop` says whether a LoopRegion encloses it
/// (within this SDFG: a nested SDFG starts afresh).
fn region(v: &mut Verifier, env: &Env, cfg: &Cfg, owner: &str, loc: &Loc, in_loop: bool) {
    let n = cfg.blocks.len();
    // Edge ends per block, counted once (a scan per block is quadratic).
    let (mut ins, mut touching) = (vec![0usize; n], vec![false; n]);
    for e in &cfg.edges {
        if let Some(k) = ins.get_mut(e.dst) {
            *k += 1;
        }
        for end in [e.src, e.dst] {
            if let Some(t) = touching.get_mut(end) {
                *t = true;
            }
        }
    }
    let sources = ins.iter().filter(|&&k| k == 0).count();
    match cfg.start_block {
        Some(s) if s >= n => {
            v.error(loc, format!("start block {s} of '{owner}' does not exist ({n} blocks)"))
        }
        None if sources > 1 => v.error(loc, format!("start block of '{owner}' is ambiguous")),
        _ => {}
    }
    for e in &cfg.edges {
        edge(v, env, e, n);
    }
    // DaCe names blocks by label within their region.
    let mut labels = BTreeSet::new();
    for b in cfg.blocks.iter().filter(|b| !b.label.is_empty()) {
        if !labels.insert(b.label.as_str()) {
            v.error(&b.loc, format!("several blocks are labelled '{}' in '{owner}'", b.label));
        }
    }
    for (i, b) in cfg.blocks.iter().enumerate() {
        let connected = touching[i];
        // DaCe rejects a state no edge reaches when it has siblings.
        if n > 1 && !connected && matches!(b.kind, BlockKind::State(_)) {
            v.error(&b.loc, format!("state '{}' is unreachable", b.label));
        }
        block(v, env, b, in_loop);
    }
}

fn edge(v: &mut Verifier, env: &Env, e: &InterstateEdge, n: usize) {
    for (end, idx) in [("source", e.src), ("destination", e.dst)] {
        if idx >= n {
            v.error(&e.loc, format!("interstate edge {end} {idx} does not exist ({n} blocks)"));
        }
    }
    let none = BTreeSet::new();
    if let Some(c) = &e.condition {
        check_code_expr(v, env, &none, c, &e.loc, "interstate edge condition");
    }
    for a in &e.assignments {
        let lhs = &a.symbol;
        if !valid_name(lhs) {
            v.error(&e.loc, format!("interstate edge assigns to invalid symbol name '{lhs}'"));
        }
        if let Some((name, dims)) = sized_argument(env, lhs) {
            v.error(
                &e.loc,
                format!(
                    "interstate edge assigns to symbol '{lhs}', which sizes non-transient '{name}' (shape ({dims})); \
                     the shape of a container the caller passes cannot change while the program runs"
                ),
            );
        }
        let what = format!("assignment to '{lhs}'");
        if let Some(x) = report_parse_error(v, a.parsed(), a.value(), &e.loc, &what) {
            report_undefined(v, env, &none, x, &e.loc, &what);
            // DaCe: the assignments of one edge happen at once, so reading
            // a name another of them writes is a race.
            let read = symbols_and_functions(x);
            for other in e.assignments.iter().map(|o| &o.symbol).filter(|n| *n != lhs && read.contains(*n)) {
                v.error(
                    &e.loc,
                    format!("assignment to '{lhs}' reads '{other}', which the same interstate edge assigns"),
                );
            }
        }
    }
}

/// The first non-transient container whose shape or strides use `symbol`,
/// with its shape as text.
fn sized_argument(env: &Env, symbol: &str) -> Option<(String, String)> {
    env.sdfg.containers.iter().filter(|(_, d)| !d.transient).find_map(|(name, d)| {
        let strides = d.strides.iter().flatten();
        let uses = d.shape.iter().chain(strides).any(|x| x.free_symbols().contains(symbol));
        let dims: Vec<String> = d.shape.iter().map(|x| x.to_string()).collect();
        uses.then(|| (name.clone(), dims.join(", ")))
    })
}

/// Free symbols and called function names (DaCe: `free_symbols_and_functions`).
fn symbols_and_functions(x: &Expr) -> BTreeSet<String> {
    let calls = RefCell::new(x.free_symbols());
    x.any(&|e| {
        if let Expr::Call(name, _) = e {
            calls.borrow_mut().insert(name.clone());
        }
        false
    });
    calls.into_inner()
}

/// DaCe's `validate_name` for state labels: dot-separated C identifiers,
/// other than `True`, `False` and `None`.
fn valid_state_name(name: &str) -> bool {
    !matches!(name, "True" | "False" | "None") && name.split('.').all(|t| {
        let mut chars = t.chars();
        matches!(chars.next(), Some(c) if c.is_ascii_alphabetic() || c == '_')
            && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
    })
}

fn block(v: &mut Verifier, env: &Env, b: &Block, in_loop: bool) {
    if b.label.is_empty() {
        v.error(&b.loc, format!("{} has an empty label", kind_name(&b.kind)));
    } else if matches!(b.kind, BlockKind::State(_)) && !valid_state_name(&b.label) {
        // DaCe checks the names of states only, not of other blocks.
        v.error(&b.loc, format!("invalid state name '{}'", b.label));
    }
    match &b.kind {
        BlockKind::State(s) => state::check(v, env, s, b),
        BlockKind::Region { cfg, .. } => region(v, env, cfg, &b.label, &b.loc, in_loop),
        BlockKind::Loop(l) => loop_region(v, env, l, b),
        BlockKind::Conditional(branches) => {
            let none = BTreeSet::new();
            let last = branches.len().saturating_sub(1);
            for (i, br) in branches.iter().enumerate() {
                match &br.condition {
                    None if i != last => v.error(
                        &br.loc,
                        format!("branch {i} of conditional '{}' has no condition but is not the last", b.label),
                    ),
                    None => {}
                    Some(c) => check_code_expr(v, env, &none, c, &br.loc, "branch condition"),
                }
                let owner = if br.label.is_empty() { &b.label } else { &br.label };
                region(v, env, &br.cfg, owner, &br.loc, in_loop);
            }
        }
        BlockKind::Break | BlockKind::Continue if !in_loop => {
            v.error(&b.loc, format!("{} '{}' is not inside a loop", kind_name(&b.kind), b.label));
        }
        BlockKind::Break | BlockKind::Continue | BlockKind::Return => {}
    }
}

fn loop_region(v: &mut Verifier, env: &Env, l: &LoopRegion, b: &Block) {
    let var = &l.loop_variable;
    if !var.is_empty() && !valid_name(var) {
        v.error(&b.loc, format!("loop '{}' has invalid loop variable '{var}'", b.label));
    } else if !var.is_empty() && env.symbol_type(var).is_none() {
        v.error(&b.loc, format!("loop variable '{var}' of loop '{}' is not a declared symbol", b.label));
    }
    let none = BTreeSet::new();
    if let Some(c) = &l.condition {
        check_code_expr(v, env, &none, c, &b.loc, "loop condition");
    }
    if let Some(c) = &l.init {
        check_code_statements(v, env, &none, c, &b.loc, "loop init statement");
    }
    if let Some(c) = &l.update {
        check_code_statements(v, env, &none, c, &b.loc, "loop update statement");
    }
    region(v, env, &l.cfg, &b.label, &b.loc, true);
}

fn kind_name(kind: &BlockKind) -> &'static str {
    match kind {
        BlockKind::State(_) => "state",
        BlockKind::Region { .. } => "region",
        BlockKind::Loop(_) => "loop",
        BlockKind::Conditional(_) => "conditional",
        BlockKind::Break => "break",
        BlockKind::Continue => "continue",
        BlockKind::Return => "return",
    }
}
