//! Printing in SymPy `str()` / Python style that `parse` reads back.
//!
//! Sums print positive terms first (highest degree first, then by canonical
//! order), then negative terms, then the constant: `N**2 - 4*N + 4`, `N - i - 1`.
//! A sum whose only positive term is the constant starts with it: `1 - i`.
//! Products print numerator factors, then `/` and the denominator: `3*N/(2*M)`,
//! with sums divided by separately: `x/2/(N + 1)`.

use super::expr::{Expr, F64};
use super::num::Num;
use std::cmp::Reverse;
use std::fmt;
use std::fmt::Write as _;

const P_OR: u8 = 0;
const P_AND: u8 = 1;
const P_NOT: u8 = 2;
const P_CMP: u8 = 3;
const P_BOR: u8 = 4;
const P_BXOR: u8 = 5;
const P_BAND: u8 = 6;
const P_SHIFT: u8 = 7;
const P_ADD: u8 = 8;
const P_MUL: u8 = 9;
const P_NEG: u8 = 10;
const P_POW: u8 = 11;
const P_ATOM: u8 = 12;

/// The operator and precedence a bitwise call prints with, if it has the
/// operator's arity (`~` is unary, shifts binary, the others any number >= 2).
fn bit_operator(name: &str, arity: usize) -> Option<(&'static str, u8)> {
    let (op, p, ok) = match name {
        "bitwise_or" => (" | ", P_BOR, arity >= 2),
        "bitwise_xor" => (" ^ ", P_BXOR, arity >= 2),
        "bitwise_and" => (" & ", P_BAND, arity >= 2),
        "left_shift" => (" << ", P_SHIFT, arity == 2),
        "right_shift" => (" >> ", P_SHIFT, arity == 2),
        "bitwise_invert" => ("~", P_NEG, arity == 1),
        _ => return None,
    };
    ok.then_some((op, p))
}

impl fmt::Display for Expr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = String::new();
        write(self, &mut s);
        f.write_str(&s)
    }
}

/// Shortest text that reads back as the same `f64`, always with `.` or `e`.
pub(crate) fn fmt_float(f: f64) -> String {
    format!("{f:?}")
}

/// Whether `b**x` prints as a denominator (`x**(-2)` as `1/x**2`). Not for
/// `(a + b)**(-2)`: `1/(a + b)**2` would read back with the square expanded;
/// nor for numbers (only unfoldable ones like `0**(-1)` remain), which `2*0` would fold.
fn is_denominator(b: &Expr, x: &Expr) -> bool {
    if matches!(b, Expr::Int(_) | Expr::Rational(..) | Expr::Float(_)) {
        return false;
    }
    match x {
        Expr::Int(-1) => true,
        Expr::Int(k) => *k < 0 && *k != i64::MIN && !matches!(b, Expr::Add(_)),
        _ => false,
    }
}

fn prec(e: &Expr) -> u8 {
    match e {
        Expr::Int(v) if *v < 0 => P_NEG,
        Expr::Float(f) if f.0.is_sign_negative() => P_NEG,
        Expr::Rational(..) | Expr::Mul(_) => P_MUL,
        Expr::Pow(b, x) if is_denominator(b, x) => P_MUL,
        Expr::Pow(..) => P_POW,
        Expr::Add(_) => P_ADD,
        Expr::Cmp(..) => P_CMP,
        Expr::Not(_) => P_NOT,
        Expr::And(_) => P_AND,
        Expr::Or(_) => P_OR,
        Expr::Call(name, args) => bit_operator(name, args.len()).map_or(P_ATOM, |(_, p)| p),
        _ => P_ATOM,
    }
}

fn write_prec(e: &Expr, min: u8, out: &mut String) {
    if prec(e) < min {
        out.push('(');
        write(e, out);
        out.push(')');
    } else {
        write(e, out);
    }
}

fn write_list(xs: &[Expr], out: &mut String) {
    for (i, x) in xs.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        write(x, out);
    }
}

fn write_joined(xs: &[Expr], sep: &str, empty: &str, out: &mut String) {
    if xs.is_empty() {
        out.push_str(empty);
    }
    for (i, x) in xs.iter().enumerate() {
        if i > 0 {
            out.push_str(sep);
        }
        // Operands of `and`/`or`/`not` are parenthesised unless atomic, as DaCe does.
        write_prec(x, P_ATOM, out);
    }
}

