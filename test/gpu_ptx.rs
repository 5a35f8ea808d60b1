//! Compiles corpus programs for CUDA (host code to an object file, kernels
//! to PTX) and assembles every kernel's PTX with NVIDIA's `ptxas`, so PTX
//! that NVIDIA's toolchain rejects fails here and not first on a GPU: DaCe's own GPU variants (`gpu`, `gpu_autoopt`), and
//! every CPU variant after our GPU transformations. `ptxas` and libdevice
//! come from the Python package `nvidia-cuda-nvcc-cu12` in the repository's
//! venv (`scripts/setup-venv.sh` installs it), or from `SDFG_PTXAS` and
//! `SDFG_CUDA_LIBDEVICE`. No GPU is needed.

#[path = "common/corpus.rs"]
mod corpus;
#[path = "common/gpu.rs"]
mod gpu_variants;

use gpu_variants::{check_each, device_variants, transformed};
use sdfg_mlir::{
    json,
    lowering::{self, gpu, LowerOptions},
    model::Sdfg,
    transforms::{auto_optimize::AutoOptimize, gpu_transform::GpuTransform},
};
use std::{
    path::{Path, PathBuf},
    process::Command,
    sync::OnceLock,
};

/// The chip the PTX is built and assembled for (an H100).
const CHIP: &str = "sm_90";

#[test]
fn every_gpu_variant_assembles_for_cuda() {
    let files = device_variants(".gpu");
    assert!(files.len() >= 50, "corpus GPU variants missing");
    assemble_all(&files, "ptx-unsupported.txt", "gpu-ptx", |_| Ok(()));
}

#[test]
fn every_cpu_variant_assembles_for_cuda_after_the_gpu_transform() {
    let prepare = |s: &mut Sdfg| transformed(&GpuTransform, "", s);
    assemble_all(&corpus::files(), "gpu-transform-unsupported.txt", "gpu-transform-ptx", prepare);
}

#[test]
fn every_cpu_variant_assembles_for_cuda_after_gpu_auto_optimize() {
    let prepare = |s: &mut Sdfg| transformed(&AutoOptimize, "device=gpu", s);
    assemble_all(&corpus::files(), "gpu-auto-optimize-unsupported.txt", "gpu-auto-optimize-ptx", prepare);
}

/// `ptxas`, after pointing the lowering at libdevice (once, before any
/// test lowers: the environment is read while lowering).
fn ptxas() -> &'static Path {
    static PTXAS: OnceLock<PathBuf> = OnceLock::new();
    PTXAS.get_or_init(|| {
        let package = nvcc_package();
        if std::env::var_os("SDFG_CUDA_LIBDEVICE").is_none() {
            let libdevice = package.as_ref().map(|p| p.join("nvvm/libdevice/libdevice.10.bc"));
            let libdevice = libdevice.filter(|p| p.is_file()).unwrap_or_else(|| panic!("no libdevice: {}", SETUP));
            std::env::set_var("SDFG_CUDA_LIBDEVICE", libdevice);
        }
        let ptxas = std::env::var_os("SDFG_PTXAS").map(PathBuf::from).or_else(|| package.map(|p| p.join("bin/ptxas")));
        ptxas.filter(|p| p.is_file()).unwrap_or_else(|| panic!("no ptxas: {}", SETUP))
    })
}

const SETUP: &str = "run scripts/setup-venv.sh (it installs nvidia-cuda-nvcc-cu12), or set SDFG_PTXAS and SDFG_CUDA_LIBDEVICE";

/// The `nvidia/cuda_nvcc` folder of the repository's venv.
fn nvcc_package() -> Option<PathBuf> {
    let lib = Path::new(env!("CARGO_MANIFEST_DIR")).join(".venv/lib");
    std::fs::read_dir(lib)
        .ok()?
        .flatten()
        .map(|e| e.path().join("site-packages/nvidia/cuda_nvcc"))
        .find(|p| p.is_dir())
}

/// Builds each file, after `prepare`, for CUDA and assembles its kernels;
/// the files listed in `unsupported` must be refused as listed there.
fn assemble_all(files: &[PathBuf], unsupported: &str, work: &str, prepare: impl Fn(&mut Sdfg) -> Result<(), String>) {
    let ptxas = ptxas();
    let work = Path::new(env!("CARGO_TARGET_TMPDIR")).join(work);
    std::fs::create_dir_all(&work).expect("work folder");
    let kernels = std::cell::Cell::new(0);
    check_each(files, unsupported, |f| {
        let variant = f.file_stem().unwrap().to_string_lossy().into_owned();
        let mut s = json::import_file(f).map_err(|e| e.to_string())?;
        prepare(&mut s)?;
        kernels.set(kernels.get() + assemble(&s, ptxas, &work.join(&variant))?);
        Ok(())
    });
    assert!(kernels.get() >= files.len() / 2, "only {} kernel modules in {} files", kernels.get(), files.len());
}

/// The number of kernel modules of `sdfg`, each assembled by `ptxas`.
fn assemble(sdfg: &Sdfg, ptxas: &Path, work: &Path) -> Result<usize, String> {
    let context = sdfg_mlir::ir::new_context();
    let options = LowerOptions { gpu: Some(gpu::Target::Cuda { chip: CHIP.into() }), ..Default::default() };
    let mut lowered = lowering::lower_with(&context, sdfg, &options).map_err(|d| d.to_string())?;
    lowering::pipeline::lowered_to_llvm(&mut lowered)?;
    let binaries = gpu::binary::binaries(&lowered.module)?;
    std::fs::create_dir_all(work).map_err(|e| e.to_string())?;
    // The host code (with the kernels embedded) becomes an object file.
    lowering::object_file::emit(&lowered.module, &work.join("program.o"))?;
    for b in &binaries {
        let source = work.join(format!("{}.ptx", b.module));
        std::fs::write(&source, String::from_utf8_lossy(&b.bytes).trim_end_matches('\0').as_bytes()).map_err(|e| e.to_string())?;
        let out = Command::new(ptxas)
            .arg(format!("-arch={CHIP}"))
            .arg(&source)
            .arg("-o")
            .arg(source.with_extension("cubin"))
            .output()
            .map_err(|e| format!("cannot run {}: {e}", ptxas.display()))?;
        if !out.status.success() {
            return Err(format!("ptxas rejects @{}: {}", b.module, String::from_utf8_lossy(&out.stderr).trim()));
        }
    }
    Ok(binaries.len())
}
