//! Shared by the GPU and FPGA tests: the corpus's device variants, our
//! device transformations applied to a program, and lists of the variants
//! that must fail.

#![allow(dead_code)]

use super::corpus;
use sdfg_mlir::{
    model::Sdfg,
    transforms::{Options, Transformation},
};
use std::path::{Path, PathBuf};

/// The corpus's device variants whose file name contains `part`.
pub fn device_variants(part: &str) -> Vec<PathBuf> {
    corpus::files_in(&corpus::corpus().join("device"))
        .into_iter()
        .filter(|f| f.file_name().is_some_and(|n| n.to_string_lossy().contains(part)))
        .collect()
}

/// Applies `t` with `options` at its first match; an error if none.
pub fn transformed(t: &dyn Transformation, options: &str, sdfg: &mut Sdfg) -> Result<(), String> {
    let options = Options::parse(options)?;
    let Some(m) = t.matches_with(sdfg, &options)?.into_iter().next() else { return Err(format!("{} does not apply", t.name())) };
    t.apply(sdfg, &m, &options)
}

/// Runs `check` on each file and compares the outcome with the list
/// `unsupported` in `test/GPU/` (`variant: error fragment` lines): a listed
/// file must fail with its error, any other must pass. Panics with every
/// difference.
pub fn check_each(files: &[PathBuf], unsupported: &str, check: impl Fn(&Path) -> Result<(), String>) {
    check_each_in("GPU", files, unsupported, check)
}

/// [`check_each`] with the list in `test/<dir>/`.
pub fn check_each_in(dir: &str, files: &[PathBuf], unsupported: &str, check: impl Fn(&Path) -> Result<(), String>) {
    let list = Path::new(env!("CARGO_MANIFEST_DIR")).join("test").join(dir).join(unsupported);
    let listed = std::fs::read_to_string(&list).expect("the list of refused variants");
    let refused: Vec<(&str, &str)> =
        listed.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()).filter_map(|l| l.split_once(": ")).collect();
    let mut failures = Vec::new();
    for f in files {
        let variant = f.file_stem().unwrap().to_string_lossy().into_owned();
        match (refused.iter().find(|(v, _)| *v == variant), check(f)) {
            (None, Ok(())) => {}
            (None, Err(e)) => failures.push(format!("{variant}: {e}")),
            (Some((_, want)), Err(e)) if e.contains(want) => {}
            (Some((_, want)), Err(e)) => failures.push(format!("{variant}: expected '{want}', got: {e}")),
            (Some(_), Ok(())) => failures.push(format!("{variant}: passes now; take it out of {unsupported}")),
        }
    }
    assert!(failures.is_empty(), "{} of {} files failed:\n{}", failures.len(), files.len(), failures.join("\n"));
}
