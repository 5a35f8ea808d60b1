//! Data descriptors (`attributes._arrays` entries).

use super::defaults;
use super::reader::{Ctx, Obj};
use crate::json::volume::{c_strides, shape_product};
use crate::model::{DType, DataDesc, DataKind, Loc, ScalarType};
use crate::symbolic::Expr;
use serde_json::Value;

const KNOWN: &str = "Array, Scalar, Stream, ArrayView, View, ArrayReference, Reference";

/// Reads one descriptor. Strides, offsets, total size and buffer size equal
/// to what DaCe derives are stored as `None`, so files that omit them and
/// files that spell them out give the same model.
pub(super) fn descriptor(cx: &mut Ctx, value: &Value, loc: Loc) -> Option<DataDesc> {
    let obj = cx.object(value, loc)?;
    let type_name = obj.type_name(cx)?;
    let Some(kind) = DataKind::from_type_name(type_name) else {
        cx.error(&obj.at("type"), format!("unknown data descriptor type `{type_name}` (known: {KNOWN})"));
        return None;
    };
    let a = obj.req_object(cx, "attributes")?;
    let errors_before = cx.diags.len();
    let dtype = match a.non_null("dtype") {
        Some(v) => cx.dtype(v, &a.at("dtype")).unwrap_or(DType::Scalar(ScalarType::I32)),
        None => DType::Scalar(ScalarType::I32),
    };
    let shape_loc = a.at("shape");
    let shape = a.required(cx, "shape").and_then(|v| cx.expr_list(v, &shape_loc));
    let shape = shape.unwrap_or_default();
    let strides = opt_list(cx, &a, "strides").filter(|s| *s != c_strides(&shape));
    let offset = opt_list(cx, &a, "offset").filter(|o| o.iter().any(|e| e.as_int() != Some(0)));
    let total_size = a.opt_expr(cx, "total_size").filter(|t| {
        // 0 is DaCe's "product of the shape" default.
        t.as_int() != Some(0)
            && *t != shape_product(&shape)
            && !t.is_symbolically_equal(&shape_product(&shape))
    });
    let buffer_size = match kind {
        DataKind::Stream => a.opt_expr(cx, "buffer_size").filter(|b| b.as_int() != Some(0)),
        _ => None,
    };
    let transient = a.bool_or(cx, "transient", false);
    let optional = a.non_null("optional").and_then(|v| v.as_bool());
    let storage = a.enum_or(cx, "storage");
    let lifetime = a.enum_or(cx, "lifetime");
    let handled = [
        "dtype",
        "shape",
        "strides",
        "offset",
        "total_size",
        "buffer_size",
        "transient",
        "storage",
        "lifetime",
        "optional",
    ];
    let extra = defaults::extra(a.map, &handled, &[defaults::DATA]);
    (cx.diags.len() == errors_before).then(|| DataDesc {
        kind,
        dtype,
        shape,
        strides,
        offset,
        total_size,
        transient,
        storage,
        lifetime,
        buffer_size,
        optional,
        extra,
        loc: obj.loc.clone(),
    })
}

/// An optional list of expressions; an empty list is DaCe's "derive it".
fn opt_list(cx: &mut Ctx, a: &Obj, key: &str) -> Option<Vec<Expr>> {
    let list = cx.expr_list(a.non_null(key)?, &a.at(key))?;
    (!list.is_empty()).then_some(list)
}
