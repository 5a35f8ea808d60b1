//! JSON → model. Every reader records its errors in a shared context and
//! carries on with the next element, so one run reports as many problems as
//! practical; any error makes the whole import fail.

mod callback;
mod cfg;
mod data;
mod defaults;
mod instrument;
mod memlet;
mod nodes;
pub(crate) use callback::callback_from_json;
pub(crate) use memlet::{OTHER_SUBSET_APPROX, SUBSET_APPROX};
pub(crate) use nodes::RANGE_APPROX;
mod positions;
mod reader;
mod sdfg;
mod state;

use crate::diag::{Diagnostic, Diagnostics};
use crate::model::{Loc, Sdfg};
use positions::Positions;
use reader::Ctx;

/// Parses JSON text and imports the SDFG it holds.
pub(super) fn import_text(text: &str, file: &str) -> Result<Sdfg, Diagnostics> {
    let value: serde_json::Value = serde_json::from_str(text).map_err(|e| {
        let loc = Loc::Text { file: file.to_string(), line: e.line().max(1), col: e.column().max(1) };
        // serde_json appends " at line L column C"; the location says it already.
        let text = e.to_string();
        let message = text.split(" at line ").next().unwrap_or(&text).to_string();
        Diagnostics::from(Diagnostic::new(&loc, format!("invalid JSON: {message}")))
    })?;
    // The root object has no JSON path; its errors (a missing `type`) are
    // placed where it starts in the text instead.
    import_value(&value, file, Positions::scan(text)).map_err(|mut d| {
        let (line, col) = crate::diag::root_position(text);
        for diag in &mut d.0 {
            if diag.loc.json_path() == Some("") {
                diag.loc = Loc::Text { file: file.to_string(), line, col };
            }
        }
        d
    })
}

/// Imports an already parsed JSON document (`positions`: where its objects
/// start in the text it came from).
fn import_value(value: &serde_json::Value, file: &str, positions: Positions) -> Result<Sdfg, Diagnostics> {
    let mut cx = Ctx::new(Some(positions));
    let result = sdfg::sdfg(&mut cx, value, Loc::json(file, ""));
    match result {
        Some(s) if cx.diags.is_empty() => Ok(s),
        _ if cx.diags.is_empty() => Err(Diagnostic::new(&Loc::json(file, ""), "invalid SDFG").into()),
        _ => Err(Diagnostics(cx.diags)),
    }
}
