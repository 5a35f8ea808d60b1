//! sdfg-run: compile an SDFG to native code and run it on NumPy inputs.

#[path = "common.rs"]
#[allow(dead_code)]
mod common;

use clap::{Parser, ValueEnum};
use sdfg_mlir::{
    diag::Diagnostic,
    lowering::EngineKind,
    npz::{self, Array, CompareRules},
    run::{self, RunOptions},
};
use std::collections::HashMap;

/// Compiles an SDFG (`.sdfg`, `.sdfgz` or `sdfg` dialect `.mlir`) and runs it.
#[derive(Parser, Debug)]
#[command(name = "sdfg-run", version)]
struct Cli {
    /// The program.
    program: String,
    /// Inputs by argument name (`A` or `in.A` entries).
    #[arg(long)]
    inputs: Option<String>,
    /// A symbol value (repeatable); others are read off input shapes.
    #[arg(long = "symbol", value_name = "NAME=VALUE")]
    symbols: Vec<String>,
    /// Write every non-transient container after the run.
    #[arg(short, long)]
    output: Option<String>,
    /// Compare outputs with these (`out.X` or `X` entries); exit 1 on a mismatch.
    #[arg(long)]
    expected: Option<String>,
    /// Corpus manifest whose `compare` rules to use with --expected.
    #[arg(long)]
    manifest: Option<String>,
    /// Relative tolerance for float comparisons (float32 and float64 alike;
    /// overrides the manifest's).
    #[arg(long)]
    rtol: Option<f64>,
    /// Absolute tolerance for float comparisons.
    #[arg(long)]
    atol: Option<f64>,
    /// How to compile.
    #[arg(long, value_enum, default_value_t = Engine::Jit)]
    engine: Engine,
    /// Run this many times and report the median time.
    #[arg(long, default_value_t = 1)]
    repeat: usize,
    /// Check every element access against its container's shape; an
    /// out-of-bounds index stops the program with a message.
    #[arg(long)]
    check_bounds: bool,
    /// Expand library nodes natively even where BLAS or LAPACK could be called.
    #[arg(long)]
    no_blas: bool,
    /// Stop the program with an error (exit status 1, no output) when it
    /// runs longer than this many seconds (compiling not counted).
    #[arg(long, value_name = "SECONDS")]
    time_limit: Option<f64>,
    /// Print the lowered code instead of running (`lowered`: upstream
    /// dialects; `llvm`: the LLVM dialect).
    #[arg(long, value_enum)]
    emit: Option<Emit>,
    /// The GPU runtime for programs with GPU maps or GPU memory (`auto`:
    /// CUDA where its driver finds a device, else Vulkan).
    #[arg(long, value_enum, default_value_t = GpuRuntime::Auto)]
    gpu_runtime: GpuRuntime,
    /// How FPGA programs run: `emulation` compiles the kernels' HLS C++ for
    /// the CPU (Vitis `sw_emu` semantics); `hardware` needs Vitis and a
    /// board through XRT.
    #[arg(long, value_enum, default_value_t = FpgaMode::Emulation)]
    fpga_mode: FpgaMode,
    /// Threads per block (X[,Y[,Z]]) of GPU maps that give no
    /// `gpu_block_size` (default: DaCe's 32,1,1).
    #[arg(long, value_name = "X[,Y[,Z]]")]
    gpu_block_size: Option<String>,
    /// Time the SDFG, each state and outermost map, and every element whose
    /// `instrument` property is `Timer`; print the time per run of each and
    /// write FILE: a viewer page with the elements coloured by their time
    /// (`.html`), else a JSON report that DaCe's `InstrumentationReport`
    /// reads too. Runs with the JIT.
    #[arg(long, value_name = "FILE")]
    profile: Option<String>,
    /// With --emit, print each op's location: the SDFG element (in the
    /// `.sdfg` file or dialect text) it was lowered from.
    #[arg(long = "mlir-print-debuginfo")]
    debug_info: bool,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum Emit {
    Lowered,
    Llvm,
    /// The kernels' PTX (for `SDFG_GPU_CHIP`, default `sm_90`).
    Ptx,
    /// The kernels' SPIR-V for Vulkan (as `spirv` dialect modules).
    Spirv,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum FpgaMode {
    Emulation,
    Hardware,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum GpuRuntime {
    Auto,
    Cuda,
    Vulkan,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum Engine {
    Jit,
    Aot,
}

fn main() {
    let cli = Cli::parse();
    let (bytes, file) = common::read_input(&cli.program);
    let sdfg = match sdfg_mlir::driver::input::load_model(&bytes, &file) {
        Ok(s) => s,
        Err(d) => common::fail(&d),
    };
    // Python callbacks without a native implementation stop here, at the tasklet.
    if let Err(d) = sdfg_mlir::lowering::callback_plan::check_program(&sdfg) {
        common::fail(&d);
    }
    if cli.profile.is_some() && matches!(cli.engine, Engine::Aot) {
        common::fail_with(&file, "--profile runs programs with the JIT (--engine jit)");
    }
    let mut lower = sdfg_mlir::lowering::LowerOptions { check_bounds: cli.check_bounds, profile: cli.profile.is_some(), ..Default::default() };
    if cli.no_blas {
        lower.blas = false;
    }
    if let Some(text) = &cli.gpu_block_size {
        lower.gpu_block_size = Some(sdfg_mlir::lowering::gpu::kernel::parse_block_size(text).unwrap_or_else(|e| common::fail_with(&file, &e)));
    }
    let uses_gpu = sdfg_mlir::lowering::devices::first_device_use(&sdfg)
        .is_some_and(|u| u.device == sdfg_mlir::lowering::devices::Device::Gpu);
    if sdfg_mlir::lowering::devices::first_fpga_use(&sdfg).is_some() {
        if let FpgaMode::Hardware = cli.fpga_mode {
            common::fail_with(&file, &sdfg_mlir::lowering::fpga::hardware_refusal());
        }
        lower.fpga = true;
        if cli.emit.is_none() {
            eprintln!("{file}: note: FPGA kernels run in software emulation on the CPU (--fpga-mode emulation)");
        }
    }
    if let Some(emit) = cli.emit {
        let vulkan = matches!(emit, Emit::Spirv) || (matches!(cli.gpu_runtime, GpuRuntime::Vulkan) && !matches!(emit, Emit::Ptx));
        if vulkan {
            lower.gpu = Some(sdfg_mlir::lowering::gpu::Target::Vulkan);
        } else if uses_gpu || matches!(emit, Emit::Ptx) {
            lower.gpu = Some(sdfg_mlir::lowering::gpu::Target::cuda_default());
        }
        let context = sdfg_mlir::ir::new_context();
        let mut lowered = sdfg_mlir::lowering::lower_with(&context, &sdfg, &lower).unwrap_or_else(|d| common::fail(&d.into()));
        for w in &lowered.warnings {
            eprintln!("{file}: warning: {w}");
        }
        if let Emit::Spirv = emit {
            let text = sdfg_mlir::lowering::gpu::spirv::spirv_text(lowered.context, &mut lowered.module)
                .unwrap_or_else(|e| common::fail_with(&file, &e));
            if text.is_empty() {
                common::fail_with(&file, "the program has no GPU kernels: there is no SPIR-V to print");
            }
            print!("{text}");
            return;
        }
        if let Emit::Llvm | Emit::Ptx = emit {
            sdfg_mlir::lowering::pipeline::lowered_to_llvm(&mut lowered).unwrap_or_else(|e| common::fail_with(&file, &e));
        }
        if let Emit::Ptx = emit {
            print_ptx(&lowered, &file);
            return;
        }
        use melior::ir::operation::{OperationLike, OperationPrintingFlags};
        let flags = OperationPrintingFlags::new().enable_debug_info(cli.debug_info, false);
        let text = lowered.module.as_operation().to_string_with_flags(flags);
        println!("{}", text.unwrap_or_else(|e| common::fail_with(&file, &format!("cannot print the module: {e}"))));
        return;
    }
    let inputs = match &cli.inputs {
        Some(p) => read_arrays(p, "in."),
        None => HashMap::new(),
    };
    let mut symbols = HashMap::new();
    for s in &cli.symbols {
        let Some((name, value)) = s.split_once('=') else { common::fail_with(&file, &format!("bad --symbol '{s}': use NAME=VALUE")) };
        let Ok(v) = value.trim().parse::<i64>() else { common::fail_with(&file, &format!("bad --symbol '{s}': not an integer")) };
        symbols.insert(name.trim().to_string(), v);
    }
    // Only explicit flags must name real symbols; a manifest may list more.
    if let Err(e) = run::check_symbol_names(&sdfg.symbols, symbols.keys().map(String::as_str)) {
        common::fail_with(&file, &e);
    }
    // A corpus manifest also gives the symbol values.
    if let Some(m) = &cli.manifest {
        if let Some(given) = read_manifest(m)["symbols"].as_object() {
            for (name, v) in given {
                if let Some(v) = v.as_i64() {
                    symbols.entry(name.clone()).or_insert(v);
                }
            }
        }
    }
    if uses_gpu {
        let choice = match cli.gpu_runtime {
            GpuRuntime::Auto => sdfg_mlir::lowering::gpu::Choice::Auto,
            GpuRuntime::Cuda => sdfg_mlir::lowering::gpu::Choice::Cuda,
            GpuRuntime::Vulkan => sdfg_mlir::lowering::gpu::Choice::Vulkan,
        };
        let (target, device) = sdfg_mlir::lowering::gpu::select(choice).unwrap_or_else(|e| common::fail_with(&file, &e));
        eprintln!("{file}: note: running on {device}");
        lower.gpu = Some(target);
    }
    let work = std::env::temp_dir().join(format!("sdfg-run-{}", std::process::id()));
    let options = RunOptions {
        engine: match cli.engine {
            Engine::Jit => EngineKind::Jit,
            Engine::Aot => EngineKind::Aot,
        },
        symbols,
        repeat: cli.repeat,
        work: &work,
        lower,
        on_compiled: None,
    };
    if let Some(limit) = cli.time_limit.filter(|l| !(l.is_finite() && *l > 0.0 && *l < 1e9)) {
        eprintln!("error: --time-limit {limit}: give a positive number of seconds");
        std::process::exit(2);
    }
    let watchdog = cli.time_limit.map(|limit| {
        let (file, work) = (file.clone(), work.clone());
        move || start_watchdog(limit, file.clone(), work.clone())
    });
    let options = RunOptions { on_compiled: watchdog.as_ref().map(|w| w as &(dyn Fn() + Sync)), ..options };
    let result = run::run(&sdfg, &inputs, &options);
    let _ = std::fs::remove_dir_all(&work);
    let result = result.unwrap_or_else(|e| match e {
        run::RunError::Lower(d) => common::fail(&Diagnostic::new(&d.loc, format!("cannot compile: {}", d.message)).into()),
        e => common::fail_with(&file, &e.to_string()),
    });
    for w in &result.warnings {
        eprintln!("{file}: warning: {w}");
    }
    if let (Some(path), Some(profile)) = (&cli.profile, &result.profile) {
        eprint!("{}", sdfg_mlir::run::report::table(profile, cli.repeat));
        common::write_output(path, &profile_report(&sdfg, &bytes, profile, cli.repeat, path).unwrap_or_else(|e| common::fail_with(&file, &e)));
    }
    if cli.repeat > 1 {
        let mut t = result.times.clone();
        t.sort_by(|a, b| a.total_cmp(b));
        eprintln!("compile: {:.3} s; run: median {:.6} s over {} runs", result.compile_seconds, t[t.len() / 2], t.len());
    }
    if let Some(exp) = &cli.expected {
        let expected = read_arrays(exp, "out.");
        let rules = match &cli.manifest {
            Some(m) => CompareRules::from_manifest(&read_manifest(m)["compare"])
                .unwrap_or_else(|e| common::fail_with(m, &e.to_string())),
            None => CompareRules::default(),
        };
        let mut rules = rules;
        for t in [&mut rules.f32, &mut rules.f64] {
            if let Some(r) = cli.rtol {
                t.rtol = r;
            }
            if let Some(a) = cli.atol {
                t.atol = a;
            }
        }
        let got: HashMap<&str, &Array> = result.outputs.iter().map(|(n, a)| (n.as_str(), a)).collect();
        let mut names: Vec<String> = expected.keys().filter(|k| got.contains_key(k.as_str())).cloned().collect();
        names.sort();
        if let Err(errors) = npz::compare_outputs(&names, &|n| got.get(n).copied(), &|n| expected.get(n), &rules) {
            for e in errors {
                eprintln!("{file}: error: {e}");
            }
            std::process::exit(1);
        }
        eprintln!("{} outputs match", names.len());
    }
    // Written last: a failed comparison leaves no output file.
    if let Some(out) = &cli.output {
        if let Err(e) = npz::write_npz(std::path::Path::new(out), &result.outputs) {
            common::fail_with(out, &e.to_string());
        }
    }
}

/// Prints the PTX of every kernel module (none: an error, the program has
/// no kernels).
fn print_ptx(lowered: &sdfg_mlir::lowering::Lowered, file: &str) {
    let binaries = sdfg_mlir::lowering::gpu::binary::binaries(&lowered.module).unwrap_or_else(|e| common::fail_with(file, &e));
    if binaries.is_empty() {
        common::fail_with(file, "the program has no GPU kernels: there is no PTX to print");
    }
    for b in binaries {
        println!("// gpu.module @{}", b.module);
        println!("{}", String::from_utf8_lossy(&b.bytes).trim_end_matches('\0'));
    }
}

fn read_manifest(path: &str) -> serde_json::Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| common::fail_with(path, &e.to_string()));
    serde_json::from_str(&text).unwrap_or_else(|e| common::fail_with(path, &format!("invalid JSON: {e}")))
}

/// Ends the process after `limit` seconds: the compiled program cannot be
/// interrupted, so this stops it (and OpenMP's threads) with `_exit`.
fn start_watchdog(limit: f64, file: String, work: std::path::PathBuf) {
    extern "C" {
        fn _exit(status: i32) -> !;
    }
    std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_secs_f64(limit));
        eprintln!("{file}: error: the program ran longer than the time limit of {limit} s");
        let _ = std::fs::remove_dir_all(&work);
        // SAFETY: ends the process without running exit handlers, which
        // would race with the threads of the running program.
        unsafe { _exit(1) }
    });
}

