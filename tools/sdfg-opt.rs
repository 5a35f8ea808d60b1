//! sdfg-opt: parse, verify, transform and print `sdfg` dialect IR.

#[path = "common.rs"]
#[allow(dead_code)]
mod common;

use anyhow::Result;
use clap::Parser;
use sdfg_mlir::{
    diag::{Diagnostic, Diagnostics},
    driver::{self, OptOptions, SPLIT_MARKER},
    ir,
};

/// Verifies SDFG IR and runs pass pipelines on it.
#[derive(Parser, Debug)]
#[command(name = "sdfg-opt", version)]
struct Cli {
    /// Input file (`-` for standard input).
    #[arg(default_value = "-")]
    input: String,
    /// Output file (`-` for standard output); not written when anything fails.
    #[arg(short, long, default_value = "-")]
    output: String,
    /// Pass pipeline, e.g. `builtin.module(canonicalize)`.
    #[arg(long = "pass-pipeline")]
    pass_pipeline: Option<String>,
    /// Process chunks separated by `// -----` independently.
    #[arg(long = "split-input-file")]
    split_input_file: bool,
    /// Check diagnostics against `// expected-error@+N {{...}}` annotations.
    #[arg(long = "verify-diagnostics")]
    verify_diagnostics: bool,
    /// Print the IR after every pass (to stderr).
    #[arg(long = "mlir-print-ir-after-all")]
    print_ir_after_all: bool,
    /// Print MLIR's timing report of the pass pipeline (to stderr).
    #[arg(long = "mlir-timing")]
    mlir_timing: bool,
    /// Print operations in the generic form.
    #[arg(long = "mlir-print-op-generic")]
    generic: bool,
    /// Print each op's location (`loc(...)`).
    #[arg(long = "mlir-print-debuginfo")]
    debug_info: bool,
    /// Skip the SDFG verifier on the input (structural checks still run).
    #[arg(long = "no-sdfg-verify")]
    no_sdfg_verify: bool,
    /// List the sdfg passes and transformations and exit.
    #[arg(long = "list-passes")]
    list_passes: bool,
    /// Print how long each phase took (parsing, verifying, each pass,
    /// printing) to stderr.
    #[arg(long = "sdfg-timing")]
    timing: bool,
    /// Append the transformations this run applies to FILE (replay them
    /// with `--sdfg-apply-history=FILE`).
    #[arg(long = "sdfg-record-history", value_name = "FILE")]
    record_history: Option<String>,
    /// Check GT4Py's canonical SDFG form after the transformations; each
    /// violated rule is an error at its location.
    #[arg(long = "sdfg-check-canonical")]
    check_canonical: bool,
    /// Print every place a transformation applies (`0: map 'm' ...`);
    /// options may follow the name (`'sdfg-loop-unroll factor=2'`).
    #[arg(long = "sdfg-list-matches", value_name = "TRANSFORMATION")]
    list_matches: Option<String>,
    /// Also write the SDFG after the transformations as an HTML view to
    /// FILE; with --sdfg-list-matches, every match numbered on it.
    #[arg(long = "export-html", value_name = "FILE")]
    export_html: Option<String>,
    /// Also write the SDFG before and after the transformations side by
    /// side as an HTML view to FILE, what was removed and added marked.
    #[arg(long = "sdfg-view-diff", value_name = "FILE")]
    view_diff: Option<String>,
    /// Print an analysis of the SDFG after the transformations instead of
    /// the IR: `rw-sets` (what each state and region reads and writes) or
    /// `symbols` (what each defines and uses).
    #[arg(long = "sdfg-print-analysis", value_name = "ANALYSIS", value_parser = ["rw-sets", "symbols"])]
    print_analysis: Option<String>,
    /// Passes and transformations given as flags (`--canonicalize`,
    /// `--sdfg-map-collapse='match=0'`, `--canonicalize=max-iterations=3`),
    /// run in command-line order.
    #[arg(skip)]
    pass_flags: Vec<String>,
    /// The transformations among them, for `--sdfg-record-history`.
    #[arg(skip)]
    transforms: Vec<(String, String)>,
}

