//! DaCe `.sdfg` files (the JSON format of dace 1.0.2, see
//! `shared/docs/sdfg-json-format.md`) to and from the [`model`](crate::model).
//!
//! Import accepts everything dace writes, plus files with any defaulted field
//! left out (Appendix A of the format document is applied), gzip-compressed
//! files, and the older keys `start_state` and `sdfg_list_id`. What DaCe
//! derives or randomises (guids, hashes, debug info, ids, `scope_dict`, node
//! display labels, derived memlet fields, state execution counts) is dropped;
//! every other property the model has no field for is kept verbatim in the
//! owning element's `extra` unless it equals its default, so a minimal file
//! and a full file of the same program give the same model. Every element
//! records its JSON path as its [`Loc`](crate::model::Loc), with the line and
//! column where its object starts (the dialect's op locations), and every
//! error found is reported, with its path (or line and column for malformed
//! JSON).
//!
//! Export writes what `SDFG.save()` would: derived fields are recomputed
//! (`scope_dict`, scope links, labels, `cfg_list_id`, volumes, strides).

mod export;
mod import;
mod approx;
mod volume;

#[cfg(test)]
pub(crate) mod tests;
#[cfg(test)]
mod tests_errors;

use crate::diag::{Diagnostic, Diagnostics};
use crate::model::{Loc, Sdfg};

/// Imports an SDFG from JSON text; `file` names it in diagnostics.
pub fn import_str(text: &str, file: &str) -> Result<Sdfg, Diagnostics> {
    import::import_text(text, file)
}

/// Imports an SDFG from file contents: gzip-compressed (`.sdfgz`) or plain
/// UTF-8 JSON.
pub fn import_bytes(bytes: &[u8], file: &str) -> Result<Sdfg, Diagnostics> {
    let error = |message: String| Diagnostics::from(Diagnostic::new(&Loc::json(file, ""), message));
    let decompressed;
    let bytes = if bytes.starts_with(&[0x1f, 0x8b]) {
        let mut out = Vec::new();
        let mut decoder = flate2::read::MultiGzDecoder::new(bytes);
        std::io::Read::read_to_end(&mut decoder, &mut out)
            .map_err(|e| error(format!("cannot decompress gzip data: {e}")))?;
        decompressed = out;
        decompressed.as_slice()
    } else {
        bytes
    };
    let text = crate::diag::decode_utf8(bytes, file)?;
    import_str(text, file)
}

/// Reads and imports a `.sdfg` or `.sdfgz` file.
pub fn import_file(path: &std::path::Path) -> Result<Sdfg, Diagnostics> {
    let file = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|e| {
        Diagnostics::from(Diagnostic::new(&Loc::json(&file, ""), format!("cannot read file: {e}")))
    })?;
    import_bytes(&bytes, &file)
}

/// A callback-typed symbol's type as DaCe's JSON (the dialect keeps this
/// text as the symbol's dtype).
pub fn callback_json(c: &crate::model::Callback) -> serde_json::Value {
    export::callback(c)
}

/// Reads a callback type back from that JSON.
pub fn callback_from_json(name: &str, value: &serde_json::Value, loc: &Loc) -> Result<crate::model::Callback, String> {
    import::callback_from_json(name, value, loc)
}

/// The DaCe JSON document of an SDFG.
pub fn export(sdfg: &Sdfg) -> serde_json::Value {
    export::Exporter::new().sdfg(sdfg, true)
}

/// The DaCe JSON text of an SDFG, indented by 2 like `json.dump(indent=2)`.
pub fn export_string(sdfg: &Sdfg) -> String {
    // serde_json's pretty printer indents by two spaces.
    let value = export(sdfg);
    serde_json::to_string_pretty(&value).unwrap_or_else(|_| value.to_string())
}