fn write(e: &Expr, out: &mut String) {
    match e {
        Expr::Int(v) => {
            let _ = write!(out, "{v}");
        }
        Expr::Rational(n, d) => {
            let _ = write!(out, "{n}/");
            write_prec(&Expr::Int(*d), P_POW, out);
        }
        Expr::Float(f) => out.push_str(&fmt_float(f.0)),
        Expr::Bool(b) => out.push_str(if *b { "True" } else { "False" }),
        Expr::Sym(s) => out.push_str(s),
        Expr::Index(name, idx) => {
            out.push_str(name);
            out.push('[');
            write_list(idx, out);
            out.push(']');
        }
        Expr::Call(name, args) if bit_operator(name, args.len()).is_some() => {
            let (op, p) = bit_operator(name, args.len()).unwrap_or(("", P_ATOM));
            if p == P_NEG {
                out.push_str(op);
                write_prec(&args[0], P_NEG, out);
                return;
            }
            // Shifts are left-associative; a chain of `&`, `|` or `^` is one
            // call, so a nested one keeps its parentheses.
            let first = if p == P_SHIFT { p } else { p + 1 };
            for (i, a) in args.iter().enumerate() {
                if i > 0 {
                    out.push_str(op);
                }
                write_prec(a, if i == 0 { first } else { p + 1 }, out);
            }
        }
        Expr::Call(name, args) => {
            out.push_str(name);
            out.push('(');
            write_list(args, out);
            out.push(')');
        }
        // Like SymPy: `1/x`, `1/(N + 1)**2`.
        Expr::Pow(b, x) if is_denominator(b, x) => write_mul(std::slice::from_ref(e), out),
        Expr::Pow(b, x) => {
            write_prec(b, P_ATOM, out);
            out.push_str("**");
            write_prec(x, P_ATOM, out);
        }
        Expr::Mul(fs) => write_mul(fs, out),
        Expr::Add(ts) => write_add(ts, out),
        Expr::Cmp(op, a, b) => {
            write_prec(a, P_BOR, out);
            let _ = write!(out, " {} ", op.as_str());
            write_prec(b, P_BOR, out);
        }
        Expr::Not(x) => {
            out.push_str("not ");
            write_prec(x, P_ATOM, out);
        }
        Expr::And(xs) => write_joined(xs, " and ", "True", out),
        Expr::Or(xs) => write_joined(xs, " or ", "False", out),
    }
}

fn write_mul(fs: &[Expr], out: &mut String) {
    let mut num: Vec<Expr> = Vec::new();
    let mut den: Vec<Expr> = Vec::new();
    let mut neg = false;
    for (i, f) in fs.iter().enumerate() {
        match f {
            // A leading numeric coefficient supplies the sign and a denominator.
            Expr::Int(v) if i == 0 && *v < 0 && *v != i64::MIN => {
                neg = true;
                if *v != -1 {
                    num.push(Expr::Int(-v));
                }
            }
            Expr::Int(1) if i == 0 && fs.len() > 1 => {}
            Expr::Rational(n, d) if i == 0 && *d > 1 && *n != i64::MIN => {
                neg = *n < 0;
                if n.abs() != 1 {
                    num.push(Expr::Int(n.abs()));
                }
                den.push(Expr::Int(*d));
            }
            Expr::Float(x) if i == 0 && x.0 < 0.0 => {
                neg = true;
                num.push(Expr::Float(F64(-x.0)));
            }
            Expr::Pow(b, x) if is_denominator(b, x) => match **x {
                Expr::Int(-1) => den.push((**b).clone()),
                Expr::Int(k) => den.push(Expr::Pow(b.clone(), Box::new(Expr::Int(-k)))),
                _ => num.push(f.clone()),
            },
            _ => num.push(f.clone()),
        }
    }
    if neg {
        out.push('-');
    }
    if num.is_empty() {
        out.push('1');
    }
    for (i, f) in num.iter().enumerate() {
        if i > 0 {
            out.push('*');
        }
        write_prec(f, P_POW, out);
    }
    // Sums are divided by one at a time: `2*(a + b)` would read back expanded.
    let (sums, mut rest): (Vec<Expr>, Vec<Expr>) =
        den.into_iter().partition(|d| matches!(d, Expr::Add(_)));
    if !rest.is_empty() {
        out.push('/');
        let d = if rest.len() == 1 {
            rest.pop().unwrap_or(Expr::Int(1))
        } else {
            Expr::Mul(rest)
        };
        write_prec(&d, P_POW, out);
    }
    for d in &sums {
        out.push('/');
        write_prec(d, P_POW, out);
    }
}

/// `-t` if `t` prints with a leading minus sign, used to print `a - t`.
fn negated(t: &Expr) -> Option<Expr> {
    let neg_num = |e: &Expr| match Num::from_expr(e) {
        Some(n) if n.sign() == Some(std::cmp::Ordering::Less) => n.neg().map(Num::to_expr),
        _ => None,
    };
    match t {
        Expr::Mul(fs) if !fs.is_empty() => {
            let first = neg_num(&fs[0])?;
            let mut rest: Vec<Expr> = fs[1..].to_vec();
            if first != Expr::Int(1) {
                rest.insert(0, first);
            }
            Some(match rest.len() {
                0 => Expr::Int(1),
                1 => rest.pop().unwrap_or(Expr::Int(1)),
                _ => Expr::Mul(rest),
            })
        }
        Expr::Float(f) if f.0.is_sign_negative() => Some(Expr::Float(F64(-f.0))),
        _ => neg_num(t),
    }
}

