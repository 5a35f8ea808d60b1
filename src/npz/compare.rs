//! Result comparison by the corpus rules (README "How to check an
//! implementation"): exact for integers and bools, `numpy.isclose`-style
//! tolerances for floats, and multiset comparison of stream-filled prefixes.

use super::array::{byte_size, Array};
use super::rules::{CompareRules, Special};
use super::values::Value;

/// Compares output `name` (as listed in the manifest's `outputs`, without
/// `out.`). `expected_outputs` looks up other *expected* arrays by output
/// name (again without `out.`); it supplies the count of an
/// `unordered_prefix` output. The got-side count is checked when that count
/// array is compared itself (or by [`compare_outputs`]).
pub fn compare<'a>(
    name: &str,
    got: &Array,
    expected: &Array,
    rules: &CompareRules,
    expected_outputs: &dyn Fn(&str) -> Option<&'a Array>,
) -> Result<(), String> {
    let label = format!("out.{name}");
    if got.dtype != expected.dtype {
        return Err(format!(
            "{label}: dtype mismatch: got {}, expected {}",
            got.dtype, expected.dtype
        ));
    }
    if got.shape != expected.shape {
        return Err(format!(
            "{label}: shape mismatch: got {:?}, expected {:?}",
            got.shape, expected.shape
        ));
    }
    for (side, a) in [("got", got), ("expected", expected)] {
        if byte_size(a.dtype, &a.shape) != Some(a.data.len()) {
            return Err(format!(
                "{label}: {side} array has {} data bytes for {:?}",
                a.data.len(),
                a.shape
            ));
        }
    }
    let tol = rules.tolerance(expected.dtype);
    let same = |g: Value, e: Value| match (g, e) {
        (Value::Float(g), Value::Float(e)) => tol.is_some_and(|t| t.close(g, e)),
        (Value::Complex(gr, gi), Value::Complex(er, ei)) => {
            tol.is_some_and(|t| t.close_complex((gr, gi), (er, ei)))
        }
        _ => g == e,
    };
    let show = |v: Value| v.display(expected.dtype);
    let n = expected.len();
    if let Some(Special::UnorderedPrefix { count }) = rules.special_for(name) {
        let counts = expected_outputs(&count.array).ok_or_else(|| {
            format!(
                "{label}: count array '{}' of {} is not an expected output",
                count.array, count.expr
            )
        })?;
        let k = count
            .resolve(counts)
            .map_err(|e| format!("{label}: expected {e}"))?;
        if k > n {
            return Err(format!(
                "{label}: count {} = {k} exceeds the {n} elements",
                count.expr
            ));
        }
        let sorted = |a: &Array| {
            let mut v: Vec<Value> = (0..k).filter_map(|i| a.get(i)).collect();
            v.sort_by(Value::total_cmp);
            v
        };
        let (g, e) = (sorted(got), sorted(expected));
        let bad: Vec<usize> = (0..k).filter(|&i| !same(g[i], e[i])).collect();
        return match bad.first() {
            None => Ok(()),
            Some(&i) => Err(format!(
                "{label}: {} of {k} elements of the unordered prefix ({} = {k}) differ; \
                 first at sorted position {i}: got {}, expected {}",
                bad.len(),
                count.expr,
                show(g[i]),
                show(e[i])
            )),
        };
    }
    let mut mismatches = 0usize;
    let mut first = None;
    for i in 0..n {
        let (Some(g), Some(e)) = (got.get(i), expected.get(i)) else {
            continue;
        };
        if !same(g, e) {
            mismatches += 1;
            first.get_or_insert((i, g, e));
        }
    }
    match first {
        None => Ok(()),
        Some((_, g, e)) if expected.shape.is_empty() => Err(format!("{label}: got {}, expected {}", show(g), show(e))),
        Some((i, g, e)) => Err(format!(
            "{label}: {mismatches} of {n} elements differ; first at {:?} (index {i}): got {}, expected {}",
            expected.unravel(i),
            show(g),
            show(e)
        )),
    }
}

/// Compares every output in `names`; returns all failure messages. Missing
/// arrays are failures. For `unordered_prefix` outputs the got count must
/// also equal the expected count exactly.
pub fn compare_outputs<'g, 'e, S: AsRef<str>>(
    names: &[S],
    got: &dyn Fn(&str) -> Option<&'g Array>,
    expected: &dyn Fn(&str) -> Option<&'e Array>,
    rules: &CompareRules,
) -> Result<(), Vec<String>> {
    let mut errors = Vec::new();
    for name in names.iter().map(AsRef::as_ref) {
        let (g, e) = match (got(name), expected(name)) {
            (Some(g), Some(e)) => (g, e),
            (None, _) => {
                errors.push(format!("out.{name}: missing from the results"));
                continue;
            }
            (_, None) => {
                errors.push(format!("out.{name}: no expected value"));
                continue;
            }
        };
        if let Some(Special::UnorderedPrefix { count }) = rules.special_for(name) {
            let side = |array: Option<&Array>, which: &str| {
                array
                    .ok_or_else(|| {
                        format!("out.{name}: {which} count array '{}' missing", count.array)
                    })
                    .and_then(|a| {
                        count
                            .resolve(a)
                            .map_err(|m| format!("out.{name}: {which} {m}"))
                    })
            };
            match (
                side(got(&count.array), "got"),
                side(expected(&count.array), "expected"),
            ) {
                (Ok(gc), Ok(ec)) if gc != ec => {
                    errors.push(format!(
                        "out.{name}: count {}: got {gc}, expected {ec}",
                        count.expr
                    ));
                    continue;
                }
                (Err(m), _) | (_, Err(m)) => {
                    errors.push(m);
                    continue;
                }
                _ => {}
            }
        }
        if let Err(m) = compare(name, g, e, rules, expected) {
            errors.push(m);
        }
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}
