//! Differential verification of transformations: for every transformation
//! and every corpus program where it applies, the transformed program must
//! give the stored outputs, and DaCe 1.0.2 must load and validate its export.

#[path = "common/corpus.rs"]
mod corpus;

use sdfg_mlir::{json, lowering::EngineKind, model::Sdfg, transforms};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::collections::HashSet;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::sync::Mutex;
use std::{fs, process::Command};

/// Applies a registered transformation at every match, in nested SDFGs too.
fn everywhere(name: &str, sdfg: &mut Sdfg) -> usize {
    let t = transforms::find(name).expect("registered transformation");
    transforms::apply_deep(t, sdfg, &transforms::Options::default(), 10_000).expect("applies")
}

/// Map tiling with tiles of 3 (partial tiles at the ends of most ranges).
fn tiled(sdfg: &mut Sdfg) -> usize {
    let t = transforms::find("sdfg-map-tiling").expect("registered");
    let options = transforms::Options::parse("tile-sizes=3").expect("options");
    transforms::apply_deep(t, sdfg, &options, 10_000).expect("applies")
}

/// Loop unrolling with options (`factor=K`), everywhere.
fn unrolled_by(sdfg: &mut Sdfg, options: &str) -> usize {
    let t = transforms::find("sdfg-loop-unroll").expect("registered");
    let options = transforms::Options::parse(options).expect("options");
    transforms::apply_deep(t, sdfg, &options, 10_000).expect("applies")
}

