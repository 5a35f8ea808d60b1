//! `sdfg-auto-optimize{device=cpu}`: DaCe's CPU auto-optimization recipe.
//!
//! 1. simplify (`sdfg-simplify`);
//! 2. loops whose iterations are independent become maps (`sdfg-loop-to-map`,
//!    after lifting state-machine loops), simplifying again after each round;
//! 3. nested maps collapse into one (`sdfg-map-collapse`);
//! 4. producer-consumer maps fuse greedily (`sdfg-map-fusion`);
//! 5. simplify once more.
//!
//! Steps 2–4 run until a whole round changes nothing. Library nodes already
//! use the fast (BLAS) implementations and top-level maps already run in
//! parallel on the CPU, so those steps of DaCe's recipe need no rewrite here.

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

pub struct AutoOptimize;

impl Transformation for AutoOptimize {
    fn name(&self) -> &'static str {
        "sdfg-auto-optimize"
    }

    fn summary(&self) -> &'static str {
        "DaCe's auto-optimization for a device (device=cpu): simplify, loops to maps, map collapse and fusion"
    }

    fn option_names(&self) -> &'static [&'static str] {
        &["device"]
    }

    fn matches(&self, sdfg: &Sdfg) -> Vec<Match> {
        let mut all = pipeline_matches(SIMPLIFY, sdfg);
        if all.is_empty() {
            let mut lifted = sdfg.clone();
            super::loop_lifting::lift_all(&mut lifted);
            all = pipeline_matches(STEPS, &lifted);
        }
        all
    }

    fn once_per_match(&self) -> bool {
        true
    }

    fn recurses(&self) -> bool {
        true
    }

    fn apply(&self, sdfg: &mut Sdfg, _m: &Match, options: &Options) -> Result<(), String> {
        match options.get("device").unwrap_or("cpu") {
            "cpu" => {}
            other => return Err(format!("sdfg-auto-optimize: device '{other}' has no back end (known: cpu)")),
        }
        run_to_fixed_point(SIMPLIFY, sdfg)?;
        // State-machine loops become loop regions, which loop-to-map needs.
        super::loop_lifting::lift_all(sdfg);
        run_to_fixed_point(STEPS, sdfg)?;
        run_to_fixed_point(SIMPLIFY, sdfg).map(|_| ())
    }
}
