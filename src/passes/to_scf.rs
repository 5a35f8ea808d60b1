//! `convert-sdfg-to-scf`: replaces the module's `sdfg.sdfg` by its lowering
//! to upstream dialects (`func`, `cf`, `scf`, `arith`, `math`, `complex`,
//! `llvm`; see `lowering/`). Follow it with the standard conversions to the
//! LLVM dialect (`lowering::pipeline::to_llvm_dialect`).

use super::rewrite::{fail_all, replace_body};
use crate::{diag::Diagnostic, ir, lowering};
use melior::{
    ir::{
        operation::{OperationLike, OperationRef},
        r#type::TypeId,
    },
    pass::{create_external, ExternalPass, Pass, RunExternalPass},
    ContextRef,
};
use mlir_sys::MlirPass;

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
        let sdfg = match ir::read::read_op(&module, "") {
            Ok(s) => s,
            Err(d) => return fail_all(&module, &pass, &d.0),
        };
        let context_ref = module.context();
        // SAFETY: the context outlives the pass run.
        let context = unsafe { context_ref.to_ref() };
        match lowering::lower(context, &sdfg) {
            Ok(l) => replace_body(module, pass, &l.module),
            Err(d) => fail_all(&module, &pass, &[Diagnostic::new(&d.loc, format!("cannot lower the SDFG: {}", d.message))]),
        }
    }
}

pub fn create() -> Pass {
    create_external(ToScf, TypeId::create(&PASS_ID), "ConvertSDFGToSCF", ARGUMENT, SUMMARY, "builtin.module", &[])
}

pub unsafe extern "C" fn factory() -> MlirPass {
    create().to_raw()
}
