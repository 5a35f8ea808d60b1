//! Callback-typed symbols, as `dace.dtypes.callback.to_json` writes them.

use super::data;
use crate::model::{Callback, CallbackType};
use serde_json::{json, Value};

pub(crate) fn callback(c: &Callback) -> Value {
    let types = |list: &[CallbackType]| -> Vec<Value> {
        list.iter()
            .map(|t| match t {
                CallbackType::Data(d) => data::descriptor(d),
                CallbackType::Type(t) => t.to_json(),
            })
            .collect()
    };
    json!({"type": "callback", "arguments": types(&c.arguments), "returntypes": types(&c.returns)})
}
