//! Running an SDFG natively on NumPy data: binding arguments by name,
//! calling the compiled entry point, collecting the outputs.

mod bind;
mod program;
pub mod report;

pub use bind::{bind_symbols, check_symbol_names, Buffer};
pub use program::{Binding, Program};

use crate::lowering::{self, abi::ArgKind, EngineKind};
use crate::model::Sdfg;
use crate::npz::Array;
use std::{collections::HashMap, ffi::c_void, path::Path, time::Instant};

/// Why a run failed: the message names the argument or stage.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    #[error("{0}")]
    Bind(String),
    #[error("cannot compile: {0}")]
    Compile(String),
    /// Lowering failed at the SDFG element the diagnostic names.
    #[error("cannot compile: {}", .0.message)]
    Lower(crate::diag::Diagnostic),
}

pub struct RunOptions<'a> {
    pub engine: EngineKind,
    /// Symbol values given explicitly (others are inferred from shapes).
    pub symbols: HashMap<String, i64>,
    /// Times the program runs (on fresh copies of the inputs); the outputs
    /// of the last run are returned.
    pub repeat: usize,
    /// Directory for ahead-of-time build files.
    pub work: &'a Path,
    pub lower: lowering::LowerOptions,
    /// Called once the program is compiled and its arguments are bound,
    /// just before it first runs (`sdfg-run --time-limit` starts its clock).
    pub on_compiled: Option<&'a (dyn Fn() + Sync)>,
}

pub struct RunResult {
    /// Every non-transient container after the run, by name.
    pub outputs: Vec<(String, Array)>,
    /// Seconds per run.
    pub times: Vec<f64>,
    /// Seconds from the SDFG to a callable entry point.
    pub compile_seconds: f64,
    /// Warnings about the generated code (see `lowering::Lowered`).
    pub warnings: Vec<String>,
    /// With `lower.profile`: the timed elements and every timed execution.
    pub profile: Option<Profile>,
}

/// What `--profile` measured over all runs.
pub struct Profile {
    pub elements: Vec<lowering::profile_elements::Element>,
    /// Executions of `elements[event.slot]`.
    pub events: Vec<lowering::profile::Event>,
}

impl Profile {
    /// Per element: its location, seconds over all runs, and how often it ran.
    pub fn totals(&self) -> Vec<(crate::model::Loc, f64, u64)> {
        let mut sums = vec![(0u64, 0u64); self.elements.len()];
        for e in &self.events {
            sums[e.slot].0 += e.end.saturating_sub(e.start);
            sums[e.slot].1 += 1;
        }
        self.elements.iter().zip(sums).map(|(el, (ns, n))| (el.loc.clone(), ns as f64 * 1e-9, n)).collect()
    }
}

/// Compiles and runs `sdfg` on `inputs` (arrays by argument name).
pub fn run(sdfg: &Sdfg, inputs: &HashMap<String, Array>, options: &RunOptions) -> Result<RunResult, RunError> {
    let start = Instant::now();
    let context = crate::ir::new_context();
    let mut lowered = lowering::lower_with(&context, sdfg, &options.lower).map_err(RunError::Lower)?;
    let symbols = bind_symbols(&lowered.args, inputs, &options.symbols).map_err(RunError::Bind)?;
    let compiled = lowering::compile(&mut lowered, options.engine, options.work).map_err(RunError::Compile)?;
    let compile_seconds = start.elapsed().as_secs_f64();
    if let Some(f) = options.on_compiled {
        f();
    }
    let mut times = Vec::new();
    let mut buffers = Vec::new();
    if lowered.profile.is_some() {
        lowering::profile::reset();
    }
    let program_slot = lowered.profile.as_ref().and_then(|slots| slots.program());
    for _ in 0..options.repeat.max(1) {
        buffers = lowered
            .args
            .iter()
            .map(|a| Buffer::for_arg(a, inputs, &symbols))
            .collect::<Result<Vec<_>, _>>()
            .map_err(RunError::Bind)?;
        let mut pointers: Vec<*mut c_void> = buffers.iter_mut().map(|b| b.pointer()).collect();
        let t = Instant::now();
        let began = lowering::profile::start();
        // SAFETY: every pointer refers to a buffer of the shape and type the
        // program declares for that argument (checked while binding).
        unsafe { (compiled.entry)(pointers.as_mut_ptr()) };
        times.push(t.elapsed().as_secs_f64());
        if let Some(slot) = program_slot {
            lowering::profile::record(slot, began);
        }
    }
    let outputs = lowered
        .args
        .iter()
        .zip(buffers)
        .filter(|(a, _)| a.kind != ArgKind::Symbol)
        .map(|(a, b)| (a.name.clone(), b.into_array()))
        .collect();
    let profile = lowered.profile.as_ref().map(|slots| Profile { elements: slots.elements.clone(), events: lowering::profile::take() });
    Ok(RunResult { outputs, times, compile_seconds, warnings: lowered.warnings, profile })
}
