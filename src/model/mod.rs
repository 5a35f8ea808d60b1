//! The in-memory SDFG: what both the JSON files and the `sdfg` dialect describe.
//!
//! Importers build it, exporters write it, and the verifier checks it. It is
//! typed where the compiler needs types (expressions, subsets, dtypes, enums)
//! and keeps every property it does not interpret in an `extra` JSON object,
//! so a file written by DaCe comes back out with nothing lost.
//!
//! Graphs keep DaCe's shape: blocks and nodes live in vectors and edges refer
//! to them by index, as in the `.sdfg` format.

mod callback;
pub mod cfg_graph;
pub mod conn;
mod containers;
mod control_code;
#[cfg(test)]
mod control_code_tests;
mod dace_enums;
mod data;
pub mod dataflow;
mod graph;
pub mod gpu_block;
mod library;
#[cfg(test)]
mod library_tests;
mod loc;
mod path;
pub mod scope;
mod statements;
mod wcr;

pub use callback::{Callback, CallbackType};
pub use containers::Containers;
pub use control_code::{Assignment, Condition};
pub use statements::{LoopStatements, Statement};
pub use dace_enums::{DataInstrumentation, Instrumentation, Lifetime, Schedule, Storage, UnknownValue};
pub use data::{c_strides, DType, DataDesc, DataKind, ScalarType};
#[cfg(test)]
pub(crate) use data::test_array;
pub use graph::{
    Block, BlockKind, Branch, Cfg, CodeBlock, Connector, DataEdge, InterstateEdge, LoopRegion,
    MapScope, ConsumeScope, Memlet, Node, NodeKind, RegionKind, State,
};
pub use library::{constant, identity_code, LibraryClass, LibraryNode, LinalgOp, Product, ProductKind, PropertyError, PropertyReason};
pub use loc::Loc;
pub use path::{StatePath, Step};
pub use wcr::{Wcr, WcrError};
pub(crate) use loc::child_path;

/// Properties kept verbatim (JSON object) because the compiler does not
/// interpret them; written back unchanged on export.
pub type Extra = serde_json::Map<String, serde_json::Value>;

/// A Stateful Dataflow multiGraph.
#[derive(Clone, Debug, PartialEq)]
pub struct Sdfg {
    pub name: String,
    /// User-visible argument order (Python parameter order).
    pub arg_names: Vec<String>,
    /// Declared symbols and their types, in file order.
    pub symbols: Vec<(String, ScalarType)>,
    /// Symbols of DaCe's `callback` type (Python functions), in file order.
    pub callbacks: Vec<Callback>,
    /// Data containers, in file order.
    pub containers: Containers,
    /// Compile-time constants: name, descriptor JSON, value JSON.
    pub constants: Vec<Constant>,
    /// True when the SDFG uses LoopRegion/ConditionalBlock and friends.
    pub experimental_blocks: bool,
    pub cfg: Cfg,
    pub extra: Extra,
    pub loc: Loc,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Constant {
    pub name: String,
    pub descriptor: serde_json::Value,
    pub value: serde_json::Value,
}

impl Sdfg {
    pub fn container(&self, name: &str) -> Option<&DataDesc> {
        self.containers.get(name)
    }

    pub fn container_mut(&mut self, name: &str) -> Option<&mut DataDesc> {
        self.containers.get_mut(name)
    }

    pub fn callback(&self, name: &str) -> Option<&Callback> {
        self.callbacks.iter().find(|c| c.name == name)
    }

    /// `base`, or `base_N` with the first `N` no container has.
    pub fn unique_container_name(&self, base: &str) -> String {
        let mut name = base.to_string();
        let mut n = 0;
        while self.container(&name).is_some() {
            n += 1;
            name = format!("{base}_{n}");
        }
        name
    }

    pub fn symbol_type(&self, name: &str) -> Option<ScalarType> {
        self.symbols.iter().find(|(n, _)| n == name).map(|(_, t)| *t)
    }
}
