//! NumPy `.npy` / `.npz` files and the corpus comparison rules.
//!
//! The SDFG reference corpus (`shared/sdfg-corpus`) stores the inputs and
//! expected outputs of every program as an `.npz` archive (`in.<name>`,
//! `out.<name>`), and each manifest carries a `compare` object that says how
//! results are checked. This module reads and writes those archives
//! ([`read_npz`], [`write_npz`], [`read_npy`], [`write_npy`]) into plain
//! little-endian, C-order [`Array`]s and implements the comparison
//! ([`compare()`], [`compare_outputs`], [`CompareRules`]).
//!
//! Every failure on bad input is an [`NpzError`] (or a `String` for
//! comparison mismatches); nothing here panics on malformed files.

mod archive;
mod array;
mod compare;
mod npy;
mod rules;
mod values;

#[cfg(test)]
mod tests_archive;
#[cfg(test)]
mod tests_compare;
#[cfg(test)]
mod tests_corpus;
#[cfg(test)]
mod tests_npy;

pub use archive::{read_npz, read_npz_bytes, write_npz};
pub use array::{Array, Element};
pub use crate::scalar::ScalarType;
pub use compare::{compare, compare_outputs};
pub use npy::{read_npy, write_npy};
pub use rules::{CompareRules, CountRef, Special, Tolerance};
pub use values::Value;

/// Errors from reading or writing `.npy`/`.npz` data and from parsing
/// comparison rules.
#[derive(Debug, thiserror::Error)]
pub enum NpzError {
    /// Malformed or unsupported `.npy` content (no file/entry context).
    #[error("{0}")]
    Format(String),
    /// A problem with one entry of an archive.
    #[error("{file}: {entry}: {message}")]
    Entry {
        file: String,
        entry: String,
        message: String,
    },
    /// A problem with the archive as a whole (zip structure, names).
    #[error("{file}: {message}")]
    Archive { file: String, message: String },
    /// An I/O error while reading or writing `file`.
    #[error("{file}: {source}")]
    Io {
        file: String,
        #[source]
        source: std::io::Error,
    },
    /// Invalid array construction (data length does not match the shape).
    #[error("invalid array: {0}")]
    Array(String),
    /// Invalid `compare` object in a manifest.
    #[error("compare rules: {0}")]
    Rules(String),
}
