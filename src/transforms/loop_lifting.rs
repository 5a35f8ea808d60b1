//! Loop lifting: a `for` loop written as a state machine becomes a
//! LoopRegion.
//!
//! DaCe's Python frontend (without experimental blocks) writes
//! `for t in range(a, b, c)` as
//!
//! ```text
//! init --(t = a)--> guard --(t < b)--> body ... latch --(t = t + c)--> guard
//!                   guard --(not (t < b))--> end
//! ```
//!
//! where `guard` is an empty state. Lifting turns `guard` and the body into
//!
//! ```text
//! init --> for_guard: LoopRegion(init t = a; t < b; t = t + c) { body ... latch } --> end
//! ```
//!
//! Preconditions: the guard is an empty state with exactly these four
//! edges (one entry, one back edge whose only assignment is the update, a
//! test and its negation); the blocks reachable from the body entry without
//! passing the guard are left only through the back edge and entered only
//! from the guard; the loop exit is not among them. Semantics are
//! unchanged: the same blocks run in the same order with the same symbol
//! values.

use crate::model::cfg_graph::CfgGraph;
use crate::model::{Block, BlockKind, Cfg, InterstateEdge, LoopRegion, LoopStatements, Sdfg};
use crate::symbolic::{CmpOp, Expr};
use std::collections::BTreeSet;

/// Lifts every loop it can, in `sdfg` and all nested control flow and
/// nested SDFGs. Returns how many loops were lifted.
pub fn lift_all(sdfg: &mut Sdfg) -> usize {
    let mut vars = BTreeSet::new();
    let count = lift_cfg(&mut sdfg.cfg, &mut vars);
    // A LoopRegion's variable must be a declared symbol (interstate
    // assignments may set undeclared ones).
    for v in vars {
        if sdfg.symbol_type(&v).is_none() {
            sdfg.symbols.push((v, crate::model::ScalarType::I64));
        }
    }
    // DaCe runs LoopRegions only in this mode.
    if count > 0 {
        sdfg.experimental_blocks = true;
    }
    count
}

fn lift_cfg(cfg: &mut Cfg, vars: &mut BTreeSet<String>) -> usize {
    let mut count = 0;
    while let Some(m) = find(cfg) {
        vars.insert(m.var.clone());
        apply(cfg, m);
        count += 1;
    }
    for b in &mut cfg.blocks {
        count += match &mut b.kind {
            BlockKind::Region { cfg, .. } => lift_cfg(cfg, vars),
            BlockKind::Loop(l) => lift_cfg(&mut l.cfg, vars),
            BlockKind::Conditional(brs) => brs.iter_mut().map(|br| lift_cfg(&mut br.cfg, vars)).sum(),
            BlockKind::State(s) => s
                .nodes
                .iter_mut()
                .map(|n| match &mut n.kind {
                    crate::model::NodeKind::NestedSdfg { sdfg, .. } => lift_all(sdfg),
                    _ => 0,
                })
                .sum(),
            _ => 0,
        };
    }
    count
}

/// A loop found in a CFG (edge and block indices).
#[derive(Debug, PartialEq)]
pub struct LoopMatch {
    pub guard: usize,
    pub init_edge: usize,
    pub back_edge: usize,
    pub body_edge: usize,
    pub exit_edge: usize,
    pub body: BTreeSet<usize>,
    pub var: String,
}

/// The first liftable loop of `cfg`, if any.
pub fn find(cfg: &Cfg) -> Option<LoopMatch> {
    (0..cfg.blocks.len()).find_map(|g| match_guard(cfg, g))
}

