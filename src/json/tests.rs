//! Corpus tests: every file imports, export/import round-trips, exported
//! derived fields match what dace wrote, minimal files match their source.

use super::{export, export_string, import_bytes, import_file, import_str};
use crate::model::{BlockKind, Cfg, Loc, NodeKind, Sdfg};
use serde_json::Value;
use std::path::{Path, PathBuf};

pub(super) fn corpus_dir() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/sdfg-corpus"))
}

/// All `.sdfg` files of the corpus, sorted.
pub(crate) fn corpus_files() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(corpus_dir())
        .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    files.retain(|p| p.extension().is_some_and(|e| e == "sdfg"));
    files.sort();
    assert!(files.len() >= 99, "corpus not found at {}", corpus_dir().display());
    files
}

fn load(path: &Path) -> Sdfg {
    match import_file(path) {
        Ok(s) => s,
        Err(e) => panic!("{} failed to import:\n{e}", path.display()),
    }
}

/// Clears every `loc`, for comparing models that came from different texts.
/// With `d`, also clears what minimal files drop by design (format document
/// section 9) although it is not always derivable: memlet `is_data_src` and
/// `volume`, descriptor `total_size`, `offset` and `optional`.
pub(super) fn normalized(mut s: Sdfg, drop_is_data_src: bool) -> Sdfg {
    clear_sdfg(&mut s, drop_is_data_src);
    s
}

fn clear_sdfg(s: &mut Sdfg, d: bool) {
    s.loc = Loc::Unknown;
    for (_, desc) in s.containers.iter_mut() {
        desc.loc = Loc::Unknown;
        if d {
            desc.total_size = None;
            desc.offset = None;
            desc.optional = None;
        }
    }
    clear_cfg(&mut s.cfg, d);
}

fn clear_cfg(cfg: &mut Cfg, d: bool) {
    for e in &mut cfg.edges {
        e.loc = Loc::Unknown;
    }
    for b in &mut cfg.blocks {
        b.loc = Loc::Unknown;
        match &mut b.kind {
            BlockKind::State(st) => {
                for n in &mut st.nodes {
                    n.loc = Loc::Unknown;
                    if let NodeKind::NestedSdfg { sdfg, .. } = &mut n.kind {
                        clear_sdfg(sdfg, d);
                    }
                }
                for e in &mut st.edges {
                    e.loc = Loc::Unknown;
                    if d {
                        e.memlet.is_data_src = None;
                        e.memlet.volume = None;
                    }
                }
            }
            BlockKind::Region { cfg, .. } => clear_cfg(cfg, d),
            BlockKind::Loop(lr) => clear_cfg(&mut lr.cfg, d),
            BlockKind::Conditional(branches) => {
                for br in branches {
                    br.loc = Loc::Unknown;
                    clear_cfg(&mut br.cfg, d);
                }
            }
            BlockKind::Break | BlockKind::Continue | BlockKind::Return => {}
        }
    }
}

/// Asserts two texts are equal, showing only the first difference.
pub(super) fn assert_same(a: &str, b: &str, what: &str) {
    if a == b {
        return;
    }
    let at = a.bytes().zip(b.bytes()).position(|(x, y)| x != y).unwrap_or(a.len().min(b.len()));
    let show = |s: &str| {
        let start = s.floor_char_boundary(at.saturating_sub(300));
        let end = s.ceil_char_boundary((at + 300).min(s.len()));
        s[start..end].to_string()
    };
    panic!("{what}: texts differ at byte {at}:\n--- left\n{}\n--- right\n{}", show(a), show(b));
}

