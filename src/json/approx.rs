//! SymExpr bounds (`{"main": ..., "approx": ...}`) in Range subsets: the
//! model keeps `main`; where `approx` differs it is kept in the owner's
//! `extra` under a key like `range_approx` (`{"0.end": "tile_i + 127"}`) and
//! written back on export, so nothing is lost.

use serde_json::{json, Map, Value};

/// `{"0.end": approx, ...}` for every bound whose approximation differs.
pub fn approximations(range: Option<&Value>) -> Option<Value> {
    let ranges = range?.get("ranges")?.as_array()?;
    let mut found = Map::new();
    for (i, r) in ranges.iter().enumerate() {
        for bound in ["start", "end"] {
            let Some(obj) = r.get(bound).and_then(|b| b.as_object()) else { continue };
            if let (Some(main), Some(approx)) = (obj.get("main"), obj.get("approx")) {
                if main != approx {
                    found.insert(format!("{i}.{bound}"), approx.clone());
                }
            }
        }
    }
    (!found.is_empty()).then_some(Value::Object(found))
}

/// Puts the kept approximations back into a Range's JSON.
pub fn with_approximations(mut range: Value, approx: Option<&Value>) -> Value {
    let Some(Value::Object(approx)) = approx else { return range };
    for (key, value) in approx {
        let Some((dim, bound)) = key.split_once('.') else { continue };
        let slot = dim.parse::<usize>().ok().and_then(|d| range["ranges"].get_mut(d)).and_then(|r| r.get_mut(bound));
        if let Some(slot) = slot {
            *slot = json!({"main": slot.clone(), "approx": value.clone()});
        }
    }
    range
}
