//! Conversion between the in-memory SDFG ([`crate::model`]) and the `sdfg`
//! dialect.
//!
//! [`build`] builds a model's ops in memory (import and every rewrite go
//! through it; no text in between); [`read`] walks the ops back into a model,
//! with `file:line:col` locations for the SDFG verifier.

pub mod context;
mod attr_list;
pub use attr_list::location;
pub mod build;
mod build_state;
pub mod read;
pub mod rebuild;
mod read_state;
mod range_attr;
mod wcr_attr;
mod assign_attr;
mod exprs_attr;
mod symbols_attr;
mod instrument;
pub(crate) mod attrs;

pub use context::{new_context, parse_module};
pub use build::{append_sdfg, build_module};
pub use read::read_module;
#[cfg(test)]
mod tests;
