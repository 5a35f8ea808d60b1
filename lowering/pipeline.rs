//! From lowered MLIR to native code: MLIR's conversions to the LLVM
//! dialect, then either the in-process JIT or an ahead-of-time shared
//! library (an object file generated in process, linked by clang).

use super::cpp_helpers::{compile_cpp_helpers, libraries, run};
use super::toolchain::{self, Component};
use super::Lowered;
use super::jit::Jit;
use melior::{ir::Module, pass::PassManager, utility::parse_pass_pipeline, Context};
use std::{
    ffi::c_void,
    path::{Path, PathBuf},
    process::Command,
    time::Instant,
};

macro_rules! to_openmp {
    () => {
        "canonicalize,convert-scf-to-openmp"
    };
}

macro_rules! openmp_to_llvm {
    () => {
        "finalize-memref-to-llvm,convert-scf-to-cf,\
convert-complex-to-standard,convert-math-to-funcs{convert-ctlz=false},\
convert-math-to-llvm,convert-math-to-libm,convert-to-llvm"
    };
}

/// `scf.parallel` to OpenMP: the first half of the way to the LLVM dialect,
/// before small regions get their `if` clause (`small_parallel`).
pub const TO_OPENMP: &str = concat!("builtin.module(", to_openmp!(), ")");

/// The second half: from `scf`/`cf`/`arith`/`math`/`complex`/`memref`/`llvm`
/// and `omp` to the LLVM dialect; `reconcile-unrealized-casts` folds the
/// casts between memref descriptors and memref views.
pub const OPENMP_TO_LLVM: &str = concat!("builtin.module(", openmp_to_llvm!(), ",reconcile-unrealized-casts)");

/// [`TO_OPENMP`] and [`OPENMP_TO_LLVM`] for host code that launches GPU
/// kernels (`gpu-to-llvm` makes launches calls of the runtime's `mgpu*`
/// functions), without the `builtin.module(...)` around it.
pub const HOST_TO_LLVM: &str = concat!(to_openmp!(), ",", openmp_to_llvm!(), ",gpu-to-llvm,reconcile-unrealized-casts");

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EngineKind {
    /// MLIR's ExecutionEngine, in this process.
    Jit,
    /// A shared library (LLVM's O3 for the host, linked by clang), loaded
    /// with libloading.
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
    _engine: Option<Jit>,
    _library: Option<libloading::Library>,
    _object: Option<super::orc::ObjectJit>,
}

/// Compiles a lowered SDFG (converting its module to the LLVM dialect in
/// place). `work` is a directory for AOT files.
pub fn compile(lowered: &mut Lowered, kind: EngineKind, work: &Path) -> Result<Compiled, String> {
    let start = Instant::now();
    lowered_to_llvm(lowered)?;
    let lowered = &*lowered;
    let llvm = &lowered.module;
    let helpers = compile_cpp_helpers(lowered, work, kind == EngineKind::Jit)?;
    let gpu_runtime = match &lowered.gpu {
        Some(super::gpu::Target::Cuda { .. }) => Some(super::gpu::cuda::runtime_library(work, kind == EngineKind::Jit)?),
        // The JIT finds the Vulkan runtime in this process.
        Some(super::gpu::Target::Vulkan) if kind == EngineKind::Aot => Some(super::gpu::vulkan::runtime_archive(work)?),
        Some(super::gpu::Target::Vulkan) | None => None,
    };
    match kind {
        EngineKind::Jit => {
            let mut paths = vec![toolchain::require(Component::LibOmp).map_err(|e| e.to_string())?];
            paths.extend(libraries(lowered)?);
            paths.extend(helpers);
            paths.extend(gpu_runtime);
            let libs: Vec<String> = paths.iter().map(|p| p.display().to_string()).collect();
            let mut symbols = if lowered.gpu == Some(super::gpu::Target::Vulkan) { super::gpu::vulkan::symbols() } else { Vec::new() };
            if lowered.profile.is_some() {
                symbols.extend(super::profile::symbols());
            }
            let engine = Jit::new(llvm, 3, &libs, &symbols)?;
            let ptr = engine.lookup(&lowered.entry);
            if ptr.is_null() {
                return Err(format!("the JIT has no entry point '{}'", lowered.entry));
            }
            // SAFETY: the entry point has the signature `abi` defines.
            let entry: EntryFn = unsafe { std::mem::transmute::<*mut (), EntryFn>(ptr) };
            Ok(Compiled { entry, compile_seconds: start.elapsed().as_secs_f64(), _engine: Some(engine), _library: None, _object: None })
        }
        EngineKind::Aot if lowered.profile.is_some() => Err("--profile runs programs with the JIT (--engine jit)".into()),
        EngineKind::Aot => {
            let so = work.join(format!("lib{}.so", lowered.entry));
            let objects: Vec<PathBuf> = helpers.into_iter().chain(gpu_runtime).collect();
            build_shared_library(llvm, &so, work, &objects, &libraries(lowered)?)?;
            // SAFETY: loading a library we just built; it has no constructors.
            let library = unsafe { libloading::Library::new(&so) }.map_err(|e| format!("cannot load {}: {e}", so.display()))?;
            // SAFETY: the entry point has the signature `abi` defines.
            let entry: EntryFn = unsafe {
                *library
                    .get::<EntryFn>(lowered.entry.as_bytes())
                    .map_err(|e| format!("no entry point '{}' in {}: {e}", lowered.entry, so.display()))?
            };
            Ok(Compiled { entry, compile_seconds: start.elapsed().as_secs_f64(), _engine: None, _library: Some(library), _object: None })
        }
    }
}

