//! From lowered MLIR to native code: MLIR's conversions to the LLVM
//! dialect, then either the in-process JIT or an ahead-of-time shared
//! library built with clang.

use super::Lowered;
use crate::ir::{new_context, parse_module};
use melior::{
    ir::Module,
    pass::PassManager,
    utility::parse_pass_pipeline,
    Context, ExecutionEngine,
};
use std::{
    ffi::c_void,
    path::{Path, PathBuf},
    process::Command,
    time::Instant,
};

pub const LLVM_BIN: &str = "/usr/lib/llvm-22/bin";
pub const LIBOMP: &str = "/usr/lib/llvm-22/lib/libomp.so";

/// From `scf`/`cf`/`arith`/`math`/`complex`/`llvm` (and `scf.parallel`) to
/// the LLVM dialect.
pub const TO_LLVM: &str = "builtin.module(canonicalize,convert-scf-to-openmp,finalize-memref-to-llvm,convert-scf-to-cf,\
convert-complex-to-standard,convert-math-to-funcs{convert-ctlz=false},\
convert-math-to-llvm,convert-math-to-libm,convert-to-llvm,reconcile-unrealized-casts)";

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EngineKind {
    /// MLIR's ExecutionEngine, in this process.
    Jit,
    /// A shared library (`clang -O3 -shared`), loaded with libloading.
    Aot,
}

/// The entry point every generated SDFG function has (see `abi`).
pub type EntryFn = unsafe extern "C" fn(*mut *mut c_void);

/// A program ready to run.
pub struct Compiled {
    pub entry: EntryFn,
    /// Seconds spent from lowered MLIR to a callable entry point.
    pub compile_seconds: f64,
    // Keep what the entry point lives in alive.
    _engine: Option<ExecutionEngine>,
    _library: Option<libloading::Library>,
    _context: Option<Box<Context>>,
}

/// Compiles a lowered SDFG. `work` is a directory for AOT files.
pub fn compile(lowered: &Lowered, kind: EngineKind, work: &Path) -> Result<Compiled, String> {
    let start = Instant::now();
    let context = Box::new(new_context());
    let llvm = to_llvm_dialect(&context, &lowered.text)?;
    let helpers = compile_cpp_helpers(lowered, work, kind == EngineKind::Jit)?;
    match kind {
        EngineKind::Jit => {
            let mut libs: Vec<String> = vec![format!("{LIBOMP}\0")];
            for lib in native_libraries(lowered) {
                libs.push(format!("{lib}\0"));
            }
            if let Some(h) = &helpers {
                libs.push(format!("{}\0", h.display()));
            }
            let lib_refs: Vec<&str> = libs.iter().map(|s| s.as_str()).collect();
            let engine = ExecutionEngine::new(&llvm, 3, &lib_refs, false, false);
            let ptr = engine.lookup(&lowered.entry);
            if ptr.is_null() {
                return Err(format!("the JIT has no entry point '{}'", lowered.entry));
            }
            // SAFETY: the entry point has the signature `abi` defines.
            let entry: EntryFn = unsafe { std::mem::transmute::<*mut (), EntryFn>(ptr) };
            drop(llvm);
            Ok(Compiled {
                entry,
                compile_seconds: start.elapsed().as_secs_f64(),
                _engine: Some(engine),
                _library: None,
                _context: Some(context),
            })
        }
        EngineKind::Aot => {
            let so = work.join(format!("lib{}.so", lowered.entry));
            build_shared_library(&llvm.as_operation().to_string(), &so, work, helpers.as_deref(), &libraries(lowered))?;
            // SAFETY: loading a library we just built; it has no constructors.
            let library = unsafe { libloading::Library::new(&so) }.map_err(|e| format!("cannot load {}: {e}", so.display()))?;
            // SAFETY: the entry point has the signature `abi` defines.
            let entry: EntryFn = unsafe {
                *library
                    .get::<EntryFn>(lowered.entry.as_bytes())
                    .map_err(|e| format!("no entry point '{}' in {}: {e}", lowered.entry, so.display()))?
            };
            Ok(Compiled {
                entry,
                compile_seconds: start.elapsed().as_secs_f64(),
                _engine: None,
                _library: Some(library),
                _context: None,
            })
        }
    }
}

/// Parses lowered text and converts it to the LLVM dialect.
pub fn to_llvm_dialect<'c>(context: &'c Context, text: &str) -> Result<Module<'c>, String> {
    let mut module = parse_module(context, text, "<lowered>").map_err(|d| {
        let first = d.first().map(|d| d.to_string()).unwrap_or_default();
        format!("internal error: lowered code does not verify: {first}")
    })?;
    let manager = PassManager::new(context);
    parse_pass_pipeline(manager.as_operation_pass_manager(), TO_LLVM).map_err(|e| e.to_string())?;
    let messages = std::cell::RefCell::new(Vec::new());
    let id = context.attach_diagnostic_handler(|d| {
        messages.borrow_mut().push(format!("{}: {d}", d.location()));
        true
    });
    let result = manager.run(&mut module);
    context.detach_diagnostic_handler(id);
    result.map_err(|_| format!("internal error: conversion to the LLVM dialect failed: {}", messages.borrow().join("; ")))?;
    Ok(module)
}

