//! Seeded mutation fuzzing over the corpus: each case is a real DaCe file
//! with one to three structural mutations (a key deleted, a list element
//! dropped or doubled, a value of another type, an edge-case expression),
//! fed to import, verification, `--sdfg-simplify`, `--sdfg-auto-optimize`
//! and `sdfg-run --check-bounds` on the program's stored inputs. Every tool
//! must exit with 0 or 1 within its time limit: a panic, a signal or a hang
//! is a failure, and the mutated file is kept under
//! `target/fuzz-failures/` to reproduce it. A mutated control flow can make
//! a valid program that never ends (an edge back to the start that resets
//! the loop counter), so the compiled program itself runs under
//! `sdfg-run --time-limit`, which stops it with exit status 1; only the
//! tools' own work counts as a hang.
//!
//! Bounded: `SDFG_FUZZ_CASES` cases (default 150) from seed `SDFG_FUZZ_SEED`
//! (default 1), stopping early after `SDFG_FUZZ_SECONDS` (default 300).

#[path = "common/corpus.rs"]
mod corpus;
#[path = "fuzz/mutate.rs"]
mod mutate;

use mutate::Rng;
use std::{
    fs,
    path::{Path, PathBuf},
    process::Command,
    time::Instant,
};

/// Seconds one tool may take on one case.
const TOOL_LIMIT: u32 = 60;

fn env_or(name: &str, default: u64) -> u64 {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

/// Corpus programs with inputs: `(sdfg file, npz, manifest)`.
fn seeds(dir: &Path) -> Vec<(PathBuf, PathBuf, PathBuf)> {
    corpus::files_in(dir)
        .into_iter()
        .filter_map(|f| {
            let program = corpus::program_of(&f);
            let manifest = dir.join(format!("{program}.json"));
            manifest.exists().then(|| (f.clone(), dir.join(format!("{program}.npz")), manifest))
        })
        .collect()
}

/// Runs a tool under `timeout`; `Err` says why its exit was not 0 or 1.
fn check_tool(cmd: &mut Command) -> Result<bool, String> {
    let output = cmd.output().map_err(|e| format!("cannot start: {e}"))?;
    let stderr = String::from_utf8_lossy(&output.stderr);
    let tail: String = stderr.chars().rev().take(600).collect::<Vec<_>>().into_iter().rev().collect();
    match output.status.code() {
        Some(0) => Ok(true),
        Some(1) if !stderr.contains("panicked") => Ok(false),
        Some(124) | Some(137) => Err(format!("hang (over {TOOL_LIMIT} s)")),
        Some(c) if c > 128 => Err(format!("signal {}: {tail}", c - 128)),
        Some(c) => Err(format!("exit status {c}: {tail}")),
        None => Err(format!("killed by a signal: {tail}")),
    }
}

fn limited(bin: &str) -> Command {
    let mut cmd = Command::new("timeout");
    cmd.arg("-k").arg("5").arg(TOOL_LIMIT.to_string()).arg(bin);
    cmd
}

#[test]
fn mutated_corpus_files_never_crash_or_hang() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    // The extra corpus brings constructs the shared one lacks (callbacks,
    // library nodes, ...).
    let mut seeds = seeds(&corpus::corpus());
    assert!(seeds.len() >= 50, "corpus incomplete");
    seeds.extend(self::seeds(&root.join("test/extra-corpus")));
    let cases = env_or("SDFG_FUZZ_CASES", 150);
    let budget = env_or("SDFG_FUZZ_SECONDS", 300) as f64;
    let mut rng = Rng::new(env_or("SDFG_FUZZ_SEED", 1));
    let work = Path::new(env!("CARGO_TARGET_TMPDIR")).join("mutation-fuzz");
    let kept = root.join("target/fuzz-failures");
    fs::create_dir_all(&work).unwrap();
    let (translate, opt, run) =
        (env!("CARGO_BIN_EXE_sdfg-translate"), env!("CARGO_BIN_EXE_sdfg-opt"), env!("CARGO_BIN_EXE_sdfg-run"));
    let start = Instant::now();
    let mut failures = Vec::new();
    let (mut done, mut imported, mut ran) = (0, 0, 0);
    for case in 0..cases {
        if start.elapsed().as_secs_f64() > budget {
            break;
        }
        let (file, npz, manifest) = &seeds[rng.below(seeds.len())];
        let mut doc: serde_json::Value = serde_json::from_str(&fs::read_to_string(file).unwrap()).unwrap();
        let what = mutate::mutate(&mut doc, &mut rng);
        let name = format!("case{case}-{}", file.file_name().unwrap().to_string_lossy());
        let sdfg = work.join(&name);
        fs::write(&sdfg, serde_json::to_string_pretty(&doc).unwrap()).unwrap();
        let mlir = work.join(format!("{name}.mlir"));
        let out = work.join(format!("{name}.out.mlir"));
        let mut steps: Vec<(&str, Command)> = Vec::new();
        let mut import = limited(translate);
        import.arg("--import-sdfg").arg(&sdfg).arg("-o").arg(&mlir);
        let mut result = check_tool(&mut import).map_err(|e| format!("import: {e}"));
        if let Ok(true) = result {
            imported += 1;
            let mut simplify = limited(opt);
            simplify.arg(&mlir).arg("--sdfg-simplify").arg("-o").arg(&out);
            steps.push(("simplify", simplify));
            let mut auto = limited(opt);
            auto.arg(&mlir).arg("--sdfg-auto-optimize=device=cpu").arg("-o").arg(&out);
            steps.push(("auto-optimize", auto));
            let mut exec = limited(run);
            exec.arg(&sdfg).arg("--inputs").arg(npz).arg("--manifest").arg(manifest).arg("--check-bounds");
            exec.arg("--time-limit").arg((TOOL_LIMIT / 2).to_string());
            exec.env("OMP_NUM_THREADS", "2");
            steps.push(("run", exec));
            for (step, mut cmd) in steps {
                match check_tool(&mut cmd) {
                    Ok(ok) => ran += usize::from(step == "run" && ok),
                    Err(e) => {
                        result = Err(format!("{step}: {e}"));
                        break;
                    }
                }
            }
        }
        if let Err(e) = result {
            fs::create_dir_all(&kept).unwrap();
            let _ = fs::copy(&sdfg, kept.join(&name));
            failures.push(format!("{name} ({what}): {e}"));
        }
        for f in [&sdfg, &mlir, &out] {
            let _ = fs::remove_file(f);
        }
        done += 1;
    }
    eprintln!(
        "mutation fuzz: {done} cases in {:.0} s, {imported} imported, {ran} ran, {} failures",
        start.elapsed().as_secs_f64(),
        failures.len()
    );
    assert!(failures.is_empty(), "{} crashes or hangs (files in target/fuzz-failures):\n{}", failures.len(), failures.join("\n"));
}
