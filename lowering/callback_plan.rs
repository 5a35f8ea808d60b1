//! Python callbacks (`numpy_clip(__out_A, __out___tmp0)`): which NumPy
//! function a callback names, whether it runs natively, and with which
//! arguments. Decided from the model alone, so `sdfg-run` and
//! `sdfg-compile` refuse a program before compiling anything.
//!
//! DaCe passes only data to a callback; constant arguments (`np.clip`'s
//! literal bounds, `axis=`, `ddof=`, `ord=`) stay in the Python closure.
//! A call runs natively only where the SDFG fixes its meaning: whole-array
//! reductions (one element returned), one-dimensional scans and sorts, and
//! `np.clip` with all three arguments.

use crate::diag::{Diagnostic, Diagnostics};
use crate::model::{Callback, NodeKind, Sdfg, State};
use crate::symbolic::Expr;

/// The NumPy functions with a native implementation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Native {
    Clip,
    Cumsum,
    Prod,
    Std,
    Var,
    Any,
    All,
    Norm,
    Sort,
    Argsort,
    Median,
    Outer,
}

/// Callback symbol names (the qualified name with `_` for `.`) and what
/// they are: a native function, or why there is none.
const KNOWN: &[(&str, &str, Result<Native, &str>)] = &[
    ("numpy_clip", "numpy.clip", Ok(Native::Clip)),
    ("numpy_cumsum", "numpy.cumsum", Ok(Native::Cumsum)),
    ("numpy_prod", "numpy.prod", Ok(Native::Prod)),
    ("numpy_std", "numpy.std", Ok(Native::Std)),
    ("numpy_var", "numpy.var", Ok(Native::Var)),
    ("numpy_any", "numpy.any", Ok(Native::Any)),
    ("numpy_all", "numpy.all", Ok(Native::All)),
    ("numpy_linalg_norm", "numpy.linalg.norm", Ok(Native::Norm)),
    ("numpy_sort", "numpy.sort", Ok(Native::Sort)),
    ("numpy_argsort", "numpy.argsort", Ok(Native::Argsort)),
    ("numpy_median", "numpy.median", Ok(Native::Median)),
    ("numpy_outer", "numpy.outer", Ok(Native::Outer)),
    ("numpy_around", "numpy.around", Err("its `decimals` argument is a constant the SDFG does not keep")),
    ("numpy_round", "numpy.round", Err("its `decimals` argument is a constant the SDFG does not keep")),
    ("numpy_unique", "numpy.unique", Err("the size of its result depends on the data")),
];

const RANDOM: &str = "NumPy's random generator state is not part of the SDFG, so its numbers cannot be reproduced";

/// A callback resolved to a NumPy function.
struct Function {
    python: String,
    native: Result<Native, String>,
}

/// The Python function a callback symbol names. DaCe renames a second
/// signature of the same function `numpy_std_0`, `numpy_std_1`, ...
fn function(symbol: &str) -> Function {
    let base = match symbol.rsplit_once('_') {
        Some((b, n)) if !n.is_empty() && n.bytes().all(|c| c.is_ascii_digit()) && KNOWN.iter().any(|k| k.0 == b) => b,
        _ => symbol,
    };
    if let Some((_, python, native)) = KNOWN.iter().find(|k| k.0 == base) {
        return Function { python: python.to_string(), native: native.map_err(str::to_string) };
    }
    if let Some(rest) = base.strip_prefix("numpy_random_") {
        return Function { python: format!("numpy.random.{rest}"), native: Err(RANDOM.into()) };
    }
    Function { python: symbol.to_string(), native: Err("it is not one of the NumPy functions implemented natively".into()) }
}

/// One argument of a call.
#[derive(Clone, Debug, PartialEq)]
pub enum Arg {
    /// A connector holding an array window (or a one-element value).
    Data { conn: String, count: Expr, dims: usize },
    /// A scalar input connector, a symbol or a literal.
    Value(String),
}

/// A callback call that runs natively.
#[derive(Clone, Debug, PartialEq)]
pub struct Call {
    pub native: Native,
    pub python: String,
    pub args: Vec<Arg>,
    /// The connector receiving the result and its element count.
    pub ret: (String, Expr),
}

