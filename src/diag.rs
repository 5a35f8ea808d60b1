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
