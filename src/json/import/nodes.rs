//! Dataflow nodes. Scope entry/exit pairs are linked afterwards by the state
//! reader, from the `scope_exit`/`scope_entry` fields returned here.

use super::defaults;
use super::reader::{Ctx, Obj};
use super::{instrument, memlet, sdfg};
use crate::model::{CodeBlock, Condition, Connector, ConsumeScope, Extra, LibraryNode, Loc, MapScope, Node, NodeKind};
use crate::symbolic::{Expr, Subset};
use serde_json::Value;

const KNOWN: &str =
    "AccessNode, Tasklet, MapEntry, MapExit, ConsumeEntry, ConsumeExit, NestedSDFG, LibraryNode";

/// What a scope node says about its partner (`None` = `null` or absent).
pub(super) enum Link {
    None,
    Entry(Option<usize>),
    Exit(Option<usize>),
}

/// Reads node `value`; `count` is the number of nodes in the state, for
/// checking the scope indices.
pub(super) fn node(cx: &mut Ctx, value: &Value, loc: Loc, count: usize) -> Option<(Node, Link)> {
    let obj = cx.object(value, loc)?;
    let type_name = obj.type_name(cx)?;
    let empty = serde_json::Map::new();
    let a =
        obj.opt_object(cx, "attributes").unwrap_or_else(|| Obj { map: &empty, loc: obj.at("attributes") });
    let errors_before = cx.diags.len();
    let in_connectors = connectors(cx, &a, "in_connectors");
    let out_connectors = connectors(cx, &a, "out_connectors");
    let label = a.str_or(cx, "label", "");
    let common = ["in_connectors", "out_connectors", "label"];
    match type_name {
        "AccessNode" => instrument::check_data(cx, &a, "instrument"),
        // DaCe 1.0.2's library nodes have no `instrument` property.
        "MapExit" | "ConsumeExit" | "LibraryNode" => {}
        _ => instrument::check(cx, &a),
    }
    let (kind, extra, link, label) = match type_name {
        "AccessNode" => {
            let data = a.str_or(cx, "data", "");
            let setzero = a.bool_or(cx, "setzero", false);
            let extra = extra_of(&a, &common, &["data", "setzero"], defaults::ACCESS);
            (NodeKind::Access { data: data.clone(), setzero }, extra, Link::None, data)
        }
        "Tasklet" => {
            let code = a.opt_code(cx, "code").unwrap_or_else(|| CodeBlock::python(""));
            let extra = extra_of(&a, &common, &["code"], defaults::TASKLET);
            (NodeKind::Tasklet { code }, extra, Link::None, label)
        }
        "MapEntry" => {
            let map = map_scope(cx, &a);
            let mut extra = extra_of(&a, &common, &["params", "range", "schedule"], defaults::MAP_ENTRY);
            if let Some(approx) = crate::json::approx::approximations(a.map.get("range")) {
                extra.insert(RANGE_APPROX.into(), approx);
            }
            let link = Link::Entry(scope_ref(cx, &obj, "scope_exit", count));
            (NodeKind::MapEntry { map, exit: 0 }, extra, link, label)
        }
        "ConsumeEntry" => {
            let consume = consume_scope(cx, &a);
            let handled = ["pe_index", "num_pes", "condition", "schedule", "chunksize"];
            let extra = extra_of(&a, &common, &handled, defaults::CONSUME_ENTRY);
            let link = Link::Entry(scope_ref(cx, &obj, "scope_exit", count));
            (NodeKind::ConsumeEntry { consume, exit: 0 }, extra, link, label)
        }
        "MapExit" | "ConsumeExit" => {
            let extra = extra_of(&a, &common, &[], &[]);
            let link = Link::Exit(scope_ref(cx, &obj, "scope_entry", count));
            let kind = match type_name {
                "MapExit" => NodeKind::MapExit { entry: 0 },
                _ => NodeKind::ConsumeExit { entry: 0 },
            };
            (kind, extra, link, label)
        }
        "NestedSDFG" => {
            let inner = a.required(cx, "sdfg").and_then(|v| sdfg::sdfg(cx, v, a.at("sdfg")));
            let symbol_mapping = symbol_mapping(cx, &a);
            let extra = extra_of(&a, &common, &["sdfg", "symbol_mapping"], defaults::NESTED_SDFG);
            let sdfg = Box::new(inner?);
            (NodeKind::NestedSdfg { sdfg, symbol_mapping }, extra, Link::None, label)
        }
        "LibraryNode" => {
            let classpath = obj.req_str(cx, "classpath")?.to_string();
            let tables = [defaults::LIBRARY, defaults::library_class(&classpath)];
            let properties = defaults::extra(a.map, &common, &tables);
            let lib = match LibraryNode::parse(classpath, properties) {
                Ok(lib) => lib,
                Err(e) => {
                    cx.error(&a.at(e.key), e.to_string());
                    return None;
                }
            };
            let kind = NodeKind::Library(Box::new(lib));
            (kind, Extra::new(), Link::None, label)
        }
        other => {
            cx.error(&obj.at("type"), format!("unknown node type `{other}` (known: {KNOWN})"));
            return None;
        }
    };
    let node = Node { label, kind, in_connectors, out_connectors, extra, loc: obj.loc.clone() };
    (cx.diags.len() == errors_before).then_some((node, link))
}

