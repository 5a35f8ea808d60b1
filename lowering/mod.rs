//! Lowering of SDFGs to upstream MLIR (`func`, `cf`, `scf`, `arith`, `math`,
//! `complex`, `llvm`), then through MLIR's own conversions (`scf.parallel`
//! to OpenMP, everything to the LLVM dialect) to native code.
//!
//! `convert-sdfg-to-scf` walks the model of the module's SDFG: control flow
//! becomes `cf` blocks, maps become `scf.for`/`scf.parallel` nests, memlets
//! become address arithmetic on `!llvm.ptr`, tasklets become arithmetic.
//! See [`abi`] for the calling convention.

pub mod abi;
mod arith;
mod batched_matmul;
pub mod blas;
mod blas_level1;
mod builder;
mod callback;
pub mod callback_plan;
mod cfg;
mod checks;
mod contraction;
mod copy;
pub mod cpp_helpers;
mod cpp_prelude;
mod cpp_tasklet;
mod einsum;
mod expr;
mod fft;
mod function;
mod lib_args;
mod lapack;
mod library_dirs;
mod library;
mod linalg;
mod linalg_native;
mod locals;
mod matmul;
mod mlir_tasklet;
mod nested;
mod object_file;
pub mod pipeline;
mod runtime;
mod state;
mod structured;
mod tasklet;
mod tensordot;
mod texpr;
pub mod toolchain;
mod types;
mod views;
mod wcr;

use crate::model::Sdfg;
use std::collections::BTreeSet;

pub use pipeline::{compile, Compiled, EngineKind};

/// Module-level state shared by every generated function.
#[derive(Default)]
pub struct ModuleGen {
    /// Finished functions (text).
    pub functions: Vec<String>,
    /// Globals and external declarations.
    pub globals: BTreeSet<String>,
    /// Transients private to one scope (see `locals`).
    pub locals: locals::Locals,
    /// Functions generated for nested SDFGs, counted for unique names.
    pub nested_count: usize,
    /// C++ tasklets compiled into helper functions: (symbol, source).
    pub cpp_helpers: Vec<(String, String)>,
    /// Whether the program calls BLAS (and must be linked with it).
    pub uses_blas: bool,
    /// Whether the program calls LAPACKE (and must be linked with it).
    pub uses_lapack: bool,
    /// Whether library nodes may call BLAS (allowed and OpenBLAS installed).
    pub blas: bool,
    /// Whether linear algebra nodes may call LAPACKE (the same, and
    /// LAPACKE installed).
    pub lapack: bool,
    /// Whether element accesses check their indices.
    pub check_bounds: bool,
    /// Why OpenBLAS / LAPACKE is not used though allowed (not installed).
    pub missing_blas: Option<String>,
    pub missing_lapack: Option<String>,
    /// What the user should know about the generated code (a library node
    /// that runs as loop nests because its library is missing).
    pub warnings: BTreeSet<String>,
    /// String constants, by text.
    strings: std::collections::BTreeMap<String, String>,
}

/// The lowered program: MLIR text in upstream dialects, and its entry point.
pub struct Lowered {
    pub text: String,
    pub entry: String,
    pub args: Vec<abi::Arg>,
    /// C++ helper functions the program calls (`extern "C"` sources).
    pub cpp_helpers: Vec<(String, String)>,
    pub uses_blas: bool,
    pub uses_lapack: bool,
    /// Warnings for the user (printed by the tools as `file: warning: ...`).
    pub warnings: Vec<String>,
}

/// Choices about the generated code.
#[derive(Clone, Debug)]
pub struct LowerOptions {
    /// Let library nodes call BLAS and LAPACK where DaCe's `implementation`
    /// allows. Where OpenBLAS (or LAPACKE) is not installed they lower to
    /// loop nests all the same, with a warning (see `toolchain`).
    pub blas: bool,
    /// Check every element access against the container's shape.
    pub check_bounds: bool,
}

impl Default for LowerOptions {
    fn default() -> Self {
        LowerOptions { blas: true, check_bounds: false }
    }
}

/// Lowers an SDFG to a module whose entry is `@<sdfg name>`.
pub fn lower(sdfg: &Sdfg) -> Result<Lowered, String> {
    lower_with(sdfg, &LowerOptions::default())
}

pub fn lower_with(sdfg: &Sdfg, options: &LowerOptions) -> Result<Lowered, String> {
    // State-machine loops become LoopRegions, which lower to `scf.for`.
    let mut sdfg = sdfg.clone();
    crate::transforms::loop_lifting::lift_all(&mut sdfg);
    let sdfg = &sdfg;
    use toolchain::{absent, Component};
    let absent = |c| absent(c).map_err(|e| e.to_string());
    let missing_blas = if options.blas { absent(Component::OpenBlas)? } else { None };
    let missing_lapack = if options.blas && missing_blas.is_none() { absent(Component::Lapacke)? } else { None };
    lower_missing(sdfg, options, missing_blas, missing_lapack)
}