/// `[target =] name(arg, ...)`, the only shape of DaCe's callback tasklets.
fn parse(code: &str) -> Option<(Option<String>, String, Vec<String>)> {
    let code = code.trim();
    let ident = |s: &str| !s.is_empty() && !s.starts_with(|c: char| c.is_ascii_digit()) && s.chars().all(|c| c.is_alphanumeric() || c == '_');
    let open = code.find('(')?;
    let (target, name) = match code[..open].split_once('=') {
        Some((t, n)) => (Some(t.trim().to_string()), n.trim()),
        None => (None, code[..open].trim()),
    };
    if !ident(name) || target.as_deref().is_some_and(|t| !ident(t)) || !code.ends_with(')') {
        return None;
    }
    let inner = code[open + 1..code.len() - 1].trim();
    if code.contains(['\n', ';']) || inner.contains(['(', ')']) {
        return None;
    }
    let args = if inner.is_empty() { Vec::new() } else { inner.split(',').map(|a| a.trim().to_string()).collect() };
    Some((target, name.to_string(), args))
}

/// The callback a tasklet calls, if it calls one.
pub fn called<'s>(sdfg: &'s Sdfg, state: &State, node: usize) -> Option<&'s Callback> {
    let NodeKind::Tasklet { code } = &state.nodes[node].kind else { return None };
    if code.language != "Python" {
        return None;
    }
    parse(&code.code).and_then(|(_, name, _)| sdfg.callback(&name))
}

/// How a callback tasklet runs: `Ok(None)` when the tasklet calls no
/// callback, an error naming the callback when it cannot run natively.
pub fn plan(sdfg: &Sdfg, state: &State, node: usize) -> Result<Option<Call>, String> {
    let Some(cb) = called(sdfg, state, node) else { return Ok(None) };
    let NodeKind::Tasklet { code } = &state.nodes[node].kind else { return Ok(None) };
    let Some((target, _, mut args)) = parse(&code.code) else { return Ok(None) };
    let f = function(&cb.name);
    let named = format!("callback '{}' (Python function {})", cb.name, f.python);
    let native = f.native.map_err(|why| format!("{named} has no native implementation: {why}"))?;
    let ret = match target {
        Some(t) => t,
        None if cb.returns.len() == 1 && !args.is_empty() => args.pop().unwrap_or_default(),
        None => return Err(format!("{named} returns {} values; the native implementation returns one", cb.returns.len())),
    };
    let ret = match data_arg(sdfg, state, node, &ret)? {
        Arg::Data { conn, count, .. } => (conn, count),
        Arg::Value(v) => return Err(format!("{named}: its result '{v}' is not an output connector")),
    };
    let args = args.iter().map(|a| data_arg(sdfg, state, node, a)).collect::<Result<Vec<_>, _>>()?;
    check(native, &args, &ret.1).map_err(|why| format!("{named} cannot run natively: {why}"))?;
    Ok(Some(Call { native, python: f.python, args, ret }))
}

/// Classifies an argument; an array window must be contiguous.
fn data_arg(sdfg: &Sdfg, state: &State, node: usize, name: &str) -> Result<Arg, String> {
    let edge = state.edges.iter().find(|e| {
        (e.src == node && e.src_conn.as_deref() == Some(name)) || (e.dst == node && e.dst_conn.as_deref() == Some(name))
    });
    let Some(edge) = edge else {
        let literal = name.parse::<f64>().is_ok() || name == "True" || name == "False";
        if literal || sdfg.symbol_type(name).is_some() {
            return Ok(Arg::Value(name.to_string()));
        }
        return Err(format!("callback argument '{name}' is neither a connector, a symbol nor a number"));
    };
    let data = edge.memlet.data.clone().unwrap_or_default();
    let desc = sdfg.container(&data).ok_or_else(|| format!("callback argument '{name}': unknown container '{data}'"))?;
    if desc.strides.is_some() {
        return Err(format!("callback argument '{name}': '{data}' is not laid out in C order"));
    }
    let dims: Vec<(Expr, Expr)> = match &edge.memlet.subset {
        Some(s) => s.dims().iter().map(|d| (d.num_elements(), d.step.clone())).collect(),
        None => desc.shape.iter().map(|s| (s.clone(), Expr::int(1))).collect(),
    };
    // Contiguous: after the first dimension of more than one element,
    // every dimension is whole and every step is one.
    let first = dims.iter().position(|(n, _)| n.as_int() != Some(1));
    if let Some(first) = first {
        let whole = dims.iter().zip(&desc.shape).skip(first + 1).all(|((n, _), s)| n.is_symbolically_equal(s));
        if !whole || dims[first..].iter().any(|(_, step)| step.as_int() != Some(1)) {
            return Err(format!("callback argument '{name}': the window of '{data}' is not contiguous"));
        }
    }
    let count = dims.iter().fold(Expr::int(1), |acc, (n, _)| acc.mul(n)).simplify();
    let free = dims.iter().filter(|(n, _)| n.as_int() != Some(1)).count();
    Ok(Arg::Data { conn: name.to_string(), count, dims: free })
}

