//! Watches the passes of one pass-manager run: keeps the model cache valid
//! (dropped before any pass that may change the IR behind it) and records
//! how long each pass took, for `sdfg-opt --sdfg-timing`.

use super::model_cache;
use melior::pass::PassManager;
use mlir_sys::{MlirPassManager, MlirStringRef};
use std::{cell::RefCell, ffi::c_void};

type Before = unsafe extern "C" fn(MlirStringRef, *mut c_void);
type After = unsafe extern "C" fn(MlirStringRef, *const c_void, f64, bool, *mut c_void);

extern "C" {
    fn sdfgObservePasses(manager: MlirPassManager, before: Before, after: After, data: *mut c_void);
}

/// Seconds per pass instance, in the order the passes first ran (a pass
/// nested under `func.func` runs once per function; its runs add up).
#[derive(Default)]
pub struct PassTimes {
    entries: RefCell<Vec<(usize, String, f64)>>,
}

impl PassTimes {
    /// `(pass argument, seconds)` per pass.
    pub fn take(&self) -> Vec<(String, f64)> {
        self.entries.take().into_iter().map(|(_, name, seconds)| (name, seconds)).collect()
    }

    fn add(&self, pass: usize, name: &str, seconds: f64) {
        let mut entries = self.entries.borrow_mut();
        match entries.iter_mut().find(|(p, _, _)| *p == pass) {
            Some(entry) => entry.2 += seconds,
            None => entries.push((pass, name.to_string(), seconds)),
        }
    }
}

/// What `observe` returns: the times, and the model cache enabled while it
/// lives. Drop it only once `manager` no longer runs.
pub struct Observer {
    pub times: Box<PassTimes>,
    _cache: model_cache::Enabled,
}

/// Observes every run of `manager` from now on.
pub fn observe(manager: &PassManager) -> Observer {
    let times = Box::<PassTimes>::default();
    let data = &*times as *const PassTimes as *mut c_void;
    // SAFETY: `data` stays valid as long as the returned observer, which the
    // caller keeps while the manager runs.
    unsafe { sdfgObservePasses(manager.to_raw(), before, after, data) };
    Observer { times, _cache: model_cache::enable() }
}

unsafe extern "C" fn before(argument: MlirStringRef, _data: *mut c_void) {
    // SAFETY: MLIR passes the pass's argument.
    let argument = unsafe { crate::ir::context::mlir_str(argument) };
    if !model_cache::keeps_cache(argument) {
        model_cache::drop_model();
    }
}

unsafe extern "C" fn after(argument: MlirStringRef, pass: *const c_void, seconds: f64, _failed: bool, data: *mut c_void) {
    // SAFETY: MLIR passes the pass's argument; `data` is the observer's
    // `PassTimes`, alive while the manager runs.
    let (argument, times) = unsafe { (crate::ir::context::mlir_str(argument), &*(data as *const PassTimes)) };
    times.add(pass as usize, argument, seconds);
}
