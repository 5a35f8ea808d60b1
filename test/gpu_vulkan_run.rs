//! Runs corpus programs on a Vulkan device (Mesa's lavapipe where there is
//! no GPU) and compares the outputs with the stored ones under the
//! manifest's rules: DaCe's own GPU variants (`gpu`, `gpu_autoopt` in
//! `device/`), and every CPU variant after our GPU transformations. Every
//! file must match, except those in the test's list in `test/GPU/`, which
//! must fail with the error named there; one that starts to pass fails
//! the test until it is taken off the list. Without a Vulkan device the
//! test fails: CI installs lavapipe.

#[path = "common/corpus.rs"]
mod corpus;
#[path = "common/gpu.rs"]
mod gpu_variants;

use sdfg_mlir::{
    json,
    lowering::{gpu, EngineKind, LowerOptions},
    model::Sdfg,
    transforms::{
        auto_optimize::AutoOptimize, gpu_block_tiling::GpuBlockTiling, gpu_transform::GpuTransform, in_local_storage::IN_LOCAL_STORAGE,
        Options, Transformation,
    },
};
use gpu_variants::{check_each, device_variants, transformed};
use std::path::{Path, PathBuf};

#[test]
fn every_gpu_variant_runs_on_vulkan() {
    let files = device_variants(".gpu");
    assert!(files.len() >= 50, "corpus GPU variants missing");
    run_on_vulkan(&files, "vulkan-unsupported.txt", "gpu-vulkan", |_| Ok(()));
}

/// `--sdfg-gpu-block-tiling` then `--sdfg-in-local-storage` (a block's
/// data in GPU_Shared memory) on every GPU variant of the corpus.
#[test]
fn every_gpu_variant_runs_on_vulkan_after_block_tiling_and_shared_storage() {
    let files = device_variants(".gpu.sdfg");
    let prepare = |s: &mut Sdfg| {
        let none = Options::default();
        GpuBlockTiling.apply_everywhere(s, &none, usize::MAX)?;
        IN_LOCAL_STORAGE.apply_everywhere(s, &none, usize::MAX)?;
        Ok(())
    };
    run_on_vulkan(&files, "block-tiling-unsupported.txt", "gpu-block-tiling-vulkan", prepare);
}

/// `--sdfg-gpu-transform` on every CPU variant of the corpus.
#[test]
fn every_cpu_variant_runs_on_vulkan_after_the_gpu_transform() {
    let prepare = |s: &mut Sdfg| transformed(&GpuTransform, "", s);
    run_on_vulkan(&corpus::files(), "gpu-transform-unsupported.txt", "gpu-transform-vulkan", prepare);
}

/// `--sdfg-auto-optimize='device=gpu'` (DaCe's GPU recipe) on every CPU
/// variant of the corpus.
#[test]
fn every_cpu_variant_runs_on_vulkan_after_gpu_auto_optimize() {
    let prepare = |s: &mut Sdfg| transformed(&AutoOptimize, "device=gpu", s);
    run_on_vulkan(&corpus::files(), "gpu-auto-optimize-unsupported.txt", "gpu-auto-optimize-vulkan", prepare);
}

/// Runs each file, after `prepare`, on Vulkan and checks it against the
/// stored outputs and the list `unsupported` of refused variants.
fn run_on_vulkan(files: &[PathBuf], unsupported: &str, work: &str, prepare: impl Fn(&mut Sdfg) -> Result<(), String>) {
    if let Err(e) = gpu::vulkan::probe() {
        panic!("no Vulkan device ({e}): install Mesa's lavapipe (mesa-vulkan-drivers)");
    }
    let work = Path::new(env!("CARGO_TARGET_TMPDIR")).join(work);
    check_each(files, unsupported, |f| {
        let variant = f.file_stem().unwrap().to_string_lossy().into_owned();
        let lower = LowerOptions { gpu: Some(gpu::Target::Vulkan), ..Default::default() };
        let mut s = json::import_file(f).map_err(|e| e.to_string())?;
        prepare(&mut s)?;
        corpus::check_with(f, &s, EngineKind::Jit, &work.join(&variant), lower)
    });
}
