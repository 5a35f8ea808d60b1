//! One elementwise computation as a state: the data it reads, a map over
//! the written shape (none for one element), a tasklet with the code, and
//! the written data.
//!
//! ```text
//! B[1:-1] = 0.2 * A[:-2]   =>   A -> map_entry[__i0=0:N-3] -(A[__i0])-> tasklet(__out = (0.2 * __in0))
//!                                  -(B[__i0 + 1])-> map_exit -(B[1:N-2])-> B
//! ```

use super::elementwise::{Access, Elementwise};
use crate::model::{BlockKind, Cfg, CodeBlock, DataEdge, Loc, MapScope, Memlet, Node, NodeKind, Schedule, Sdfg, State};
use crate::symbolic::{Dim, Expr as Sym, Subset};

/// What a computation writes: a container and how each of its dimensions.
pub struct Write {
    pub data: String,
    pub dims: Vec<Access>,
}

pub fn state(sdfg: &Sdfg, write: Write, ew: Elementwise, loc: &Loc) -> State {
    let out_lens: Vec<Sym> = write.dims.iter().filter_map(Access::len).collect();
    let params: Vec<String> = (0..out_lens.len()).map(|k| format!("__i{k}")).collect();
    let element = |dims: &[Access], aligned_to: &[Sym]| -> Subset {
        let ranges = dims.iter().filter(|d| d.len().is_some()).count();
        let offset = aligned_to.len() - ranges.min(aligned_to.len());
        let mut k = 0;
        let mut out = Vec::new();
        for d in dims {
            match d {
                Access::Index(i) => out.push(Dim::index(i.clone())),
                Access::Range { start, len, step } => {
                    let p = offset + k;
                    k += 1;
                    // A dimension of one broadcasts.
                    let broadcast = len.as_int() == Some(1) && aligned_to.get(p).and_then(|l| l.as_int()) != Some(1);
                    let i = if broadcast { start.clone() } else { start.add(&step.mul(&Sym::sym(&params[p]))) };
                    out.push(Dim::index(i));
                }
                // A new axis broadcasts and reads no dimension.
                Access::NewAxis => k += 1,
                Access::Whole(len) => out.push(Dim::range(Sym::int(0), len.sub(&Sym::int(1)))),
            }
        }
        if out.is_empty() {
            out.push(Dim::index(Sym::int(0)));
        }
        Subset::Range(out)
    };
    let whole = |data: &str| -> Subset {
        let shape = sdfg.container(data).map(|d| d.shape.clone()).unwrap_or_default();
        match sdfg.container(data).map(|d| d.kind) {
            Some(crate::model::DataKind::Scalar) | None => Subset::Range(vec![Dim::index(Sym::int(0))]),
            _ => Subset::Range(shape.iter().map(|s| Dim::range(Sym::int(0), s.sub(&Sym::int(1)))).collect()),
        }
    };
    let written = window(&write.dims);
    let memlet = |data: &str, subset: Subset| Memlet { data: Some(data.to_string()), subset: Some(subset), ..Default::default() };
    let edge = |src, src_conn: Option<String>, dst, dst_conn: Option<String>, memlet| DataEdge { src, src_conn, dst, dst_conn, memlet, loc: loc.clone() };

    let mut st = State::default();
    let mut reads: Vec<String> = Vec::new();
    for i in &ew.inputs {
        if !reads.contains(&i.data) {
            reads.push(i.data.clone());
        }
    }
    let access = |data: &str| Node::new(data, NodeKind::Access { data: data.to_string(), setzero: false }, &[] as &[&str], &[], loc);
    let read_nodes: Vec<usize> = reads
        .iter()
        .map(|d| {
            st.nodes.push(access(d));
            st.nodes.len() - 1
        })
        .collect();
    let ins: Vec<String> = (0..ew.inputs.len()).map(|k| format!("__in{k}")).collect();
    let label = format!("{}_{}", write.data.trim_start_matches('_'), st.nodes.len());
    st.nodes.push(Node::new(&label, NodeKind::Tasklet { code: CodeBlock::python(format!("__out = {}", ew.code)) }, &ins, &["__out".to_string()], loc));
    let tasklet = st.nodes.len() - 1;
    st.nodes.push(access(&write.data));
    let out = st.nodes.len() - 1;
    let out_element = element(&write.dims, &out_lens);
    if params.is_empty() {
        for (k, input) in ew.inputs.iter().enumerate() {
            let src = read_nodes[reads.iter().position(|d| *d == input.data).expect("read")];
            st.edges.push(edge(src, None, tasklet, Some(ins[k].clone()), memlet(&input.data, element(&input.dims, &out_lens))));
        }
        st.edges.push(edge(tasklet, Some("__out".into()), out, None, memlet(&write.data, written)));
        return st;
    }
    let map = MapScope {
        params: params.clone(),
        range: Subset::Range(out_lens.iter().map(|l| Dim::range(Sym::int(0), l.sub(&Sym::int(1)))).collect()),
        schedule: Schedule::Default,
    };
    let entry_ins: Vec<String> = reads.iter().map(|d| format!("IN_{d}")).collect();
    let entry_outs: Vec<String> = reads.iter().map(|d| format!("OUT_{d}")).collect();
    let map_label = format!("{label}_map");
    let entry = st.nodes.len();
    st.nodes.push(Node::new(&map_label, NodeKind::MapEntry { map, exit: entry + 1 }, &entry_ins, &entry_outs, loc));
    st.nodes.push(Node::new(&map_label, NodeKind::MapExit { entry }, &[format!("IN_{}", write.data)], &[format!("OUT_{}", write.data)], loc));
    let exit = entry + 1;
    for (d, &node) in reads.iter().zip(&read_nodes) {
        st.edges.push(edge(node, None, entry, Some(format!("IN_{d}")), memlet(d, whole(d))));
    }
    for (k, input) in ew.inputs.iter().enumerate() {
        let subset = element(&input.dims, &out_lens);
        st.edges.push(edge(entry, Some(format!("OUT_{}", input.data)), tasklet, Some(ins[k].clone()), memlet(&input.data, subset)));
    }
    if ew.inputs.is_empty() {
        st.edges.push(edge(entry, None, tasklet, None, Memlet::default()));
    }
    st.edges.push(edge(tasklet, Some("__out".into()), exit, Some(format!("IN_{}", write.data)), memlet(&write.data, out_element)));
    st.edges.push(edge(exit, Some(format!("OUT_{}", write.data)), out, None, memlet(&write.data, written)));
    st
}

