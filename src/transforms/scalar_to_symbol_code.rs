//! Code questions of ScalarToSymbolPromotion: the value a defining tasklet
//! computes as a symbolic expression, whether a reading tasklet can take
//! the symbol in place of its input connector, and which names appear in
//! places where a scalar may not be replaced by a symbol.

use super::place::visit_cfgs;
use super::remove_unused_symbols::words;
use crate::model::{BlockKind, Condition, NodeKind, Sdfg};
use crate::symbolic::{CmpOp as SCmp, Expr};
use crate::tasklet::{self, BinOp, BoolOp, CmpOp, Expr as TExpr, Stmt, Target, UnaryOp};
use std::collections::{HashMap, HashSet};

/// What a value is, as far as C's arithmetic in a tasklet and the 64-bit
/// arithmetic of interstate edges can differ on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A 64-bit integer (symbols too).
    Wide,
    /// A narrower integer or literal: C computes `narrow + narrow` in 32 bits.
    Narrow,
    Truth,
    Float,
}

/// A value and its kind.
pub type Typed = (Expr, Kind);

/// The right-hand side of `code` if it is the single statement `out = value`.
pub fn single_assignment(code: &str, out: &str) -> Option<TExpr> {
    let stmts = tasklet::parse(code).ok()?;
    match stmts.as_slice() {
        [Stmt::Assign { target: Target::Name { name, .. }, op: None, value, .. }] if name == out => Some(value.clone()),
        _ => None,
    }
}

/// `e` as a symbolic expression, input connectors replaced by what they
/// read and other names taken as symbols (`symbol` says whether a name is
/// one, and whether it is a truth value). Refuses what a tasklet and an
/// interstate edge may compute differently: division, modulo and powers
/// (C's rounding in tasklets, Python's in expressions), bit operations,
/// arithmetic on floats or in 32 bits, conditional expressions, calls
/// other than min/max/abs, and `and`/`or` on anything but truth values
/// (Python gives an operand). Floats may only be compared.
pub fn to_symbolic(e: &TExpr, inputs: &HashMap<String, Typed>, symbol: &dyn Fn(&str) -> Option<bool>) -> Option<Typed> {
    let go = |x: &TExpr| to_symbolic(x, inputs, symbol);
    let int = |x: &TExpr| go(x).filter(|t| matches!(t.1, Kind::Wide | Kind::Narrow));
    Some(match e {
        TExpr::Int { value, .. } => {
            let v = i64::try_from(*value).ok()?;
            (Expr::int(v), if i32::try_from(v).is_ok() { Kind::Narrow } else { Kind::Wide })
        }
        TExpr::Float { value, .. } if value.is_finite() => (Expr::float(*value), Kind::Float),
        TExpr::Bool { value, .. } => (Expr::boolean(*value), Kind::Truth),
        TExpr::Name { id, .. } => match inputs.get(id) {
            Some(v) => v.clone(),
            None => (Expr::sym(id), if symbol(id)? { Kind::Truth } else { Kind::Wide }),
        },
        TExpr::Unary { op: UnaryOp::Neg, operand, .. } => match (operand.as_ref(), int(operand)?) {
            (_, (v, Kind::Wide)) => (v.neg(), Kind::Wide),
            (TExpr::Int { .. }, (v, kind)) => (v.neg(), kind),
            _ => return None,
        },
        TExpr::Unary { op: UnaryOp::Pos, operand, .. } => int(operand)?,
        TExpr::Unary { op: UnaryOp::Not, operand, .. } => (Expr::Not(Box::new(go(operand)?.0)), Kind::Truth),
        TExpr::Binary { op, left, right, .. } => {
            let (l, r) = (int(left)?, int(right)?);
            if l.1 != Kind::Wide && r.1 != Kind::Wide {
                return None;
            }
            let v = match op {
                BinOp::Add => Expr::Add(vec![l.0, r.0]),
                BinOp::Sub => Expr::Add(vec![l.0, r.0.neg()]),
                BinOp::Mul => Expr::Mul(vec![l.0, r.0]),
                _ => return None,
            };
            (v, Kind::Wide)
        }
        TExpr::Compare { ops, operands, .. } => match (ops.as_slice(), operands.as_slice()) {
            ([op], [l, r]) => (Expr::Cmp(cmp(*op)?, Box::new(go(l)?.0), Box::new(go(r)?.0)), Kind::Truth),
            _ => return None,
        },
        TExpr::BoolOp { op, values, .. } => {
            let items = values.iter().map(|v| go(v).filter(|t| t.1 == Kind::Truth).map(|t| t.0)).collect::<Option<Vec<_>>>()?;
            (if *op == BoolOp::And { Expr::And(items) } else { Expr::Or(items) }, Kind::Truth)
        }
        TExpr::Call { func, args, .. } => {
            let args = args.iter().map(int).collect::<Option<Vec<_>>>()?;
            let kind = if args.iter().all(|a| a.1 == Kind::Narrow) { Kind::Narrow } else { Kind::Wide };
            // Neither min nor max overflows; abs of the smallest narrow value does.
            let name = match func.as_str() {
                "min" if args.len() >= 2 => "Min",
                "max" if args.len() >= 2 => "Max",
                "abs" if args.len() == 1 && kind == Kind::Wide => "Abs",
                _ => return None,
            };
            (Expr::call(name, args.into_iter().map(|a| a.0).collect()), kind)
        }
        _ => return None,
    })
}

