//! Whether the two ends of a copy hold as many elements (DaCe:
//! `symbolic.inequal_symbols` on the subsets' `num_elements()`, which
//! rejects every pair it cannot prove equal).

use crate::symbolic::{Expr, Value};

/// Symbols take these values (one per symbol, shifted per point) when a
/// difference that does not simplify to zero is tested numerically.
const POINTS: [i64; 3] = [7, 23, 101];

/// Counts of the two ends of a copy that differ for some values of the
/// symbols, as texts in the order given; `None` when they are equal
/// or when that cannot be shown (functions such as `int_ceil` whose
/// identities the simplifier misses, indirections).
pub(super) fn mismatch(here: &Expr, there: &Expr) -> Option<(String, String)> {
    let (a, b) = (here.simplify(), there.simplify());
    if let (Some(x), Some(y)) = (a.as_int(), b.as_int()) {
        // An empty range counts 0 whichever way it runs.
        return (x.max(0) != y.max(0)).then(|| (x.to_string(), y.to_string()));
    }
    let diff = a.sub(&b).simplify();
    if diff.as_int() == Some(0) {
        return None;
    }
    // A difference that is non-zero at some point is not identically zero:
    // no simplifier proves the counts equal, DaCe's included.
    let names: Vec<String> = diff.free_symbols().into_iter().collect();
    let differs_at = |base: i64| {
        let lookup = |s: &str| names.iter().position(|n| n == s).map(|k| Value::Int(base + 13 * k as i64));
        matches!(diff.eval(&lookup), Ok(Value::Int(v)) if v != 0)
    };
    POINTS.iter().any(|&p| differs_at(p)).then(|| (a.to_string(), b.to_string()))
}

#[cfg(test)]
mod tests {
    use super::mismatch;
    use crate::symbolic::parse;

    fn check(a: &str, b: &str) -> Option<(String, String)> {
        mismatch(&parse(a).unwrap(), &parse(b).unwrap())
    }

    #[test]
    fn counts() {
        assert_eq!(check("5", "3"), Some(("5".into(), "3".into())));
        // Empty ranges hold no elements, whichever way they run.
        assert_eq!(check("-2", "0"), None);
        assert_eq!(check("N", "M"), Some(("N".into(), "M".into())));
        assert_eq!(check("N - 1", "N - 2"), Some(("N - 1".into(), "N - 2".into())));
        assert_eq!(check("N*M", "M*N"), None);
        assert_eq!(check("(N + 1)*M", "N*M + M"), None);
        // Equal for every value although the simplifier cannot show it.
        assert_eq!(check("int_ceil(2*N, 2)", "N"), None);
        // Data-dependent counts cannot be compared here.
        assert_eq!(check("p[1] - p[0]", "N"), None);
    }
}
