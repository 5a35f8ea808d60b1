//! The SDFG object (root or nested): attributes, containers, symbols,
//! constants and the top-level control-flow graph.

use super::reader::{Ctx, Obj};
use super::{callback, cfg, data, defaults, instrument};
use crate::model::{BlockKind, Callback, Cfg, Constant, Loc, ScalarType, Sdfg};
use serde_json::Value;

/// Attributes this importer models (everything else goes to `extra`).
const HANDLED: &[&str] =
    &["name", "arg_names", "_arrays", "symbols", "constants_prop", "using_experimental_blocks"];

pub(super) fn sdfg(cx: &mut Ctx, value: &Value, loc: Loc) -> Option<Sdfg> {
    let errors_before = cx.diags.len();
    let obj = cx.object(value, loc)?;
    if let Some(t) = obj.type_name(cx) {
        if t != "SDFG" {
            cx.error(&obj.at("type"), format!("expected type `SDFG`, found `{t}`"));
        }
    }
    let a = obj.req_object(cx, "attributes");
    let name = a.as_ref().and_then(|a| a.req_str(cx, "name")).map(str::to_string);
    let empty = serde_json::Map::new();
    let a = a.unwrap_or_else(|| Obj { map: &empty, loc: obj.at("attributes") });
    let arg_names = string_list(cx, &a, "arg_names");
    let (symbols, callbacks) = symbols(cx, &a);
    let containers = containers(cx, &a);
    let constants = constants(cx, &a);
    let graph = cfg::cfg(cx, &obj);
    // Files that omit the flag (minimal files) still use such blocks when
    // they contain them; DaCe runs them the same way.
    let experimental_blocks = match a.non_null("using_experimental_blocks") {
        Some(_) => a.bool_or(cx, "using_experimental_blocks", false),
        None => graph.as_ref().is_some_and(has_experimental_blocks),
    };
    instrument::check(cx, &a);
    let extra = defaults::extra(a.map, HANDLED, &[defaults::SDFG]);
    if cx.diags.len() != errors_before {
        return None;
    }
    Some(Sdfg {
        name: name?,
        arg_names,
        symbols,
        callbacks,
        containers: containers.into(),
        constants,
        experimental_blocks,
        cfg: graph?,
        extra,
        loc: obj.loc.clone(),
    })
}

fn has_experimental_blocks(cfg: &Cfg) -> bool {
    cfg.blocks.iter().any(|b| !matches!(b.kind, BlockKind::State(_)))
}

fn string_list(cx: &mut Ctx, a: &Obj, key: &str) -> Vec<String> {
    let Some(list) = a.non_null(key).and_then(|v| cx.array(v, &a.at(key))) else { return Vec::new() };
    list.iter()
        .enumerate()
        .filter_map(|(i, v)| cx.string(v, &a.at(key).child(&format!("[{i}]"))).map(str::to_string))
        .collect()
}

/// `symbols`: name → scalar type, and the callback-typed ones apart.
fn symbols(cx: &mut Ctx, a: &Obj) -> (Vec<(String, ScalarType)>, Vec<Callback>) {
    let Some(obj) = a.opt_object(cx, "symbols") else { return (Vec::new(), Vec::new()) };
    let mut plain = Vec::new();
    let mut callbacks = Vec::new();
    for (name, t) in obj.map {
        let known = match t {
            Value::String(s) => ScalarType::from_name(s),
            // DaCe's default symbol type.
            Value::Null => Some(ScalarType::I32),
            _ => None,
        };
        match known {
            Some(t) => plain.push((name.clone(), t)),
            None if callback::is_callback(t) => callbacks.extend(callback::callback(cx, name, t, obj.at(name))),
            None => {
                let shown = t.as_str().map(str::to_string).unwrap_or_else(|| t.to_string());
                cx.error(&obj.at(name), format!("unknown symbol dtype `{shown}`"));
            }
        }
    }
    (plain, callbacks)
}

fn containers(cx: &mut Ctx, a: &Obj) -> Vec<(String, crate::model::DataDesc)> {
    let Some(obj) = a.opt_object(cx, "_arrays") else { return Vec::new() };
    let mut out = Vec::with_capacity(obj.map.len());
    for (name, v) in obj.map {
        if let Some(d) = data::descriptor(cx, v, obj.at(name)) {
            out.push((name.clone(), d));
        }
    }
    out
}

/// `constants_prop`: name → `[descriptor, value]`, kept as JSON.
fn constants(cx: &mut Ctx, a: &Obj) -> Vec<Constant> {
    let Some(obj) = a.opt_object(cx, "constants_prop") else { return Vec::new() };
    let mut out = Vec::new();
    for (name, v) in obj.map {
        let loc = obj.at(name);
        let Some(pair) = cx.array(v, &loc) else { continue };
        match pair.as_slice() {
            [descriptor, value] => out.push(Constant {
                name: name.clone(),
                descriptor: descriptor.clone(),
                value: value.clone(),
            }),
            _ => {
                cx.error(&loc, format!("expected a [descriptor, value] pair, found {} elements", pair.len()))
            }
        }
    }
    out
}
