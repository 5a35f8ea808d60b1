//! What RedundantArray and RedundantSecondArray share: the two ends of a
//! copy between access nodes, how the elements of one container sit inside
//! a subset of the other, and moving the memlets of a memlet tree (through
//! map entries or exits) from one container to the other.

pub use crate::analysis::memlet_tree::memlet_tree;

use super::uses::full_subset;
use crate::model::{DataEdge, NodeKind, Sdfg, State};
use crate::symbolic::{Dim, Expr, Subset};

/// The subsets a copy edge reads and writes, as the lowering reads them:
/// a missing side is the region of the other side's extents at 0, or the
/// whole container. `None` when the memlet names neither end.
pub fn copy_sides(sdfg: &Sdfg, src: &str, dst: &str, e: &DataEdge) -> Option<(Subset, Subset)> {
    let m = &e.memlet;
    let data = m.data.as_deref()?;
    let data_is_src = match m.is_data_src {
        Some(v) => v,
        None if data == src => true,
        None if data == dst => false,
        None => return None,
    };
    if (data_is_src && data != src) || (!data_is_src && data != dst) {
        return None;
    }
    let (own, other) = if data_is_src { (src, dst) } else { (dst, src) };
    let own_sub = m.subset.clone().unwrap_or_else(|| full_subset(&sdfg.container(own).map(|c| c.shape.clone()).unwrap_or_default()));
    let other_shape = &sdfg.container(other)?.shape;
    let other_sub = match &m.other_subset {
        Some(s) => s.clone(),
        None if own_sub.dims().len() == other_shape.len() => {
            Subset::Range(own_sub.dims().iter().map(|d| Dim::range(Expr::int(0), d.num_elements().sub(&Expr::int(1)))).collect())
        }
        None => full_subset(other_shape),
    };
    Some(if data_is_src { (own_sub, other_sub) } else { (other_sub, own_sub) })
}

/// Where the elements of a container (by shape) lie in another one.
#[derive(Clone, Debug)]
pub enum Embedding {
    /// Same rank and extents: index `i` is `i + offset`.
    Offset(Vec<Expr>),
    /// A one-element container: its element is this one.
    Point(Subset),
}

impl Embedding {
    /// The embedding of a container of `shape` into `target`, when it is a
    /// plain shift or a single element.
    pub fn new(shape: &[Expr], target: &Subset) -> Option<Embedding> {
        let dims = target.dims();
        let eq = |a: &Expr, b: &Expr| a.simplify() == b.simplify() || a.is_symbolically_equal(b);
        let unit_steps = dims.iter().all(|d| d.step.as_int() == Some(1) && d.tile.as_int() == Some(1));
        if unit_steps && dims.len() == shape.len() && dims.iter().zip(shape).all(|(d, s)| eq(&d.num_elements(), s)) {
            return Some(Embedding::Offset(dims.iter().map(|d| d.start.clone()).collect()));
        }
        let one = |e: &Expr| e.simplify().as_int() == Some(1);
        if shape.iter().all(one) && dims.iter().all(|d| one(&d.num_elements())) {
            return Some(Embedding::Point(target.clone()));
        }
        None
    }

    /// The subset of the target that `s` (a subset of the embedded
    /// container) becomes.
    pub fn map(&self, s: &Subset) -> Option<Subset> {
        match self {
            Embedding::Point(p) => Some(p.clone()),
            Embedding::Offset(off) if off.len() == s.dims().len() => Some(Subset::Range(
                s.dims()
                    .iter()
                    .zip(off)
                    .map(|(d, o)| Dim::new(d.start.add(o), d.end.add(o), d.step.clone(), d.tile.clone()))
                    .collect(),
            )),
            Embedding::Offset(_) => None,
        }
    }

    pub fn is_identity(&self) -> bool {
        matches!(self, Embedding::Offset(off) if off.iter().all(|o| o.simplify().as_int() == Some(0)))
    }
}

/// Whether a memlet tree can move to another container through an
/// embedding: no view bindings, library nodes and nested SDFGs (which see
/// the container's layout) only when nothing moves, copies only with both
/// of their subsets written down or derivable.
pub fn movable(state: &State, edges: &[usize], leaves: &[usize], old: &str, emb: &Embedding, same_layout: bool) -> bool {
    let layout_ok = emb.is_identity() && same_layout;
    let leaves_ok = leaves.iter().all(|&n| match &state.nodes[n].kind {
        NodeKind::Tasklet { .. } | NodeKind::Access { .. } => true,
        NodeKind::NestedSdfg { .. } | NodeKind::Library(_) => layout_ok,
        _ => false,
    });
    leaves_ok
        && edges.iter().all(|&i| {
            let e = &state.edges[i];
            let views = [&e.src_conn, &e.dst_conn].iter().any(|c| c.as_deref() == Some("views"));
            let names_old = e.memlet.data.as_deref() == Some(old);
            // A copy that names the other end keeps our side in other_subset.
            !views && e.memlet.data.is_some() && (names_old || e.memlet.other_subset.is_some())
        })
}

/// Renames `old` to `new` on the memlets of a tree, moving its subsets
/// through the embedding.
pub fn move_tree(state: &mut State, edges: &[usize], old: &str, new: &str, old_shape: &[Expr], emb: &Embedding) -> Result<(), String> {
    for &i in edges {
        let m = &mut state.edges.get_mut(i).ok_or("memlet tree edge is missing")?.memlet;
        if m.data.as_deref() == Some(old) {
            let s = m.subset.clone().unwrap_or_else(|| full_subset(old_shape));
            m.subset = Some(emb.map(&s).ok_or("subset rank does not match")?);
            m.data = Some(new.to_string());
        } else {
            let s = m.other_subset.clone().ok_or("copy without the subset of the moved side")?;
            m.other_subset = Some(emb.map(&s).ok_or("subset rank does not match")?);
        }
    }
    Ok(())
}
