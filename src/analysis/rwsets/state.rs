//! The read and write sets of one state.

use super::{region, RwSets};
use crate::analysis::memlet_tree::{enclosing_entries, memlet_tree};
use crate::analysis::propagation::propagate_subset;
use crate::analysis::symbols::{dynamic_inputs, entry_symbols};
use crate::model::dataflow::Dataflow;
use crate::model::scope::scope_parents;
use crate::model::{Memlet, NodeKind, Sdfg, State};
use crate::symbolic::{Dim, Expr, Subset};
use std::collections::{BTreeSet, HashMap};

/// What `state` reads and writes, seen from outside it (see the module doc).
pub fn state_sets(sdfg: &Sdfg, state: &State) -> RwSets {
    let mut walk = Walk { sdfg, state, graph: Dataflow::new(state), parents: scope_parents(state).ok(), nested: HashMap::new() };
    let mut out = RwSets::default();
    for (i, e) in state.edges.iter().enumerate() {
        if e.memlet.data.is_none() {
            continue;
        }
        if let Some(d) = access_data(state, e.src) {
            for (subset, _) in walk.end(i, d, false) {
                out.read(d, subset);
            }
        }
        if let Some(d) = access_data(state, e.dst) {
            for (subset, wcr) in walk.end(i, d, true) {
                out.write(d, subset, wcr);
            }
        }
    }
    for name in indirect_reads(sdfg, state) {
        out.read(&name, None);
    }
    out
}

fn access_data(state: &State, n: usize) -> Option<&str> {
    match &state.nodes.get(n)?.kind {
        NodeKind::Access { data, .. } => Some(data),
        _ => None,
    }
}

/// Containers named by the expressions of a state (indirect subsets, map
/// ranges, PE counts, symbol mappings): read whole, since the indices come
/// from elsewhere.
fn indirect_reads(sdfg: &Sdfg, state: &State) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    for e in &state.edges {
        for s in e.memlet.subset.iter().chain(e.memlet.other_subset.iter()) {
            names.extend(s.free_symbols());
        }
    }
    for n in &state.nodes {
        match &n.kind {
            NodeKind::MapEntry { map, .. } => names.extend(map.range.free_symbols()),
            NodeKind::ConsumeEntry { consume, .. } => names.extend(consume.num_pes.free_symbols()),
            NodeKind::NestedSdfg { symbol_mapping, .. } => names.extend(symbol_mapping.iter().flat_map(|(_, e)| e.free_symbols())),
            _ => {}
        }
    }
    names.retain(|n| sdfg.container(n).is_some());
    names
}

/// The side of a memlet that belongs to container `data` at one end of its
/// edge (`None` = the whole container).
fn side(m: &Memlet, data: &str, at_dst: bool, other_end: Option<&str>) -> Option<Subset> {
    if m.data.as_deref() != Some(data) {
        return m.other_subset.clone();
    }
    // A copy between two nodes of the same container: `is_data_src` says
    // which end `subset` belongs to.
    if other_end == Some(data) && m.other_subset.is_some() {
        let subset_at_src = m.is_data_src != Some(false);
        return if subset_at_src != at_dst { m.subset.clone() } else { m.other_subset.clone() };
    }
    m.subset.clone()
}

struct Walk<'a> {
    sdfg: &'a Sdfg,
    state: &'a State,
    graph: Dataflow<'a>,
    parents: Option<Vec<Option<usize>>>,
    /// Nested SDFG node -> its own read and write sets, in outer symbols.
    nested: HashMap<usize, RwSets>,
}

