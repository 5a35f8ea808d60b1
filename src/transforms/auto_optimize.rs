//! `sdfg-auto-optimize{device=cpu}`: DaCe's CPU auto-optimization recipe.
//!
//! 1. trivial maps go (`sdfg-trivial-map-elimination`), then simplify
//!    (`sdfg-simplify`);
//! 2. loops whose iterations are independent become maps (`sdfg-loop-to-map`,
//!    after lifting state-machine loops), simplifying again after each round;
//! 3. nested maps collapse into one (`sdfg-map-collapse`);
//! 4. producer-consumer maps fuse greedily (`sdfg-map-fusion`);
//! 5. simplify once more;
//! 6. map nests that accumulate a matrix product become `Gemm` library
//!    nodes (`sdfg-map-to-gemm`, CPU only; beyond DaCe's recipe), maps
//!    that share dimensions with the map producing their input fuse over
//!    them (`sdfg-subgraph-fusion`, DaCe's greedy subgraph fusion; CPU
//!    only), then write-conflicted parallel maps get fewer atomics (`sdfg-tile-wcr`,
//!    once per map: extracted conflict-free dimensions, or tiles with an
//!    accumulator);
//! 7. schedules, small-array storage and transient lifetimes are set as
//!    DaCe sets them (`placement`).
//!
//! With `device=gpu` (DaCe's GPU recipe) step 7 is the GPU transform
//! instead (`sdfg-gpu-transform`: GPU copies of the arrays, top-level maps
//! as kernels, transients of one kernel in registers), which applies even
//! where nothing else does, then transients outside maps sized by the
//! SDFG's arguments become `Persistent` (allocated once, as DaCe's GPU
//! recipe does). Reductions on the GPU need no expansion step: the GPU
//! lowering runs `Reduce` in blocks of threads.
//!
//! With `device=fpga` (DaCe's FPGA recipe) step 6 is skipped (a pipelined
//! FPGA loop accumulates instead) and step 7 is the FPGA transform
//! (`sdfg-fpga-transform`), then transients of one state small enough for
//! on-chip memory move there (`sdfg-fpga-local-storage`) and the FPGA
//! global transients are spread over the memory banks round robin
//! (`fpga_banks`).
//!
//! Steps 2–4 run until a whole round changes nothing. DaCe collapses maps
//! again after step 6; here step 3 already did, and collapsing again would
//! undo step 6. Library nodes already use the fast (BLAS) implementations,
//! so that step of DaCe's recipe needs no rewrite here.

use super::pipeline::{pipeline_matches, run_to_fixed_point, Step};
use super::{Match, Options, Transformation};
use crate::model::Sdfg;

/// The steps after the first simplify, run to a fixed point.
pub const STEPS: &[Step] = &[
    Step { name: "sdfg-loop-to-map", options: "" },
    Step { name: "sdfg-simplify", options: "" },
    Step { name: "sdfg-map-collapse", options: "" },
    Step { name: "sdfg-map-fusion", options: "" },
];

const SIMPLIFY: &[Step] = &[Step { name: "sdfg-simplify", options: "" }];

/// Steps whose matches, before lifting, say the pipeline has work to do.
const PENDING: &[Step] = &[
    Step { name: "sdfg-trivial-map-elimination", options: "" },
    Step { name: "sdfg-simplify", options: "" },
    Step { name: "sdfg-tile-wcr", options: "" },
];

/// [`PENDING`] on the CPU, where matrix products become library nodes.
const CPU_PENDING: &[Step] = &[
    Step { name: "sdfg-trivial-map-elimination", options: "" },
    Step { name: "sdfg-simplify", options: "" },
    Step { name: "sdfg-map-to-gemm", options: "" },
    Step { name: "sdfg-tile-wcr", options: "" },
];

pub struct AutoOptimize;

