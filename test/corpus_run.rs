//! Runs every `.sdfg` file of the corpus natively (JIT and ahead-of-time)
//! on its stored inputs and compares the outputs with the stored ones under
//! the manifest's rules. No skip list: every file must pass.

use sdfg_mlir::{
    json,
    lowering::EngineKind,
    npz::{self, Array, CompareRules},
    run::{self, RunOptions},
};
use std::{collections::HashMap, fs, path::Path};

fn corpus() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/sdfg-corpus")
}

/// Runs one file; `Err` says what went wrong.
fn check(file: &Path, engine: EngineKind, work: &Path) -> Result<(), String> {
    let name = file.file_name().unwrap().to_string_lossy().to_string();
    let program = name.split('.').next().unwrap_or_default().to_string();
    let manifest: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(corpus().join(format!("{program}.json"))).map_err(|e| e.to_string())?)
            .map_err(|e| e.to_string())?;
    let arrays = npz::read_npz(&corpus().join(format!("{program}.npz"))).map_err(|e| e.to_string())?;
    let pick = |prefix: &str| -> HashMap<String, Array> {
        arrays.iter().filter_map(|(n, a)| n.strip_prefix(prefix).map(|k| (k.to_string(), a.clone()))).collect()
    };
    let (inputs, expected) = (pick("in."), pick("out."));
    let symbols = manifest["symbols"]
        .as_object()
        .map(|m| m.iter().filter_map(|(k, v)| v.as_i64().map(|v| (k.clone(), v))).collect())
        .unwrap_or_default();
    let sdfg = json::import_file(file).map_err(|e| e.to_string())?;
    let options = RunOptions { engine, symbols, repeat: 1, work, lower: Default::default() };
    let result = run::run(&sdfg, &inputs, &options).map_err(|e| e.to_string())?;
    let got: HashMap<String, Array> = result.outputs.into_iter().collect();
    let rules = CompareRules::from_manifest(&manifest["compare"]).map_err(|e| e.to_string())?;
    let outputs: Vec<String> =
        manifest["outputs"].as_array().into_iter().flatten().filter_map(|v| v.as_str().map(str::to_string)).collect();
    npz::compare_outputs(&outputs, &|n| got.get(n), &|n| expected.get(n), &rules).map_err(|e| e.join("; "))
}

fn run_all(engine: EngineKind) {
    let mut files: Vec<_> = fs::read_dir(corpus())
        .expect("corpus directory")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "sdfg"))
        .collect();
    files.sort();
    assert!(files.len() >= 99, "corpus incomplete");
    let work = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("corpus-{engine:?}"));
    let mut failures = Vec::new();
    for f in &files {
        let dir = work.join(f.file_stem().unwrap());
        if let Err(e) = check(f, engine, &dir) {
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
