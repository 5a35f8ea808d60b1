//! How a nested SDFG's connector container maps into the outer container it
//! is bound to: the outer memlet's subset is a window, and an inner index is
//! an offset into it. Used by the inlining transformations to rewrite inner
//! memlets onto the outer container.

use crate::model::{DataDesc, DataKind};
use crate::symbolic::{Dim, Expr, Subset};
use std::collections::HashMap;

/// The binding of an inner container to `outer[window]`.
#[derive(Clone, Debug)]
pub struct Window {
    pub outer: String,
    /// The outer memlet's dimensions (step and tile 1).
    dims: Vec<Dim>,
    /// For every outer dimension, the inner dimension it carries (`None`:
    /// dropped, a single index of the window).
    kept: Vec<Option<usize>>,
    inner_shape: Vec<Expr>,
}

fn is_one(e: &Expr) -> bool {
    e.simplify().as_int() == Some(1)
}

/// The window of `inner` (already in outer symbols) bound to `outer` through
/// a memlet with `subset` (`None` = all of it). `None` when the shapes,
/// strides, offsets or types do not let inner indices be rewritten safely.
pub fn window(outer_name: &str, outer: &DataDesc, inner: &DataDesc, subset: Option<&Subset>) -> Option<Window> {
    let plain = |k: DataKind| matches!(k, DataKind::Array | DataKind::Scalar);
    if !plain(inner.kind) || !plain(outer.kind) || inner.dtype != outer.dtype {
        return None;
    }
    if inner.offset.as_ref().is_some_and(|o| o.iter().any(|x| x.simplify().as_int() != Some(0))) {
        return None;
    }
    let dims: Vec<Dim> = match subset {
        Some(s) => s.dims().to_vec(),
        None => outer.shape.iter().map(|n| Dim::range(Expr::int(0), n.sub(&Expr::int(1)))).collect(),
    };
    if dims.len() != outer.shape.len() || dims.iter().any(|d| !is_one(&d.step) || !is_one(&d.tile)) {
        return None;
    }
    let sizes: Vec<Expr> = dims.iter().map(|d| d.end.sub(&d.start).add(&Expr::int(1)).simplify()).collect();
    let shape = &inner.shape;
    let same = |a: &Expr, b: &Expr| a.is_symbolically_equal(b);
    let kept: Vec<Option<usize>> = if shape.len() == sizes.len() && shape.iter().zip(&sizes).all(|(a, b)| same(a, b)) {
        (0..sizes.len()).map(Some).collect()
    } else {
        // Dimensions of size one are squeezed away.
        let wide: Vec<usize> = (0..sizes.len()).filter(|&j| !is_one(&sizes[j])).collect();
        if wide.len() == shape.len() && wide.iter().zip(shape).all(|(&j, n)| same(&sizes[j], n)) {
            (0..sizes.len()).map(|j| wide.iter().position(|&w| w == j)).collect()
        } else if wide.is_empty() && shape.iter().all(is_one) {
            // One element seen through any number of unit dimensions.
            vec![None; sizes.len()]
        } else {
            return None;
        }
    };
    let inner_strides = inner.strides_or_default();
    let outer_strides = outer.strides_or_default();
    for (j, k) in kept.iter().enumerate() {
        let Some(k) = *k else { continue };
        let (Some(a), Some(b)) = (inner_strides.get(k), outer_strides.get(j)) else { return None };
        if !is_one(&shape[k]) && !same(a, b) {
            return None;
        }
    }
    Some(Window { outer: outer_name.to_string(), dims, kept, inner_shape: shape.clone() })
}

impl Window {
    /// The outer subset that the inner subset `inner` (`None` = all of the
    /// inner container) addresses.
    pub fn compose(&self, inner: Option<&Subset>) -> Option<Subset> {
        let inner_dims: Vec<Dim> = match inner {
            Some(s) => s.dims().to_vec(),
            None => self.inner_shape.iter().map(|n| Dim::range(Expr::int(0), n.sub(&Expr::int(1)))).collect(),
        };
        if inner_dims.len() != self.inner_shape.len() {
            return None;
        }
        // Inner dimensions no outer one carries have size one: index 0 only.
        let carried: Vec<usize> = self.kept.iter().flatten().copied().collect();
        for (k, d) in inner_dims.iter().enumerate() {
            let zero = d.start.simplify().as_int() == Some(0) && d.end.simplify().as_int() == Some(0);
            if !carried.contains(&k) && !zero {
                return None;
            }
        }
        let mut out = Vec::with_capacity(self.dims.len());
        for (outer, kept) in self.dims.iter().zip(&self.kept) {
            out.push(match kept {
                Some(k) => {
                    let d = &inner_dims[*k];
                    Dim::new(outer.start.add(&d.start), outer.start.add(&d.end), d.step.clone(), d.tile.clone())
                }
                None => Dim::index(outer.start.clone()),
            });
        }
        Some(Subset::Range(out))
    }
}

/// Whether two subsets are symbolically the same.
pub fn same_subset(a: Option<&Subset>, b: Option<&Subset>) -> bool {
    match (a, b) {
        (None, None) => true,
        (Some(a), Some(b)) => {
            a.dims().len() == b.dims().len()
                && a.dims().iter().zip(b.dims()).all(|(x, y)| {
                    x.start.is_symbolically_equal(&y.start)
                        && x.end.is_symbolically_equal(&y.end)
                        && x.step.is_symbolically_equal(&y.step)
                        && x.tile.is_symbolically_equal(&y.tile)
                })
        }
        _ => false,
    }
}

/// The descriptor with symbols replaced in its shape, strides and offsets.
pub fn substitute_desc(desc: &DataDesc, values: &HashMap<String, Expr>) -> DataDesc {
    let mut d = desc.clone();
    let all = |v: &mut Vec<Expr>| v.iter_mut().for_each(|x| *x = x.substitute(values));
    all(&mut d.shape);
    d.strides.iter_mut().for_each(all);
    d.offset.iter_mut().for_each(all);
    d.total_size = d.total_size.map(|t| t.substitute(values));
    d
}
