//! The last steps of DaCe's CPU auto-optimize, which set attributes rather
//! than rewrite graphs:
//!
//! - schedules: a map with the `Default` schedule becomes `CPU_Multicore` at
//!   the top of a state that no map encloses, else `Sequential` (what DaCe's
//!   type inference fixes before code generation);
//! - small transients to registers: a transient array with `Default`
//!   storage and `Scope` lifetime whose size is a constant no larger than
//!   the tile size gets `Register` storage (`move_small_arrays_to_stack`);
//! - persistent transients: a transient array or scalar whose access nodes
//!   are all outside maps and whose size depends only on symbols given to
//!   the SDFG gets the `Persistent` lifetime (`make_transients_persistent`),
//!   so DaCe allocates it once per program rather than per call.
//!
//! The CPU lowering already places such data itself (small arrays on the
//! stack, nested maps sequential); the attributes make exported files say
//! what DaCe's own auto-optimize would.

use super::pipeline::for_each_state_mut;
use crate::model::{scope, DataKind, Lifetime, NodeKind, Schedule, Sdfg, State, Storage};
use std::collections::{BTreeSet, HashSet};

/// DaCe's `optimizer.autotile_size`.
pub const TILE_SIZE: i64 = 128;

/// Applies the three rules to `sdfg` and every SDFG nested in it; returns
/// how many attributes changed.
pub fn set_schedules_storage_lifetimes(sdfg: &mut Sdfg, in_map: bool) -> usize {
    let mut changed = small_arrays_to_registers(sdfg) + persistent_transients(sdfg);
    for_each_state_mut(&mut sdfg.cfg, &mut |state| {
        let parents = scope::scope_parents(state).unwrap_or_else(|_| vec![None; state.nodes.len()]);
        for i in 0..state.nodes.len() {
            let enclosed = in_map || parents[i].is_some();
            match &mut state.nodes[i].kind {
                NodeKind::MapEntry { map, .. } if map.schedule == Schedule::Default => {
                    map.schedule = if enclosed { Schedule::Sequential } else { Schedule::CpuMulticore };
                    changed += 1;
                }
                NodeKind::NestedSdfg { sdfg, .. } => changed += set_schedules_storage_lifetimes(sdfg, enclosed),
                _ => {}
            }
        }
    });
    changed
}

fn small_arrays_to_registers(sdfg: &mut Sdfg) -> usize {
    let mut changed = 0;
    for (_, desc) in sdfg.containers.iter_mut() {
        let size = desc.total_elements();
        let small = size.simplify().as_int().is_some_and(|n| n <= TILE_SIZE);
        if desc.transient && desc.kind == DataKind::Array && desc.storage == Storage::Default && desc.lifetime == Lifetime::Scope && small {
            desc.storage = Storage::Register;
            changed += 1;
        }
    }
    changed
}

/// DaCe's `make_transients_persistent`: transients whose access nodes are
/// all outside maps and whose size only the SDFG's arguments set become
/// `Persistent`. Returns how many changed.
pub fn persistent_transients(sdfg: &mut Sdfg) -> usize {
    let mut defined = BTreeSet::new();
    crate::analysis::symbols::assigned(&sdfg.cfg, &mut defined);
    let given: BTreeSet<String> = sdfg.symbols.iter().map(|(n, _)| n.clone()).filter(|n| !defined.contains(n)).collect();
    let constants: HashSet<String> = sdfg.constants.iter().map(|c| c.name.clone()).collect();
    let mut seen = HashSet::new();
    let mut refused = HashSet::new();
    for_each_state_mut(&mut sdfg.cfg, &mut |state: &mut State| {
        let parents = scope::scope_parents(state).unwrap_or_else(|_| vec![Some(0); state.nodes.len()]);
        for (i, n) in state.nodes.iter().enumerate() {
            if let NodeKind::Access { data, .. } = &n.kind {
                seen.insert(data.clone());
                if parents[i].is_some() {
                    refused.insert(data.clone());
                }
            }
        }
    });
    let mut changed = 0;
    for (name, desc) in sdfg.containers.iter_mut() {
        let size = desc.total_elements();
        let eligible = desc.transient
            && matches!(desc.kind, DataKind::Array | DataKind::Scalar)
            && desc.storage != Storage::Register
            && !desc.lifetime.outlives_call()
            && !constants.contains(name.as_str())
            && seen.contains(name.as_str())
            && !refused.contains(name.as_str())
            && size.free_symbols().iter().all(|s| given.contains(s));
        if eligible {
            desc.lifetime = Lifetime::Persistent;
            changed += 1;
        }
    }
    changed
}

