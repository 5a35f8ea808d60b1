//! How every tool reads its program: a DaCe `.sdfg` file (JSON, possibly
//! gzip-compressed as `.sdfgz`), `sdfg` dialect text or data-centric
//! Python (`prog.py[:FUNC]`), told apart by the file name and, for
//! standard input or other names, by the content.

use crate::{diag::Diagnostics, ir, model::Sdfg, translate};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// DaCe's JSON (`.sdfg`, `.sdfgz`, `.json`).
    Sdfg,
    /// The `sdfg` dialect's text (`.mlir`).
    Dialect,
    /// Data-centric Python (`.py`, or `prog.py:FUNC` naming one program).
    Python,
}

/// The format of a program named `file` holding `bytes`.
pub fn format_of(bytes: &[u8], file: &str) -> Format {
    let lower = file.to_ascii_lowercase();
    if crate::frontend::is_python(&lower) {
        return Format::Python;
    }
    if lower.ends_with(".mlir") {
        return Format::Dialect;
    }
    if [".sdfg", ".sdfgz", ".json"].iter().any(|e| lower.ends_with(e)) {
        return Format::Sdfg;
    }
    let gzip = bytes.starts_with(&[0x1f, 0x8b]);
    let object = bytes.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'{');
    if gzip || object {
        Format::Sdfg
    } else {
        Format::Dialect
    }
}

/// The verified model of a program in either format.
pub fn load_model(bytes: &[u8], file: &str) -> Result<Sdfg, Diagnostics> {
    match format_of(bytes, file) {
        Format::Sdfg => translate::read_sdfg(bytes, file),
        Format::Dialect => {
            let text = crate::diag::decode_utf8(bytes, file)?;
            translate::read_text(&ir::new_context(), text, file)
        }
        Format::Python => {
            let (path, func) = crate::frontend::split_spec(file);
            let text = crate::diag::decode_utf8(bytes, path)?;
            translate::read_python(text, path, func)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{format_of, Format};

    #[test]
    fn names_decide_and_content_decides_for_other_names() {
        assert_eq!(format_of(b"{}", "x.mlir"), Format::Dialect);
        assert_eq!(format_of(b"sdfg.sdfg", "x.sdfg"), Format::Sdfg);
        assert_eq!(format_of(b"", "x.SDFGZ"), Format::Sdfg);
        assert_eq!(format_of(b"  \n{\"type\": \"SDFG\"}", "<stdin>"), Format::Sdfg);
        assert_eq!(format_of(&[0x1f, 0x8b, 8], "<stdin>"), Format::Sdfg);
        assert_eq!(format_of(b"sdfg.sdfg \"x\" [] {}", "<stdin>"), Format::Dialect);
        assert_eq!(format_of(b"// a comment {", "prog.txt"), Format::Dialect);
    }
}
