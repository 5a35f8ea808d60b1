//! `convert-sdfg-to-scf`: replaces the module's `sdfg.sdfg` by its lowering
//! to upstream dialects (`func`, `cf`, `scf`, `arith`, `math`, `complex`,
//! `llvm`; see `lowering/`). Follow it with the standard conversions to the
//! LLVM dialect (`lowering::pipeline::TO_LLVM`).

use crate::{ir, lowering};
use melior::{
    ir::{
        operation::{OperationLike, OperationRef},
        r#type::TypeId,
        BlockLike, RegionLike,
    },
    pass::{create_external, ExternalPass, Pass, RunExternalPass},
    ContextRef,
};
use mlir_sys::MlirPass;
use std::ffi::CString;

pub const ARGUMENT: &str = "convert-sdfg-to-scf";
pub const SUMMARY: &str = "Lower the SDFG to func/cf/scf/arith/math/llvm (maps as loop nests, OpenMP-ready)";

#[repr(align(8))]
struct PassId;
static PASS_ID: PassId = PassId;

#[derive(Clone, Copy)]
struct ToScf;

impl<'c> RunExternalPass<'c> for ToScf {
    fn initialize(&mut self, _context: ContextRef<'c>) {}

    fn run(&mut self, module: OperationRef<'c, '_>, pass: ExternalPass<'_>) {
        let fail = |message: String| {
            let text = CString::new(message.replace('\0', " ")).unwrap_or_default();
            // SAFETY: a live location and a NUL-terminated message.
            unsafe { mlir_sys::mlirEmitError(module.location().to_raw(), text.as_ptr()) };
            pass.signal_failure();
        };
        let sdfg = match ir::read::read_op(&module, "") {
            Ok(s) => s,
            Err(d) => return fail(d.to_string()),
        };
        let lowered = match lowering::lower(&sdfg) {
            Ok(l) => l,
            Err(e) => return fail(format!("cannot lower the SDFG: {e}")),
        };
        let context_ref = module.context();
        // SAFETY: the context outlives the pass run.
        let context = unsafe { context_ref.to_ref() };
        let new = match ir::parse_module(context, &lowered.text, "<lowered>") {
            Ok(m) => m,
            Err(d) => return fail(format!("internal error: lowered code does not verify: {}", d[0])),
        };
        let (Some(target), Some(source)) =
            (module.region(0).ok().and_then(|r| r.first_block()), new.body().first_operation().map(|_| new.body()))
        else {
            return fail("internal error: empty module".into());
        };
        // SAFETY: ops are detached before being destroyed or re-parented;
        // both modules live in the same context.
        unsafe {
            while let Some(op) = target.first_operation() {
                mlir_sys::mlirOperationRemoveFromParent(op.to_raw());
                mlir_sys::mlirOperationDestroy(op.to_raw());
            }
            while let Some(op) = source.first_operation() {
                mlir_sys::mlirOperationRemoveFromParent(op.to_raw());
                mlir_sys::mlirBlockAppendOwnedOperation(target.to_raw(), op.to_raw());
            }
        }
    }
}

pub fn create() -> Pass {
    create_external(ToScf, TypeId::create(&PASS_ID), "ConvertSDFGToSCF", ARGUMENT, SUMMARY, "builtin.module", &[])
}

pub unsafe extern "C" fn factory() -> MlirPass {
    create().to_raw()
}