fn match_guard(cfg: &Cfg, g: usize) -> Option<LoopMatch> {
    let BlockKind::State(st) = &cfg.blocks[g].kind else { return None };
    if !st.nodes.is_empty() {
        return None;
    }
    let outs: Vec<usize> = (0..cfg.edges.len()).filter(|&e| cfg.edges[e].src == g).collect();
    let ins: Vec<usize> = (0..cfg.edges.len()).filter(|&e| cfg.edges[e].dst == g).collect();
    let ([o1, o2], [i1, i2]) = (outs.as_slice(), ins.as_slice()) else { return None };
    if outs.iter().any(|&e| !cfg.edges[e].assignments.is_empty()) {
        return None;
    }
    // Two complementary tests; which one continues the loop is decided below.
    let [first_test, second_test] = test_and_negation(cfg, *o1, *o2)?;
    let (first, second) = (*o1, *o2);
    // The back edge's only assignment advances the loop variable.
    let update_of = |e: &InterstateEdge| -> Option<String> {
        match e.assignments.as_slice() {
            [a] if unconditional(e) => {
                let step = a.expr()?.simplify().sub(&Expr::sym(&a.symbol)).simplify().as_int()?;
                (step > 0).then(|| a.symbol.clone())
            }
            _ => None,
        }
    };
    let (back_edge, init_edge, var) = match (update_of(&cfg.edges[*i1]), update_of(&cfg.edges[*i2])) {
        (Some(v), _) => (*i1, *i2, v),
        (None, Some(v)) => (*i2, *i1, v),
        _ => return None,
    };
    // The body edge is the one whose target leads back to the back edge.
    let latch = cfg.edges[back_edge].src;
    let (body_edge, exit_edge, test) = if reachable(cfg, cfg.edges[first].dst, g).contains(&latch) {
        (first, second, first_test)
    } else {
        (second, first, second_test)
    };
    let tests_var = matches!(&test, Expr::Cmp(_, a, b) if **a == Expr::sym(&var) || **b == Expr::sym(&var));
    if !tests_var {
        return None;
    }
    let init = &cfg.edges[init_edge];
    if !unconditional(init) || !init.assignments.iter().any(|a| a.symbol == var) {
        return None;
    }
    let body = reachable(cfg, cfg.edges[body_edge].dst, g);
    let exit = cfg.edges[exit_edge].dst;
    if !body.contains(&latch) || body.contains(&exit) || body.contains(&init.src) {
        return None;
    }
    // The body is entered only from the guard and left only by the back edge.
    let crossing = cfg.edges.iter().enumerate().any(|(i, e)| {
        let (s, d) = (body.contains(&e.src), body.contains(&e.dst));
        (s && !d && i != back_edge) || (!s && d && i != body_edge)
    });
    if crossing || cfg.start() == Some(cfg.edges[body_edge].dst) {
        return None;
    }
    Some(LoopMatch { guard: g, init_edge, back_edge, body_edge, exit_edge, body, var })
}

/// The simplified conditions of `e1` and `e2` when `e2`'s is the negation of
/// `e1`'s comparison.
fn test_and_negation(cfg: &Cfg, e1: usize, e2: usize) -> Option<[Expr; 2]> {
    let parse = |e: usize| -> Option<Expr> {
        cfg.edges[e].condition.as_ref()?.python_expr().map(Expr::simplify)
    };
    let test = parse(e1)?;
    let other = parse(e2)?;
    let (op, diff) = normal(&test)?;
    let negated = match op {
        CmpOp::Lt => (CmpOp::Le, diff.neg().simplify()),
        _ => (CmpOp::Lt, diff.neg().simplify()),
    };
    (op != CmpOp::Eq && normal(&other)? == negated).then_some([test, other])
}

/// A comparison as `diff < 0` or `diff <= 0` (`Eq`/`Ne` pass through), so
/// that `t < T`, `T > t` and `not (t >= T)` compare equal.
fn normal(e: &Expr) -> Option<(CmpOp, Expr)> {
    let Expr::Cmp(op, a, b) = e else { return None };
    let (a, b) = (a.as_ref(), b.as_ref());
    Some(match op {
        CmpOp::Lt => (CmpOp::Lt, a.sub(b)),
        CmpOp::Le => (CmpOp::Le, a.sub(b)),
        CmpOp::Gt => (CmpOp::Lt, b.sub(a)),
        CmpOp::Ge => (CmpOp::Le, b.sub(a)),
        CmpOp::Eq | CmpOp::Ne => (CmpOp::Eq, a.sub(b)),
    })
}

/// Whether an edge is always taken (no condition, or a true constant).
fn unconditional(e: &InterstateEdge) -> bool {
    match &e.condition {
        None => true,
        Some(c) => super::dead_state_elimination::constant_condition(c) == Some(true),
    }
}

/// Blocks reachable from `from` without entering `stop`.
fn reachable(cfg: &Cfg, from: usize, stop: usize) -> BTreeSet<usize> {
    let g = CfgGraph::new(cfg);
    let mut seen = BTreeSet::new();
    let mut todo = vec![from];
    while let Some(b) = todo.pop() {
        if b == stop || !seen.insert(b) {
            continue;
        }
        todo.extend(g.successors(b));
    }
    seen
}