/// As [`lower_with`], where `missing_*` say why OpenBLAS or LAPACKE is not
/// installed (`None`: installed).
fn lower_missing(
    sdfg: &Sdfg,
    options: &LowerOptions,
    missing_blas: Option<String>,
    missing_lapack: Option<String>,
) -> Result<Lowered, String> {
    let blas = options.blas && missing_blas.is_none();
    let lapack = blas && missing_lapack.is_none();
    let mut module = ModuleGen {
        blas,
        lapack,
        missing_blas,
        missing_lapack,
        check_bounds: options.check_bounds,
        ..ModuleGen::default()
    };
    if options.check_bounds {
        module.declare_bounds_check();
    }
    module.declare_libc();
    module.locals = locals::Locals::of(sdfg);
    let name = entry_name(&sdfg.name);
    let gen = function::FnGen::new(sdfg, &mut module);
    let text = gen.function(&name, true)?;
    module.functions.push(text);
    let mut out = String::from("module {\n");
    for g in &module.globals {
        out += "  ";
        out += g;
        out += "\n";
    }
    for f in &module.functions {
        out += f;
    }
    out += "}\n";
    Ok(Lowered {
        text: out,
        entry: name,
        args: abi::arglist(sdfg)?,
        cpp_helpers: module.cpp_helpers,
        uses_blas: module.uses_blas,
        uses_lapack: module.uses_lapack,
        warnings: module.warnings.into_iter().collect(),
    })
}

/// A C identifier for the entry point.
pub fn entry_name(name: &str) -> String {
    let mut s: String = name.chars().map(|c| if c.is_ascii_alphanumeric() || c == '_' { c } else { '_' }).collect();
    if s.is_empty() || s.starts_with(|c: char| c.is_ascii_digit()) {
        s.insert(0, '_');
    }
    s
}

impl ModuleGen {
    /// A global holding `text` (NUL-terminated); returns its symbol.
    pub fn string_constant(&mut self, text: &str) -> String {
        let n = self.strings.len();
        let name = self.strings.entry(text.to_string()).or_insert_with(|| format!("__sdfg_str_{n}")).clone();
        let escaped: String = text.bytes().map(|b| if b.is_ascii_alphanumeric() || b == b'_' { (b as char).to_string() } else { format!("\\{b:02X}") }).collect();
        self.globals.insert(format!(
            "llvm.mlir.global internal constant @{name}(\"{escaped}\\00\") {{addr_space = 0 : i32}} : !llvm.array<{} x i8>",
            text.len() + 1
        ));
        name
    }

    /// `__sdfg_out_of_bounds(what, dim, index, size)`: report and `_exit(1)`
    /// (`exit` would run static destructors under live OpenMP threads and
    /// the JIT, which crashed).
    pub fn declare_bounds_check(&mut self) {
        let fmt = "%s: index %ld of dimension %ld is outside [0, %ld)\n";
        self.declare_failure("__sdfg_out_of_bounds", fmt, &["dim", "idx", "size"], &["idx", "dim", "size"]);
    }

    /// `__sdfg_copy_count(what, from, to)`: a copy whose ends differ in
    /// size; report and `_exit(1)`.
    pub fn declare_copy_check(&mut self) {
        self.declare_failure("__sdfg_copy_count", "%s copies %ld elements into %ld\n", &["from", "to"], &["from", "to"]);
    }

    /// `__sdfg_division_by_zero(what)`: reports a symbolic integer division
    /// by zero and exits with status 1 (Python would raise).
    pub fn declare_division_check(&mut self) {
        self.declare_failure("__sdfg_division_by_zero", "%s\n", &[], &[]);
    }

    /// A run-time failure report `@name(%what: !llvm.ptr, %params: i64...)`
    /// that prints `fmt` with `what` and then `printed` to standard error
    /// and `_exit(1)`s.
    fn declare_failure(&mut self, name: &str, fmt: &str, params: &[&str], printed: &[&str]) {
        let sym = self.string_constant(fmt);
        self.globals.insert("llvm.func @dprintf(i32, !llvm.ptr, ...) -> i32".into());
        self.globals.insert("llvm.func @_exit(i32)".into());
        let params: String = params.iter().map(|p| format!(", %{p}: i64")).collect();
        let args: String = printed.iter().map(|p| format!(", %{p}")).collect();
        let types: String = printed.iter().map(|_| ", i64").collect();
        self.globals.insert(format!(
            "func.func private @{name}(%what: !llvm.ptr{params}) {{
    %fmt = llvm.mlir.addressof @{sym} : !llvm.ptr
    %fd = llvm.mlir.constant(2 : i32) : i32
    %r = llvm.call @dprintf(%fd, %fmt, %what{args}) vararg(!llvm.func<i32 (i32, ptr, ...)>) : (i32, !llvm.ptr, !llvm.ptr{types}) -> i32
    %one = llvm.mlir.constant(1 : i32) : i32
    llvm.call @_exit(%one) : (i32) -> ()
    return
  }}"
        ));
    }

    fn declare_libc(&mut self) {
        for decl in [
            "llvm.func @malloc(i64) -> !llvm.ptr",
            "llvm.func @realloc(!llvm.ptr, i64) -> !llvm.ptr",
            "llvm.func @free(!llvm.ptr)",
        ] {
            self.globals.insert(decl.to_string());
        }
    }
}

#[cfg(test)]
mod tests;
