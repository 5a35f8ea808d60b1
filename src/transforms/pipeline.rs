//! Pipelines: transformations run in a fixed order, over and over, until a
//! whole round changes nothing.

use super::{Match, Options, Place, Transformation};
use crate::model::{BlockKind, Cfg, NodeKind, Sdfg, State};

/// Rounds after which a pipeline gives up, so that two steps undoing each
/// other cannot loop forever.
const MAX_ROUNDS: usize = 64;

/// Applications of one step in one round, at most; a step that keeps
/// matching after that many is cut off (the next round continues it).
const MAX_PER_STEP: usize = 100_000;

/// One step of a pipeline: a registered transformation and its options.
pub struct Step {
    pub name: &'static str,
    pub options: &'static str,
}

/// The steps' transformations; fails naming a step that is not registered.
fn resolve(steps: &[Step]) -> Result<Vec<(&'static dyn Transformation, Options)>, String> {
    steps
        .iter()
        .map(|s| {
            let t = super::find(s.name).ok_or_else(|| format!("pipeline step '{}' is not registered", s.name))?;
            Ok((t, Options::parse(s.options)?))
        })
        .collect()
}

/// Runs `steps` to a fixed point, in nested SDFGs first; returns how many
/// applications each made.
pub fn run_to_fixed_point(steps: &[Step], sdfg: &mut Sdfg) -> Result<Vec<(&'static str, usize)>, String> {
    let resolved = resolve(steps)?;
    let mut counts: Vec<(&'static str, usize)> = steps.iter().map(|s| (s.name, 0)).collect();
    run_nested(&resolved, sdfg, &mut counts)?;
    Ok(counts)
}

type Resolved = [(&'static dyn Transformation, Options)];

fn run_nested(resolved: &Resolved, sdfg: &mut Sdfg, counts: &mut [(&'static str, usize)]) -> Result<(), String> {
    let mut result = Ok(());
    for_each_state_mut(&mut sdfg.cfg, &mut |state| {
        for node in &mut state.nodes {
            if let NodeKind::NestedSdfg { sdfg: inner, symbol_mapping } = &mut node.kind {
                if result.is_ok() {
                    result = run_inner(resolved, inner, symbol_mapping, counts);
                }
            }
        }
    });
    result?;
    run_rounds(resolved, sdfg, counts)
}

/// A nested SDFG gets its mapped symbols from outside, like arguments.
fn run_inner(
    resolved: &Resolved,
    inner: &mut Sdfg,
    symbol_mapping: &[(String, crate::symbolic::Expr)],
    counts: &mut [(&'static str, usize)],
) -> Result<(), String> {
    let arg_names = inner.arg_names.clone();
    inner.arg_names.extend(symbol_mapping.iter().map(|(k, _)| k.clone()).filter(|k| !arg_names.contains(k)));
    let result = run_nested(resolved, inner, counts);
    inner.arg_names = arg_names;
    result
}

pub(crate) fn for_each_state_mut(cfg: &mut Cfg, f: &mut dyn FnMut(&mut State)) {
    for b in &mut cfg.blocks {
        match &mut b.kind {
            BlockKind::State(s) => f(s),
            BlockKind::Region { cfg, .. } => for_each_state_mut(cfg, f),
            BlockKind::Loop(l) => for_each_state_mut(&mut l.cfg, f),
            BlockKind::Conditional(brs) => brs.iter_mut().for_each(|br| for_each_state_mut(&mut br.cfg, f)),
            _ => {}
        }
    }
}

fn run_rounds(resolved: &Resolved, sdfg: &mut Sdfg, counts: &mut [(&'static str, usize)]) -> Result<(), String> {
    for _ in 0..MAX_ROUNDS {
        let mut changed = false;
        for (k, (t, options)) in resolved.iter().enumerate() {
            let n = super::apply(*t, sdfg, options, MAX_PER_STEP)?;
            counts[k].1 += n;
            changed |= n > 0;
        }
        if !changed {
            break;
        }
    }
    Ok(())
}

/// The single "match" of a pipeline: the steps that would apply now (in the
/// SDFG or in nested ones).
pub fn pipeline_matches(steps: &[Step], sdfg: &Sdfg) -> Vec<Match> {
    let Ok(resolved) = resolve(steps) else { return Vec::new() };
    let mut pending = vec![0; resolved.len()];
    count_pending(&resolved, sdfg, &mut pending);
    let names: Vec<String> =
        resolved.iter().zip(&pending).filter(|(_, n)| **n > 0).map(|((t, _), n)| format!("{} ({n})", t.name())).collect();
    if names.is_empty() {
        return Vec::new();
    }
    let description = format!("the whole SDFG; applicable now: {}", names.join(", "));
    vec![Match { place: Place { state: Vec::new(), node: 0 }, description }]
}

fn count_pending(resolved: &Resolved, sdfg: &Sdfg, pending: &mut [usize]) {
    for ((t, _), n) in resolved.iter().zip(pending.iter_mut()) {
        *n += t.matches(sdfg).len();
    }
    for (_, state) in super::place::states(sdfg) {
        for node in &state.nodes {
            if let NodeKind::NestedSdfg { sdfg: inner, .. } = &node.kind {
                count_pending(resolved, inner, pending);
            }
        }
    }
}

/// Declares a pipeline as a transformation with a flag.
macro_rules! pipeline {
    ($(#[$doc:meta])* $ty:ident, $flag:literal, $summary:literal, $steps:expr) => {
        $(#[$doc])*
        pub struct $ty;

        impl $crate::transforms::Transformation for $ty {
            fn name(&self) -> &'static str {
                $flag
            }

            fn summary(&self) -> &'static str {
                $summary
            }

            fn matches(&self, sdfg: &$crate::model::Sdfg) -> Vec<$crate::transforms::Match> {
                $crate::transforms::pipeline::pipeline_matches($steps, sdfg)
            }

            // One run goes to the fixed point; nothing to list first.
            fn apply_everywhere(
                &self,
                sdfg: &mut $crate::model::Sdfg,
                _options: &$crate::transforms::Options,
                _limit: usize,
            ) -> Result<usize, String> {
                let counts = $crate::transforms::pipeline::run_to_fixed_point($steps, sdfg)?;
                Ok(counts.iter().map(|(_, n)| n).sum())
            }

            fn recurses(&self) -> bool {
                true
            }

            fn apply(
                &self,
                sdfg: &mut $crate::model::Sdfg,
                _m: &$crate::transforms::Match,
                _options: &$crate::transforms::Options,
            ) -> Result<(), String> {
                $crate::transforms::pipeline::run_to_fixed_point($steps, sdfg).map(|_| ())
            }
        }
    };
}
pub(crate) use pipeline;
