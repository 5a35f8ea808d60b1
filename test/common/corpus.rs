//! Shared by the execution tests: running a corpus program on its stored
//! inputs and comparing with its stored outputs under the manifest's rules.

#![allow(dead_code)]

use sdfg_mlir::{
    lowering::{EngineKind, LowerOptions},
    model::Sdfg,
    npz::{self, Array, CompareRules},
    run::{self, RunOptions},
};
use std::hash::{DefaultHasher, Hash, Hasher};
use std::sync::Mutex;
use std::{collections::HashMap, fs, path::{Path, PathBuf}};

pub fn corpus() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/sdfg-corpus")
}

/// Every `.sdfg` file of the corpus, sorted.
pub fn files() -> Vec<PathBuf> {
    let files = files_in(&corpus());
    assert!(files.len() >= 99, "corpus incomplete");
    files
}

/// `(program, error fragment)` for the programs a corpus directory lists in
/// `unsupported.txt` (features rejected on purpose).
pub fn unsupported(dir: &Path) -> Vec<(String, String)> {
    let listed = fs::read_to_string(dir.join("unsupported.txt")).unwrap_or_default();
    listed
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| l.split_once(": ").map(|(p, m)| (p.to_string(), m.to_string())))
        .collect()
}

/// The program a corpus file belongs to (`prog.variant.sdfg` -> `prog`).
pub fn program_of(file: &Path) -> String {
    file.file_name().unwrap().to_string_lossy().split('.').next().unwrap_or_default().to_string()
}

/// Every `.sdfg` file of a directory, sorted.
pub fn files_in(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<_> = fs::read_dir(dir)
        .expect("corpus directory")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "sdfg"))
        .collect();
    files.sort();
    files
}

/// Runs `sdfg` (read from corpus file `file`) on the program's stored
/// inputs; `Err` says what differs from the stored outputs.
pub fn check(file: &Path, sdfg: &Sdfg, engine: EngineKind, work: &Path) -> Result<(), String> {
    check_with(file, sdfg, engine, work, Default::default())
}

/// As [`check`], lowered with `lower`; a device variant (in `device/`)
/// reads its program's data beside the folder. A program this test binary
/// checked before (same file, text, engine and options) is not run again:
/// different recipes often end in the same program.
pub fn check_with(file: &Path, sdfg: &Sdfg, engine: EngineKind, work: &Path, lower: LowerOptions) -> Result<(), String> {
    static CHECKED: Mutex<Option<HashMap<(PathBuf, u64), Result<(), String>>>> = Mutex::new(None);
    let mut hasher = DefaultHasher::new();
    (sdfg_mlir::json::export_string(sdfg), format!("{engine:?} {lower:?}")).hash(&mut hasher);
    let key = (file.to_path_buf(), hasher.finish());
    if let Some(known) = CHECKED.lock().unwrap().get_or_insert_with(HashMap::new).get(&key) {
        return known.clone();
    }
    let result = run_checked(file, sdfg, engine, work, lower).map(|_| ());
    CHECKED.lock().unwrap().get_or_insert_with(HashMap::new).insert(key, result.clone());
    result
}

/// As [`check_with`], returning what the run measured.
pub fn run_checked(file: &Path, sdfg: &Sdfg, engine: EngineKind, work: &Path, lower: LowerOptions) -> Result<run::RunResult, String> {
    let program = program_of(file);
    let mut dir = file.parent().unwrap_or(Path::new("."));
    if dir.ends_with("device") {
        dir = dir.parent().unwrap_or(dir);
    }
    let manifest: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(dir.join(format!("{program}.json"))).map_err(|e| e.to_string())?)
            .map_err(|e| e.to_string())?;
    let arrays = npz::read_npz(&dir.join(format!("{program}.npz"))).map_err(|e| e.to_string())?;
    let pick = |prefix: &str| -> HashMap<String, Array> {
        arrays.iter().filter_map(|(n, a)| n.strip_prefix(prefix).map(|k| (k.to_string(), a.clone()))).collect()
    };
    let (inputs, expected) = (pick("in."), pick("out."));
    let symbols = manifest["symbols"]
        .as_object()
        .map(|m| m.iter().filter_map(|(k, v)| v.as_i64().map(|v| (k.clone(), v))).collect())
        .unwrap_or_default();
    let options = RunOptions { engine, symbols, repeat: 1, work, lower, on_compiled: None };
    let mut result = run::run(sdfg, &inputs, &options).map_err(|e| e.to_string())?;
    let got: HashMap<String, Array> = std::mem::take(&mut result.outputs).into_iter().collect();
    let rules = CompareRules::from_manifest(&manifest["compare"]).map_err(|e| e.to_string())?;
    let outputs: Vec<String> =
        manifest["outputs"].as_array().into_iter().flatten().filter_map(|v| v.as_str().map(str::to_string)).collect();
    npz::compare_outputs(&outputs, &|n| got.get(n), &|n| expected.get(n), &rules).map_err(|e| e.join("; "))?;
    Ok(result)
}
