//! NPBench kernels (`../shared/npbench`) through `sdfg-run`: DaCe's three
//! SDFGs of each kernel (frontend, simplified, CPU auto-optimized), our
//! `--sdfg-simplify` and `--sdfg-auto-optimize` of its frontend SDFG, and
//! our frontend's SDFG of the kernel's DaCe program (`python`), run on
//! the inputs of NPBench's `initialize` and compared with NumPy's outputs under
//! the manifest's tolerances.
//!
//! Each run is a separate `sdfg-run` process under a time limit, so a crash
//! or a hang is reported as such instead of ending the test.
//!
//! - Every kernel runs by default; `SDFG_NPBENCH=gemm,lu` runs those named,
//!   `SDFG_NPBENCH_VARIANTS=python,frontend` those variants.
//! - `SDFG_NPBENCH_CONFIGS=all` (`scripts/npbench.sh`) runs each variant
//!   with the JIT and ahead of time, on 1 and on 2 threads; by default each
//!   variant gets one of the four, in turn, so that every configuration is
//!   exercised.
//!
//! Data comes from `make_data.py` into `target/npbench-data` (made here when
//! missing). The report is written to `target/npbench-report.md`.

#[path = "npbench/kernels.rs"]
mod kernels;

use kernels::{Config, Kernel, Outcome, Variant};
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

#[test]
fn npbench_kernels_run_correctly() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let selection = std::env::var("SDFG_NPBENCH").unwrap_or_default();
    let variants = std::env::var("SDFG_NPBENCH_VARIANTS").unwrap_or_default();
    let all_configs = std::env::var("SDFG_NPBENCH_CONFIGS").is_ok_and(|v| v == "all");
    let kernels: Vec<Kernel> = Kernel::all(&root.join("../shared/npbench"))
        .into_iter()
        .filter(|k| match selection.as_str() {
            "" | "all" => true,
            list => list.split(',').any(|n| n.trim() == k.name),
        })
        .collect();
    assert!(!kernels.is_empty(), "no NPBench kernel selected by SDFG_NPBENCH='{selection}'");
    let data = root.join("target/npbench-data");
    kernels::make_data(root, &data, &kernels);
    let bins = kernels::Binaries {
        run: env!("CARGO_BIN_EXE_sdfg-run").into(),
        opt: env!("CARGO_BIN_EXE_sdfg-opt").into(),
        translate: env!("CARGO_BIN_EXE_sdfg-translate").into(),
    };
    let work = Path::new(env!("CARGO_TARGET_TMPDIR")).join("npbench");
    let expected_failures = kernels::expected_failures(&root.join("test/npbench/expected-failures.txt"));
    let mut report = String::from("| kernel | variant | config | outcome | seconds |\n|---|---|---|---|---|\n");
    let mut problems = Vec::new();
    let mut turn = 0;
    let mut jobs = Vec::new();
    for kernel in &kernels {
        for variant in Variant::ALL {
            if !kernel.has(variant) || !(variants.is_empty() || variants.split(',').any(|v| v.trim() == variant.name())) {
                continue;
            }
            let configs: Vec<Config> = if all_configs {
                Config::ALL.to_vec()
            } else {
                turn += 1;
                vec![Config::ALL[turn % Config::ALL.len()]]
            };
            jobs.extend(configs.into_iter().map(|config| (kernel, variant, config)));
        }
    }
    // Runs are separate processes and independent: one worker per core
    // (compiling dominates; no run is timed against another).
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<(Outcome, f64)>>> = Mutex::new((0..jobs.len()).map(|_| None).collect());
    let workers = std::thread::available_parallelism().map_or(1, |n| n.get()).min(4);
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(&(kernel, variant, config)) = jobs.get(i) else { break };
                let result = kernels::run(&bins, kernel, variant, config, &data, &work);
                results.lock().unwrap()[i] = Some(result);
            });
        }
    });
    let (runs, mut passed) = (jobs.len(), 0);
    for ((kernel, variant, config), result) in jobs.iter().zip(results.into_inner().unwrap()) {
        let (outcome, seconds) = result.expect("every job ran");
        let id = format!("{} {} {}", kernel.name, variant.name(), config.name());
        let listed = expected_failures.iter().any(|e| e.matches(&kernel.name, *variant, *config));
        eprintln!("npbench: {id}: {} ({seconds:.1} s){}", outcome.summary(), if listed { " [listed]" } else { "" });
        report.push_str(&format!(
            "| {} | {} | {} | {} | {seconds:.1} |\n",
            kernel.name,
            variant.name(),
            config.name(),
            outcome.summary().replace('|', "/")
        ));
        match (&outcome, listed) {
            (Outcome::Pass, false) => passed += 1,
            (Outcome::Pass, true) => {
                passed += 1;
                problems.push(format!("{id}: passes now; take it out of test/npbench/expected-failures.txt"))
            }
            (_, true) => {}
            (bad, false) => problems.push(format!("{id}: {}", bad.detail())),
        }
    }
    report.push_str(&format!("\n{passed} of {runs} runs correct\n"));
    let _ = std::fs::write(root.join("target/npbench-report.md"), &report);
    eprintln!("npbench: {passed} of {runs} runs correct");
    assert!(problems.is_empty(), "{} NPBench problems:\n{}", problems.len(), problems.join("\n"));
}
