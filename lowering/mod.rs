//! Lowering of SDFGs to upstream MLIR (`func`, `cf`, `scf`, `arith`, `math`,
//! `complex`, `memref`, `llvm`), then through MLIR's own conversions (`scf.parallel`
//! to OpenMP, everything to the LLVM dialect) to native code.
//!
//! `convert-sdfg-to-scf` walks the model of the module's SDFG: control flow
//! becomes `cf` blocks, maps become `scf.for`/`scf.parallel` nests, memlets
//! become `memref.load`/`memref.store` on strided views of the containers
//! (see [`element`]), tasklets become arithmetic.
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
pub mod devices;
mod einsum;
mod element;
mod expr;
mod fft;
pub mod fpga;
mod function;
pub mod gpu;
mod jit;
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
pub mod object_file;
mod orc;
pub mod pipeline;
pub mod profile;
pub mod profile_elements;
mod raw_ir;
mod runtime;
mod small_parallel;
mod state;
mod structured;
mod tasklet;
mod tensordot;
mod texpr;
pub mod toolchain;
mod types;
mod views;
mod wcr;

use crate::diag::Diagnostic;
use crate::model::{Loc, Sdfg};
use builder::module::Visibility;
use builder::Body;
use melior::{
    ir::{operation::OperationLike, Module},
    Context,
};
use std::collections::BTreeSet;
use types::Ty;

pub use pipeline::{compile, Compiled, EngineKind};

/// Module-level state shared by every generated function.
pub struct ModuleGen {
    /// The module being built (see `builder::module`).
    ir: builder::module::ModuleIr,
    /// Names of the helper functions defined so far.
    symbols: BTreeSet<String>,
    /// Transients private to one scope (see `locals`).
    pub locals: locals::Locals,
    /// Kernels' per-thread arrays given room in GPU memory.
    pub rooms: gpu::rooms::Rooms,
    /// Functions generated for nested SDFGs, counted for unique names.
    pub nested_count: usize,
    /// C++ tasklets compiled into helper functions: (symbol, source).
    pub cpp_helpers: Vec<(String, String)>,
    /// Whether the program calls BLAS (and must be linked with it).
    pub uses_blas: bool,
    /// Whether it calls a BLAS level-3 routine (`gemm`), whose threads
    /// want every core.
    pub uses_gemm: bool,
    /// Whether the program launches kernels or uses GPU memory.
    pub uses_gpu: bool,
    /// What GPU code is built for (none: GPU programs are refused).
    pub gpu: Option<gpu::Target>,
    /// Block size of GPU maps that give none.
    pub gpu_block_size: [i64; 3],
    /// Whether the program calls LAPACKE (and must be linked with it).
    pub uses_lapack: bool,
    /// Whether library nodes may call BLAS (allowed and OpenBLAS installed).
    pub blas: bool,
    /// Whether linear algebra nodes may call LAPACKE (the same, and
    /// LAPACKE installed).
    pub lapack: bool,
    /// Whether element accesses check their indices.
    pub check_bounds: bool,
    /// Whether FPGA kernel states call their emulated kernels.
    pub fpga: bool,
    /// The elements timed for `sdfg-run --profile` (none: no timing).
    pub profile: Option<profile::Slots>,
    /// Why OpenBLAS / LAPACKE is not used though allowed (not installed).
    pub missing_blas: Option<String>,
    pub missing_lapack: Option<String>,
    /// What the user should know about the generated code (a library node
    /// that runs as loop nests because its library is missing).
    pub warnings: BTreeSet<String>,
    /// String constants, by text.
    strings: std::collections::BTreeMap<String, String>,
    /// Where lowering failed: the innermost element (node, block or edge)
    /// whose error reached the top, for the diagnostic.
    pub error_at: Option<Loc>,
}

impl ModuleGen {
    /// An empty module in `context` (see `ir::new_context`).
    pub fn new(context: &Context) -> ModuleGen {
        ModuleGen {
            ir: builder::module::ModuleIr::new(context),
            symbols: BTreeSet::new(),
            locals: locals::Locals::default(),
            rooms: Default::default(),
            nested_count: 0,
            cpp_helpers: Vec::new(),
            uses_blas: false,
            uses_gemm: false,
            uses_gpu: false,
            gpu: None,
            gpu_block_size: gpu::kernel::DEFAULT_BLOCK,
            uses_lapack: false,
            blas: false,
            lapack: false,
            check_bounds: false,
            fpga: false,
            profile: None,
            missing_blas: None,
            missing_lapack: None,
            warnings: BTreeSet::new(),
            strings: Default::default(),
            error_at: None,
        }
    }

    /// Records `loc` as where the error being returned arose, unless an
    /// element inside it was recorded already.
    pub fn fail_at(&mut self, loc: &Loc) {
        if self.error_at.is_none() && loc.position().is_some() {
            self.error_at = Some(loc.clone());
        }
    }

    /// The finished module.
    pub fn finish<'c>(&mut self, context: &'c Context) -> Module<'c> {
        self.ir.into_module(context)
    }
}

