//! Verifier tests: the public corpus (no false positives) and the builder
//! used by the negative tests in `tests_cfg.rs` and `tests_state.rs`.

use super::verify;
use crate::model::*;
use crate::symbolic::{Dim, Expr, Subset};

/// The shared corpus, next to the repository (CI has it there too).
pub(super) fn corpus_dir() -> std::path::PathBuf {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/sdfg-corpus");
    assert!(dir.is_dir(), "no corpus at {}", dir.display());
    dir
}

/// Every corpus file is a valid DaCe SDFG: the verifier must accept it.
#[test]
fn corpus_is_valid() {
    let dir = corpus_dir();
    let entries = std::fs::read_dir(&dir).expect("corpus directory");
    let mut files: Vec<_> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "sdfg"))
        .collect();
    files.sort();
    let mut failures = Vec::new();
    for f in &files {
        let sdfg = match crate::json::import_file(f) {
            Ok(s) => s,
            Err(d) => {
                failures.push(format!("{}: import failed: {d}", f.display()));
                continue;
            }
        };
        if let Err(d) = verify(&sdfg) {
            failures.push(d.to_string());
        }
    }
    eprintln!("verified {} corpus files", files.len());
    assert!(failures.is_empty(), "{} of {} files rejected:\n{}", failures.len(), files.len(), failures.join("\n"));
}

// ---- builder -------------------------------------------------------------

pub(super) fn e(text: &str) -> Expr {
    crate::symbolic::parse(text).expect("test expression parses")
}

pub(super) fn loc(path: &str) -> Loc {
    Loc::json("t.sdfg", path)
}

pub(super) fn array(shape: &[&str]) -> DataDesc {
    DataDesc { loc: loc("attributes._arrays"), ..crate::model::test_array(shape, None) }
}

/// `start:end` inclusive dimensions, e.g. `range(&[("0", "N - 1")])`.
pub(super) fn range(dims: &[(&str, &str)]) -> Subset {
    Subset::Range(dims.iter().map(|(a, b)| Dim::range(e(a), e(b))).collect())
}

pub(super) fn node(label: &str, kind: NodeKind, ins: &[&str], outs: &[&str], path: &str) -> Node {
    Node {
        label: label.into(),
        kind,
        in_connectors: ins.iter().map(|c| (c.to_string(), None)).collect(),
        out_connectors: outs.iter().map(|c| (c.to_string(), None)).collect(),
        extra: Extra::new(),
        loc: loc(path),
    }
}

pub(super) fn access(data: &str, path: &str) -> Node {
    node(data, NodeKind::Access { data: data.into(), setzero: false }, &[], &[], path)
}

pub(super) fn tasklet(label: &str, ins: &[&str], outs: &[&str], path: &str) -> Node {
    node(label, NodeKind::Tasklet { code: CodeBlock::python("b = a + 1") }, ins, outs, path)
}

pub(super) fn edge(src: usize, sc: Option<&str>, dst: usize, dc: Option<&str>, data: Option<(&str, Subset)>) -> DataEdge {
    let (data, subset) = match data {
        Some((d, s)) => (Some(d.to_string()), Some(s)),
        None => (None, None),
    };
    DataEdge {
        src,
        src_conn: sc.map(str::to_string),
        dst,
        dst_conn: dc.map(str::to_string),
        memlet: Memlet { data, subset, ..Memlet::default() },
        loc: loc(&format!("edges[{src}->{dst}]")),
    }
}

pub(super) fn state_block(label: &str, state: State) -> Block {
    Block { label: label.into(), kind: BlockKind::State(state), extra: Extra::new(), loc: loc(label) }
}

