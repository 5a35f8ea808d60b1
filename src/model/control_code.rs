//! Control-flow code, parsed once where it enters the model: conditions
//! (interstate edges, branches, loops) and the symbol assignments of
//! interstate edges.
//!
//! Each keeps its text as written, so files round-trip byte for byte, next
//! to the symbolic expression read from it. Python the symbolic engine does
//! not accept (calls, attribute reads) keeps its parse error instead, for
//! the code that reports it or treats the text as opaque.

use super::CodeBlock;
use crate::symbolic::{self, Expr, ParseError};

/// The symbolic reading of a text: what `symbolic::parse` makes of it,
/// surrounding whitespace aside.
fn parse(text: &str) -> Result<Expr, ParseError> {
    symbolic::parse(text.trim())
}

/// A condition: of an interstate edge, a branch or a loop. Reads as its
/// [`CodeBlock`]; there is no way to change the text without parsing it.
#[derive(Clone, Debug, PartialEq)]
pub struct Condition {
    code: CodeBlock,
    /// Parsed whatever the language; readers check the language first.
    expr: Result<Expr, ParseError>,
}

impl Condition {
    pub fn new(code: CodeBlock) -> Condition {
        let expr = parse(&code.code);
        Condition { code, expr }
    }

    pub fn python(text: impl Into<String>) -> Condition {
        Condition::new(CodeBlock::python(text))
    }

    pub fn code(&self) -> &CodeBlock {
        &self.code
    }

    /// Changes the code through `f`; the new text is parsed again.
    pub fn edit<E>(&mut self, f: impl FnOnce(&mut CodeBlock) -> Result<(), E>) -> Result<(), E> {
        let mut code = self.code.clone();
        f(&mut code)?;
        if code != self.code {
            *self = Condition::new(code);
        }
        Ok(())
    }

    pub fn is_python(&self) -> bool {
        self.code.language == "Python"
    }

    /// The expression (unsimplified), or why the text is not one.
    pub fn parsed(&self) -> Result<&Expr, &ParseError> {
        self.expr.as_ref()
    }

    /// The expression of a Python condition; `None` for other languages
    /// and for text that is not a symbolic expression.
    pub fn python_expr(&self) -> Option<&Expr> {
        self.is_python().then(|| self.expr.as_ref().ok()).flatten()
    }
}

impl std::ops::Deref for Condition {
    type Target = CodeBlock;

    fn deref(&self) -> &CodeBlock {
        &self.code
    }
}

/// One symbol assignment of an interstate edge: `symbol = value`.
#[derive(Clone, Debug, PartialEq)]
pub struct Assignment {
    pub symbol: String,
    value: String,
    expr: Result<Expr, ParseError>,
}

impl Assignment {
    pub fn new(symbol: impl Into<String>, value: impl Into<String>) -> Assignment {
        let value = value.into();
        let expr = parse(&value);
        Assignment { symbol: symbol.into(), value, expr }
    }

    /// The right-hand side as written.
    pub fn value(&self) -> &str {
        &self.value
    }

    /// Replaces the right-hand side, parsing the new one.
    pub fn set_value(&mut self, value: impl Into<String>) {
        *self = Assignment::new(std::mem::take(&mut self.symbol), value);
    }

    /// The right-hand side (unsimplified), or why it is not an expression.
    pub fn parsed(&self) -> Result<&Expr, &ParseError> {
        self.expr.as_ref()
    }

    pub fn expr(&self) -> Option<&Expr> {
        self.expr.as_ref().ok()
    }
}
