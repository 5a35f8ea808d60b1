//! The CUDA runtime: kernels to PTX in process (`nvvm-attach-target`,
//! `convert-gpu-to-nvvm`, `gpu-module-to-binary`), host code calling
//! MLIR's `mgpu*` runtime interface and our `__sdfg_gpu_*` helpers, both
//! implemented over the CUDA driver API (`cuda_runtime.c`, which opens
//! `libcuda.so.1` when the program starts: no CUDA toolkit at build time).

use crate::lowering::pipeline::run_pipeline;
use crate::lowering::toolchain::{self, Component};
use melior::{ir::Module, Context};
use std::path::{Path, PathBuf};

/// The runtime's C source (compiled by the toolchain's clang).
const RUNTIME_SOURCE: &str = include_str!("cuda_runtime.c");

/// A CUDA device found by [`probe`].
pub struct Device {
    /// The device's name (`NVIDIA H100 80GB HBM3`).
    pub name: String,
    /// Its architecture as NVVM names it (`sm_90`).
    pub chip: String,
}

/// The first CUDA device, through the driver (`SDFG_CUDA_DRIVER`, else
/// `libcuda.so.1`); an error says why there is none.
pub fn probe() -> Result<Device, String> {
    type Init = unsafe extern "C" fn(u32) -> i32;
    type Count = unsafe extern "C" fn(*mut i32) -> i32;
    type Get = unsafe extern "C" fn(*mut i32, i32) -> i32;
    type Attribute = unsafe extern "C" fn(*mut i32, i32, i32) -> i32;
    type Name = unsafe extern "C" fn(*mut std::ffi::c_char, i32, i32) -> i32;
    const MAJOR: i32 = 75;
    const MINOR: i32 = 76;
    let path = std::env::var("SDFG_CUDA_DRIVER").unwrap_or_else(|_| "libcuda.so.1".into());
    // SAFETY: loading the CUDA driver library runs no code of ours; its
    // functions are called with the signatures of the driver API.
    unsafe {
        let lib = libloading::Library::new(&path).map_err(|e| format!("cannot load {path}: {e}"))?;
        let sym = |name: &str| format!("{path} lacks {name}");
        let init: libloading::Symbol<Init> = lib.get(b"cuInit\0").map_err(|_| sym("cuInit"))?;
        let count: libloading::Symbol<Count> = lib.get(b"cuDeviceGetCount\0").map_err(|_| sym("cuDeviceGetCount"))?;
        let get: libloading::Symbol<Get> = lib.get(b"cuDeviceGet\0").map_err(|_| sym("cuDeviceGet"))?;
        let attr: libloading::Symbol<Attribute> = lib.get(b"cuDeviceGetAttribute\0").map_err(|_| sym("cuDeviceGetAttribute"))?;
        let name_of: libloading::Symbol<Name> = lib.get(b"cuDeviceGetName\0").map_err(|_| sym("cuDeviceGetName"))?;
        let r = init(0);
        if r != 0 {
            return Err(format!("cuInit failed with CUDA error {r}"));
        }
        let mut n = 0;
        if count(&mut n) != 0 || n == 0 {
            return Err("the CUDA driver finds no device".into());
        }
        let mut device = 0;
        let (mut major, mut minor) = (0, 0);
        if get(&mut device, 0) != 0 || attr(&mut major, MAJOR, device) != 0 || attr(&mut minor, MINOR, device) != 0 {
            return Err("cannot read the compute capability of CUDA device 0".into());
        }
        let mut buf = [0 as std::ffi::c_char; 256];
        let name = if name_of(buf.as_mut_ptr(), buf.len() as i32, device) == 0 {
            std::ffi::CStr::from_ptr(buf.as_ptr()).to_string_lossy().into_owned()
        } else {
            "CUDA device 0".into()
        };
        // The library stays loaded: the program's runtime opens it again.
        std::mem::forget(lib);
        Ok(Device { name, chip: format!("sm_{major}{minor}") })
    }
}

/// The PTX version a chip needs at least (NVPTX refuses older ones).
fn ptx_features(chip: &str) -> &'static str {
    let sm: u32 = chip.trim_start_matches("sm_").trim_end_matches(|c: char| c.is_ascii_alphabetic()).parse().unwrap_or(90);
    match sm {
        0..=89 => "+ptx78",
        90..=99 => "+ptx80",
        100..=119 => "+ptx86",
        _ => "+ptx87",
    }
}

