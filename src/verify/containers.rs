//! Data containers, declared symbols, constants and `arg_names`
//! (DaCe: `Data.validate`, `Array.validate`, the `_arrays` loop of `validate_sdfg`).

use super::{valid_name, Env, Verifier};
use crate::model::{DataDesc, DataKind, Storage};
use crate::symbolic::Expr;
use std::collections::BTreeSet;

/// `arg_names` matter only at the top: a nested SDFG is called through its
/// connectors, and DaCe leaves stale names there when it renames containers.
pub(super) fn check(v: &mut Verifier, env: &Env, top_level: bool) {
    let sdfg = env.sdfg;
    let mut seen = BTreeSet::new();
    for (name, _) in &sdfg.symbols {
        if !valid_name(name) {
            v.error(&sdfg.loc, format!("invalid symbol name '{name}'"));
        }
        if !seen.insert(name.as_str()) {
            v.error(&sdfg.loc, format!("symbol '{name}' is declared twice"));
        }
    }
    let mut names = BTreeSet::new();
    for (name, desc) in &sdfg.containers {
        if !names.insert(name.as_str()) {
            v.error(&desc.loc, format!("container '{name}' is declared twice"));
        }
        container(v, env, name, desc);
        // DaCe: symbols and data descriptors share one namespace.
        if env.symbol_type(name).is_some() {
            v.error(&desc.loc, format!("'{name}' is both a container and a symbol"));
        }
    }
    for c in &sdfg.constants {
        if !valid_name(&c.name) {
            v.error(&sdfg.loc, format!("invalid constant name '{}'", c.name));
        }
    }
    for arg in sdfg.arg_names.iter().filter(|_| top_level) {
        match env.container(arg) {
            Some(d) if d.transient => {
                v.error(&sdfg.loc, format!("argument '{arg}' names transient container '{arg}'"))
            }
            Some(_) => {}
            None if env.symbol_type(arg).is_some() => {}
            None => v.error(
                &sdfg.loc,
                format!("argument '{arg}' is neither a container nor a symbol of this sdfg"),
            ),
        }
    }
}

fn container(v: &mut Verifier, env: &Env, name: &str, d: &DataDesc) {
    let loc = &d.loc;
    if !valid_name(name) {
        v.error(loc, format!("invalid container name '{name}'"));
    }
    // DaCe: persistent or external allocation is impossible in registers.
    if d.lifetime.outlives_call() && d.storage == Storage::Register {
        let lifetime = d.lifetime.as_str().to_lowercase();
        v.error(loc, format!("container '{name}' has {lifetime} lifetime in register storage"));
    }
    // DaCe: the generated code cannot return a scalar argument.
    if d.kind == DataKind::Scalar && name.starts_with("__return") && !d.transient {
        v.error(loc, format!("non-transient scalar '{name}' cannot be a return value"));
    }
    let rank = d.shape.len();
    if d.kind == DataKind::Scalar && !(rank == 1 && d.shape.first().and_then(Expr::as_int) == Some(1)) {
        v.error(loc, format!("scalar '{name}' must have shape [1]"));
    }
    for (what, list) in [("strides", &d.strides), ("offsets", &d.offset)] {
        if let Some(list) = list {
            if list.len() != rank {
                v.error(loc, format!("container '{name}' has {} {what} for {rank} dimensions", list.len()));
            }
        }
    }
    for (i, s) in d.shape.iter().enumerate() {
        if matches!(s.as_int(), Some(x) if x < 0) {
            v.error(loc, format!("container '{name}' has negative size {s} in dimension {i}"));
        }
    }
    if let Some(total) = &d.total_size {
        if matches!(total.as_int(), Some(x) if x < 0) {
            v.error(loc, format!("container '{name}' has negative total size {total}"));
        }
    }
    match (&d.buffer_size, d.kind) {
        (Some(b), DataKind::Stream) if matches!(b.as_int(), Some(x) if x < 0) => {
            v.error(loc, format!("stream '{name}' has negative buffer size {b}"));
        }
        (Some(_), kind) if kind != DataKind::Stream => {
            v.error(loc, format!("container '{name}' is not a stream but has a buffer size"));
        }
        _ => {}
    }
    // The layout is counted in whole elements: a float there (`1e30`) is
    // no size at all, and a zero divisor has no value.
    let layout = [("shape", Some(&d.shape)), ("strides", d.strides.as_ref()), ("offset", d.offset.as_ref())];
    let singles = [("total size", &d.total_size), ("buffer size", &d.buffer_size)];
    let items = layout.into_iter().flat_map(|(what, list)| list.into_iter().flatten().map(move |e| (what, e)));
    for (what, e) in items.chain(singles.into_iter().filter_map(|(what, e)| e.as_ref().map(|e| (what, e)))) {
        if e.any(&|x| matches!(x, Expr::Float(_))) || matches!(e, Expr::Rational(..)) {
            v.error(loc, format!("container '{name}' has non-integer {what} {e}"));
        }
        super::exprs::check_arithmetic(v, e, loc, &format!("{what} of container '{name}'"));
    }
    // Every symbol the descriptor's layout depends on must be known.
    let exprs = d.shape.iter().chain(d.strides.iter().flatten()).chain(d.offset.iter().flatten());
    let used: BTreeSet<String> =
        exprs.chain(d.total_size.iter()).chain(d.buffer_size.iter()).flat_map(Expr::free_symbols).collect();
    for s in used.iter().filter(|s| !env.is_defined(s)) {
        v.error(loc, format!("undefined symbol '{s}' in the layout of container '{name}'"));
    }
}