/// Replaces the guard by a LoopRegion holding the body.
pub fn apply(cfg: &mut Cfg, m: LoopMatch) {
    let var = m.var.clone();
    let test = cfg.edges[m.body_edge].condition.clone();
    let update_rhs = cfg.edges[m.back_edge].assignments[0].value().to_string();
    // The initial value moves from the entry edge to the loop.
    let init_rhs = {
        let init = &mut cfg.edges[m.init_edge];
        let pos = init.assignments.iter().position(|a| a.symbol == var).expect("matched init assignment");
        init.assignments.remove(pos).value().to_string()
    };
    let body_list: Vec<usize> = m.body.iter().copied().collect();
    let local = |b: usize| body_list.iter().position(|&x| x == b);
    let inner_edges: Vec<InterstateEdge> = cfg
        .edges
        .iter()
        .enumerate()
        .filter(|(i, e)| *i != m.back_edge && m.body.contains(&e.src) && m.body.contains(&e.dst))
        .map(|(_, e)| InterstateEdge { src: local(e.src).unwrap_or(0), dst: local(e.dst).unwrap_or(0), ..e.clone() })
        .collect();
    let body_start = local(cfg.edges[m.body_edge].dst);
    let inner = Cfg {
        blocks: body_list.iter().map(|&b| cfg.blocks[b].clone()).collect(),
        edges: inner_edges,
        start_block: body_start,
    };
    let guard = &cfg.blocks[m.guard];
    let lifted = Block {
        label: guard.label.clone(),
        kind: BlockKind::Loop(LoopRegion {
            cfg: inner,
            loop_variable: var.clone(),
            init: Some(LoopStatements::python(format!("{var} = {init_rhs}"))),
            condition: test,
            update: Some(LoopStatements::python(format!("{var} = {update_rhs}"))),
            inverted: false,
            update_before_condition: true,
        }),
        extra: guard.extra.clone(),
        loc: guard.loc.clone(),
    };
    cfg.blocks[m.guard] = lifted;
    cfg.edges[m.exit_edge].condition = None;
    // Drop the body's blocks and every edge touching them; renumber.
    let keep: Vec<usize> = (0..cfg.blocks.len()).filter(|b| !m.body.contains(b)).collect();
    let renumber = |b: usize| keep.iter().position(|&k| k == b);
    let edges = std::mem::take(&mut cfg.edges);
    cfg.edges = edges
        .into_iter()
        .enumerate()
        .filter(|(i, e)| *i != m.body_edge && *i != m.back_edge && !m.body.contains(&e.src) && !m.body.contains(&e.dst))
        .filter_map(|(_, e)| Some(InterstateEdge { src: renumber(e.src)?, dst: renumber(e.dst)?, ..e }))
        .collect();
    cfg.start_block = cfg.start_block.and_then(renumber);
    let blocks = std::mem::take(&mut cfg.blocks);
    cfg.blocks = blocks.into_iter().enumerate().filter(|(i, _)| !m.body.contains(i)).map(|(_, b)| b).collect();
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json;
    use std::path::Path;

    fn corpus(name: &str) -> Sdfg {
        json::import_file(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/sdfg-corpus").join(name)).expect("corpus file")
    }

    #[test]
    fn lifts_the_frontend_time_loop() {
        let mut s = corpus("jacobi_2d.frontend.sdfg");
        let before = s.cfg.blocks.len();
        assert_eq!(lift_all(&mut s), 1);
        let loops: Vec<&LoopRegion> = s
            .cfg
            .blocks
            .iter()
            .filter_map(|b| match &b.kind {
                BlockKind::Loop(l) => Some(l),
                _ => None,
            })
            .collect();
        assert_eq!(loops.len(), 1);
        let l = loops[0];
        assert_eq!(l.loop_variable, "t");
        assert_eq!(l.init.as_ref().map(|c| c.code.as_str()), Some("t = 0"));
        assert_eq!(l.update.as_ref().map(|c| c.code.as_str()), Some("t = (t + 1)"));
        assert!(s.cfg.blocks.len() < before);
        crate::verify::verify(&s).expect("still a valid SDFG");
    }

    #[test]
    fn leaves_loops_with_breaks_alone() {
        // The break makes a second way out of the body.
        let mut s = corpus("break_continue.frontend.sdfg");
        let blocks = s.cfg.blocks.len();
        assert_eq!(lift_all(&mut s), 0);
        assert_eq!(s.cfg.blocks.len(), blocks);
    }

    #[test]
    fn leaves_while_loops_alone() {
        let mut s = corpus("while_collatz.frontend.sdfg");
        assert_eq!(lift_all(&mut s), 0);
    }

    #[test]
    fn lifts_nested_loops() {
        let mut s = corpus("seidel_2d.frontend.sdfg");
        assert_eq!(lift_all(&mut s), 3);
        crate::verify::verify(&s).expect("still a valid SDFG");
    }
}
