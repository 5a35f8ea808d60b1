//! Passes over the `sdfg` dialect, registered by name so that pipelines can
//! mix them with upstream MLIR passes (`builtin.module(sdfg-verify,cse)`).
//!
//! Each pass is a Rust [`RunExternalPass`] wrapped by a factory that the C++
//! glue hands to MLIR's pass registry.

mod loop_lifting;
pub mod rewrite;
mod to_scf;
mod transform;
mod verify;

use melior::pass::Pass;
use mlir_sys::MlirPass;
use std::sync::Once;

extern "C" {
    fn sdfgRegisterPass(factory: unsafe extern "C" fn() -> MlirPass);
    fn sdfgRegisterPassWithData(factory: unsafe extern "C" fn(*mut std::ffi::c_void) -> MlirPass, data: *mut std::ffi::c_void);
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
        for index in 0..transform::count() {
            // SAFETY: the factory turns a valid index into a fresh pass.
            unsafe { sdfgRegisterPassWithData(transform::factory, index as *mut std::ffi::c_void) };
        }
    });
}