/// The signature rules that make the call's meaning certain.
fn check(native: Native, args: &[Arg], ret: &Expr) -> Result<(), String> {
    let one = |e: &Expr| e.as_int() == Some(1);
    let same = |a: &Expr| a.is_symbolically_equal(ret);
    match (native, args) {
        (Native::Clip, [Arg::Data { count, .. }, lo, hi]) => {
            for b in [lo, hi] {
                if let Arg::Data { count: c, .. } = b {
                    if !one(c) && !c.is_symbolically_equal(count) {
                        return Err("a bound is an array of another size".into());
                    }
                }
            }
            if same(count) { Ok(()) } else { Err(format!("it returns {ret} elements for {count}")) }
        }
        (Native::Clip, [_]) => Err("its bounds are constants, which DaCe keeps in the Python closure, not in the SDFG".into()),
        (Native::Prod | Native::Std | Native::Var | Native::Any | Native::All | Native::Norm | Native::Median, [Arg::Data { .. }]) => {
            if one(ret) {
                Ok(())
            } else {
                Err(format!("it returns {ret} elements: an `axis` argument, which the SDFG does not keep, reduces only part of the array"))
            }
        }
        (Native::Cumsum | Native::Sort | Native::Argsort, [Arg::Data { count, dims, .. }]) => {
            if *dims > 1 {
                Err("its argument has more than one dimension, and the `axis` it runs along is not in the SDFG".into())
            } else if !same(count) {
                Err(format!("it returns {ret} elements for {count}"))
            } else {
                Ok(())
            }
        }
        (Native::Outer, [a, b]) => {
            let n = |x: &Arg| match x {
                Arg::Data { count, .. } => count.clone(),
                Arg::Value(_) => Expr::int(1),
            };
            if same(&n(a).mul(&n(b)).simplify()) { Ok(()) } else { Err(format!("it returns {ret} elements for {} x {}", n(a), n(b))) }
        }
        (_, args) => Err(format!("it takes {} argument(s) here, which the native implementation does not accept", args.len())),
    }
}

/// Every callback tasklet of the program (nested SDFGs included) that
/// cannot run natively, reported at the tasklet.
pub fn check_program(sdfg: &Sdfg) -> Result<(), Diagnostics> {
    let mut errors = Vec::new();
    collect(sdfg, &mut errors);
    if errors.is_empty() { Ok(()) } else { Err(Diagnostics(errors)) }
}

fn collect(sdfg: &Sdfg, errors: &mut Vec<Diagnostic>) {
    for (_, state) in crate::transforms::place::states(sdfg) {
        for (i, node) in state.nodes.iter().enumerate() {
            if let NodeKind::NestedSdfg { sdfg: inner, .. } = &node.kind {
                collect(inner, errors);
            } else if let Err(e) = plan(sdfg, state, i) {
                errors.push(Diagnostic::new(&node.loc, e));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_both_call_forms() {
        assert_eq!(parse("numpy_clip(__out_A, __in_lo, __out___tmp0)"), Some((None, "numpy_clip".into(), vec!["__out_A".into(), "__in_lo".into(), "__out___tmp0".into()])));
        assert_eq!(parse("__out_s = numpy_prod(__out_A)"), Some((Some("__out_s".into()), "numpy_prod".into(), vec!["__out_A".into()])));
        assert_eq!(parse("a = b + c"), None);
        assert_eq!(parse("x = f(a)\ny = g(b)"), None);
    }

    #[test]
    fn names_resolve_with_dace_renaming_suffixes() {
        assert_eq!(function("numpy_std_0").native, Ok(Native::Std));
        assert_eq!(function("numpy_linalg_norm").python, "numpy.linalg.norm");
        let rand = function("numpy_random_rand");
        assert_eq!(rand.python, "numpy.random.rand");
        assert!(rand.native.unwrap_err().contains("random generator"));
        assert!(function("scipy_special_erf").native.is_err());
    }
}