/// The lowered program: a module in upstream dialects, and its entry point.
pub struct Lowered<'c> {
    pub context: &'c Context,
    pub module: Module<'c>,
    pub entry: String,
    pub args: Vec<abi::Arg>,
    /// C++ helper functions the program calls (`extern "C"` sources).
    pub cpp_helpers: Vec<(String, String)>,
    pub uses_blas: bool,
    pub uses_lapack: bool,
    /// The GPU target the program's kernels are built for, if it has any.
    pub gpu: Option<gpu::Target>,
    /// The elements the program times, when built to be profiled.
    pub profile: Option<profile::Slots>,
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
    /// Build GPU programs for this target (none: they are refused).
    pub gpu: Option<gpu::Target>,
    /// Threads per block (x, y, z) of GPU maps that give no
    /// `gpu_block_size` (none: DaCe's default, 32 x 1 x 1).
    pub gpu_block_size: Option<[i64; 3]>,
    /// Time each state and outermost map (`profile`; JIT only).
    pub profile: bool,
    /// Run FPGA kernels in software emulation (none: FPGA programs are refused).
    pub fpga: bool,
}

impl Default for LowerOptions {
    fn default() -> Self {
        LowerOptions { blas: true, check_bounds: false, gpu: None, gpu_block_size: None, profile: false, fpga: false }
    }
}

impl Lowered<'_> {
    /// The module's text.
    pub fn text(&self) -> String {
        self.module.as_operation().to_string()
    }
}

/// Lowers an SDFG to a module of `context` (see `ir::new_context`) whose
/// entry is `@<sdfg name>`.
pub fn lower<'c>(context: &'c Context, sdfg: &Sdfg) -> Result<Lowered<'c>, Diagnostic> {
    lower_with(context, sdfg, &LowerOptions::default())
}

/// A failure names the innermost SDFG element it arose in (the whole SDFG
/// when none is known).
pub fn lower_with<'c>(context: &'c Context, sdfg: &Sdfg, options: &LowerOptions) -> Result<Lowered<'c>, Diagnostic> {
    if let Some(use_) = devices::first_device_use(sdfg) {
        let allowed = match use_.device {
            devices::Device::Fpga => options.fpga,
            devices::Device::Gpu => options.gpu.is_some(),
        };
        if !allowed {
            return Err(Diagnostic::new(use_.loc, devices::refusal(&use_)));
        }
    }
    if let Some(use_) = devices::first_fpga_use(sdfg).filter(|_| !options.fpga) {
        return Err(Diagnostic::new(use_.loc, devices::refusal(&use_)));
    }
    // State-machine loops become LoopRegions, which lower to `scf.for`;
    // FPGA kernels are written with their library nodes expanded.
    // FPGA memory that no kernel uses would run as host code: refused as
    // the emitter refuses it.
    if let Some(use_) = devices::first_fpga_use(sdfg).filter(|_| options.fpga && !fpga::has_kernels(sdfg)) {
        return Err(Diagnostic::new(use_.loc, fpga::NO_KERNELS));
    }
    let mut sdfg = if options.fpga && fpga::has_kernels(sdfg) {
        fpga::prepare(sdfg).map_err(|e| Diagnostic::new(&sdfg.loc, e))?
    } else {
        let mut sdfg = sdfg.clone();
        crate::transforms::loop_lifting::lift_all(&mut sdfg);
        sdfg
    };
    let mut rooms = gpu::rooms::Rooms::default();
    if options.gpu.is_some() {
        gpu::cublas::recognise_all(&mut sdfg);
        rooms = gpu::rooms::make_rooms(&mut sdfg).map_err(|(loc, e)| Diagnostic::new(&loc, e))?;
    }
    let sdfg = &sdfg;
    use toolchain::{absent, Component};
    let absent = |c| absent(c).map_err(|e| Diagnostic::new(&sdfg.loc, e.to_string()));
    let missing_blas = if options.blas { absent(Component::OpenBlas)? } else { None };
    let missing_lapack = if options.blas && missing_blas.is_none() { absent(Component::Lapacke)? } else { None };
    let mut module = ModuleGen::new(context);
    module.rooms = rooms;
    lower_missing(context, &mut module, sdfg, options, missing_blas, missing_lapack)
        .map_err(|e| Diagnostic::new(module.error_at.as_ref().unwrap_or(&sdfg.loc), e))
}

