//! DaCe's FPGA variants of the corpus (`fpga`, `fpga_streaming` in
//! `device/`) and every CPU variant after our `--sdfg-fpga-transform`
//! through the FPGA back end: each runs in software emulation and matches
//! the stored outputs under the manifest's rules (except those listed in
//! `test/FPGA/`, which must fail with the error named there), and the
//! Vitis HLS C++ and the XRT host program written for each compile with
//! the host compiler (against libxrt-dev), every warning an error.

#[path = "common/corpus.rs"]
mod corpus;
#[path = "common/gpu.rs"]
mod device;

use device::{check_each_in, device_variants, transformed};
use sdfg_mlir::{
    json,
    lowering::{fpga, toolchain::{self, Component}, EngineKind, LowerOptions},
    transforms::fpga_transform::FpgaTransform,
};
use std::path::Path;
use std::process::Command;

#[test]
fn every_fpga_variant_runs_in_emulation() {
    let files = device_variants(".fpga");
    assert!(files.len() >= 45, "corpus FPGA variants missing");
    let corpus_dir = corpus::corpus();
    check_each_in("FPGA", &files, "emulation-unsupported.txt", |f| {
        let name = f.file_name().unwrap().to_string_lossy().into_owned();
        let program = name.split('.').next().unwrap();
        let data = |ext: &str| corpus_dir.join(format!("{program}.{ext}"));
        let out = Command::new(env!("CARGO_BIN_EXE_sdfg-run"))
            .arg(f)
            .arg("--inputs")
            .arg(data("npz"))
            .arg("--expected")
            .arg(data("npz"))
            .arg("--manifest")
            .arg(data("json"))
            .output()
            .map_err(|e| e.to_string())?;
        let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
        if !out.status.success() {
            return Err(stderr);
        }
        if !stderr.contains("note: FPGA kernels run in software emulation on the CPU") {
            return Err(format!("no note that the kernels run in emulation: {stderr}"));
        }
        Ok(())
    });
}

/// `--sdfg-fpga-transform` on every CPU variant of the corpus.
#[test]
fn every_cpu_variant_runs_in_emulation_after_the_fpga_transform() {
    let work = Path::new(env!("CARGO_TARGET_TMPDIR")).join("fpga-transform");
    check_each_in("FPGA", &corpus::files(), "fpga-transform-unsupported.txt", |f| {
        let variant = f.file_stem().unwrap().to_string_lossy().into_owned();
        let mut s = json::import_file(f).map_err(|e| e.to_string())?;
        transformed(&FpgaTransform, "", &mut s)?;
        let lower = LowerOptions { fpga: true, ..Default::default() };
        corpus::check_with(f, &s, EngineKind::Jit, &work.join(&variant), lower)
    });
}

/// Where Debian's libxrt-dev puts XRT's headers.
const XRT_HEADERS: &str = "/usr/include/xrt";

/// The kernels and the XRT host program of DaCe's FPGA variants, of our transform of every CPU
/// variant it applies to, of both after our streaming transformations, and of every CPU variant
/// after the state transform and after the FPGA auto-optimization.
#[test]
fn every_emitted_kernel_compiles_without_warnings() {
    let clang = toolchain::require(Component::Clang).expect("clang");
    let work = Path::new(env!("CARGO_TARGET_TMPDIR")).join("fpga-hls");
    let mut failures = Vec::new();
    let mut programs = Vec::new();
    for f in device_variants(".fpga") {
        programs.push((f.file_stem().unwrap().to_string_lossy().into_owned(), json::import_file(&f).unwrap()));
    }
    for f in device_variants(".fpga.") {
        let mut s = json::import_file(&f).unwrap();
        if streamed(&mut s).unwrap() != (0, 0) {
            programs.push((format!("{}.streamed", f.file_stem().unwrap().to_string_lossy()), s));
        }
    }
    for f in corpus::files() {
        let mut s = json::import_file(&f).unwrap();
        if transformed(&FpgaTransform, "", &mut s).is_ok() {
            programs.push((format!("{}.fpga-transform", f.file_stem().unwrap().to_string_lossy()), s.clone()));
            if streamed(&mut s).unwrap() != (0, 0) {
                programs.push((format!("{}.fpga-transform-streamed", f.file_stem().unwrap().to_string_lossy()), s));
            }
        }
        for (flag, options) in [("sdfg-fpga-transform-state", ""), ("sdfg-auto-optimize", "device=fpga")] {
            let mut s = json::import_file(&f).unwrap();
            let t = sdfg_mlir::transforms::find(flag).expect("registered");
            let options = sdfg_mlir::transforms::Options::parse(options).unwrap();
            if sdfg_mlir::transforms::nested::apply_everywhere_deep(t, &mut s, &options, usize::MAX).is_ok_and(|n| n > 0) {
                programs.push((format!("{}.{flag}", f.file_stem().unwrap().to_string_lossy()), s));
            }
        }
    }
    assert!(programs.len() > 350, "FPGA programs missing");
    let mut checked = std::collections::HashSet::new();
    let mut headers = Precompiled::new(&work);
    for (variant, sdfg) in &programs {
        let dir = work.join(variant);
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let files = match fpga::emit_hls(sdfg) {
            Ok(files) => files,
            Err(e) => {
                failures.push(format!("{variant}: {e}"));
                continue;
            }
        };
        let mut kernels = Vec::new();
        for file in files {
            let path = dir.join(&file.name);
            std::fs::write(&path, &file.text).unwrap();
            if file.name.ends_with(".cpp") && file.name != "host.cpp" {
                assert!(file.text.contains("#pragma HLS INTERFACE s_axilite port=return bundle=control"), "{}: no control interface", path.display());
                kernels.push(path);
            }
        }
        assert!(!kernels.is_empty(), "{variant}: no kernel written");
        assert!(Path::new(XRT_HEADERS).join("xrt/xrt_device.h").exists(), "XRT's headers are missing: install libxrt-dev");
        for file in kernels.iter().chain([&dir.join("host.cpp")]) {
            // Variants often share kernels: each text is compiled once (the
            // only header beside it is the fixed `sdfg_hls.h`).
            if !checked.insert(std::fs::read_to_string(file).unwrap()) {
                continue;
            }
            let pch = match headers.precompiled(&clang, file) {
                Ok(pch) => pch,
                Err(e) => {
                    failures.push(format!("{}: {e}", file.display()));
                    continue;
                }
            };
            if let Some(errors) = syntax_errors(&clang, &dir, file, &pch) {
                failures.push(format!("{}: {errors}", file.display()));
            }
        }
    }
    assert!(failures.is_empty(), "{} of {} programs failed:\n{}", failures.len(), programs.len(), failures.join("\n"));
}

