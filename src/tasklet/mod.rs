//! Front end for DaCe Python tasklet code: parser to a typed AST (over the shared
//! `syntax` tokenizer) and a semantic check.
//!
//! Tasklet code (`code.language == "Python"`, see `docs/sdfg-json-format.md` §8) is a small
//! Python subset: assignments (plain and augmented) to names and indexed names, `if/elif/else`,
//! `pass`, and expressions over literals, names, operators with Python's precedence, chained
//! comparisons, `x if c else y`, calls of (dotted) function names and subscripts.
//!
//! * [`parse`] turns code into [`Stmt`]s. Code may carry a common leading indentation (DaCe
//!   often stores `"\n    a = b\n"`); positions in errors and spans always refer to the
//!   original string. Unsupported Python constructs are rejected with a message naming them.
//! * [`analyze`] lists the names read and written and the functions called.
//! * [`check`] validates names against connectors and globals, assignment targets, and calls
//!   against the supported functions ([`FUNCTIONS`], [`CAST_DTYPES`], [`resolve_call`]).

mod ast;
mod cpp;
pub mod lambda;
mod reduction;
mod check;
mod expr;
mod parser;
mod postfix;
pub use postfix::is_gpu_index;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_check;
#[cfg(test)]
mod tests_errors;

pub use ast::{BinOp, BoolOp, CmpOp, Expr, Span, Stmt, Target, UnaryOp};
use crate::syntax::{tokenize, LexError, Mode, Tok};
pub use cpp::{parse_cpp, WARP_REDUCE};
pub use check::{analyze, check, resolve_call, Analysis, Callee, CAST_DTYPES, FUNCTIONS};

/// A parse or check error at a 1-based line and column (in characters) of the original code.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{line}:{col}: {message}")]
pub struct TaskletError {
    pub line: usize,
    pub col: usize,
    pub message: String,
}

impl TaskletError {
    /// Whether the code is valid Python using a construct tasklets do not
    /// support (every such message says "not supported in tasklets"),
    /// rather than a Python syntax error.
    pub fn is_unsupported(&self) -> bool {
        self.message.contains("not supported in tasklets")
    }

    /// An error at the start of `span`.
    pub fn at(span: Span, message: impl Into<String>) -> Self {
        TaskletError {
            line: span.line,
            col: span.col,
            message: message.into(),
        }
    }
}

impl From<LexError> for TaskletError {
    fn from(e: LexError) -> Self {
        TaskletError::at(e.span, e.message)
    }
}

/// Replaces free uses of names in Python tasklet code (not attributes such
/// as `x.name`), keeping the rest of the text as written.
pub fn replace_names(code: &str, names: &std::collections::HashMap<String, String>) -> Result<String, TaskletError> {
    let tokens = tokenize(code, Mode::Block)?;
    let mut out = String::with_capacity(code.len());
    let mut last = 0;
    for (i, t) in tokens.iter().enumerate() {
        let Tok::Name(name) = &t.tok else { continue };
        let Some(new) = names.get(name) else { continue };
        if i > 0 && tokens[i - 1].tok == Tok::Op(".") {
            continue;
        }
        out.push_str(&code[last..t.span.start]);
        out.push_str(new);
        last = t.span.end;
    }
    out.push_str(&code[last..]);
    Ok(out)
}

/// Parses tasklet code into statements.
pub fn parse(code: &str) -> Result<Vec<Stmt>, TaskletError> {
    let tokens = tokenize(code, Mode::Block)?;
    parser::parse_tokens(code, tokens)
}
