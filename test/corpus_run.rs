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

/// A one-map program whose C++ tasklet computes `o` from `a` by `code`.
fn cpp_program(code: &str) -> sdfg_mlir::model::Sdfg {
    let text = format!(
        r#"sdfg.sdfg "cpp_twice" ["A", "Out"] {{
  sdfg.array "A" {{dtype = #sdfg.dtype<int64>, shape = #sdfg.exprs<4>}}
  sdfg.array "Out" {{dtype = #sdfg.dtype<int64>, shape = #sdfg.exprs<4>}}
  %s = sdfg.state "s" {{
    %a = sdfg.access "A"
    %o = sdfg.access "Out"
    %me, %mx = sdfg.map "m" ["i"] = 0:4 attributes {{ins = {{IN_a}}, outs = {{OUT_a}}, exit_ins = {{IN_o}}, exit_outs = {{OUT_o}}}} {{
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "t" {{language = "CPP", ins = {{a}}, outs = {{o}}, code = "{code}"}}
      sdfg.memlet %entry["OUT_a"] -> %t["a"] {{data = "A", subset = #sdfg.range<i>}}
      sdfg.memlet %t["o"] -> %exit["IN_o"] {{data = "Out", subset = #sdfg.range<i>}}
    }}
    sdfg.memlet %a -> %me["IN_a"] {{data = "A", subset = #sdfg.range<0:4>}}
    sdfg.memlet %mx["OUT_o"] -> %o {{data = "Out", subset = #sdfg.range<0:4>}}
  }}
}}"#
    );
    let context = sdfg_mlir::ir::new_context();
    sdfg_mlir::translate::read_text(&context, &text, "cpp_twice.mlir").expect("valid program")
}

/// Programs run in one process share the symbols of their C++ helper
/// libraries: two tasklets with the same label but different code must
/// each run their own code.
#[test]
fn cpp_tasklets_of_two_programs_in_one_process() {
    use sdfg_mlir::{npz::Array, run};
    let work = Path::new(env!("CARGO_TARGET_TMPDIR")).join("cpp-twice");
    let inputs: std::collections::HashMap<String, Array> =
        [("A".to_string(), Array::from_slice([4], &[1i64, 2, 3, 4]).unwrap()), ("Out".to_string(), Array::zeros(sdfg_mlir::scalar::ScalarType::I64, [4]))]
            .into_iter()
            .collect();
    for (code, want) in [("o = a + 1;", [2i64, 3, 4, 5]), ("o = a * 10;", [10, 20, 30, 40])] {
        let options = run::RunOptions { engine: EngineKind::Jit, symbols: Default::default(), repeat: 1, work: &work, lower: Default::default(), on_compiled: None };
        let result = run::run(&cpp_program(code), &inputs, &options).expect("runs");
        let out = result.outputs.iter().find(|(n, _)| n == "Out").expect("Out").1.to_vec::<i64>().unwrap();
        assert_eq!(out, want, "tasklet `{code}`");
    }
}
