//! The SDFG model of a module, kept between consecutive sdfg passes of one
//! pass-manager run so that a pass that changes nothing costs no re-read.
//!
//! Only a run that observes its passes (`observe` in the driver) enables the
//! cache: the observer drops it before every pass that may change the IR
//! behind the model's back (any pass not listed by `keeps_cache`). A
//! transformation that rewrites the IR rebuilds the ops from its model and
//! keeps that model. Without an observer nothing is cached.

use crate::{diag::Diagnostics, ir, model::Sdfg};
use melior::ir::operation::{OperationLike, OperationRef};
use std::sync::Mutex;

struct Cached {
    /// The module op the model was read from.
    module: usize,
    sdfg: Sdfg,
}

struct State {
    enabled: bool,
    cached: Option<Cached>,
    /// Whether a pass rewrote the IR since the cache was enabled.
    changed: bool,
}

static STATE: Mutex<State> = Mutex::new(State { enabled: false, cached: None, changed: false });

fn state() -> std::sync::MutexGuard<'static, State> {
    STATE.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

fn key(module: &OperationRef) -> usize {
    module.to_raw().ptr as usize
}

/// The module's model: the cached one, or read from the ops.
pub fn take(module: &OperationRef) -> Result<Sdfg, Diagnostics> {
    match take_cached(module) {
        Some(sdfg) => Ok(sdfg),
        None => ir::read::read_op(module, ""),
    }
}

/// The cached model of `module`, if there is one.
pub fn take_cached(module: &OperationRef) -> Option<Sdfg> {
    let mut s = state();
    match s.cached.take() {
        Some(c) if c.module == key(module) => Some(c.sdfg),
        _ => None,
    }
}

/// Keeps `sdfg` as the model of `module`, which it still describes exactly.
pub fn keep(module: &OperationRef, sdfg: Sdfg) {
    let mut s = state();
    if s.enabled {
        s.cached = Some(Cached { module: key(module), sdfg });
    }
}

/// Keeps `sdfg` as the model of `module`, whose ops a pass has just rebuilt
/// from it.
pub fn keep_changed(module: &OperationRef, sdfg: Sdfg) {
    state().changed = true;
    keep(module, sdfg);
}

/// The model of `module` if no pass has rewritten the IR since the cache
/// was enabled (the model it was seeded with still holds).
pub fn take_unchanged(module: &OperationRef) -> Option<Sdfg> {
    if state().changed {
        return None;
    }
    take_cached(module)
}

/// Forgets the model (the IR is about to change or has changed).
pub fn drop_model() {
    state().cached = None;
}

/// Enables the cache until the returned guard is dropped.
pub fn enable() -> Enabled {
    let mut s = state();
    s.enabled = true;
    s.cached = None;
    s.changed = false;
    Enabled(())
}

pub struct Enabled(());

impl Drop for Enabled {
    fn drop(&mut self) {
        let mut s = state();
        s.enabled = false;
        s.cached = None;
    }
}

/// Whether the pass named `argument` leaves the cached model valid: the
/// transformations (which manage the cache themselves) and the verifier.
pub fn keeps_cache(argument: &str) -> bool {
    argument == super::verify::ARGUMENT || crate::transforms::find(argument).is_some()
}