/// How every emitted file is compiled: C++17, every warning but HLS
/// pragmas an error, XRT's headers found.
const FLAGS: &[&str] = &["--driver-mode=g++", "-std=c++17", "-Wall", "-Wextra", "-Werror", "-Wno-unknown-pragmas", "-I", XRT_HEADERS];

/// What the host compiler says of `file` (in `dir`, its includes from
/// `pch`) when it does not compile cleanly.
fn syntax_errors(clang: &Path, dir: &Path, file: &Path, pch: &Path) -> Option<String> {
    let out = Command::new(clang).args(FLAGS).arg("-fsyntax-only").arg("-include-pch").arg(pch).arg("-I").arg(dir).arg(file).output().unwrap();
    (!out.status.success()).then(|| String::from_utf8_lossy(&out.stderr).into_owned())
}

/// Precompiled headers, one per distinct list of includes: every kernel
/// includes `sdfg_hls.h`, every host program XRT's and the same standard
/// headers, and parsing those took most of each file's check.
struct Precompiled {
    dir: std::path::PathBuf,
    built: std::collections::HashMap<String, std::path::PathBuf>,
}

impl Precompiled {
    fn new(work: &Path) -> Precompiled {
        let dir = work.join("precompiled");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("sdfg_hls.h"), fpga::HEADER).unwrap();
        Precompiled { dir, built: Default::default() }
    }

    /// The header precompiled from `file`'s includes (those Vitis HLS
    /// alone sees, under `__SYNTHESIS__`, left out).
    fn precompiled(&mut self, clang: &Path, file: &Path) -> Result<std::path::PathBuf, String> {
        let mut includes = String::new();
        let mut synthesis = false;
        for line in std::fs::read_to_string(file).map_err(|e| e.to_string())?.lines().map(str::trim) {
            if line.starts_with("#ifdef __SYNTHESIS__") {
                synthesis = true;
            } else if synthesis && (line.starts_with("#else") || line.starts_with("#endif")) {
                synthesis = false;
            } else if !synthesis && line.starts_with("#include") {
                includes += &format!("{line}\n");
            }
        }
        if let Some(pch) = self.built.get(&includes) {
            return Ok(pch.clone());
        }
        let header = self.dir.join(format!("prelude{}.h", self.built.len()));
        std::fs::write(&header, &includes).map_err(|e| e.to_string())?;
        let pch = header.with_extension("h.pch");
        let out = Command::new(clang).args(FLAGS).arg("-I").arg(&self.dir).arg("-x").arg("c++-header").arg(&header).arg("-o").arg(&pch).output().unwrap();
        if !out.status.success() {
            return Err(format!("its includes do not compile: {}", String::from_utf8_lossy(&out.stderr)));
        }
        self.built.insert(includes, pch.clone());
        Ok(pch)
    }
}

