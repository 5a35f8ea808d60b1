//! A library node as the expansions see it: its operands (the windows its
//! edges cover), its typed properties, and whether its output can be set first.

use crate::model::{scope, DType, DataKind, LibraryClass, LibraryNode, NodeKind, ScalarType, Sdfg, State};
use crate::symbolic::{Dim, Expr};
use crate::transforms::uses::{access_data, full_subset, viewed_chain};
use std::collections::{BTreeMap, BTreeSet};

/// A library node with its operands, as the plans see it.
pub struct Library<'a> {
    pub sdfg: &'a Sdfg,
    pub state: &'a State,
    pub library: &'a LibraryNode,
    pub ins: BTreeMap<String, Operand>,
    pub outs: BTreeMap<String, Operand>,
    pub parent: Option<usize>,
    /// Names the new map parameters must avoid.
    pub taken: BTreeSet<String>,
}

/// One connected operand: the edge, its data and the window it covers.
pub struct Operand {
    pub edge: usize,
    pub data: String,
    pub dims: Vec<Dim>,
    /// The dimensions whose extent is not 1.
    pub free: Vec<usize>,
}

impl Operand {
    /// The extent of the `k`-th free dimension.
    pub fn extent(&self, k: usize) -> Expr {
        self.dims[self.free[k]].num_elements().simplify()
    }

    /// The index of an element: free dimension `k` at its start plus the
    /// parameter `at[k]`, the others at their start.
    pub fn element(&self, at: &[&str]) -> Vec<(Expr, Option<String>)> {
        let mut params = at.iter();
        (0..self.dims.len())
            .map(|d| {
                let p = if self.free.contains(&d) { params.next().map(|p| p.to_string()) } else { None };
                (self.dims[d].start.clone(), p)
            })
            .collect()
    }
}

