//! Runs the lit suite in `test/` against the freshly built tools.

use std::{path::Path, process::Command};

#[test]
fn lit_suite() {
    let bin_dir = Path::new(env!("CARGO_BIN_EXE_sdfg-opt")).parent().expect("binary directory");
    let test_dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("test");
    let lit = "/usr/lib/llvm-22/bin/lit";
    let status = Command::new(lit)
        .arg("-sv")
        .arg(&test_dir)
        .env("SDFG_BIN_DIR", bin_dir)
        .status()
        .unwrap_or_else(|e| panic!("cannot run {lit} (run scripts/setup.sh): {e}"));
    assert!(status.success(), "lit tests failed");
}
