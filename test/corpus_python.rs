//! Every corpus program written in data-centric Python (the manifest's
//! `source`) through our frontend: imported, verified, run on the corpus
//! inputs and compared with DaCe's outputs under the manifest's rules.
//! The manifests hold the program text without the module around it; the
//! test adds the imports, a `dace.symbol` per manifest symbol, and the
//! `@dace.program` decorator. Programs the frontend cannot read yet are
//! listed in `test/Frontend/corpus-unsupported.txt` with their message;
//! the test fails when one of them starts working.

#[path = "common/corpus.rs"]
mod corpus;

use sdfg_mlir::{frontend, lowering::EngineKind, verify};
use std::fs;
use std::path::Path;

/// The module text of a manifest's program, or `None` for programs built
/// with DaCe's SDFG API.
fn module_of(manifest: &serde_json::Value) -> Option<String> {
    let source = manifest["source"].as_str()?;
    if source.contains("dace.SDFG(") || !source.contains("def ") {
        return None;
    }
    let mut text = String::from("import dace\nimport numpy as np\n");
    for symbol in manifest["symbols"].as_object().into_iter().flatten().map(|(k, _)| k) {
        text += &format!("{symbol} = dace.symbol('{symbol}')\n");
    }
    let mut previous = "";
    for line in source.lines() {
        if line.starts_with("def ") && !previous.starts_with('@') {
            text += "@dace.program\n";
        }
        text += line;
        text.push('\n');
        previous = line;
    }
    Some(text)
}

#[test]
fn corpus_python_programs_match_dace() {
    let dir = corpus::corpus();
    let listed = fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("test/Frontend/corpus-unsupported.txt")).unwrap_or_default();
    let unsupported: Vec<(&str, &str)> =
        listed.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()).filter_map(|l| l.split_once(": ")).collect();
    let work = Path::new(env!("CARGO_TARGET_TMPDIR")).join("corpus-python");
    fs::create_dir_all(&work).unwrap();
    let mut manifests: Vec<_> = fs::read_dir(&dir).unwrap().filter_map(|e| e.ok().map(|e| e.path())).filter(|p| p.extension().is_some_and(|x| x == "json")).collect();
    manifests.sort();
    let (mut passed, mut problems) = (Vec::new(), Vec::new());
    for path in manifests {
        let manifest: serde_json::Value = serde_json::from_str(&fs::read_to_string(&path).unwrap()).unwrap();
        let (Some(name), Some(text)) = (manifest["name"].as_str(), module_of(&manifest)) else { continue };
        let file = dir.join(format!("{name}.py"));
        let result = frontend::import_python(&text, &file.display().to_string(), Some(name))
            .and_then(|sdfg| verify::verify(&sdfg).map(|_| sdfg))
            .map_err(|d| d.to_string())
            .and_then(|sdfg| corpus::check(&file, &sdfg, EngineKind::Jit, &work));
        let listed = unsupported.iter().find(|(p, _)| *p == name);
        match (result, listed) {
            (Ok(()), None) => passed.push(name.to_string()),
            (Ok(()), Some(_)) => problems.push(format!("{name}: works now; take it out of corpus-unsupported.txt")),
            (Err(e), Some((_, fragment))) if e.contains(fragment) => {}
            (Err(e), _) => problems.push(format!("{name}: {e}")),
        }
    }
    eprintln!("corpus-python: {} programs match: {}", passed.len(), passed.join(", "));
    assert!(passed.len() >= 20, "only {} programs match", passed.len());
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
