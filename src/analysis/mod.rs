//! Analyses of SDFGs: memlet propagation, the order of states and the
//! canonical-form checker.

pub mod canonical;
pub mod propagation;
pub mod reach;
