//! RefineNestedAccess: a nested SDFG connector bound to more of a container
//! than its body touches gets only the part it touches (DaCe's
//! RefineNestedAccess).
//!
//! ```mlir
//! %n = sdfg.nested_sdfg "row" {ins = {A}} {   // A: [N, M], reads A[i, 0:M]
//! sdfg.memlet %entry["OUT_A"] -> %n["A"] {data = "A", subset = #sdfg.range<0:N, 0:M>}
//! ```
//! becomes
//! ```mlir
//! %n = sdfg.nested_sdfg "row" {ins = {A}} {   // A: [1, M], reads A[0, 0:M]
//! sdfg.memlet %entry["OUT_A"] -> %n["A"] {data = "A", subset = #sdfg.range<i, 0:M>}
//! ```
//! The part is the bounding box of every read and write of the connector's
//! container inside (loops and inner maps widened over their ranges). A
//! dimension is refined when the box is not the whole dimension and its
//! bounds use only symbols the nested SDFG receives from outside. Inside,
//! the container shrinks to the box (its strides stay those of the outer
//! container) and every memlet on it moves by the box's start; outside, the
//! connector's memlets name the box and the enclosing maps' memlets are
//! propagated again. Not applied to a container named in code, conditions,
//! ranges or subsets inside, to copies whose subsets are not both given, or
//! where the outer memlet is not a plain window of the outer container.
//! DaCe refines only dimensions whose accesses are one identical subset
//! and that start at zero outside; this takes any box and any window.

use super::inline_window::{substitute_desc, window};
use super::propagate_memlets::propagate_maps;
use super::uses::mentioned_in_code;
use super::{place, Match, Options, Place, StatePath, Transformation};
use crate::analysis::propagation::union;
use crate::analysis::rwsets::sdfg_sets;
use crate::model::scope::scope_parents;
use crate::model::{DataKind, NodeKind, Sdfg, State};
use crate::symbolic::{Dim, Expr, Subset};
use std::collections::{BTreeSet, HashMap};

pub struct RefineNestedAccess;

impl Transformation for RefineNestedAccess {
    fn name(&self) -> &'static str {
        "sdfg-refine-nested-access"
    }

    fn summary(&self) -> &'static str {
        "Bind each nested-SDFG connector to only the part of its container the body touches"
    }

    place::state_matched!(each: matches_in, state_local);


    fn apply(&self, sdfg: &mut Sdfg, m: &Match, _options: &Options) -> Result<(), String> {
        let state = place::state(sdfg, &m.place.state).ok_or("match refers to a missing state")?;
        let plans = refinements(sdfg, state, m.place.node);
        if plans.is_empty() {
            return Err("match no longer applies".into());
        }
        let mut state = state.clone();
        for p in &plans {
            refine(&mut state, m.place.node, p);
        }
        let parents = scope_parents(&state)?;
        let mut enclosing = Vec::new();
        let mut at = parents[m.place.node];
        while let Some(entry) = at {
            enclosing.push(entry);
            at = parents[entry];
        }
        propagate_maps(sdfg, &mut state, enclosing);
        *place::state_mut(sdfg, &m.place.state).ok_or("match refers to a missing state")? = state;
        Ok(())
    }
}

fn matches_in(sdfg: &Sdfg, path: &StatePath, state: &State) -> Vec<Match> {
    (0..state.nodes.len())
        .filter_map(|n| {
            let plans = refinements(sdfg, state, n);
            if plans.is_empty() {
                return None;
            }
            let names: Vec<&str> = plans.iter().map(|p| p.connector.as_str()).collect();
            let description =
                format!("nested SDFG '{}' [{}] in state '{}'", state.nodes[n].label, names.join(", "), place::state_label(sdfg, path));
            Some(Match { place: Place { state: path.clone(), node: n }, description })
        })
        .collect()
}

/// One connector's refinement.
struct Refinement {
    connector: String,
    /// Per inner dimension, how far the box starts in (inner symbols).
    offsets: Vec<Expr>,
    /// The container's new shape (inner symbols).
    shape: Vec<Expr>,
    /// The connector's outer edges with their new subsets.
    outer: Vec<(usize, Subset)>,
}

