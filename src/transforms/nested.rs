//! Transformations inside nested SDFGs: their matches are listed after the
//! SDFG's own, each with the path to its nested SDFG, and "everywhere"
//! reaches them too. A nested SDFG gets its mapped symbols from outside,
//! like arguments, so while it is transformed they count as such.

use super::place::{self, state_mut, StatePath};
use super::{Match, Options, Transformation};
use crate::model::{NodeKind, Sdfg};

/// A match somewhere in the nesting: the (state, node) steps down to its
/// nested SDFG (empty for the SDFG itself), and the match there.
#[derive(Clone, Debug, PartialEq)]
pub struct Located {
    pub path: Vec<(StatePath, usize)>,
    pub inner: Match,
}

/// Every match of `t`: the SDFG's own first, then each nested SDFG's (depth
/// first), described with where they are.
pub fn matches_deep(t: &dyn Transformation, sdfg: &Sdfg, options: &Options) -> Result<Vec<Located>, String> {
    let mut out = Vec::new();
    collect(t, sdfg, options, &mut Vec::new(), "", &mut out)?;
    Ok(out)
}

fn collect(
    t: &dyn Transformation,
    sdfg: &Sdfg,
    options: &Options,
    path: &mut Vec<(StatePath, usize)>,
    prefix: &str,
    out: &mut Vec<Located>,
) -> Result<(), String> {
    for m in t.matches_with(sdfg, options)? {
        let description = format!("{prefix}{}", m.description);
        out.push(Located { path: path.clone(), inner: Match { description, ..m } });
    }
    if t.recurses() {
        return Ok(());
    }
    for (state_path, state) in place::states(sdfg) {
        for (n, node) in state.nodes.iter().enumerate() {
            if let NodeKind::NestedSdfg { sdfg: inner, symbol_mapping } = &node.kind {
                let mut inner = (**inner).clone();
                mark_mapped(&mut inner, symbol_mapping);
                path.push((state_path.clone(), n));
                let prefix = format!("{prefix}in nested SDFG '{}': ", node.label);
                collect(t, &inner, options, path, &prefix, out)?;
                path.pop();
            }
        }
    }
    Ok(())
}

fn mark_mapped(inner: &mut Sdfg, mapping: &[(String, crate::symbolic::Expr)]) -> Vec<String> {
    let saved = inner.arg_names.clone();
    for (k, _) in mapping {
        if !inner.arg_names.contains(k) {
            inner.arg_names.push(k.clone());
        }
    }
    saved
}

/// Applies `t` at a match `matches_deep` found.
pub fn apply_at(t: &dyn Transformation, sdfg: &mut Sdfg, at: &Located, options: &Options) -> Result<(), String> {
    let Some(((state_path, node), rest)) = at.path.split_first() else {
        t.apply(sdfg, &at.inner, options)?;
        super::edits::applied(t.local_edits(), sdfg, &at.inner);
        return Ok(());
    };
    let state = state_mut(sdfg, state_path).ok_or("match refers to a missing state")?;
    let Some(NodeKind::NestedSdfg { sdfg: inner, symbol_mapping }) = state.nodes.get_mut(*node).map(|n| &mut n.kind) else {
        return Err("match refers to a missing nested SDFG".into());
    };
    let saved = mark_mapped(inner, symbol_mapping);
    let rest = Located { path: rest.to_vec(), inner: at.inner.clone() };
    let result = super::edits::inside(state_path, || apply_at(t, inner, &rest, options));
    inner.arg_names = saved;
    result
}

/// Applies `t` everywhere in the SDFG, then in each nested SDFG; returns
/// how often.
pub fn apply_everywhere_deep(t: &dyn Transformation, sdfg: &mut Sdfg, options: &Options, limit: usize) -> Result<usize, String> {
    let mut count = super::apply(t, sdfg, options, limit)?;
    if t.recurses() {
        return Ok(count);
    }
    let holding: Vec<StatePath> = place::states(sdfg)
        .into_iter()
        .filter(|(_, s)| s.nodes.iter().any(|n| matches!(n.kind, NodeKind::NestedSdfg { .. })))
        .map(|(p, _)| p)
        .collect();
    for path in &holding {
        let state = state_mut(sdfg, path).ok_or("a state went missing")?;
        for node in &mut state.nodes {
            if let NodeKind::NestedSdfg { sdfg: inner, symbol_mapping } = &mut node.kind {
                let saved = mark_mapped(inner, symbol_mapping);
                let applied = super::edits::inside(path, || apply_everywhere_deep(t, inner, options, limit));
                inner.arg_names = saved;
                count += applied?;
            }
        }
    }
    Ok(count)
}
