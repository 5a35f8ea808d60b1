//! Comparison rules from a manifest's `compare` object: float tolerances
//! (`float_default`, `override`) and per-output special modes (`special`).

use serde_json::Value as Json;

use super::array::Array;
use crate::scalar::ScalarType;
use super::NpzError;

/// `|got - expected| <= atol + rtol * |expected|`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Tolerance {
    pub rtol: f64,
    pub atol: f64,
}

impl Tolerance {
    /// Real comparison; NaN matches only NaN, infinities only themselves.
    pub fn close(&self, got: f64, exp: f64) -> bool {
        if got.is_nan() || exp.is_nan() {
            return got.is_nan() && exp.is_nan();
        }
        if got.is_infinite() || exp.is_infinite() {
            return got == exp;
        }
        (got - exp).abs() <= self.atol + self.rtol * exp.abs()
    }

    /// Complex comparison on the modulus, as `numpy.isclose` does.
    pub fn close_complex(&self, got: (f64, f64), exp: (f64, f64)) -> bool {
        let nan = |(re, im): (f64, f64)| re.is_nan() || im.is_nan();
        let finite = |(re, im): (f64, f64)| re.is_finite() && im.is_finite();
        if nan(got) || nan(exp) {
            return nan(got) && nan(exp);
        }
        if !finite(got) || !finite(exp) {
            return got == exp;
        }
        (got.0 - exp.0).hypot(got.1 - exp.1) <= self.atol + self.rtol * exp.0.hypot(exp.1)
    }
}

/// A count expression such as `outsz[0]`: an output array and an index.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CountRef {
    pub array: String,
    /// Multi-index into `array`; empty for a 0-d (or one-element) array.
    pub index: Vec<usize>,
    /// The expression as written in the manifest.
    pub expr: String,
}

impl CountRef {
    /// Parses `name`, `name[i]` or `name[i, j, ...]`.
    pub fn parse(expr: &str) -> Result<CountRef, NpzError> {
        let bad = || {
            NpzError::Rules(format!(
                "bad count expression '{expr}' (expected e.g. 'outsz[0]')"
            ))
        };
        let text = expr.trim();
        let (array, index) = match text.split_once('[') {
            None => (text, Vec::new()),
            Some((name, rest)) => {
                let inner = rest.strip_suffix(']').ok_or_else(bad)?;
                let index = inner
                    .split(',')
                    .map(|s| s.trim().parse::<usize>().map_err(|_| bad()))
                    .collect::<Result<Vec<_>, _>>()?;
                (name.trim(), index)
            }
        };
        if array.is_empty() || !array.chars().all(|c| c.is_alphanumeric() || c == '_') {
            return Err(bad());
        }
        Ok(CountRef {
            array: array.to_string(),
            index,
            expr: expr.to_string(),
        })
    }

    /// Reads the count from `a`: a non-negative integer element.
    pub fn resolve(&self, a: &Array) -> Result<usize, String> {
        let flat = if self.index.is_empty() && a.len() == 1 {
            Some(0)
        } else {
            a.ravel(&self.index)
        };
        let value = flat.and_then(|i| a.get(i)).ok_or_else(|| {
            format!(
                "count {} is out of bounds for shape {:?}",
                self.expr, a.shape
            )
        })?;
        value
            .as_int()
            .and_then(|n| usize::try_from(n).ok())
            .ok_or_else(|| {
                format!(
                    "count {} = {} is not a non-negative integer",
                    self.expr,
                    value.display(a.dtype)
                )
            })
    }
}

/// A non-default comparison mode for one output.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Special {
    /// Only the first `count` elements matter, in any order.
    UnorderedPrefix { count: CountRef },
}

/// Tolerances and special modes, from a manifest's `compare` object.
#[derive(Debug, Clone, PartialEq)]
pub struct CompareRules {
    /// For float16, float32 and complex64.
    pub f32: Tolerance,
    /// For float64 and complex128.
    pub f64: Tolerance,
    /// Output name and its mode.
    pub special: Vec<(String, Special)>,
}

impl Default for CompareRules {
    /// The README's defaults: rtol 1e-4/atol 1e-5 (single), 1e-9/1e-12 (double).
    fn default() -> CompareRules {
        CompareRules {
            f32: Tolerance {
                rtol: 1e-4,
                atol: 1e-5,
            },
            f64: Tolerance {
                rtol: 1e-9,
                atol: 1e-12,
            },
            special: Vec::new(),
        }
    }
}

