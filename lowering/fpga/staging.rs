//! Library nodes that write a stream (DaCe's streaming transformations
//! leave a Reduce or a product writing one element into a stream) write a
//! transient scalar instead, which a copy then pushes into the stream: the
//! node expands into maps and tasklets as any other.
//!
//! ```text
//! Reduce -> stream_x[0]      becomes      Reduce -> x_value -> stream_x[0]
//! ```

use crate::model::{DataDesc, DataEdge, DataKind, Lifetime, Memlet, Node, NodeKind, Sdfg, State, Storage};
use crate::symbolic::{Dim, Expr, Subset};
use crate::transforms::place;

/// Stages every library node's one-element stream outputs, nested SDFGs included.
pub fn stage_stream_outputs(sdfg: &mut Sdfg) {
    let paths: Vec<_> = place::states(sdfg).into_iter().map(|(p, _)| p).collect();
    for path in &paths {
        let Some(state) = place::state(sdfg, path) else { continue };
        let staged: Vec<(usize, String)> = state
            .edges
            .iter()
            .enumerate()
            .filter(|(_, e)| matches!(state.nodes[e.src].kind, NodeKind::Library(_)))
            .filter(|(_, e)| matches!(state.nodes[e.dst].kind, NodeKind::Access { .. }))
            .filter_map(|(i, e)| {
                let data = e.memlet.data.as_ref()?;
                let d = sdfg.container(data)?;
                let one = e.memlet.subset.as_ref().is_none_or(|s| s.num_elements().simplify().as_int() == Some(1));
                (d.kind == DataKind::Stream && one).then(|| (i, data.clone()))
            })
            .collect();
        for (i, stream) in staged {
            let dtype = sdfg.container(&stream).map(|d| d.dtype.clone()).expect("checked above");
            let name = sdfg.unique_container_name(&format!("{stream}_value"));
            let at = sdfg.containers.len();
            sdfg.containers.insert(at, (name.clone(), scalar(dtype)));
            let Some(state) = place::state_mut(sdfg, path) else { continue };
            stage(state, i, &name);
        }
    }
    for path in &paths {
        let Some(state) = place::state_mut(sdfg, path) else { continue };
        for node in &mut state.nodes {
            if let NodeKind::NestedSdfg { sdfg: inner, .. } = &mut node.kind {
                stage_stream_outputs(inner);
            }
        }
    }
}

/// Points edge `i` at a new access node of `scalar` and copies that into
/// the edge's stream.
fn stage(state: &mut State, i: usize, scalar: &str) {
    let loc = state.edges[i].loc.clone();
    let n = state.nodes.len();
    let no_conns: [&str; 0] = [];
    state.nodes.push(Node::new(scalar, NodeKind::Access { data: scalar.to_string(), setzero: false }, &no_conns, &no_conns, &loc));
    let first = || Some(Subset::Range(vec![Dim::index(Expr::int(0))]));
    let stream_memlet = std::mem::replace(
        &mut state.edges[i].memlet,
        Memlet { data: Some(scalar.to_string()), subset: first(), ..Default::default() },
    );
    let dst = std::mem::replace(&mut state.edges[i].dst, n);
    let memlet = Memlet { data: stream_memlet.data, subset: stream_memlet.subset.or_else(first), ..Default::default() };
    state.edges.push(DataEdge { src: n, src_conn: None, dst, dst_conn: None, memlet, loc });
}

fn scalar(dtype: crate::model::DType) -> DataDesc {
    DataDesc {
        kind: DataKind::Scalar,
        dtype,
        shape: vec![Expr::int(1)],
        strides: None,
        offset: None,
        total_size: None,
        transient: true,
        storage: Storage::FpgaRegisters,
        lifetime: Lifetime::Scope,
        buffer_size: None,
        optional: None,
        extra: Default::default(),
        loc: Default::default(),
    }
}