/// Each transformation applied everywhere it matches; returns how often.
const TRANSFORMATIONS: &[(&str, fn(&mut Sdfg) -> usize)] = &[
    ("sdfg-loop-lifting", transforms::loop_lifting::lift_all),
    ("sdfg-map-expansion", |s| everywhere("sdfg-map-expansion", s)),
    ("sdfg-map-collapse", |s| everywhere("sdfg-map-collapse", s)),
    ("sdfg-map-tiling", |s| everywhere("sdfg-map-tiling", s)),
    ("sdfg-map-tiling{tile-sizes=3}", |s| {
        let t = transforms::find("sdfg-map-tiling").expect("registered");
        let options = transforms::Options::parse("tile-sizes=3").expect("options");
        transforms::apply_deep(t, s, &options, 10_000).expect("applies")
    }),
    ("sdfg-map-expansion+interchange", |s| everywhere("sdfg-map-expansion", s) + everywhere("sdfg-map-interchange", s)),
    ("sdfg-state-fusion", |s| everywhere("sdfg-state-fusion", s)),
    ("sdfg-dead-state-elimination", |s| everywhere("sdfg-dead-state-elimination", s)),
    ("sdfg-map-fusion", |s| everywhere("sdfg-map-fusion", s)),
    ("sdfg-otf-map-fusion", |s| everywhere("sdfg-otf-map-fusion", s)),
    // State fusion puts producer and consumer maps of a statement pair in one state.
    ("sdfg-otf-map-fusion+simplify", |s| {
        everywhere("sdfg-simplify", s);
        everywhere("sdfg-otf-map-fusion", s)
    }),
    ("sdfg-subgraph-fusion", |s| everywhere("sdfg-subgraph-fusion", s)),
    // After simplify, producer and consumer maps of a statement pair share a state.
    ("sdfg-subgraph-fusion+simplify", |s| {
        everywhere("sdfg-simplify", s);
        everywhere("sdfg-subgraph-fusion", s)
    }),
    ("sdfg-buffer-tiling", |s| everywhere("sdfg-buffer-tiling", s)),
    // Small tiles: most tiles of the corpus' small arrays have a border.
    ("sdfg-buffer-tiling{tile-sizes=3}+simplify", |s| {
        everywhere("sdfg-simplify", s);
        let t = transforms::find("sdfg-buffer-tiling").expect("registered");
        let options = transforms::Options::parse("tile-sizes=3").expect("options");
        transforms::apply_deep(t, s, &options, 10_000).expect("applies")
    }),
    ("sdfg-map-fusion-horizontal", |s| everywhere("sdfg-map-fusion-horizontal", s)),
    // State fusion puts independent maps of different statements in one state.
    ("sdfg-map-fusion-horizontal+simplify", |s| {
        everywhere("sdfg-simplify", s);
        everywhere("sdfg-map-fusion-horizontal", s)
    }),
    // Expanded maps give outer maps over equal ranges, then inner ones in one scope.
    ("sdfg-map-fusion-horizontal+expansion", |s| {
        everywhere("sdfg-map-expansion", s);
        everywhere("sdfg-map-fusion-horizontal", s)
    }),
    ("sdfg-trivial-map-elimination", |s| everywhere("sdfg-trivial-map-elimination", s)),
    ("sdfg-trivial-tasklet-elimination", |s| everywhere("sdfg-trivial-tasklet-elimination", s)),
    ("sdfg-prune-connectors", |s| everywhere("sdfg-prune-connectors", s)),
    ("sdfg-map-fission", |s| everywhere("sdfg-map-fission", s)),
    // On loops lifted from state machines (DaCe 1.0.2's frontend writes those).
    ("sdfg-move-loop-into-map", |s| {
        transforms::loop_lifting::lift_all(s);
        everywhere("sdfg-move-loop-into-map", s)
    }),
    // Fused maps hold several computations joined by transients.
    ("sdfg-map-fusion+map-fission", |s| {
        everywhere("sdfg-map-fusion", s);
        everywhere("sdfg-map-fission", s)
    }),
    ("sdfg-aug-assign-to-wcr", |s| everywhere("sdfg-aug-assign-to-wcr", s)),
    ("sdfg-constant-propagation", |s| everywhere("sdfg-constant-propagation", s)),
    ("sdfg-scalar-to-symbol-promotion", |s| everywhere("sdfg-scalar-to-symbol-promotion", s)),
    ("sdfg-remove-unused-symbols", |s| everywhere("sdfg-remove-unused-symbols", s)),
    // Promoted scalars leave symbols that constants then replace.
    ("sdfg-scalar-to-symbol-promotion+constant-propagation+remove-unused-symbols", |s| {
        ["sdfg-scalar-to-symbol-promotion", "sdfg-constant-propagation", "sdfg-remove-unused-symbols"].iter().map(|n| everywhere(n, s)).sum()
    }),
    ("sdfg-simplify", |s| everywhere("sdfg-simplify", s)),
    ("sdfg-propagate-memlets", |s| everywhere("sdfg-propagate-memlets", s)),
    ("sdfg-symbol-propagation", |s| everywhere("sdfg-symbol-propagation", s)),
    ("sdfg-auto-optimize", |s| everywhere("sdfg-auto-optimize", s)),
    ("sdfg-redundant-array", |s| everywhere("sdfg-redundant-array", s)),
    ("sdfg-redundant-second-array", |s| everywhere("sdfg-redundant-second-array", s)),
    ("sdfg-dead-dataflow-elimination", |s| everywhere("sdfg-dead-dataflow-elimination", s)),
    // The corpus has little dead dataflow of its own: add some, then check
    // that removing it (and nothing live) keeps the results.
    ("sdfg-dead-dataflow-elimination+injected", |s| {
        add_dead_dataflow(s);
        everywhere("sdfg-dead-dataflow-elimination", s)
    }),
    ("sdfg-array-elimination", |s| everywhere("sdfg-array-elimination", s)),
    // Dead dataflow removed leaves a declaration nothing uses.
    ("sdfg-dead-dataflow-elimination+injected+array-elimination", |s| {
        add_dead_dataflow(s);
        everywhere("sdfg-dead-dataflow-elimination", s) + everywhere("sdfg-array-elimination", s)
    }),
    ("sdfg-consolidate-edges", |s| everywhere("sdfg-consolidate-edges", s)),
    // Merged access nodes leave several edges into one map.
    ("sdfg-array-elimination+consolidate-edges", |s| everywhere("sdfg-array-elimination", s) + everywhere("sdfg-consolidate-edges", s)),
    ("sdfg-inline-sdfg", |s| everywhere("sdfg-inline-sdfg", s)),
    ("sdfg-inline-control-flow-regions", |s| everywhere("sdfg-inline-control-flow-regions", s)),
    ("sdfg-inline-multistate-sdfg", |s| everywhere("sdfg-inline-multistate-sdfg", s)),
    // Inlining exposes deeper nested SDFGs and regions: repeat all three.
    ("sdfg-inline-sdfg+multistate+regions", |s| {
        let names = ["sdfg-inline-control-flow-regions", "sdfg-inline-multistate-sdfg", "sdfg-inline-sdfg"];
        let mut total = 0;
        loop {
            let round: usize = names.iter().map(|n| everywhere(n, s)).sum();
            if round == 0 {
                return total;
            }
            total += round;
        }
    }),
    ("sdfg-tasklet-fusion", |s| everywhere("sdfg-tasklet-fusion", s)),
    ("sdfg-vectorization", |s| everywhere("sdfg-vectorization", s)),
    ("sdfg-vectorization{vector-length=3}", |s| {
        let t = transforms::find("sdfg-vectorization").expect("registered");
        let options = transforms::Options::parse("vector-length=3").expect("options");
        transforms::apply_deep(t, s, &options, 10_000).expect("applies")
    }),
    ("sdfg-double-buffering", |s| everywhere("sdfg-double-buffering", s)),
    // Loops written as state machines become LoopRegions first.
    ("sdfg-loop-lifting+double-buffering", |s| {
        transforms::loop_lifting::lift_all(s);
        everywhere("sdfg-double-buffering", s)
    }),
    ("sdfg-map-dim-shuffle", |s| everywhere("sdfg-map-dim-shuffle", s)),
    // Local copies need nested maps: tile (with partial tiles) or expand first.
    ("sdfg-in-local-storage+tiling", |s| {
        tiled(s);
        everywhere("sdfg-in-local-storage", s)
    }),
    ("sdfg-in-local-storage+expansion", |s| {
        everywhere("sdfg-map-expansion", s);
        everywhere("sdfg-in-local-storage", s)
    }),
    ("sdfg-out-local-storage+tiling", |s| {
        tiled(s);
        everywhere("sdfg-out-local-storage", s)
    }),
    ("sdfg-out-local-storage+expansion", |s| {
        everywhere("sdfg-map-expansion", s);
        everywhere("sdfg-out-local-storage", s)
    }),
    ("sdfg-tile-wcr", |s| everywhere("sdfg-tile-wcr", s)),
    // Small tiles make partial tiles and accumulators on the corpus sizes.
    ("sdfg-tile-wcr{tile-size=4}", |s| {
        let t = transforms::find("sdfg-tile-wcr").expect("registered");
        let options = transforms::Options::parse("tile-size=4").expect("options");
        transforms::apply_deep(t, s, &options, 10_000).expect("applies")
    }),
    ("sdfg-tile-wcr{tile-size=4 partial-parallelism=false}", |s| {
        let t = transforms::find("sdfg-tile-wcr").expect("registered");
        let options = transforms::Options::parse("tile-size=4 partial-parallelism=false").expect("options");
        transforms::apply_deep(t, s, &options, 10_000).expect("applies")
    }),
    ("sdfg-accumulate-transient+expansion", |s| {
        everywhere("sdfg-map-expansion", s);
        everywhere("sdfg-accumulate-transient", s)
    }),
    ("sdfg-accumulate-transient+tiling", |s| {
        tiled(s);
        everywhere("sdfg-accumulate-transient", s)
    }),
    ("sdfg-map-reduce-fusion", |s| everywhere("sdfg-map-reduce-fusion", s)),
    // State fusion puts frontend maps and their reductions in one state.
    ("sdfg-map-reduce-fusion+simplify", |s| {
        everywhere("sdfg-simplify", s);
        everywhere("sdfg-map-reduce-fusion", s)
    }),
    ("sdfg-map-wcr-fusion", |s| everywhere("sdfg-map-wcr-fusion", s)),
    // The corpus reduces with Reduce library nodes, which the lowering
    // computes itself: expanding them gives a map over the kept axes around
    // a map over the reduced ones, writing with WCR (DaCe's pure expansion);
    // state fusion then puts each beside the map filling its input.
    ("sdfg-map-wcr-fusion+expand-library-nodes+simplify", |s| {
        everywhere("sdfg-expand-library-nodes", s);
        everywhere("sdfg-simplify", s);
        everywhere("sdfg-map-wcr-fusion", s)
    }),
    ("sdfg-expand-library-nodes", |s| everywhere("sdfg-expand-library-nodes", s)),
    // Expanding then collapsing must give back working programs too.
    ("sdfg-loop-to-map", |s| {
        transforms::loop_lifting::lift_all(s);
        everywhere("sdfg-loop-to-map", s)
    }),
    ("sdfg-nest-sdfg", |s| everywhere("sdfg-nest-sdfg", s)),
    ("sdfg-remove-slice-view", |s| everywhere("sdfg-remove-slice-view", s)),
    // Loops nested as whole containers get the parts each iteration touches.
    ("sdfg-loop-to-map+refine-nested-access", |s| {
        transforms::loop_lifting::lift_all(s);
        everywhere("sdfg-loop-to-map", s);
        everywhere("sdfg-refine-nested-access", s)
    }),
    // Accumulations that become WCR writes let loops become maps.
    ("sdfg-aug-assign-to-wcr+loop-to-map", |s| {
        transforms::loop_lifting::lift_all(s);
        everywhere("sdfg-aug-assign-to-wcr", s) + everywhere("sdfg-loop-to-map", s)
    }),
    ("sdfg-loop-peeling", |s| {
        transforms::loop_lifting::lift_all(s);
        everywhere("sdfg-loop-peeling", s)
    }),
    ("sdfg-loop-peeling{count=2 begin=false}", |s| {
        transforms::loop_lifting::lift_all(s);
        let t = transforms::find("sdfg-loop-peeling").expect("registered");
        let options = transforms::Options::parse("count=2 begin=false").expect("options");
        transforms::apply_deep(t, s, &options, 10_000).expect("applies")
    }),
    ("sdfg-map-to-for-loop", |s| everywhere("sdfg-map-to-for-loop", s)),
    ("sdfg-map-to-gemm", |s| everywhere("sdfg-map-to-gemm", s)),
    // The nests that expansion and WCR tiling leave are products too.
    ("sdfg-map-expansion+map-to-gemm", |s| {
        everywhere("sdfg-map-expansion", s);
        everywhere("sdfg-map-to-gemm", s)
    }),
    ("sdfg-map-unroll", |s| everywhere("sdfg-map-unroll", s)),
    ("sdfg-loop-unroll", |s| {
        transforms::loop_lifting::lift_all(s);
        everywhere("sdfg-loop-unroll", s)
    }),
    // Partial unrolling: symbolic bounds get a remainder loop, constant ones
    // the iterations left over.
    ("sdfg-loop-unroll{factor=2}", |s| {
        transforms::loop_lifting::lift_all(s);
        unrolled_by(s, "factor=2")
    }),
    ("sdfg-loop-unroll{factor=3}", |s| {
        transforms::loop_lifting::lift_all(s);
        unrolled_by(s, "factor=3")
    }),
    ("sdfg-strip-mining", |s| everywhere("sdfg-strip-mining", s)),
    ("sdfg-strip-mining{dimension=0 tile-size=3}", |s| {
        let t = transforms::find("sdfg-strip-mining").expect("registered");
        let options = transforms::Options::parse("dimension=0 tile-size=3").expect("options");
        transforms::apply_deep(t, s, &options, 10_000).expect("applies")
    }),
    ("sdfg-map-expansion+collapse", |s| everywhere("sdfg-map-expansion", s) + everywhere("sdfg-map-collapse", s)),
];

