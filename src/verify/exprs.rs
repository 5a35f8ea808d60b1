//! Expression helpers shared by the rule groups: parsing Python expressions
//! and statements with the symbolic engine, undefined-symbol reporting, and
//! the rough shape check of write-conflict lambdas.

use super::{valid_name, Env, Verifier};
use crate::model::{Condition, Loc, LoopStatements};
use crate::symbolic::{Dim, Expr, ParseError, Subset};
use std::collections::BTreeSet;

/// Names that parse as symbols but are Python/SymPy constants, not symbols.
pub(crate) fn is_builtin_name(name: &str) -> bool {
    matches!(name, "None" | "True" | "False" | "inf" | "nan" | "pi" | "oo" | "zoo")
}

/// The expression `text` was parsed into; where it did not parse, reports
/// `'{what}' does not parse` at `loc`.
pub(crate) fn report_parse_error<'e>(
    v: &mut Verifier,
    parsed: Result<&'e Expr, &ParseError>,
    text: &str,
    loc: &Loc,
    what: &str,
) -> Option<&'e Expr> {
    parsed.map_err(|err| v.error(loc, format!("{what} '{}' does not parse: {err}", text.trim()))).ok()
}

/// Reports every free symbol of `expr` that is neither defined in the SDFG
/// nor in `local` (map parameters and the like).
pub(crate) fn report_undefined(
    v: &mut Verifier,
    env: &Env,
    local: &BTreeSet<String>,
    expr: &Expr,
    loc: &Loc,
    what: &str,
) {
    for s in expr.free_symbols() {
        if !env.is_defined(&s) && !local.contains(&s) {
            v.error(loc, format!("undefined symbol '{s}' in {what}"));
        }
    }
    check_arithmetic(v, expr, loc, what);
}

/// Every symbolic expression the verifier reads passes here: a literal
/// division by zero would make DaCe's SymPy yield `zoo` and our code trap.
pub(crate) fn check_arithmetic(v: &mut Verifier, expr: &Expr, loc: &Loc, what: &str) {
    // Code blocks arrive unsimplified; `N // (2 - 2)` shows its zero folded.
    if expr.divides_by_zero() || expr.simplify().divides_by_zero() {
        v.error(loc, format!("division by zero in {what} '{expr}'"));
    }
}

/// Parses a Python expression code block and checks its symbols. Code in
/// other languages is opaque to the verifier and accepted as is.
pub(crate) fn check_code_expr(
    v: &mut Verifier,
    env: &Env,
    local: &BTreeSet<String>,
    code: &Condition,
    loc: &Loc,
    what: &str,
) {
    if !code.is_python() {
        return;
    }
    if let Some(e) = report_parse_error(v, code.parsed(), &code.code, loc, what) {
        report_undefined(v, env, local, e, loc, what);
    }
}

/// Checks the `name = expr` statements of a loop init/update block.
pub(crate) fn check_code_statements(
    v: &mut Verifier,
    env: &Env,
    local: &BTreeSet<String>,
    code: &LoopStatements,
    loc: &Loc,
    what: &str,
) {
    if !code.is_python() {
        return;
    }
    if code.statements().is_empty() {
        v.error(loc, format!("{what} is empty"));
    }
    for stmt in code.statements() {
        let Some(lhs) = stmt.lhs().map(assigned_name) else {
            v.error(loc, format!("{what} '{}' is not an assignment", stmt.text));
            continue;
        };
        if !valid_name(lhs) {
            v.error(loc, format!("{what} assigns to invalid name '{lhs}'"));
        }
        if let Some(e) = report_parse_error(v, stmt.parsed(), stmt.value(), loc, what) {
            report_undefined(v, env, local, e, loc, what);
        }
    }
}

/// The name the left-hand side of an assignment statement names: `i += 1`
/// and `i //= 2` assign `i` (the other augmenting operators stay, and make
/// the name invalid).
pub(crate) fn assigned_name(lhs: &str) -> &str {
    let mut lhs = lhs.trim_end();
    if let Some(stripped) = lhs.strip_suffix(['+', '-', '*', '/', '%']) {
        lhs = stripped.trim_end().trim_end_matches('/').trim_end_matches('*').trim_end();
    }
    lhs.trim()
}

/// The dimensions of a subset.
pub(crate) fn dims(subset: &Subset) -> &[Dim] {
    subset.dims()
}

/// Every expression of a subset (start, end, step, tile of each dimension).
pub(crate) fn subset_exprs(subset: &Subset) -> impl Iterator<Item = &Expr> {
    dims(subset).iter().flat_map(|d| [&d.start, &d.end, &d.step, &d.tile])
}

/// Reports undefined symbols of every bound of `subset`.
pub(crate) fn check_subset_symbols(
    v: &mut Verifier,
    env: &Env,
    local: &BTreeSet<String>,
    subset: &Subset,
    loc: &Loc,
    what: &str,
) {
    let mut seen = BTreeSet::new();
    if subset_exprs(subset).any(Expr::divides_by_zero) {
        v.error(loc, format!("division by zero in {what} '{subset}'"));
    }
    // Indices count whole elements: a float bound (`1e30`) indexes nothing.
    if subset_exprs(subset).any(|e| e.any(&|x| matches!(x, Expr::Float(_))) || matches!(e, Expr::Rational(..))) {
        v.error(loc, format!("non-integer bound in {what} '{subset}'"));
    }
    for e in subset_exprs(subset) {
        for s in e.free_symbols() {
            if !env.is_defined(&s) && !local.contains(&s) && seen.insert(s.clone()) {
                v.error(loc, format!("undefined symbol '{s}' in {what}"));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn split(code: &str) -> Vec<(Option<String>, String)> {
        let code = LoopStatements::python(code);
        code.statements().iter().map(|s| (s.lhs().map(|l| assigned_name(l).to_string()), s.value().to_string())).collect()
    }

    #[test]
    fn assignments_split() {
        assert_eq!(split("t = 0"), [(Some("t".into()), "0".into())]);
        assert_eq!(split("t = (t + 1)"), [(Some("t".into()), "(t + 1)".into())]);
        assert_eq!(split("i += 2"), [(Some("i".into()), "2".into())]);
        assert_eq!(split("i //= 2"), [(Some("i".into()), "2".into())]);
        assert_eq!(split("i &= 2"), [(Some("i &".into()), "2".into())]);
        assert_eq!(split("a == b"), [(None, "a == b".into())]);
        assert_eq!(split("x = a <= b"), [(Some("x".into()), "a <= b".into())]);
        assert_eq!(split("a = 1; b = 2\n"), [(Some("a".into()), "1".into()), (Some("b".into()), "2".into())]);
    }
}
