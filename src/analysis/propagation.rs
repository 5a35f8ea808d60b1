//! Memlet propagation: what a map scope touches as a whole, from what one
//! iteration touches (DaCe's `propagate_memlet`).
//!
//! An index affine in the map parameters with constant coefficients
//! (`2*i + j - 1`) is bounded exactly by its values at the range ends;
//! anything else (indirection `A[idx[i]]`, `i*i`) widens to the whole
//! dimension of the container. Subsets from several memlets unite into their
//! bounding box. Volumes multiply by the number of iterations.

use crate::model::{MapScope, Memlet};
use crate::symbolic::{Dim, Expr, Subset};
use std::collections::HashMap;

/// The subset one map covers when each iteration touches `inner`. `local`
/// names the symbols only defined inside the scope besides the parameters
/// (dynamic range inputs); `shape` is the container's, for dimensions that
/// cannot be bounded and to clamp the others (nothing outside it is touched).
pub fn propagate_subset(inner: &Subset, map: &MapScope, local: &[String], shape: &[Expr]) -> Option<Subset> {
    let ranges: Vec<(&String, &Dim)> = map.params.iter().zip(map.range.dims()).collect();
    if ranges.len() != map.params.len() {
        return None;
    }
    let is_local = |s: &String| map.params.contains(s) || local.contains(s);
    let uses_local = |e: &Expr| e.free_symbols().iter().any(is_local);
    let dims = inner.dims();
    let mut out = Vec::with_capacity(dims.len());
    for (k, d) in dims.iter().enumerate() {
        if !uses_local(&d.start) && !uses_local(&d.end) {
            out.push(d.clone());
            continue;
        }
        let bounded = (d.step.as_int() == Some(1) && d.tile.as_int() == Some(1))
            .then(|| Some((bound(&d.start, &ranges, false)?, bound(&d.end, &ranges, true)?)))
            .flatten()
            .filter(|(lo, hi)| !uses_local(lo) && !uses_local(hi));
        let last = shape.get(k)?.sub(&Expr::int(1));
        match bounded {
            Some((lo, hi)) => out.push(Dim::range(
                Expr::call("Max", vec![lo, Expr::int(0)]),
                Expr::call("Min", vec![hi, last]),
            )),
            None => out.push(Dim::range(Expr::int(0), last)),
        }
    }
    Some(Subset::Range(out))
}

/// The least (`upper` false) or greatest value `e` takes over a map's
/// iterations, exactly, when `e` is affine in each parameter with a
/// constant coefficient (no clamping to any shape).
pub fn extreme(e: &Expr, map: &MapScope, upper: bool) -> Option<Expr> {
    let ranges: Vec<(&String, &Dim)> = map.params.iter().zip(map.range.dims()).collect();
    if ranges.len() != map.params.len() {
        return None;
    }
    bound(e, &ranges, upper)
}

/// The value of the last iteration of a range: its end for unit steps,
/// else the last multiple of the step from the start.
fn last_value(r: &Dim) -> Expr {
    match r.step.as_int() {
        Some(1 | -1) => r.end.clone(),
        _ => r.start.add(&Expr::call("int_floor", vec![r.end.sub(&r.start), r.step.clone()]).mul(&r.step)).simplify(),
    }
}

/// The least (`upper` false) or greatest value of `e` over the ranges, when
/// `e` is affine in each parameter with a constant coefficient.
fn bound(e: &Expr, ranges: &[(&String, &Dim)], upper: bool) -> Option<Expr> {
    let mut e = e.simplify();
    // Last parameter first: a range may use the parameters before it.
    for (p, r) in ranges.iter().rev() {
        if !e.free_symbols().contains(*p) {
            continue;
        }
        let coefficient = coefficient(&e, p)?;
        let at = |v: &Expr| e.substitute(&HashMap::from([((*p).clone(), v.clone())])).simplify();
        // The range's own bounds must not use the parameter being removed.
        let low_end = coefficient >= 0;
        // A range counting down starts at its greatest value.
        let (least, greatest) = match r.step.as_int() {
            Some(s) if s < 0 => (last_value(r), r.start.clone()),
            _ => (r.start.clone(), last_value(r)),
        };
        e = if low_end != upper { at(&least) } else { at(&greatest) };
        if e.free_symbols().contains(*p) {
            return None;
        }
    }
    Some(e)
}

