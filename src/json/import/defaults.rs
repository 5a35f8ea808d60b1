//! Appendix A of the format document: property defaults that DaCe omits on
//! save. Properties equal to their default are not kept in `extra`, so a
//! minimal file and a full file of the same program import to the same model.

use crate::model::Extra;
use serde_json::{Map, Value};

/// Keys that are random or derived and never kept anywhere.
const ALWAYS_DROPPED: &[&str] = &["guid", "debuginfo", "hash"];

/// `(key, default as compact JSON)`; a key may have several accepted defaults.
pub(super) type Defaults = &'static [(&'static str, &'static str)];

const EMPTY_CPP: &str = r#"{"string_data":"","language":"CPP"}"#;
const TRUE_CPP: &str = r#"{"string_data":"1","language":"CPP"}"#;
const NO_INSTR: &str = r#""No_Instrumentation""#;
/// The empty frame code the frontend writes for `global_code` and friends.
const EMPTY_FRAME: &str = r#"{"frame":{"string_data":"","language":"CPP"}}"#;

pub(super) const SDFG: Defaults = &[
    ("instrument", NO_INSTR),
    ("global_code", "{}"),
    ("global_code", EMPTY_FRAME),
    ("init_code", "{}"),
    ("init_code", EMPTY_FRAME),
    ("exit_code", "{}"),
    ("exit_code", EMPTY_FRAME),
    // A copy of the SDFG before transformations: history, like transformation_hist.
    ("orig_sdfg", "*"),
    ("logical_groups", "[]"),
    ("openmp_sections", "false"),
    ("_pgrids", "{}"),
    ("_subarrays", "{}"),
    ("_rdistrarrays", "{}"),
    ("callback_mapping", "{}"),
    ("is_collapsed", "false"),
    // History only; the format document says to ignore it on import.
    ("transformation_hist", "*"),
];

/// Every control-flow block (state or region).
pub(super) const BLOCK: Defaults = &[
    ("is_collapsed", "false"),
    ("pre_conditions", "{}"),
    ("post_conditions", "{}"),
    ("invariant_conditions", "{}"),
    // Frontend hints DaCe recomputes (number of times a state runs).
    ("executions", "*"),
    ("dynamic_executions", "*"),
];

pub(super) const STATE: Defaults = &[
    ("nosync", "false"),
    ("instrument", NO_INSTR),
    ("symbol_instrument", NO_INSTR),
    ("symbol_instrument_condition", TRUE_CPP),
    ("ranges", "{}"),
    ("location", "{}"),
];

pub(super) const FUNCTION_CALL: Defaults = &[("arguments", "{}")];

pub(super) const ACCESS: Defaults = &[("instrument", NO_INSTR), ("instrument_condition", TRUE_CPP)];

pub(super) const TASKLET: Defaults = &[
    ("state_fields", "[]"),
    ("code_global", EMPTY_CPP),
    ("code_init", EMPTY_CPP),
    ("code_exit", EMPTY_CPP),
    ("instrument", NO_INSTR),
    ("side_effects", "null"),
    ("ignored_symbols", "[]"),
    ("location", "{}"),
    ("environments", "[]"),
];

pub(super) const NESTED_SDFG: Defaults = &[
    ("schedule", r#""Default""#),
    ("schedule", "null"),
    ("is_collapsed", "false"),
    ("instrument", NO_INSTR),
    ("no_inline", "false"),
    ("unique_name", r#""""#),
    ("location", "{}"),
    ("environments", "[]"),
];

pub(super) const MAP_ENTRY: Defaults = &[
    ("unroll", "false"),
    ("unroll_factor", "0"),
    ("unroll_factor", "null"),
    ("collapse", "1"),
    ("is_collapsed", "false"),
    ("instrument", NO_INSTR),
    ("omp_num_threads", "0"),
    ("omp_schedule", r#""Default""#),
    ("omp_chunk_size", "0"),
    ("gpu_block_size", "null"),
    ("gpu_launch_bounds", r#""0""#),
];

pub(super) const CONSUME_ENTRY: Defaults = &[("is_collapsed", "false"), ("instrument", NO_INSTR)];

/// The LibraryNode base class.
pub(super) const LIBRARY: Defaults = &[
    ("name", r#""""#),
    ("implementation", "null"),
    ("schedule", r#""Default""#),
    ("location", "{}"),
    ("environments", "[]"),
];

/// Per-class library-node defaults, by the last part of the classpath.
pub(super) fn library_class(classpath: &str) -> Defaults {
    match classpath.rsplit('.').next().unwrap_or("") {
        "Reduce" => &[("axes", "null"), ("wcr", r#""(lambda a, b: a)""#), ("identity", "null")],
        "Transpose" => &[("dtype", "null")],
        "MatMul" => &[("alpha", "1"), ("beta", "0")],
        "Gemm" => &[
            ("transA", "false"),
            ("transB", "false"),
            ("alpha", "1"),
            ("beta", "0"),
            ("cin", "true"),
            ("algorithm", "null"),
            ("accumulator_type", "null"),
            ("compute_type", "null"),
        ],
        "Gemv" => &[("alpha", "1"), ("beta", "0"), ("transA", "false"), ("n", "null"), ("m", "null")],
        "Dot" => &[("n", "null"), ("accumulator_type", "null")],
        _ => &[],
    }
}

pub(super) const MEMLET: Defaults = &[
    ("wcr_nonatomic", "false"),
    ("allow_oob", "false"),
    // Derived on load by DaCe.
    ("src_subset", "*"),
    ("dst_subset", "*"),
    ("num_accesses", "*"),
];

pub(super) const DATA: Defaults = &[
    ("allow_conflicts", "false"),
    ("location", "{}"),
    ("may_alias", "false"),
    ("alignment", "0"),
    ("start_offset", "0"),
    // `false` differs from the default `null` (DaCe decides by transience).
    ("optional", "null"),
    ("pool", "false"),
];

/// Whether `value` is a default of `key` in any of the tables (`"*"` means
/// the key is dropped whatever its value).
fn is_default(tables: &[Defaults], key: &str, value: &Value) -> bool {
    let mut text: Option<String> = None;
    for table in tables {
        for (k, default) in table.iter() {
            if *k != key {
                continue;
            }
            if *default == "*" {
                return true;
            }
            let t = text.get_or_insert_with(|| serde_json::to_string(value).unwrap_or_default());
            if t == default {
                return true;
            }
        }
    }
    false
}

/// Copies the attributes not in `handled` that differ from their defaults.
/// Random/derived keys and DaCe's ignored `_meta*` keys are dropped.
pub(super) fn extra(attrs: &Map<String, Value>, handled: &[&str], tables: &[Defaults]) -> Extra {
    attrs
        .iter()
        .filter(|(k, v)| {
            !handled.contains(&k.as_str())
                && !ALWAYS_DROPPED.contains(&k.as_str())
                && !k.starts_with("_meta")
                && !is_default(tables, k, v)
        })
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_skipped_and_others_kept() {
        let attrs: Map<String, Value> = serde_json::from_str(
            r#"{"unroll": false, "collapse": 2, "guid": "x", "omp_schedule": "Default",
                "gpu_launch_bounds": "0", "instrument": "Timer", "label": "m", "_meta_x": 1}"#,
        )
        .unwrap_or_default();
        let e = extra(&attrs, &["label"], &[MAP_ENTRY]);
        let keys: Vec<&str> = e.keys().map(String::as_str).collect();
        assert_eq!(keys, ["collapse", "instrument"]);
    }
}
