//! Memory banks for FPGA global transients (DaCe's
//! `fpga_rr_interleave_containers_to_banks`, a step of its FPGA
//! auto-optimization): each transient array in FPGA global memory, in the
//! SDFG and its nested SDFGs, gets the next of `banks` off-chip banks in
//! turn, as its `location` property `bank` (DaCe's JSON form), so that
//! kernels reading several arrays use several memory channels. The HLS
//! emitter connects each kernel port to its array's bank
//! (`connectivity.cfg`).

use crate::model::{DataKind, NodeKind, Sdfg, Storage};
use crate::transforms::place;

/// DaCe's default: the four DDR banks of an Alveo U250.
pub const BANKS: usize = 4;

/// Assigns the banks round robin; returns how many arrays each bank got.
pub fn interleave(sdfg: &mut Sdfg, banks: usize) -> Vec<usize> {
    let mut count = vec![0; banks.max(1)];
    let mut next = 0;
    assign(sdfg, &mut next, &mut count);
    count
}

fn assign(sdfg: &mut Sdfg, next: &mut usize, count: &mut [usize]) {
    for (_, desc) in sdfg.containers.iter_mut() {
        if desc.transient && desc.storage == Storage::FpgaGlobal && desc.kind != DataKind::Stream {
            let bank = *next % count.len();
            desc.extra.insert("location".into(), serde_json::json!({ "bank": bank.to_string() }));
            count[bank] += 1;
            *next += 1;
        }
    }
    let paths: Vec<_> = place::states(sdfg).into_iter().map(|(p, _)| p).collect();
    for path in paths {
        let Some(state) = place::state_mut(sdfg, &path) else { continue };
        for node in &mut state.nodes {
            if let NodeKind::NestedSdfg { sdfg: inner, .. } = &mut node.kind {
                assign(inner, next, count);
            }
        }
    }
}

/// The bank `interleave` (or DaCe) gave a container, if any.
pub fn bank(desc: &crate::model::DataDesc) -> Option<usize> {
    let bank = desc.extra.get("location")?.get("bank")?;
    bank.as_u64().map(|b| b as usize).or_else(|| bank.as_str()?.parse().ok())
}
