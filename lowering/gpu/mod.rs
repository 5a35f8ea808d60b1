//! The GPU back end. `GPU_Device` maps become kernel launches
//! ([`kernel`]), `GPU_Global` containers device allocations, and copies
//! between host and GPU memory runtime copies ([`copy`]). Kernels are
//! outlined into a `gpu.module` and compiled in process for the runtime
//! chosen at run time: [`cuda`] (NVVM to PTX, run through the CUDA driver
//! loaded when the program starts; no CUDA toolkit needed); [`spirv`]
//! turns kernels into SPIR-V for Vulkan, and [`vulkan`] finds a Vulkan
//! device.

pub mod binary;
pub mod blocks;
mod buffers;
mod check_report;
mod complex_selects;
mod copy;
pub mod cublas;
pub mod cuda;
mod device_math;
mod float_atomics;
pub mod kernel;
mod loop_results;
pub(super) mod matmul;
mod reduce;
mod library;
mod pointers;
use super::raw_ir;
pub mod rooms;
pub mod streams;
pub mod spirv;
pub mod f64_math;
pub mod f64_trig;
pub mod vulkan;
mod workgroup_size;

use super::types::Ty;
use super::ModuleGen;

/// `--gpu-runtime`: which GPU runtime runs a program's kernels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice {
    /// CUDA where its driver finds a device, else Vulkan.
    Auto,
    Cuda,
    Vulkan,
}

/// What the GPU code of a program is built for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// NVIDIA GPUs through the CUDA driver: PTX for this chip (`sm_90`).
    Cuda { chip: String },
    /// Any Vulkan 1.3 device: SPIR-V kernels run by the runtime in [`vulkan`].
    Vulkan,
}

impl Target {
    /// The CUDA target for the chip named by `SDFG_GPU_CHIP`, else `sm_90`
    /// (for printing PTX where no GPU is present).
    pub fn cuda_default() -> Target {
        let chip = std::env::var("SDFG_GPU_CHIP").ok().filter(|c| c.starts_with("sm_")).unwrap_or_else(|| "sm_90".into());
        Target::Cuda { chip }
    }
}

/// The GPU runtime to run a program with, and the device it found; an
/// error names every runtime tried and why it is not usable.
pub fn select(choice: Choice) -> Result<(Target, String), String> {
    let cuda = || cuda::probe().map(|d| (Target::Cuda { chip: d.chip }, d.name));
    let vulkan = || vulkan::probe().map(|d| (Target::Vulkan, d.name));
    match choice {
        Choice::Cuda => cuda().map_err(|e| format!("no CUDA device: {e}")),
        Choice::Vulkan => vulkan().map_err(|e| format!("no Vulkan device: {e}")),
        Choice::Auto => cuda().or_else(|c| {
            vulkan().map_err(|v| format!("no GPU runtime is usable: no CUDA device ({c}); no Vulkan device: {v}"))
        }),
    }
}

impl ModuleGen {
    /// A kernel name from a map's label, unique in the module.
    pub fn kernel_name(&mut self, label: &str) -> String {
        let base = format!("kernel_{}", super::entry_name(label));
        let mut name = base.clone();
        let mut n = 1;
        while self.has_symbol(&name) {
            name = format!("{base}_{n}");
            n += 1;
        }
        self.mark_symbol(&name);
        name
    }

    /// The GPU runtime's helpers that host code calls:
    /// `__sdfg_gpu_alloc(name, count, size)`, `__sdfg_gpu_free(p)`,
    /// `__sdfg_gpu_copy(dst, src, bytes)`.
    pub fn declare_gpu_runtime(&mut self) {
        self.uses_gpu = true;
        self.declare_external("__sdfg_gpu_alloc", &[Ty::Ptr, Ty::I64, Ty::I64], Some(Ty::Ptr));
        self.declare_external("__sdfg_gpu_free", &[Ty::Ptr], None);
        self.declare_external("__sdfg_gpu_realloc", &[Ty::Ptr, Ty::I64, Ty::I64, Ty::Ptr], Some(Ty::Ptr));
        self.declare_external("__sdfg_gpu_copy", &[Ty::Ptr, Ty::Ptr, Ty::I64], None);
    }
}
