//! Analyses of SDFGs: the order of states and the canonical-form checker.

pub mod canonical;
pub mod reach;
