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
            other => return Err(format!("argument '{name}' has {}", super::function::describe_unsupported(other))),
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

/// A C header declaring the entry point and a typed wrapper, so C and C++
/// programs can call a compiled SDFG.
pub fn c_header(entry: &str, args: &[Arg]) -> String {
    let guard = format!("SDFG_{}_H", entry.to_uppercase());
    let mut params = Vec::new();
    let mut pointers = Vec::new();
    let mut doc = Vec::new();
    for a in args {
        let ct = c_type(a.dtype);
        match a.kind {
            ArgKind::Array => {
                let shape: Vec<String> = a.shape.iter().map(|d| d.to_string()).collect();
                params.push(format!("{ct} *{}", a.name));
                pointers.push(format!("(void *){}", a.name));
                doc.push(format!(" *   {} : {ct}[{}]", a.name, shape.join("][")));
            }
            ArgKind::Scalar => {
                params.push(format!("{ct} {}", a.name));
                pointers.push(format!("(void *)&{}", a.name));
                doc.push(format!(" *   {} : {ct}", a.name));
            }
            ArgKind::Symbol => {
                params.push(format!("int64_t {}", a.name));
                pointers.push(format!("(void *)&{}", a.name));
                doc.push(format!(" *   {} : symbol", a.name));
            }
        }
    }
    let params = if params.is_empty() { "void".to_string() } else { params.join(", ") };
    let array = if pointers.is_empty() { "NULL".to_string() } else { format!("args") };
    let decl = if pointers.is_empty() { String::new() } else { format!("    void *args[] = {{{}}};\n", pointers.join(", ")) };
    format!(
        "/* Generated by sdfg-mlir. Link with the shared library built for this SDFG. */\n\
         #ifndef {guard}\n#define {guard}\n\n#include <stdint.h>\n#include <stddef.h>\n#include <stdbool.h>\n\n\
         #ifdef __cplusplus\nextern \"C\" {{\n#endif\n\n\
         /* Packed entry point: args[i] points at argument i, in this order:\n{}\n */\n\
         void {entry}(void **args);\n\n\
         /* Typed wrapper: arrays by pointer (C order), scalars and symbols by value. */\n\
         static inline void {entry}_call({params}) {{\n{decl}    {entry}({array});\n}}\n\n\
         #ifdef __cplusplus\n}}\n#endif\n\n#endif\n",
        doc.join("\n")
    )
}

fn c_type(t: ScalarType) -> &'static str {
    match t {
        ScalarType::Bool => "bool",
        ScalarType::I8 => "int8_t",
        ScalarType::I16 => "int16_t",
        ScalarType::I32 => "int32_t",
        ScalarType::I64 => "int64_t",
        ScalarType::U8 => "uint8_t",
        ScalarType::U16 => "uint16_t",
        ScalarType::U32 => "uint32_t",
        ScalarType::U64 => "uint64_t",
        ScalarType::F16 => "_Float16",
        ScalarType::F32 => "float",
        ScalarType::F64 => "double",
        ScalarType::C64 => "float _Complex",
        ScalarType::C128 => "double _Complex",
    }
}