/// The connectors of nested SDFG `n` that can be refined.
fn refinements(sdfg: &Sdfg, state: &State, n: usize) -> Vec<Refinement> {
    let NodeKind::NestedSdfg { sdfg: inner, symbol_mapping } = &state.nodes[n].kind else { return Vec::new() };
    let mut connectors = BTreeSet::new();
    for e in &state.edges {
        if e.dst == n {
            connectors.extend(e.dst_conn.clone());
        }
        if e.src == n {
            connectors.extend(e.src_conn.clone());
        }
    }
    let site = Nested { sdfg, state, n, inner, sets: sdfg_sets(inner), mapping: symbol_mapping.iter().cloned().collect() };
    connectors.into_iter().filter_map(|c| site.refinement(c)).collect()
}

/// Nested SDFG `n` of `state` in `sdfg`, with what its body reads and
/// writes and its symbol mapping.
struct Nested<'a> {
    sdfg: &'a Sdfg,
    state: &'a State,
    n: usize,
    inner: &'a Sdfg,
    sets: crate::analysis::rwsets::RwSets,
    mapping: HashMap<String, Expr>,
}

impl Nested<'_> {
    fn refinement(&self, c: String) -> Option<Refinement> {
        let (offsets, shape) = self.inner_box(&c)?;
        let outer = self.outer_windows(&c, &offsets, &shape)?;
        Some(Refinement { connector: c, offsets, shape, outer })
    }

    /// Where the box of what the body touches of connector `c` starts and
    /// its extents, dimension by dimension (whole dimensions where the box
    /// is not known from mapped symbols); `None` when nothing shrinks.
    fn inner_box(&self, c: &str) -> Option<(Vec<Expr>, Vec<Expr>)> {
        let (inner, sets) = (self.inner, &self.sets);
        let desc = inner.container(c)?;
        if desc.kind != DataKind::Array || desc.transient || desc.shape.is_empty() {
            return None;
        }
        let accesses = sets.reads.get(c).into_iter().chain(sets.writes.get(c)).flatten();
        let mut boxed: Option<Subset> = None;
        for a in accesses {
            let s = a.subset.as_ref()?;
            boxed = Some(match boxed {
                None => s.clone(),
                Some(b) => union(&b, s)?,
            });
        }
        let boxed = boxed?;
        if boxed.dims().len() != desc.shape.len() || mentioned_in_code(inner, c) || !offsettable(inner, c) {
            return None;
        }
        let zero = Expr::int(0);
        let mut offsets = Vec::new();
        let mut shape = Vec::new();
        for (d, extent) in boxed.dims().iter().zip(&desc.shape) {
            let (start, end) = (d.start.simplify(), d.end.simplify());
            let last = extent.sub(&Expr::int(1)).simplify();
            let known = start.free_symbols().iter().chain(end.free_symbols().iter()).all(|s| self.mapping.contains_key(s));
            let whole = start.is_symbolically_equal(&zero) && end.is_symbolically_equal(&last);
            if !known || whole || d.tile.as_int() != Some(1) {
                offsets.push(zero.clone());
                shape.push(extent.clone());
            } else {
                shape.push(end.sub(&start).add(&Expr::int(1)).simplify());
                offsets.push(start);
            }
        }
        let unchanged = offsets.iter().all(|o| o.is_symbolically_equal(&zero)) && shape == desc.shape;
        (!unchanged).then_some((offsets, shape))
    }

    /// The outer edges of connector `c` with the box in the outer
    /// container, through each outer memlet's window (one edge a side).
    fn outer_windows(&self, c: &str, offsets: &[Expr], shape: &[Expr]) -> Option<Vec<(usize, Subset)>> {
        let (state, n, mapping) = (self.state, self.n, &self.mapping);
        let full: Vec<Dim> = offsets.iter().zip(shape).map(|(o, s)| Dim::range(o.clone(), o.add(s).sub(&Expr::int(1)).simplify())).collect();
        let in_outer = Subset::Range(full.iter().map(|d| Dim::range(d.start.substitute(mapping), d.end.substitute(mapping))).collect());
        let outer_desc = substitute_desc(self.inner.container(c)?, mapping);
        let mut outer = Vec::new();
        for (k, e) in state.edges.iter().enumerate() {
            let at_conn = (e.dst == n && e.dst_conn.as_deref() == Some(c)) || (e.src == n && e.src_conn.as_deref() == Some(c));
            if !at_conn {
                continue;
            }
            let m = &e.memlet;
            let data = m.data.as_deref()?;
            if m.other_subset.is_some() {
                return None;
            }
            let w = window(data, self.sdfg.container(data)?, &outer_desc, m.subset.as_ref())?;
            outer.push((k, w.compose(Some(&in_outer))?));
        }
        let per_side = |into: bool| outer.iter().filter(|(k, _)| (state.edges[*k].dst == n) == into).count();
        (!outer.is_empty() && per_side(true) <= 1 && per_side(false) <= 1).then_some(outer)
    }
}

