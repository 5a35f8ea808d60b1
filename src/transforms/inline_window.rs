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
        // Dimensions of size one are squeezed away on either side: the
        // window's other dimensions are the container's other ones, in order
        // (`A[0:N]` seen as `[N, 1]`, `A[i, 0:M]` as `[M]`).
        let wide: Vec<usize> = (0..sizes.len()).filter(|&j| !is_one(&sizes[j])).collect();
        let inner_wide: Vec<usize> = (0..shape.len()).filter(|&k| !is_one(&shape[k])).collect();
        if wide.len() == inner_wide.len() && wide.iter().zip(&inner_wide).all(|(&j, &k)| same(&sizes[j], &shape[k])) {
            (0..sizes.len()).map(|j| wide.iter().position(|&w| w == j).map(|p| inner_wide[p])).collect()
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::test_array as array;

    fn compose(outer: &DataDesc, inner: &DataDesc, window: &str, at: &str) -> Option<String> {
        let w = super::window("A", outer, inner, Some(&Subset::parse(window).unwrap()))?;
        w.compose(Some(&Subset::parse(at).unwrap())).map(|s| s.to_string())
    }

    #[test]
    fn offsets_and_squeezes() {
        let outer = array(&["N", "M"], None);
        let row = array(&["M"], None);
        assert_eq!(compose(&outer, &row, "i, 0:M", "j").as_deref(), Some("i, j"));
        assert_eq!(compose(&outer, &array(&["N - 2", "M"], None), "2:N, 0:M", "k, 1:3").as_deref(), Some("k + 2, 1:3"));
        // A strided inner view of a column matches the outer strides.
        let column = array(&["N"], Some(&["M"]));
        assert_eq!(compose(&outer, &column, "0:N, 3", "j").as_deref(), Some("j, 3"));
        // One element through unit dimensions.
        assert_eq!(compose(&outer, &array(&["1"], None), "i, j", "0").as_deref(), Some("i, j"));
        // A vector seen with a unit dimension added (`x[:, None]`).
        let vector = array(&["N"], None);
        assert_eq!(compose(&vector, &array(&["N", "1"], None), "0:N", "i, 0").as_deref(), Some("i"));
        assert!(compose(&vector, &array(&["N", "1"], None), "0:N", "i, 1").is_none());
        // Squeezed and added at once: a row seen as a column vector.
        assert_eq!(compose(&outer, &array(&["M", "1"], Some(&["1", "1"])), "i, 0:M", "j, 0").as_deref(), Some("i, j"));
    }

    #[test]
    fn refusals() {
        let outer = array(&["N", "M"], None);
        // A contiguous inner vector cannot be a column.
        assert!(compose(&outer, &array(&["N"], None), "0:N, 3", "j").is_none());
        // Shapes that do not match the window.
        assert!(compose(&outer, &array(&["M", "N"], None), "0:N, 0:M", "0, 0").is_none());
        // Steps are not composed.
        assert!(compose(&outer, &array(&["N"], None), "0:N:2, 0", "j").is_none());
        // An index other than 0 into a unit dimension no outer one carries.
        let cube = array(&["N", "M", "K"], None);
        assert!(compose(&cube, &array(&["1"], None), "i, j, 0", "1").is_none());
        assert_eq!(compose(&cube, &array(&["1"], None), "i, j, 0", "0").as_deref(), Some("i, j, 0"));
    }
}
