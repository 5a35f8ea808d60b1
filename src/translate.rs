//! The import and export pipelines behind `sdfg-translate` and `sdfg-opt`.
//!
//! Import: `.sdfg` JSON -> model -> SDFG verifier -> ops built in memory ->
//! ODS verifiers -> printed module. Export runs the same stages
//! backwards. Each stage reports every error it finds, with its location.

use crate::{
    diag::{Diagnostic, Diagnostics},
    ir, json,
    model::{Loc, Sdfg},
    verify,
};
use melior::{
    ir::{operation::OperationLike, operation::OperationPrintingFlags, Module},
    Context,
};

/// Imports a `.sdfg`/`.sdfgz` file's bytes into verified dialect text; with
/// `debug_info`, each op shows where it is in the file (`loc("f.sdfg":12:7)`).
pub fn import_sdfg(bytes: &[u8], file: &str, debug_info: bool) -> Result<String, Diagnostics> {
    print_sdfg(&read_sdfg(bytes, file)?, file, debug_info)
}

/// Imports data-centric Python (`prog.py`, program `func` or the only one)
/// into verified dialect text, located in the Python file.
pub fn import_python(text: &str, file: &str, func: Option<&str>, debug_info: bool) -> Result<String, Diagnostics> {
    print_sdfg(&read_python(text, file, func)?, file, debug_info)
}

/// The dialect text of a verified model.
fn print_sdfg(sdfg: &Sdfg, file: &str, debug_info: bool) -> Result<String, Diagnostics> {
    let context = ir::new_context();
    let module = module_of(&context, sdfg, file)?;
    let flags = OperationPrintingFlags::new().enable_debug_info(debug_info, false);
    module
        .as_operation()
        .to_string_with_flags(flags)
        .map_err(|e| Diagnostic::new(&Loc::json(file, ""), format!("cannot print the module: {e}")).into())
}

/// Reads a Python program into a verified model.
pub fn read_python(text: &str, file: &str, func: Option<&str>) -> Result<Sdfg, Diagnostics> {
    let sdfg = crate::frontend::import_python(text, file, func)?;
    verify::verify(&sdfg)?;
    Ok(sdfg)
}

/// Builds the MLIR module of a model and runs the dialect's verifiers on it.
pub fn module_of<'c>(context: &'c Context, sdfg: &Sdfg, file: &str) -> Result<Module<'c>, Diagnostics> {
    let module = ir::build_module(context, sdfg).map_err(|m| Diagnostic::new(&Loc::json(file, ""), m))?;
    // The ops are ours: one the dialect rejects is a bug, reported as such.
    let (verified, diagnostics) = ir::context::collecting(context, file, || module.as_operation().verify());
    if verified {
        return Ok(module);
    }
    let message: Vec<String> = diagnostics.into_iter().map(|d| d.message).collect();
    let message = message.join("; ");
    Err(Diagnostic::new(&Loc::json(file, ""), format!("internal error: the built ops do not verify: {message}")).into())
}

/// Reads a `.sdfg`/`.sdfgz` file's bytes into a verified model.
pub fn read_sdfg(bytes: &[u8], file: &str) -> Result<Sdfg, Diagnostics> {
    let sdfg = json::import_bytes(bytes, file)?;
    verify::verify(&sdfg)?;
    Ok(sdfg)
}

/// Parses dialect text and reads it into a verified model.
pub fn read_text(context: &Context, text: &str, file: &str) -> Result<Sdfg, Diagnostics> {
    let module = ir::parse_module(context, text, file).map_err(Diagnostics)?;
    let sdfg = ir::read_module(&module, file)?;
    verify::verify(&sdfg)?;
    Ok(sdfg)
}

/// Exports dialect text to DaCe `.sdfg` JSON.
pub fn export_sdfg(text: &str, file: &str) -> Result<String, Diagnostics> {
    let context = ir::new_context();
    let sdfg = read_text(&context, text, file)?;
    Ok(json::export_string(&sdfg))
}