/// Converts a lowered program for CUDA, in place: kernels outlined and
/// compiled to PTX for `chip` (embedded in the module), host code (as
/// `pipeline::HOST_TO_LLVM`) and its launches lowered to runtime calls.
pub fn to_llvm(context: &Context, module: &mut Module, chip: &str) -> Result<(), String> {
    let failed = |e: String| format!("internal error: compiling for CUDA ({chip}) failed: {e}");
    // Outlining copies the functions kernels call (nested SDFGs) into their
    // modules; the host's copies, uncalled there, go (they hold GPU ops).
    run_pipeline(context, module, "builtin.module(gpu-kernel-outlining,symbol-dce)").map_err(failed)?;
    super::device_math::use_native_math(module);
    // The lowering refused kernels that need libdevice where there is none.
    let libdevice = if super::device_math::libdevice_uses(module).is_empty() { None } else { libdevice().ok() };
    run_pipeline(context, module, &to_llvm_pipeline(chip, libdevice.as_deref())).map_err(failed)?;
    unresolved_calls(module)
}

/// Refuses kernels that call functions PTX does not define (host library
/// functions that reached device code): the driver would reject the module
/// when the program starts.
fn unresolved_calls(module: &Module) -> Result<(), String> {
    for binary in super::binary::binaries(module)? {
        let ptx = String::from_utf8_lossy(&binary.bytes);
        let mut lines = ptx.lines();
        while let Some(line) = lines.next() {
            if !line.trim_start().starts_with(".extern .func") {
                continue;
            }
            // `.extern .func (.param ...) name(` or `.extern .func name(`.
            let text = if line.contains('(') && !line.trim_end().ends_with(')') { line.to_string() } else { format!("{line} {}", lines.next().unwrap_or("")) };
            let name = text.split('(').filter_map(|part| part.split_whitespace().last()).find(|w| !w.starts_with('.') && !w.ends_with(')')).unwrap_or("?");
            return Err(format!("kernel @{} calls `{name}`, which has no GPU implementation", binary.module));
        }
    }
    Ok(())
}

/// Refuses device code that needs libdevice where there is none: the
/// first such op's name and location.
pub fn check_libdevice(module: &Module) -> Result<(), (String, crate::model::Loc)> {
    let uses = super::device_math::libdevice_uses(module);
    let Some((op, raw)) = uses.first() else { return Ok(()) };
    let Err(missing) = libdevice() else { return Ok(()) };
    // SAFETY: a location of the live module.
    let location = unsafe { melior::ir::Location::from_raw(*raw) };
    let loc = crate::ir::context::location_loc(&location, "");
    Err((format!("`{op}` in a GPU kernel needs CUDA's libdevice (libdevice.10.bc): {missing}"), loc))
}

/// libdevice: the file `SDFG_CUDA_LIBDEVICE` names (when set, the only
/// place looked at), else in the toolkit that `CUDA_HOME`, `CUDA_PATH` or
/// `CUDA_ROOT` names, the active Python environment's `nvidia-cuda-nvcc`
/// package, or the toolkit whose `nvcc` or `ptxas` is on `PATH`.
fn libdevice() -> Result<PathBuf, String> {
    if let Some(path) = std::env::var_os("SDFG_CUDA_LIBDEVICE") {
        let path = PathBuf::from(path);
        return if path.is_file() { Ok(path) } else { Err(format!("SDFG_CUDA_LIBDEVICE names {}, which is not a file", path.display())) };
    }
    let mut candidates: Vec<PathBuf> = Vec::new();
    for var in ["CUDA_HOME", "CUDA_PATH", "CUDA_ROOT"] {
        if let Some(root) = std::env::var_os(var) {
            candidates.push(Path::new(&root).join("nvvm/libdevice/libdevice.10.bc"));
        }
    }
    if let Some(venv) = std::env::var_os("VIRTUAL_ENV") {
        candidates.extend(python_package_file(Path::new(&venv), "nvidia/cuda_nvcc/nvvm/libdevice/libdevice.10.bc"));
    }
    candidates.extend(beside_cuda_compiler(std::env::var_os("PATH").as_deref()));
    candidates.into_iter().find(|p| p.is_file()).ok_or_else(|| {
        "it is not installed: install the CUDA toolkit (or the Python package nvidia-cuda-nvcc-cu12 in the active \
         environment), or set SDFG_CUDA_LIBDEVICE to the file"
            .to_string()
    })
}

