//! Symbols of DaCe's `callback` type (`dace.dtypes.callback.to_json`):
//! `{"type": "callback", "arguments": [...], "returntypes": [...]}`.

use super::data;
use super::reader::Ctx;
use crate::model::{Callback, CallbackType, Loc};
use serde_json::Value;

/// True when a symbol's dtype is a callback type.
pub(super) fn is_callback(value: &Value) -> bool {
    value.get("type").and_then(Value::as_str) == Some("callback")
}

pub(super) fn callback(cx: &mut Ctx, name: &str, value: &Value, loc: Loc) -> Option<Callback> {
    let obj = cx.object(value, loc)?;
    let errors_before = cx.diags.len();
    let arguments = types(cx, obj.non_null("arguments"), obj.at("arguments"));
    let returns = types(cx, obj.non_null("returntypes"), obj.at("returntypes"));
    (cx.diags.len() == errors_before).then(|| Callback { name: name.to_string(), arguments, returns, loc: obj.loc.clone() })
}

/// Reads a callback type from its JSON (the dialect keeps it as text).
pub(crate) fn callback_from_json(name: &str, value: &Value, loc: &Loc) -> Result<Callback, String> {
    let mut cx = Ctx::new(None);
    match callback(&mut cx, name, value, loc.clone()) {
        Some(c) if cx.diags.is_empty() => Ok(c),
        _ => Err(cx.diags.iter().map(|d| d.message.clone()).collect::<Vec<_>>().join("; ")),
    }
}

fn types(cx: &mut Ctx, value: Option<&Value>, loc: Loc) -> Vec<CallbackType> {
    let Some(items) = value.and_then(|v| cx.array(v, &loc)) else { return Vec::new() };
    let mut out = Vec::with_capacity(items.len());
    for (i, item) in items.iter().enumerate() {
        let at = loc.child(&format!("[{i}]"));
        let t = if item.is_object() && item.get("attributes").is_some() {
            data::descriptor(cx, item, at).map(CallbackType::Data)
        } else {
            cx.dtype(item, &at).map(CallbackType::Type)
        };
        out.extend(t);
    }
    out
}
