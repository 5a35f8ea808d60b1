//! `sdfg_mlir._native`: the frontend, the optimizer and the compiler in the
//! Python process. The pure-Python layer (`sdfg_mlir/`) reads the source,
//! checks and lays out NumPy arrays and passes their addresses here.

use pyo3::create_exception;
use pyo3::exceptions::{PyException, PyValueError};
use pyo3::prelude::*;
use sdfg_mlir::lowering::abi::ArgKind;
use sdfg_mlir::model::Sdfg;
use sdfg_mlir::run::{Program, RunError};
use std::collections::HashMap;
use std::ffi::c_void;
use std::path::{Path, PathBuf};

create_exception!(_native, CompileError, PyException, "A program that cannot be imported, optimized or compiled.");

/// How a program is optimized and where it runs.
#[derive(Clone, Copy)]
struct Recipe {
    simplify: bool,
    auto_optimize: bool,
    gpu: bool,
}

impl Recipe {
    fn new(simplify: bool, auto_optimize: bool, device: &str) -> PyResult<Recipe> {
        let gpu = match device {
            "cpu" => false,
            "gpu" => true,
            other => return Err(PyValueError::new_err(format!("device '{other}': use 'cpu' or 'gpu'"))),
        };
        Ok(Recipe { simplify, auto_optimize, gpu })
    }

    /// The transformations to run, in order, with their options.
    fn steps(&self) -> Vec<(&'static str, &'static str)> {
        let mut steps = Vec::new();
        if self.simplify && !self.auto_optimize {
            steps.push(("sdfg-simplify", ""));
        }
        match (self.auto_optimize, self.gpu) {
            (true, true) => steps.push(("sdfg-auto-optimize", "device=gpu")),
            (true, false) => steps.push(("sdfg-auto-optimize", "device=cpu")),
            (false, true) => steps.push(("sdfg-gpu-transform", "")),
            (false, false) => {}
        }
        steps
    }
}

fn compile_error(message: impl std::fmt::Display) -> PyErr {
    CompileError::new_err(message.to_string())
}

/// The program `function` of the Python `source` read from `file`, after
/// the recipe's transformations.
fn import(file: &str, source: &str, function: Option<&str>, recipe: Recipe) -> PyResult<Sdfg> {
    let mut sdfg = sdfg_mlir::frontend::import_python(source, file, function).map_err(compile_error)?;
    sdfg_mlir::verify::verify(&sdfg).map_err(compile_error)?;
    for (name, text) in recipe.steps() {
        let t = sdfg_mlir::transforms::find(name).ok_or_else(|| compile_error(format!("no transformation {name}")))?;
        let options = sdfg_mlir::transforms::Options::parse(text).map_err(compile_error)?;
        sdfg_mlir::transforms::apply_deep(t, &mut sdfg, &options, usize::MAX)
            .map_err(|e| compile_error(format!("{file}: error: {name}: {e}")))?;
    }
    Ok(sdfg)
}

/// A compiled program: its arguments, and a call on raw addresses.
#[pyclass(frozen, module = "sdfg_mlir._native")]
struct Compiled {
    program: Program,
    /// Whether it was opened from the cache rather than compiled.
    #[pyo3(get)]
    cached: bool,
    /// Where it runs (`"cpu"` or the GPU's description).
    #[pyo3(get)]
    device: String,
}

#[pymethods]
impl Compiled {
    /// `(name, kind, dtype, shape)` per argument in calling order: kind is
    /// `"array"`, `"scalar"` or `"symbol"`, shape the declared dimensions.
    #[getter]
    fn arguments(&self) -> Vec<(String, &'static str, &'static str, Vec<String>)> {
        self.program
            .args
            .iter()
            .map(|a| {
                let kind = match a.kind {
                    ArgKind::Array => "array",
                    ArgKind::Scalar => "scalar",
                    ArgKind::Symbol => "symbol",
                };
                (a.name.clone(), kind, a.dtype.name(), a.shape.iter().map(|d| d.to_string()).collect())
            })
            .collect()
    }

    #[getter]
    fn warnings(&self) -> Vec<String> {
        self.program.warnings.clone()
    }

    /// Symbol values and every array argument's shape, from the shapes of
    /// the arrays given and the symbols given; `ValueError` naming the
    /// argument when they disagree.
    fn bind(
        &self,
        shapes: HashMap<String, Vec<usize>>,
        symbols: HashMap<String, i64>,
    ) -> PyResult<(HashMap<String, i64>, HashMap<String, Vec<usize>>)> {
        let binding = self.program.bind(&shapes, &symbols).map_err(PyValueError::new_err)?;
        Ok((binding.symbols, binding.shapes))
    }

    /// Runs the program on the memory at `addresses` (one per argument, in
    /// calling order), without the GIL.
    ///
    /// The caller (`sdfg_mlir._program`) passes the data of arrays it
    /// checked against `bind`'s shapes and `arguments`' dtypes.
    fn call(&self, py: Python<'_>, addresses: Vec<usize>) -> PyResult<()> {
        if addresses.len() != self.program.args.len() || addresses.contains(&0) {
            return Err(PyValueError::new_err(format!(
                "{} addresses for {} arguments (none may be null)",
                addresses.len(),
                self.program.args.len()
            )));
        }
        let mut pointers: Vec<*mut c_void> = addresses.into_iter().map(|a| a as *mut c_void).collect();
        let program = &self.program;
        // Addresses cross the thread boundary as integers.
        let raw = (pointers.as_mut_ptr() as usize, pointers.len());
        py.detach(move || {
            // SAFETY: the caller checked each buffer's dtype and shape.
            let pointers = unsafe { std::slice::from_raw_parts_mut(raw.0 as *mut *mut c_void, raw.1) };
            unsafe { program.call(pointers) }
        });
        Ok(())
    }

