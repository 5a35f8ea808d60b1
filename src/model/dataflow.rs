//! The dataflow graph of one state as adjacency lists built once: the
//! edges in and out of every node and of every connector, and the walk
//! through a scope node's `IN_x`/`OUT_x` pair. Looking these up by
//! scanning all edges inside a loop over nodes or edges made analyses
//! quadratic in the size of a state.

use super::conn;
use super::{DataEdge, State};

/// Edge indices around the nodes of a state, in one flat array per
/// direction (a node's edges are `list[start[node]..start[node + 1]]`):
/// a few allocations per state, however many nodes it has. Edges that name
/// a missing node are left out.
pub struct Dataflow<'s> {
    state: &'s State,
    ins: Lists,
    outs: Lists,
}

/// The edges at each node in edge order, and the same sorted by connector
/// (stably), so the edges at one connector are a run found by binary search.
struct Lists {
    start: Vec<usize>,
    by_edge: Vec<usize>,
    by_conn: Vec<usize>,
}

impl Lists {
    fn new(state: &State, end: fn(&DataEdge) -> usize, conn: fn(&DataEdge) -> Option<&str>) -> Lists {
        let n = state.nodes.len();
        let valid = |e: &DataEdge| e.src < n && e.dst < n;
        let mut start = vec![0; n + 1];
        for e in state.edges.iter().filter(|e| valid(e)) {
            start[end(e) + 1] += 1;
        }
        for i in 0..n {
            start[i + 1] += start[i];
        }
        let mut fill = start.clone();
        let mut by_edge = vec![0; start[n]];
        for (i, e) in state.edges.iter().enumerate().filter(|(_, e)| valid(e)) {
            by_edge[fill[end(e)]] = i;
            fill[end(e)] += 1;
        }
        let mut by_conn = by_edge.clone();
        for w in start.windows(2) {
            by_conn[w[0]..w[1]].sort_by_key(|&i| conn(&state.edges[i]));
        }
        Lists { start, by_edge, by_conn }
    }

    fn range(&self, node: usize) -> std::ops::Range<usize> {
        match (self.start.get(node), self.start.get(node + 1)) {
            (Some(&a), Some(&b)) => a..b,
            _ => 0..0,
        }
    }
}

impl<'s> Dataflow<'s> {
    pub fn new(state: &'s State) -> Dataflow<'s> {
        let ins = Lists::new(state, |e| e.dst, |e| e.dst_conn.as_deref());
        let outs = Lists::new(state, |e| e.src, |e| e.src_conn.as_deref());
        Dataflow { state, ins, outs }
    }

    pub fn state(&self) -> &'s State {
        self.state
    }

    /// The edges into `node`, in edge order (empty for a missing node).
    pub fn in_edges(&self, node: usize) -> &[usize] {
        &self.ins.by_edge[self.ins.range(node)]
    }

    /// The edges out of `node`, in edge order (empty for a missing node).
    pub fn out_edges(&self, node: usize) -> &[usize] {
        &self.outs.by_edge[self.outs.range(node)]
    }

    /// The edges into connector `conn` of `node` (`None`: no connector), in edge order.
    pub fn in_edges_at(&self, node: usize, conn: Option<&str>) -> &[usize] {
        at(&self.ins.by_conn[self.ins.range(node)], conn, |i| self.state.edges[i].dst_conn.as_deref())
    }

    /// The edges out of connector `conn` of `node`, in edge order.
    pub fn out_edges_at(&self, node: usize, conn: Option<&str>) -> &[usize] {
        at(&self.outs.by_conn[self.outs.range(node)], conn, |i| self.state.edges[i].src_conn.as_deref())
    }

    /// The edges that carry on what edge `e` brings into a scope node:
    /// out of `OUT_x` when `e` enters `IN_x`. Empty when `e` does not end
    /// at an `IN_x` connector.
    pub fn through_dst(&self, e: usize) -> &[usize] {
        let edge = &self.state.edges[e];
        match edge.dst_conn.as_deref().and_then(conn::in_base) {
            Some(x) => self.out_edges_at(edge.dst, Some(&conn::out_conn(x))),
            None => &[],
        }
    }

    /// The edges that bring what edge `e` takes out of a scope node: into
    /// `IN_x` when `e` leaves `OUT_x`. Empty when `e` does not start at an
    /// `OUT_x` connector.
    pub fn through_src(&self, e: usize) -> &[usize] {
        let edge = &self.state.edges[e];
        match edge.src_conn.as_deref().and_then(conn::out_base) {
            Some(x) => self.in_edges_at(edge.src, Some(&conn::in_conn(x))),
            None => &[],
        }
    }
}

/// The run of `list` (sorted by `key`) whose key is `conn`.
fn at<'a, 'k>(list: &'a [usize], conn: Option<&str>, key: impl Fn(usize) -> Option<&'k str>) -> &'a [usize] {
    let lo = list.partition_point(|&i| key(i) < conn);
    let hi = lo + list[lo..].partition_point(|&i| key(i) == conn);
    &list[lo..hi]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{CodeBlock, DataEdge, Extra, Loc, Memlet, Node, NodeKind};

    fn node(kind: NodeKind) -> Node {
        Node { label: "n".into(), kind, in_connectors: vec![], out_connectors: vec![], extra: Extra::new(), loc: Loc::default() }
    }

    fn edge(src: usize, sc: Option<&str>, dst: usize, dc: Option<&str>) -> DataEdge {
        DataEdge { src, src_conn: sc.map(str::to_string), dst, dst_conn: dc.map(str::to_string), memlet: Memlet::default(), loc: Loc::default() }
    }

    /// A -> entry[IN_A] ; entry[OUT_A] -> t[a] twice ; entry[OUT_B] -> t[b] ; t -> B.
    fn state() -> State {
        let t = NodeKind::Tasklet { code: CodeBlock::python("") };
        let access = |d: &str| NodeKind::Access { data: d.into(), setzero: false };
        State {
            nodes: vec![node(access("A")), node(t.clone()), node(t), node(access("B"))],
            edges: vec![
                edge(1, Some("OUT_A"), 2, Some("a")),
                edge(0, None, 1, Some("IN_A")),
                edge(1, Some("OUT_B"), 2, Some("b")),
                edge(1, Some("OUT_A"), 2, Some("c")),
                edge(2, None, 3, None),
                edge(7, None, 3, None),
            ],
        }
    }

    #[test]
    fn edges_per_node_and_per_connector() {
        let s = state();
        let g = Dataflow::new(&s);
        assert_eq!(g.out_edges(1), [0, 2, 3]);
        assert_eq!(g.in_edges(2), [0, 2, 3]);
        assert_eq!(g.in_edges(3), [4], "an edge from a missing node is left out");
        assert_eq!(g.out_edges_at(1, Some("OUT_A")), [0, 3]);
        assert_eq!(g.out_edges_at(1, Some("OUT_B")), [2]);
        assert!(g.out_edges_at(1, Some("OUT_C")).is_empty());
        assert_eq!(g.in_edges_at(2, Some("b")), [2]);
        assert_eq!(g.in_edges_at(3, None), [4]);
        assert!(g.in_edges(9).is_empty() && g.in_edges_at(9, None).is_empty());
    }

    #[test]
    fn walks_through_a_connector_pair() {
        let s = state();
        let g = Dataflow::new(&s);
        assert_eq!(g.through_dst(1), [0, 3]);
        assert_eq!(g.through_src(3), [1]);
        assert_eq!(g.through_src(2), [] as [usize; 0], "nothing enters IN_B");
        assert!(g.through_dst(0).is_empty(), "'a' is not an IN_ connector");
    }
}
