//! The block graph of one control-flow graph as adjacency lists built once
//! (O(blocks + edges)): the interstate edges out of and into every block.

use super::scope::{adjacency_of, Adjacency};
use super::Cfg;

/// For every block, the indices of its in-edges and of its out-edges, in
/// edge order (edges naming missing blocks are left out). Owned, for
/// passes that rewrite the blocks while they walk.
pub fn adjacency(cfg: &Cfg) -> Adjacency {
    adjacency_of(cfg.blocks.len(), cfg.edges.iter().map(|e| (e.src, e.dst)))
}

/// Interstate edge indices around the blocks of a CFG. Edges that name a
/// missing block are left out.
pub struct CfgGraph<'c> {
    cfg: &'c Cfg,
    outs: Vec<Vec<usize>>,
    ins: Vec<Vec<usize>>,
}

impl<'c> CfgGraph<'c> {
    pub fn new(cfg: &'c Cfg) -> CfgGraph<'c> {
        let (ins, outs) = adjacency(cfg);
        CfgGraph { cfg, outs, ins }
    }

    pub fn cfg(&self) -> &'c Cfg {
        self.cfg
    }

    pub fn len(&self) -> usize {
        self.outs.len()
    }

    pub fn is_empty(&self) -> bool {
        self.outs.is_empty()
    }

    /// The edges out of block `b`, in edge order.
    pub fn out_edges(&self, b: usize) -> &[usize] {
        self.outs.get(b).map_or(&[], Vec::as_slice)
    }

    /// The edges into block `b`, in edge order.
    pub fn in_edges(&self, b: usize) -> &[usize] {
        self.ins.get(b).map_or(&[], Vec::as_slice)
    }

    /// The blocks that edges out of `b` lead to (with repeats for parallel edges).
    pub fn successors(&self, b: usize) -> impl Iterator<Item = usize> + '_ {
        self.out_edges(b).iter().map(|&i| self.cfg.edges[i].dst)
    }

    /// The blocks with edges into `b`.
    pub fn predecessors(&self, b: usize) -> impl Iterator<Item = usize> + '_ {
        self.in_edges(b).iter().map(|&i| self.cfg.edges[i].src)
    }

    /// Every block reachable from `from` by at least one edge.
    pub fn reachable_from(&self, from: usize) -> Vec<bool> {
        let mut seen = vec![false; self.len()];
        let mut todo: Vec<usize> = self.successors(from).collect();
        while let Some(b) = todo.pop() {
            if !std::mem::replace(&mut seen[b], true) {
                todo.extend(self.successors(b));
            }
        }
        seen
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::model::{Block, BlockKind, Extra, InterstateEdge, Loc, State};

    pub(crate) fn cfg(n: usize, edges: &[(usize, usize)]) -> Cfg {
        let block = |i: usize| Block { label: format!("b{i}"), kind: BlockKind::State(State::default()), extra: Extra::new(), loc: Loc::default() };
        let edge = |&(src, dst): &(usize, usize)| InterstateEdge { src, dst, condition: None, assignments: vec![], extra: Extra::new(), loc: Loc::default() };
        Cfg { blocks: (0..n).map(block).collect(), edges: edges.iter().map(edge).collect(), start_block: None }
    }

    #[test]
    fn successors_predecessors_and_reach() {
        let c = cfg(4, &[(0, 1), (1, 2), (2, 1), (1, 3), (3, 9)]);
        let g = CfgGraph::new(&c);
        assert_eq!(g.successors(1).collect::<Vec<_>>(), [2, 3]);
        assert_eq!(g.predecessors(1).collect::<Vec<_>>(), [0, 2]);
        assert_eq!(g.out_edges(3), [] as [usize; 0], "an edge to a missing block is left out");
        assert_eq!(g.reachable_from(2), [false, true, true, true]);
        assert_eq!(g.reachable_from(3), [false; 4]);
    }
}
