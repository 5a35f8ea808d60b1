//! Diagnostics shared by the importers, the verifier and the tools.

use crate::model::Loc;
use std::fmt;

/// One error with the place it refers to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub loc: Loc,
    pub message: String,
}

impl Diagnostic {
    pub fn new(loc: &Loc, message: impl Into<String>) -> Diagnostic {
        Diagnostic { loc: loc.clone(), message: message.into() }
    }
}

/// Prints `file:line:col: error: message` (or `file:json.path: error: ...`).
impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: error: {}", self.loc, self.message)
    }
}

/// Every error found, in the order found. Never empty.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct Diagnostics(pub Vec<Diagnostic>);

impl fmt::Display for Diagnostics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, d) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

impl From<Diagnostic> for Diagnostics {
    fn from(d: Diagnostic) -> Diagnostics {
        Diagnostics(vec![d])
    }
}

/// The bytes as UTF-8 text, or an error at the line and column (in
/// characters) of the first byte that is not UTF-8.
pub fn decode_utf8<'a>(bytes: &'a [u8], file: &str) -> Result<&'a str, Diagnostic> {
    std::str::from_utf8(bytes).map_err(|e| {
        let valid = bytes.get(..e.valid_up_to()).unwrap_or_default();
        // The prefix before the bad byte is valid UTF-8 by definition.
        let text = std::str::from_utf8(valid).unwrap_or_default();
        let line = text.matches('\n').count() + 1;
        let col = text.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        let byte = bytes.get(e.valid_up_to()).copied().unwrap_or_default();
        let loc = Loc::Text { file: file.to_string(), line, col };
        Diagnostic::new(&loc, format!("not UTF-8 text: invalid byte 0x{byte:02x}"))
    })
}

/// The line and column (in characters) of the first non-blank character of
/// `text`: where the root of a JSON document starts.
pub fn root_position(text: &str) -> (usize, usize) {
    let blank = text.len() - text.trim_start().len();
    let before = text.get(..blank).unwrap_or_default();
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, col)
}
