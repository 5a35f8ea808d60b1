//! Runs every `.sdfg` file of the corpus natively (JIT and ahead-of-time)
//! and of the extra corpus (JIT)
//! on its stored inputs and compares the outputs with the stored ones under
//! the manifest's rules. Every file must pass, except the extra-corpus
//! programs in `test/extra-corpus/unsupported.txt`, which must be rejected
//! with the error named there.

#[path = "common/corpus.rs"]
mod corpus;

use sdfg_mlir::{json, lowering::EngineKind};
use std::path::Path;

fn run_all(engine: EngineKind) {
    run_files(corpus::files(), engine);
}

fn run_files(files: Vec<std::path::PathBuf>, engine: EngineKind) {
    run_files_expecting(files, engine, &[]);
}

/// Runs `files`; those of a program in `rejected` must fail with its message.
fn run_files_expecting(files: Vec<std::path::PathBuf>, engine: EngineKind, rejected: &[(String, String)]) {
    let work = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("corpus-{engine:?}"));
    let mut failures = Vec::new();
    for f in &files {
        let dir = work.join(f.file_stem().unwrap());
        let result = json::import_file(f).map_err(|e| e.to_string()).and_then(|s| corpus::check(f, &s, engine, &dir));
        let program = corpus::program_of(f);
        match (rejected.iter().find(|(p, _)| *p == program), result) {
            (None, Ok(())) => {}
            (None, Err(e)) => failures.push(format!("{}: {e}", f.display())),
            (Some((_, want)), Err(e)) if e.contains(want.as_str()) => {}
            (Some((_, want)), Err(e)) => failures.push(format!("{}: expected '{want}', got: {e}", f.display())),
            (Some(_), Ok(())) => failures.push(format!("{}: runs now; take it out of unsupported.txt", f.display())),
        }
    }
    assert!(failures.is_empty(), "{} of {} files failed:\n{}", failures.len(), files.len(), failures.join("\n"));
}

#[test]
fn every_corpus_file_runs_correctly_with_the_jit() {
    run_all(EngineKind::Jit);
}

#[test]
fn every_corpus_file_runs_correctly_ahead_of_time() {
    run_all(EngineKind::Aot);
}

/// DaCe programs beyond the shared corpus (`test/extra-corpus`, generated
/// by its `generate.py` with DaCe 1.0.2 and checked against NumPy).
#[test]
fn every_extra_corpus_file_runs_correctly() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("test/extra-corpus");
    let files = corpus::files_in(&dir);
    assert!(files.len() >= 150, "extra corpus incomplete");
    let rejected = corpus::unsupported(&dir);
    run_files_expecting(files, EngineKind::Jit, &rejected);
}
