//! A program compiled once and called many times on memory its caller owns
//! (the Python package calls it on NumPy arrays in place). CPU programs are
//! compiled into a directory (an object file, the SDFG, a manifest) that a
//! later process opens without compiling again.

use super::bind::{eval_shape, symbols_from_shapes};
use super::RunError;
use crate::lowering::{self, abi::Arg, abi::ArgKind, pipeline::Compiled, LowerOptions};
use crate::model::Sdfg;
use std::collections::HashMap;
use std::ffi::c_void;
use std::path::{Path, PathBuf};

const MANIFEST: &str = "program.json";
const SDFG_FILE: &str = "program.sdfg";

pub struct Program {
    /// The SDFG as compiled.
    pub sdfg: Sdfg,
    /// Arguments in calling order.
    pub args: Vec<Arg>,
    /// Warnings about the generated code.
    pub warnings: Vec<String>,
    compiled: Compiled,
}

/// Symbol values and array shapes of one call.
#[derive(Debug, PartialEq)]
pub struct Binding {
    pub symbols: HashMap<String, i64>,
    /// Every array argument's shape, by name.
    pub shapes: HashMap<String, Vec<usize>>,
}

impl Program {
    /// Compiles `sdfg`. A CPU program is compiled into `dir` (created), to
    /// be opened there later; a GPU program with the JIT, nothing kept.
    pub fn compile(sdfg: Sdfg, lower: &LowerOptions, dir: &Path) -> Result<Program, RunError> {
        let context = crate::ir::new_context();
        let mut lowered = lowering::lower_with(&context, &sdfg, lower).map_err(RunError::Lower)?;
        let args = lowered.args.clone();
        let warnings = lowered.warnings.clone();
        if lowered.gpu.is_some() {
            let compiled = lowering::compile(&mut lowered, lowering::EngineKind::Jit, dir).map_err(RunError::Compile)?;
            return Ok(Program { sdfg, args, warnings, compiled });
        }
        let libraries = lowering::pipeline::compile_object(&mut lowered, dir).map_err(RunError::Compile)?;
        let manifest = serde_json::json!({
            "entry": lowered.entry,
            // Libraries built into `dir` are recorded relative to it: the
            // directory may be renamed before it is opened.
            "libraries": libraries.iter().map(|l| l.strip_prefix(dir).unwrap_or(l).display().to_string()).collect::<Vec<_>>(),
            "warnings": warnings,
        });
        write(&dir.join(MANIFEST), &manifest.to_string())?;
        write(&dir.join(SDFG_FILE), &crate::json::export_string(&sdfg))?;
        let compiled = lowering::pipeline::load_object(dir, &lowered.entry, &libraries).map_err(RunError::Compile)?;
        Ok(Program { sdfg, args, warnings, compiled })
    }

    /// Opens a program [`Program::compile`] put in `dir`; `None` when `dir`
    /// holds none (or an incomplete one).
    pub fn open(dir: &Path) -> Result<Option<Program>, RunError> {
        let paths = [dir.join(MANIFEST), dir.join(SDFG_FILE), dir.join(lowering::pipeline::OBJECT_FILE)];
        if !paths.iter().all(|p| p.is_file()) {
            return Ok(None);
        }
        let bad = |what: &str| RunError::Compile(format!("{}: {what}", paths[0].display()));
        let text = std::fs::read_to_string(&paths[0]).map_err(|e| bad(&e.to_string()))?;
        let manifest: serde_json::Value = serde_json::from_str(&text).map_err(|e| bad(&e.to_string()))?;
        let entry = manifest["entry"].as_str().ok_or_else(|| bad("no entry point"))?;
        let strings = |key: &str| -> Vec<String> {
            manifest[key].as_array().map(|a| a.iter().filter_map(|v| v.as_str().map(String::from)).collect()).unwrap_or_default()
        };
        let libraries: Vec<PathBuf> = strings("libraries").into_iter().map(|l| dir.join(l)).collect();
        let sdfg = crate::json::import_file(&paths[1]).map_err(|d| RunError::Compile(d.to_string()))?;
        let args = lowering::abi::arglist(&sdfg).map_err(RunError::Compile)?;
        let compiled = lowering::pipeline::load_object(dir, entry, &libraries).map_err(RunError::Compile)?;
        Ok(Some(Program { sdfg, args, warnings: strings("warnings"), compiled }))
    }

    /// Binds the symbols from the shapes of the arrays given (and the
    /// values in `given`), then checks every given shape against them.
    /// Messages name the argument.
    pub fn bind(&self, shapes: &HashMap<String, Vec<usize>>, given: &HashMap<String, i64>) -> Result<Binding, String> {
        for arg in self.args.iter().filter(|a| a.kind == ArgKind::Array) {
            if let Some(shape) = shapes.get(&arg.name) {
                if shape.len() != arg.shape.len() {
                    return Err(format!(
                        "argument '{}' has {} dimension(s), the program expects {} ({})",
                        arg.name,
                        shape.len(),
                        arg.shape.len(),
                        declared(arg)
                    ));
                }
            }
        }
        let symbols = symbols_from_shapes(&self.args, shapes, given)?;
        let mut all = HashMap::new();
        for arg in self.args.iter().filter(|a| a.kind == ArgKind::Array) {
            let expected = eval_shape(arg, &symbols)?;
            if let Some(shape) = shapes.get(&arg.name).filter(|s| **s != expected) {
                let values: Vec<String> = self
                    .sdfg
                    .symbols
                    .iter()
                    .filter_map(|(s, _)| symbols.get(s).map(|v| format!("{s}={v}")))
                    .collect();
                return Err(format!(
                    "argument '{}' has shape {shape:?}, the program expects {expected:?} ({} with {})",
                    arg.name,
                    declared(arg),
                    values.join(", ")
                ));
            }
            all.insert(arg.name.clone(), expected);
        }
        Ok(Binding { symbols, shapes: all })
    }

    /// Runs the program.
    ///
    /// # Safety
    /// `pointers` holds one pointer per argument in [`Program::args`]
    /// order, each to memory of the type and (bound) shape it declares.
    pub unsafe fn call(&self, pointers: &mut [*mut c_void]) {
        assert_eq!(pointers.len(), self.args.len(), "one pointer per argument");
        // SAFETY: as the caller guarantees.
        unsafe { (self.compiled.entry)(pointers.as_mut_ptr()) }
    }
}

/// An argument's declared type, as in its annotation (`float64[N, M]`).
fn declared(arg: &Arg) -> String {
    let dims: Vec<String> = arg.shape.iter().map(|d| d.to_string()).collect();
    format!("{}[{}]", arg.dtype.name(), dims.join(", "))
}

fn write(path: &Path, text: &str) -> Result<(), RunError> {
    std::fs::write(path, text).map_err(|e| RunError::Compile(format!("cannot write {}: {e}", path.display())))
}