/// In the first state reading a global array at top level, copies it into
/// a new transient and computes from its first element into that
/// transient: writes nothing reads.
fn add_dead_dataflow(sdfg: &mut Sdfg) {
    use sdfg_mlir::model::{scope, DataEdge, Memlet, Node, NodeKind};
    use sdfg_mlir::symbolic::{Dim, Expr, Subset};
    let global = |sdfg: &Sdfg, d: &str| sdfg.container(d).filter(|c| !c.transient && c.kind == sdfg_mlir::model::DataKind::Array).cloned();
    let mut found = None;
    for (path, state) in transforms::place::states(sdfg) {
        let Ok(parents) = scope::scope_parents(state) else { continue };
        for (i, n) in state.nodes.iter().enumerate() {
            let NodeKind::Access { data, .. } = &n.kind else { continue };
            if parents[i].is_none() && state.edges.iter().any(|e| e.src == i) && found.is_none() {
                if let Some(desc) = global(sdfg, data) {
                    found = Some((path.clone(), i, data.clone(), desc));
                }
            }
        }
    }
    let Some((path, src, data, mut desc)) = found else { return };
    desc.transient = true;
    sdfg.containers.push(("__dead".to_string(), desc.clone()));
    let Some(state) = transforms::place::state_mut(sdfg, &path) else { return };
    let node = |label: &str, kind: NodeKind, ins: &[&str], outs: &[&str]| Node {
        label: label.to_string(),
        kind,
        in_connectors: ins.iter().map(|c| (c.to_string(), None)).collect(),
        out_connectors: outs.iter().map(|c| (c.to_string(), None)).collect(),
        extra: Default::default(),
        loc: Default::default(),
    };
    let access = || node("__dead", NodeKind::Access { data: "__dead".to_string(), setzero: false }, &[], &[]);
    let code = sdfg_mlir::model::CodeBlock::python("y = x + 1");
    let first = Subset::Range(desc.shape.iter().map(|_| Dim::index(Expr::int(0))).collect());
    let base = state.nodes.len();
    state.nodes.extend([access(), node("__dead_t", NodeKind::Tasklet { code }, &["x"], &["y"]), access()]);
    let edge = |src, src_conn: Option<&str>, dst, dst_conn: Option<&str>, data: &str, subset: Option<Subset>| DataEdge {
        src,
        src_conn: src_conn.map(str::to_string),
        dst,
        dst_conn: dst_conn.map(str::to_string),
        memlet: Memlet { data: Some(data.to_string()), subset, ..Default::default() },
        loc: Default::default(),
    };
    state.edges.push(edge(src, None, base, None, &data, None));
    state.edges.push(edge(src, None, base + 1, Some("x"), &data, Some(first.clone())));
    state.edges.push(edge(base + 1, Some("y"), base + 2, None, "__dead", Some(first)));
}