/// Arrays of an `.npz` by name. Files holding `in.`/`out.` entries (like
/// the corpus) give those with `prefix`, without it.
fn read_arrays(path: &str, prefix: &str) -> HashMap<String, Array> {
    let arrays = npz::read_npz(std::path::Path::new(path)).unwrap_or_else(|e| common::fail_with(path, &e.to_string()));
    let prefixed = arrays.iter().any(|(n, _)| n.starts_with("in.") || n.starts_with("out."));
    arrays
        .into_iter()
        .filter_map(|(name, a)| match name.strip_prefix(prefix) {
            Some(rest) => Some((rest.to_string(), a)),
            None if !prefixed => Some((name, a)),
            None => None,
        })
        .collect()
}

/// The profile as a viewer page (`.html`) or as the JSON report.
fn profile_report(sdfg: &sdfg_mlir::model::Sdfg, input: &[u8], profile: &sdfg_mlir::run::Profile, runs: usize, path: &str) -> Result<String, String> {
    use sdfg_mlir::view::html;
    let timed = sdfg_mlir::view::marks::timed(sdfg, &profile.totals(), runs);
    if path.ends_with(".html") {
        let title = Some(format!("Time per run ({} run{})", runs, if runs == 1 { "" } else { "s" }));
        let marks = html::Marks { title, profile: timed, ..Default::default() };
        return html::page(&[html::Pane { sdfg, heading: sdfg.name.clone(), marks }], html::FOLD_LIMIT).map_err(|e| e.to_string());
    }
    Ok(sdfg_mlir::run::report::json_report(sdfg, input, profile, &timed, runs))
}
