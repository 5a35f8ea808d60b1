//! `sdfg-simplify`: DaCe's simplify pipeline. Its steps run in DaCe's order,
//! again and again, until a whole round changes nothing: inline nested
//! SDFGs and regions, promote scalars to symbols, fuse states, propagate
//! constants, remove dead dataflow, dead states and unused symbols, remove
//! redundant arrays, views that are slices and unused containers, and
//! consolidate edges.
//!
//! Each step is a transformation of its own (see its file for what it
//! requires); the pipeline only orders them.

use super::pipeline::{pipeline, Step};

/// The steps, in order.
pub const STEPS: &[Step] = &[
    Step { name: "sdfg-inline-control-flow-regions", options: "" },
    Step { name: "sdfg-inline-sdfg", options: "" },
    Step { name: "sdfg-inline-multistate-sdfg", options: "" },
    Step { name: "sdfg-scalar-to-symbol-promotion", options: "" },
    Step { name: "sdfg-state-fusion", options: "" },
    Step { name: "sdfg-constant-propagation", options: "" },
    Step { name: "sdfg-dead-dataflow-elimination", options: "" },
    Step { name: "sdfg-dead-state-elimination", options: "" },
    Step { name: "sdfg-remove-unused-symbols", options: "" },
    Step { name: "sdfg-redundant-array", options: "" },
    Step { name: "sdfg-redundant-second-array", options: "" },
    Step { name: "sdfg-remove-slice-view", options: "" },
    Step { name: "sdfg-array-elimination", options: "" },
    Step { name: "sdfg-consolidate-edges", options: "" },
];

pipeline!(
    /// DaCe's simplify pipeline, to a fixed point.
    Simplify,
    "sdfg-simplify",
    "DaCe's simplify pipeline (inlining, scalar promotion, state fusion, constant propagation, dead code, unused symbol, redundant array and slice view removal) to a fixed point",
    STEPS
);
