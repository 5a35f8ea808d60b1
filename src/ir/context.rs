//! An MLIR context with the `sdfg` dialect and the upstream dialects loaded.

use crate::{diag::Diagnostic, model::Loc};
use melior::{
    dialect::DialectRegistry,
    ir::{Location, Module},
    utility::{register_all_dialects, register_all_llvm_translations, register_all_passes},
    Context,
};
use std::sync::Once;

/// A context where `sdfg` and every upstream dialect are registered (the
/// sdfg passes are registered by the driver that runs pipelines).
pub fn new_context() -> Context {
    static PASSES: Once = Once::new();
    PASSES.call_once(register_all_passes);
    let registry = DialectRegistry::new();
    register_all_dialects(&registry);
    crate::dialect::handle().insert_dialect(&registry);
    let context = Context::new();
    context.append_dialect_registry(&registry);
    context.load_all_available_dialects();
    register_all_llvm_translations(&context);
    context
}

/// Parses (and verifies) dialect text; errors carry `file:line:col`.
pub fn parse_module<'c>(
    context: &'c Context,
    text: &str,
    file: &str,
) -> Result<Module<'c>, Vec<Diagnostic>> {
    if let Some(offset) = text.find('\0') {
        let line = text[..offset].matches('\n').count() + 1;
        let col = offset - text[..offset].rfind('\n').map_or(0, |p| p + 1) + 1;
        let loc = Loc::Text { file: file.to_string(), line, col };
        return Err(vec![Diagnostic::new(&loc, "unexpected NUL byte in the input")]);
    }
    let ((module, verified), mut errors) = collecting(context, file, || {
        let module = parse_named(context, text, file);
        let verified = module.as_ref().map(|m| melior::ir::operation::OperationLike::verify(&m.as_operation()));
        (module, verified)
    });
    match (module, verified) {
        (Some(m), Some(true)) => Ok(m),
        _ => {
            if errors.is_empty() {
                errors.push(Diagnostic::new(&Loc::json(file, ""), "cannot parse the input"));
            }
            Err(errors)
        }
    }
}

/// Runs `f` with the context's diagnostics collected instead of printed,
/// each at its `file:line:col`.
pub fn collecting<R>(context: &Context, file: &str, f: impl FnOnce() -> R) -> (R, Vec<Diagnostic>) {
    let collected = std::cell::RefCell::new(Vec::new());
    let id = context.attach_diagnostic_handler(|d| {
        collected.borrow_mut().push(Diagnostic::new(&location_loc(&d.location(), file), d.to_string()));
        true
    });
    let result = f();
    context.detach_diagnostic_handler(id);
    (result, collected.into_inner())
}

extern "C" {
    fn sdfgModuleCreateParseNamed(
        context: mlir_sys::MlirContext,
        source: mlir_sys::MlirStringRef,
        name: mlir_sys::MlirStringRef,
    ) -> mlir_sys::MlirModule;
}

/// Parses `text` as a buffer named `file`: ops without an explicit location
/// get `loc("file":line:col)`.
fn parse_named<'c>(context: &'c Context, text: &str, file: &str) -> Option<Module<'c>> {
    let string_ref = |s: &str| mlir_sys::MlirStringRef { data: s.as_ptr().cast(), length: s.len() };
    // SAFETY: both strings outlive the call (the parser copies the buffer);
    // a null module is mapped to `None`.
    unsafe {
        Module::from_option_raw(sdfgModuleCreateParseNamed(context.to_raw(), string_ref(text), string_ref(file)))
    }
}

/// The file name of `loc("file":line:col)`, or `-` when there is none.
pub fn location_file(location: &Location) -> String {
    let text = location.to_string();
    text.split_once("loc(\"")
        .and_then(|(_, rest)| rest.split_once("\":"))
        .map(|(file, _)| file.to_string())
        .unwrap_or_else(|| "-".to_string())
}

/// Reads `loc("file":line:col)` (possibly nested in other locations): the
/// file the location names (a `.sdfg` file for imported ops), or `file`
/// where it names none.
pub fn location_loc(location: &Location, file: &str) -> Loc {
    // A plain file location is read directly: printing one builds a whole
    // printer state, which costs more than reading the op it belongs to.
    let raw = location.to_raw();
    // SAFETY: `raw` is a live location; the getters apply to file locations.
    if unsafe { mlir_sys::mlirLocationIsAFileLineColRange(raw) } {
        let (line, col, name) = unsafe {
            let name = mlir_sys::mlirIdentifierStr(mlir_sys::mlirLocationFileLineColRangeGetFilename(raw));
            (
                mlir_sys::mlirLocationFileLineColRangeGetStartLine(raw),
                mlir_sys::mlirLocationFileLineColRangeGetStartColumn(raw),
                Some(mlir_str(name).to_string()),
            )
        };
        // The location names its own file (an op imported from a `.sdfg`
        // file keeps that file's name).
        let file = name.filter(|n| !n.is_empty()).unwrap_or_else(|| file.to_string());
        if let (Ok(line), Ok(col)) = (line.try_into(), col.try_into()) {
            return Loc::Text { file, line, col };
        }
    }
    let text = location.to_string();
    let Some(start) = text.find("\":") else { return Loc::json(file, "") };
    let named = text[..start].rsplit_once("loc(\"").map(|(_, f)| f).filter(|f| !f.is_empty());
    let file = named.map(unescape).unwrap_or_else(|| file.to_string());
    let mut nums = text[start + 2..].split(|c: char| !c.is_ascii_digit()).filter(|s| !s.is_empty());
    match (nums.next().and_then(|l| l.parse().ok()), nums.next().and_then(|c| c.parse().ok())) {
        (Some(line), Some(col)) => Loc::Text { file, line, col },
        _ => Loc::json(&file, ""),
    }
}

/// A file name as MLIR prints it in a location (`\"` and `\\` escaped).
fn unescape(printed: &str) -> String {
    printed.replace("\\\"", "\"").replace("\\\\", "\\")
}

/// The text of a string MLIR hands over (not NUL-terminated, maybe empty;
/// melior's `StringRef::as_str` cannot take an empty one).
///
/// # Safety
/// `text` points at `length` readable bytes, alive for `'a`.
pub unsafe fn mlir_str<'a>(text: mlir_sys::MlirStringRef) -> &'a str {
    if text.length == 0 || text.data.is_null() {
        return "";
    }
    // SAFETY: as the caller promises.
    let bytes = unsafe { std::slice::from_raw_parts(text.data as *const u8, text.length) };
    std::str::from_utf8(bytes).unwrap_or("")
}