/// Whether every memlet on `c` inside names its side of `c` explicitly, so
/// that moving those sides moves every access.
fn offsettable(inner: &Sdfg, c: &str) -> bool {
    place::states(inner).into_iter().all(|(_, s)| {
        s.edges.iter().all(|e| {
            let m = &e.memlet;
            if m.subset.iter().chain(m.other_subset.iter()).any(|x| x.free_symbols().contains(c)) {
                return false;
            }
            let ends = [access(s, e.src), access(s, e.dst)];
            let touches = ends.contains(&Some(c));
            match m.data.as_deref() {
                Some(d) if d == c => m.subset.is_some() && !(m.other_subset.is_some() && ends == [Some(c), Some(c)]),
                // A copy from or to `c` named by the other container.
                Some(_) if touches => m.other_subset.is_some() && ends.iter().all(Option::is_some),
                _ => true,
            }
        })
    })
}

fn access(s: &State, n: usize) -> Option<&str> {
    match &s.nodes[n].kind {
        NodeKind::Access { data, .. } => Some(data),
        _ => None,
    }
}

/// Rewrites the nested SDFG at `n` and its outer memlets for one connector.
fn refine(state: &mut State, n: usize, p: &Refinement) {
    for (k, subset) in &p.outer {
        let m = &mut state.edges[*k].memlet;
        if m.volume.is_some() {
            m.volume = Some(subset.num_elements().simplify());
        }
        m.subset = Some(subset.clone());
    }
    let NodeKind::NestedSdfg { sdfg: inner, .. } = &mut state.nodes[n].kind else { return };
    let c = p.connector.as_str();
    if let Some(desc) = inner.container_mut(c) {
        let strides = desc.strides_or_default();
        let span = p.shape.iter().zip(&strides).fold(Expr::int(1), |acc, (d, s)| acc.add(&d.sub(&Expr::int(1)).mul(s)));
        desc.shape = p.shape.clone();
        desc.strides = Some(strides);
        desc.total_size = Some(span.simplify());
    }
    let moved = |s: &Subset| {
        let dims = s.dims().iter().zip(&p.offsets);
        Subset::Range(dims.map(|(d, o)| Dim::new(d.start.sub(o).simplify(), d.end.sub(o).simplify(), d.step.clone(), d.tile.clone())).collect())
    };
    let paths: Vec<StatePath> = place::states(inner).into_iter().map(|(path, _)| path).collect();
    for path in paths {
        let Some(s) = place::state_mut(inner, &path) else { continue };
        for k in 0..s.edges.len() {
            let names_c = s.edges[k].memlet.data.as_deref() == Some(c);
            let touches = access(s, s.edges[k].src) == Some(c) || access(s, s.edges[k].dst) == Some(c);
            let m = &mut s.edges[k].memlet;
            let side = if names_c {
                m.subset.as_mut()
            } else if touches {
                m.other_subset.as_mut()
            } else {
                None
            };
            if let Some(side) = side {
                *side = moved(side);
            }
        }
    }
}
