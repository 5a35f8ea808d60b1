//! Dominators, back edges and natural loops of one control-flow graph
//! (petgraph's Cooper-Harvey-Kennedy dominators over the block graph).

use crate::model::cfg_graph::CfgGraph;
use petgraph::algo::dominators::simple_fast;
use petgraph::graph::{DiGraph, NodeIndex};

/// The dominator tree of the blocks reachable from a start block.
pub struct Dominance {
    idom: Vec<Option<usize>>,
    reachable: Vec<bool>,
}

impl Dominance {
    pub fn new(g: &CfgGraph, start: usize) -> Dominance {
        let mut graph: DiGraph<(), ()> = DiGraph::with_capacity(g.len(), g.cfg().edges.len());
        let nodes: Vec<NodeIndex> = (0..g.len()).map(|_| graph.add_node(())).collect();
        for b in 0..g.len() {
            for s in g.successors(b) {
                graph.add_edge(nodes[b], nodes[s], ());
            }
        }
        let mut idom = vec![None; g.len()];
        let mut reachable = vec![false; g.len()];
        if start < g.len() {
            let doms = simple_fast(&graph, nodes[start]);
            for b in 0..g.len() {
                idom[b] = doms.immediate_dominator(nodes[b]).map(NodeIndex::index);
                reachable[b] = b == start || idom[b].is_some();
            }
        }
        Dominance { idom, reachable }
    }

    /// The immediate dominator of `b`; `None` for the start and unreachable blocks.
    pub fn idom(&self, b: usize) -> Option<usize> {
        self.idom.get(b).copied().flatten()
    }

    pub fn is_reachable(&self, b: usize) -> bool {
        self.reachable.get(b).copied().unwrap_or(false)
    }

    /// Whether every path from the start to `b` passes `a` (a block dominates itself).
    pub fn dominates(&self, a: usize, b: usize) -> bool {
        if !self.is_reachable(a) || !self.is_reachable(b) {
            return false;
        }
        let mut cur = Some(b);
        while let Some(c) = cur {
            if c == a {
                return true;
            }
            cur = self.idom(c);
        }
        false
    }
}

/// The interstate edges whose target dominates their source: the edges
/// that close a loop.
pub fn back_edges(g: &CfgGraph, dom: &Dominance) -> Vec<usize> {
    g.cfg().edges.iter().enumerate().filter(|(_, e)| e.src < g.len() && e.dst < g.len() && dom.dominates(e.dst, e.src)).map(|(i, _)| i).collect()
}

/// A natural loop: a header and the blocks that reach one of its back
/// edges without passing the header.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NaturalLoop {
    pub header: usize,
    pub back_edges: Vec<usize>,
    /// The blocks of the loop, header included, in block order.
    pub body: Vec<usize>,
    /// The innermost loop around this one (an index into the nest).
    pub parent: Option<usize>,
}

/// The natural loops of a CFG, one per header, outermost first.
pub fn loop_nest(g: &CfgGraph, dom: &Dominance) -> Vec<NaturalLoop> {
    let mut loops: Vec<NaturalLoop> = Vec::new();
    for e in back_edges(g, dom) {
        let (src, header) = (g.cfg().edges[e].src, g.cfg().edges[e].dst);
        let mut inside = vec![false; g.len()];
        inside[header] = true;
        let mut todo = vec![src];
        while let Some(b) = todo.pop() {
            if !std::mem::replace(&mut inside[b], true) {
                todo.extend(g.predecessors(b).filter(|&p| dom.is_reachable(p)));
            }
        }
        let body = (0..g.len()).filter(|&b| inside[b]);
        match loops.iter_mut().find(|l| l.header == header) {
            Some(l) => {
                l.back_edges.push(e);
                let mut merged: Vec<usize> = l.body.iter().copied().chain(body).collect();
                merged.sort_unstable();
                merged.dedup();
                l.body = merged;
            }
            None => loops.push(NaturalLoop { header, back_edges: vec![e], body: body.collect(), parent: None }),
        }
    }
    loops.sort_by_key(|l| std::cmp::Reverse(l.body.len()));
    for i in 0..loops.len() {
        // Bodies are sorted by size: the last larger loop holding the header is the innermost.
        loops[i].parent = (0..i).rev().find(|&j| loops[j].body.len() > loops[i].body.len() && loops[j].body.binary_search(&loops[i].header).is_ok());
    }
    loops
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::cfg_graph::tests::cfg;

    /// 0 -> 1 (outer header) -> 2 (inner header) -> 3 -> 2, 3 -> 1, 1 -> 4;
    /// 5 is unreachable and jumps into the outer loop.
    fn nested() -> crate::model::Cfg {
        cfg(6, &[(0, 1), (1, 2), (2, 3), (3, 2), (3, 1), (1, 4), (5, 3)])
    }

    #[test]
    fn dominators_of_a_loop_cfg() {
        let c = nested();
        let g = CfgGraph::new(&c);
        let d = Dominance::new(&g, 0);
        assert_eq!((0..6).map(|b| d.idom(b)).collect::<Vec<_>>(), [None, Some(0), Some(1), Some(2), Some(1), None]);
        assert!(d.dominates(1, 3) && d.dominates(3, 3) && !d.dominates(3, 2));
        assert!(!d.is_reachable(5) && !d.dominates(0, 5));
    }

    #[test]
    fn back_edges_and_loop_nest() {
        let c = nested();
        let g = CfgGraph::new(&c);
        let d = Dominance::new(&g, 0);
        assert_eq!(back_edges(&g, &d), [3, 4]);
        let nest = loop_nest(&g, &d);
        assert_eq!(nest, [
            NaturalLoop { header: 1, back_edges: vec![4], body: vec![1, 2, 3], parent: None },
            NaturalLoop { header: 2, back_edges: vec![3], body: vec![2, 3], parent: Some(0) },
        ]);
    }

    #[test]
    fn a_self_loop_is_its_own_loop_and_a_chain_has_none() {
        let c = cfg(2, &[(0, 1), (1, 1)]);
        let g = CfgGraph::new(&c);
        let nest = loop_nest(&g, &Dominance::new(&g, 0));
        assert_eq!(nest.len(), 1);
        assert_eq!(nest[0].body, [1]);
        let c = cfg(3, &[(0, 1), (1, 2)]);
        let g = CfgGraph::new(&c);
        assert!(loop_nest(&g, &Dominance::new(&g, 0)).is_empty());
    }
}