impl Transformation for AutoOptimize {
    fn name(&self) -> &'static str {
        "sdfg-auto-optimize"
    }

    fn summary(&self) -> &'static str {
        "DaCe's auto-optimization for a device (device=cpu|gpu|fpga): simplify, loops to maps, map collapse and fusion, WCR tiling, schedules and lifetimes"
    }

    fn option_names(&self) -> &'static [&'static str] {
        &["device"]
    }

    fn matches(&self, sdfg: &Sdfg) -> Vec<Match> {
        pending(sdfg, Device::Cpu)
    }

    fn once_per_match(&self) -> bool {
        true
    }

    fn recurses(&self) -> bool {
        true
    }

    fn matches_with(&self, sdfg: &Sdfg, options: &Options) -> Result<Vec<Match>, String> {
        let device = device(options)?;
        let transform: Option<(&dyn Transformation, &str)> = match device {
            Device::Cpu => None,
            Device::Gpu => Some((&super::gpu_transform::GpuTransform, "the GPU")),
            Device::Fpga => Some((&super::fpga_transform::FpgaTransform, "the FPGA")),
        };
        if let Some((t, name)) = transform {
            if !t.matches(sdfg).is_empty() {
                let description = format!("the whole SDFG; for {name}");
                return Ok(vec![Match { place: super::Place { state: Vec::new(), node: 0 }, description }]);
            }
        }
        Ok(pending(sdfg, device))
    }

    fn apply(&self, sdfg: &mut Sdfg, _m: &Match, options: &Options) -> Result<(), String> {
        let device = device(options)?;
        let none = Options::default();
        super::apply_deep(&super::trivial_map_elimination::TrivialMapElimination, sdfg, &none, usize::MAX)?;
        run_to_fixed_point(SIMPLIFY, sdfg)?;
        // State-machine loops become loop regions, which loop-to-map needs.
        super::loop_lifting::lift_all(sdfg);
        run_to_fixed_point(STEPS, sdfg)?;
        run_to_fixed_point(SIMPLIFY, sdfg)?;
        if device == Device::Cpu {
            super::apply_deep(&super::map_to_gemm::MapToGemm, sdfg, &none, usize::MAX)?;
            super::apply_deep(&super::subgraph_fusion::SubgraphFusion, sdfg, &none, usize::MAX)?;
        }
        if device != Device::Fpga {
            super::apply_deep(&super::tile_wcr::TileWcr, sdfg, &none, usize::MAX)?;
        }
        match device {
            Device::Cpu => {
                super::placement::set_schedules_storage_lifetimes(sdfg, false);
            }
            Device::Gpu => {
                super::gpu_transform::GpuTransform.apply_everywhere(sdfg, &none, 1)?;
                super::placement::persistent_transients(sdfg);
            }
            Device::Fpga => {
                super::fpga_transform::FpgaTransform.apply_everywhere(sdfg, &none, 1)?;
                super::apply_deep(&super::fpga_local_storage::FpgaLocalStorage, sdfg, &none, usize::MAX)?;
                super::fpga_banks::interleave(sdfg, super::fpga_banks::BANKS);
            }
        }
        Ok(())
    }
}

/// What the recipe for `device` would do now, as one match (none: nothing).
fn pending(sdfg: &Sdfg, device: Device) -> Vec<Match> {
    let mut all = pipeline_matches(if device == Device::Cpu { CPU_PENDING } else { PENDING }, sdfg);

    if all.is_empty() {
        let mut lifted = sdfg.clone();
        super::loop_lifting::lift_all(&mut lifted);
        all = pipeline_matches(STEPS, &lifted);
    }
    if all.is_empty() && super::placement::set_schedules_storage_lifetimes(&mut sdfg.clone(), false) > 0 {
        let description = "the whole SDFG; applicable now: schedules, storage and lifetimes".to_string();
        all.push(Match { place: super::Place { state: Vec::new(), node: 0 }, description });
    }
    all
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Device {
    Cpu,
    Gpu,
    Fpga,
}

/// The `device` option: `cpu` (the default), `gpu` or `fpga`.
fn device(options: &Options) -> Result<Device, String> {
    match options.get("device").unwrap_or("cpu") {
        "cpu" => Ok(Device::Cpu),
        "gpu" => Ok(Device::Gpu),
        "fpga" => Ok(Device::Fpga),
        other => Err(format!("sdfg-auto-optimize: device '{other}' has no back end (known: cpu, gpu, fpga)")),
    }
}
