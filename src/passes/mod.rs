//! Passes over the `sdfg` dialect, registered by name so that pipelines can
//! mix them with upstream MLIR passes (`builtin.module(sdfg-verify,cse)`).
//!
//! Each pass is a Rust [`RunExternalPass`] wrapped by a factory that the C++
//! glue hands to MLIR's pass registry.

mod loop_lifting;
pub mod model_cache;
mod observe;
pub mod rewrite;
#[cfg(test)]
mod tests;
mod to_scf;
mod transform;
mod verify;

use melior::pass::Pass;
use mlir_sys::{MlirPass, MlirStringCallback, MlirStringRef};
use std::{ffi::c_void, sync::Once};

pub use observe::{observe, PassTimes};
pub use transform::take_option_error;

type FactoryWithOptions = unsafe extern "C" fn(*mut c_void, MlirStringRef, MlirStringCallback, *mut c_void) -> MlirPass;

extern "C" {
    fn sdfgRegisterPass(factory: unsafe extern "C" fn() -> MlirPass);
    fn sdfgRegisterPassWithOptions(argument: MlirStringRef, summary: MlirStringRef, factory: FactoryWithOptions, data: *mut c_void);
}

/// A pass this crate provides: its pipeline name, a summary, and a factory.
pub struct PassInfo {
    pub argument: &'static str,
    pub summary: &'static str,
    pub create: fn() -> Pass,
    factory: unsafe extern "C" fn() -> MlirPass,
}

/// Every pass, in the order `--help`-style listings show them.
pub const PASSES: &[PassInfo] = &[
    PassInfo { argument: verify::ARGUMENT, summary: verify::SUMMARY, create: verify::create, factory: verify::factory },
    PassInfo { argument: to_scf::ARGUMENT, summary: to_scf::SUMMARY, create: to_scf::create, factory: to_scf::factory },
    PassInfo {
        argument: loop_lifting::ARGUMENT,
        summary: loop_lifting::SUMMARY,
        create: loop_lifting::create,
        factory: loop_lifting::factory,
    },
];

/// Registers every pass with MLIR's global registry (once per process).
pub fn register_all() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        for pass in PASSES {
            // SAFETY: the factory returns a fresh, owned external pass.
            unsafe { sdfgRegisterPass(pass.factory) };
        }
        for (index, t) in crate::transforms::all().iter().take(transform::count()).enumerate() {
            let (argument, summary) = (melior::StringRef::new(t.name()), melior::StringRef::new(t.summary()));
            // SAFETY: static strings; the factory turns a valid index into
            // a fresh pass.
            unsafe { sdfgRegisterPassWithOptions(argument.to_raw(), summary.to_raw(), transform::factory, index as *mut c_void) };
        }
    });
}