/// The constant `c` with `e = c*p + (terms without p)`, if there is one.
fn coefficient(e: &Expr, p: &str) -> Option<i64> {
    let shifted = e.substitute(&HashMap::from([(p.to_string(), Expr::sym(p).add(&Expr::int(1)))]));
    let c = shifted.sub(e).simplify().as_int()?;
    // Affine: the difference is the same constant from every point, which a
    // second difference of zero confirms (rules out i*i, whose first
    // difference depends on i and would not be constant anyway).
    let at_zero = e.substitute(&HashMap::from([(p.to_string(), Expr::int(0))]));
    let rebuilt = at_zero.add(&Expr::sym(p).mul(&Expr::int(c)));
    rebuilt.sub(e).simplify().as_int().filter(|d| *d == 0).map(|_| c)
}

/// The bounding box of two subsets of the same container.
pub fn union(a: &Subset, b: &Subset) -> Option<Subset> {
    if a.dims().len() != b.dims().len() {
        return None;
    }
    let dims = a.dims().iter().zip(b.dims()).map(|(x, y)| {
        if x == y {
            return x.clone();
        }
        let start = Expr::call("Min", vec![x.start.clone(), y.start.clone()]);
        let end = Expr::call("Max", vec![x.end.clone(), y.end.clone()]);
        Dim::range(start, end)
    });
    Some(Subset::Range(dims.collect()))
}

/// The memlet a whole map moves when each iteration moves `inner`: its
/// propagated subset, its volume times the iteration count, and the same
/// data, dynamic flag and write-conflict resolution.
pub fn propagate_memlet(inner: &Memlet, map: &MapScope, local: &[String], shape: &[Expr]) -> Option<Memlet> {
    let subset = propagate_subset(inner.subset.as_ref()?, map, local, shape)?;
    let per_iteration = inner.volume.clone().unwrap_or_else(|| inner.subset.as_ref().map_or(Expr::int(1), Subset::num_elements));
    let mut out = inner.clone();
    if map.has_dependent_ranges() {
        // The iteration count is no product of the ranges: bound the volume by the subset.
        out.volume = Some(subset.num_elements());
        out.dynamic = true;
    } else {
        out.volume = Some(per_iteration.mul(&map.range.num_elements()).simplify());
    }
    out.subset = Some(subset);
    out.other_subset = None;
    Some(out)
}

