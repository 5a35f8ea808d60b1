//! Transformations of SDFGs, one per file.

pub mod loop_lifting;
