//! What `sdfg-opt` does to one input: parse, verify (ODS and SDFG rules), run
//! a pass pipeline, print. Also `--split-input-file` and
//! `--verify-diagnostics`, which MLIR's C API does not offer.

mod expected;
pub mod input;
mod split;

pub use expected::{check_expected, Expectation};
pub use split::{split_input, Chunk, SPLIT_MARKER};

use crate::{
    analysis::report,
    diag::Diagnostic,
    ir::{self, context::location_loc},
    transforms, verify,
};
use melior::{
    pass::{PassIrPrintingOptions, PassManager},
    ir::operation::{OperationLike, OperationPrintingFlags},
    utility::parse_pass_pipeline,
    Context,
};
use std::cell::RefCell;

#[derive(Clone, Debug, Default)]
pub struct OptOptions {
    /// `builtin.module(...)` pipeline of upstream passes and sdfg
    /// transformations, run in order; `None` = only verify and print.
    pub pipeline: Option<String>,
    pub print_ir_after_all: bool,
    /// Print the generic op form.
    pub generic: bool,
    /// Print op locations (`--mlir-print-debuginfo`).
    pub debug_info: bool,
    /// Run the SDFG verifier on the input and after the pipeline.
    pub verify_sdfg: bool,
    /// Print the matches of this transformation instead of the IR.
    pub list_matches: Option<String>,
    /// Print this analysis (`rw-sets`, `symbols`) of the SDFG after the
    /// pipeline instead of the IR.
    pub print_analysis: Option<String>,
    /// Report the time of each phase and pass on stderr.
    pub timing: bool,
    /// MLIR's own timing report of the pipeline (`--mlir-timing`).
    pub mlir_timing: bool,
    /// Check the canonical form (`analysis::canonical`) after the
    /// pipeline: rule violations are errors, recommendations warnings.
    pub check_canonical: bool,
    /// Draw the SDFG after the pipeline as an HTML page, the matches of
    /// `list_matches` numbered on it when given.
    pub export_html: bool,
    /// Draw the SDFG before and after the pipeline side by side as an HTML
    /// page, what differs marked.
    pub view_diff: bool,
    /// The page of the last `run_chunk` (`export_html`, `view_diff`).
    pub page: RefCell<Option<String>>,
    /// Warnings of the last `run_chunk` (locations relative to the chunk).
    pub warnings: RefCell<Vec<Diagnostic>>,
}

/// An HTML page of `panes`, or an error at `file`.
fn draw(panes: &[crate::view::html::Pane], file: &str) -> Result<String, Vec<Diagnostic>> {
    crate::view::html::page(panes, crate::view::html::FOLD_LIMIT)
        .map_err(|e| vec![Diagnostic::new(&crate::model::Loc::json(file, ""), e.to_string())])
}

/// Reports phase times on stderr when asked to.
struct Timer {
    on: bool,
    last: std::time::Instant,
}

impl Timer {
    /// Reports a phase timed elsewhere and restarts the clock.
    fn report(&mut self, phase: &str, seconds: f64) {
        if self.on {
            eprintln!("timing: {phase}: {seconds:.4} s");
        }
        self.last = std::time::Instant::now();
    }

    fn lap(&mut self, phase: &str) {
        let now = std::time::Instant::now();
        if self.on {
            eprintln!("timing: {phase}: {:.4} s", (now - self.last).as_secs_f64());
        }
        self.last = now;
    }
}

fn holds_sdfg(module: &melior::ir::Module) -> bool {
    use melior::ir::BlockLike;
    let mut next = module.body().first_operation();
    while let Some(op) = next {
        if op.name().as_string_ref().as_str() == Ok("sdfg.sdfg") {
            return true;
        }
        next = op.next_in_block();
    }
    false
}

/// Reads the module's SDFG and applies DaCe's validation rules; returns the
/// SDFG read.
fn check_sdfg(module: &melior::ir::Module, file: &str) -> Result<crate::model::Sdfg, Vec<Diagnostic>> {
    let sdfg = ir::read_module(module, file).map_err(|d| d.0)?;
    verify::verify(&sdfg).map_err(|d| d.0)?;
    Ok(sdfg)
}

