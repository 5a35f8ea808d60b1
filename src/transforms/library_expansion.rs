//! ExpandLibraryNodes: a library node becomes, in place in its state, the
//! maps and tasklets of DaCe's "pure" expansion, so that map
//! transformations can work on it.
//!
//! - `Reduce`: a map over the kept axes (`reduce_output`) around a map over
//!   the reduced ones (`reduce_values`), or one map for a full reduction,
//!   whose tasklet `__out = __inp` writes the output with the Reduce's WCR;
//!   with an identity, a `reduce_init` map first sets the output region to
//!   it, ordered before the reduction by an edge from its access node.
//! - `MatMul`, `Gemm`, `Gemv`, `Dot`: a map over the output indices and `k`
//!   whose tasklet `__c = __a * __b` (times `alpha`) adds into `C` with a
//!   sum WCR, after an init map setting `C` to 0 (or to `beta * Cin` when
//!   a `_cin` input is given); an output that already accumulates (sum
//!   WCR, `beta` 0) is not initialised. Vectors, matrices and batches of
//!   matrices (3-D output) follow the lowering's shapes; `transA`/`transB`
//!   swap the operand indices.
//! - `Transpose`: a 2-D map writing `B[j, i] = A[i, j]`; `TensorTranspose`:
//!   a map over the input dimensions, output dimension `k` indexed by input
//!   dimension `axes[k]`, times `alpha`.
//!
//! ```mlir
//! %r = sdfg.library "Reduce" {properties = "{\"axes\": [1], \"identity\": 0, \"wcr\": \"(lambda a, b: a + b)\"}"}
//! sdfg.memlet %A -> %r {data = "A", subset = #sdfg.range<0:N, 0:M>}
//! sdfg.memlet %r -> %O {data = "O", subset = #sdfg.range<0:N>}
//! ```
//! becomes
//! ```mlir
//! (a map "reduce_init" over "0:N" writing 0 into a new access node %O0 of O)
//! %e1, %x1 = sdfg.map "reduce_output" ["__o0"] = 0:N {
//!   %e2, %x2 = sdfg.map "reduce_values" ["__r1"] = 0:M {
//!     %t = sdfg.tasklet "identity" {code = "__out = __inp"}
//!     sdfg.memlet %e2["OUT___inp"] -> %t["__inp"] {data = "A", subset = #sdfg.range<__o0, __r1>}
//!     sdfg.memlet %t["__out"] -> %x2["IN___out"] {data = "O", subset = #sdfg.range<__o0>, wcr = #sdfg.wcr<Sum, "(lambda a, b: a + b)">}
//!   }
//! }
//! sdfg.memlet %A -> %e1["IN___inp"] {data = "A", subset = #sdfg.range<0:N, 0:M>}
//! sdfg.memlet %x1["OUT___out"] -> %O {data = "O", subset = #sdfg.range<0:N>, wcr = #sdfg.wcr<Sum, "(lambda a, b: a + b)">}
//! sdfg.memlet %O0 -> %e1
//! ```
//!
//! Maps run from 0 over each operand dimension whose extent is not 1; the
//! indices add the memlet's start, so sub-windows keep their offsets.
//! Preconditions: every data edge of the node names one of the class's
//! connectors once, without `other_subset`, with unit steps; the operand
//! extents agree (provably equal); the output is not an input's data;
//! numbers (`identity`, `alpha`, `beta`) are finite, scaling needs a
//! floating-point output, `beta` needs `_cin` and `_cin` a non-zero
//! `beta`; a product's output WCR, if any, is a sum; a `Reduce` writes
//! without WCR of its own, and with `axes` reads no extent-1 dimension
//! (where "axis k" could count either way). Setting the output first needs
//! its access node (a view: through its `views` edges) to be written only
//! by the node and no other node of the state to touch (or alias) that
//! data, except nodes that come after it. Nodes whose class or properties fall outside this are not matched.

mod library;
mod matmul;
mod nest;
mod reduce;
mod transpose;

use super::{place, Match, Options, Transformation};
use crate::model::{NodeKind, Sdfg, State};
use crate::symbolic::Expr;
use library::{Library, Operand};
use nest::Nest;
use std::collections::BTreeSet;

pub struct LibraryExpansion;

/// The classes it expands (the last part of the classpath).
pub const CLASSES: &[&str] = &["Reduce", "MatMul", "Gemm", "Gemv", "Dot", "Transpose", "TensorTranspose"];

impl Transformation for LibraryExpansion {
    fn name(&self) -> &'static str {
        "sdfg-expand-library-nodes"
    }

    fn summary(&self) -> &'static str {
        "Expand library nodes (Reduce, MatMul, Transpose, ...) into maps and tasklets, as DaCe's pure expansions do"
    }

    fn matches(&self, sdfg: &Sdfg) -> Vec<Match> {
        matches_of(sdfg, None)
    }

    fn matches_with(&self, sdfg: &Sdfg, options: &Options) -> Result<Vec<Match>, String> {
        Ok(matches_of(sdfg, class_option(options)?))
    }

    fn option_names(&self) -> &'static [&'static str] {
        &["class"]
    }

    fn apply(&self, sdfg: &mut Sdfg, m: &Match, options: &Options) -> Result<(), String> {
        let state = place::state(sdfg, &m.place.state).ok_or("match refers to a missing state")?;
        let only = class_option(options)?;
        let e = plan(sdfg, state, m.place.node).filter(|e| only.is_none_or(|c| c == e.class)).ok_or("match no longer applies")?;
        let state = place::state_mut(sdfg, &m.place.state).ok_or("match refers to a missing state")?;
        expand(state, m.place.node, &e);
        Ok(())
    }
}

