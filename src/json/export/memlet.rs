//! Subsets and memlets.

use crate::model::Memlet;
use crate::symbolic::{Expr, Subset};
use serde_json::{json, Map, Value};

/// `{"type": "Range", "ranges": [{start, end, step, tile}]}`, end inclusive.
pub(super) fn subset(s: &Subset) -> Value {
    let Subset::Range(dims) = s;
    let ranges: Vec<Value> = dims
        .iter()
        .map(|d| {
            json!({"start": d.start.to_string(), "end": d.end.to_string(),
                   "step": d.step.to_string(), "tile": d.tile.to_string()})
        })
        .collect();
    json!({"type": "Range", "ranges": ranges})
}

/// DaCe's short range text used in map labels: `0:N`, `i`, `0:N:2`.
pub(super) fn range_text(s: &Subset) -> Vec<String> {
    s.dims().iter().map(|d| d.to_string()).collect()
}

/// The Memlet object (`{"type": "Memlet", "attributes": {...}}`).
pub(super) fn memlet(m: &Memlet) -> Value {
    let mut a = Map::new();
    let volume = match (&m.volume, &m.subset) {
        (Some(v), _) => Some(v.clone()),
        // DaCe's default volume 0 means "unbounded" for dynamic memlets.
        (None, _) if m.dynamic => None,
        (None, Some(s)) => Some(s.num_elements()),
        (None, None) => Some(Expr::int(1)),
    };
    if let Some(v) = volume {
        a.insert("volume".into(), Value::String(v.to_string()));
    }
    if m.dynamic {
        a.insert("dynamic".into(), Value::Bool(true));
    }
    use crate::json::approx::with_approximations;
    use crate::json::import::{OTHER_SUBSET_APPROX, SUBSET_APPROX};
    if let Some(s) = &m.subset {
        a.insert("subset".into(), with_approximations(subset(s), m.extra.get(SUBSET_APPROX)));
    }
    if let Some(s) = &m.other_subset {
        a.insert("other_subset".into(), with_approximations(subset(s), m.extra.get(OTHER_SUBSET_APPROX)));
    }
    a.insert("data".into(), m.data.clone().map(Value::String).unwrap_or(Value::Null));
    if let Some(w) = &m.wcr {
        a.insert("wcr".into(), Value::String(w.text().to_string()));
    }
    for (k, v) in m.extra.iter().filter(|(k, _)| *k != SUBSET_APPROX && *k != OTHER_SUBSET_APPROX) {
        a.insert(k.clone(), v.clone());
    }
    if let Some(src) = m.is_data_src {
        a.insert("is_data_src".into(), Value::Bool(src));
    }
    json!({"type": "Memlet", "attributes": a})
}