/// As [`lower_with`], where `missing_*` say why OpenBLAS or LAPACKE is not
/// installed (`None`: installed).
fn lower_missing<'c>(
    context: &'c Context,
    module: &mut ModuleGen,
    sdfg: &Sdfg,
    options: &LowerOptions,
    missing_blas: Option<String>,
    missing_lapack: Option<String>,
) -> Result<Lowered<'c>, String> {
    module.blas = options.blas && missing_blas.is_none();
    module.lapack = module.blas && missing_lapack.is_none();
    module.missing_blas = missing_blas;
    module.missing_lapack = missing_lapack;
    module.check_bounds = options.check_bounds;
    module.fpga = options.fpga;
    module.gpu = options.gpu.clone();
    module.gpu_block_size = options.gpu_block_size.unwrap_or(gpu::kernel::DEFAULT_BLOCK);
    if options.check_bounds {
        module.declare_bounds_check();
    }
    module.declare_libc();
    if options.profile {
        let (slots, warnings) = profile::Slots::of(sdfg);
        module.profile = Some(slots);
        module.warnings.extend(warnings);
        module.declare_profile();
    }
    let rooms = &module.rooms;
    let locals = locals::Locals::of(sdfg, &|key, name| rooms.contains(key, name));
    module.locals = locals;
    let name = entry_name(&sdfg.name);
    let gen = function::FnGen::new(sdfg, module);
    let f = gen.function(&name, Visibility::Entry)?;
    module.add_function(f);
    let built = module.finish(context);
    verify(context, &built)?;
    let checked = match &module.gpu {
        Some(gpu::Target::Cuda { .. }) => gpu::cuda::check_libdevice(&built),
        Some(gpu::Target::Vulkan) => gpu::spirv::check_f64_math(&built),
        None => Ok(()),
    };
    if let Err((message, loc)) = checked {
        module.error_at = Some(loc);
        return Err(message);
    }
    Ok(Lowered {
        context,
        module: built,
        entry: name,
        args: abi::arglist(sdfg)?,
        cpp_helpers: std::mem::take(&mut module.cpp_helpers),
        uses_blas: module.uses_blas,
        uses_lapack: module.uses_lapack,
        gpu: if module.uses_gpu { module.gpu.clone() } else { None },
        profile: module.profile.take(),
        warnings: std::mem::take(&mut module.warnings).into_iter().collect(),
    })
}

/// Checks the built module with MLIR's verifier: a failure is a bug of the
/// lowering, reported with MLIR's message.
fn verify(context: &Context, module: &Module) -> Result<(), String> {
    let messages = std::cell::RefCell::new(Vec::new());
    let id = context.attach_diagnostic_handler(|d| {
        messages.borrow_mut().push(d.to_string());
        true
    });
    let ok = module.as_operation().verify();
    context.detach_diagnostic_handler(id);
    if ok {
        Ok(())
    } else {
        Err(format!("internal error: the lowered code does not verify: {}", messages.borrow().join("; ")))
    }
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
    /// `__sdfg_out_of_bounds(what, dim, index, size)`: report and `_exit(1)`
    /// (`exit` would run static destructors under live OpenMP threads and
    /// the JIT, which crashed).
    pub fn declare_bounds_check(&mut self) {
        let fmt = "%s: index %ld of dimension %ld is outside [0, %ld)\n";
        self.declare_failure("__sdfg_out_of_bounds", fmt, 3, &[1, 0, 2]);
    }

    /// `__sdfg_copy_count(what, from, to)`: a copy whose ends differ in
    /// size; report and `_exit(1)`.
    pub fn declare_copy_check(&mut self) {
        self.declare_failure("__sdfg_copy_count", "%s copies %ld elements into %ld\n", 2, &[0, 1]);
    }

    /// `__sdfg_division_by_zero(what)`: reports a symbolic integer division
    /// by zero and exits with status 1 (Python would raise).
    pub fn declare_division_check(&mut self) {
        self.declare_failure("__sdfg_division_by_zero", "%s\n", 0, &[]);
    }

    /// A run-time failure report `@name(what: !llvm.ptr, i64 x params)`
    /// that prints `fmt` with `what` and then the parameters in the order
    /// `printed` to standard error and `_exit(1)`s.
    fn declare_failure(&mut self, name: &str, fmt: &str, params: usize, printed: &[usize]) {
        if self.has_symbol(name) {
            return;
        }
        self.mark_symbol(name);
        let sym = self.string_constant(fmt);
        self.declare_stderr_exit();
        let mut types = vec![Ty::Ptr];
        types.extend(std::iter::repeat_n(Ty::I64, params));
        let (mut b, args) = Body::function(self, &types, &[]);
        let format = b.address_of(&sym);
        let fd = b.int(2, Ty::I32);
        let mut call_args = vec![fd, format, args[0].clone()];
        call_args.extend(printed.iter().map(|i| args[i + 1].clone()));
        b.call_variadic("dprintf", &[Ty::I32, Ty::Ptr], Ty::I32, &call_args);
        let one = b.int(1, Ty::I32);
        b.call_external("_exit", &[one], None);
        b.ret(&[]);
        self.add_function(b.into_function(name, Visibility::Private));
    }

    /// `dprintf` and `_exit`, for reporting run-time failures.
    pub fn declare_stderr_exit(&mut self) {
        self.declare_variadic("dprintf", &[Ty::I32, Ty::Ptr], Ty::I32);
        self.declare_external("_exit", &[Ty::I32], None);
    }

    fn declare_libc(&mut self) {
        self.declare_external("malloc", &[Ty::I64], Some(Ty::Ptr));
        self.declare_external("realloc", &[Ty::Ptr, Ty::I64], Some(Ty::Ptr));
        self.declare_external("free", &[Ty::Ptr], None);
    }
}

#[cfg(test)]
mod tests;
