//! Paths to states through nested control flow, shared by the
//! transformations (where a match is) and the IR (which op to rebuild).

/// One step down the control-flow tree: a block of the current CFG, then
/// (inside a conditional) one of its branches.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Step {
    Block(usize),
    Branch(usize),
}

/// The steps from the SDFG's CFG to a state.
pub type StatePath = Vec<Step>;
