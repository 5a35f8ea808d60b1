//! Replacing map parameters by expressions inside a scope (memlets, inner
//! map ranges, nested-SDFG symbol mappings, Python tasklet code).

use crate::model::{NodeKind, State};
use crate::symbolic::{Dim, Expr, Subset};
use super::uses::mentions;
use std::collections::{BTreeSet, HashMap, HashSet};

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
    let scope: HashSet<usize> = body.iter().copied().chain([entry, exit]).collect();
    let edges: Vec<usize> = (0..state.edges.len()).filter(|&i| [state.edges[i].src, state.edges[i].dst].iter().any(|n| scope.contains(n))).collect();
    substitute_in(state, body, &edges, values)
}

/// Substitutes `values` in the nodes `body` and on the memlets of `edges`.
pub fn substitute_in(state: &mut State, body: &[usize], edges: &[usize], values: &HashMap<String, Expr>) -> Result<(), String> {
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
    for &i in edges {
        let m = &mut state.edges[i].memlet;
        m.subset.iter_mut().chain(m.other_subset.iter_mut()).for_each(|s| substitute_subset(s, values));
        m.volume = m.volume.as_ref().map(|v| v.substitute(values));
    }
    Ok(())
}

/// Whether renaming a map's parameters (`own`) inside its scope by
/// `rename` (no identity pairs) means the same: every use is rewritable
/// (no C++ tasklet or library node names them), and no target name is
/// captured.
pub fn renaming_is_safe(state: &State, e2: usize, x2: usize, body: &[usize], rename: &HashMap<String, Expr>, own: &[String]) -> bool {
    let sources: Vec<&str> = rename.keys().map(String::as_str).collect();
    let targets: Vec<String> = rename.values().map(|v| v.to_string()).collect();
    let names: Vec<&str> = sources.iter().copied().chain(targets.iter().map(String::as_str)).collect();
    // Targets that are not the second map's own parameters would be
    // captured wherever the body already names them.
    let foreign: Vec<&str> = targets.iter().map(String::as_str).filter(|t| !own.iter().any(|p| p == t)).collect();
    let says = |text: &str, list: &[&str]| list.iter().any(|n| mentions(text, n));
    for &n in body {
        let node = &state.nodes[n];
        let ok = match &node.kind {
            NodeKind::Tasklet { code } => {
                let conns = node.in_connectors.iter().chain(&node.out_connectors);
                let hidden = conns.into_iter().any(|(c, _)| names.contains(&c.as_str()));
                let unreadable = code.language != "Python" && says(&code.code, &names);
                !hidden && !unreadable && !says(&code.code, &foreign)
            }
            NodeKind::MapEntry { map, .. } => {
                !map.params.iter().any(|p| names.contains(&p.as_str())) && !says(&map.range.to_string(), &foreign)
            }
            NodeKind::ConsumeEntry { consume, .. } => {
                let cond = consume.condition.as_ref().map(|c| c.code.clone()).unwrap_or_default();
                !names.contains(&consume.pe_index.as_str()) && !says(&format!("{} {cond}", consume.num_pes), &names)
            }
            NodeKind::NestedSdfg { symbol_mapping, .. } => !symbol_mapping.iter().any(|(_, e)| says(&e.to_string(), &foreign)),
            NodeKind::Library(lib) => !says(&lib.properties_text(), &names),
            _ => true,
        };
        if !ok {
            return false;
        }
    }
    let inner = |n: usize| n == e2 || n == x2 || body.contains(&n);
    state.edges.iter().filter(|e| inner(e.src) && inner(e.dst)).all(|e| {
        let m = &e.memlet;
        let symbols = m.subset.iter().chain(&m.other_subset).flat_map(|s| s.free_symbols());
        let symbols: BTreeSet<String> = symbols.chain(m.volume.iter().flat_map(Expr::free_symbols)).collect();
        !symbols.iter().any(|s| foreign.contains(&s.as_str())) && !m.wcr.as_ref().is_some_and(|w| says(w.text(), &names))
    })
}

/// Appends copies of `original`'s nodes `body` to `state`, inner scopes
/// linked among the copies (each scope's entry and exit both in `body`);
/// returns the index of the first copy.
pub fn push_copies(state: &mut State, original: &State, body: &[usize]) -> Result<usize, String> {
    let base = state.nodes.len();
    let copy = |n: usize| body.iter().position(|&b| b == n).map(|p| base + p);
    for &n in body {
        let mut node = original.nodes[n].clone();
        match &mut node.kind {
            NodeKind::MapEntry { exit, .. } => *exit = copy(*exit).ok_or("inner scope without exit")?,
            NodeKind::MapExit { entry } => *entry = copy(*entry).ok_or("inner scope without entry")?,
            _ => {}
        }
        state.nodes.push(node);
    }
    Ok(base)
}