/// Polynomial degree, used only to order printed terms.
fn degree(e: &Expr) -> i64 {
    match e {
        Expr::Int(_) | Expr::Rational(..) | Expr::Float(_) => 0,
        Expr::Mul(fs) => fs.iter().fold(0i64, |acc, f| acc.saturating_add(degree(f))),
        Expr::Add(ts) => ts.iter().map(degree).max().unwrap_or(0),
        Expr::Pow(b, x) => match **x {
            Expr::Int(k) => degree(b).saturating_mul(k),
            _ => degree(b),
        },
        _ => 1,
    }
}

/// The term without its numeric coefficient.
fn strip_coeff(t: &Expr) -> Expr {
    match t {
        Expr::Mul(fs) if fs.len() > 1 && Num::from_expr(&fs[0]).is_some() => {
            if fs.len() == 2 {
                fs[1].clone()
            } else {
                Expr::Mul(fs[1..].to_vec())
            }
        }
        _ => t.clone(),
    }
}

/// (class: 0 positive, 1 negative, 2 constant; degree; term without coefficient; term; negated term)
type SortedTerm<'a> = (u8, Reverse<i64>, Expr, &'a Expr, Option<Expr>);

fn write_add(ts: &[Expr], out: &mut String) {
    if ts.is_empty() {
        out.push('0');
        return;
    }
    let mut items: Vec<SortedTerm> = ts
        .iter()
        .map(|t| {
            let neg = negated(t);
            let class = if Num::from_expr(t).is_some() {
                2
            } else {
                u8::from(neg.is_some())
            };
            (class, Reverse(degree(t)), strip_coeff(t), t, neg)
        })
        .collect();
    items.sort_by(|a, b| (a.0, a.1, &a.2, a.3).cmp(&(b.0, b.1, &b.2, b.3)));
    let last = items.len() - 1;
    if items[0].0 == 1 && items[last].0 == 2 && items[last].4.is_none() {
        items.rotate_right(1);
    }
    for (i, (_, _, _, term, neg)) in items.iter().enumerate() {
        match (i, neg) {
            (0, _) => write_prec(term, P_MUL, out),
            (_, Some(n)) => {
                out.push_str(" - ");
                write_prec(n, P_MUL, out);
            }
            (_, None) => {
                out.push_str(" + ");
                write_prec(term, P_MUL, out);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::symbolic::parse;

    fn pr(s: &str) -> String {
        parse(s).unwrap().simplify().to_string()
    }

    #[test]
    fn sympy_style() {
        let cases = [
            ("N - 1", "N - 1"),
            ("1 + 2*i", "2*i + 1"),
            ("N*M", "M*N"),
            ("-i + N", "N - i"),
            ("1 - i", "1 - i"),
            ("-i - 1", "-i - 1"),
            ("N/2", "N/2"),
            ("-N/2", "-N/2"),
            ("3*N/(2*M)", "3*N/(2*M)"),
            ("1/(N + 1)", "1/(N + 1)"),
            ("x/(2*(N + 1))", "x/(2*N + 2)"),
            ("x/2/(N + 1)", "x/2/(N + 1)"),
            ("1/(N + 1)/(M + 1)", "1/(M + 1)/(N + 1)"),
            ("1/((N + 1)*(M + 1))", "1/(M*N + M + N + 1)"),
            ("1/(N + 1)**2", "1/(N**2 + 2*N + 1)"),
            ("1/(N + 1)/(N + 1)", "(N + 1)**(-2)"),
            ("x/(2*0)", "x*0**(-1)"),
            ("x*0**(-1)/2", "x*0**(-1)/2"),
            ("x**-2", "1/x**2"),
            ("2**(1/x)", "2**(1/x)"),
            ("x**(-9223372036854775808)", "x**(-9223372036854775808)"),
            ("2/x**2", "2/x**2"),
            ("x**(1/2)", "x**(1/2)"),
            ("N + 1/2", "N + 1/2"),
            ("N - 1/2", "N - 1/2"),
            ("(N - 2)**2", "N**2 - 4*N + 4"),
            ("2.5*x - 1e-05", "2.5*x - 1e-5"),
            ("(t < T)", "t < T"),
            ("(not (n != 1))", "n == 1"),
            ("not c", "not c"),
            (
                "(a > 0) and (b <= 3) or not c",
                "((a > 0) and (b <= 3)) or (not c)",
            ),
            ("A_row[i + 1] - A_row[i]", "A_row[i + 1] - A_row[i]"),
            ("Min(N, 32)", "Min(32, N)"),
            ("a // b", "int_floor(a, b)"),
            ("a % b", "Mod(a, b)"),
            ("(-2)**N", "(-2)**N"),
            ("(1/2)**N", "(1/2)**N"),
            ("-(a + b)**N", "-(a + b)**N"),
            ("x - 2*y", "x - 2*y"),
            ("-9223372036854775808*x", "(-9223372036854775808)*x"),
        ];
        for (input, want) in cases {
            assert_eq!(pr(input), want, "input {input:?}");
        }
    }
}
