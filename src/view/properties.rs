//! The properties of every drawn element, by its id (`dot.rs`'s), as JSON
//! for the HTML viewer's side panel: what the dialect holds of it.

use crate::model::{Block, BlockKind, Cfg, NodeKind, Sdfg, State};
use serde_json::{json, Map, Value};

/// `{id: {property: value}}` for every element of `sdfg`.
pub fn properties(sdfg: &Sdfg) -> Value {
    let mut all = Map::new();
    cfg(sdfg, &sdfg.cfg, "", &mut all);
    Value::Object(all)
}

fn cfg(sdfg: &Sdfg, cfg: &Cfg, prefix: &str, all: &mut Map<String, Value>) {
    for (i, b) in cfg.blocks.iter().enumerate() {
        block(sdfg, b, &format!("{prefix}b{i}"), all);
    }
    for (k, e) in cfg.edges.iter().enumerate() {
        let assignments: Vec<String> = e.assignments.iter().map(|a| format!("{} = {}", a.symbol, a.value())).collect();
        let condition = e.condition.as_ref().map(|c| c.code().code.clone()).unwrap_or_else(|| "1".into());
        all.insert(format!("{prefix}i{k}"), json!({"kind": "interstate-edge", "condition": condition, "assignments": assignments,
            "src": format!("{prefix}b{}", e.src), "dst": format!("{prefix}b{}", e.dst)}));
    }
}

fn block(sdfg: &Sdfg, b: &Block, id: &str, all: &mut Map<String, Value>) {
    let inner = format!("{id}/");
    let mut props = json!({"label": b.label, "location": b.loc.to_string()});
    match &b.kind {
        BlockKind::State(s) => {
            props["kind"] = "state".into();
            state(sdfg, s, &inner, all);
        }
        BlockKind::Region { cfg: c, .. } => {
            props["kind"] = "region".into();
            cfg(sdfg, c, &inner, all);
        }
        BlockKind::Loop(l) => {
            props["kind"] = "region".into();
            props["loop_variable"] = l.loop_variable.clone().into();
            props["init"] = l.init.as_ref().map(|s| s.code().code.clone()).into();
            props["condition"] = l.condition.as_ref().map(|c| c.code().code.clone()).into();
            props["update"] = l.update.as_ref().map(|s| s.code().code.clone()).into();
            cfg(sdfg, &l.cfg, &inner, all);
        }
        BlockKind::Conditional(branches) => {
            props["kind"] = "region".into();
            for (i, br) in branches.iter().enumerate() {
                let bid = format!("{id}/c{i}");
                let condition = br.condition.as_ref().map(|c| c.code().code.clone()).unwrap_or_else(|| "else".into());
                all.insert(bid.clone(), json!({"kind": "region", "condition": condition}));
                cfg(sdfg, &br.cfg, &format!("{bid}/"), all);
            }
        }
        BlockKind::Break | BlockKind::Continue | BlockKind::Return => props["kind"] = "region".into(),
    }
    all.insert(id.to_string(), props);
}

fn state(sdfg: &Sdfg, s: &State, prefix: &str, all: &mut Map<String, Value>) {
    // The viewer folds a map or consume scope by these: a node's innermost
    // enclosing entry (`scope`), an exit's own entry (`entry`).
    let parents = crate::model::scope::scope_parents(s).unwrap_or_else(|_| vec![None; s.nodes.len()]);
    for (n, node) in s.nodes.iter().enumerate() {
        let id = format!("{prefix}n{n}");
        let mut p = json!({"label": node.label, "kind": super::node_kind(&node.kind), "location": node.loc.to_string()});
        let scope = match &node.kind {
            NodeKind::MapExit { entry } | NodeKind::ConsumeExit { entry } => {
                p["entry"] = format!("{prefix}n{entry}").into();
                parents.get(*entry).copied().flatten()
            }
            _ => parents[n],
        };
        if let Some(scope) = scope {
            p["scope"] = format!("{prefix}n{scope}").into();
        }
        match &node.kind {
            NodeKind::Access { data, .. } => {
                p["data"] = data.clone().into();
                if let Some(d) = sdfg.container(data) {
                    let shape: Vec<String> = d.shape.iter().map(|e| e.to_string()).collect();
                    p["container"] = json!({"type": d.kind.type_name(), "dtype": d.dtype.to_string(), "shape": shape,
                        "storage": d.storage.as_str(), "lifetime": d.lifetime.as_str(), "transient": d.transient});
                }
            }
            NodeKind::Tasklet { code } => {
                p["code"] = code.code.clone().into();
                p["language"] = code.language.clone().into();
            }
            NodeKind::MapEntry { map, .. } => {
                p["params"] = map.params.clone().into();
                p["range"] = map.range.to_string().into();
                p["schedule"] = map.schedule.as_str().into();
            }
            NodeKind::MapExit { .. } | NodeKind::ConsumeExit { .. } => {}
            NodeKind::ConsumeEntry { consume, .. } => {
                p["pe_index"] = consume.pe_index.clone().into();
                p["num_pes"] = consume.num_pes.to_string().into();
                p["schedule"] = consume.schedule.as_str().into();
            }
            NodeKind::Library(lib) => {
                p["class"] = lib.class_name().into();
            }
            NodeKind::NestedSdfg { sdfg: inner, symbol_mapping } => {
                p["sdfg"] = inner.name.clone().into();
                let mapping: Map<String, Value> = symbol_mapping.iter().map(|(k, v)| (k.clone(), v.to_string().into())).collect();
                p["symbol_mapping"] = Value::Object(mapping);
                cfg(inner, &inner.cfg, &format!("{id}/"), all);
            }
        }
        let ins: Vec<&str> = node.in_connectors.iter().map(|(c, _)| c.as_str()).collect();
        let outs: Vec<&str> = node.out_connectors.iter().map(|(c, _)| c.as_str()).collect();
        p["in_connectors"] = ins.into();
        p["out_connectors"] = outs.into();
        all.insert(id, p);
    }
    for (k, e) in s.edges.iter().enumerate() {
        let m = &e.memlet;
        let p = json!({
            "kind": "memlet",
            "data": m.data,
            "subset": m.subset.as_ref().map(|s| s.to_string()),
            "other_subset": m.other_subset.as_ref().map(|s| s.to_string()),
            "volume": m.volume.as_ref().map(|v| v.to_string()),
            "dynamic": m.dynamic,
            "wcr": m.wcr.as_ref().map(|w| w.text().to_string()),
            "src": format!("{prefix}n{}", e.src),
            "dst": format!("{prefix}n{}", e.dst),
            "src_connector": e.src_conn,
            "dst_connector": e.dst_conn,
        });
        all.insert(format!("{prefix}e{k}"), p);
    }
}
