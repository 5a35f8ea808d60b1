//! Where data is used: the questions dataflow clean-ups ask before they
//! remove or rename a container ("is it read anywhere else?", "what else in
//! this state may alias it?"), answered conservatively in one place.

use super::place::{self, visit_cfgs};
use crate::model::dataflow::Dataflow;
use crate::model::{BlockKind, DataKind, NodeKind, Sdfg, State};
use crate::symbolic::{Dim, Expr, Subset};

/// Whether `text` contains `name` as a whole identifier.
pub fn mentions(text: &str, name: &str) -> bool {
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    text.match_indices(name).any(|(i, _)| {
        let before = text[..i].chars().next_back();
        let after = text[i + name.len()..].chars().next();
        !before.is_some_and(ident) && !after.is_some_and(ident)
    })
}

/// Whether `data` is named outside memlets and access nodes: interstate
/// edges, loop and branch conditions, map ranges, nested-SDFG symbol
/// mappings, library-node properties and non-Python tasklet code (which
/// may reach containers by name).
pub fn mentioned_in_code(sdfg: &Sdfg, data: &str) -> bool {
    let mut found = false;
    for_each_code(sdfg, &mut |text, assigned| found |= assigned == Some(data) || mentions(text, data));
    found
}

/// Calls `f` with every code text `mentioned_in_code` searches, and for an
/// interstate assignment with the name it assigns.
pub fn for_each_code(sdfg: &Sdfg, f: &mut dyn FnMut(&str, Option<&str>)) {
    visit_cfgs(&sdfg.cfg, &mut Vec::new(), &mut |_, cfg| {
        for e in &cfg.edges {
            e.condition.iter().for_each(|c| f(&c.code, None));
            e.assignments.iter().for_each(|a| f(a.value(), Some(&a.symbol)));
        }
        for b in &cfg.blocks {
            match &b.kind {
                BlockKind::Loop(l) => [l.init.as_deref(), l.condition.as_deref(), l.update.as_deref()].into_iter().flatten().for_each(|c| f(&c.code, None)),
                BlockKind::Conditional(brs) => brs.iter().filter_map(|br| br.condition.as_ref()).for_each(|c| f(&c.code, None)),
                _ => {}
            }
        }
    });
    for (_, s) in place::states(sdfg) {
        for n in &s.nodes {
            match &n.kind {
                NodeKind::Tasklet { code } if code.language != "Python" => f(&code.code, None),
                NodeKind::MapEntry { map, .. } => f(&map.range.to_string(), None),
                NodeKind::ConsumeEntry { consume, .. } => {
                    f(&consume.num_pes.to_string(), None);
                    consume.condition.iter().for_each(|c| f(&c.code, None));
                }
                NodeKind::NestedSdfg { symbol_mapping, .. } => symbol_mapping.iter().for_each(|(_, e)| f(&e.to_string(), None)),
                NodeKind::Library(lib) => f(&lib.properties_text(), None),
                _ => {}
            }
        }
    }
}

/// Adds the data of the state's access nodes to `inside` (a node in some
/// scope) or `outside` (a node outside every scope).
pub fn access_by_scope(state: &State, inside: &mut std::collections::BTreeSet<String>, outside: &mut std::collections::BTreeSet<String>) {
    let parents = crate::model::scope::scope_parents(state).unwrap_or_default();
    for (i, node) in state.nodes.iter().enumerate() {
        if let NodeKind::Access { data, .. } = &node.kind {
            let set = if parents.get(i).copied().flatten().is_some() { &mut *inside } else { &mut *outside };
            set.insert(data.clone());
        }
    }
}

/// The access nodes of `data` in a state.
pub fn access_nodes(state: &State, data: &str) -> Vec<usize> {
    (0..state.nodes.len()).filter(|&n| access_data(state, n) == Some(data)).collect()
}

/// The data of an access node.
pub fn access_data(state: &State, n: usize) -> Option<&str> {
    match &state.nodes.get(n)?.kind {
        NodeKind::Access { data, .. } => Some(data),
        _ => None,
    }
}

/// Whether `data` is referenced anywhere at all (access nodes, memlets, code).
pub fn referenced(sdfg: &Sdfg, data: &str) -> bool {
    super::use_index::UseIndex::new(sdfg).referenced(data)
}

