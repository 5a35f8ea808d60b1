//! Whether an SDFG asks for a device other than the CPU: a map, consume
//! scope or library node with a GPU or FPGA schedule, or a container in GPU
//! or FPGA memory, nested SDFGs included. The CPU lowering refuses such a
//! program instead of running it on the CPU in its place.

use crate::model::{Loc, NodeKind, Schedule, Sdfg, Storage};
use crate::transforms::place;

/// A device other than the CPU.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Device {
    Gpu,
    Fpga,
}

impl Device {
    fn name(self) -> &'static str {
        match self {
            Device::Gpu => "GPU",
            Device::Fpga => "FPGA",
        }
    }
}

/// An element that needs a device: which, what to say about it, where.
pub struct DeviceUse<'s> {
    pub device: Device,
    pub what: String,
    pub loc: &'s Loc,
}

/// The first element of `sdfg` that needs a GPU or an FPGA.
pub fn first_device_use(sdfg: &Sdfg) -> Option<DeviceUse<'_>> {
    first_use(sdfg, &|_| true)
}

/// The first element of `sdfg` that needs an FPGA.
pub fn first_fpga_use(sdfg: &Sdfg) -> Option<DeviceUse<'_>> {
    first_use(sdfg, &|d| d == Device::Fpga)
}

fn first_use<'s>(sdfg: &'s Sdfg, wanted: &dyn Fn(Device) -> bool) -> Option<DeviceUse<'s>> {
    for (name, desc) in &sdfg.containers {
        if let Some(device) = storage_device(desc.storage).filter(|d| wanted(*d)) {
            let what = format!("container '{name}' is in {} memory ({})", device.name(), desc.storage.as_str());
            return Some(DeviceUse { device, what, loc: &desc.loc });
        }
    }
    for (_, state) in place::states(sdfg) {
        for node in &state.nodes {
            let (what, schedule) = match &node.kind {
                NodeKind::MapEntry { map, .. } => ("map", map.schedule),
                NodeKind::ConsumeEntry { consume, .. } => ("consume scope", consume.schedule),
                NodeKind::Library(lib) => ("library node", lib.schedule()),
                NodeKind::NestedSdfg { sdfg, .. } => match first_use(sdfg, wanted) {
                    Some(found) => return Some(found),
                    None => continue,
                },
                _ => continue,
            };
            if let Some(device) = schedule_device(schedule).filter(|d| wanted(*d)) {
                let what = format!("{what} '{}' runs on the {} ({})", node.label, device.name(), schedule.as_str());
                return Some(DeviceUse { device, what, loc: &node.loc });
            }
        }
    }
    None
}

/// The error for a program that needs a device the build was not asked
/// for: the CPU back end does not stand in for it.
pub fn refusal(found: &DeviceUse) -> String {
    match found.device {
        Device::Gpu => format!(
            "{}: GPU programs run with a GPU runtime (--gpu-runtime), and a GPU program does not run on the CPU in its place",
            found.what
        ),
        Device::Fpga => format!(
            "{}: FPGA programs run in software emulation (sdfg-run) or as Vitis HLS C++ (sdfg-translate --emit-hls), and an FPGA program does not run on the CPU in its place",
            found.what
        ),
    }
}

fn schedule_device(s: Schedule) -> Option<Device> {
    match s {
        Schedule::GpuDefault | Schedule::GpuDevice | Schedule::GpuThreadBlock | Schedule::GpuThreadBlockDynamic | Schedule::GpuPersistent => {
            Some(Device::Gpu)
        }
        Schedule::FpgaDevice | Schedule::FpgaMultiPumped => Some(Device::Fpga),
        _ => None,
    }
}

fn storage_device(s: Storage) -> Option<Device> {
    match s {
        Storage::GpuGlobal | Storage::GpuShared => Some(Device::Gpu),
        Storage::FpgaGlobal | Storage::FpgaLocal | Storage::FpgaRegisters | Storage::FpgaShiftRegister => Some(Device::Fpga),
        _ => None,
    }
}
