//! Replacing map parameters by expressions inside a scope (memlets, inner
//! map ranges, nested-SDFG symbol mappings, Python tasklet code).

use crate::model::{DataEdge, NodeKind, State};
use crate::symbolic::{Dim, Expr, Subset};
use std::collections::HashMap;

/// Nodes strictly inside the scope of `entry`.
pub fn inside(parents: &[Option<usize>], entry: usize) -> Vec<usize> {
    (0..parents.len())
        .filter(|&n| {
            let mut p = parents[n];
            while let Some(q) = p {
                if q == entry {
                    return true;
                }
                p = parents[q];
            }
            false
        })
        .collect()
}

pub fn substitute_subset(s: &mut Subset, values: &HashMap<String, Expr>) {
    let Subset::Range(dims) = s;
    for d in dims {
        *d = Dim::new(d.start.substitute(values), d.end.substitute(values), d.step.substitute(values), d.tile.substitute(values));
    }
}

/// Substitutes `values` in the nodes `body` of the scope `entry`..`exit` and
/// on every edge touching them.
pub fn substitute_in_scope(
    state: &mut State,
    entry: usize,
    exit: usize,
    body: &[usize],
    values: &HashMap<String, Expr>,
) -> Result<(), String> {
    let texts: HashMap<String, String> = values.iter().map(|(k, v)| (k.clone(), format!("({v})"))).collect();
    for &n in body {
        match &mut state.nodes[n].kind {
            NodeKind::Tasklet { code } if code.language == "Python" => {
                code.code = crate::tasklet::replace_names(&code.code, &texts).map_err(|e| e.to_string())?;
            }
            NodeKind::MapEntry { map, .. } => substitute_subset(&mut map.range, values),
            NodeKind::NestedSdfg { symbol_mapping, .. } => {
                for (_, e) in symbol_mapping.iter_mut() {
                    *e = e.substitute(values);
                }
            }
            _ => {}
        }
    }
    let touched = |e: &DataEdge| [e.src, e.dst].iter().any(|n| body.contains(n) || *n == entry || *n == exit);
    for e in state.edges.iter_mut().filter(|e| touched(e)) {
        let m = &mut e.memlet;
        m.subset.iter_mut().chain(m.other_subset.iter_mut()).for_each(|s| substitute_subset(s, values));
        m.volume = m.volume.as_ref().map(|v| v.substitute(values));
    }
    Ok(())
}
