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

use sdfg_mlir::{
    json,
    lowering::{gpu, EngineKind, LowerOptions},
    model::Sdfg,
    transforms::{
        auto_optimize::AutoOptimize, gpu_block_tiling::GpuBlockTiling, gpu_transform::GpuTransform, in_local_storage::IN_LOCAL_STORAGE,
        Options, Transformation,
    },
};
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

/// The corpus's device variants whose file name contains `part`.
fn device_variants(part: &str) -> Vec<PathBuf> {
    corpus::files_in(&corpus::corpus().join("device"))
        .into_iter()
        .filter(|f| f.file_name().is_some_and(|n| n.to_string_lossy().contains(part)))
        .collect()
}

/// Applies `t` with `options` at its first match; an error if none.
fn transformed(t: &dyn Transformation, options: &str, sdfg: &mut Sdfg) -> Result<(), String> {
    let options = Options::parse(options)?;
    let Some(m) = t.matches_with(sdfg, &options)?.into_iter().next() else { return Err(format!("{} does not apply", t.name())) };
    t.apply(sdfg, &m, &options)
}

/// Runs each file, after `prepare`, on Vulkan and checks it against the
/// stored outputs and the list `unsupported` of refused variants.
fn run_on_vulkan(files: &[PathBuf], unsupported: &str, work: &str, prepare: impl Fn(&mut Sdfg) -> Result<(), String>) {
    if let Err(e) = gpu::vulkan::probe() {
        panic!("no Vulkan device ({e}): install Mesa's lavapipe (mesa-vulkan-drivers)");
    }
    let list = Path::new(env!("CARGO_MANIFEST_DIR")).join("test/GPU").join(unsupported);
    let listed = std::fs::read_to_string(&list).expect("the list of refused variants");
    let refused: Vec<(&str, &str)> =
        listed.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()).filter_map(|l| l.split_once(": ")).collect();
    let work = Path::new(env!("CARGO_TARGET_TMPDIR")).join(work);
    let mut failures = Vec::new();
    for f in files {
        let variant = f.file_stem().unwrap().to_string_lossy().into_owned();
        let lower = LowerOptions { gpu: Some(gpu::Target::Vulkan), ..Default::default() };
        let result = json::import_file(f).map_err(|e| e.to_string()).and_then(|mut s| {
            prepare(&mut s)?;
            corpus::check_with(f, &s, EngineKind::Jit, &work.join(&variant), lower)
        });
        match (refused.iter().find(|(v, _)| *v == variant), result) {
            (None, Ok(())) => {}
            (None, Err(e)) => failures.push(format!("{variant}: {e}")),
            (Some((_, want)), Err(e)) if e.contains(want) => {}
            (Some((_, want)), Err(e)) => failures.push(format!("{variant}: expected '{want}', got: {e}")),
            (Some(_), Ok(())) => failures.push(format!("{variant}: runs now; take it out of {unsupported}")),
        }
    }
    assert!(failures.is_empty(), "{} of {} files failed on Vulkan:\n{}", failures.len(), files.len(), failures.join("\n"));
}
