//! Where one pass's applications changed the SDFG, so that the pass rebuilds
//! the ops of those states only ([`crate::ir::rebuild`]) instead of the
//! whole SDFG.
//!
//! The drivers in this module's parent record every application they make.
//! The log is trusted only when it accounts for every application the pass
//! counted and each was of a transformation whose edits stay in its state
//! ([`super::Transformation::local_edits`]) on the pass's own SDFG, or any
//! application inside a nested SDFG, which changes only the top-level state
//! holding it; anything else means "everything changed".

use super::Match;
use crate::model::{Sdfg, StatePath};
use std::cell::RefCell;

/// What a pass changed.
#[derive(Debug, PartialEq)]
pub enum Touched {
    /// The dataflow of these states (sorted, each once) and the SDFG's
    /// declarations; nothing else.
    States(Vec<StatePath>),
    Everything,
}

struct Log {
    root: *const Sdfg,
    states: Vec<StatePath>,
    recorded: usize,
    everything: bool,
    /// The top-level state holding the nested SDFG being transformed.
    outer: Option<StatePath>,
}

thread_local! {
    static LOG: RefCell<Option<Log>> = const { RefCell::new(None) };
}

/// Starts recording the applications made on `root` until [`finish`].
pub fn start(root: &Sdfg) {
    LOG.with(|l| *l.borrow_mut() = Some(Log { root, states: Vec::new(), recorded: 0, everything: false, outer: None }));
}

/// Records an application at `m` on `sdfg` of a transformation whose edits
/// stay in the match's state (`local`) or not.
pub(super) fn applied(local: bool, sdfg: &Sdfg, m: &Match) {
    LOG.with(|l| {
        if let Some(log) = l.borrow_mut().as_mut() {
            log.recorded += 1;
            if let Some(outer) = &log.outer {
                log.states.push(outer.clone());
            } else if local && std::ptr::eq(log.root, sdfg) {
                log.states.push(m.place.state.clone());
            } else {
                log.everything = true;
            }
        }
    });
}

/// Runs `f`, which transforms a nested SDFG of the state at `outer`
/// (a state of the root when no other call encloses this one).
pub(super) fn inside<R>(outer: &StatePath, f: impl FnOnce() -> R) -> R {
    let entered = LOG.with(|l| match l.borrow_mut().as_mut() {
        Some(log) if log.outer.is_none() => {
            log.outer = Some(outer.clone());
            true
        }
        _ => false,
    });
    let result = f();
    if entered {
        LOG.with(|l| {
            if let Some(log) = l.borrow_mut().as_mut() {
                log.outer = None;
            }
        });
    }
    result
}

/// Stops recording; `count` is how many applications the pass reported.
pub fn finish(count: usize) -> Touched {
    let Some(log) = LOG.with(|l| l.borrow_mut().take()) else { return Touched::Everything };
    if log.everything || log.recorded != count {
        return Touched::Everything;
    }
    let mut states = log.states;
    states.sort();
    states.dedup();
    Touched::States(states)
}
