//! sdfg-mlir: a compiler for Stateful Dataflow multiGraphs on MLIR.
//!
//! - [`model`]: the in-memory SDFG that importers build and exporters write;
//! - [`symbolic`]: the expression engine for shapes, subsets and conditions;
//! - `syntax`: the one tokenizer of Python text (tasklet code and symbolic
//!   expressions);
//! - [`json`]: DaCe `.sdfg` JSON import and export;
//! - [`ir`]: conversion between the model and the `sdfg` dialect;
//! - [`verify`]: DaCe's validation rules, reporting every error with a location;
//! - [`transforms`]: transformations and pipelines;
//! - [`analysis`]: analyses (read/write sets, symbols, memlet trees, state
//!   order, canonical form).
pub mod analysis;
pub mod diag;
pub mod frontend;
pub mod dialect;
pub mod driver;
pub mod model;
pub mod passes;
pub mod run;
pub mod scalar;
pub mod ir;
pub mod symbolic;
mod syntax;
pub mod transforms;
pub mod translate;
pub mod verify;
pub mod view;
pub mod json;
#[path = "../lowering/mod.rs"]
pub mod lowering;
pub mod npz;
pub mod tasklet;
