//! Runs every `.sdfg` file of the corpus natively (JIT and ahead-of-time)
//! and of the extra corpus (JIT)
//! on its stored inputs and compares the outputs with the stored ones under
//! the manifest's rules. No skip list: every file must pass.

#[path = "common/corpus.rs"]
mod corpus;

use sdfg_mlir::{json, lowering::EngineKind};
use std::path::Path;

fn run_all(engine: EngineKind) {
    run_files(corpus::files(), engine);
}

fn run_files(files: Vec<std::path::PathBuf>, engine: EngineKind) {
    let work = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("corpus-{engine:?}"));
    let mut failures = Vec::new();
    for f in &files {
        let dir = work.join(f.file_stem().unwrap());
        let result = json::import_file(f).map_err(|e| e.to_string()).and_then(|s| corpus::check(f, &s, engine, &dir));
        if let Err(e) = result {
            failures.push(format!("{}: {e}", f.display()));
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
    run_files(files, EngineKind::Jit);
}
