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

/// `sdfg-run --profile` on every corpus program, with DaCe's Timer asked
/// of every SDFG, state, map, consume scope, tasklet and nested SDFG: the
/// results stay right, the program is timed once, and every recorded event
/// belongs to a timed element and ends after it starts.
#[test]
fn every_corpus_file_runs_correctly_profiled_with_timers_everywhere() {
    let work = Path::new(env!("CARGO_TARGET_TMPDIR")).join("corpus-profiled");
    let lower = sdfg_mlir::lowering::LowerOptions { profile: true, ..Default::default() };
    let files = corpus::files();
    let mut failures = Vec::new();
    for f in &files {
        let dir = work.join(f.file_stem().unwrap());
        let result = json::import_file(f).map_err(|e| e.to_string()).and_then(|mut s| {
            time_everything(&mut s);
            corpus::run_checked(f, &s, EngineKind::Jit, &dir, lower.clone())
        });
        let checked = result.and_then(|r| {
            let p = r.profile.ok_or("no profile")?;
            let program = p.elements.iter().position(|e| e.uuid == [0, -1, -1]).ok_or("the SDFG is not timed")?;
            let runs = p.events.iter().filter(|e| e.slot == program).count();
            let bad = p.events.iter().any(|e| e.slot >= p.elements.len() || e.end < e.start);
            if runs != 1 || bad {
                return Err(format!("SDFG timed {runs} times; malformed events: {bad}"));
            }
            Ok(())
        });
        if let Err(e) = checked {
            failures.push(format!("{}: {e}", f.display()));
        }
    }
    assert!(failures.is_empty(), "{} of {} files failed:\n{}", failures.len(), files.len(), failures.join("\n"));
}

/// Sets `instrument` to `Timer` on everything DaCe's Timer can time.
fn time_everything(sdfg: &mut sdfg_mlir::model::Sdfg) {
    use sdfg_mlir::model::{BlockKind, Cfg, NodeKind};
    fn cfg(c: &mut Cfg) {
        for b in &mut c.blocks {
            match &mut b.kind {
                BlockKind::State(s) => {
                    b.extra.insert("instrument".into(), "Timer".into());
                    for n in &mut s.nodes {
                        let timed = matches!(n.kind, NodeKind::MapEntry { .. } | NodeKind::ConsumeEntry { .. } | NodeKind::Tasklet { .. } | NodeKind::NestedSdfg { .. });
                        if timed {
                            n.extra.insert("instrument".into(), "Timer".into());
                        }
                        if let NodeKind::NestedSdfg { sdfg, .. } = &mut n.kind {
                            time_everything(sdfg);
                        }
                    }
                }
                BlockKind::Region { cfg: c, .. } => cfg(c),
                BlockKind::Loop(l) => cfg(&mut l.cfg),
                BlockKind::Conditional(brs) => brs.iter_mut().for_each(|br| cfg(&mut br.cfg)),
                _ => {}
            }
        }
    }
    sdfg.extra.insert("instrument".into(), "Timer".into());
    cfg(&mut sdfg.cfg);
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
