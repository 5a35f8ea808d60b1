//! Time spent in each state and each outermost map of the SDFG (not of
//! nested SDFGs), for `sdfg-run --profile`: the lowered code calls
//! `sdfg_profile_enter(slot)` and `sdfg_profile_exit(slot)` around them,
//! and these functions (given to the JIT) add up the wall-clock time per
//! slot. Elements are known by their location in the input, which stays
//! the same through the lowering's own rewrites (loop lifting moves
//! states into loops but keeps them).

use super::types::Ty;
use super::ModuleGen;
use crate::model::{BlockKind, Cfg, Loc, NodeKind, Sdfg};
use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

const ENTER: &str = "sdfg_profile_enter";
const EXIT: &str = "sdfg_profile_exit";

/// The profiled elements of a program: a slot per location.
#[derive(Clone, Debug, Default)]
pub struct Slots {
    pub locations: Vec<Loc>,
    by_location: HashMap<String, usize>,
}

impl Slots {
    /// Every state of `sdfg`'s control flow and every map at the top of
    /// such a state; elements whose location is unknown or shared are left
    /// out (their times could not be told apart).
    pub fn of(sdfg: &Sdfg) -> Slots {
        let mut found = Vec::new();
        collect(&sdfg.cfg, &mut found);
        let mut count: HashMap<String, usize> = HashMap::new();
        for loc in &found {
            *count.entry(loc.to_string()).or_default() += 1;
        }
        let mut slots = Slots::default();
        for loc in found {
            let key = loc.to_string();
            if count[&key] == 1 && !matches!(loc, Loc::Unknown) {
                slots.by_location.insert(key, slots.locations.len());
                slots.locations.push(loc);
            }
        }
        slots
    }

    pub fn slot(&self, loc: &Loc) -> Option<usize> {
        self.by_location.get(&loc.to_string()).copied()
    }
}

fn collect(cfg: &Cfg, out: &mut Vec<Loc>) {
    for block in &cfg.blocks {
        match &block.kind {
            BlockKind::State(state) => {
                out.push(block.loc.clone());
                let parents = crate::model::scope::scope_parents(state).unwrap_or_default();
                for (n, node) in state.nodes.iter().enumerate() {
                    if matches!(node.kind, NodeKind::MapEntry { .. }) && parents.get(n) == Some(&None) {
                        out.push(node.loc.clone());
                    }
                }
            }
            BlockKind::Region { cfg, .. } => collect(cfg, out),
            BlockKind::Loop(l) => collect(&l.cfg, out),
            BlockKind::Conditional(branches) => branches.iter().for_each(|b| collect(&b.cfg, out)),
            BlockKind::Break | BlockKind::Continue | BlockKind::Return => {}
        }
    }
}

impl ModuleGen {
    pub(super) fn declare_profile(&mut self) {
        self.declare_external(ENTER, &[Ty::I64], None);
        self.declare_external(EXIT, &[Ty::I64], None);
    }
}

impl super::function::FnGen<'_, '_> {
    /// Runs `body` between the profile calls of the element at `loc`, when
    /// profiling and the element has a slot (outside kernels and parallel
    /// code only: the calls are not for threads).
    pub(super) fn profiled(&mut self, loc: &Loc, body: impl FnOnce(&mut Self) -> Result<(), String>) -> Result<(), String> {
        let slot = match &self.module.profile {
            Some(slots) if self.kernel.is_none() && self.parallel == 0 => slots.slot(loc),
            _ => None,
        };
        let Some(slot) = slot else { return body(self) };
        let id = self.b.i64(slot as i64);
        self.b.call_external(ENTER, &[id.clone()], None);
        body(self)?;
        self.b.call_external(EXIT, &[id], None);
        Ok(())
    }
}

/// What the calls add up, by slot: when the current entry began, the time
/// so far, and how often it was entered.
static TIMES: Mutex<Vec<(Option<Instant>, Duration, u64)>> = Mutex::new(Vec::new());

extern "C" fn enter(slot: i64) {
    let mut times = TIMES.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(t) = times.get_mut(slot as usize) {
        t.0 = Some(Instant::now());
    }
}

extern "C" fn exit(slot: i64) {
    let now = Instant::now();
    let mut times = TIMES.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(t) = times.get_mut(slot as usize) {
        if let Some(start) = t.0.take() {
            t.1 += now - start;
            t.2 += 1;
        }
    }
}

/// The functions the profiled code calls, for the JIT.
pub fn symbols() -> Vec<(&'static str, *mut ())> {
    vec![(ENTER, enter as *mut ()), (EXIT, exit as *mut ())]
}

/// Starts counting afresh for `slots` slots.
pub fn reset(slots: usize) {
    *TIMES.lock().unwrap_or_else(|e| e.into_inner()) = vec![(None, Duration::ZERO, 0); slots];
}

/// Seconds and entries per slot since the last `reset`.
pub fn take() -> Vec<(f64, u64)> {
    TIMES.lock().unwrap_or_else(|e| e.into_inner()).iter().map(|t| (t.1.as_secs_f64(), t.2)).collect()
}
