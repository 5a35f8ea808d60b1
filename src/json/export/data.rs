//! Data descriptors, written with every field DaCe writes.

use crate::json::volume::{c_strides, shape_product};
use crate::model::{DataDesc, DataKind};
use crate::symbolic::Expr;
use serde_json::{json, Map, Value};

fn exprs(list: &[Expr]) -> Value {
    Value::Array(list.iter().map(|e| Value::String(e.to_string())).collect())
}

pub(super) fn descriptor(d: &DataDesc) -> Value {
    let mut a = Map::new();
    let zeros = || vec![Expr::int(0); d.shape.len()];
    match d.kind {
        DataKind::Array | DataKind::View | DataKind::Reference => {
            let strides = d.strides.clone().unwrap_or_else(|| c_strides(&d.shape));
            a.insert("strides".into(), exprs(&strides));
            let total = d.total_size.clone().unwrap_or_else(|| shape_product(&d.shape));
            a.insert("total_size".into(), Value::String(total.to_string()));
            a.insert("offset".into(), exprs(&d.offset.clone().unwrap_or_else(zeros)));
        }
        DataKind::Stream => {
            a.insert("offset".into(), exprs(&d.offset.clone().unwrap_or_else(zeros)));
            if let Some(b) = &d.buffer_size {
                a.insert("buffer_size".into(), Value::String(b.to_string()));
            }
        }
        DataKind::Scalar => {}
    }
    a.insert("dtype".into(), d.dtype.to_json());
    a.insert("shape".into(), exprs(&d.shape));
    if d.transient {
        a.insert("transient".into(), Value::Bool(true));
    }
    if !d.storage.is_default() {
        a.insert("storage".into(), Value::String(d.storage.as_str().into()));
    }
    if let Some(o) = d.optional {
        a.insert("optional".into(), Value::Bool(o));
    }
    if !d.lifetime.is_default() {
        a.insert("lifetime".into(), Value::String(d.lifetime.as_str().into()));
    }
    for (k, v) in &d.extra {
        a.insert(k.clone(), v.clone());
    }
    json!({"type": d.kind.type_name(), "attributes": a})
}
