//! What `sdfg-run --profile` writes: a table of the time per element, and
//! a JSON report that is both ours (`elements`, slowest first, keyed by
//! the viewer's element ids) and DaCe's instrumentation report (Chrome
//! trace `traceEvents` with `cfg_id`/`state_id`/`id` locators and an
//! `sdfgHash`), so DaCe's `InstrumentationReport` reads the same file.

use super::Profile;
use crate::model::Sdfg;
use serde_json::{json, Value};

/// One element's totals over all runs.
struct Row<'a> {
    name: &'a str,
    location: String,
    seconds: f64,
    entries: u64,
}

fn rows(profile: &Profile) -> Vec<Row<'_>> {
    let mut rows: Vec<Row> = profile
        .elements
        .iter()
        .zip(profile.totals())
        .filter(|(_, (_, _, entries))| *entries > 0)
        .map(|(e, (loc, seconds, entries))| Row { name: &e.name, location: loc.to_string(), seconds, entries })
        .collect();
    rows.sort_by(|a, b| b.seconds.total_cmp(&a.seconds).then(a.name.cmp(b.name)));
    rows
}

/// The time per run of each element that ran, slowest first.
pub fn table(profile: &Profile, runs: usize) -> String {
    let runs = runs.max(1);
    let mut out = format!("profile: time per run over {runs} run{}\n", if runs == 1 { "" } else { "s" });
    out.push_str(&format!("{:>14}  {:>10}  element\n", "seconds", "entries"));
    for r in rows(profile) {
        let entries = r.entries as f64 / runs as f64;
        out.push_str(&format!("{:>14.9}  {:>10}  {} ({})\n", r.seconds / runs as f64, trim(entries), r.name, r.location));
    }
    out
}

fn trim(x: f64) -> String {
    if x.fract() == 0.0 {
        format!("{x:.0}")
    } else {
        format!("{x:.2}")
    }
}

/// DaCe's trace events, one per timed execution, in microseconds.
fn trace_events(profile: &Profile) -> Vec<Value> {
    let pid = std::process::id();
    profile
        .events
        .iter()
        .map(|e| {
            let el = &profile.elements[e.slot];
            let mut args = serde_json::Map::new();
            for (key, v) in ["cfg_id", "state_id", "id"].into_iter().zip(el.uuid) {
                if v >= 0 {
                    args.insert(key.into(), json!(v));
                }
            }
            let duration = e.end.saturating_sub(e.start) as f64 / 1000.0;
            json!({"name": el.name, "cat": "Timer", "ph": "X", "ts": e.start / 1000, "dur": duration,
                   "pid": pid, "tid": e.thread, "args": args})
        })
        .collect()
}

/// FNV-1a of the input, identifying the program the report belongs to
/// (DaCe's own `sdfgHash` hashes its JSON serialization instead).
fn input_hash(input: &[u8]) -> String {
    let mut h: u64 = 0xcbf29ce484222325;
    for b in input {
        h ^= *b as u64;
        h = h.wrapping_mul(0x100000001b3);
    }
    format!("{h:016x}")
}

/// The JSON report. `timed` are the viewer's ids with seconds and entries
/// per run (`view::marks::timed`).
pub fn json_report(sdfg: &Sdfg, input: &[u8], profile: &Profile, timed: &[crate::view::html::Timed], runs: usize) -> String {
    let props = crate::view::properties::properties(sdfg);
    let elements: Vec<Value> = timed
        .iter()
        .map(|t| {
            let p = &props[&t.id];
            json!({"id": t.id, "kind": p["kind"], "label": p["label"], "seconds": t.seconds, "entries": t.entries})
        })
        .collect();
    let report = json!({"sdfg": sdfg.name, "runs": runs, "elements": elements,
                        "traceEvents": trace_events(profile), "sdfgHash": input_hash(input)});
    format!("{}\n", serde_json::to_string_pretty(&report).expect("JSON"))
}
