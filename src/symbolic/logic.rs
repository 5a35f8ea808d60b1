//! Simplification of function calls, comparisons and boolean operators.

use super::bits;
use super::expr::{CmpOp, Expr};
use super::num::{ceil_div, floor_div, py_mod, Num};
use super::simplify::{add_terms, mul_factors};
use std::cmp::Ordering;
use std::collections::HashSet;

/// Above this many arguments `Min`/`Max` skip the quadratic dominance check.
const MINMAX_PAIRWISE_LIMIT: usize = 16;

/// `a - b` of simplified operands.
fn difference(a: &Expr, b: &Expr) -> Expr {
    add_terms(vec![a.clone(), mul_factors(vec![Expr::Int(-1), b.clone()])])
}

/// Folds known functions of simplified arguments.
pub(crate) fn call(name: &str, args: Vec<Expr>) -> Expr {
    if bits::is_bit_op(name) {
        return bits::fold(name, args);
    }
    let nums: Option<Vec<Num>> = args.iter().map(Num::from_expr).collect();
    let ints: Option<Vec<i64>> = nums
        .as_ref()
        .and_then(|ns| ns.iter().map(|n| n.as_int()).collect());
    let folded = match (name, args.len()) {
        ("Min", n) | ("Max", n) if n >= 1 => return min_max(name, args),
        ("Abs", 1) => match &args[0] {
            Expr::Call(f, _) if f == "Abs" => Some(args[0].clone()),
            _ => nums.and_then(|n| n[0].abs()).map(Num::to_expr),
        },
        ("floor", 1) => nums.and_then(|n| n[0].floor()).map(Expr::Int),
        ("ceiling", 1) => nums.and_then(|n| n[0].ceil()).map(Expr::Int),
        ("int_floor", 2) => ints.and_then(|v| floor_div(v[0], v[1])).map(Expr::Int),
        ("int_ceil", 2) => ints.and_then(|v| ceil_div(v[0], v[1])).map(Expr::Int),
        ("Mod", 2) => ints.and_then(|v| py_mod(v[0], v[1])).map(Expr::Int),
        _ => None,
    };
    folded.unwrap_or_else(|| Expr::Call(name.to_string(), args))
}

/// `Min`/`Max`: flatten, fold constants, drop arguments that differ from
/// another by a constant in the losing direction (`Min(N, N + 1)` -> `N`), sort.
fn min_max(name: &str, args: Vec<Expr>) -> Expr {
    let want = if name == "Min" {
        Ordering::Less
    } else {
        Ordering::Greater
    };
    let mut flat: Vec<Expr> = Vec::new();
    for a in args {
        match a {
            Expr::Call(n, inner) if n == name => flat.extend(inner),
            a => flat.push(a),
        }
    }
    flat.sort();
    flat.dedup();
    let mut best: Option<(Num, Expr)> = None;
    let mut rest: Vec<Expr> = Vec::new();
    for a in flat {
        match Num::from_expr(&a) {
            Some(n) => match &best {
                Some((b, _)) if n.compare(*b) != Some(want) => {}
                _ => best = Some((n, a)),
            },
            None => rest.push(a),
        }
    }
    rest.extend(best.map(|(_, e)| e));
    if rest.len() <= MINMAX_PAIRWISE_LIMIT {
        let mut keep = vec![true; rest.len()];
        for i in 0..rest.len() {
            for j in 0..rest.len() {
                if i == j || !keep[i] || !keep[j] {
                    continue;
                }
                if let Some(ord) =
                    Num::from_expr(&difference(&rest[i], &rest[j])).and_then(Num::sign)
                {
                    // Drop `i` if `j` wins; on a tie keep the earlier one.
                    if ord == want.reverse() || (ord == Ordering::Equal && i > j) {
                        keep[i] = false;
                    }
                }
            }
        }
        let mut k = keep.into_iter();
        rest.retain(|_| k.next().unwrap_or(true));
    }
    rest.sort();
    if rest.len() == 1 {
        return rest.pop().unwrap_or(Expr::Int(0));
    }
    Expr::Call(name.to_string(), rest)
}

/// Folds a comparison whose sides differ by a constant.
pub(crate) fn cmp(op: CmpOp, a: Expr, b: Expr) -> Expr {
    if let (Expr::Bool(x), Expr::Bool(y)) = (&a, &b) {
        return Expr::Bool(op.holds(x.cmp(y)));
    }
    if let Some(ord) = Num::from_expr(&difference(&a, &b)).and_then(Num::sign) {
        return Expr::Bool(op.holds(ord));
    }
    Expr::Cmp(op, Box::new(a), Box::new(b))
}

