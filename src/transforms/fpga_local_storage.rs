//! FPGA global-to-local storage (DaCe's `fpga_global_to_local`, a step of
//! its FPGA auto-optimization): a transient in FPGA global memory that one
//! state uses and whose size is known when compiling, up to `max-size`
//! bytes (default 1 MiB), moves into FPGA-local memory (on-chip BRAM),
//! where the kernel owns it instead of reaching it over a memory port.
//!
//! ```mlir
//! sdfg.array "T" {shape = #sdfg.exprs<64>, storage = #sdfg.storage<FPGA_Global>, transient}
//! ```
//! becomes
//! ```mlir
//! sdfg.array "T" {shape = #sdfg.exprs<64>, storage = #sdfg.storage<FPGA_Local>, transient}
//! ```
//!
//! DaCe looks at the top-level SDFG only; after the FPGA transform the
//! program's own transients sit in its FPGA_Device nested SDFG, so here
//! every SDFG of the nesting is looked at. A transient counts as used by
//! one state when no other state, interstate edge or loop names it; the
//! size is the product of its shape, which must fold to a number.

use super::{place, Match, Options, Place, Transformation};
use crate::model::{DType, DataKind, NodeKind, Sdfg, Storage};

pub struct FpgaLocalStorage;

/// DaCe's default bound, in bytes.
const MAX_SIZE: i64 = 1 << 20;

impl Transformation for FpgaLocalStorage {
    fn name(&self) -> &'static str {
        "sdfg-fpga-local-storage"
    }

    fn summary(&self) -> &'static str {
        "DaCe's FPGA global-to-local: small transients of one state move from FPGA global to FPGA-local memory (max-size=BYTES)"
    }

    fn option_names(&self) -> &'static [&'static str] {
        &["max-size"]
    }

    fn matches(&self, sdfg: &Sdfg) -> Vec<Match> {
        self.matches_with(sdfg, &Options::default()).unwrap_or_default()
    }

    fn matches_with(&self, sdfg: &Sdfg, options: &Options) -> Result<Vec<Match>, String> {
        let max = options.positive("max-size", MAX_SIZE)?;
        Ok(candidates(sdfg, max)
            .into_iter()
            .enumerate()
            .map(|(k, name)| Match { place: Place { state: Vec::new(), node: k }, description: format!("transient '{name}'") })
            .collect())
    }

    fn apply(&self, sdfg: &mut Sdfg, m: &Match, options: &Options) -> Result<(), String> {
        let max = options.positive("max-size", MAX_SIZE)?;
        let name = candidates(sdfg, max).into_iter().nth(m.place.node).ok_or("match no longer applies")?;
        let desc = sdfg.container_mut(&name).ok_or("undeclared data")?;
        desc.storage = Storage::FpgaLocal;
        Ok(())
    }
}

/// The transients of `sdfg` (not of nested SDFGs) that may move.
fn candidates(sdfg: &Sdfg, max_bytes: i64) -> Vec<String> {
    let states = place::states(sdfg);
    let mut out = Vec::new();
    for (name, desc) in &sdfg.containers {
        if !desc.transient || desc.storage != Storage::FpgaGlobal || desc.kind == DataKind::Stream {
            continue;
        }
        let DType::Scalar(t) = &desc.dtype else { continue };
        let Some(elements) = desc.total_elements().simplify().as_int() else { continue };
        if elements.saturating_mul(t.size() as i64) > max_bytes {
            continue;
        }
        let names = |s: &crate::model::State| {
            s.nodes.iter().any(|n| matches!(&n.kind, NodeKind::Access { data, .. } if data == name))
                || s.edges.iter().any(|e| e.memlet.data.as_deref() == Some(name.as_str()))
        };
        let users = states.iter().filter(|(_, s)| names(s)).count();
        if users == 1 && !super::uses::mentioned_in_code(sdfg, name) {
            out.push(name.clone());
        }
    }
    out
}