    /// The SDFG as compiled, as `.sdfg` JSON.
    fn sdfg_json(&self) -> String {
        sdfg_mlir::json::export_string(&self.program.sdfg)
    }
}

/// Compiles program `function` of `source` (read from `file`). With `cache`,
/// a directory: opened when it holds the program compiled before, else the
/// program is compiled into it.
#[pyfunction]
#[pyo3(signature = (file, source, function, simplify, auto_optimize, device, cache=None))]
fn compile(
    py: Python<'_>,
    file: &str,
    source: &str,
    function: Option<&str>,
    simplify: bool,
    auto_optimize: bool,
    device: &str,
    cache: Option<PathBuf>,
) -> PyResult<Compiled> {
    let recipe = Recipe::new(simplify, auto_optimize, device)?;
    py.detach(|| compile_detached(file, source, function, recipe, cache))
}

fn compile_detached(file: &str, source: &str, function: Option<&str>, recipe: Recipe, cache: Option<PathBuf>) -> PyResult<Compiled> {
    if let (Some(dir), false) = (&cache, recipe.gpu) {
        if let Some(program) = Program::open(dir).map_err(compile_error)? {
            return Ok(Compiled { program, cached: true, device: "cpu".into() });
        }
    }
    let sdfg = import(file, source, function, recipe)?;
    let mut lower = sdfg_mlir::lowering::LowerOptions::default();
    let mut device = "cpu".to_string();
    if recipe.gpu {
        let (target, name) = sdfg_mlir::lowering::gpu::select(sdfg_mlir::lowering::gpu::Choice::Auto).map_err(compile_error)?;
        lower.gpu = Some(target);
        device = name;
    }
    let program = match cache.filter(|_| !recipe.gpu) {
        Some(dir) => compile_into(file, sdfg, &lower, &dir)?,
        None => {
            let work = std::env::temp_dir().join(format!("sdfg-mlir-py-{}", unique()));
            let program = Program::compile(sdfg, &lower, &work);
            let _ = std::fs::remove_dir_all(&work);
            program.map_err(|e| lower_error(file, e))?
        }
    };
    Ok(Compiled { program, cached: false, device })
}

/// Compiles into a fresh directory beside `dir`, then renames it into place,
/// so that a process reading the cache never sees half a program.
fn compile_into(file: &str, sdfg: Sdfg, lower: &sdfg_mlir::lowering::LowerOptions, dir: &Path) -> PyResult<Program> {
    let fresh = dir.with_extension(format!("tmp{}", unique()));
    let _ = std::fs::remove_dir_all(&fresh);
    let program = Program::compile(sdfg, lower, &fresh).map_err(|e| {
        let _ = std::fs::remove_dir_all(&fresh);
        lower_error(file, e)
    })?;
    if std::fs::rename(&fresh, dir).is_err() {
        // Another process put the program there first: keep theirs.
        let _ = std::fs::remove_dir_all(&fresh);
    }
    Ok(program)
}

/// A name part no other compile of any process uses at the same time
/// (threads of one process may compile at once).
fn unique() -> String {
    static COMPILES: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = COMPILES.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    format!("{}-{n}", std::process::id())
}

fn lower_error(file: &str, e: RunError) -> PyErr {
    match e {
        RunError::Lower(d) => compile_error(sdfg_mlir::diag::Diagnostic::new(&d.loc, format!("cannot compile: {}", d.message))),
        other => compile_error(format!("{file}: error: {other}")),
    }
}

/// Imports and verifies a program (and runs the recipe's transformations):
/// `CompileError` at the Python source's line when it is not valid.
#[pyfunction]
#[pyo3(signature = (file, source, function, simplify, auto_optimize, device))]
fn validate(file: &str, source: &str, function: Option<&str>, simplify: bool, auto_optimize: bool, device: &str) -> PyResult<()> {
    import(file, source, function, Recipe::new(simplify, auto_optimize, device)?).map(drop)
}

/// The `.sdfg` JSON of a program, after the recipe's transformations.
#[pyfunction]
#[pyo3(signature = (file, source, function, simplify, auto_optimize, device))]
fn to_sdfg(file: &str, source: &str, function: Option<&str>, simplify: bool, auto_optimize: bool, device: &str) -> PyResult<String> {
    let sdfg = import(file, source, function, Recipe::new(simplify, auto_optimize, device)?)?;
    Ok(sdfg_mlir::json::export_string(&sdfg))
}

/// The `sdfg` dialect text of a program, after the recipe's transformations.
#[pyfunction]
#[pyo3(signature = (file, source, function, simplify, auto_optimize, device))]
fn to_mlir(file: &str, source: &str, function: Option<&str>, simplify: bool, auto_optimize: bool, device: &str) -> PyResult<String> {
    let sdfg = import(file, source, function, Recipe::new(simplify, auto_optimize, device)?)?;
    let context = sdfg_mlir::ir::new_context();
    let module = sdfg_mlir::translate::module_of(&context, &sdfg, file).map_err(compile_error)?;
    Ok(module.as_operation().to_string())
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Compiled>()?;
    m.add_function(wrap_pyfunction!(compile, m)?)?;
    m.add_function(wrap_pyfunction!(to_sdfg, m)?)?;
    m.add_function(wrap_pyfunction!(validate, m)?)?;
    m.add_function(wrap_pyfunction!(to_mlir, m)?)?;
    m.add("CompileError", m.py().get_type::<CompileError>())?;
    Ok(())
}
