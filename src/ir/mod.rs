//! Conversion between the in-memory SDFG ([`crate::model`]) and the `sdfg`
//! dialect.
//!
//! [`emit`] prints a model as dialect text, which MLIR then parses (so every
//! import goes through the dialect's own parser and verifier); [`read`] walks a
//! parsed module back into a model, with `file:line:col` locations for the
//! SDFG verifier.

pub mod context;
pub mod emit;
pub mod read;
mod read_state;
pub(crate) mod attrs;
mod text;

pub use context::{new_context, parse_module};
pub use emit::emit_text;
pub use read::read_module;
#[cfg(test)]
mod tests;