/// DaCe made each `fpga_streaming` variant from the `fpga` one by applying
/// InlineSDFG, StreamingComposition and StreamingMemory (the last two with
/// `storage=FPGA_Local`) repeatedly. Ours, on DaCe's `fpga` variants: the
/// streaming transformations apply as often as DaCe's did (the manifest's
/// `applied`), except where `streaming-differences.txt` says why not, and
/// every result runs in emulation and matches.
#[test]
fn dace_streaming_recipe_on_every_fpga_variant() {
    let work = Path::new(env!("CARGO_TARGET_TMPDIR")).join("fpga-streaming-dace");
    let files: Vec<_> = device_variants(".fpga.").into_iter().collect();
    assert!(files.len() >= 25, "corpus FPGA variants missing");
    check_each_in("FPGA", &files, "streaming-differences.txt", |f| {
        let variant = f.file_stem().unwrap().to_string_lossy().into_owned();
        let mut s = json::import_file(f).map_err(|e| e.to_string())?;
        let counts = streamed(&mut s)?;
        let manifest: serde_json::Value = serde_json::from_str(
            &std::fs::read_to_string(corpus::corpus().join(format!("{}.json", corpus::program_of(f)))).unwrap(),
        )
        .unwrap();
        let applied = &manifest["device_variants"]["fpga_streaming"]["applied"];
        let dace = |t: &str| applied[t].as_u64().unwrap_or(0) as usize;
        let expected = (dace("StreamingComposition"), dace("StreamingMemory"));
        let lower = LowerOptions { fpga: true, ..Default::default() };
        corpus::check_with(f, &s, EngineKind::Jit, &work.join(&variant), lower)?;
        if counts != expected {
            return Err(format!("applications (composition, memory): ours {counts:?}, DaCe's {expected:?}"));
        }
        Ok(())
    });
}

/// Our own FPGA flow on every CPU variant: `--sdfg-fpga-transform`, then
/// DaCe's streaming recipe; each result runs in emulation and matches.
#[test]
fn every_cpu_variant_runs_in_emulation_after_fpga_transform_and_streaming() {
    let work = Path::new(env!("CARGO_TARGET_TMPDIR")).join("fpga-streaming");
    check_each_in("FPGA", &corpus::files(), "fpga-transform-unsupported.txt", |f| {
        let variant = f.file_stem().unwrap().to_string_lossy().into_owned();
        let mut s = json::import_file(f).map_err(|e| e.to_string())?;
        transformed(&FpgaTransform, "", &mut s)?;
        streamed(&mut s)?;
        let lower = LowerOptions { fpga: true, ..Default::default() };
        corpus::check_with(f, &s, EngineKind::Jit, &work.join(&variant), lower)
    });
}

/// InlineSDFG, StreamingComposition and StreamingMemory everywhere, as DaCe
/// made the `fpga_streaming` variants; how often the last two applied.
fn streamed(s: &mut sdfg_mlir::model::Sdfg) -> Result<(usize, usize), String> {
    use sdfg_mlir::transforms::{find, nested::apply_everywhere_deep, Options};
    let local = Options::parse("storage=FPGA_Local")?;
    let run = |name: &str, options: &Options, s: &mut sdfg_mlir::model::Sdfg| {
        apply_everywhere_deep(find(name).expect("registered"), s, options, usize::MAX)
    };
    run("sdfg-inline-sdfg", &Options::default(), s)?;
    let composed = run("sdfg-streaming-composition", &local, s)?;
    let memory = run("sdfg-streaming-memory", &local, s)?;
    Ok((composed, memory))
}

/// `--sdfg-auto-optimize='device=fpga'` (DaCe's FPGA recipe) and
/// `--sdfg-fpga-transform-state` (each state with code on the FPGA) on
/// every CPU variant: each result runs in emulation and matches.
#[test]
fn every_cpu_variant_runs_in_emulation_after_fpga_auto_optimize_and_state_transform() {
    use sdfg_mlir::transforms::{find, nested::apply_everywhere_deep, Options};
    let work = Path::new(env!("CARGO_TARGET_TMPDIR")).join("fpga-auto-optimize");
    check_each_in("FPGA", &corpus::files(), "fpga-transform-unsupported.txt", |f| {
        let variant = f.file_stem().unwrap().to_string_lossy().into_owned();
        let lower = LowerOptions { fpga: true, ..Default::default() };
        let mut s = json::import_file(f).map_err(|e| e.to_string())?;
        let t = find("sdfg-fpga-transform-state").expect("registered");
        if apply_everywhere_deep(t, &mut s, &Options::default(), usize::MAX)? > 0 {
            corpus::check_with(f, &s, EngineKind::Jit, &work.join(format!("{variant}.state")), lower.clone())
                .map_err(|e| format!("after sdfg-fpga-transform-state: {e}"))?;
        }
        let mut s = json::import_file(f).map_err(|e| e.to_string())?;
        let t = find("sdfg-auto-optimize").expect("registered");
        apply_everywhere_deep(t, &mut s, &Options::parse("device=fpga")?, usize::MAX)?;
        corpus::check_with(f, &s, EngineKind::Jit, &work.join(&variant), lower)
    });
}
