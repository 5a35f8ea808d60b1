//! Scalars used as indices (`hist[b] += 1` with `b` computed by the program):
//! memlet subsets and map ranges may only name symbols, so such a scalar is
//! read into a symbol of its own on the interstate edge into the state that
//! uses it, as DaCe does.
//!
//! ```text
//! state: b = ... -> state: hist[b] += 1
//! state: b = ... -[b_idx = b]-> state: hist[b_idx] += 1
//! ```

use super::program::Builder;
use crate::model::{Assignment, BlockKind, Cfg, DType, DataKind, InterstateEdge, NodeKind, ScalarType, State};
use crate::symbolic::Expr as Sym;
use std::collections::BTreeSet;

impl Builder<'_> {
    /// Reads every scalar container a state of `cfg` (not nested deeper)
    /// uses as an index into a symbol before the state.
    pub(super) fn bind_scalar_indices(&mut self, cfg: &mut Cfg) -> Result<(), String> {
        for k in 0..cfg.blocks.len() {
            let BlockKind::State(state) = &cfg.blocks[k].kind else { continue };
            let scalars: Vec<(String, ScalarType)> = index_names(state)
                .into_iter()
                .filter_map(|name| match self.sdfg.container(&name) {
                    Some(d) if d.kind == DataKind::Scalar => match d.dtype {
                        DType::Scalar(t) if t.is_integer() => Some((name, t)),
                        _ => Some((name, ScalarType::I64)),
                    },
                    _ => None,
                })
                .collect();
            if scalars.is_empty() {
                continue;
            }
            let mut assignments = Vec::new();
            let mut bound = std::collections::HashMap::new();
            for (name, ty) in scalars {
                let symbol = self.index_symbol(&name);
                self.sdfg.symbols.push((symbol.clone(), ty));
                let BlockKind::State(state) = &mut cfg.blocks[k].kind else { unreachable!() };
                crate::transforms::symbol_subst::substitute_symbol_in_state(state, &name, &Sym::sym(&symbol))?;
                bound.insert(name.clone(), Sym::sym(&symbol));
                assignments.push(Assignment::new(symbol, name));
            }
            let BlockKind::State(state) = &cfg.blocks[k].kind else { unreachable!() };
            self.size_by_symbols(state, &bound);
            let k = if cfg.edges.iter().any(|e| e.dst == k) { k } else { insert_before(cfg, k) };
            for e in cfg.edges.iter_mut().filter(|e| e.dst == k) {
                e.assignments.extend(assignments.iter().cloned());
            }
        }
        Ok(())
    }

    /// Transients this state writes whose shapes name scalars it binds get
    /// those symbols instead: their size is the scalars' values when they
    /// are written, whatever the scalars hold later (and a shape names
    /// symbols only, as DaCe requires).
    fn size_by_symbols(&mut self, state: &State, bound: &std::collections::HashMap<String, Sym>) {
        let written: BTreeSet<&str> = state
            .edges
            .iter()
            .filter_map(|e| match &state.nodes[e.dst].kind {
                NodeKind::Access { data, .. } => Some(data.as_str()),
                _ => None,
            })
            .collect();
        for name in written {
            let Some(desc) = self.sdfg.container_mut(name).filter(|d| d.transient) else { continue };
            if desc.shape.iter().any(|x| x.free_symbols().iter().any(|s| bound.contains_key(s))) {
                desc.shape = desc.shape.iter().map(|x| x.substitute(bound)).collect();
            }
        }
    }

    /// A fresh symbol for the value of scalar `name`.
    fn index_symbol(&self, name: &str) -> String {
        let taken = |s: &str| {
            self.sdfg.container(s).is_some() || self.sdfg.symbols.iter().any(|(d, _)| d == s) || self.m.symbols.iter().any(|(m, _)| m == s)
        };
        (0..).map(|k| if k == 0 { format!("{name}_idx") } else { format!("{name}_idx{k}") }).find(|s| !taken(s)).expect("a free name")
    }
}

/// The names in a state's memlet subsets and map ranges.
fn index_names(state: &State) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    for e in &state.edges {
        for subset in [&e.memlet.subset, &e.memlet.other_subset].into_iter().flatten() {
            names.extend(subset.free_symbols());
        }
    }
    for n in &state.nodes {
        if let NodeKind::MapEntry { map, .. } = &n.kind {
            names.extend(map.range.free_symbols());
        }
    }
    names
}

/// Puts an empty state before block `k` (which has no edge into it), the
/// start when `k` was; returns `k`'s new index.
fn insert_before(cfg: &mut Cfg, k: usize) -> usize {
    let at = cfg.blocks[k].loc.clone();
    let mut empty = cfg.blocks[k].clone();
    empty.kind = BlockKind::State(State::default());
    empty.label = format!("{}_index", empty.label);
    cfg.blocks.insert(k, empty);
    for e in &mut cfg.edges {
        e.src += (e.src >= k) as usize;
        e.dst += (e.dst >= k) as usize;
    }
    cfg.start_block = cfg.start_block.map(|s| if s > k { s + 1 } else { s });
    cfg.edges.push(InterstateEdge { src: k, dst: k + 1, condition: None, assignments: Vec::new(), extra: Default::default(), loc: at });
    k + 1
}
