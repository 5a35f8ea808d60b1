//! The transients of one GPU kernel, which `sdfg-gpu-transform` makes
//! its threads' registers (DaCe's `register_trans`).

use super::place;
use crate::model::{scope, DataKind, NodeKind, Schedule, Sdfg};
use std::collections::BTreeMap;

/// Transients that live in one kernel: every access node of theirs is in
/// the scope of the same `GPU_Device` map (DaCe's `register_trans`: they
/// become registers of its threads).
pub fn kernel_locals(sdfg: &Sdfg) -> Vec<String> {
    let mut home: BTreeMap<&str, Option<(crate::model::StatePath, usize)>> = BTreeMap::new();
    for (path, state) in place::states(sdfg) {
        let Ok(parents) = scope::scope_parents(state) else { return Vec::new() };
        for (i, node) in state.nodes.iter().enumerate() {
            let NodeKind::Access { data, .. } = &node.kind else { continue };
            let kernel = scope::outermost_map(state, &parents, i, |m| m.schedule == Schedule::GpuDevice).map(|k| (path.clone(), k));
            let entry = home.entry(data.as_str()).or_insert_with(|| kernel.clone());
            if *entry != kernel {
                *entry = None;
            }
        }
    }
    home.into_iter()
        .filter(|(name, kernel)| {
            kernel.is_some()
                && sdfg.container(name).is_some_and(|d| {
                    d.transient && matches!(d.kind, DataKind::Scalar | DataKind::Array) && !d.lifetime.outlives_call()
                })
                && !super::uses::mentioned_in_code(sdfg, name)
        })
        .map(|(name, _)| name.to_string())
        .collect()
}
