//! The one tokenizer of Python text in an SDFG: tasklet code and the
//! symbolic strings (shapes, subsets, conditions, assignments, map ranges).
//!
//! [`tokenize`] runs in one of two [`Mode`]s: [`Mode::Block`] for tasklet
//! code (statements, `INDENT`/`DEDENT`, comments, bracket matching) and
//! [`Mode::Expr`] for a single expression (no line structure). Both parsers,
//! `tasklet::parse` and `symbolic::parse`, read its [`Token`]s; each wraps a
//! [`LexError`] in its own error type.

mod lexer;
mod number;
#[cfg(test)]
mod tests;

pub(crate) use lexer::{tokenize, LexError, Mode, Tok, Token};

/// Source range: byte offsets `start..end` into the original (not dedented) code, plus the
/// 1-based line and column (in characters) of `start`, so that later passes can report
/// positions without access to the source text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Span {
    pub start: usize,
    pub end: usize,
    pub line: usize,
    pub col: usize,
}

impl Span {
    /// The span from the start of `self` to the end of `other`.
    pub fn to(self, other: Span) -> Span {
        Span {
            end: other.end.max(self.start),
            ..self
        }
    }
}

/// DaCe's `dtypes.validate_name`: a C identifier other than `True`,
/// `False` and `None`.
pub fn valid_name(name: &str) -> bool {
    let mut chars = name.chars();
    let first_ok = matches!(chars.next(), Some(c) if c.is_ascii_alphabetic() || c == '_');
    first_ok
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
        && !matches!(name, "True" | "False" | "None")
}
