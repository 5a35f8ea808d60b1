//! Python's bitwise operators `&`, `|`, `^`, `~`, `<<`, `>>`. They are calls
//! named as in DaCe's symbolic layer (`bitwise_and(a, b)`, `left_shift(a, b)`,
//! ...) and print as the operators. `&`, `|`, `^` are associative, so chains
//! are one call with any number of operands.

use super::expr::Expr;

/// The call names of the bitwise operators.
pub(crate) const NAMES: [&str; 6] = [
    "bitwise_and",
    "bitwise_or",
    "bitwise_xor",
    "bitwise_invert",
    "left_shift",
    "right_shift",
];

pub(crate) fn is_bit_op(name: &str) -> bool {
    NAMES.contains(&name)
}

/// Whether `name` is `&`, `|` or `^`.
pub(crate) fn is_associative(name: &str) -> bool {
    matches!(name, "bitwise_and" | "bitwise_or" | "bitwise_xor")
}

/// `&`, `|`, `^` on truth values, which Python keeps `bool`.
pub(crate) fn on_bools(name: &str, xs: &[bool]) -> Option<bool> {
    let mut it = xs.iter().copied();
    let first = it.next()?;
    Some(match name {
        "bitwise_and" => it.fold(first, |a, b| a & b),
        "bitwise_or" => it.fold(first, |a, b| a | b),
        "bitwise_xor" => it.fold(first, |a, b| a ^ b),
        _ => return None,
    })
}

/// The operator on integers as Python computes it, `None` for a negative
/// shift count (Python raises). A left shift past 64 bits wraps like `*` when
/// `wrap` is set and is `None` otherwise (so folding leaves it alone).
pub(crate) fn on_ints(name: &str, xs: &[i64], wrap: bool) -> Option<i64> {
    let shl = |a: i64, k: i64| -> Option<i64> {
        let r = if k >= 64 { 0 } else { a.wrapping_shl(k as u32) };
        (k >= 0 && (wrap || (k < 64 && r >> k == a))).then_some(r)
    };
    match (name, xs) {
        ("bitwise_invert", [x]) => Some(!x),
        ("left_shift", [a, k]) => shl(*a, *k),
        ("right_shift", [a, k]) => (*k >= 0).then(|| a >> (*k).min(63)),
        (_, [first, rest @ ..]) if is_associative(name) => Some(rest.iter().fold(*first, |a, &b| match name {
            "bitwise_and" => a & b,
            "bitwise_or" => a | b,
            _ => a ^ b,
        })),
        _ => None,
    }
}

/// Simplified call of a bitwise operator on simplified operands: nested
/// `&`/`|`/`^` of the same kind are flattened and constants folded.
pub(crate) fn fold(name: &str, args: Vec<Expr>) -> Expr {
    let args: Vec<Expr> = if is_associative(name) {
        args.into_iter()
            .flat_map(|a| match a {
                Expr::Call(n, inner) if n == name => inner,
                a => vec![a],
            })
            .collect()
    } else {
        args
    };
    let bools: Option<Vec<bool>> = args.iter().map(|a| if let Expr::Bool(b) = a { Some(*b) } else { None }).collect();
    if let Some(b) = bools.and_then(|bs| on_bools(name, &bs)) {
        return Expr::Bool(b);
    }
    let ints: Option<Vec<i64>> = args
        .iter()
        .map(|a| match a {
            Expr::Int(v) => Some(*v),
            Expr::Bool(b) => Some(i64::from(*b)),
            _ => None,
        })
        .collect();
    match ints.and_then(|v| on_ints(name, &v, false)) {
        Some(v) => Expr::Int(v),
        None => Expr::Call(name.to_string(), args),
    }
}
