//! A nest of maps around one tasklet, wired to a library node's edges: what
//! every expansion is made of.

use crate::model::conn::{self, Side};
use crate::model::{CodeBlock, DataEdge, MapScope, Memlet, Node, NodeKind, Schedule, State, Wcr};
use crate::symbolic::{Dim, Expr, Subset};

/// One map of the nest: its parameters run from 0 below their extents.
pub struct Level {
    pub label: String,
    pub params: Vec<(String, Expr)>,
}

/// A tasklet connector and the element it reads or writes.
pub struct Port {
    pub conn: String,
    pub data: String,
    /// Per dimension of the data: a start, plus a parameter if any.
    pub index: Vec<(Expr, Option<String>)>,
    pub wcr: Option<Wcr>,
    /// The library node's edge this port replaces (its other end and memlet).
    pub edge: usize,
}

pub struct Nest {
    /// Outermost first; none for a lone tasklet.
    pub levels: Vec<Level>,
    pub tasklet: String,
    pub code: String,
    pub inputs: Vec<Port>,
    pub output: Port,
}

impl Nest {
    /// The extent of a parameter and the level that binds it.
    fn param(&self, name: &str) -> (usize, &Expr) {
        self.levels
            .iter()
            .enumerate()
            .find_map(|(l, level)| level.params.iter().find(|(p, _)| p == name).map(|(_, e)| (l, e)))
            .expect("ports name parameters of the nest")
    }

    /// What a port touches once the outer `bound` levels fix their parameters.
    fn window(&self, port: &Port, bound: usize) -> Subset {
        Subset::Range(
            port.index
                .iter()
                .map(|(start, p)| match p {
                    None => Dim::index(start.clone()),
                    Some(p) => match self.param(p) {
                        (l, _) if l < bound => Dim::index(start.add(&Expr::sym(p))),
                        (_, extent) => Dim::range(start.clone(), start.add(extent).sub(&Expr::int(1))),
                    },
                })
                .collect(),
        )
    }
}

/// Adds the nest to the state, fed by the edges of library node `lib` that
/// its ports name; the output goes to `out_node` instead of the node's
/// destination if given. Inside map `parent`, a nest without inputs hangs
/// from the map entry. Returns the outermost entry and exit (the tasklet
/// if there is no map).
pub fn build(state: &mut State, nest: &Nest, lib: usize, out_node: Option<usize>, parent: Option<usize>) -> (usize, usize) {
    let loc = state.nodes[lib].loc.clone();
    let node = |label: &str, kind: NodeKind, ins: Vec<String>, outs: Vec<String>| Node::new(label, kind, &ins, &outs, &loc);
    let levels = nest.levels.len();
    let base = state.nodes.len();
    let (entry, tasklet, exit) = (|l: usize| base + l, base + levels, |l: usize| base + levels + 1 + l);
    let ins: Vec<&str> = nest.inputs.iter().map(|p| p.conn.as_str()).collect();
    let out = nest.output.conn.as_str();
    for (l, level) in nest.levels.iter().enumerate() {
        let map = MapScope {
            params: level.params.iter().map(|(p, _)| p.clone()).collect(),
            range: Subset::Range(level.params.iter().map(|(_, e)| Dim::range(Expr::int(0), e.sub(&Expr::int(1)))).collect()),
            schedule: Schedule::Default,
        };
        let kind = NodeKind::MapEntry { map, exit: exit(l) };
        state.nodes.push(node(&level.label, kind, conn::named_all(Side::In, &ins), conn::named_all(Side::Out, &ins)));
    }
    let code = NodeKind::Tasklet { code: CodeBlock::python(nest.code.clone()) };
    state.nodes.push(node(&nest.tasklet, code, ins.iter().map(|c| c.to_string()).collect(), vec![out.to_string()]));
    for (l, level) in nest.levels.iter().enumerate() {
        let kind = NodeKind::MapExit { entry: entry(l) };
        state.nodes.push(node(&level.label, kind, conn::named_all(Side::In, &[out]), conn::named_all(Side::Out, &[out])));
    }
    let edge = |src: usize, sc: Option<String>, dst: usize, dc: Option<String>, memlet: Memlet| DataEdge {
        src,
        src_conn: sc,
        dst,
        dst_conn: dc,
        memlet,
        loc: loc.clone(),
    };
    let inner = |port: &Port, bound: usize, wcr: Option<Wcr>| Memlet {
        data: Some(port.data.clone()),
        subset: Some(nest.window(port, bound)),
        wcr,
        ..Default::default()
    };
    let first = if levels == 0 { tasklet } else { entry(0) };
    let mut added = Vec::new();
    for port in &nest.inputs {
        let outer = &state.edges[port.edge];
        let (mut src, mut conn, mut memlet) = (outer.src, outer.src_conn.clone(), outer.memlet.clone());
        for l in 0..levels {
            added.push(edge(src, conn, entry(l), Some(conn::in_conn(&port.conn)), memlet));
            (src, conn, memlet) = (entry(l), Some(conn::out_conn(&port.conn)), inner(port, l + 1, None));
        }
        added.push(edge(src, conn, tasklet, Some(port.conn.clone()), memlet));
    }
    if nest.inputs.is_empty() {
        // Nothing feeds the maps: empty edges keep them in their scope.
        if let Some(p) = parent {
            added.push(edge(p, None, first, None, Memlet::default()));
        }
        for l in 0..levels {
            let next = if l + 1 == levels { tasklet } else { entry(l + 1) };
            added.push(edge(entry(l), None, next, None, Memlet::default()));
        }
    }
    let port = &nest.output;
    let outer = &state.edges[port.edge];
    let (dst, dst_conn) = match out_node {
        Some(a) => (a, None),
        None => (outer.dst, outer.dst_conn.clone()),
    };
    let last_memlet = Memlet { wcr: port.wcr.clone(), ..outer.memlet.clone() };
    let (mut src, mut conn, mut memlet) = (tasklet, Some(port.conn.clone()), inner(port, levels, port.wcr.clone()));
    for l in (0..levels).rev() {
        added.push(edge(src, conn, exit(l), Some(conn::in_conn(&port.conn)), memlet));
        (src, conn, memlet) = (exit(l), Some(conn::out_conn(&port.conn)), inner(port, l, port.wcr.clone()));
    }
    added.push(edge(src, conn, dst, dst_conn, last_memlet));
    state.edges.extend(added);
    (first, if levels == 0 { tasklet } else { exit(0) })
}
