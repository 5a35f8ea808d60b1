//! Control-flow graphs: blocks, regions and interstate edges.

use super::state::state;
use super::Exporter;
use crate::model::{Block, BlockKind, Branch, Cfg, CodeBlock, InterstateEdge};
use serde_json::{json, Map, Value};

fn code(c: &CodeBlock) -> Value {
    json!({"string_data": c.code, "language": c.language})
}

/// `nodes` and `edges` of a graph.
pub(super) fn graph(ex: &mut Exporter, cfg: &Cfg) -> (Value, Value) {
    let nodes = cfg.blocks.iter().enumerate().map(|(i, b)| block(ex, b, i)).collect();
    let edges = cfg.edges.iter().map(interstate_edge).collect();
    (Value::Array(nodes), Value::Array(edges))
}

fn start(cfg: &Cfg) -> Value {
    cfg.start().map(|s| json!(s)).unwrap_or(Value::Null)
}

fn block(ex: &mut Exporter, b: &Block, id: usize) -> Value {
    let attrs = Value::Object(b.extra.clone());
    match &b.kind {
        BlockKind::State(s) => {
            let (nodes, edges, scope_dict) = state(ex, s);
            json!({"type": "SDFGState", "label": b.label, "id": id, "collapsed": false,
                   "scope_dict": scope_dict, "nodes": nodes, "edges": edges, "attributes": attrs})
        }
        BlockKind::Region { kind, cfg } => {
            region(ex, kind.type_name(), &b.label, b.extra.clone(), cfg, json!(id))
        }
        BlockKind::Loop(lr) => {
            let mut a = Map::new();
            if let Some(c) = &lr.update {
                a.insert("update_statement".into(), code(c));
            }
            if let Some(c) = &lr.init {
                a.insert("init_statement".into(), code(c));
            }
            if let Some(c) = &lr.condition {
                a.insert("loop_condition".into(), code(c));
            }
            if lr.inverted {
                a.insert("inverted".into(), Value::Bool(true));
            }
            if !lr.update_before_condition {
                a.insert("update_before_condition".into(), Value::Bool(false));
            }
            if !lr.loop_variable.is_empty() {
                a.insert("loop_variable".into(), Value::String(lr.loop_variable.clone()));
            }
            a.extend(b.extra.clone());
            region(ex, "LoopRegion", &b.label, a, &lr.cfg, json!(id))
        }
        BlockKind::Conditional(branches) => {
            let list: Vec<Value> = branches.iter().map(|br| branch(ex, br)).collect();
            json!({"type": "ConditionalBlock", "collapsed": false, "label": b.label, "id": id,
                   "attributes": attrs, "branches": list})
        }
        BlockKind::Break | BlockKind::Continue | BlockKind::Return => {
            let t = match b.kind {
                BlockKind::Break => "BreakBlock",
                BlockKind::Continue => "ContinueBlock",
                _ => "ReturnBlock",
            };
            json!({"type": t, "collapsed": false, "label": b.label, "id": id, "attributes": attrs,
                   "nodes": [], "edges": []})
        }
    }
}

fn branch(ex: &mut Exporter, br: &Branch) -> Value {
    let cond = br.condition.as_deref().map(code).unwrap_or(Value::Null);
    let r = region(ex, "ControlFlowRegion", &br.label, br.extra.clone(), &br.cfg, Value::Null);
    json!([cond, r])
}

/// A region object; it takes the next `cfg_list_id` before its blocks do.
fn region(
    ex: &mut Exporter,
    type_name: &str,
    label: &str,
    attrs: Map<String, Value>,
    cfg: &Cfg,
    id: Value,
) -> Value {
    let list_id = ex.next_cfg_id();
    let (nodes, edges) = graph(ex, cfg);
    json!({"type": type_name, "attributes": attrs, "nodes": nodes, "edges": edges,
           "collapsed": false, "label": label, "id": id, "cfg_list_id": list_id, "start_block": start(cfg)})
}

/// DaCe's display label of an interstate edge: `cond; a=b,c=d`.
fn edge_label(e: &InterstateEdge) -> String {
    let assignments: Vec<String> = e.assignments.iter().map(|a| format!("{}={}", a.symbol, a.value())).collect();
    let assignments = assignments.join(",");
    match (&e.condition, assignments.is_empty()) {
        (None, _) => assignments,
        (Some(c), true) => c.code.clone(),
        (Some(c), false) => format!("{}; {assignments}", c.code),
    }
}

fn interstate_edge(e: &InterstateEdge) -> Value {
    let mut a = Map::new();
    if !e.assignments.is_empty() {
        let asg: Map<String, Value> =
            e.assignments.iter().map(|a| (a.symbol.clone(), Value::String(a.value().to_string()))).collect();
        a.insert("assignments".into(), Value::Object(asg));
    }
    if let Some(c) = &e.condition {
        a.insert("condition".into(), code(c));
    }
    a.extend(e.extra.clone());
    json!({"type": "Edge",
           "attributes": {"data": {"type": "InterstateEdge", "attributes": a, "label": edge_label(e)}},
           "src": e.src.to_string(), "dst": e.dst.to_string()})
}