/// `class=NAME`: one of `CLASSES`.
fn class_option(options: &Options) -> Result<Option<&'static str>, String> {
    let Some(v) = options.get("class") else { return Ok(None) };
    let v = v.trim();
    CLASSES
        .iter()
        .copied()
        .find(|c| *c == v)
        .map(Some)
        .ok_or_else(|| format!("class: '{v}' is not an expandable library class (one of {})", CLASSES.join(", ")))
}

fn matches_of(sdfg: &Sdfg, only: Option<&str>) -> Vec<Match> {
    place::node_matches(sdfg, |site, n| {
        let (path, state) = (site.path, site.state);
        let e = plan(sdfg, state, n)?;
        if only.is_some_and(|c| c != e.class) {
            return None;
        }
        Some(format!("{} '{}' in state '{}'", e.class, state.nodes[n].label, place::state_label(sdfg, path)))
    })
}

/// What replaces a library node: the nest computing the output and,
/// optionally, one setting the output first.
pub(super) struct Expansion {
    pub class: &'static str,
    /// The map entry around the node, if any.
    pub parent: Option<usize>,
    pub main: Nest,
    pub init: Option<Init>,
}

/// A nest setting the output first: it writes a new access node of the
/// output (with copies of the views edges from it, for a view), ordered
/// before the main nest.
pub(super) struct Init {
    pub nest: Nest,
    /// The `views` edges from the output's access node onwards.
    pub views: Vec<usize>,
}

/// What a class's plan gives: the main nest and maybe an init.
pub(super) type Plan = Option<(Nest, Option<Init>)>;

fn plan(sdfg: &Sdfg, state: &State, n: usize) -> Option<Expansion> {
    let NodeKind::Library(node) = &state.nodes[n].kind else { return None };
    let class = CLASSES.iter().copied().find(|c| node.class_name() == *c)?;
    let lib = Library::new(sdfg, state, n)?;
    let parent = lib.parent;
    let (main, init) = match class {
        "Reduce" => reduce::plan(lib),
        "Transpose" => transpose::plan(lib),
        "TensorTranspose" => transpose::plan_tensor(lib),
        _ => matmul::plan(lib, class),
    }?;
    Some(Expansion { class, parent, main, init })
}

/// Whether two extents are provably equal.
pub(super) fn same(a: &Expr, b: &Expr) -> bool {
    a.simplify() == b.simplify() || a.is_symbolically_equal(b)
}

/// A parameter name based on `base` that is not `taken` (then it is).
pub(super) fn fresh(taken: &mut BTreeSet<String>, base: &str) -> String {
    let name = (0..).map(|k| if k == 0 { base.to_string() } else { format!("{base}_{k}") }).find(|n| !taken.contains(n));
    let name = name.expect("some name is free");
    taken.insert(name.clone());
    name
}

/// A scalar property that folds to a finite number; a symbolic one is not
/// expanded.
pub(super) fn finite(e: &Expr) -> Option<f64> {
    crate::model::constant(e).filter(|x| x.is_finite())
}

/// A number as tasklet code.
pub(super) fn format_number(v: f64) -> String {
    if v.fract() == 0.0 && v.abs() < 1e15 {
        format!("{}", v as i64)
    } else {
        format!("{v:?}")
    }
}

/// Replaces library node `n` by the expansion's nests.
fn expand(state: &mut State, n: usize, e: &Expansion) {
    let parent = e.parent;
    let loc = state.nodes[n].loc.clone();
    let mut firsts = Vec::new();
    let init_end = e.init.as_ref().map(|init| {
        let access = state.nodes.len();
        let mut node = state.nodes[state.edges[init.nest.output.edge].dst].clone();
        if let NodeKind::Access { setzero, .. } = &mut node.kind {
            *setzero = false;
        }
        state.nodes.push(node);
        let (first, _) = nest::build(state, &init.nest, n, Some(access), parent);
        firsts.push(first);
        // A view gets its own copy of the path to the data it views.
        let mut end = access;
        for &v in &init.views {
            let copy = state.nodes.len();
            state.nodes.push(state.nodes[state.edges[v].dst].clone());
            let edge = crate::model::DataEdge { src: end, dst: copy, ..state.edges[v].clone() };
            state.edges.push(edge);
            end = copy;
        }
        end
    });
    let (first, last) = nest::build(state, &e.main, n, None, parent);
    firsts.push(first);
    let ordering = |src, dst| crate::model::DataEdge {
        src,
        src_conn: None,
        dst,
        dst_conn: None,
        memlet: Default::default(),
        loc: loc.clone(),
    };
    if let Some(a) = init_end {
        // The computation starts once the output holds its initial values.
        state.edges.push(ordering(a, first));
    }
    // Ordering edges of the node now order its expansion.
    let empty: Vec<(usize, usize)> =
        state.edges.iter().filter(|x| x.memlet.data.is_none() && (x.src == n || x.dst == n)).map(|x| (x.src, x.dst)).collect();
    for (src, dst) in empty {
        if dst == n {
            for &f in &firsts {
                state.edges.push(ordering(src, f));
            }
        } else {
            state.edges.push(ordering(last, dst));
        }
    }
    state.edges.retain(|x| x.src != n && x.dst != n);
    super::map_collapse::remove_nodes(state, &[n]);
}
