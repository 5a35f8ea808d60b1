//! What a page marks on an SDFG: the matches of a transformation (by the
//! element each is anchored at), the elements that differ between two
//! versions of an SDFG, and measured times (by the element's location).

use super::html::{Highlight, Timed};
use crate::model::{Sdfg, StatePath, Step};
use crate::transforms::{nested::Located, Transformation};
use serde_json::{Map, Value};
use std::collections::HashMap;

/// The viewer's id of the block at `path` (`[Block(2), Branch(0), Block(1)]`
/// -> `b2/c0/b1`).
pub fn block_id(path: &StatePath) -> String {
    let steps: Vec<String> = path
        .iter()
        .map(|s| match s {
            Step::Block(i) => format!("b{i}"),
            Step::Branch(k) => format!("c{k}"),
        })
        .collect();
    steps.join("/")
}

/// Each match of `t` in `sdfg` as a numbered highlight: the node it is
/// anchored at where the transformation works inside a state's dataflow
/// (block-level matches name node 0), else its block; a match of the whole
/// SDFG is listed without an element.
pub fn match_highlights(t: &dyn Transformation, sdfg: &Sdfg, found: &[Located]) -> Vec<Highlight> {
    found
        .iter()
        .enumerate()
        .map(|(number, m)| {
            let mut inner = sdfg;
            let mut prefix = String::new();
            for (state, node) in &m.path {
                prefix += &format!("{}/n{node}/", block_id(state));
                if let Some(crate::model::NodeKind::NestedSdfg { sdfg: nested, .. }) =
                    crate::transforms::place::state(inner, state).and_then(|s| s.nodes.get(*node)).map(|n| &n.kind)
                {
                    inner = nested;
                }
            }
            let place = &m.inner.place;
            let id = if place.state.is_empty() {
                String::new()
            } else if (t.local_edits() || place.node > 0)
                && crate::transforms::place::state(inner, &place.state).is_some_and(|s| place.node < s.nodes.len())
            {
                format!("{prefix}{}/n{}", block_id(&place.state), place.node)
            } else {
                format!("{prefix}{}", block_id(&place.state))
            };
            Highlight { id, number, text: m.inner.description.clone() }
        })
        .collect()
}

/// What differs between `before` and `after`: the ids of the elements of
/// `before` with no like element in `after` (removed), and of `after` with
/// none in `before` (added). Elements are alike when their kind, properties
/// (places in the file aside), enclosing blocks' labels and, for edges,
/// their ends are.
pub fn diff(before: &Sdfg, after: &Sdfg) -> (Vec<String>, Vec<String>) {
    let old = signatures(&super::properties::properties(before));
    let new = signatures(&super::properties::properties(after));
    let mut unmatched: HashMap<&str, Vec<&str>> = HashMap::new();
    for (id, sig) in &old {
        unmatched.entry(sig.as_str()).or_default().push(id.as_str());
    }
    let mut added = Vec::new();
    for (id, sig) in &new {
        match unmatched.get_mut(sig.as_str()).and_then(|ids| ids.pop()) {
            Some(_) => {}
            None => added.push(id.clone()),
        }
    }
    let mut removed: Vec<String> = unmatched.into_values().flatten().map(str::to_string).collect();
    removed.sort();
    (removed, added)
}

/// `(id, signature)` of every element, in id order.
fn signatures(props: &Value) -> Vec<(String, String)> {
    let Value::Object(all) = props else { return Vec::new() };
    let mut ids: Vec<&String> = all.keys().collect();
    ids.sort();
    ids.into_iter().map(|id| (id.clone(), signature(all, id))).collect()
}

fn signature(all: &Map<String, Value>, id: &str) -> String {
    let Some(Value::Object(p)) = all.get(id) else { return id.to_string() };
    let mut own = p.clone();
    for key in ["location", "src", "dst", "scope", "entry"] {
        own.remove(key);
    }
    let parts: Vec<&str> = id.split('/').collect();
    let enclosing: Vec<String> = (1..parts.len())
        .map(|k| {
            let p = all.get(&parts[..k].join("/"));
            p.and_then(|p| p.get("label").or_else(|| p.get("condition"))).map(|v| v.to_string()).unwrap_or_default()
        })
        .collect();
    let mut sig = format!("{}|{}", enclosing.join("/"), Value::Object(own));
    for end in ["src", "dst"] {
        if let Some(Value::String(other)) = p.get(end) {
            sig += &format!("|{end}:{}", signature(all, other));
        }
    }
    sig
}

/// Measured `(location, seconds, entries)` over `runs` runs as times per
/// run of the elements of `sdfg` at those locations, slowest first.
pub fn timed(sdfg: &Sdfg, measured: &[(crate::model::Loc, f64, u64)], runs: usize) -> Vec<Timed> {
    let Value::Object(all) = super::properties::properties(sdfg) else { return Vec::new() };
    let by_location: HashMap<&str, &str> =
        all.iter().filter_map(|(id, p)| Some((p.get("location")?.as_str()?, id.as_str()))).collect();
    let runs = runs.max(1);
    let mut out: Vec<Timed> = measured
        .iter()
        .filter_map(|(loc, seconds, entries)| {
            let id = by_location.get(loc.to_string().as_str())?;
            Some(Timed { id: id.to_string(), seconds: seconds / runs as f64, entries: entries / runs as u64 })
        })
        .collect();
    out.sort_by(|a, b| b.seconds.total_cmp(&a.seconds).then(a.id.cmp(&b.id)));
    out
}
