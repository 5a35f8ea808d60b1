//! Timing for `sdfg-run --profile`: the SDFG, each state and each
//! outermost map and library node of the top SDFG, and every element whose `instrument`
//! property asks for DaCe's Timer (states, maps, consume scopes, tasklets
//! and nested SDFGs at any depth, nested SDFGs themselves). The lowered
//! code brackets each with `sdfg_profile_enter(slot)`, which returns the
//! time, and `sdfg_profile_exit(slot, start)`, which records one event with
//! its thread; the SDFG itself is timed by the caller around the entry
//! point. Elements are known by their location in the input, which stays
//! the same through the lowering's own rewrites; elements sharing a
//! location are not timed (their times could not be told apart).

use super::profile_elements::{elements, Element};
use super::types::Ty;
use super::ModuleGen;
use crate::model::{Loc, Sdfg};
use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{SystemTime, UNIX_EPOCH};

const ENTER: &str = "sdfg_profile_enter";
const EXIT: &str = "sdfg_profile_exit";

/// The timed elements of a program: a slot each.
#[derive(Clone, Debug, Default)]
pub struct Slots {
    pub elements: Vec<Element>,
    by_location: HashMap<String, usize>,
}

impl Slots {
    /// The elements `--profile` times (see the module comment), and a
    /// warning for each element asking for an instrumentation other than
    /// the Timer (those are not measured).
    pub fn of(sdfg: &Sdfg) -> (Slots, Vec<String>) {
        let all = elements(sdfg);
        let warnings = all
            .iter()
            .filter(|e| !e.timer() && !e.instrument.is_default())
            .map(|e| format!("{} ({}) asks for {} instrumentation, which --profile does not measure (only Timer)", e.name, e.loc, e.instrument.as_str()))
            .collect();
        let found: Vec<Element> = all.into_iter().filter(|e| e.timer() || e.by_default).collect();
        let mut count: HashMap<String, usize> = HashMap::new();
        for e in &found {
            *count.entry(e.loc.to_string()).or_default() += 1;
        }
        let mut slots = Slots::default();
        for e in found {
            let key = e.loc.to_string();
            if count[&key] == 1 && !matches!(e.loc, Loc::Unknown) {
                slots.by_location.insert(key, slots.elements.len());
                slots.elements.push(e);
            }
        }
        (slots, warnings)
    }

    pub fn slot(&self, loc: &Loc) -> Option<usize> {
        self.by_location.get(&loc.to_string()).copied()
    }

    /// The slot of the SDFG itself, timed around the entry point.
    pub fn program(&self) -> Option<usize> {
        self.elements.iter().position(|e| e.uuid == [0, -1, -1])
    }
}

impl ModuleGen {
    pub(super) fn declare_profile(&mut self) {
        self.declare_external(ENTER, &[Ty::I64], Some(Ty::I64));
        self.declare_external(EXIT, &[Ty::I64, Ty::I64], None);
    }
}

impl super::function::FnGen<'_, '_> {
    /// Runs `body` between the profile calls of the element at `loc`, when
    /// profiling and the element has a slot (not inside GPU kernels).
    pub(super) fn profiled(&mut self, loc: &Loc, body: impl FnOnce(&mut Self) -> Result<(), String>) -> Result<(), String> {
        let slot = match &self.module.profile {
            Some(slots) if self.kernel.is_none() => slots.slot(loc),
            _ => None,
        };
        let Some(slot) = slot else { return body(self) };
        let id = self.b.i64(slot as i64);
        let start = self.b.call_external_value(ENTER, &[id.clone()], Ty::I64);
        body(self)?;
        self.b.call_external(EXIT, &[id, start], None);
        Ok(())
    }
}

/// One timed execution of a slot's element.
#[derive(Clone, Copy, Debug)]
pub struct Event {
    pub slot: usize,
    /// Nanoseconds since the Unix epoch.
    pub start: u64,
    pub end: u64,
    /// The thread that ran it.
    pub thread: u64,
}

static EVENTS: Mutex<Vec<Event>> = Mutex::new(Vec::new());

fn now() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_nanos() as u64).unwrap_or(0)
}

fn thread() -> u64 {
    // SAFETY: gettid has no preconditions.
    unsafe { libc::gettid() as u64 }
}

extern "C" fn enter(_slot: i64) -> i64 {
    now() as i64
}

extern "C" fn exit(slot: i64, start: i64) {
    record(slot as usize, start as u64);
}

/// Records an event of `slot` from `start` until now.
pub fn record(slot: usize, start: u64) {
    let event = Event { slot, start, end: now(), thread: thread() };
    EVENTS.lock().unwrap_or_else(|e| e.into_inner()).push(event);
}

/// The time now, as events count it (for timing the entry point).
pub fn start() -> u64 {
    now()
}

/// The functions the profiled code calls, for the JIT.
pub fn symbols() -> Vec<(&'static str, *mut ())> {
    vec![(ENTER, enter as *mut ()), (EXIT, exit as *mut ())]
}

/// Starts recording afresh.
pub fn reset() {
    EVENTS.lock().unwrap_or_else(|e| e.into_inner()).clear();
}

/// The events since the last `reset`, in the order they ended.
pub fn take() -> Vec<Event> {
    std::mem::take(&mut *EVENTS.lock().unwrap_or_else(|e| e.into_inner()))
}
