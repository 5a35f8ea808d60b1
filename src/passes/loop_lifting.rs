//! `sdfg-loop-lifting`: state-machine `for` loops become LoopRegions (see
//! `transforms::loop_lifting`).

use super::rewrite::rewrite_sdfg;
use crate::transforms::loop_lifting;
use melior::{
    ir::{operation::OperationRef, r#type::TypeId},
    pass::{create_external, ExternalPass, Pass, RunExternalPass},
    ContextRef,
};
use mlir_sys::MlirPass;

pub const ARGUMENT: &str = "sdfg-loop-lifting";
pub const SUMMARY: &str = "Turn guard/latch state-machine loops into LoopRegions";

#[repr(align(8))]
struct PassId;
static PASS_ID: PassId = PassId;

#[derive(Clone, Copy)]
struct LoopLifting;

impl<'c> RunExternalPass<'c> for LoopLifting {
    fn initialize(&mut self, _context: ContextRef<'c>) {}

    fn run(&mut self, module: OperationRef<'c, '_>, pass: ExternalPass<'_>) {
        rewrite_sdfg(module, pass, |sdfg| {
            loop_lifting::lift_all(sdfg);
            Ok(())
        });
    }
}

pub fn create() -> Pass {
    create_external(LoopLifting, TypeId::create(&PASS_ID), "SDFGLoopLifting", ARGUMENT, SUMMARY, "builtin.module", &[])
}

pub unsafe extern "C" fn factory() -> MlirPass {
    create().to_raw()
}