impl<'a> Library<'a> {
    pub fn new(sdfg: &'a Sdfg, state: &'a State, node: usize) -> Option<Library<'a>> {
        let NodeKind::Library(library) = &state.nodes[node].kind else { return None };
        let mut ins = BTreeMap::new();
        let mut outs = BTreeMap::new();
        let mut taken: BTreeSet<String> = sdfg.symbols.iter().map(|(s, _)| s.clone()).collect();
        taken.extend(sdfg.containers.iter().map(|(c, _)| c.clone()));
        for (i, e) in state.edges.iter().enumerate() {
            let incoming = e.dst == node;
            if (!incoming && e.src != node) || e.memlet.data.is_none() {
                continue;
            }
            let conn = if incoming { e.dst_conn.clone().unwrap_or("_in".into()) } else { e.src_conn.clone().unwrap_or("_out".into()) };
            let o = operand(sdfg, state, i, if incoming { e.src } else { e.dst })?;
            taken.extend(o.dims.iter().flat_map(|d| [d.start.free_symbols(), d.end.free_symbols()]).flatten());
            let side = if incoming { &mut ins } else { &mut outs };
            if side.insert(conn, o).is_some() {
                return None;
            }
        }
        let parents = scope::scope_parents(state).ok()?;
        // The parameters of the maps around the node are in scope too.
        let mut around = parents[node];
        while let Some(p) = around {
            if let NodeKind::MapEntry { map, .. } = &state.nodes[p].kind {
                taken.extend(map.params.iter().cloned());
            }
            around = parents[p];
        }
        let parent = parents[node];
        Some(Library { sdfg, state, library, ins, outs, parent, taken })
    }

    /// The node's class with its typed properties.
    pub fn class(&self) -> &'a LibraryClass {
        self.library.class()
    }

    /// Exactly these inputs (the optional ones may be missing) and outputs.
    pub fn connected(&self, ins: &[&str], optional: &[&str], outs: &[&str]) -> bool {
        let known = |k: &String| ins.contains(&k.as_str()) || optional.contains(&k.as_str());
        ins.iter().all(|k| self.ins.contains_key(*k))
            && self.ins.keys().all(known)
            && outs.iter().all(|k| self.outs.contains_key(*k))
            && self.outs.len() == outs.len()
    }

    /// Whether the output's element type is floating point or complex.
    pub fn float_output(&self, o: &Operand) -> bool {
        let t = self.sdfg.container(&o.data).map(|d| &d.dtype);
        matches!(t, Some(DType::Scalar(ScalarType::F16 | ScalarType::F32 | ScalarType::F64 | ScalarType::C64 | ScalarType::C128)))
    }

    /// The `views` edges from the output's access node to plain data, when
    /// the output `o` can be set before the node computes it: that node is
    /// written only by the node, and no other node of the state (but
    /// `allowed`, and those after that node) may touch the data it stands for.
    pub fn initialisable(&self, o: &Operand, allowed: &[usize]) -> Option<Vec<usize>> {
        let state = self.state;
        let dst = state.edges[o.edge].dst;
        if access_data(state, dst) != Some(&o.data) || state.edges.iter().filter(|e| e.dst == dst).count() != 1 {
            return None;
        }
        let (mut chain, mut views, mut n) = (vec![dst], Vec::new(), dst);
        loop {
            let kind = &self.sdfg.container(access_data(state, n)?)?.kind;
            match kind {
                DataKind::Array | DataKind::Scalar => break,
                DataKind::View => {}
                _ => return None,
            }
            // A view written here passes its data on along its one `views` edge.
            let out: Vec<usize> = (0..state.edges.len()).filter(|&i| state.edges[i].src == n && state.edges[i].src_conn.as_deref() == Some("views")).collect();
            let [v] = out.as_slice() else { return None };
            n = state.edges[*v].dst;
            if chain.contains(&n) || access_data(state, n).is_none() {
                return None;
            }
            chain.push(n);
            views.push(*v);
        }
        let data: Vec<&str> = chain.iter().filter_map(|&c| access_data(state, c)).collect();
        // Nodes after the output's node touch it after the node computed it.
        let after = crate::transforms::uses::reachable(state, dst, true);
        let others = (0..state.nodes.len())
            .any(|n| !chain.contains(&n) && !allowed.contains(&n) && !after[n] && data.iter().any(|d| touches(self.sdfg, state, n, d)));
        (!others).then_some(views)
    }

    /// Whether the output's data is also read by the node.
    pub fn overlaps_inputs(&self, o: &Operand) -> bool {
        self.ins.values().any(|i| i.data == o.data)
    }
}

/// Whether access node `n` may touch `data`: it is that data, or a view
/// or reference whose `views` edges lead to it or to something unknown.
fn touches(sdfg: &Sdfg, state: &State, n: usize, data: &str) -> bool {
    let Some(d) = access_data(state, n) else { return false };
    let indirect = |d: &str| sdfg.container(d).is_none_or(|c| matches!(c.kind, DataKind::View | DataKind::Reference));
    if d == data || !indirect(d) {
        return d == data;
    }
    let chain = viewed_chain(state, n);
    chain.iter().any(|c| c == data) || chain.last().is_none_or(|c| indirect(c))
}

/// The operand on edge `e`, whose other end is `other`.
fn operand(sdfg: &Sdfg, state: &State, e: usize, other: usize) -> Option<Operand> {
    let m = &state.edges[e].memlet;
    let data = m.data.clone()?;
    let desc = sdfg.container(&data)?;
    if m.other_subset.is_some() || desc.kind == DataKind::Stream || access_data(state, other).is_some_and(|d| d != data) {
        return None;
    }
    let dims = m.subset.clone().unwrap_or_else(|| full_subset(&desc.shape)).dims().to_vec();
    if dims.iter().any(|d| d.step.as_int() != Some(1) || d.tile.as_int() != Some(1)) {
        return None;
    }
    let free = (0..dims.len()).filter(|&d| dims[d].num_elements().as_int() != Some(1)).collect();
    Some(Operand { edge: e, data, dims, free })
}