fn cmp(op: CmpOp) -> Option<SCmp> {
    Some(match op {
        CmpOp::Lt => SCmp::Lt,
        CmpOp::Le => SCmp::Le,
        CmpOp::Gt => SCmp::Gt,
        CmpOp::Ge => SCmp::Ge,
        CmpOp::Eq => SCmp::Eq,
        CmpOp::Ne => SCmp::Ne,
        _ => return None,
    })
}

/// Whether Python tasklet `code` can read symbol `symbol` where it read
/// input connector `conn`: the connector is only read as a plain name,
/// nothing assigns or indexes either name, the symbol's name means nothing
/// else there, and (for a truth value, now held as an integer) no bit
/// operation sees it.
pub fn reader_accepts(code: &str, conn: &str, symbol: &str, truth: bool) -> bool {
    let Ok(stmts) = tasklet::parse(code) else { return false };
    let mut ok = true;
    let mut check = |e: &TExpr| match e {
        TExpr::Name { id, .. } => ok &= id != symbol || conn == symbol,
        TExpr::Subscript { value, .. } => ok &= value != conn && value != symbol,
        TExpr::Call { func, .. } => ok &= func != conn && func != symbol,
        TExpr::Unary { op: UnaryOp::Invert, .. } => ok &= !truth,
        TExpr::Binary { op, .. } => {
            ok &= !truth || !matches!(op, BinOp::BitAnd | BinOp::BitOr | BinOp::BitXor | BinOp::LShift | BinOp::RShift)
        }
        _ => {}
    };
    stmts.iter().all(|s| stmt_ok(s, conn, symbol, &mut check)) && ok
}

fn stmt_ok(s: &Stmt, conn: &str, symbol: &str, check: &mut dyn FnMut(&TExpr)) -> bool {
    match s {
        Stmt::Assign { target, value, .. } => {
            let name = target.name();
            if let Target::Subscript { indices, .. } = target {
                indices.iter().for_each(|i| walk(i, check));
            }
            walk(value, check);
            name != conn && name != symbol
        }
        Stmt::If { branches, orelse, .. } => {
            let mut ok = true;
            for (test, body) in branches {
                walk(test, check);
                ok &= body.iter().all(|s| stmt_ok(s, conn, symbol, check));
            }
            ok && orelse.iter().all(|s| stmt_ok(s, conn, symbol, check))
        }
        Stmt::Pass(_) => true,
    }
}

fn walk(e: &TExpr, f: &mut dyn FnMut(&TExpr)) {
    f(e);
    match e {
        TExpr::Unary { operand, .. } => walk(operand, f),
        TExpr::Binary { left, right, .. } => {
            walk(left, f);
            walk(right, f);
        }
        TExpr::Compare { operands: v, .. } | TExpr::BoolOp { values: v, .. } => v.iter().for_each(|x| walk(x, f)),
        TExpr::IfExp { test, body, orelse, .. } => [test, body, orelse].into_iter().for_each(|x| walk(x, f)),
        TExpr::Call { args: v, .. } | TExpr::Subscript { indices: v, .. } => v.iter().for_each(|x| walk(x, f)),
        _ => {}
    }
}