/// What one transformation did to one corpus file that it applies to.
enum Outcome {
    Failed(String),
    Exported(PathBuf),
    /// The same program as the corpus file or as an earlier entry's result
    /// on it: already checked, not run again.
    Repeated,
}

/// The programs already checked, by file and exported text: entries that
/// combine transformations often end where a simpler entry did.
static CHECKED: Mutex<Option<HashSet<(PathBuf, u64)>>> = Mutex::new(None);

/// Whether `text` of `file` is new (and now claimed for checking).
fn first_time(file: &Path, text: &str) -> bool {
    let mut hasher = DefaultHasher::new();
    text.hash(&mut hasher);
    CHECKED.lock().unwrap().get_or_insert_with(HashSet::new).insert((file.to_path_buf(), hasher.finish()))
}

/// Applies one transformation to one file, checks the results and writes
/// the export; `None` when it does not apply.
fn run_one((name, apply): (&str, fn(&mut Sdfg) -> usize), file: &Path, work: &Path) -> Option<Outcome> {
    let mut sdfg = json::import_file(file).ok()?;
    let count = apply(&mut sdfg);
    if count == 0 {
        return None;
    }
    let stem = file.file_stem().unwrap().to_string_lossy().to_string();
    let tag = format!("{name} on {stem}");
    // Shown with --nocapture: where each transformation applied.
    eprintln!("{tag}: applied {count} times");
    if let Err(e) = sdfg_mlir::verify::verify(&sdfg) {
        return Some(Outcome::Failed(format!("{tag}: invalid SDFG: {e}")));
    }
    let text = json::export_string(&sdfg);
    if !first_time(file, &text) {
        return Some(Outcome::Repeated);
    }
    // One directory per entry: compiled C++ helpers are loaded by path,
    // and a path loaded before would give back the earlier library.
    let entry: String = name.chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '_' }).collect();
    if let Err(e) = corpus::check(file, &sdfg, EngineKind::Jit, &work.join(format!("{stem}.{entry}"))) {
        return Some(Outcome::Failed(format!("{tag}: results changed: {e}")));
    }
    let out = work.join(format!("{stem}.{name}.sdfg"));
    fs::write(&out, text).expect("write export");
    Some(Outcome::Exported(out))
}

