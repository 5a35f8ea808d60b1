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

/// The kernels and the XRT host program of DaCe's FPGA variants and of our transform of every CPU
/// variant it applies to.
#[test]
fn every_emitted_kernel_compiles_without_warnings() {
    let clang = toolchain::require(Component::Clang).expect("clang");
    let work = Path::new(env!("CARGO_TARGET_TMPDIR")).join("fpga-hls");
    let mut failures = Vec::new();
    let mut programs = Vec::new();
    for f in device_variants(".fpga") {
        programs.push((f.file_stem().unwrap().to_string_lossy().into_owned(), json::import_file(&f).unwrap()));
    }
    for f in corpus::files() {
        let mut s = json::import_file(&f).unwrap();
        if transformed(&FpgaTransform, "", &mut s).is_ok() {
            programs.push((format!("{}.fpga-transform", f.file_stem().unwrap().to_string_lossy()), s));
        }
    }
    assert!(programs.len() > 130, "FPGA programs missing");
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
            if let Some(errors) = syntax_errors(&clang, &dir, file) {
                failures.push(format!("{}: {errors}", file.display()));
            }
        }
    }
    assert!(failures.is_empty(), "{} of {} programs failed:\n{}", failures.len(), programs.len(), failures.join("\n"));
}

/// What the host compiler says of `file` (in `dir`, with XRT's headers)
/// when it does not compile cleanly, every warning but HLS pragmas an error.
fn syntax_errors(clang: &Path, dir: &Path, file: &Path) -> Option<String> {
    let out = Command::new(clang)
        .args(["--driver-mode=g++", "-std=c++17", "-fsyntax-only", "-Wall", "-Wextra", "-Werror", "-Wno-unknown-pragmas", "-I", XRT_HEADERS, "-I"])
        .arg(dir)
        .arg(file)
        .output()
        .unwrap();
    (!out.status.success()).then(|| String::from_utf8_lossy(&out.stderr).into_owned())
}