/// Names a promoted scalar may not have: those bound or assigned as
/// symbols, indexed in control-flow code, or read where a scalar's name
/// would mean something else than its value at the start of a state
/// (memlets, map ranges, descriptors, nested-SDFG mappings, library
/// properties, non-Python code). Plain reads in conditions and
/// assignments are allowed: they read the symbol's value just as well.
pub fn forbidden_names(sdfg: &Sdfg) -> HashSet<String> {
    let mut out = HashSet::new();
    for (_, d) in &sdfg.containers {
        let exprs = d.shape.iter().chain(d.strides.iter().flatten()).chain(d.offset.iter().flatten());
        for e in exprs.chain(d.total_size.iter()).chain(d.buffer_size.iter()) {
            out.extend(e.free_symbols());
        }
    }
    visit_cfgs(&sdfg.cfg, &mut Vec::new(), &mut |_, cfg| {
        for e in &cfg.edges {
            e.condition.iter().for_each(|c| condition_names(c, &mut out));
            for a in &e.assignments {
                out.insert(a.symbol.clone());
                parsed_names(a.expr(), a.value(), &mut out);
            }
        }
        for b in &cfg.blocks {
            match &b.kind {
                BlockKind::Loop(l) => {
                    out.insert(l.loop_variable.clone());
                    for c in [&l.init, &l.update].into_iter().flatten() {
                        for s in c.statements() {
                            out.extend(s.target().map(str::to_string));
                            parsed_names(s.parsed().ok().filter(|_| c.is_python()), s.value(), &mut out);
                        }
                    }
                    l.condition.iter().for_each(|c| condition_names(c, &mut out));
                }
                BlockKind::Conditional(brs) => brs.iter().flat_map(|br| &br.condition).for_each(|c| condition_names(c, &mut out)),
                BlockKind::State(s) => {
                    for n in &s.nodes {
                        let connectors: Vec<&str> = n.in_connectors.iter().chain(&n.out_connectors).map(|(c, _)| c.as_str()).collect();
                        node_names(&n.kind, &connectors, &mut out);
                    }
                    for e in &s.edges {
                        let m = &e.memlet;
                        m.subset.iter().chain(m.other_subset.iter()).for_each(|s| out.extend(s.free_symbols()));
                        m.volume.iter().for_each(|v| out.extend(v.free_symbols()));
                    }
                }
                _ => {}
            }
        }
    });
    out
}

fn node_names(kind: &NodeKind, connectors: &[&str], out: &mut HashSet<String>) {
    match kind {
        NodeKind::Tasklet { code } if code.language != "Python" => words(&code.code, out),
        // Python names other than connectors are symbols or locals, which a
        // new symbol of that name would capture or clash with.
        NodeKind::Tasklet { code } => {
            let mut w = HashSet::new();
            words(&code.code, &mut w);
            out.extend(w.into_iter().filter(|x| !connectors.contains(&x.as_str())));
        }
        NodeKind::MapEntry { .. } | NodeKind::ConsumeEntry { .. } => super::remove_unused_symbols::scope_entry_names(kind, out),
        NodeKind::NestedSdfg { symbol_mapping, .. } => symbol_mapping.iter().for_each(|(_, e)| out.extend(e.free_symbols())),
        NodeKind::Library(lib) => words(&lib.properties_text(), out),
        _ => {}
    }
}

/// Python control-flow code: indexed names; any other language or text
/// that does not parse: every word.
fn condition_names(c: &Condition, out: &mut HashSet<String>) {
    parsed_names(c.python_expr(), &c.code, out);
}

/// Indexed names of `text` read as `parsed`; every word when it is not a
/// Python expression.
fn parsed_names(parsed: Option<&Expr>, text: &str, out: &mut HashSet<String>) {
    match parsed {
        Some(e) => indexed(e, out),
        None => words(text, out),
    }
}

fn indexed(e: &Expr, out: &mut HashSet<String>) {
    match e {
        Expr::Index(name, args) => {
            out.insert(name.clone());
            args.iter().for_each(|a| indexed(a, out));
        }
        Expr::Add(xs) | Expr::Mul(xs) | Expr::Call(_, xs) | Expr::And(xs) | Expr::Or(xs) => xs.iter().for_each(|x| indexed(x, out)),
        Expr::Pow(a, b) | Expr::Cmp(_, a, b) => {
            indexed(a, out);
            indexed(b, out);
        }
        Expr::Not(a) => indexed(a, out),
        _ => {}
    }
}
