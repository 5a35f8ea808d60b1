//! Every transformation as a pass, so textual pipelines can name it
//! (`builtin.module(sdfg-simplify,sdfg-verify)`). In a pipeline it applies
//! everywhere with its default options; `sdfg-opt --<flag>='...'` takes
//! options.

use super::rewrite::rewrite_sdfg;
use crate::transforms::{self, Options, Transformation};
use melior::{
    ir::{operation::OperationRef, r#type::TypeId},
    pass::{create_external, ExternalPass, Pass, RunExternalPass},
    ContextRef,
};
use mlir_sys::MlirPass;
use std::ffi::c_void;

/// One type id per transformation (MLIR tells passes apart by it).
#[repr(align(8))]
struct PassId(#[allow(dead_code)] u8);
const MAX_TRANSFORMATIONS: usize = 256;
static PASS_IDS: [PassId; MAX_TRANSFORMATIONS] = [const { PassId(0) }; MAX_TRANSFORMATIONS];

#[derive(Clone, Copy)]
struct TransformPass {
    transformation: &'static dyn Transformation,
}

impl<'c> RunExternalPass<'c> for TransformPass {
    fn initialize(&mut self, _context: ContextRef<'c>) {}

    fn run(&mut self, module: OperationRef<'c, '_>, pass: ExternalPass<'_>) {
        let t = self.transformation;
        rewrite_sdfg(module, pass, |sdfg| transforms::apply_deep(t, sdfg, &Options::default(), 10_000).map(|_| ()));
    }
}

/// The pass of the `index`-th transformation of `transforms::all()`.
pub fn create(index: usize) -> Option<Pass> {
    let t = *transforms::all().get(index)?;
    let id = PASS_IDS.get(index)?;
    Some(create_external(TransformPass { transformation: t }, TypeId::create(id), t.name(), t.name(), t.summary(), "builtin.module", &[]))
}

/// # Safety
/// `data` is an index that `create` accepts, as `register_all` passes it.
pub unsafe extern "C" fn factory(data: *mut c_void) -> MlirPass {
    // Registration passes only valid indices.
    create(data as usize).map(|p| p.to_raw()).unwrap_or(MlirPass { ptr: std::ptr::null_mut() })
}

/// How many transformations can be passes.
pub fn count() -> usize {
    transforms::all().len().min(MAX_TRANSFORMATIONS)
}