/// Extra key keeping the approximations of SymExpr map-range bounds.
pub(crate) const RANGE_APPROX: &str = "range_approx";

fn extra_of(a: &Obj, common: &[&str], handled: &[&str], table: defaults::Defaults) -> Extra {
    let keys: Vec<&str> = common.iter().chain(handled).copied().collect();
    defaults::extra(a.map, &keys, &[table])
}

/// `in_connectors`/`out_connectors`: name → dtype or `null`, in file order.
fn connectors(cx: &mut Ctx, a: &Obj, key: &str) -> Vec<Connector> {
    let Some(obj) = a.opt_object(cx, key) else { return Vec::new() };
    let mut out = Vec::with_capacity(obj.map.len());
    for (name, t) in obj.map {
        let dtype = if t.is_null() { None } else { cx.dtype(t, &obj.at(name)) };
        out.push((name.clone(), dtype));
    }
    out
}

/// A scope partner index (`"3"`, `3` or `null`).
fn scope_ref(cx: &mut Ctx, obj: &Obj, key: &str, count: usize) -> Option<usize> {
    let value = obj.non_null(key)?;
    cx.index(value, &obj.at(key), count, "node")
}

fn map_scope(cx: &mut Ctx, a: &Obj) -> MapScope {
    let mut params = Vec::new();
    if let Some(list) = a.non_null("params").and_then(|v| cx.array(v, &a.at("params"))) {
        for (i, p) in list.iter().enumerate() {
            if let Some(s) = cx.string(p, &a.at("params").child(&format!("[{i}]"))) {
                params.push(s.to_string());
            }
        }
    }
    let range = a
        .non_null("range")
        .and_then(|v| memlet::subset(cx, v, a.at("range")))
        .unwrap_or(Subset::Range(Vec::new()));
    let schedule = a.enum_or(cx, "schedule");
    MapScope { params, range, schedule }
}

fn consume_scope(cx: &mut Ctx, a: &Obj) -> ConsumeScope {
    ConsumeScope {
        pe_index: a.str_or(cx, "pe_index", ""),
        num_pes: a.opt_expr(cx, "num_pes").unwrap_or_else(|| Expr::int(1)),
        condition: a.opt_code(cx, "condition").map(Condition::new),
        schedule: a.enum_or(cx, "schedule"),
        chunksize: a.int_or(cx, "chunksize", 1),
    }
}

/// NestedSDFG `symbol_mapping`: inner symbol → outer expression.
fn symbol_mapping(cx: &mut Ctx, a: &Obj) -> Vec<(String, Expr)> {
    let Some(obj) = a.opt_object(cx, "symbol_mapping") else { return Vec::new() };
    let mut out = Vec::new();
    for (name, value) in obj.map {
        if let Some(e) = cx.expr(value, &obj.at(name)) {
            out.push((name.clone(), e));
        }
    }
    out
}