impl CompareRules {
    /// Reads `float_default`, `override` (same layout as `float_default`, or
    /// a bare `{"rtol", "atol"}` for all float types) and `special`; other
    /// keys (`exact_for`) are informative. `null` gives the defaults.
    pub fn from_manifest(compare: &Json) -> Result<CompareRules, NpzError> {
        let mut rules = CompareRules::default();
        if compare.is_null() {
            return Ok(rules);
        }
        let obj = compare
            .as_object()
            .ok_or_else(|| NpzError::Rules("'compare' is not an object".to_string()))?;
        for key in ["float_default", "override"] {
            if let Some(v) = obj.get(key) {
                rules.apply_tolerances(key, v)?;
            }
        }
        if let Some(special) = obj.get("special") {
            let special = special
                .as_object()
                .ok_or_else(|| NpzError::Rules("'special' is not an object".to_string()))?;
            for (name, spec) in special {
                let field = |f: &str| spec.get(f).and_then(Json::as_str);
                match field("mode") {
                    Some("unordered_prefix") => {
                        let expr = field("count").ok_or_else(|| {
                            NpzError::Rules(format!(
                                "special.{name}: 'count' missing or not a string"
                            ))
                        })?;
                        let count = CountRef::parse(expr)?;
                        rules
                            .special
                            .push((name.clone(), Special::UnorderedPrefix { count }));
                    }
                    Some(mode) => {
                        return Err(NpzError::Rules(format!(
                            "special.{name}: unknown mode '{mode}'"
                        )))
                    }
                    None => return Err(NpzError::Rules(format!("special.{name}: 'mode' missing"))),
                }
            }
        }
        Ok(rules)
    }

    /// Applies one tolerance object (`float_default` or `override`).
    fn apply_tolerances(&mut self, key: &str, v: &Json) -> Result<(), NpzError> {
        let obj = v
            .as_object()
            .ok_or_else(|| NpzError::Rules(format!("'{key}' is not an object")))?;
        if obj.contains_key("rtol") || obj.contains_key("atol") {
            self.f32 = read_tolerance(key, v, self.f32)?;
            self.f64 = read_tolerance(key, v, self.f64)?;
            return Ok(());
        }
        for (class, tol) in obj {
            let ctx = format!("{key}.{class}");
            let (mut single, mut double) = (false, false);
            for ty in class.split('/') {
                match ty.trim() {
                    "float16" | "float32" | "complex64" => single = true,
                    "float64" | "complex128" => double = true,
                    other => {
                        return Err(NpzError::Rules(format!("{ctx}: unknown dtype '{other}'")))
                    }
                }
            }
            if single {
                self.f32 = read_tolerance(&ctx, tol, self.f32)?;
            }
            if double {
                self.f64 = read_tolerance(&ctx, tol, self.f64)?;
            }
        }
        Ok(())
    }

    /// The tolerance for a float or complex dtype (`None` for exact types).
    pub fn tolerance(&self, dtype: ScalarType) -> Option<Tolerance> {
        match dtype {
            ScalarType::F16 | ScalarType::F32 | ScalarType::C64 => Some(self.f32),
            ScalarType::F64 | ScalarType::C128 => Some(self.f64),
            _ => None,
        }
    }

    /// The special mode of output `name`, if any.
    pub fn special_for(&self, name: &str) -> Option<&Special> {
        self.special.iter().find(|(n, _)| n == name).map(|(_, s)| s)
    }
}

/// `{"rtol": r, "atol": a}`; a missing field keeps `old`'s value.
fn read_tolerance(ctx: &str, v: &Json, old: Tolerance) -> Result<Tolerance, NpzError> {
    let num = |f: &str, old: f64| match v.get(f) {
        None => Ok(old),
        Some(x) => x
            .as_f64()
            .filter(|x| x.is_finite() && *x >= 0.0)
            .ok_or_else(|| NpzError::Rules(format!("{ctx}.{f}: not a non-negative number"))),
    };
    if !v.is_object() {
        return Err(NpzError::Rules(format!("{ctx}: not an object")));
    }
    Ok(Tolerance {
        rtol: num("rtol", old.rtol)?,
        atol: num("atol", old.atol)?,
    })
}