/// Where the toolkits whose compiler is in a directory of `path` keep
/// libdevice: NVIDIA's layout (`bin/nvcc`, `nvvm/libdevice/`) and
/// Debian's (`bin/nvcc`, `lib/nvidia-cuda-toolkit/libdevice/`).
fn beside_cuda_compiler(path: Option<&std::ffi::OsStr>) -> Vec<PathBuf> {
    let Some(path) = path else { return Vec::new() };
    std::env::split_paths(path)
        .filter(|dir| dir.join("nvcc").is_file() || dir.join("ptxas").is_file())
        .filter_map(|dir| dir.parent().map(Path::to_path_buf))
        .flat_map(|root| {
            [root.join("nvvm/libdevice/libdevice.10.bc"), root.join("lib/nvidia-cuda-toolkit/libdevice/libdevice.10.bc")]
        })
        .collect()
}

/// `file` inside the packages of the Python environment at `venv`
/// (`lib/pythonX.Y/site-packages/`).
fn python_package_file(venv: &Path, file: &str) -> Option<PathBuf> {
    let lib = std::fs::read_dir(venv.join("lib")).ok()?;
    lib.flatten()
        .filter(|e| e.file_name().to_string_lossy().starts_with("python"))
        .map(|e| e.path().join("site-packages").join(file))
        .find(|p| p.is_file())
}

/// After outlining: kernels to PTX for `chip` (linked with `libdevice`
/// where given), then the host code.
fn to_llvm_pipeline(chip: &str, libdevice: Option<&Path>) -> String {
    let features = ptx_features(chip);
    let link = libdevice.map(|p| format!(" l={}", p.display())).unwrap_or_default();
    format!(
        "builtin.module(nvvm-attach-target{{chip={chip} features={features} O=3{link}}},\
gpu.module(convert-scf-to-cf,convert-complex-to-standard,convert-gpu-to-nvvm,canonicalize,cse,reconcile-unrealized-casts),\
{},gpu-module-to-binary{{format=isa}})",
        crate::lowering::pipeline::HOST_TO_LLVM
    )
}

/// Compiles the runtime into `work`: a shared library (for the JIT) or an
/// object file (linked into ahead-of-time libraries).
pub fn runtime_library(work: &Path, shared: bool) -> Result<PathBuf, String> {
    std::fs::create_dir_all(work).map_err(|e| format!("cannot create {}: {e}", work.display()))?;
    let source = work.join("sdfg_cuda_runtime.c");
    let out = work.join(if shared { "libsdfg_cuda_runtime.so" } else { "sdfg_cuda_runtime.o" });
    std::fs::write(&source, RUNTIME_SOURCE).map_err(|e| format!("cannot write {}: {e}", source.display()))?;
    let clang = toolchain::require(Component::Clang).map_err(|e| format!("the CUDA runtime: {e}"))?;
    let mut command = std::process::Command::new(clang);
    command.args(["-O2", "-fPIC", if shared { "-shared" } else { "-c" }]).arg(&source).arg("-o").arg(&out);
    if shared {
        command.arg("-ldl");
    }
    crate::lowering::cpp_helpers::run(&mut command).map_err(|e| format!("the CUDA runtime: {e}"))?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn libdevice_is_looked_for_beside_a_cuda_compiler_on_path() {
        let root = std::env::temp_dir().join(format!("sdfg-libdevice-{}", std::process::id()));
        let (bin, other) = (root.join("cuda/bin"), root.join("other/bin"));
        std::fs::create_dir_all(&bin).unwrap();
        std::fs::create_dir_all(&other).unwrap();
        std::fs::write(bin.join("ptxas"), "").unwrap();
        let path = std::env::join_paths([&other, &bin]).unwrap();
        let found = beside_cuda_compiler(Some(&path));
        assert_eq!(
            found,
            vec![
                root.join("cuda/nvvm/libdevice/libdevice.10.bc"),
                root.join("cuda/lib/nvidia-cuda-toolkit/libdevice/libdevice.10.bc")
            ]
        );
        assert!(beside_cuda_compiler(None).is_empty());
        std::fs::remove_dir_all(&root).unwrap();
    }
}
