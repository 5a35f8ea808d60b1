//! Control-flow graphs: blocks (states and regions) and interstate edges.

use super::{defaults, instrument};
use super::reader::{Ctx, Obj};
use super::state;
use crate::model::{Assignment, Block, BlockKind, Branch, Cfg, Condition, InterstateEdge, Loc, LoopRegion, LoopStatements, RegionKind};
use serde_json::Value;

const KNOWN: &str = "SDFGState, ControlFlowRegion, NamedRegion, FunctionCallRegion, LoopRegion, \
                     ConditionalBlock, BreakBlock, ContinueBlock, ReturnBlock";

/// Reads `nodes`, `edges` and `start_block` of an SDFG or region object.
pub(super) fn cfg(cx: &mut Ctx, obj: &Obj) -> Option<Cfg> {
    let errors_before = cx.diags.len();
    let block_values = obj.req_array(cx, "nodes");
    let edge_values = obj.req_array(cx, "edges");
    let (block_values, edge_values) = (block_values?, edge_values?);
    let mut blocks = Vec::with_capacity(block_values.len());
    for (i, v) in block_values.iter().enumerate() {
        if let Some(b) = block(cx, v, obj.at("nodes").child(&format!("[{i}]"))) {
            blocks.push(b);
        }
    }
    let mut edges = Vec::with_capacity(edge_values.len());
    for (i, v) in edge_values.iter().enumerate() {
        let loc = obj.at("edges").child(&format!("[{i}]"));
        if let Some(e) = interstate_edge(cx, v, loc, block_values.len()) {
            edges.push(e);
        }
    }
    let start = obj.non_null("start_block").or_else(|| obj.non_null("start_state"));
    let start_block = start.and_then(|v| match v {
        Value::String(s) => s.trim().parse::<usize>().ok(),
        Value::Number(n) => n.as_u64().and_then(|n| usize::try_from(n).ok()),
        _ => None,
    });
    if cx.diags.len() != errors_before {
        return None;
    }
    let mut cfg = Cfg { blocks, edges, start_block: None };
    // DaCe only consults `start_block` when the start is ambiguous (files
    // carry stale values otherwise); keep it only then, and only if valid.
    let sources = (0..cfg.blocks.len()).filter(|b| !cfg.edges.iter().any(|e| e.dst == *b)).count();
    if sources != 1 {
        cfg.start_block = start_block.filter(|s| *s < cfg.blocks.len());
    }
    Some(cfg)
}

fn block(cx: &mut Ctx, value: &Value, loc: Loc) -> Option<Block> {
    let obj = cx.object(value, loc)?;
    let type_name = obj.type_name(cx)?;
    let label = obj.req_str(cx, "label").map(str::to_string);
    let empty = serde_json::Map::new();
    let attrs = match type_name {
        // States must carry `attributes` (DaCe reads it directly).
        "SDFGState" => obj.req_object(cx, "attributes"),
        _ => obj.opt_object(cx, "attributes"),
    };
    let a = attrs.unwrap_or_else(|| Obj { map: &empty, loc: obj.at("attributes") });
    let (kind, extra) = match type_name {
        "SDFGState" => {
            let s = state::state(cx, &obj);
            instrument::check(cx, &a);
            instrument::check_data(cx, &a, "symbol_instrument");
            (s.map(BlockKind::State), defaults::extra(a.map, &[], &[defaults::BLOCK, defaults::STATE]))
        }
        "ControlFlowRegion" | "NamedRegion" | "FunctionCallRegion" => {
            let kind = RegionKind::from_type_name(type_name).unwrap_or(RegionKind::ControlFlowRegion);
            let c = cfg(cx, &obj);
            let extra = defaults::extra(a.map, &[], &[defaults::BLOCK, defaults::FUNCTION_CALL]);
            (c.map(|cfg| BlockKind::Region { kind, cfg }), extra)
        }
        "LoopRegion" => {
            let body = cfg(cx, &obj);
            let handled = [
                "loop_variable",
                "init_statement",
                "loop_condition",
                "update_statement",
                "inverted",
                "update_before_condition",
            ];
            let lr = LoopRegion {
                cfg: Default::default(),
                loop_variable: a.str_or(cx, "loop_variable", ""),
                init: a.opt_code(cx, "init_statement").map(LoopStatements::new),
                condition: a.opt_code(cx, "loop_condition").map(Condition::new),
                update: a.opt_code(cx, "update_statement").map(LoopStatements::new),
                inverted: a.bool_or(cx, "inverted", false),
                update_before_condition: a.bool_or(cx, "update_before_condition", true),
            };
            let kind = body.map(|cfg| BlockKind::Loop(LoopRegion { cfg, ..lr }));
            (kind, defaults::extra(a.map, &handled, &[defaults::BLOCK]))
        }
        "ConditionalBlock" => {
            let branches = branches(cx, &obj);
            (branches.map(BlockKind::Conditional), defaults::extra(a.map, &[], &[defaults::BLOCK]))
        }
        "BreakBlock" | "ContinueBlock" | "ReturnBlock" => {
            let kind = match type_name {
                "BreakBlock" => BlockKind::Break,
                "ContinueBlock" => BlockKind::Continue,
                _ => BlockKind::Return,
            };
            (Some(kind), defaults::extra(a.map, &[], &[defaults::BLOCK]))
        }
        other => {
            cx.error(&obj.at("type"), format!("unknown block type `{other}` (known: {KNOWN})"));
            return None;
        }
    };
    Some(Block { label: label?, kind: kind?, extra, loc: obj.loc.clone() })
}