/// Compiles a lowered CPU program into `dir`: an object file generated in
/// this process (`program.o`) and its C++ tasklets' library when it has
/// some. Returns the shared libraries it needs, for [`load_object`].
pub fn compile_object(lowered: &mut Lowered, dir: &Path) -> Result<Vec<PathBuf>, String> {
    if lowered.gpu.is_some() {
        return Err("GPU programs run with the JIT, not from object files".into());
    }
    if lowered.profile.is_some() {
        return Err("profiled programs run with the JIT, not from object files".into());
    }
    lowered_to_llvm(lowered)?;
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    super::object_file::emit(&lowered.module, &dir.join(OBJECT_FILE))?;
    let mut needed = vec![toolchain::require(Component::LibOmp).map_err(|e| e.to_string())?];
    needed.extend(libraries(lowered)?);
    needed.extend(compile_cpp_helpers(lowered, dir, true)?);
    Ok(needed)
}

/// The object file [`compile_object`] writes in its directory.
pub const OBJECT_FILE: &str = "program.o";

/// Loads what [`compile_object`] wrote in `dir`, with LLVM's ORC JIT (no
/// linker), and finds its entry point `entry`.
pub fn load_object(dir: &Path, entry: &str, libraries: &[PathBuf]) -> Result<Compiled, String> {
    let start = Instant::now();
    let object = super::orc::ObjectJit::load(&dir.join(OBJECT_FILE), libraries)?;
    let address = object.lookup(entry)?;
    // SAFETY: the entry point has the signature `abi` defines.
    let entry: EntryFn = unsafe { std::mem::transmute::<*mut (), EntryFn>(address) };
    Ok(Compiled { entry, compile_seconds: start.elapsed().as_secs_f64(), _engine: None, _library: None, _object: Some(object) })
}

/// Converts a lowered program to the LLVM dialect, in place: its kernels
/// compiled for its GPU target into binaries the module embeds.
pub fn lowered_to_llvm(lowered: &mut Lowered) -> Result<(), String> {
    match &lowered.gpu {
        Some(super::gpu::Target::Cuda { chip }) => super::gpu::cuda::to_llvm(lowered.context, &mut lowered.module, chip),
        Some(super::gpu::Target::Vulkan) => super::gpu::spirv::to_llvm(lowered.context, &mut lowered.module),
        None => to_llvm_dialect(lowered.context, &mut lowered.module),
    }
}

/// Converts a lowered module to the LLVM dialect, in place.
pub fn to_llvm_dialect(context: &Context, module: &mut Module) -> Result<(), String> {
    let failed = |e| format!("internal error: conversion to the LLVM dialect failed: {e}");
    run_pipeline(context, module, TO_OPENMP).map_err(failed)?;
    super::small_parallel::serialize_small_regions(module);
    run_pipeline(context, module, OPENMP_TO_LLVM).map_err(failed)
}

/// Runs a textual pass pipeline on `module`; a failure gives MLIR's
/// diagnostics, each with its location.
pub fn run_pipeline(context: &Context, module: &mut Module, pipeline: &str) -> Result<(), String> {
    let manager = PassManager::new(context);
    parse_pass_pipeline(manager.as_operation_pass_manager(), pipeline).map_err(|e| e.to_string())?;
    let messages = std::cell::RefCell::new(Vec::new());
    let id = context.attach_diagnostic_handler(|d| {
        messages.borrow_mut().push(format!("{}: {d}", d.location()));
        true
    });
    let result = manager.run(module);
    context.detach_diagnostic_handler(id);
    result.map_err(|_| messages.borrow().join("; "))
}

/// LLVM dialect -> object file (in process, O3 for the host CPU) -> `.so`
/// (clang as the linker driver, with libomp and `libraries`, each directory
/// an rpath).
pub fn build_shared_library(
    llvm_dialect: &Module,
    so: &Path,
    work: &Path,
    objects: &[PathBuf],
    libraries: &[PathBuf],
) -> Result<(), String> {
    let clang = toolchain::require(Component::Clang).map_err(|e| e.to_string())?;
    let libomp = toolchain::require(Component::LibOmp).map_err(|e| e.to_string())?;
    std::fs::create_dir_all(work).map_err(|e| format!("cannot create {}: {e}", work.display()))?;
    let object = work.join("program.o");
    super::object_file::emit(llvm_dialect, &object)?;
    let mut link = Command::new(clang);
    link.args(["-shared", "-fPIC"]).arg(&object);
    link.args(objects);
    // What archives bring (the Vulkan runtime) stays inside the library, so
    // libraries built for different runtimes can share a process.
    link.arg("-Wl,--exclude-libs,ALL");
    let mut dirs: Vec<&Path> = Vec::new();
    for lib in std::iter::once(&libomp).chain(libraries) {
        link.arg(lib);
        if let Some(dir) = lib.parent().filter(|d| !dirs.contains(d)) {
            dirs.push(dir);
        }
    }
    for dir in dirs {
        link.arg(format!("-Wl,-rpath,{}", dir.display()));
    }
    link.arg("-o").arg(so);
    run(&mut link)
}
