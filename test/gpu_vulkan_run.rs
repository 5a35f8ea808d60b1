//! Runs every GPU variant of the corpus (DaCe's `gpu` and `gpu_autoopt`
//! files in `device/`) on a Vulkan device (Mesa's lavapipe where there is
//! no GPU) and compares the outputs with the stored ones under the
//! manifest's rules. Every variant must match, except those in
//! `test/GPU/vulkan-unsupported.txt`, which must fail with the error named
//! there. Without a Vulkan device the test fails: CI installs lavapipe.

#[path = "common/corpus.rs"]
mod corpus;

use sdfg_mlir::{
    json,
    lowering::{gpu, EngineKind, LowerOptions},
};
use std::path::Path;

#[test]
fn every_gpu_variant_runs_on_vulkan() {
    if let Err(e) = gpu::vulkan::probe() {
        panic!("no Vulkan device ({e}): install Mesa's lavapipe (mesa-vulkan-drivers)");
    }
    let here = Path::new(env!("CARGO_MANIFEST_DIR")).join("test/GPU");
    let listed = std::fs::read_to_string(here.join("vulkan-unsupported.txt")).expect("the list of refused variants");
    let refused: Vec<(&str, &str)> =
        listed.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()).filter_map(|l| l.split_once(": ")).collect();
    let files: Vec<_> = corpus::files_in(&corpus::corpus().join("device"))
        .into_iter()
        .filter(|f| f.file_name().is_some_and(|n| n.to_string_lossy().contains(".gpu")))
        .collect();
    assert!(files.len() >= 50, "corpus GPU variants missing");
    let work = Path::new(env!("CARGO_TARGET_TMPDIR")).join("gpu-vulkan");
    let mut failures = Vec::new();
    for f in &files {
        let variant = f.file_stem().unwrap().to_string_lossy().into_owned();
        let lower = LowerOptions { gpu: Some(gpu::Target::Vulkan), ..Default::default() };
        let result = json::import_file(f)
            .map_err(|e| e.to_string())
            .and_then(|s| corpus::check_with(f, &s, EngineKind::Jit, &work.join(&variant), lower));
        match (refused.iter().find(|(v, _)| *v == variant), result) {
            (None, Ok(())) => {}
            (None, Err(e)) => failures.push(format!("{variant}: {e}")),
            (Some((_, want)), Err(e)) if e.contains(want) => {}
            (Some((_, want)), Err(e)) => failures.push(format!("{variant}: expected '{want}', got: {e}")),
            (Some(_), Ok(())) => failures.push(format!("{variant}: runs now; take it out of vulkan-unsupported.txt")),
        }
    }
    assert!(failures.is_empty(), "{} of {} GPU variants failed on Vulkan:\n{}", failures.len(), files.len(), failures.join("\n"));
}

/// `--sdfg-gpu-transform` on every CPU variant of the corpus, run on
/// Vulkan: the outputs must match the stored ones, except for the variants
/// in `test/GPU/gpu-transform-unsupported.txt`, which must fail with the
/// error named there.
#[test]
fn every_cpu_variant_runs_on_vulkan_after_the_gpu_transform() {
    use sdfg_mlir::transforms::gpu_transform::GpuTransform;
    cpu_variants_on_vulkan(&GpuTransform, "", "gpu-transform-unsupported.txt");
}

/// As above, after `--sdfg-auto-optimize='device=gpu'` (DaCe's GPU recipe).
#[test]
fn every_cpu_variant_runs_on_vulkan_after_gpu_auto_optimize() {
    use sdfg_mlir::transforms::auto_optimize::AutoOptimize;
    cpu_variants_on_vulkan(&AutoOptimize, "device=gpu", "gpu-auto-optimize-unsupported.txt");
}

fn cpu_variants_on_vulkan(t: &dyn sdfg_mlir::transforms::Transformation, options: &str, unsupported: &str) {
    use sdfg_mlir::transforms::Options;
    if let Err(e) = gpu::vulkan::probe() {
        panic!("no Vulkan device ({e}): install Mesa's lavapipe (mesa-vulkan-drivers)");
    }
    let here = Path::new(env!("CARGO_MANIFEST_DIR")).join("test/GPU");
    let listed = std::fs::read_to_string(here.join(unsupported)).expect("the list of refused variants");
    let refused: Vec<(&str, &str)> =
        listed.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()).filter_map(|l| l.split_once(": ")).collect();
    let options = Options::parse(options).expect("valid options");
    let files = corpus::files();
    let work = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("{}-vulkan", t.name()));
    let mut failures = Vec::new();
    for f in &files {
        let variant = f.file_stem().unwrap().to_string_lossy().into_owned();
        let lower = LowerOptions { gpu: Some(gpu::Target::Vulkan), ..Default::default() };
        let result = json::import_file(f).map_err(|e| e.to_string()).and_then(|mut s| {
            let Some(m) = t.matches_with(&s, &options)?.into_iter().next() else { return Err(format!("{} does not apply", t.name())) };
            t.apply(&mut s, &m, &options)?;
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
    assert!(failures.is_empty(), "{} of {} variants failed:\n{}", failures.len(), files.len(), failures.join("\n"));
}