/// `B[i] = A[i] + 1` over `i in 0:N`, the shape of DaCe's vec_add.
pub(super) fn map_state() -> State {
    let map = MapScope { params: vec!["i".into()], range: range(&[("0", "N - 1")]), schedule: Schedule::Default };
    State {
        nodes: vec![
            access("A", "n0"),
            node("m", NodeKind::MapEntry { map, exit: 2 }, &["IN_A"], &["OUT_A"], "n1"),
            node("m", NodeKind::MapExit { entry: 1 }, &["IN_B"], &["OUT_B"], "n2"),
            tasklet("t", &["a"], &["b"], "n3"),
            access("B", "n4"),
        ],
        edges: vec![
            edge(0, None, 1, Some("IN_A"), Some(("A", range(&[("0", "N - 1")])))),
            edge(1, Some("OUT_A"), 3, Some("a"), Some(("A", range(&[("i", "i")])))),
            edge(3, Some("b"), 2, Some("IN_B"), Some(("B", range(&[("i", "i")])))),
            edge(2, Some("OUT_B"), 4, None, Some(("B", range(&[("0", "N - 1")])))),
        ],
    }
}

pub(super) fn sdfg_with(blocks: Vec<Block>, edges: Vec<InterstateEdge>) -> Sdfg {
    Sdfg {
        name: "prog".into(),
        arg_names: vec!["A".into(), "B".into()],
        symbols: vec![("N".into(), crate::model::ScalarType::I32)],
        callbacks: vec![],
        containers: vec![("A".into(), array(&["N"])), ("B".into(), array(&["N"]))].into(),
        constants: vec![],
        experimental_blocks: false,
        cfg: Cfg { blocks, edges, start_block: None },
        extra: Extra::new(),
        loc: loc(""),
    }
}

pub(super) fn good_sdfg() -> Sdfg {
    sdfg_with(vec![state_block("s0", map_state())], vec![])
}

/// All messages of a failed verification.
pub(super) fn messages(sdfg: &Sdfg) -> Vec<String> {
    match verify(sdfg) {
        Ok(()) => vec![],
        Err(d) => d.0.into_iter().map(|d| d.message).collect(),
    }
}

/// Asserts that `want` is among the messages.
pub(super) fn assert_has(msgs: &[String], want: &str) {
    assert!(msgs.iter().any(|m| m == want), "missing {want:?} in {msgs:#?}");
}

#[test]
fn good_sdfg_verifies() {
    assert_eq!(messages(&good_sdfg()), Vec::<String>::new());
}

/// Broken indices anywhere in real SDFGs give diagnostics, never panics.
#[test]
fn corrupted_corpus_does_not_panic() {
    fn corrupt(cfg: &mut Cfg, k: usize) {
        cfg.start_block = Some(cfg.blocks.len() + k);
        if let Some(e) = cfg.edges.first_mut() {
            e.dst = 1000 + k;
        }
        for b in &mut cfg.blocks {
            match &mut b.kind {
                BlockKind::State(s) => {
                    let n = s.nodes.len();
                    for (i, node) in s.nodes.iter_mut().enumerate() {
                        match &mut node.kind {
                            NodeKind::MapEntry { exit, .. } if k.is_multiple_of(2) => *exit = n + i,
                            NodeKind::MapExit { entry } if k.is_multiple_of(3) => *entry = i,
                            NodeKind::NestedSdfg { sdfg, .. } => corrupt(&mut sdfg.cfg, k + 1),
                            _ => {}
                        }
                    }
                    if let Some(e) = s.edges.get_mut(k % 4) {
                        e.src = if k.is_multiple_of(5) { n + 7 } else { e.dst };
                    }
                }
                BlockKind::Region { cfg, .. } => corrupt(cfg, k + 1),
                BlockKind::Loop(l) => corrupt(&mut l.cfg, k + 1),
                BlockKind::Conditional(bs) => bs.iter_mut().for_each(|b| corrupt(&mut b.cfg, k + 1)),
                _ => {}
            }
        }
    }
    let entries = std::fs::read_dir(corpus_dir()).expect("corpus directory");
    for p in entries.filter_map(|e| e.ok().map(|e| e.path())) {
        if p.extension().is_none_or(|x| x != "sdfg") {
            continue;
        }
        let Ok(sdfg) = crate::json::import_file(&p) else { continue };
        for k in 0..6 {
            let mut s = sdfg.clone();
            corrupt(&mut s.cfg, k);
            assert!(verify(&s).is_err(), "{} (variant {k}) was accepted", p.display());
        }
    }
}