/// Whether the iterations of a map over `params` touch disjoint parts of a
/// container accessed through `subsets` (one iteration's memlets): for each
/// parameter some dimension is indexed alike in all of them by `a * p + b`
/// (`a` a nonzero constant, `b` free of the other parameters and of the
/// names in `varying`, which change while the iteration runs).
pub fn split_among_iterations(subsets: &[&Subset], params: &[String], varying: &[&str]) -> bool {
    let Some(first) = subsets.first() else { return false };
    let rank = first.dims().len();
    if subsets.iter().any(|s| s.dims().len() != rank) {
        return false;
    }
    let shared: Vec<&Expr> = (0..rank)
        .filter(|&k| subsets.iter().all(|s| s.dims()[k].is_index() && s.dims()[k].start == first.dims()[k].start))
        .map(|k| &first.dims()[k].start)
        .collect();
    params.iter().all(|p| {
        shared.iter().any(|x| {
            let symbols = x.free_symbols();
            let others = params.iter().map(String::as_str).chain(varying.iter().copied()).any(|q| q != p && symbols.contains(q));
            !others && x.unit_step(p).is_some_and(|a| a != 0)
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Schedule;

    fn map(params: &[&str], range: &str) -> MapScope {
        MapScope {
            params: params.iter().map(|s| s.to_string()).collect(),
            range: Subset::parse(range).unwrap(),
            schedule: Schedule::Default,
        }
    }

    fn prop(inner: &str, m: &MapScope) -> String {
        let shape = [Expr::sym("N"), Expr::sym("M")];
        propagate_subset(&Subset::parse(inner).unwrap(), m, &[], &shape).unwrap().to_string()
    }

    #[test]
    fn affine_indices_are_bounded_by_the_range_ends() {
        let m = map(&["i", "j"], "1:N - 1, 0:M");
        assert_eq!(prop("i, j", &m), "1:N - 1, 0:M");
        assert_eq!(prop("i + 1, j", &m), "2:N, 0:M");
        assert_eq!(prop("i - 1:i + 2, 0", &m), "0:N, 0");
        // Clamped to the shape: nothing outside the container is touched.
        assert_eq!(prop("N - i, j - 1", &m), "2:N, 0:M - 1");
    }

    #[test]
    fn ranges_using_earlier_parameters_are_bounded_innermost_first() {
        let tri = map(&["i", "j"], "0:N, i:N");
        assert!(tri.has_dependent_ranges() && !map(&["i", "j"], "0:N, 0:M").has_dependent_ranges());
        assert_eq!(prop("i, j", &tri), "0:N, 0:Min(M - 1, N - 1) + 1");
        assert_eq!(prop("j - i, 0", &tri), "0:N, 0");
        let blocks = map(&["j0", "k"], "0:N:1024, j0 + t:Min(N - 1, j0 + 1023) + 1");
        assert_eq!(prop("k, 0", &blocks), "0:N, 0");
        // The iteration count is not the product of the ranges: the volume is a bound.
        let inner = Memlet { subset: Some(Subset::parse("i, j").unwrap()), ..Memlet::default() };
        let out = propagate_memlet(&inner, &tri, &[], &[Expr::sym("N"), Expr::sym("N")]).unwrap();
        assert!(out.dynamic);
        assert_eq!(out.volume.unwrap().to_string(), "N**2");
    }

    #[test]
    fn other_indices_widen_to_the_whole_dimension() {
        let m = map(&["i"], "0:N");
        assert_eq!(prop("i*i, 0", &m), "0:N, 0");
        assert_eq!(prop("idx[i], 0", &m), "0:N, 0");
        // Symbols of dynamic range inputs are unknown outside the map.
        let shape = [Expr::sym("N")];
        let widened = propagate_subset(&Subset::parse("b0").unwrap(), &m, &["b0".to_string()], &shape).unwrap();
        assert_eq!(widened.to_string(), "0:N");
    }

    #[test]
    fn strided_ranges_end_at_their_last_iteration_and_clamp_to_the_shape() {
        let m = map(&["i"], "0:N:2");
        let s = prop("i + 1, 0", &m);
        assert!(!s.starts_with("1:N + 1"), "{s}");
        let tiles = map(&["t"], "0:N:128");
        let shape = [Expr::sym("N")];
        let s = propagate_subset(&Subset::parse("t:t + 128").unwrap(), &tiles, &[], &shape).unwrap().to_string();
        assert!(s.contains("Min"), "{s}");
    }

    #[test]
    fn descending_ranges_are_bounded_by_their_last_iteration() {
        // i = 9, 7, 5, 3, 1 (inclusive end 0, step -2).
        let m = MapScope {
            params: vec!["i".into()],
            range: Subset::Range(vec![Dim::new(Expr::int(9), Expr::int(0), Expr::int(-2), Expr::int(1))]),
            schedule: Schedule::Default,
        };
        let shape = [Expr::int(10)];
        let s = propagate_subset(&Subset::parse("i").unwrap(), &m, &[], &shape).unwrap();
        assert_eq!(s.to_string(), "1:10");
        let inner = Memlet { data: Some("A".into()), subset: Some(Subset::parse("i").unwrap()), ..Default::default() };
        assert_eq!(propagate_memlet(&inner, &m, &[], &shape).unwrap().volume.unwrap().to_string(), "5");
    }

    #[test]
    fn volumes_multiply_and_subsets_unite() {
        let m = map(&["i"], "0:N");
        let inner = Memlet { data: Some("A".into()), subset: Some(Subset::parse("i, 0:2").unwrap()), ..Default::default() };
        let outer = propagate_memlet(&inner, &m, &[], &[Expr::sym("N"), Expr::int(2)]).unwrap();
        assert_eq!(outer.subset.unwrap().to_string(), "0:N, 0:2");
        assert_eq!(outer.volume.unwrap().to_string(), "2*N");
        let u = union(&Subset::parse("0:4, 1").unwrap(), &Subset::parse("2:8, 1").unwrap()).unwrap();
        assert_eq!(u.to_string(), "0:8, 1");
    }
}
