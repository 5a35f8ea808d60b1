//! `#pragma HLS ARRAY_PARTITION` for on-chip arrays: registers are split
//! into single elements, and FPGA-local memory read or written by the
//! iterations of an unrolled map at once is split so that each iteration
//! has its own port (DaCe partitions the same way).

use crate::model::{c_strides, DataDesc, NodeKind, Sdfg, Storage};
use crate::symbolic::Expr;
use crate::transforms::place;

/// Arrays up to this many elements are split completely.
const COMPLETE_UP_TO: i64 = 1024;

/// The partition directive for local array `name` of `elements`
/// elements, if it needs one.
pub fn partition(sdfg: &Sdfg, name: &str, desc: &DataDesc, elements: i64) -> Option<String> {
    match desc.storage {
        Storage::FpgaRegisters | Storage::FpgaShiftRegister => Some("complete".into()),
        Storage::FpgaLocal => {
            let (copies, step) = unrolled_access(sdfg, name, desc)?;
            if elements <= COMPLETE_UP_TO {
                Some("complete".into())
            } else if step == 1 {
                Some(format!("cyclic factor={copies}"))
            } else {
                None
            }
        }
        _ => None,
    }
}

/// Whether an unrolled map (of a constant number of iterations) reaches
/// `name` with an index that its parameter moves: that count, and how far
/// one step of the parameter moves the flat index.
fn unrolled_access(sdfg: &Sdfg, name: &str, desc: &DataDesc) -> Option<(i64, i64)> {
    let strides = desc.strides.clone().unwrap_or_else(|| c_strides(&desc.shape));
    for (_, state) in place::states(sdfg) {
        let parents = crate::model::scope::scope_parents(state).ok()?;
        for (entry, node) in state.nodes.iter().enumerate() {
            let NodeKind::MapEntry { map, .. } = &node.kind else { continue };
            if !node.extra.get("unroll").and_then(|v| v.as_bool()).unwrap_or(false) {
                continue;
            }
            let Some(copies) = map.range.num_elements().simplify().as_int() else { continue };
            let inside = |n: usize| crate::analysis::memlet_tree::enclosing_entries(&parents, n, None).contains(&entry);
            for e in state.edges.iter().filter(|e| e.memlet.data.as_deref() == Some(name) && (inside(e.src) || inside(e.dst))) {
                let Some(subset) = &e.memlet.subset else { continue };
                let flat = subset.dims().iter().zip(&strides).fold(Expr::int(0), |acc, (d, s)| acc.add(&d.start.mul(s)));
                for p in &map.params {
                    if let Some(step) = flat.unit_step(p).filter(|s| *s != 0) {
                        return Some((copies, step.abs()));
                    }
                }
            }
        }
    }
    None
}