/// Whether `e` always evaluates to a `Bool`.
fn is_boolean(e: &Expr) -> bool {
    matches!(
        e,
        Expr::Bool(_) | Expr::Cmp(..) | Expr::Not(_) | Expr::And(_) | Expr::Or(_)
    )
}

/// Truth value of a constant (Python truthiness), if `e` is one.
fn truth(e: &Expr) -> Option<bool> {
    match e {
        Expr::Bool(b) => Some(*b),
        _ => Num::from_expr(e).map(|n| !n.is_zero()),
    }
}

pub(crate) fn not(x: Expr) -> Expr {
    if let Some(t) = truth(&x) {
        return Expr::Bool(!t);
    }
    match x {
        Expr::Not(inner) if is_boolean(&inner) => *inner,
        Expr::Cmp(op, a, b) => Expr::Cmp(op.negate(), a, b),
        x => Expr::Not(Box::new(x)),
    }
}

/// `and` (`is_and`) or `or` of simplified operands, flattened, constants folded. Like `eval`, the result
/// is a truth value, so a lone non-boolean operand `x` becomes `x != 0`.
pub(crate) fn junction(is_and: bool, xs: Vec<Expr>) -> Expr {
    let mut out = Vec::new();
    let mut seen = HashSet::new();
    for x in xs {
        let parts = match x {
            Expr::And(inner) if is_and => inner,
            Expr::Or(inner) if !is_and => inner,
            x => vec![x],
        };
        for p in parts {
            match truth(&p) {
                Some(t) if t == is_and => {}
                Some(_) => return Expr::Bool(!is_and),
                // Order is kept: Python short-circuits, so `(i < N) and (A[i] > 0)`
                // must not evaluate `A[i]` first. A repeated operand is redundant.
                None if seen.insert(p.clone()) => out.push(p),
                None => {}
            }
        }
    }
    match out.len() {
        0 => Expr::Bool(is_and),
        1 if is_boolean(&out[0]) => out.pop().unwrap_or(Expr::Bool(is_and)),
        1 => cmp(CmpOp::Ne, out.pop().unwrap_or(Expr::Int(0)), Expr::Int(0)),
        _ if is_and => Expr::And(out),
        _ => Expr::Or(out),
    }
}

#[cfg(test)]
mod tests {
    use crate::symbolic::parse;

    fn s(text: &str) -> String {
        parse(text).unwrap().simplify().to_string()
    }

    #[test]
    fn functions() {
        let cases = [
            ("Min(3, 5)", "3"),
            ("Max(3, 5, 4)", "5"),
            ("Min(N, N + 1)", "N"),
            ("Max(N - 1, N)", "N"),
            ("Min(N, Min(M, 2), 7)", "Min(2, M, N)"),
            ("Min(N, 32)", "Min(32, N)"),
            ("Min(2, 2.0)", "2"),
            ("int_floor(7, 2)", "3"),
            ("int_floor(-7, 2)", "-4"),
            ("int_ceil(7, 2)", "4"),
            ("int_floor(N - 1, 2)", "int_floor(N - 1, 2)"),
            ("int_floor(1, 0)", "int_floor(1, 0)"),
            ("Mod(-7, 3)", "2"),
            ("7 % 0", "Mod(7, 0)"),
            ("Abs(-3)", "3"),
            ("Abs(Abs(x))", "Abs(x)"),
            ("floor(7/2)", "3"),
            ("ceiling(7/2)", "4"),
            ("2*ceiling(N/2)", "2*ceiling(N/2)"),
            ("floor(-2.5)", "-3"),
            ("sqrt(4)", "sqrt(4)"),
        ];
        for (input, want) in cases {
            assert_eq!(s(input), want, "input {input:?}");
        }
    }

    #[test]
    fn logic() {
        let cases = [
            ("N + 1 > N", "True"),
            ("i < i", "False"),
            ("2.0 == 2", "True"),
            ("True == False", "False"),
            ("not (n != 1)", "n == 1"),
            ("not not (a < b)", "a < b"),
            ("not not x", "not (not x)"),
            ("not 0", "True"),
            ("(a < b) and True", "a < b"),
            ("(a < b) and False", "False"),
            ("(a < b) or True", "True"),
            ("x and 1", "x != 0"),
            ("(b < c) and (a < b) and (b < c)", "(b < c) and (a < b)"),
            ("a and (b and c)", "a and b and c"),
        ];
        for (input, want) in cases {
            assert_eq!(s(input), want, "input {input:?}");
        }
    }
}