/// ConditionalBlock `branches`: `[[condition or null, region], ...]`.
fn branches(cx: &mut Ctx, obj: &Obj) -> Option<Vec<Branch>> {
    let errors_before = cx.diags.len();
    let list = obj.req_array(cx, "branches")?;
    let mut out = Vec::with_capacity(list.len());
    for (i, pair) in list.iter().enumerate() {
        let loc = obj.at("branches").child(&format!("[{i}]"));
        let Some(items) = cx.array(pair, &loc) else { continue };
        let [cond, region] = items.as_slice() else {
            cx.error(&loc, format!("expected a [condition, region] pair, found {} elements", items.len()));
            continue;
        };
        let condition = if cond.is_null() { None } else { cx.code(cond, loc.child("[0]")).map(Condition::new) };
        let Some(r) = cx.object(region, loc.child("[1]")) else { continue };
        let label = r.req_str(cx, "label").map(str::to_string);
        let extra = match r.opt_object(cx, "attributes") {
            Some(a) => defaults::extra(a.map, &[], &[defaults::BLOCK]),
            None => Default::default(),
        };
        if let (Some(label), Some(cfg)) = (label, cfg(cx, &r)) {
            out.push(Branch { condition, label, cfg, extra, loc: r.loc.clone() });
        }
    }
    (cx.diags.len() == errors_before).then_some(out)
}

fn interstate_edge(cx: &mut Ctx, value: &Value, loc: Loc, count: usize) -> Option<InterstateEdge> {
    let obj = cx.object(value, loc)?;
    let src = obj.required(cx, "src").and_then(|v| cx.index(v, &obj.at("src"), count, "block"));
    let dst = obj.required(cx, "dst").and_then(|v| cx.index(v, &obj.at("dst"), count, "block"));
    let data = obj
        .req_object(cx, "attributes")
        .and_then(|a| a.required(cx, "data").and_then(|d| cx.object(d, a.at("data"))));
    let data = data?;
    let empty = serde_json::Map::new();
    let a =
        data.opt_object(cx, "attributes").unwrap_or_else(|| Obj { map: &empty, loc: data.at("attributes") });
    // `1` (always true) is the default condition.
    let condition = a.opt_code(cx, "condition").filter(|c| c.code.trim() != "1").map(Condition::new);
    let mut assignments = Vec::new();
    if let Some(asg) = a.opt_object(cx, "assignments") {
        for (name, v) in asg.map {
            let text = match v {
                Value::Number(n) => Some(n.to_string()),
                other => cx.string(other, &asg.at(name)).map(str::to_string),
            };
            if let Some(text) = text {
                assignments.push(Assignment::new(name, text));
            }
        }
    }
    let extra = defaults::extra(a.map, &["condition", "assignments"], &[]);
    Some(InterstateEdge { src: src?, dst: dst?, condition, assignments, extra, loc: obj.loc.clone() })
}