/// A program as `sdfg-opt` takes it.
#[derive(Clone, Copy)]
pub enum Source<'a> {
    /// Dialect text (one chunk of a split input).
    Dialect(&'a str),
    /// A DaCe `.sdfg` file's bytes.
    Sdfg(&'a [u8]),
    /// Data-centric Python: the text and the program to import (`None`:
    /// the only one).
    Python(&'a str, Option<&'a str>),
}

/// The module of an imported model (verified when asked), and the model
/// when it was verified.
fn from_model<'c>(
    imported: Result<crate::model::Sdfg, crate::diag::Diagnostics>,
    context: &'c Context,
    file: &str,
    options: &OptOptions,
    timer: &mut Timer,
) -> Result<(melior::ir::Module<'c>, Option<crate::model::Sdfg>), Vec<Diagnostic>> {
    let sdfg = imported.map_err(|d| d.0)?;
    timer.lap("parse");
    if options.verify_sdfg {
        verify::verify(&sdfg).map_err(|d| d.0)?;
        timer.lap("verify");
    }
    let module = crate::translate::module_of(context, &sdfg, file).map_err(|d| d.0)?;
    timer.lap("build");
    Ok((module, options.verify_sdfg.then_some(sdfg)))
}

/// Runs one input; returns the printed module, or every diagnostic.
pub fn run_chunk(context: &Context, source: Source, file: &str, options: &OptOptions) -> Result<String, Vec<Diagnostic>> {
    let mut timer = Timer { on: options.timing, last: std::time::Instant::now() };
    let at_file = |m: String| vec![Diagnostic::new(&crate::model::Loc::json(file, ""), m)];
    let analysis = options.print_analysis.as_deref().map(str::parse::<report::Analysis>).transpose().map_err(at_file)?;
    let (mut module, verified) = match source {
        Source::Dialect(text) => {
            let module = ir::parse_module(context, text, file)?;
            timer.lap("parse");
            let mut verified = None;
            if options.verify_sdfg {
                verified = Some(check_sdfg(&module, file)?);
                timer.lap("verify");
            }
            (module, verified)
        }
        Source::Sdfg(bytes) => from_model(crate::json::import_bytes(bytes, file), context, file, options, &mut timer)?,
        Source::Python(text, func) => from_model(crate::frontend::import_python(text, file, func), context, file, options, &mut timer)?,
    };
    if let Some(spec) = &options.list_matches {
        // `flag key=value ...`: the matches those options would apply to.
        let (name, text) = spec.trim().split_once(char::is_whitespace).unwrap_or((spec.trim(), ""));
        let t = transforms::find(name).ok_or_else(|| at_file(format!("unknown transformation '{name}'")))?;
        let opts = transforms::Options::parse(text).map_err(|e| at_file(format!("{name}: {e}")))?;
        opts.check(t).map_err(at_file)?;
        let sdfg = ir::read_module(&module, file).map_err(|d| d.0)?;
        let found = transforms::nested::matches_deep(t, &sdfg, &opts).map_err(at_file)?;
        if options.export_html {
            let highlights = crate::view::marks::match_highlights(t, &sdfg, &found);
            let title = Some(format!("{} matches of {name}", highlights.len()));
            let marks = crate::view::html::Marks { title, highlights, ..Default::default() };
            let pane = crate::view::html::Pane { sdfg: &sdfg, heading: sdfg.name.clone(), marks };
            *options.page.borrow_mut() = Some(draw(&[pane], file)?);
        }
        let lines: Vec<String> = found.iter().enumerate().map(|(k, m)| format!("{k}: {}", m.inner.description)).collect();
        return Ok(if lines.is_empty() { format!("{name}: no matches") } else { lines.join("\n") });
    }
    let before = match (&verified, options.view_diff) {
        (Some(sdfg), true) => Some(sdfg.clone()),
        (None, true) => Some(ir::read_module(&module, file).map_err(|d| d.0)?),
        (_, false) => None,
    };
    if let Some(pipeline) = &options.pipeline {
        let unchanged = run_pipeline(context, &mut module, pipeline, file, options, verified, &mut timer)?;
        // Passes may produce IR that is no longer a valid SDFG (conversions
        // leave no SDFG to check); a pipeline that changed nothing leaves
        // the SDFG verified.
        if options.verify_sdfg && !unchanged && holds_sdfg(&module) {
            check_sdfg(&module, file)?;
            timer.lap("verify");
        }
    }
    if options.check_canonical {
        let sdfg = ir::read_module(&module, file).map_err(|d| d.0)?;
        let (warnings, errors): (Vec<_>, Vec<_>) =
            crate::analysis::canonical::check(&sdfg).into_iter().partition(|v| v.warning);
        options.warnings.borrow_mut().extend(warnings.iter().map(|w| w.to_diagnostic()));
        if !errors.is_empty() {
            return Err(errors.iter().map(|v| v.to_diagnostic()).collect());
        }
        timer.lap("canonical form check");
    }
    if options.export_html || options.view_diff {
        let after = ir::read_module(&module, file).map_err(|d| d.0)?;
        let page = match &before {
            Some(before) => {
                let (removed, added) = crate::view::marks::diff(before, &after);
                let pane = |sdfg, heading: &str, marks| crate::view::html::Pane { sdfg, heading: format!("{heading}: {}", after.name), marks };
                let old = crate::view::html::Marks { removed, ..Default::default() };
                let new = crate::view::html::Marks { added, ..Default::default() };
                draw(&[pane(before, "before", old), pane(&after, "after", new)], file)?
            }
            None => draw(&[crate::view::html::Pane { sdfg: &after, heading: after.name.clone(), marks: Default::default() }], file)?,
        };
        *options.page.borrow_mut() = Some(page);
    }
    if let Some(analysis) = analysis {
        let sdfg = ir::read_module(&module, file).map_err(|d| d.0)?;
        return Ok(report::print(&sdfg, analysis));
    }
    let op = module.as_operation();
    let mut flags = OperationPrintingFlags::new().enable_debug_info(options.debug_info, false);
    if options.generic {
        flags = flags.print_generic_operation_form();
    }
    let printed = op
        .to_string_with_flags(flags)
        .map_err(|e| vec![Diagnostic::new(&crate::model::Loc::json(file, ""), format!("cannot print the module: {e}"))]);
    timer.lap("print");
    printed
}

