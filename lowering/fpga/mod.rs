//! The FPGA back end: every state that runs on the FPGA (a map, library
//! node or nested SDFG scheduled `FPGA_Device`, or FPGA-local memory) is a
//! kernel written as Vitis HLS C++ (`cpp`, `kernel`). `sdfg-translate
//! --emit-hls` writes the kernels into a directory with a build file;
//! `sdfg-run` runs them in software emulation: the kernel C++ is compiled
//! by the host compiler against `sdfg_hls.h` and called from the host
//! code, which the CPU lowering builds as for any program, FPGA global
//! memory being host memory as in Vitis' `sw_emu`.

pub mod cpp;
mod emulation;
mod files;
mod host;
mod kernel;
mod staging;

pub use files::{emit_hls, HlsFile};
pub use kernel::{kernel_source, Kernel};

use crate::model::{DataKind, NodeKind, Schedule, Sdfg, State, Storage};
use crate::transforms::place;

/// The emulation header every kernel includes.
pub const HEADER: &str = include_str!("sdfg_hls.h");

/// Why a program that names FPGA memory or schedules has nothing to run there.
pub const NO_KERNELS: &str =
    "the program has no FPGA kernels (no state with FPGA_Device maps, library nodes or nested SDFGs, FPGA-local memory, or code on FPGA memory)";

/// Whether `state` runs on the FPGA.
pub fn is_kernel_state(sdfg: &Sdfg, state: &State) -> bool {
    let fpga = |s: Schedule| matches!(s, Schedule::FpgaDevice | Schedule::FpgaMultiPumped);
    state.nodes.iter().any(|n| match &n.kind {
        NodeKind::MapEntry { map, .. } => fpga(map.schedule),
        NodeKind::ConsumeEntry { consume, .. } => fpga(consume.schedule),
        NodeKind::Library(lib) => fpga(lib.schedule()),
        NodeKind::NestedSdfg { .. } => n.extra.get("schedule").and_then(|v| v.as_str()) == Some(Schedule::FpgaDevice.as_str()),
        NodeKind::Access { data, .. } => sdfg.container(data).is_some_and(|d| device_only(d.storage) || d.kind == DataKind::Stream && d.storage == Storage::FpgaGlobal),
        _ => false,
    }) || computes_on_fpga_memory(sdfg, state)
}

/// Whether code reads or writes FPGA memory in `state`, or a copy moves
/// data from FPGA memory to FPGA memory: only the FPGA reaches it, as in
/// DaCe, whatever the schedule of the code (an inlined FPGA_Device nested
/// SDFG leaves its nested SDFGs and library nodes with theirs). Copies
/// between host and FPGA memory are the host's.
fn computes_on_fpga_memory(sdfg: &Sdfg, state: &State) -> bool {
    let on_fpga = |data: &str| sdfg.container(data).is_some_and(|d| d.storage == Storage::FpgaGlobal || device_only(d.storage));
    let fpga_access = |n: usize| match state.nodes.get(n).map(|n| &n.kind) {
        Some(NodeKind::Access { data, .. }) => Some(on_fpga(data)),
        _ => None,
    };
    state.edges.iter().any(|e| match (fpga_access(e.src), fpga_access(e.dst)) {
        (Some(a), Some(b)) => a && b,
        _ => e.memlet.data.as_deref().is_some_and(on_fpga),
    })
}

/// Memory only a kernel reaches.
pub fn device_only(s: Storage) -> bool {
    matches!(s, Storage::FpgaLocal | Storage::FpgaRegisters | Storage::FpgaShiftRegister)
}

/// The SDFG as the emitter takes it: state-machine loops lifted into loop
/// regions, library nodes expanded into maps and tasklets (those writing
/// a stream through a scalar first).
pub fn prepare(sdfg: &Sdfg) -> Result<Sdfg, String> {
    let mut sdfg = sdfg.clone();
    crate::transforms::loop_lifting::lift_all(&mut sdfg);
    staging::stage_stream_outputs(&mut sdfg);
    let expansion = crate::transforms::find("sdfg-expand-library-nodes").ok_or("library expansion is missing")?;
    crate::transforms::apply_deep(expansion, &mut sdfg, &Default::default(), 100_000)?;
    Ok(sdfg)
}

/// The kernel states of the top-level control flow, in file order, with
/// their labels.
pub fn kernel_states(sdfg: &Sdfg) -> Vec<(String, &State)> {
    let mut out = Vec::new();
    for (path, state) in place::states(sdfg) {
        if is_kernel_state(sdfg, state) {
            out.push((place::state_label(sdfg, &path), state));
        }
    }
    out
}

/// Whether any state of the SDFG (outside nested SDFGs) is a kernel.
pub fn has_kernels(sdfg: &Sdfg) -> bool {
    place::states(sdfg).iter().any(|(_, s)| is_kernel_state(sdfg, s))
}

/// Why `--fpga-mode hardware` cannot run here: what is missing of Vitis'
/// `v++` and an FPGA board reached through XRT.
pub fn hardware_refusal() -> String {
    let on_path = |tool: &str| {
        std::env::var_os("PATH").is_some_and(|p| std::env::split_paths(&p).any(|d| d.join(tool).is_file()))
    };
    let board = std::path::Path::new("/sys/bus/pci/drivers/xocl").is_dir();
    let mut missing = Vec::new();
    if !on_path("v++") {
        missing.push("Vitis (v++ is not on PATH)");
    }
    if !board {
        missing.push("an FPGA board reached through XRT (the xocl driver is not loaded)");
    }
    if missing.is_empty() {
        return "--fpga-mode hardware: building the XRT host program for a board is not supported by this build yet; use --fpga-mode emulation".into();
    }
    format!("--fpga-mode hardware needs {}; use --fpga-mode emulation", missing.join(" and "))
}