/// Nodes reachable from `from` along edges (forward) or against them.
pub fn reachable(state: &State, from: usize, forward: bool) -> Vec<bool> {
    let mut seen = vec![false; state.nodes.len()];
    let (ins, outs) = crate::model::scope::adjacency(state);
    let mut stack = vec![from];
    while let Some(n) = stack.pop() {
        let next = if forward { outs.get(n) } else { ins.get(n) };
        for e in next.into_iter().flatten().map(|&i| &state.edges[i]) {
            let b = if forward { e.dst } else { e.src };
            if !seen[b] {
                seen[b] = true;
                stack.push(b);
            }
        }
    }
    seen
}

/// An access node's data and, through `views` edges, what it views.
pub fn viewed_chain(state: &State, n: usize) -> Vec<String> {
    viewed_chain_in(&Dataflow::new(state), n)
}

/// [`viewed_chain`] on a state's edge lists (for callers asking about many
/// nodes of one state).
pub fn viewed_chain_in(graph: &Dataflow, mut n: usize) -> Vec<String> {
    let state = graph.state();
    let mut out = Vec::new();
    for _ in 0..state.nodes.len() {
        let Some(data) = access_data(state, n) else { break };
        out.push(data.to_string());
        // The first `views` edge at `n` in edge order, whichever its side.
        let viewed = graph.in_edges_at(n, Some("views")).first().map(|&e| (e, state.edges[e].src));
        let viewing = graph.out_edges_at(n, Some("views")).first().map(|&e| (e, state.edges[e].dst));
        match viewed.into_iter().chain(viewing).min() {
            Some((_, m)) => n = m,
            None => break,
        }
    }
    out
}

/// Whether access node `n` may be `data` or alias it: the same data, or a
/// view or reference (whose target is not always known here).
pub fn may_alias(sdfg: &Sdfg, state: &State, n: usize, data: &str) -> bool {
    let Some(d) = access_data(state, n) else { return false };
    let indirect = |d: &str| sdfg.container(d).is_none_or(|c| matches!(c.kind, DataKind::View | DataKind::Reference));
    // Only view nodes carry `views` edges, so plain data aliases nothing else.
    d == data || indirect(d)
}

/// Whether the container is plain memory (an array or scalar, not a
/// stream, view or reference).
pub fn is_plain(sdfg: &Sdfg, data: &str) -> bool {
    sdfg.container(data).is_some_and(|c| matches!(c.kind, DataKind::Array | DataKind::Scalar))
}

/// The subset covering a whole container of this shape.
/// A state copying each whole container `src` into `dst` (of `shape`),
/// one pair of access nodes each.
pub fn copy_state(pairs: &[(String, String, Vec<Expr>)]) -> crate::model::State {
    use crate::model::{DataEdge, Memlet, State};
    let mut state = State::default();
    for (src, dst, shape) in pairs {
        let at = state.nodes.len();
        state.nodes.push(super::local_storage::access_node(src, &Default::default()));
        state.nodes.push(super::local_storage::access_node(dst, &Default::default()));
        let memlet = Memlet {
            data: Some(src.clone()),
            subset: Some(full_subset(shape)),
            other_subset: Some(full_subset(shape)),
            is_data_src: Some(true),
            ..Default::default()
        };
        state.edges.push(DataEdge { src: at, src_conn: None, dst: at + 1, dst_conn: None, memlet, loc: Default::default() });
    }
    state
}

pub fn full_subset(shape: &[Expr]) -> Subset {
    Subset::Range(shape.iter().map(|s| Dim::range(Expr::int(0), s.sub(&Expr::int(1)))).collect())
}

/// Whether two subsets are equal dimension by dimension (after simplifying).
pub fn same_subset(a: &Subset, b: &Subset) -> bool {
    let eq = |x: &Expr, y: &Expr| x.simplify() == y.simplify() || x.is_symbolically_equal(y);
    a.dims().len() == b.dims().len()
        && a.dims().iter().zip(b.dims()).all(|(x, y)| eq(&x.start, &y.start) && eq(&x.end, &y.end) && eq(&x.step, &y.step))
}
