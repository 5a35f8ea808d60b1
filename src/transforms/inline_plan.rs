//! The shared half of the inlining transformations: checks a nested SDFG
//! node's bindings and prepares what its body needs to live in the outer SDFG
//! (symbol values, windows of connector containers on outer data, renamed
//! transients and local symbols). See `inline_sdfg`.

use super::inline_window::{same_subset, substitute_desc, window, Window};
use super::scope_subst::substitute_subset;
use crate::model::cfg_graph;
use crate::model::{BlockKind, Cfg, DataDesc, DataKind, Memlet, NodeKind, ScalarType, Sdfg, State};
use crate::model::scope::scope_parents;
use crate::symbolic::Expr;
use std::collections::{BTreeSet, HashMap};

/// The outer end of a connector's memlet.
pub struct Outer<'a> {
    pub node: usize,
    pub conn: Option<String>,
    pub memlet: &'a Memlet,
    /// Whether `node` is an access node.
    pub access: bool,
}

/// Connector name -> its outer memlet.
pub type Bound<'a> = HashMap<&'a str, Outer<'a>>;

pub struct Prepared<'a> {
    pub ins: Bound<'a>,
    pub outs: Bound<'a>,
    /// Inner symbol -> its value in outer terms (identities left out;
    /// renamed local symbols included).
    pub values: HashMap<String, Expr>,
    pub windows: HashMap<String, Window>,
    /// Inner transient -> its outer name.
    pub renames: HashMap<String, String>,
    /// New outer containers and symbols.
    pub containers: Vec<(String, DataDesc)>,
    pub symbols: Vec<(String, ScalarType)>,
    /// The enclosing scope's entry and exit.
    pub scope: Option<(usize, usize)>,
}

/// The one state with nodes, when every other state is empty and they all
/// run in a straight unconditional chain.
pub fn single_state(cfg: &Cfg) -> Option<&State> {
    let n = cfg.blocks.len();
    if n == 0 || cfg.edges.len() != n - 1 || cfg.start().is_none() {
        return None;
    }
    let (ins, outs) = cfg_graph::adjacency(cfg);
    if (0..n).any(|b| outs[b].len() > 1 || ins[b].len() > 1) {
        return None;
    }
    let plain = |c: &Option<crate::model::Condition>| c.as_ref().is_none_or(|c| matches!(c.code.trim(), "1" | "True"));
    if cfg.edges.iter().any(|e| !plain(&e.condition) || !e.assignments.is_empty() || e.src == e.dst) {
        return None;
    }
    let mut busy = None;
    for b in &cfg.blocks {
        let BlockKind::State(s) = &b.kind else { return None };
        if !s.nodes.is_empty() {
            if busy.is_some() {
                return None;
            }
            busy = Some(s);
        }
    }
    busy
}