#[test]
fn every_corpus_file_imports() {
    let mut failures = Vec::new();
    for path in corpus_files() {
        if let Err(e) = import_file(&path) {
            failures.push(format!("{e}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn export_then_import_gives_the_same_model() {
    for path in corpus_files() {
        let model = normalized(load(&path), false);
        let text = export_string(&model);
        let name = format!("{}(exported)", path.display());
        let again = import_str(&text, &name).unwrap_or_else(|e| panic!("{e}"));
        let what = format!("{} does not round-trip", path.display());
        assert_same(&format!("{:#?}", normalized(again, false)), &format!("{model:#?}"), &what);
    }
}

#[test]
fn export_is_a_fixpoint() {
    for path in corpus_files() {
        let first = export(&load(&path));
        let second = export(&import_str(&first.to_string(), "x").unwrap_or_else(|e| panic!("{e}")));
        let what = format!("export of {} is not a fixpoint", path.display());
        assert_same(
            &serde_json::to_string_pretty(&first).unwrap_or_default(),
            &serde_json::to_string_pretty(&second).unwrap_or_default(),
            &what,
        );
    }
}

#[test]
fn locations_are_json_paths_and_positions() {
    let path = corpus_dir().join("vec_add.frontend.sdfg");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let s = load(&path);
    let file = path.display().to_string();
    // The line and column of a location, checked against the text: the
    // element's object starts there.
    let starts_object = |loc: &Loc| {
        let Some((f, line, col)) = loc.position() else { panic!("{loc} has no position") };
        assert_eq!(f, file);
        let l = text.lines().nth(line - 1).unwrap_or_else(|| panic!("{loc}: no line {line}"));
        assert_eq!(l.chars().nth(col - 1), Some('{'), "{loc} at {line}:{col}: {l}");
    };
    assert_eq!(s.loc.json_path(), Some(""));
    starts_object(&s.loc);
    let state =
        s.cfg.blocks.iter().position(|b| matches!(&b.kind, BlockKind::State(st) if !st.nodes.is_empty()));
    let state = state.unwrap_or_else(|| panic!("no non-empty state"));
    starts_object(&s.cfg.blocks[state].loc);
    let BlockKind::State(st) = &s.cfg.blocks[state].kind else { panic!("not a state") };
    assert_eq!(st.nodes[1].loc.json_path(), Some(format!("nodes[{state}].nodes[1]").as_str()));
    starts_object(&st.nodes[1].loc);
    assert_eq!(st.edges[2].loc.json_path(), Some(format!("nodes[{state}].edges[2]").as_str()));
    starts_object(&st.edges[2].loc);
    let (name, desc) = &s.containers[0];
    assert_eq!(desc.loc.json_path(), Some(format!("attributes._arrays.{name}").as_str()));
    starts_object(&desc.loc);
    // Distinct elements start at distinct places.
    assert_ne!(st.nodes[0].loc.position(), st.nodes[1].loc.position());
}

/// Values of `key` everywhere in a document, in document order, with the
/// `type` of the object holding them.
fn collect(v: &Value, key: &str, out: &mut Vec<(String, Value)>) {
    match v {
        Value::Object(m) => {
            if let Some(x) = m.get(key) {
                let t = m.get("type").and_then(Value::as_str).unwrap_or("").to_string();
                out.push((t, x.clone()));
            }
            for x in m.values() {
                collect(x, key, out);
            }
        }
        Value::Array(items) => items.iter().for_each(|x| collect(x, key, out)),
        _ => {}
    }
}

/// Derived fields the exporter recomputes agree with what dace wrote.
#[test]
fn derived_fields_match_dace() {
    for path in corpus_files() {
        if path.to_string_lossy().contains(".minimal.") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        let mut original: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
        // The pre-transformation copy is history and is not imported.
        if let Some(a) = original.get_mut("attributes").and_then(Value::as_object_mut) {
            a.remove("orig_sdfg");
        }
        let exported = export(&load(&path));
        for key in ["cfg_list_id", "scope_dict", "scope_entry", "scope_exit", "id"] {
            let (mut a, mut b) = (Vec::new(), Vec::new());
            collect(&original, key, &mut a);
            collect(&exported, key, &mut b);
            assert_eq!(a, b, "{key} differs in {}", path.display());
        }
        // Display labels of nodes (map labels print their range; compare
        // the others exactly).
        let (mut a, mut b) = (Vec::new(), Vec::new());
        collect(&original, "label", &mut a);
        collect(&exported, "label", &mut b);
        assert_eq!(a.len(), b.len(), "{}", path.display());
        for (x, y) in a.iter().zip(&b) {
            // Map/consume labels print their range, library nodes a summary.
            if !matches!(
                x.0.as_str(),
                "MapEntry" | "MapExit" | "ConsumeEntry" | "ConsumeExit" | "LibraryNode"
            ) {
                assert_eq!(x, y, "label differs in {}", path.display());
            }
        }
    }
}

#[test]
fn gzip_and_plain_give_the_same_model() {
    use std::io::Write;
    let path = corpus_dir().join("jacobi_2d.cfg.sdfg");
    let bytes = std::fs::read(&path).unwrap_or_default();
    let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    let zipped = enc.write_all(&bytes).and_then(|_| enc.finish()).unwrap_or_default();
    let a = import_bytes(&zipped, "j.sdfgz").unwrap_or_else(|e| panic!("{e}"));
    let b = import_bytes(&bytes, "j.sdfg").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(normalized(a, false), normalized(b, false));
}

/// Every minimal file equals exactly one full variant of its program, up to
/// the fields minimal files drop by design (see `normalized`).
#[test]
fn minimal_files_match_their_source_variant() {
    let files = corpus_files();
    for minimal in files.iter().filter(|p| p.to_string_lossy().ends_with(".minimal.sdfg")) {
        let name = minimal.file_name().map(|n| n.to_string_lossy().to_string()).unwrap_or_default();
        let program = name.trim_end_matches(".minimal.sdfg");
        let m = normalized(load(minimal), true);
        let matched: Vec<String> = files
            .iter()
            .filter(|p| p != &minimal)
            .filter(|p| {
                p.file_name().is_some_and(|n| n.to_string_lossy().starts_with(&format!("{program}.")))
            })
            .filter(|p| normalized(load(p), true) == m)
            .map(|p| p.display().to_string())
            .collect();
        assert_eq!(matched.len(), 1, "{name} matches {matched:?}");
    }
}
