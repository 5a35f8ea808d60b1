//! Memlets: the container they name, subset dimensionality and bounds,
//! `other_subset`, and the ends of their memlet paths (DaCe:
//! `Memlet.validate` and the edge loop of `validate_state`). Write-conflict
//! lambdas are checked where they are read (`model::Wcr::parse`).

use super::exprs::dims;
use super::paths::{describe, memlet_path, PathError};
use super::{copies, Env, Verifier};
use crate::model::dataflow::Dataflow;
use crate::model::{DataDesc, DataEdge, DataKind, NodeKind, State};
use crate::symbolic::{Expr, Subset};

pub(super) fn check(v: &mut Verifier, env: &Env, graph: &Dataflow) {
    let s = graph.state();
    for (k, e) in s.edges.iter().enumerate() {
        let m = &e.memlet;
        let Some(data) = &m.data else { continue };
        let Some(desc) = env.container(data) else {
            if !env.has_constant(data) {
                v.error(&e.loc, format!("memlet data '{data}' is not a container of this sdfg"));
            }
            continue;
        };
        if let Some(sub) = &m.subset {
            let (got, want) = (dims(sub).len(), desc.shape.len());
            if got != want {
                v.error(&e.loc, format!("memlet subset of '{data}' has {got} dimensions, the container has {want}"));
            }
        }
        match memlet_path(graph, k) {
            Err(PathError::Broken(msg)) => v.error(&e.loc, format!("memlet path of '{data}' {msg}")),
            Err(PathError::Dangling) => {}
            Ok(path) => ends(v, env, s, e, data, desc, path.src, path.dst),
        }
    }
}

/// Rules on the outermost nodes of the edge's memlet path.
#[allow(clippy::too_many_arguments)]
fn ends(v: &mut Verifier, env: &Env, s: &State, e: &DataEdge, data: &str, desc: &DataDesc, src: usize, dst: usize) {
    let (Some(src_node), Some(dst_node)) = (s.nodes.get(src), s.nodes.get(dst)) else { return };
    let access = |n: &crate::model::Node| match &n.kind {
        NodeKind::Access { data, .. } => Some(data.clone()),
        _ => None,
    };
    let (src_data, dst_data) = (access(src_node), access(dst_node));
    let m = &e.memlet;
    // Data moves in and out of nested SDFGs only from and to access nodes.
    if matches!(src_node.kind, NodeKind::NestedSdfg { .. }) && dst_data.is_none() {
        v.error(&e.loc, format!("memlet from {} must lead to an access node", describe(src_node)));
    }
    if matches!(dst_node.kind, NodeKind::NestedSdfg { .. }) && src_data.is_none() {
        v.error(&e.loc, format!("memlet into {} must come from an access node", describe(dst_node)));
    }
    // The memlet names the data of one of the path's access-node ends.
    let matches_src = src_data.as_deref() == Some(data) || e.src_conn.as_deref() == Some(data);
    let matches_dst = dst_data.as_deref() == Some(data) || e.dst_conn.as_deref() == Some(data);
    if (src_data.is_some() || dst_data.is_some())
        && (src_data.is_none() || !matches_src)
        && (dst_data.is_none() || !matches_dst)
    {
        let names: Vec<String> = [&src_data, &dst_data].iter().filter_map(|d| d.as_ref().map(|d| format!("'{d}'"))).collect();
        v.error(&e.loc, format!("memlet data '{data}' is neither end of its path ({})", names.join(", ")));
    }
    if extra_flag(e, "allow_oob") {
        return;
    }
    let on_dst = dst_data.as_deref() == Some(data);
    let (subset_end, other_end) = if on_dst { (&dst_data, &src_data) } else { (&src_data, &dst_data) };
    if subset_end.as_deref() == Some(data) && !m.dynamic {
        if let Some(sub) = &m.subset {
            bounds(v, e, "subset", data, desc, sub);
        }
    }
    let Some(other) = &m.other_subset else { return };
    let Some(other_name) = other_end.as_deref() else { return };
    let Some(other_desc) = env.container(other_name) else { return };
    let (got, want) = (dims(other).len(), other_desc.shape.len());
    if got != want {
        v.error(&e.loc, format!("memlet other_subset has {got} dimensions, '{other_name}' has {want}"));
        return;
    }
    if !m.dynamic {
        bounds(v, e, "other_subset", other_name, other_desc, other);
    }
    // Copies move as many elements as they read (streams, view bindings
    // and reference sets excepted, as in DaCe).
    let is = |d: &DataDesc, kind| d.kind == kind;
    let streams = is(desc, DataKind::Stream) || is(other_desc, DataKind::Stream);
    let alias = matches!(e.dst_conn.as_deref(), Some("views" | "set")) || e.src_conn.as_deref() == Some("views");
    if src_data.is_some() && dst_data.is_some() && !streams && !alias {
        let here = match &m.subset {
            Some(sub) => sub.num_elements(),
            None => desc.shape.iter().fold(Expr::int(1), |acc, d| acc.mul(d)),
        };
        if let Some((a, b)) = copies::mismatch(&here, &other.num_elements()) {
            let ((from, n), (to, k)) = if on_dst { ((other_name, b), (data, a)) } else { ((data, a), (other_name, b)) };
            v.error(&e.loc, format!("memlet copies {n} elements of '{from}' into {k} elements of '{to}'"));
        }
    }
}

/// Decidable out-of-bounds accesses: a constant negative start, or an end
/// at or past the size (offsets included).
fn bounds(v: &mut Verifier, e: &DataEdge, what: &str, name: &str, desc: &DataDesc, sub: &Subset) {
    for (i, (d, size)) in dims(sub).iter().zip(&desc.shape).enumerate() {
        let off = desc.offset.as_ref().and_then(|o| o.get(i)).filter(|o| o.as_int() != Some(0));
        let shifted = off.map(|o| format!(" (plus its offset {o})")).unwrap_or_default();
        let start = match off {
            None => d.start.as_int(),
            Some(o) => d.start.add(o).as_int(),
        };
        let past_end = match off {
            None => v.end_minus_size(&d.end, size),
            Some(o) => d.end.add(o).sub(size).as_int(),
        };
        if matches!(start, Some(x) if x < 0) {
            v.error(&e.loc, format!("memlet {what} of '{name}' is out of bounds: dimension {i} starts at {}{shifted}", d.start));
        } else if matches!(past_end, Some(x) if x >= 0) {
            v.error(
                &e.loc,
                format!("memlet {what} of '{name}' is out of bounds: dimension {i} ends at {}{shifted} of size {size}", d.end),
            );
        }
    }
}

/// A boolean property kept in the memlet's `extra` (e.g. `allow_oob`).
fn extra_flag(e: &DataEdge, key: &str) -> bool {
    e.memlet.extra.get(key).and_then(|v| v.as_bool()) == Some(true)
}
