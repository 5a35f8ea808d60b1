//! The calling convention of generated code.
//!
//! Every SDFG becomes `func.func @<name>(%args: !llvm.ptr)`: `args` points at
//! an array of pointers, one per argument in DaCe's `arglist` order (arrays
//! sorted by name, then scalars and free symbols sorted by name). An array
//! argument is its data pointer, a scalar a pointer to its value, a symbol a
//! pointer to an `int64_t`. One uniform signature serves the JIT, shared
//! libraries and the C header.

use crate::model::{BlockKind, Cfg, DataKind, ScalarType, Sdfg};
use crate::symbolic::Expr;
use std::collections::BTreeSet;

#[derive(Clone, Debug, PartialEq)]
pub enum ArgKind {
    Array,
    Scalar,
    Symbol,
}

/// One argument of a generated SDFG function.
#[derive(Clone, Debug, PartialEq)]
pub struct Arg {
    pub name: String,
    pub kind: ArgKind,
    /// Element type (symbols: `int64`).
    pub dtype: ScalarType,
    /// Shape of arrays (empty for scalars and symbols).
    pub shape: Vec<Expr>,
}

/// The arguments of `sdfg`, in calling order.
pub fn arglist(sdfg: &Sdfg) -> Result<Vec<Arg>, String> {
    let mut arrays = Vec::new();
    let mut scalars = Vec::new();
    for (name, desc) in &sdfg.containers {
        if desc.transient {
            continue;
        }
        let dtype = match &desc.dtype {
            crate::model::DType::Scalar(t) => *t,
            other => return Err(format!("argument '{name}' has an unsupported type {other}")),
        };
        match desc.kind {
            DataKind::Scalar => scalars.push(Arg { name: name.clone(), kind: ArgKind::Scalar, dtype, shape: vec![] }),
            DataKind::Array | DataKind::Stream => {
                arrays.push(Arg { name: name.clone(), kind: ArgKind::Array, dtype, shape: desc.shape.clone() })
            }
            DataKind::View | DataKind::Reference => {
                return Err(format!("argument '{name}' is a non-transient view or reference"))
            }
        }
    }
    for s in free_symbols(sdfg) {
        scalars.push(Arg { name: s, kind: ArgKind::Symbol, dtype: ScalarType::I64, shape: vec![] });
    }
    arrays.sort_by(|a, b| a.name.cmp(&b.name));
    scalars.sort_by(|a, b| a.name.cmp(&b.name));
    arrays.extend(scalars);
    Ok(arrays)
}

/// Declared symbols that the SDFG does not define itself (by interstate
/// assignments or loops): the caller supplies them.
pub fn free_symbols(sdfg: &Sdfg) -> BTreeSet<String> {
    let mut defined = BTreeSet::new();
    assigned(&sdfg.cfg, &mut defined);
    sdfg.symbols.iter().map(|(n, _)| n.clone()).filter(|n| !defined.contains(n)).collect()
}

/// Names assigned anywhere in a CFG: interstate edges and loop statements.
pub fn assigned(cfg: &Cfg, out: &mut BTreeSet<String>) {
    for e in &cfg.edges {
        out.extend(e.assignments.iter().map(|(k, _)| k.clone()));
    }
    for b in &cfg.blocks {
        match &b.kind {
            BlockKind::Region { cfg, .. } => assigned(cfg, out),
            BlockKind::Loop(l) => {
                if !l.loop_variable.is_empty() {
                    out.insert(l.loop_variable.clone());
                }
                for stmt in [&l.init, &l.update].into_iter().flatten() {
                    if let Some((name, _)) = stmt.code.split_once('=') {
                        out.insert(name.trim().to_string());
                    }
                }
                assigned(&l.cfg, out);
            }
            BlockKind::Conditional(branches) => branches.iter().for_each(|br| assigned(&br.cfg, out)),
            _ => {}
        }
    }
}