/// LLVM dialect text -> LLVM IR (mlir-translate) -> `.so` (clang -O3).
pub fn build_shared_library(
    llvm_dialect: &str,
    so: &Path,
    work: &Path,
    helpers: Option<&Path>,
    libraries: &[&str],
) -> Result<(), String> {
    std::fs::create_dir_all(work).map_err(|e| format!("cannot create {}: {e}", work.display()))?;
    let mlir = work.join("program.llvm.mlir");
    let ll = work.join("program.ll");
    std::fs::write(&mlir, llvm_dialect).map_err(|e| format!("cannot write {}: {e}", mlir.display()))?;
    run(Command::new(format!("{LLVM_BIN}/mlir-translate")).arg("--mlir-to-llvmir").arg(&mlir).arg("-o").arg(&ll))?;
    let mut clang = Command::new(format!("{LLVM_BIN}/clang"));
    clang.args(["-O3", "-march=native", "-shared", "-fPIC", "-fopenmp", "-Wno-override-module"]).arg(&ll);
    if let Some(h) = helpers {
        clang.arg(h);
    }
    clang.args(libraries);
    clang.arg("-o").arg(so).arg(format!("-Wl,-rpath,{}", Path::new(LIBOMP).parent().map(|p| p.display().to_string()).unwrap_or_default()));
    run(&mut clang)
}

/// A library header C++ tasklets may use (DaCe's BLAS and LAPACK
/// environments make them available to library nodes' code): the header,
/// the identifier prefixes that call for it, the libraries it needs, and
/// the Debian package that installs it.
struct CppLibrary {
    header: &'static str,
    prefixes: &'static [&'static str],
    libraries: &'static [&'static str],
    package: &'static str,
}

pub const LAPACKE: &str = "/usr/lib/x86_64-linux-gnu/liblapacke.so";

const CPP_LIBRARIES: &[CppLibrary] = &[
    CppLibrary {
        header: "cblas.h",
        prefixes: &["cblas_", "Cblas", "CBLAS_", "blasint"],
        libraries: &[super::blas::OPENBLAS],
        package: "libopenblas-dev",
    },
    CppLibrary {
        header: "lapacke.h",
        prefixes: &["LAPACK", "lapack_"],
        libraries: &[LAPACKE, super::blas::OPENBLAS],
        package: "liblapacke-dev",
    },
];

/// The library headers a program's C++ tasklets use.
fn cpp_libraries(lowered: &Lowered) -> Vec<&'static CppLibrary> {
    let names: std::collections::BTreeSet<String> =
        lowered.cpp_helpers.iter().flat_map(|(_, code)| super::cpp_tasklet::cpp_identifiers(code)).collect();
    CPP_LIBRARIES
        .iter()
        .filter(|l| names.iter().any(|n| l.prefixes.iter().any(|p| n.starts_with(p))))
        .collect()
}

/// The libraries the generated code itself calls (not its C++ tasklets).
fn native_libraries(lowered: &Lowered) -> Vec<&'static str> {
    let mut libs: Vec<&'static str> = Vec::new();
    if lowered.uses_lapack {
        libs.push(LAPACKE);
    }
    if lowered.uses_blas || lowered.uses_lapack {
        libs.push(super::blas::OPENBLAS);
    }
    libs
}

/// The native libraries a lowered program links with.
pub fn libraries(lowered: &Lowered) -> Vec<&'static str> {
    let mut libs = native_libraries(lowered);
    for l in cpp_libraries(lowered) {
        for lib in l.libraries {
            if !libs.contains(lib) {
                libs.push(lib);
            }
        }
    }
    libs
}

/// Compiles the C++ tasklets of a program into one shared library (for the
/// JIT) or object file (linked into ahead-of-time libraries).
pub fn compile_cpp_helpers(lowered: &Lowered, work: &Path, shared: bool) -> Result<Option<PathBuf>, String> {
    if lowered.cpp_helpers.is_empty() {
        return Ok(None);
    }
    std::fs::create_dir_all(work).map_err(|e| format!("cannot create {}: {e}", work.display()))?;
    let mut source = String::from(
        "#include <cstdint>\n#include <cmath>\n#include <complex>\n#include <algorithm>\n#include <cstring>\n#include <cstdio>\n",
    );
    let used = cpp_libraries(lowered);
    for l in &used {
        source += &format!("#include <{}>\n", l.header);
    }
    source += super::cpp_prelude::DACE_RUNTIME;
    source += "using namespace std;\n";
    for (_, code) in &lowered.cpp_helpers {
        source += code;
    }
    // A process loads each library path once (the JIT never unloads), so a
    // different program must not reuse the path: name it after its source.
    let hash = super::cpp_tasklet::text_hash(&source);
    let cpp = work.join(format!("tasklets-{hash:016x}.cpp"));
    let out = work.join(if shared { format!("libtasklets-{hash:016x}.so") } else { format!("tasklets-{hash:016x}.o") });
    std::fs::write(&cpp, source).map_err(|e| format!("cannot write {}: {e}", cpp.display()))?;
    let kind = if shared { "-shared" } else { "-c" };
    let mut clang = Command::new(format!("{LLVM_BIN}/clang++"));
    clang.args(["-O3", kind, "-fPIC"]).arg(&cpp).arg("-o").arg(&out);
    if shared {
        for l in &used {
            for lib in l.libraries {
                if !Path::new(lib).exists() {
                    return Err(format!("C++ tasklet: {} needs {lib}, which is not installed (package {})", l.header, l.package));
                }
            }
            clang.args(l.libraries);
        }
    }
    run(&mut clang).map_err(|e| {
        match used.iter().find(|l| e.contains(&format!("'{}' file not found", l.header))) {
            Some(l) => format!("C++ tasklet: header {} is not installed (package {})", l.header, l.package),
            None => format!("C++ tasklet: {e}"),
        }
    })?;
    Ok(Some(out))
}

fn run(cmd: &mut Command) -> Result<(), String> {
    let out = cmd.output().map_err(|e| format!("cannot run {:?}: {e}", cmd.get_program()))?;
    if out.status.success() {
        Ok(())
    } else {
        Err(format!("{:?} failed:\n{}", cmd.get_program(), String::from_utf8_lossy(&out.stderr)))
    }
}