/// Checks the nested SDFG node `node` of `state` (in `sdfg`) and prepares
/// its inlining. `locals` are the inner symbols its own control flow
/// assigns: they get fresh outer names instead of mapped values.
pub fn prepare<'a>(sdfg: &Sdfg, state: &'a State, node: usize, locals: &BTreeSet<String>) -> Option<Prepared<'a>> {
    let n = state.nodes.get(node)?;
    let NodeKind::NestedSdfg { sdfg: inner, symbol_mapping } = &n.kind else { return None };
    if n.extra.get("no_inline").and_then(|v| v.as_bool()) == Some(true) || !inner.constants.is_empty() {
        return None;
    }
    let bodies: Vec<&State> = super::place::states(inner).into_iter().map(|(_, s)| s).collect();
    if bodies.iter().any(|b| scope_parents(b).is_err()) {
        return None;
    }
    if inner.containers.iter().any(|(_, d)| matches!(d.kind, DataKind::Stream | DataKind::Reference)) {
        return None;
    }
    let ins: Vec<&str> = n.in_connectors.iter().map(|(c, _)| c.as_str()).collect();
    let outs: Vec<&str> = n.out_connectors.iter().map(|(c, _)| c.as_str()).collect();
    let parents = scope_parents(state).ok()?;
    let scope = match parents[node] {
        Some(e) => Some((e, state.nodes[e].kind.scope_exit()?)),
        None => None,
    };
    // The outer memlet of every connector.
    let mut bound: Bound = HashMap::new();
    let mut bound_out: Bound = HashMap::new();
    for e in state.edges.iter().filter(|e| e.src == node || e.dst == node) {
        let into = e.dst == node;
        let conn = if into { &e.dst_conn } else { &e.src_conn };
        let Some(conn) = conn else {
            // Only the scope's own empty memlets may attach without a connector.
            let other = if into { e.src } else { e.dst };
            let scope_end = scope.map(|(en, ex)| if into { en } else { ex });
            if e.memlet.data.is_some() || Some(other) != scope_end || e.src_conn.is_some() || e.dst_conn.is_some() {
                return None;
            }
            continue;
        };
        let m = &e.memlet;
        if m.data.is_none() || (into && m.wcr.is_some()) || m.other_subset.is_some() {
            return None;
        }
        let (other, other_conn) = if into { (e.src, &e.src_conn) } else { (e.dst, &e.dst_conn) };
        let access = matches!(state.nodes[other].kind, NodeKind::Access { .. });
        let kind_ok = match &state.nodes[other].kind {
            NodeKind::Access { .. } => true,
            NodeKind::MapEntry { .. } => into,
            NodeKind::MapExit { .. } => !into,
            _ => false,
        };
        let map = if into { &mut bound } else { &mut bound_out };
        if !kind_ok || map.insert(conn.as_str(), Outer { node: other, conn: other_conn.clone(), memlet: m, access }).is_some() {
            return None;
        }
    }
    if ins.iter().any(|c| !bound.contains_key(c)) || outs.iter().any(|c| !bound_out.contains_key(c)) {
        return None;
    }
    for (c, w) in &bound_out {
        if let Some(r) = bound.get(c) {
            if r.memlet.data != w.memlet.data || !same_subset(r.memlet.subset.as_ref(), w.memlet.subset.as_ref()) {
                return None;
            }
        }
    }
    // Symbols: every inner one is mapped; identities need no rewriting.
    let mapping: HashMap<&str, &Expr> = symbol_mapping.iter().map(|(k, v)| (k.as_str(), v)).collect();
    if inner.symbols.iter().any(|(s, _)| !mapping.contains_key(s.as_str()) && !locals.contains(s))
        || locals.iter().any(|l| mapping.contains_key(l.as_str()))
    {
        return None;
    }
    let mut values: HashMap<String, Expr> =
        symbol_mapping.iter().filter(|(k, v)| *v != Expr::sym(k)).map(|(k, v)| (k.clone(), v.clone())).collect();
    // Names that substituted expressions and windows bring into the inner graph.
    let mut incoming: BTreeSet<String> = values.values().flat_map(|v| v.free_symbols()).collect();
    for o in bound.values().chain(bound_out.values()) {
        incoming.extend(o.memlet.subset.iter().flat_map(|s| s.free_symbols()));
    }
    let mut p = parents[node];
    while let Some(e) = p {
        if let NodeKind::MapEntry { map, .. } = &state.nodes[e].kind {
            incoming.extend(map.params.iter().cloned());
        }
        p = parents[e];
    }
    // Values are read where used, no longer once on entry: they must not
    // depend on data.
    if incoming.iter().any(|s| sdfg.container(s).is_some()) {
        return None;
    }
    incoming.extend(sdfg.symbols.iter().map(|(s, _)| s.clone()));
    let inner_names: BTreeSet<&str> = inner.containers.iter().map(|(n, _)| n.as_str()).collect();
    let mut params = BTreeSet::new();
    for nd in bodies.iter().flat_map(|b| b.nodes.iter()) {
        if let NodeKind::MapEntry { map, .. } = &nd.kind {
            params.extend(map.params.iter().cloned());
            if map.range.free_symbols().iter().any(|s| inner_names.contains(s.as_str())) {
                return None;
            }
        }
    }
    if params.iter().any(|p| incoming.contains(p) || mapping.contains_key(p.as_str())) {
        return None;
    }
    for e in bodies.iter().flat_map(|b| b.edges.iter()) {
        let m = &e.memlet;
        let syms = m.subset.iter().chain(m.other_subset.iter()).flat_map(|s| s.free_symbols());
        if syms.chain(m.volume.iter().flat_map(|v| v.free_symbols())).any(|s| inner_names.contains(s.as_str())) {
            return None;
        }
    }
    // Containers: connectors are windows on outer data, transients move out.
    let mut windows: HashMap<String, Window> = HashMap::new();
    for (c, o) in bound.iter().chain(bound_out.iter()) {
        let m = o.memlet;
        let desc = inner.container(c)?;
        let outer_name = m.data.as_deref()?;
        if desc.transient {
            return None;
        }
        let desc = substitute_desc(desc, &values);
        windows.insert(c.to_string(), window(outer_name, sdfg.container(outer_name)?, &desc, m.subset.as_ref())?);
    }
    let mut taken: BTreeSet<String> = sdfg.containers.iter().map(|(n, _)| n.clone()).collect();
    taken.extend(incoming.iter().cloned());
    taken.extend(params.iter().cloned());
    let fresh = |name: &str, taken: &mut BTreeSet<String>| {
        let mut new = name.to_string();
        let mut k = 0;
        while taken.contains(&new) || (inner_names.contains(new.as_str()) && new != name) {
            k += 1;
            new = format!("{name}_{k}");
        }
        taken.insert(new.clone());
        new
    };
    let mut symbols = Vec::new();
    for l in locals {
        let new = fresh(l, &mut taken);
        symbols.push((new.clone(), inner.symbol_type(l).unwrap_or(ScalarType::I64)));
        if new != *l {
            values.insert(l.clone(), Expr::sym(&new));
        }
    }
    let mut renames: HashMap<String, String> = HashMap::new();
    let mut containers = Vec::new();
    for (name, desc) in &inner.containers {
        if windows.contains_key(name) {
            continue;
        }
        if !desc.transient {
            // Unbound argument: fine only when the state never uses it.
            if bodies.iter().any(|b| uses(b, name)) {
                return None;
            }
            continue;
        }
        if !bodies.iter().any(|b| uses(b, name)) {
            continue;
        }
        let new = fresh(name, &mut taken);
        renames.insert(name.clone(), new.clone());
        containers.push((new, substitute_desc(desc, &values)));
    }
    Some(Prepared { ins: bound, outs: bound_out, values, windows, renames, containers, symbols, scope })
}