/// Splits `--<pass>[=options]` flags, which are not clap arguments, from the
/// command line; they become a `builtin.module(...)` pipeline.
fn parse_command_line() -> Cli {
    use clap::CommandFactory;
    let command = Cli::command();
    let known: Vec<String> = command
        .get_arguments()
        .filter_map(|a| a.get_long().map(str::to_string))
        .chain(["help".to_string(), "version".to_string()])
        .collect();
    let (mut args, mut passes, mut transforms) = (Vec::new(), Vec::new(), Vec::new());
    for arg in std::env::args() {
        let flag = arg.strip_prefix("--").filter(|f| !f.is_empty());
        let name = flag.map(|f| f.split('=').next().unwrap_or(f));
        match (flag, name) {
            (Some(flag), Some("sdfg-apply-history")) => {
                let file = flag.split_once('=').map(|(_, f)| f).unwrap_or("");
                if file.is_empty() {
                    common::fail_with("sdfg-opt", "--sdfg-apply-history needs a file: --sdfg-apply-history=FILE");
                }
                let (bytes, file) = common::read_input(file);
                let text = String::from_utf8_lossy(&bytes);
                match sdfg_mlir::transforms::history::parse(&text, &file) {
                    Ok(entries) => {
                        passes.extend(entries.iter().map(|(name, options)| pipeline_element(name, options)));
                        transforms.extend(entries);
                    }
                    Err(diags) => common::fail(&Diagnostics(diags)),
                }
            }
            (Some(flag), Some(name)) if sdfg_mlir::transforms::find(name).is_some() => {
                let options = flag.split_once('=').map(|(_, o)| o.to_string()).unwrap_or_default();
                passes.push(pipeline_element(name, &options));
                transforms.push((name.to_string(), options));
            }
            (Some(flag), Some(name)) if !known.iter().any(|k| k == name) => {
                passes.push(match flag.split_once('=') {
                    Some((n, opts)) if opts.starts_with('{') => format!("{n}{opts}"),
                    Some((n, opts)) => format!("{n}{{{opts}}}"),
                    None => flag.to_string(),
                });
            }
            _ => args.push(arg),
        }
    }
    let mut cli = Cli::parse_from(args);
    cli.pass_flags = passes;
    cli.transforms = transforms;
    cli
}

/// `name{options}`, the pipeline form of `--name=options`.
fn pipeline_element(name: &str, options: &str) -> String {
    if options.trim().is_empty() {
        name.to_string()
    } else {
        format!("{name}{{{options}}}")
    }
}

