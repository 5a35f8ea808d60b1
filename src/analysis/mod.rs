//! Analyses of SDFGs: read and write sets and the dependences between
//! them, symbol definitions and uses, memlet trees and propagation, the
//! order of states, the canonical-form checker, and the printed reports of
//! `sdfg-opt --sdfg-print-analysis`. See docs/analyses.md.

pub mod canonical;
pub mod dominance;
pub mod memlet_tree;
pub mod propagation;
pub mod reach;
pub mod report;
pub mod rwsets;
pub mod symbols;
