//! SDFGState: nodes with DaCe's scope fields, dataflow edges, `scope_dict`.

use super::memlet::{memlet, range_text, subset};
use super::Exporter;
use crate::json::import::RANGE_APPROX;
use crate::model::{scope, Connector, Node, NodeKind, State};
use serde_json::{json, Map, Value};

/// `(nodes, edges, scope_dict)` of a state.
pub(super) fn state(ex: &mut Exporter, s: &State) -> (Value, Value, Value) {
    // A malformed graph (cycle) still exports; scope fields then only link
    // the entry/exit pairs.
    let parents =
        scope::scope_parents(s).unwrap_or_else(|_| s.nodes.iter().map(|n| n.kind.scope_entry()).collect());
    let parent_of = |i: usize| parents.get(i).copied().flatten();
    let exit_of = |e: usize| s.nodes.get(e).and_then(|n| n.kind.scope_exit());
    let id = |i: usize| Value::String(i.to_string());
    let opt_id = |i: Option<usize>| i.map(id).unwrap_or(Value::Null);

    let mut nodes = Vec::with_capacity(s.nodes.len());
    for (i, n) in s.nodes.iter().enumerate() {
        let (scope_entry, scope_exit) = match &n.kind {
            NodeKind::MapEntry { exit, .. } | NodeKind::ConsumeEntry { exit, .. } => {
                (opt_id(parent_of(i)), id(*exit))
            }
            NodeKind::MapExit { entry } | NodeKind::ConsumeExit { entry } => (id(*entry), id(i)),
            _ => (opt_id(parent_of(i)), opt_id(parent_of(i).and_then(exit_of))),
        };
        let mut obj = Map::new();
        obj.insert("type".into(), Value::String(n.kind.type_name().into()));
        obj.insert("label".into(), Value::String(display_label(s, n)));
        obj.insert("attributes".into(), Value::Object(attributes(ex, n)));
        obj.insert("id".into(), json!(i));
        obj.insert("scope_entry".into(), scope_entry);
        obj.insert("scope_exit".into(), scope_exit);
        if let NodeKind::Library(lib) = &n.kind {
            obj.insert("classpath".into(), Value::String(lib.classpath().to_string()));
        }
        nodes.push(Value::Object(obj));
    }

    let edges: Vec<Value> = s
        .edges
        .iter()
        .map(|e| {
            json!({"type": "MultiConnectorEdge",
                   "attributes": {"data": memlet(&e.memlet)},
                   "src": e.src.to_string(), "dst": e.dst.to_string(),
                   "dst_connector": e.dst_conn, "src_connector": e.src_conn})
        })
        .collect();

    let mut scope_dict = Map::new();
    let mut top: Vec<usize> = Vec::new();
    let mut inner: std::collections::BTreeMap<usize, Vec<usize>> = Default::default();
    for i in 0..s.nodes.len() {
        match parent_of(i) {
            None => top.push(i),
            Some(p) => inner.entry(p).or_default().push(i),
        }
    }
    scope_dict.insert("-1".into(), json!(top));
    for (p, children) in inner {
        scope_dict.insert(p.to_string(), json!(children));
    }
    (Value::Array(nodes), Value::Array(edges), Value::Object(scope_dict))
}

/// DaCe's display label: the data name for access nodes, `label[p=range]`
/// for map nodes, `label [p=0:num_pes]` for consume nodes.
fn display_label(s: &State, n: &Node) -> String {
    let entry = match &n.kind {
        NodeKind::MapExit { entry } | NodeKind::ConsumeExit { entry } => s.nodes.get(*entry),
        _ => Some(n),
    };
    match entry.map(|e| (&e.kind, &e.label)) {
        Some((NodeKind::MapEntry { map, .. }, label)) => {
            let ranges = range_text(&map.range);
            let parts: Vec<String> = map.params.iter().zip(ranges).map(|(p, r)| format!("{p}={r}")).collect();
            format!("{label}[{}]", parts.join(", "))
        }
        Some((NodeKind::ConsumeEntry { consume, .. }, label)) => {
            format!("{label} [{}=0:{}]", consume.pe_index, consume.num_pes)
        }
        _ => match &n.kind {
            NodeKind::Access { data, .. } => data.clone(),
            _ => n.label.clone(),
        },
    }
}

fn connectors(list: &[Connector]) -> Value {
    let map: Map<String, Value> = list
        .iter()
        .map(|(name, t)| (name.clone(), t.as_ref().map(|t| t.to_json()).unwrap_or(Value::Null)))
        .collect();
    Value::Object(map)
}

fn attributes(ex: &mut Exporter, n: &Node) -> Map<String, Value> {
    let mut a = Map::new();
    let mut put = |k: &str, v: Value| {
        a.insert(k.to_string(), v);
    };
    let label = Value::String(n.label.clone());
    match &n.kind {
        NodeKind::Access { data, setzero } => {
            if *setzero {
                put("setzero", Value::Bool(true));
            }
            put("data", Value::String(data.clone()));
        }
        NodeKind::Tasklet { code } => {
            put("code", json!({"string_data": code.code, "language": code.language}));
            put("label", label);
        }
        NodeKind::MapEntry { map, .. } => {
            put("label", label);
            put("params", json!(map.params));
            put("range", crate::json::approx::with_approximations(subset(&map.range), n.extra.get(RANGE_APPROX)));
            if !map.schedule.is_default() {
                put("schedule", Value::String(map.schedule.as_str().into()));
            }
        }
        NodeKind::ConsumeEntry { consume, .. } => {
            put("label", label);
            put("pe_index", Value::String(consume.pe_index.clone()));
            put("num_pes", Value::String(consume.num_pes.to_string()));
            if let Some(c) = &consume.condition {
                put("condition", json!({"string_data": c.code, "language": c.language}));
            }
            if !consume.schedule.is_default() {
                put("schedule", Value::String(consume.schedule.as_str().into()));
            }
            if consume.chunksize != 1 {
                put("chunksize", json!(consume.chunksize));
            }
        }
        NodeKind::MapExit { .. } | NodeKind::ConsumeExit { .. } => {}
        NodeKind::NestedSdfg { sdfg, symbol_mapping } => {
            put("sdfg", ex.sdfg(sdfg, false));
            let mapping: Map<String, Value> =
                symbol_mapping.iter().map(|(k, e)| (k.clone(), Value::String(e.to_string()))).collect();
            put("symbol_mapping", Value::Object(mapping));
            put("label", label);
        }
        NodeKind::Library(lib) => {
            for (k, v) in lib.properties() {
                put(k, v.clone());
            }
            put("label", label);
        }
    }
    for (k, v) in n.extra.iter().filter(|(k, _)| *k != RANGE_APPROX) {
        put(k, v.clone());
    }
    if !n.in_connectors.is_empty() {
        put("in_connectors", connectors(&n.in_connectors));
    }
    if !n.out_connectors.is_empty() {
        put("out_connectors", connectors(&n.out_connectors));
    }
    a
}