fn main() -> Result<()> {
    let cli = parse_command_line();
    if cli.list_passes {
        for pass in sdfg_mlir::passes::PASSES {
            println!("  --{:<24} {}", pass.argument, pass.summary);
        }
        for t in sdfg_mlir::transforms::all() {
            println!("  --{:<24} {}", t.name(), t.summary());
        }
        return Ok(());
    }
    if cli.pass_pipeline.is_some() && !cli.pass_flags.is_empty() {
        eprintln!("error: give passes either as --pass-pipeline or as flags, not both");
        std::process::exit(2);
    }
    let pipeline = match &cli.pass_pipeline {
        Some(p) => Some(p.clone()),
        None if !cli.pass_flags.is_empty() => Some(format!("builtin.module({})", cli.pass_flags.join(","))),
        None => None,
    };
    let (bytes, file) = common::read_input(&cli.input);
    let format = driver::input::format_of(&bytes, &file);
    if format != driver::input::Format::Dialect && (cli.split_input_file || cli.verify_diagnostics) {
        common::fail_with(&file, "--split-input-file and --verify-diagnostics take dialect text, not a .sdfg or .py file");
    }
    // A Python program is named `prog.py[:FUNC]`; diagnostics name the file.
    let (file, func) = match format {
        driver::input::Format::Python => {
            let (path, func) = sdfg_mlir::frontend::split_spec(&file);
            (path.to_string(), func.map(str::to_string))
        }
        _ => (file, None),
    };
    let text = match format {
        driver::input::Format::Sdfg => String::new(),
        driver::input::Format::Dialect | driver::input::Format::Python => match sdfg_mlir::diag::decode_utf8(&bytes, &file) {
            Ok(text) => text.to_string(),
            Err(d) => common::fail(&d.into()),
        },
    };
    let options = OptOptions {
        pipeline,
        verify_sdfg: !cli.no_sdfg_verify,
        list_matches: cli.list_matches.clone(),
        print_ir_after_all: cli.print_ir_after_all,
        generic: cli.generic,
        debug_info: cli.debug_info,
        timing: cli.timing,
        mlir_timing: cli.mlir_timing,
        check_canonical: cli.check_canonical,
        print_analysis: cli.print_analysis.clone(),
        export_html: cli.export_html.is_some(),
        view_diff: cli.view_diff.is_some(),
        page: Default::default(),
        warnings: Default::default(),
    };
    let chunks = if cli.split_input_file {
        driver::split_input(&text)
    } else {
        vec![driver::Chunk { text: &text, first_line: 0 }]
    };
    let context = ir::new_context();
    let mut outputs = Vec::new();
    let mut errors: Vec<Diagnostic> = Vec::new();
    for chunk in &chunks {
        let source = match format {
            driver::input::Format::Sdfg => driver::Source::Sdfg(&bytes),
            driver::input::Format::Dialect => driver::Source::Dialect(chunk.text),
            driver::input::Format::Python => driver::Source::Python(chunk.text, func.as_deref()),
        };
        let result = driver::run_chunk(&context, source, &file, &options);
        for w in options.warnings.take() {
            let w = shift(w, &file, chunk.first_line);
            eprintln!("{}: warning: {}", w.loc, w.message);
        }
        if cli.verify_diagnostics {
            let diags = result.as_ref().err().cloned().unwrap_or_default();
            errors.extend(driver::check_expected(chunk.text, &file, chunk.first_line, &diags));
            if let Ok(out) = result {
                outputs.push(out);
            }
            continue;
        }
        match result {
            Ok(out) => outputs.push(out),
            Err(diags) => errors.extend(diags.into_iter().map(|d| shift(d, &file, chunk.first_line))),
        }
    }
    if !errors.is_empty() {
        common::fail(&Diagnostics(errors));
    }
    if let (Some(path), Some(page)) = (cli.view_diff.as_ref().or(cli.export_html.as_ref()), options.page.take()) {
        common::write_output(path, &page);
    }
    // The history is appended first and rolled back if the output cannot be
    // written, so a failed run changes neither file.
    let history = cli.record_history.as_ref().map(|path| {
        append_history(path, &sdfg_mlir::transforms::history::format(&cli.transforms))
            .unwrap_or_else(|e| common::fail_with(path, &format!("cannot write the history: {e}")))
    });
    if let Err(e) = common::try_write_output(&cli.output, &outputs.join(&format!("\n{SPLIT_MARKER}\n"))) {
        if let Some((path, old_len)) = history {
            roll_back_history(&path, old_len);
        }
        common::fail_with(&cli.output, &e);
    }
    Ok(())
}

/// Appends `entries` to the history file; returns its path and length before.
fn append_history(path: &str, entries: &str) -> std::io::Result<(String, Option<u64>)> {
    let old_len = std::fs::metadata(path).ok().map(|m| m.len());
    let mut f = std::fs::OpenOptions::new().create(true).append(true).open(path)?;
    std::io::Write::write_all(&mut f, entries.as_bytes())?;
    Ok((path.to_string(), old_len))
}

/// Restores the history file to its length before this run (or removes it).
fn roll_back_history(path: &str, old_len: Option<u64>) {
    match old_len {
        Some(n) => {
            let _ = std::fs::OpenOptions::new().write(true).open(path).and_then(|f| f.set_len(n));
        }
        None => {
            let _ = std::fs::remove_file(path);
        }
    }
}

/// Reports chunk-relative lines as lines of the whole file (locations in
/// other files, such as the `.sdfg` an op was imported from, stay).
fn shift(mut d: Diagnostic, input: &str, by: usize) -> Diagnostic {
    if let sdfg_mlir::model::Loc::Text { file, line, .. } = &mut d.loc {
        if file == input {
            *line += by;
        }
    }
    d
}

#[cfg(test)]
mod tests {
    #[test]
    fn cli_is_well_formed() {
        use clap::CommandFactory;
        super::Cli::command().debug_assert();
    }
}