fn uses(state: &State, name: &str) -> bool {
    state.nodes.iter().any(|n| matches!(&n.kind, NodeKind::Access { data, .. } if data == name))
        || state.edges.iter().any(|e| e.memlet.data.as_deref() == Some(name))
}

/// Replaces inner symbols by their values everywhere in the state; `None`
/// where a node could use a symbol in a way that cannot be rewritten.
pub fn substitute_state(state: &mut State, values: &HashMap<String, Expr>) -> Option<()> {
    if values.is_empty() {
        return Some(());
    }
    let texts: HashMap<String, String> = values.iter().map(|(k, v)| (k.clone(), format!("({v})"))).collect();
    for n in &mut state.nodes {
        let conns = n.in_connectors.iter().chain(n.out_connectors.iter());
        let shadowed = conns.clone().any(|(c, _)| values.contains_key(c));
        match &mut n.kind {
            NodeKind::Tasklet { code } if code.language == "Python" && !shadowed => {
                code.code = crate::tasklet::replace_names(&code.code, &texts).ok()?;
            }
            NodeKind::MapEntry { map, .. } => substitute_subset(&mut map.range, values),
            NodeKind::NestedSdfg { symbol_mapping, .. } => {
                symbol_mapping.iter_mut().for_each(|(_, e)| *e = e.substitute(values));
            }
            NodeKind::Access { .. } | NodeKind::MapExit { .. } => {}
            _ => return None,
        }
    }
    for e in &mut state.edges {
        let m = &mut e.memlet;
        m.subset.iter_mut().chain(m.other_subset.iter_mut()).for_each(|s| substitute_subset(s, values));
        m.volume = m.volume.as_ref().map(|v| v.substitute(values));
    }
    Some(())
}

/// Rewrites every memlet onto outer containers and renamed transients.
pub fn rewrite_memlets(state: &mut State, windows: &HashMap<String, Window>, renames: &HashMap<String, String>) -> Option<()> {
    let data_of = |s: &State, i: usize| match &s.nodes[i].kind {
        NodeKind::Access { data, .. } => Some(data.clone()),
        _ => None,
    };
    for k in 0..state.edges.len() {
        let (src, dst) = (state.edges[k].src, state.edges[k].dst);
        let Some(d) = state.edges[k].memlet.data.clone() else { continue };
        let other = match (&state.edges[k].memlet.other_subset, data_of(state, src), data_of(state, dst)) {
            (None, ..) => None,
            (Some(_), Some(a), Some(b)) => Some(if a == d { b } else { a }),
            _ => return None,
        };
        let m = &mut state.edges[k].memlet;
        if let Some(w) = windows.get(&d) {
            m.subset = Some(w.compose(m.subset.as_ref())?);
            m.data = Some(w.outer.clone());
        } else if let Some(new) = renames.get(&d) {
            m.data = Some(new.clone());
        }
        if let Some(w) = other.as_ref().and_then(|o| windows.get(o)) {
            m.other_subset = Some(w.compose(m.other_subset.as_ref())?);
        }
    }
    for n in &mut state.nodes {
        if let NodeKind::Access { data, .. } = &mut n.kind {
            let new = renames.get(data.as_str()).or(windows.get(data.as_str()).map(|w| &w.outer));
            if let Some(new) = new {
                if n.label == *data {
                    n.label = new.clone();
                }
                *data = new.clone();
            }
        }
    }
    Some(())
}
