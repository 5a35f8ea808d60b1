//! Which transients belong to one map or consume scope.
//!
//! A transient referenced only inside one scope is private to each
//! iteration of it: it is allocated at the start of the scope's body, so
//! parallel iterations never share it. Nested SDFGs are analysed too: their
//! maps run in parallel like any other.

use crate::model::{scope, NodeKind, Sdfg, State};
use crate::transforms::place;
use std::collections::{HashMap, HashSet};

/// A scope: the address of its state and the index of its entry node.
pub type ScopeKey = (usize, usize);

pub fn state_key(state: &State) -> usize {
    state as *const State as usize
}

pub fn sdfg_key(sdfg: &Sdfg) -> usize {
    sdfg as *const Sdfg as usize
}

/// Scope-private transients of an SDFG and of every SDFG nested in it.
#[derive(Default)]
pub struct Locals {
    /// Names by scope (state addresses are unique over the whole tree).
    pub by_scope: HashMap<ScopeKey, Vec<String>>,
    /// Names by SDFG address, for allocation at function level.
    pub by_sdfg: HashMap<usize, HashSet<String>>,
}

impl Locals {
    /// The scope-private transients, but those `shared(sdfg key, name)`
    /// says live outside every scope.
    pub fn of(sdfg: &Sdfg, shared: &dyn Fn(usize, &str) -> bool) -> Self {
        let mut locals = Locals::default();
        locals.add(sdfg, shared);
        locals
    }

    fn add(&mut self, sdfg: &Sdfg, shared: &dyn Fn(usize, &str) -> bool) {
        let key = sdfg_key(sdfg);
        let mut own = scope_locals(sdfg);
        for names in own.values_mut() {
            names.retain(|n| !shared(key, n));
        }
        self.by_sdfg.insert(sdfg_key(sdfg), own.values().flatten().cloned().collect());
        self.by_scope.extend(own);
        for (_, state) in place::states(sdfg) {
            for node in &state.nodes {
                if let NodeKind::NestedSdfg { sdfg, .. } = &node.kind {
                    self.add(sdfg, shared);
                }
            }
        }
    }
}

/// Transients private to a scope of this SDFG (not its nested ones), by scope.
fn scope_locals(sdfg: &Sdfg) -> HashMap<ScopeKey, Vec<String>> {
    let transients: HashSet<&str> =
        sdfg.containers.iter().filter(|(_, d)| d.transient).map(|(n, _)| n.as_str()).collect();
    // container -> every place it is referenced (None = outside any scope).
    let mut places: HashMap<String, HashSet<Option<ScopeKey>>> = HashMap::new();
    for (_, state) in place::states(sdfg) {
        let parents = scope::scope_parents(state).unwrap_or_else(|_| vec![None; state.nodes.len()]);
        let outermost = |mut n: usize| -> Option<ScopeKey> {
            let mut top = None;
            while let Some(p) = parents.get(n).copied().flatten() {
                top = Some((state_key(state), p));
                n = p;
            }
            top
        };
        for (i, node) in state.nodes.iter().enumerate() {
            if let NodeKind::Access { data, .. } = &node.kind {
                places.entry(data.clone()).or_default().insert(outermost(i));
            }
        }
        for e in &state.edges {
            if let Some(d) = &e.memlet.data {
                // An edge lives in the scope its source's outputs flow in.
                let at = match state.nodes.get(e.src).map(|n| &n.kind) {
                    Some(NodeKind::MapEntry { .. } | NodeKind::ConsumeEntry { .. }) => {
                        outermost(e.src).or(Some((state_key(state), e.src)))
                    }
                    _ => outermost(e.src).or_else(|| outermost(e.dst)),
                };
                places.entry(d.clone()).or_default().insert(at);
            }
        }
    }
    let mut out: HashMap<ScopeKey, Vec<String>> = HashMap::new();
    let mut names: Vec<(&String, &HashSet<Option<ScopeKey>>)> = places.iter().collect();
    names.sort_by(|a, b| a.0.cmp(b.0));
    for (name, at) in names {
        if !transients.contains(name.as_str()) || at.len() != 1 {
            continue;
        }
        if let Some(Some(key)) = at.iter().next() {
            out.entry(*key).or_default().push(name.clone());
        }
    }
    out
}
