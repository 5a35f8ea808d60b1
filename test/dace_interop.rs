//! For every `.sdfg` file of the corpus: import, export, re-import (the IR
//! must be identical), then DaCe 1.0.2 must load and validate the export and
//! find it semantically equal to the original (`test/interop/dace_check.py`).

use sdfg_mlir::translate;
use std::{
    fs,
    path::{Path, PathBuf},
    process::Command,
};

/// The shared corpus and the extra corpus of DaCe-written files.
fn corpus_files() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = sdfg_files(&root.join("../shared/sdfg-corpus"));
    assert!(files.len() >= 99, "corpus incomplete: {} files", files.len());
    files.extend(sdfg_files(&root.join("test/extra-corpus")));
    files
}

fn sdfg_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot read the corpus at {}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "sdfg"))
        .collect();
    files.sort();
    files
}

#[test]
fn corpus_round_trips_and_validates_in_dace() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let out_dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("dace-interop");
    fs::create_dir_all(&out_dir).expect("output directory");
    let mut failures = Vec::new();
    let mut pairs = String::new();
    for file in corpus_files() {
        let name = file.file_name().unwrap().to_string_lossy().to_string();
        let bytes = fs::read(&file).expect("corpus file");
        let result = translate::import_sdfg(&bytes, &name, false).and_then(|ir| {
            let json = translate::export_sdfg(&ir, &format!("{name}.mlir"))?;
            let again = translate::import_sdfg(json.as_bytes(), &format!("{name}.exported"), false)?;
            Ok((ir, json, again))
        });
        match result {
            Err(d) => failures.push(format!("{name}: {d}")),
            Ok((ir, _, again)) if ir != again => {
                failures.push(format!("{name}: import(export(import(f))) differs from import(f)"))
            }
            Ok((_, json, _)) => {
                let exported = out_dir.join(&name);
                fs::write(&exported, json).expect("write export");
                pairs += &format!("{}\t{}\n", file.display(), exported.display());
            }
        }
    }
    assert!(failures.is_empty(), "{} files failed:\n{}", failures.len(), failures.join("\n"));

    let pairs_file = out_dir.join("pairs.txt");
    fs::write(&pairs_file, pairs).expect("write pairs");
    let python = root.join(".venv/bin/python");
    assert!(python.exists(), "no DaCe venv at {}: run scripts/setup.sh", python.display());
    let output = Command::new(&python)
        .arg(root.join("test/interop/dace_check.py"))
        .arg(&pairs_file)
        .output()
        .expect("run dace_check.py");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let failed: Vec<&str> = stdout.lines().filter(|l| l.starts_with("FAIL")).collect();
    assert!(
        output.status.success(),
        "DaCe rejected exports:\n{}\n{}",
        failed.join("\n"),
        String::from_utf8_lossy(&output.stderr)
    );
}

/// What our frontend makes of NPBench's DaCe programs loads and validates
/// in DaCe: each program it imports (the others are listed in
/// test/npbench/expected-failures.txt) is exported and checked.
#[test]
fn python_programs_export_and_validate_in_dace() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let out_dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("dace-interop-python");
    fs::create_dir_all(&out_dir).expect("output directory");
    let kernels = root.join("../shared/npbench/kernels");
    let mut exported = Vec::new();
    for entry in fs::read_dir(&kernels).expect("npbench kernels") {
        let dir = entry.expect("entry").path();
        let name = dir.file_name().unwrap().to_string_lossy().to_string();
        let manifest: serde_json::Value =
            serde_json::from_str(&fs::read_to_string(root.join(format!("../shared/npbench/{name}.json"))).expect("manifest")).expect("json");
        let func = manifest["npbench"]["func_name"].as_str().expect("func_name");
        let file = dir.join(format!("{name}_dace.py"));
        let text = fs::read_to_string(&file).expect("program");
        let Ok(ir) = translate::import_python(&text, &file.display().to_string(), Some(func), false) else { continue };
        let json = translate::export_sdfg(&ir, &format!("{name}.mlir")).unwrap_or_else(|d| panic!("{name}: {d}"));
        let out = out_dir.join(format!("{name}.sdfg"));
        fs::write(&out, json).expect("write export");
        exported.push(out);
    }
    assert!(exported.len() >= 10, "only {} programs imported", exported.len());
    let script = "import sys, dace\nfor f in sys.argv[1:]:\n    dace.SDFG.from_file(f).validate()\n    print('PASS', f)\n";
    let output = Command::new(root.join(".venv/bin/python")).arg("-c").arg(script).args(&exported).output().expect("run DaCe");
    assert!(
        output.status.success(),
        "DaCe rejected an export:\n{}\n{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}
