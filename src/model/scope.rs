//! The scope tree of a state, derived from its edges as DaCe does.

use super::dataflow::Dataflow;
use super::{NodeKind, State};
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// For every node, the entry node of its innermost enclosing map or consume
/// scope (`None` = top level). An exit node belongs to its own entry's scope.
/// Fails with a message when the graph has a cycle or a node is fed from two
/// different scopes.
pub fn scope_parents(state: &State) -> Result<Vec<Option<usize>>, String> {
    scope_parents_in(&Dataflow::new(state))
}

/// [`scope_parents`] on a state's edge lists.
pub fn scope_parents_in(graph: &Dataflow) -> Result<Vec<Option<usize>>, String> {
    let state = graph.state();
    let n = state.nodes.len();
    let order = order_in(graph).ok_or("the dataflow graph has a cycle")?;
    let mut parent: Vec<Option<usize>> = vec![None; n];
    for &node in &order {
        let mut scope: Option<Option<usize>> = None;
        for e in graph.in_edges(node).iter().map(|&i| &state.edges[i]) {
            let from = inner_scope_of_source(state, &parent, e.src);
            match scope {
                None => scope = Some(from),
                Some(s) if s == from => {}
                Some(_) => {
                    return Err(format!(
                        "node {node} ('{}') has inputs from different scopes",
                        state.nodes[node].label
                    ))
                }
            }
        }
        let scope = match (&state.nodes[node].kind, scope) {
            (NodeKind::MapExit { entry } | NodeKind::ConsumeExit { entry }, s) => {
                if let Some(s) = s {
                    if s != Some(*entry) && s != parent[*entry] {
                        return Err(format!("exit node {node} is fed from outside its scope"));
                    }
                }
                Some(*entry)
            }
            (_, Some(s)) => s,
            // A node without inputs sits where its first output leads.
            (_, None) => graph.out_edges(node).first().and_then(|&i| state.nodes[state.edges[i].dst].kind.scope_entry()),
        };
        parent[node] = scope;
    }
    Ok(parent)
}

/// The scope that a node's outputs flow in.
fn inner_scope_of_source(state: &State, parent: &[Option<usize>], src: usize) -> Option<usize> {
    match &state.nodes[src].kind {
        NodeKind::MapEntry { .. } | NodeKind::ConsumeEntry { .. } => Some(src),
        NodeKind::MapExit { entry } | NodeKind::ConsumeExit { entry } => parent[*entry],
        _ => parent[src],
    }
}

/// Kahn's algorithm; `None` on a cycle. Ties keep node order.
/// The outermost map around node `n` (by the scope `parents`) that `is`
/// picks, e.g. the `GPU_Device` map whose kernel runs `n`.
pub fn outermost_map(state: &State, parents: &[Option<usize>], n: usize, is: impl Fn(&super::MapScope) -> bool) -> Option<usize> {
    let mut found = None;
    let mut at = parents[n];
    while let Some(p) = at {
        if matches!(&state.nodes[p].kind, NodeKind::MapEntry { map, .. } if is(map)) {
            found = Some(p);
        }
        at = parents[p];
    }
    found
}

pub fn topological_order(state: &State) -> Option<Vec<usize>> {
    order_in(&Dataflow::new(state))
}

/// [`topological_order`] on a state's edge lists.
fn order_in(graph: &Dataflow) -> Option<Vec<usize>> {
    let state = graph.state();
    let n = state.nodes.len();
    let mut indegree: Vec<usize> = (0..n).map(|i| graph.in_edges(i).len()).collect();
    let mut ready: BinaryHeap<Reverse<usize>> = (0..n).filter(|&i| indegree[i] == 0).map(Reverse).collect();
    let mut order = Vec::with_capacity(n);
    while let Some(Reverse(next)) = ready.pop() {
        order.push(next);
        for &i in graph.out_edges(next) {
            let dst = state.edges[i].dst;
            indegree[dst] -= 1;
            if indegree[dst] == 0 {
                ready.push(Reverse(dst));
            }
        }
    }
    (order.len() == n).then_some(order)
}

/// Per node, the indices of its in-edges and of its out-edges, in edge order.
pub type Adjacency = (Vec<Vec<usize>>, Vec<Vec<usize>>);

/// For every node, the indices of its in-edges and of its out-edges, in edge
/// order (edges naming missing nodes are left out).
pub fn adjacency(state: &State) -> Adjacency {
    adjacency_of(state.nodes.len(), state.edges.iter().map(|e| (e.src, e.dst)))
}

/// In- and out-edge lists of `n` vertices from the (source, destination)
/// of each edge, in edge order; edges naming a missing vertex are left out.
pub(crate) fn adjacency_of(n: usize, ends: impl Iterator<Item = (usize, usize)>) -> Adjacency {
    let (mut ins, mut outs) = (vec![Vec::new(); n], vec![Vec::new(); n]);
    for (i, (src, dst)) in ends.enumerate() {
        if src < n && dst < n {
            outs[src].push(i);
            ins[dst].push(i);
        }
    }
    (ins, outs)
}
