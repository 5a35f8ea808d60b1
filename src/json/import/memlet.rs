//! Memlets and subsets.

use super::defaults;
use super::reader::{Ctx, Obj};
use crate::model::{Loc, Memlet, Wcr};
use crate::symbolic::{Dim, Expr, Subset};
use serde_json::Value;

/// Reads a subset: `Range` (inclusive ends) or `Indices` (one element per
/// dimension, turned into a Range). `null` gives `None` without error.
pub(super) fn subset(cx: &mut Ctx, value: &Value, loc: Loc) -> Option<Subset> {
    if value.is_null() {
        return None;
    }
    let obj = cx.object(value, loc)?;
    match obj.type_name(cx)? {
        "Range" => {
            let ranges = obj.req_array(cx, "ranges")?;
            let mut dims = Vec::with_capacity(ranges.len());
            let mut ok = true;
            for (i, r) in ranges.iter().enumerate() {
                match dim(cx, r, obj.at("ranges").child(&format!("[{i}]"))) {
                    Some(d) => dims.push(d),
                    None => ok = false,
                }
            }
            ok.then_some(Subset::Range(dims))
        }
        "Indices" => {
            let loc = obj.at("indices");
            let list = obj.required(cx, "indices")?;
            let indices = cx.expr_list(list, &loc)?;
            let dims = indices
                .into_iter()
                .map(|i| Dim { start: i.clone(), end: i, step: Expr::int(1), tile: Expr::int(1) })
                .collect();
            Some(Subset::Range(dims))
        }
        other => {
            cx.error(&obj.at("type"), format!("unknown subset type `{other}` (known: Range, Indices)"));
            None
        }
    }
}

fn dim(cx: &mut Ctx, value: &Value, loc: Loc) -> Option<Dim> {
    let obj = cx.object(value, loc)?;
    let start = obj.required(cx, "start").and_then(|v| cx.expr(v, &obj.at("start")));
    let end = obj.required(cx, "end").and_then(|v| cx.expr(v, &obj.at("end")));
    let step = obj.opt_expr(cx, "step").unwrap_or_else(|| Expr::int(1));
    let tile = obj.opt_expr(cx, "tile").unwrap_or_else(|| Expr::int(1));
    Some(Dim { start: start?, end: end?, step, tile })
}

/// Reads a `Memlet` object (the value of an edge's `attributes.data`).
pub(super) fn memlet(cx: &mut Ctx, value: &Value, loc: Loc) -> Option<Memlet> {
    let obj = cx.object(value, loc)?;
    if let Some(t) = obj.type_name(cx) {
        if t != "Memlet" {
            cx.error(&obj.at("type"), format!("expected a Memlet, found type `{t}`"));
            return None;
        }
    }
    let empty = serde_json::Map::new();
    let a =
        obj.opt_object(cx, "attributes").unwrap_or_else(|| Obj { map: &empty, loc: obj.at("attributes") });
    read_attributes(cx, &a)
}

fn read_attributes(cx: &mut Ctx, a: &Obj) -> Option<Memlet> {
    let errors_before = cx.diags.len();
    let data = a.opt_str(cx, "data");
    let sub = a.non_null("subset").and_then(|v| subset(cx, v, a.at("subset")));
    let other_subset = a.non_null("other_subset").and_then(|v| subset(cx, v, a.at("other_subset")));
    let subset = sub;
    let dynamic = a.bool_or(cx, "dynamic", false);
    let wcr = a.opt_str(cx, "wcr").and_then(|text| match Wcr::parse(&text) {
        Ok(w) => Some(w),
        Err(e) => {
            cx.error(&a.at("wcr"), e.to_string());
            None
        }
    });
    let is_data_src = a.non_null("is_data_src").and_then(|v| match v {
        Value::Bool(b) => Some(*b),
        _ => None,
    });
    let volume = a.opt_expr(cx, "volume").filter(|v| !volume_is_derived(v, dynamic, subset.as_ref()));
    let handled = ["data", "subset", "other_subset", "dynamic", "wcr", "is_data_src", "volume"];
    let mut extra = defaults::extra(a.map, &handled, &[defaults::MEMLET]);
    for (key, keep) in [("subset", SUBSET_APPROX), ("other_subset", OTHER_SUBSET_APPROX)] {
        if let Some(approx) = crate::json::approx::approximations(a.map.get(key)) {
            extra.insert(keep.into(), approx);
        }
    }
    (cx.diags.len() == errors_before).then_some(Memlet {
        data,
        subset,
        other_subset,
        volume,
        dynamic,
        wcr,
        is_data_src,
        extra,
    })
}

/// Extra keys keeping SymExpr approximations of memlet subset bounds.
pub(crate) const SUBSET_APPROX: &str = "subset_approx";
pub(crate) const OTHER_SUBSET_APPROX: &str = "other_subset_approx";

/// A volume DaCe would derive itself is not kept: the subset's element count
/// (or 1 without subset), or for dynamic memlets the default 0 (unbounded).
fn volume_is_derived(volume: &Expr, dynamic: bool, subset: Option<&Subset>) -> bool {
    if dynamic {
        return volume.as_int() == Some(0);
    }
    let derived = subset.map(Subset::num_elements).unwrap_or_else(|| Expr::int(1));
    *volume == derived || volume.is_symbolically_equal(&derived)
}
