//! Whether an SDFG asks for a device other than the CPU: a map, consume
//! scope or library node with a GPU or FPGA schedule, or a container in GPU
//! or FPGA memory, nested SDFGs included. The CPU lowering refuses such a
//! program instead of running it on the CPU in its place.

use crate::model::{Loc, NodeKind, Schedule, Sdfg, Storage};
use crate::transforms::place;

/// The first element of `sdfg` that needs a GPU or an FPGA, with what to
/// say about it and where it is.
pub fn first_device_use(sdfg: &Sdfg) -> Option<(String, &Loc)> {
    for (name, desc) in &sdfg.containers {
        if let Some(device) = storage_device(desc.storage) {
            return Some((format!("container '{name}' is in {device} memory ({})", desc.storage.as_str()), &desc.loc));
        }
    }
    for (_, state) in place::states(sdfg) {
        for node in &state.nodes {
            let (what, schedule) = match &node.kind {
                NodeKind::MapEntry { map, .. } => ("map", map.schedule),
                NodeKind::ConsumeEntry { consume, .. } => ("consume scope", consume.schedule),
                NodeKind::Library(lib) => ("library node", lib.schedule()),
                NodeKind::NestedSdfg { sdfg, .. } => match first_device_use(sdfg) {
                    Some(found) => return Some(found),
                    None => continue,
                },
                _ => continue,
            };
            if let Some(device) = schedule_device(schedule) {
                return Some((format!("{what} '{}' runs on the {device} ({})", node.label, schedule.as_str()), &node.loc));
            }
        }
    }
    None
}

/// The error for a program that needs a device: the CPU back end does not
/// stand in for it.
pub fn refusal(found: &str) -> String {
    format!("{found}: this build runs programs on the CPU only, and a GPU or FPGA program does not run on the CPU in its place")
}

fn schedule_device(s: Schedule) -> Option<&'static str> {
    match s {
        Schedule::GpuDefault | Schedule::GpuDevice | Schedule::GpuThreadBlock | Schedule::GpuThreadBlockDynamic | Schedule::GpuPersistent => {
            Some("GPU")
        }
        Schedule::FpgaDevice | Schedule::FpgaMultiPumped => Some("FPGA"),
        _ => None,
    }
}

fn storage_device(s: Storage) -> Option<&'static str> {
    match s {
        Storage::GpuGlobal | Storage::GpuShared => Some("GPU"),
        Storage::FpgaGlobal | Storage::FpgaLocal | Storage::FpgaRegisters | Storage::FpgaShiftRegister => Some("FPGA"),
        _ => None,
    }
}