/// Runs `pipeline` on `module` with one pass manager: sdfg transformations
/// and upstream passes in the order given. `model` is the module's SDFG as
/// read before, if it was. Returns whether that model still describes the
/// module (every pass kept the model cache and none changed the IR).
fn run_pipeline(
    context: &Context,
    module: &mut melior::ir::Module,
    pipeline: &str,
    file: &str,
    options: &OptOptions,
    model: Option<crate::model::Sdfg>,
    timer: &mut Timer,
) -> Result<bool, Vec<Diagnostic>> {
    crate::passes::register_all();
    crate::passes::take_option_error();
    let manager = PassManager::new(context);
    let collected = RefCell::new(Vec::new());
    let id = context.attach_diagnostic_handler(|d| {
        collected.borrow_mut().push(Diagnostic::new(&location_loc(&d.location(), file), d.to_string()));
        true
    });
    let parsed = parse_pass_pipeline(manager.as_operation_pass_manager(), pipeline);
    if let Err(e) = parsed {
        context.detach_diagnostic_handler(id);
        let mut errors = collected.into_inner();
        let message = crate::passes::take_option_error().unwrap_or_else(|| format!("invalid pass pipeline: {e}"));
        errors.push(Diagnostic::new(&crate::model::Loc::json(file, ""), message));
        return Err(errors);
    }
    if options.print_ir_after_all {
        // MLIR refuses (aborts) to print IR from a multi-threaded pass manager.
        context.enable_multi_threading(false);
        manager.enable_ir_printing(&PassIrPrintingOptions {
            before_all: false,
            after_all: true,
            module_scope: true,
            on_change: false,
            on_failure: false,
            flags: OperationPrintingFlags::new(),
            tree_printing_path: Default::default(),
        });
    }
    if options.mlir_timing {
        // SAFETY: a live pass manager.
        unsafe { mlir_sys::mlirPassManagerEnableTiming(manager.to_raw()) };
    }
    let observer = crate::passes::observe(&manager);
    let seeded = model.is_some();
    if let Some(sdfg) = model {
        crate::passes::model_cache::keep(&module.as_operation(), sdfg);
    }
    let result = manager.run(module);
    let unchanged = seeded && crate::passes::model_cache::take_unchanged(&module.as_operation()).is_some();
    context.detach_diagnostic_handler(id);
    for (pass, seconds) in observer.times.take() {
        timer.report(&pass, seconds);
    }
    drop(observer);
    let mut errors = collected.into_inner();
    if result.is_err() {
        if errors.is_empty() {
            errors.push(Diagnostic::new(&crate::model::Loc::json(file, ""), "pass pipeline failed"));
        }
        return Err(errors);
    }
    Ok(unchanged)
}
