//! Wrapping a piece of dataflow into a nested SDFG node (as DaCe's
//! `nest_state_subgraph`): outer containers become non-transient
//! connectors, transients private to the piece move inside, and the symbols
//! it uses are mapped from the outer SDFG.

use super::loops::cfg_uses;
use crate::model::{Block, BlockKind, Cfg, DataDesc, Lifetime, Memlet, Node, NodeKind, ScalarType, Sdfg, State, Storage};
use crate::symbolic::{Dim, Expr, Subset};

/// What goes into the nested SDFG besides its one state.
pub struct Interface<'a> {
    /// Containers read and written through connectors (named like them).
    pub inputs: &'a [String],
    pub outputs: &'a [String],
    /// Transients that move inside.
    pub private: &'a [String],
    /// Symbols the nested SDFG gets with their values outside (loop
    /// variables); every other symbol it uses maps to itself.
    pub values: &'a [(String, Expr)],
    /// Symbols the nested SDFG sets itself (its own loop variables).
    pub defined: &'a [String],
}

/// A nested-SDFG node running one state `body` labelled `label`.
pub fn nested_node(outer: &Sdfg, label: &str, body: State, io: &Interface) -> Result<Node, String> {
    let block = Block { label: label.to_string(), kind: BlockKind::State(body), extra: Default::default(), loc: outer.loc.clone() };
    nested_cfg_node(outer, label, Cfg { blocks: vec![block], edges: vec![], start_block: Some(0) }, io)
}

/// A nested-SDFG node running `cfg`.
pub fn nested_cfg_node(outer: &Sdfg, label: &str, cfg: Cfg, io: &Interface) -> Result<Node, String> {
    let mut containers = Vec::new();
    let mut names: Vec<&String> = io.inputs.iter().chain(io.outputs).collect();
    names.sort();
    names.dedup();
    for name in names.iter().copied() {
        let mut desc = outer.container(name).ok_or_else(|| format!("no container '{name}'"))?.clone();
        desc.transient = false;
        // A connector is memory owned by the caller.
        if desc.storage == Storage::Register {
            desc.storage = Storage::Default;
        }
        desc.lifetime = Lifetime::Scope;
        containers.push((name.clone(), desc));
    }
    for name in io.private {
        let mut desc = outer.container(name).ok_or_else(|| format!("no container '{name}'"))?.clone();
        // Each run of the nested SDFG has its own (it may run on several threads).
        if matches!(desc.lifetime, Lifetime::Persistent | Lifetime::Global) {
            desc.lifetime = Lifetime::Scope;
        }
        containers.push((name.clone(), desc));
    }
    let desc_uses = |d: &DataDesc, s: &str| {
        let exprs = d.shape.iter().chain(d.strides.iter().flatten()).chain(d.offset.iter().flatten()).chain(d.total_size.iter());
        exprs.into_iter().any(|e| e.free_symbols().contains(s))
    };
    let mut symbols = Vec::new();
    let mut mapping = Vec::new();
    let declared = outer.symbols.iter().cloned();
    let extra = io.values.iter().filter(|(n, _)| outer.symbol_type(n).is_none()).map(|(n, _)| (n.clone(), ScalarType::I64));
    for (name, ty) in declared.chain(extra) {
        let in_body = cfg_uses(&cfg, &name, &mut Vec::new(), &|_, _| false);
        if io.defined.contains(&name) || (!in_body && !containers.iter().any(|(_, d)| desc_uses(d, &name))) {
            continue;
        }
        let value = io.values.iter().find(|(n, _)| *n == name).map(|(_, v)| v.clone()).unwrap_or_else(|| Expr::sym(&name));
        symbols.push((name.clone(), ty));
        mapping.push((name, value));
    }
    symbols.extend(io.defined.iter().map(|d| (d.clone(), outer.symbol_type(d).unwrap_or(ScalarType::I64))));
    // Callbacks go in by name, as DaCe maps them (`numpy_sort: numpy_sort`).
    mapping.extend(outer.callbacks.iter().map(|c| (c.name.clone(), Expr::sym(&c.name))));
    let experimental_blocks = cfg.blocks.iter().any(|b| !matches!(b.kind, BlockKind::State(_)));
    let sdfg = Sdfg {
        name: label.to_string(),
        arg_names: names.iter().map(|n| n.to_string()).collect(),
        symbols,
        callbacks: outer.callbacks.clone(),
        containers: containers.into(),
        constants: outer.constants.clone(),
        experimental_blocks,
        cfg,
        extra: Default::default(),
        loc: outer.loc.clone(),
    };
    Ok(Node {
        label: label.to_string(),
        kind: NodeKind::NestedSdfg { sdfg: Box::new(sdfg), symbol_mapping: mapping },
        in_connectors: io.inputs.iter().map(|c| (c.clone(), None)).collect(),
        out_connectors: io.outputs.iter().map(|c| (c.clone(), None)).collect(),
        extra: Default::default(),
        loc: outer.loc.clone(),
    })
}

/// A memlet over all of `name`.
pub fn whole(outer: &Sdfg, name: &str) -> Memlet {
    let dims = outer
        .container(name)
        .map(|d| d.shape.iter().map(|s| Dim::range(Expr::int(0), s.sub(&Expr::int(1)).simplify())).collect())
        .unwrap_or_default();
    Memlet { data: Some(name.to_string()), subset: Some(Subset::Range(dims)), ..Default::default() }
}

/// Whether the container is one nested connectors can carry: plain arrays
/// and scalars of basic types (views, references and streams are refused).
pub fn plain(outer: &Sdfg, name: &str) -> bool {
    outer.container(name).is_some_and(|d| {
        matches!(d.kind, crate::model::DataKind::Array | crate::model::DataKind::Scalar)
            && matches!(d.dtype, crate::model::DType::Scalar(_))
    })
}

/// Whether `body` uses a symbol that interstate edges (or loops) of the
/// outer SDFG set without declaring it: its type is unknown, so it cannot be
/// mapped into a nested SDFG.
pub fn uses_undeclared(outer: &Sdfg, body: &State, except: &str) -> bool {
    let mut assigned = std::collections::BTreeSet::new();
    crate::lowering::abi::assigned(&outer.cfg, &mut assigned);
    assigned.iter().any(|s| s != except && outer.symbol_type(s).is_none() && super::loops::state_uses(body, s))
}

/// The part of `state` made of the nodes `keep` and the edges touching
/// them; other nodes stay as placeholders so that indices hold.
pub fn only_nodes(state: &State, keep: &[usize]) -> State {
    let mut out = state.clone();
    out.edges.retain(|e| keep.contains(&e.src) || keep.contains(&e.dst));
    for (i, node) in out.nodes.iter_mut().enumerate() {
        if !keep.contains(&i) {
            node.kind = NodeKind::Tasklet { code: crate::model::CodeBlock::python("") };
            node.in_connectors.clear();
            node.out_connectors.clear();
        }
    }
    out
}
