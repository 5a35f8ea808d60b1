//! Library choices of the lowering.

use super::{lower_missing, LowerOptions, ModuleGen};

fn gemm() -> crate::model::Sdfg {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/sdfg-corpus/gemm.simplified.sdfg");
    crate::json::import_file(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn a_missing_openblas_is_a_warning_not_a_silent_loop_nest() {
    let why = "OpenBLAS not found (searched /nowhere)".to_string();
    let context = crate::ir::new_context();
    let lowered = lower_missing(&context, &mut ModuleGen::new(&context), &gemm(), &LowerOptions::default(), Some(why), None).expect("lowers");
    assert!(!lowered.text().contains("cblas_dgemm"), "no BLAS call without OpenBLAS");
    assert_eq!(
        lowered.warnings,
        ["OpenBLAS not found (searched /nowhere); library nodes that would call it run as loop nests"]
    );
}

#[test]
fn an_installed_openblas_is_called_without_warnings() {
    let context = crate::ir::new_context();
    let lowered = lower_missing(&context, &mut ModuleGen::new(&context), &gemm(), &LowerOptions::default(), None, None).expect("lowers");
    assert!(lowered.text().contains("cblas_dgemm"));
    assert!(lowered.warnings.is_empty(), "{:?}", lowered.warnings);
}

#[test]
fn no_blas_asked_for_is_no_warning() {
    let options = LowerOptions { blas: false, ..LowerOptions::default() };
    let context = crate::ir::new_context();
    let lowered = lower_missing(&context, &mut ModuleGen::new(&context), &gemm(), &options, None, None).expect("lowers");
    assert!(!lowered.text().contains("cblas_dgemm"));
    assert!(lowered.warnings.is_empty(), "{:?}", lowered.warnings);
}
