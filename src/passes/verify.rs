//! `sdfg-verify`: checks DaCe's SDFG validation rules inside a pipeline.
//!
//! Fails the pipeline with one diagnostic per violation, each at the op it
//! concerns, so a pipeline can stop as soon as a pass breaks an SDFG.

use crate::{ir, model::Loc, verify};
use melior::{
    ir::{
        operation::{OperationLike, OperationRef},
        r#type::TypeId,
        Location,
    },
    pass::{create_external, ExternalPass, Pass, RunExternalPass},
    ContextRef,
};
use mlir_sys::MlirPass;
use std::ffi::CString;

pub const ARGUMENT: &str = "sdfg-verify";
pub const SUMMARY: &str = "Check DaCe's validation rules on every sdfg.sdfg";

#[repr(align(8))]
struct PassId;
static PASS_ID: PassId = PassId;

#[derive(Clone, Copy)]
struct VerifyPass;

impl<'c> RunExternalPass<'c> for VerifyPass {
    fn initialize(&mut self, _context: ContextRef<'c>) {}

    fn run(&mut self, operation: OperationRef<'c, '_>, pass: ExternalPass<'_>) {
        // Bound first: a reference from a temporary ContextRef dangles.
        let context_ref = operation.context();
        // SAFETY: the context outlives the pass run.
        let context = unsafe { context_ref.to_ref() };
        let errors = match super::model_cache::take(&operation) {
            Ok(sdfg) => {
                let errors = verify::verify(&sdfg).err().map(|d| d.0).unwrap_or_default();
                super::model_cache::keep(&operation, sdfg);
                errors
            }
            Err(d) => d.0,
        };
        if errors.is_empty() {
            return;
        }
        for d in errors {
            let location = match &d.loc {
                Loc::Text { file, line, col } => {
                    let file = match file.as_str() {
                        "" => ir::context::location_file(&operation.location()),
                        named => named.to_string(),
                    };
                    Location::new(context, &file, *line, *col)
                }
                _ => operation.location(),
            };
            let message = CString::new(d.message.replace('\0', " ")).unwrap_or_default();
            // SAFETY: a live location and a NUL-terminated message.
            unsafe { mlir_sys::mlirEmitError(location.to_raw(), message.as_ptr()) };
        }
        pass.signal_failure();
    }
}

pub fn create() -> Pass {
    create_external(
        VerifyPass,
        TypeId::create(&PASS_ID),
        "SDFGVerify",
        ARGUMENT,
        SUMMARY,
        "builtin.module",
        &[],
    )
}

pub unsafe extern "C" fn factory() -> MlirPass {
    create().to_raw()
}