/// The subset `dims` cover (a scalar's `0` when there are none).
pub fn window(dims: &[Access]) -> Subset {
    let dims: Vec<Dim> = dims
        .iter()
        .filter_map(|d| match d {
            Access::Index(i) => Some(Dim::index(i.clone())),
            Access::Range { start, len, step } => {
                let last = start.add(&step.mul(&len.sub(&Sym::int(1))));
                Some(Dim::new(start.clone(), last, step.clone(), Sym::int(1)))
            }
            Access::NewAxis => None,
            Access::Whole(len) => Some(Dim::range(Sym::int(0), len.sub(&Sym::int(1)))),
        })
        .collect();
    if dims.is_empty() {
        Subset::Range(vec![Dim::index(Sym::int(0))])
    } else {
        Subset::Range(dims)
    }
}

/// Adds `part`'s nodes and edges to `state`.
pub fn merge(state: &mut State, part: State) {
    let base = state.nodes.len();
    for mut node in part.nodes {
        match &mut node.kind {
            NodeKind::MapEntry { exit, .. } => *exit += base,
            NodeKind::MapExit { entry } => *entry += base,
            _ => {}
        }
        state.nodes.push(node);
    }
    for mut e in part.edges {
        e.src += base;
        e.dst += base;
        state.edges.push(e);
    }
}

/// Whether `name` occurs in the control flow: in map ranges, memlet
/// subsets, tasklet code or loop headers.
pub fn cfg_mentions(cfg: &Cfg, name: &str) -> bool {
    let in_code = |code: &str| code.split(|c: char| !(c.is_alphanumeric() || c == '_')).any(|w| w == name);
    cfg.blocks.iter().any(|b| match &b.kind {
        BlockKind::State(s) => {
            s.nodes.iter().any(|n| match &n.kind {
                NodeKind::MapEntry { map, .. } => map.range.free_symbols().contains(name),
                NodeKind::Tasklet { code } => in_code(&code.code),
                _ => false,
            }) || s.edges.iter().any(|e| e.memlet.subset.as_ref().is_some_and(|s| s.free_symbols().contains(name)))
        }
        BlockKind::Loop(l) => {
            let header = [l.init.as_ref().map(|s| s.code().code.clone()), l.condition.as_ref().map(|c| c.code().code.clone()), l.update.as_ref().map(|s| s.code().code.clone())];
            header.iter().flatten().any(|c| in_code(c)) || cfg_mentions(&l.cfg, name)
        }
        BlockKind::Region { cfg, .. } => cfg_mentions(cfg, name),
        BlockKind::Conditional(brs) => brs.iter().any(|b| cfg_mentions(&b.cfg, name)),
        _ => false,
    })
}
