//! Passes that rewrite the module's SDFG through the model: read the
//! `sdfg.sdfg` into the model, change it, and put the result back.

use crate::{diag::Diagnostic, ir, model::Sdfg};
use melior::{
    ir::{
        operation::{OperationLike, OperationRef},
        BlockLike, BlockRef, Module, RegionLike,
    },
    pass::ExternalPass,
};
use std::ffi::CString;

/// Emits `message` as an error at the module and fails the pass.
pub fn fail(module: &OperationRef, pass: &ExternalPass, message: &str) {
    let text = CString::new(message.replace('\0', " ")).unwrap_or_default();
    // SAFETY: a live location and a NUL-terminated message.
    unsafe { mlir_sys::mlirEmitError(module.location().to_raw(), text.as_ptr()) };
    pass.signal_failure();
}

/// Emits every diagnostic at its own op location and fails the pass.
pub fn fail_all(module: &OperationRef, pass: &ExternalPass, diags: &[Diagnostic]) {
    for d in diags {
        fail(module, pass, &d.to_string());
    }
}

/// Reads the SDFG, applies `change`, and writes the result back.
pub fn rewrite_sdfg(module: OperationRef, pass: ExternalPass, change: impl FnOnce(&mut Sdfg) -> Result<(), String>) {
    let mut sdfg = match ir::read::read_op(&module, "") {
        Ok(s) => s,
        Err(d) => return fail_all(&module, &pass, &d.0),
    };
    match change(&mut sdfg) {
        Ok(()) => {
            write_back(module, pass, &sdfg);
        }
        Err(e) => fail(&module, &pass, &e),
    }
}

/// Replaces the module's contents by the ops of `sdfg`, built in place.
/// Returns whether it succeeded (else the pass failed).
pub fn write_back(module: OperationRef, pass: ExternalPass, sdfg: &Sdfg) -> bool {
    let Some(target) = module.region(0).ok().and_then(|r| r.first_block()) else {
        fail(&module, &pass, "internal error: empty module");
        return false;
    };
    clear(&target);
    let context_ref = module.context();
    // SAFETY: the context outlives the pass run; `context_ref` outlives the
    // reference made from it.
    let context = unsafe { context_ref.to_ref() };
    match ir::append_sdfg(context, &target, sdfg) {
        Ok(()) => true,
        Err(e) => {
            fail(&module, &pass, &format!("internal error: {e}"));
            false
        }
    }
}

/// Rebuilds the ops of the states at `paths` and the declarations from
/// `sdfg`, whose control flow is still the one the module's ops describe.
/// Returns whether it succeeded (else the pass failed).
pub fn rebuild_states(module: OperationRef, pass: ExternalPass, sdfg: &Sdfg, paths: &[crate::model::StatePath]) -> bool {
    let first = module.region(0).ok().and_then(|r| r.first_block()).and_then(|b| b.first_operation());
    let Some(sdfg_op) = first.filter(|op| op.name().as_string_ref().as_str() == Ok("sdfg.sdfg")) else {
        fail(&module, &pass, "internal error: the module holds no sdfg.sdfg");
        return false;
    };
    let context_ref = module.context();
    // SAFETY: the context outlives the pass run; `context_ref` outlives the
    // reference made from it.
    let context = unsafe { context_ref.to_ref() };
    match ir::rebuild::rebuild_states(context, sdfg_op, sdfg, paths) {
        Ok(()) => true,
        Err(e) => {
            fail(&module, &pass, &e);
            false
        }
    }
}

/// Erases every op of `block`.
fn clear(block: &BlockRef) {
    // SAFETY: each op is detached before it is destroyed.
    unsafe {
        while let Some(op) = block.first_operation() {
            mlir_sys::mlirOperationRemoveFromParent(op.to_raw());
            mlir_sys::mlirOperationDestroy(op.to_raw());
        }
    }
}

/// Replaces the module's contents by the ops of `new` (a module of the
/// same context, such as the lowering's output), moving them over.
pub fn replace_body(module: OperationRef, pass: ExternalPass, new: &Module) {
    let Some(target) = module.region(0).ok().and_then(|r| r.first_block()) else {
        return fail(&module, &pass, "internal error: empty module");
    };
    let source = new.body();
    clear(&target);
    // SAFETY: ops are detached before being re-parented; both modules live in
    // the same context.
    unsafe {
        while let Some(op) = source.first_operation() {
            mlir_sys::mlirOperationRemoveFromParent(op.to_raw());
            mlir_sys::mlirBlockAppendOwnedOperation(target.to_raw(), op.to_raw());
        }
    }
}