#[test]
fn transformations_keep_results_and_dace_validity() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let work = Path::new(env!("CARGO_TARGET_TMPDIR")).join("transforms-diff");
    fs::create_dir_all(&work).expect("work directory");
    let mut failures = Vec::new();
    let mut exported = String::new();
    let mut applied = 0;
    let mut files = corpus::files();
    let extra = root.join("test/extra-corpus");
    let rejected = corpus::unsupported(&extra);
    // Programs rejected on purpose cannot run before or after.
    files.extend(corpus::files_in(&extra).into_iter().filter(|f| !rejected.iter().any(|(p, _)| *p == corpus::program_of(f))));
    // SDFG_TRANSFORMS=a,b limits the run to transformations whose entry names
    // contain one of those words (for working on one of them).
    let only: Vec<String> = std::env::var("SDFG_TRANSFORMS").map(|v| v.split(',').map(str::to_string).collect()).unwrap_or_default();
    let selected: Vec<usize> = (0..TRANSFORMATIONS.len())
        .filter(|&t| only.is_empty() || only.iter().any(|o| TRANSFORMATIONS[t].0.contains(o.as_str())))
        .collect();
    // The untransformed programs run in corpus_run: results equal to one
    // are repeats too.
    for f in &files {
        if let Ok(s) = json::import_file(f) {
            first_time(f, &json::export_string(&s));
        }
    }
    // Every (transformation, file) pair is independent: workers take them in
    // turn (compiling dominates, and each run has its own MLIR context).
    let jobs: Vec<(usize, usize)> = selected.iter().flat_map(|&t| (0..files.len()).map(move |f| (t, f))).collect();
    let next = AtomicUsize::new(0);
    let outcomes: Mutex<Vec<((usize, usize), Outcome)>> = Mutex::new(Vec::new());
    let workers = std::thread::available_parallelism().map_or(1, |n| n.get()).min(4);
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| loop {
                let Some(&(t, f)) = jobs.get(next.fetch_add(1, Ordering::Relaxed)) else { break };
                if let Some(outcome) = run_one(TRANSFORMATIONS[t], &files[f], &work) {
                    outcomes.lock().unwrap().push(((t, f), outcome));
                }
            });
        }
    });
    let mut outcomes = outcomes.into_inner().unwrap();
    outcomes.sort_by_key(|(job, _)| *job);
    for &t in &selected {
        let programs = outcomes.iter().filter(|((u, _), _)| *u == t).count();
        eprintln!("{}: applied to {programs} corpus files", TRANSFORMATIONS[t].0);
    }
    let mut repeated = 0;
    for (_, outcome) in outcomes {
        applied += 1;
        match outcome {
            Outcome::Failed(e) => failures.push(e),
            Outcome::Exported(out) => exported += &format!("{}\n", out.display()),
            Outcome::Repeated => repeated += 1,
        }
    }
    eprintln!("{applied} applications, {repeated} of them giving a program already checked");
    assert!(applied > 0, "no transformation applied anywhere");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    let list = work.join("exports.txt");
    fs::write(&list, exported).expect("write list");
    let python = root.join(".venv/bin/python");
    assert!(python.exists(), "no DaCe venv at {}: run scripts/setup.sh", python.display());
    let output = Command::new(&python)
        .arg(root.join("test/interop/dace_check.py"))
        .arg("--validate-only")
        .arg(&list)
        .output()
        .expect("run dace_check.py");
    assert!(output.status.success(), "DaCe rejected transformed SDFGs:\n{}", String::from_utf8_lossy(&output.stdout));
}
