//! Every `.npz` of the reference corpus: contents match the manifests, our
//! `.npy` bytes equal NumPy's, and archives survive a write/read round trip.

use std::collections::BTreeMap;
use std::io::Read;
use std::path::{Path, PathBuf};

use serde_json::Value as Json;

use super::*;

const CORPUS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/sdfg-corpus");

/// (program, manifest) for every program of the corpus.
fn manifests() -> Vec<(String, Json)> {
    let dir = Path::new(CORPUS);
    assert!(dir.is_dir(), "corpus not found at {CORPUS}");
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if let Some(prog) = name.strip_suffix(".json").filter(|p| *p != "index") {
            let manifest = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
            out.push((prog.to_string(), manifest));
        }
    }
    out.sort_by(|a, b| a.0.cmp(&b.0));
    assert!(out.len() >= 10, "only {} manifests in {CORPUS}", out.len());
    out
}

/// Expected (dtype, shape) of every npz entry according to the manifest.
fn expected_entries(m: &Json) -> BTreeMap<String, (ScalarType, Vec<usize>)> {
    let mut decl = BTreeMap::new();
    for arg in m["arguments"]
        .as_array()
        .unwrap()
        .iter()
        .chain(m["returns"].as_array().unwrap())
    {
        let dtype = ScalarType::from_name(arg["dtype"].as_str().unwrap()).unwrap();
        let shape: Vec<usize> = match arg.get("shape") {
            Some(s) => s
                .as_array()
                .unwrap()
                .iter()
                .map(|d| d.as_u64().unwrap() as usize)
                .collect(),
            None => Vec::new(),
        };
        decl.insert(arg["name"].as_str().unwrap().to_string(), (dtype, shape));
    }
    let mut entries = BTreeMap::new();
    for arg in m["arguments"].as_array().unwrap() {
        let name = arg["name"].as_str().unwrap();
        entries.insert(format!("in.{name}"), decl[name].clone());
    }
    for out in m["outputs"].as_array().unwrap() {
        let name = out.as_str().unwrap();
        entries.insert(format!("out.{name}"), decl[name].clone());
    }
    entries
}

#[test]
fn corpus_npz_match_manifests_and_compare_equal() {
    for (prog, m) in manifests() {
        let path = PathBuf::from(CORPUS).join(m["data"].as_str().unwrap());
        let arrays = read_npz(&path).unwrap_or_else(|e| panic!("{e}"));
        let got: BTreeMap<String, (ScalarType, Vec<usize>)> = arrays
            .iter()
            .map(|(n, a)| (n.clone(), (a.dtype, a.shape.clone())))
            .collect();
        assert_eq!(got, expected_entries(&m), "{prog}");

        let rules =
            CompareRules::from_manifest(&m["compare"]).unwrap_or_else(|e| panic!("{prog}: {e}"));
        let outputs: Vec<String> = m["outputs"]
            .as_array()
            .unwrap()
            .iter()
            .map(|o| o.as_str().unwrap().into())
            .collect();
        let lookup = |n: &str| {
            arrays
                .iter()
                .find(|(k, _)| *k == format!("out.{n}"))
                .map(|(_, a)| a)
        };
        assert_eq!(
            compare_outputs(&outputs, &lookup, &lookup, &rules),
            Ok(()),
            "{prog}"
        );
    }
}

#[test]
fn corpus_npy_bytes_equal_numpy() {
    for (prog, m) in manifests() {
        let path = PathBuf::from(CORPUS).join(m["data"].as_str().unwrap());
        let mut zip = zip::ZipArchive::new(std::fs::File::open(&path).unwrap()).unwrap();
        for i in 0..zip.len() {
            let mut entry = zip.by_index(i).unwrap();
            let mut raw = Vec::new();
            entry.read_to_end(&mut raw).unwrap();
            let a = read_npy(&raw).unwrap();
            assert!(
                write_npy(&a) == raw,
                "{prog}: {} differs from NumPy's bytes",
                entry.name()
            );
        }
    }
}

#[test]
fn corpus_npz_round_trip() {
    let dir = std::env::temp_dir().join(format!("sdfg-mlir-npz-{}-corpus", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (prog, m) in manifests() {
        let arrays = read_npz(&PathBuf::from(CORPUS).join(m["data"].as_str().unwrap())).unwrap();
        let copy = dir.join(format!("{prog}.npz"));
        write_npz(&copy, &arrays).unwrap();
        assert_eq!(read_npz(&copy).unwrap(), arrays, "{prog}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
