//! Every transformation as a pass, so pipelines name it with its options
//! (`builtin.module(sdfg-map-tiling{tile-sizes=32,32},sdfg-verify)`), and
//! `sdfg-opt --sdfg-map-tiling='tile-sizes=32,32'` gives the same pass.

use super::{model_cache, rewrite};
use crate::transforms::{self, edits::Touched, Options, Transformation};
use melior::{
    ir::{operation::OperationRef, r#type::TypeId},
    pass::{create_external, ExternalPass, Pass, RunExternalPass},
    ContextRef, StringRef,
};
use mlir_sys::{MlirPass, MlirStringCallback, MlirStringRef};
use std::ffi::c_void;

/// One type id per transformation (MLIR tells passes apart by it).
#[repr(align(8))]
struct PassId(#[allow(dead_code)] u8);
const MAX_TRANSFORMATIONS: usize = 256;
static PASS_IDS: [PassId; MAX_TRANSFORMATIONS] = [const { PassId(0) }; MAX_TRANSFORMATIONS];

/// How many applications one pass may make at most (a guard against
/// transformations that keep matching their own result).
const APPLICATION_LIMIT: usize = 10_000;

#[derive(Clone)]
struct TransformPass {
    transformation: &'static dyn Transformation,
    options: Options,
}

impl<'c> RunExternalPass<'c> for TransformPass {
    fn initialize(&mut self, _context: ContextRef<'c>) {}

    fn run(&mut self, module: OperationRef<'c, '_>, pass: ExternalPass<'_>) {
        let mut sdfg = match model_cache::take(&module) {
            Ok(s) => s,
            Err(d) => return rewrite::fail_all(&module, &pass, &d.0),
        };
        transforms::edits::start(&sdfg);
        let applied = transforms::apply_deep(self.transformation, &mut sdfg, &self.options, APPLICATION_LIMIT);
        let touched = transforms::edits::finish(*applied.as_ref().unwrap_or(&0));
        match applied {
            // Nothing applied: the model still describes the IR.
            Ok(0) => model_cache::keep(&module, sdfg),
            Ok(_) => {
                model_cache::drop_model();
                let written = match touched {
                    Touched::States(paths) => {
                        rewrite::rebuild_states(module, pass, &sdfg, &paths)
                    }
                    _ => rewrite::write_back(module, pass, &sdfg),
                };
                // The ops are now built from the model: it describes them.
                if written {
                    model_cache::keep_changed(&module, sdfg);
                }
            }
            Err(e) => rewrite::fail(&module, &pass, &e),
        }
    }
}

/// The pass of the `index`-th transformation of `transforms::all()`, with
/// options given as `key=value` text.
pub fn create(index: usize, options: &str) -> Result<Pass, String> {
    let t = *transforms::all().get(index).ok_or("no such transformation")?;
    let id = PASS_IDS.get(index).ok_or("too many transformations")?;
    let options = Options::parse(options).map_err(|e| format!("{}: {e}", t.name()))?;
    options.check(t)?;
    let pass = TransformPass { transformation: t, options };
    Ok(create_external(pass, TypeId::create(id), t.name(), t.name(), t.summary(), "builtin.module", &[]))
}

/// # Safety
/// `data` is an index that `create` accepts, as `register_all` passes it;
/// `options` is valid text and `on_error` a valid callback.
pub unsafe extern "C" fn factory(
    data: *mut c_void,
    options: MlirStringRef,
    on_error: MlirStringCallback,
    error_data: *mut c_void,
) -> MlirPass {
    // SAFETY: MLIR passes the text between the element's braces.
    let text = unsafe { crate::ir::context::mlir_str(options) };
    match create(data as usize, text) {
        Ok(pass) => pass.to_raw(),
        Err(message) => {
            OPTION_ERROR.with(|e| *e.borrow_mut() = Some(message.clone()));
            if let Some(report) = on_error {
                let message = StringRef::new(&message);
                // SAFETY: the callback copies the text before returning.
                unsafe { report(message.to_raw(), error_data) };
            }
            MlirPass { ptr: std::ptr::null_mut() }
        }
    }
}

thread_local! {
    /// Why the last pipeline element of a transformation was refused.
    static OPTION_ERROR: std::cell::RefCell<Option<String>> = const { std::cell::RefCell::new(None) };
}

/// Why the last transformation in a pipeline was refused its options (MLIR
/// wraps the reason in its own message; tools show it alone).
pub fn take_option_error() -> Option<String> {
    OPTION_ERROR.with(|e| e.borrow_mut().take())
}

/// How many transformations can be passes.
pub fn count() -> usize {
    transforms::all().len().min(MAX_TRANSFORMATIONS)
}