impl Walk<'_> {
    fn shape(&self, data: &str) -> Vec<Expr> {
        self.sdfg.container(data).map(|c| c.shape.clone()).unwrap_or_default()
    }

    /// The accesses to `data` of edge `i` at its access node (the edge's
    /// destination for writes), seen from outside the state.
    fn end(&mut self, i: usize, data: &str, write: bool) -> Vec<(Option<Subset>, bool)> {
        let state = self.state;
        let e = &state.edges[i];
        let (node, other) = if write { (e.dst, e.src) } else { (e.src, e.dst) };
        let other_data = access_data(state, other);
        let tree = memlet_tree(&self.graph, i, write);
        let wcr = write && tree.as_ref().map_or(e.memlet.wcr.is_some(), |(edges, _)| edges.iter().any(|&k| state.edges[k].memlet.wcr.is_some()));
        let found = match tree.and_then(|(edges, leaves)| self.through_nested(&edges, &leaves, data, write, node)) {
            Some(inner) => inner.into_iter().map(|(s, w)| (s, w || wcr)).collect(),
            None => vec![(side(&e.memlet, data, write, other_data), wcr)],
        };
        found.into_iter().map(|(s, w)| (s.and_then(|s| self.out_of_scopes(s, node, None, data)), w)).collect()
    }

    /// `subset`, given inside the scope of `node`, widened over every map
    /// around it up to (not including) the scope `outer`.
    fn out_of_scopes(&self, subset: Subset, node: usize, outer: Option<usize>, data: &str) -> Option<Subset> {
        let Some(parents) = &self.parents else {
            // No scope tree: any bound symbol makes the subset unknown.
            let bound: BTreeSet<String> = self.state.nodes.iter().flat_map(entry_symbols).collect();
            return subset.free_symbols().is_disjoint(&bound).then_some(subset);
        };
        let shape = self.shape(data);
        let mut s = subset;
        for entry in enclosing_entries(parents, node, outer) {
            let n = &self.state.nodes[entry];
            s = match &n.kind {
                NodeKind::MapEntry { map, .. } => propagate_subset(&s, map, &dynamic_inputs(n), &shape)?,
                _ => region::widen(&s, &entry_symbols(n), &shape)?,
            };
        }
        Some(s)
    }

    /// The accesses of a memlet tree whose leaves are all nested SDFGs, from
    /// the nested SDFGs' own sets; `None` where any leaf is something else
    /// or a connector's accesses cannot be moved out.
    fn through_nested(&mut self, edges: &[usize], leaves: &[usize], data: &str, write: bool, node: usize) -> Option<Vec<(Option<Subset>, bool)>> {
        let state = self.state;
        if leaves.is_empty() || leaves.iter().any(|&n| !matches!(state.nodes[n].kind, NodeKind::NestedSdfg { .. })) {
            return None;
        }
        let mut out = Vec::new();
        for &k in edges {
            let e = &state.edges[k];
            let (leaf, conn) = if write { (e.src, e.src_conn.as_deref()) } else { (e.dst, e.dst_conn.as_deref()) };
            if !leaves.contains(&leaf) {
                continue;
            }
            let conn = conn?;
            let NodeKind::NestedSdfg { sdfg: inner, .. } = &state.nodes[leaf].kind else { return None };
            let inner_shape: Vec<Expr> = inner.container(conn)?.shape.clone();
            let sets = self.nested_sets(leaf)?;
            let accesses = if write { sets.writes.get(conn)? } else { sets.reads.get(conn)? }.clone();
            let mapping = self.nested_mapping(leaf);
            let window = side(&e.memlet, data, write, None);
            let outer_of_leaf = self.parents.as_ref().and_then(|p| p.get(node).copied().flatten());
            for a in &accesses {
                let moved = match (&a.subset, &window) {
                    (_, None) => None,
                    (None, Some(w)) => Some(w.clone()),
                    (Some(s), Some(w)) => Some(shift(s, w, &inner_shape, &mapping)?),
                };
                let moved = match moved {
                    Some(s) => Some(self.out_of_scopes(s, leaf, outer_of_leaf, data)?),
                    None => None,
                };
                out.push((moved, a.wcr));
            }
        }
        (!out.is_empty()).then_some(out)
    }

    fn nested_mapping(&self, leaf: usize) -> HashMap<String, Expr> {
        match &self.state.nodes[leaf].kind {
            NodeKind::NestedSdfg { symbol_mapping, .. } => symbol_mapping.iter().cloned().collect(),
            _ => HashMap::new(),
        }
    }

    /// A nested SDFG's read and write sets with its symbols mapped to ours.
    fn nested_sets(&mut self, leaf: usize) -> Option<&RwSets> {
        if !self.nested.contains_key(&leaf) {
            let NodeKind::NestedSdfg { sdfg: inner, .. } = &self.state.nodes[leaf].kind else { return None };
            let mapping = self.nested_mapping(leaf);
            let sets = region::sdfg_sets(inner).map_subsets(&|_, s| Some(substitute(s, &mapping)));
            self.nested.insert(leaf, sets);
        }
        self.nested.get(&leaf)
    }
}

fn substitute(s: &Subset, mapping: &HashMap<String, Expr>) -> Subset {
    let e = |x: &Expr| x.substitute(mapping);
    Subset::Range(s.dims().iter().map(|d| Dim::new(e(&d.start), e(&d.end), e(&d.step), e(&d.tile))).collect())
}

/// A subset `s` of an inner container of `shape` (in outer symbols once
/// mapped), moved into the outer window `w` the container is: `s` shifted
/// by `w`'s start when `w`'s dimensions (all, or all but the one-element
/// ones, which DaCe squeezes away) have the container's extents; `w` itself
/// when the container has one element.
fn shift(s: &Subset, w: &Subset, shape: &[Expr], mapping: &HashMap<String, Expr>) -> Option<Subset> {
    let shape: Vec<Expr> = shape.iter().map(|x| x.substitute(mapping)).collect();
    let dims = w.dims();
    let eq = |a: &Expr, b: &Expr| a.simplify() == b.simplify() || a.is_symbolically_equal(b);
    let one = |e: &Expr| e.simplify().as_int() == Some(1);
    for squeeze in [false, true] {
        let kept: Vec<usize> = (0..dims.len()).filter(|&k| !squeeze || !one(&dims[k].num_elements())).collect();
        let fits = kept.len() == shape.len()
            && s.dims().len() == shape.len()
            && kept.iter().zip(&shape).all(|(&k, n)| {
                let d = &dims[k];
                d.step.as_int() == Some(1) && d.tile.as_int() == Some(1) && eq(&d.num_elements(), n)
            });
        if fits {
            let mut out = dims.to_vec();
            for (x, &k) in s.dims().iter().zip(&kept) {
                let start = dims[k].start.clone();
                out[k] = Dim::new(x.start.add(&start), x.end.add(&start), x.step.clone(), x.tile.clone());
            }
            return Some(Subset::Range(out));
        }
    }
    (shape.iter().all(one) && dims.iter().all(|d| one(&d.num_elements()))).then(|| w.clone())
}
