//! DaCe's FPGA variants of the corpus (`fpga`, `fpga_streaming` in
//! `device/`) through the FPGA back end: each runs with `sdfg-run` in
//! software emulation and matches the stored outputs under the manifest's
//! rules (except those in `test/FPGA/emulation-unsupported.txt`, which
//! must fail with the error named there), and the Vitis HLS C++ that
//! `sdfg-translate --emit-hls` writes for each compiles with the host
//! compiler, every warning an error.

#[path = "common/corpus.rs"]
mod corpus;
#[path = "common/gpu.rs"]
mod device;

use device::{check_each_in, device_variants};
use sdfg_mlir::lowering::toolchain::{self, Component};
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

#[test]
fn every_emitted_kernel_compiles_without_warnings() {
    let clang = toolchain::require(Component::Clang).expect("clang");
    let work = Path::new(env!("CARGO_TARGET_TMPDIR")).join("fpga-hls");
    let mut failures = Vec::new();
    let files = device_variants(".fpga");
    for f in &files {
        let variant = f.file_stem().unwrap().to_string_lossy().into_owned();
        let dir = work.join(&variant);
        let _ = std::fs::remove_dir_all(&dir);
        let out = Command::new(env!("CARGO_BIN_EXE_sdfg-translate")).arg("--emit-hls").arg(f).arg("-o").arg(&dir).output().unwrap();
        if !out.status.success() {
            failures.push(format!("{variant}: {}", String::from_utf8_lossy(&out.stderr)));
            continue;
        }
        let kernels: Vec<_> = std::fs::read_dir(&dir).unwrap().flatten().map(|e| e.path()).filter(|p| p.extension().is_some_and(|x| x == "cpp")).collect();
        assert!(!kernels.is_empty(), "{variant}: no kernel written");
        for k in kernels {
            let text = std::fs::read_to_string(&k).unwrap();
            assert!(text.contains("#pragma HLS INTERFACE s_axilite port=return bundle=control"), "{}: no control interface", k.display());
            let out = Command::new(&clang)
                .args(["--driver-mode=g++", "-std=c++17", "-fsyntax-only", "-Wall", "-Wextra", "-Werror", "-Wno-unknown-pragmas", "-I"])
                .arg(&dir)
                .arg(&k)
                .output()
                .unwrap();
            if !out.status.success() {
                failures.push(format!("{}: {}", k.display(), String::from_utf8_lossy(&out.stderr)));
            }
        }
    }
    assert!(failures.is_empty(), "{} of {} variants failed:\n{}", failures.len(), files.len(), failures.join("\n"));
}
