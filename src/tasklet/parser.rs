//! Recursive-descent parser for tasklet statements; expressions are in `expr.rs`.

use super::ast::{BinOp, Expr, Span, Stmt, Target};
use crate::syntax::{Tok, Token};
use super::TaskletError;

/// Python's reserved words; never valid as variable names.
const KEYWORDS: &[&str] = &[
    "False", "None", "True", "and", "as", "assert", "async", "await", "break", "class", "continue",
    "def", "del", "elif", "else", "except", "finally", "for", "from", "global", "if", "import",
    "in", "is", "lambda", "nonlocal", "not", "or", "pass", "raise", "return", "try", "while",
    "with", "yield",
];

const AUGMENTED: &[&str] = &[
    "+=", "-=", "*=", "/=", "//=", "%=", "**=", "&=", "|=", "^=", "<<=", ">>=",
];

pub(crate) fn is_keyword(word: &str) -> bool {
    KEYWORDS.contains(&word)
}

/// A precise message for Python constructs that tasklets deliberately do not support.
pub(crate) fn unsupported_keyword(kw: &str) -> Option<String> {
    Some(match kw {
        "for" => "'for' loops are not supported in tasklets".into(),
        "while" => "'while' loops are not supported in tasklets".into(),
        "def" => "function definitions ('def') are not supported in tasklets".into(),
        "class" => "class definitions are not supported in tasklets".into(),
        "lambda" => "lambda expressions are not supported in tasklets".into(),
        "import" | "from" => "'import' statements are not supported in tasklets".into(),
        "try" | "except" | "finally" => {
            format!("'{kw}' (exception handling) is not supported in tasklets")
        }
        "break" | "continue" => format!("'{kw}' is not supported in tasklets (there are no loops)"),
        "yield" | "await" | "async" => format!("'{kw}' is not supported in tasklets"),
        "return" | "with" | "global" | "nonlocal" | "del" | "assert" | "raise" => {
            format!("'{kw}' statements are not supported in tasklets")
        }
        _ => return None,
    })
}

pub(crate) struct Parser<'a> {
    pub(super) src: &'a str,
    pub(super) toks: Vec<Token>,
    pub(super) pos: usize,
    /// Current expression nesting, bounded so that hostile input cannot overflow the stack.
    pub(super) depth: usize,
    /// Height of the expression tree most recently built (see `expr.rs`).
    pub(super) height: usize,
    /// Span of the last consumed non-layout token: the end of the construct being built.
    pub(super) last: Span,
}

pub(crate) fn parse_tokens(src: &str, toks: Vec<Token>) -> Result<Vec<Stmt>, TaskletError> {
    let mut p = Parser {
        src,
        toks,
        pos: 0,
        depth: 0,
        height: 0,
        last: Span::default(),
    };
    let mut body = Vec::new();
    loop {
        match p.peek() {
            Tok::Eof => return Ok(body),
            Tok::Newline => {
                p.bump();
            }
            _ => p.statement(&mut body)?,
        }
    }
}

impl<'a> Parser<'a> {
    pub(super) fn peek(&self) -> &Tok {
        self.nth(0)
    }

    pub(super) fn nth(&self, n: usize) -> &Tok {
        self.toks
            .get(self.pos + n)
            .or(self.toks.last())
            .map_or(&Tok::Eof, |t| &t.tok)
    }

    pub(super) fn span(&self) -> Span {
        self.toks
            .get(self.pos)
            .or(self.toks.last())
            .map_or(Span::default(), |t| t.span)
    }

    pub(super) fn bump(&mut self) -> Span {
        let span = self.span();
        if let Some(t) = self.toks.get(self.pos) {
            if !matches!(t.tok, Tok::Newline | Tok::Indent | Tok::Dedent | Tok::Eof) {
                self.last = span;
            }
            self.pos += 1;
        }
        span
    }

    pub(super) fn is_op(&self, op: &str) -> bool {
        matches!(self.peek(), Tok::Op(o) if *o == op)
    }

    pub(super) fn is_kw(&self, kw: &str) -> bool {
        matches!(self.peek(), Tok::Name(n) if n == kw)
    }

    pub(super) fn eat_op(&mut self, op: &str) -> bool {
        let found = self.is_op(op);
        if found {
            self.bump();
        }
        found
    }

    pub(super) fn expect_op(&mut self, op: &str, expected: &str) -> Result<Span, TaskletError> {
        if self.is_op(op) {
            Ok(self.bump())
        } else {
            Err(self.unexpected(expected))
        }
    }

    pub(super) fn err(&self, span: Span, msg: impl Into<String>) -> TaskletError {
        TaskletError::at(span, msg)
    }

    /// Error for the current token, with dedicated messages for unsupported operators.
    pub(super) fn unexpected(&self, expected: &str) -> TaskletError {
        let span = self.span();
        let msg = match self.peek() {
            Tok::Op(":=") => {
                "assignment expressions (':=') are not supported in tasklets".to_string()
            }
            Tok::Op("@" | "@=") => {
                "the matrix multiplication operator '@' is not supported in tasklets".to_string()
            }
            Tok::Newline => format!("unexpected end of line, expected {expected}"),
            Tok::Eof => format!("unexpected end of code, expected {expected}"),
            Tok::Indent => "unexpected indent".to_string(),
            Tok::Dedent => format!("unexpected dedent, expected {expected}"),
            _ => {
                let text = self.src.get(span.start..span.end).unwrap_or("?");
                format!("unexpected '{text}', expected {expected}")
            }
        };
        self.err(span, msg)
    }

    fn statement(&mut self, out: &mut Vec<Stmt>) -> Result<(), TaskletError> {
        if self.is_kw("if") {
            let stmt = self.if_stmt()?;
            out.push(stmt);
            return Ok(());
        }
        if matches!(self.peek(), Tok::Indent) {
            return Err(self.unexpected("a statement"));
        }
        self.simple_line(out)
    }

    /// `stmt (';' stmt)* [';'] NEWLINE`
    fn simple_line(&mut self, out: &mut Vec<Stmt>) -> Result<(), TaskletError> {
        loop {
            let stmt = self.simple_stmt()?;
            out.push(stmt);
            if !self.eat_op(";") || matches!(self.peek(), Tok::Newline | Tok::Eof) {
                break;
            }
        }
        match self.peek() {
            Tok::Newline => {
                self.bump();
                Ok(())
            }
            Tok::Eof => Ok(()),
            _ => Err(self.unexpected("end of statement")),
        }
    }

    fn simple_stmt(&mut self) -> Result<Stmt, TaskletError> {
        let span = self.span();
        if let Tok::Name(word) = self.peek() {
            match word.as_str() {
                "pass" => return Ok(Stmt::Pass(self.bump())),
                "if" => return Err(self.err(span, "an 'if' statement must start on its own line")),
                "elif" | "else" => {
                    return Err(self.err(span, format!("'{word}' without a matching 'if'")))
                }
                w => {
                    if let Some(msg) = unsupported_keyword(w) {
                        return Err(self.err(span, msg));
                    }
                }
            }
        }
        self.assignment()
    }

    fn assignment(&mut self) -> Result<Stmt, TaskletError> {
        let start = self.span();
        let lhs = self.expr()?;
        let op = match self.peek() {
            Tok::Op("=") => None,
            Tok::Op(o) if AUGMENTED.contains(o) => BinOp::from_token(o),
            Tok::Op(",") => {
                return Err(self.err(
                    self.span(),
                    "tuple assignment and tuple expressions are not supported in tasklets",
                ))
            }
            Tok::Op(":") => {
                return Err(self.err(
                    self.span(),
                    "annotated assignments are not supported in tasklets",
                ))
            }
            Tok::Newline | Tok::Eof | Tok::Op(";") => {
                return Err(self.err(
                    start,
                    "expression statements are not supported in tasklets (they have no effect); expected an assignment",
                ))
            }
            _ => return Err(self.unexpected("'=' or end of statement")),
        };
        let target = self.target(lhs)?;
        self.bump();
        let value = self.expr()?;
        match self.peek() {
            Tok::Op("=") => Err(self.err(
                self.span(),
                "chained assignment is not supported in tasklets",
            )),
            Tok::Op(",") => Err(self.err(
                self.span(),
                "tuple expressions are not supported in tasklets",
            )),
            _ => Ok(Stmt::Assign {
                target,
                op,
                value,
                span: start.to(self.last),
            }),
        }
    }

    fn target(&self, lhs: Expr) -> Result<Target, TaskletError> {
        let what = match lhs {
            Expr::Name { id, span } => return Ok(Target::Name { name: id, span }),
            Expr::Subscript {
                value,
                indices,
                span,
            } => {
                return Ok(Target::Subscript {
                    name: value,
                    indices,
                    span,
                })
            }
            Expr::Call { .. } => "a function call",
            Expr::Int { .. }
            | Expr::Float { .. }
            | Expr::Complex { .. }
            | Expr::Bool { .. }
            | Expr::None { .. } => "a literal",
            _ => "an expression",
        };
        Err(self.err(lhs.span(), format!("cannot assign to {what}")))
    }

    fn if_stmt(&mut self) -> Result<Stmt, TaskletError> {
        let start = self.bump();
        let test = self.expr()?;
        let body = self.block("'if' statement", start)?;
        let mut branches = vec![(test, body)];
        let mut orelse = Vec::new();
        loop {
            if self.is_kw("elif") {
                let kw = self.bump();
                let test = self.expr()?;
                let body = self.block("'elif' statement", kw)?;
                branches.push((test, body));
            } else if self.is_kw("else") {
                let kw = self.bump();
                orelse = self.block("'else'", kw)?;
                break;
            } else {
                break;
            }
        }
        Ok(Stmt::If {
            branches,
            orelse,
            span: start.to(self.last),
        })
    }

    /// `':' (simple_line | NEWLINE INDENT statement+ DEDENT)`
    fn block(&mut self, what: &str, kw: Span) -> Result<Vec<Stmt>, TaskletError> {
        self.expect_op(":", "':'")?;
        let mut body = Vec::new();
        if !matches!(self.peek(), Tok::Newline) {
            if matches!(self.peek(), Tok::Eof) {
                return Err(self.unexpected(&format!("a block after {what} on line {}", kw.line)));
            }
            self.simple_line(&mut body)?;
            return Ok(body);
        }
        self.bump();
        if !matches!(self.peek(), Tok::Indent) {
            let span = self.span();
            return Err(self.err(
                span,
                format!(
                    "expected an indented block after {what} on line {}",
                    kw.line
                ),
            ));
        }
        self.bump();
        loop {
            match self.peek() {
                Tok::Dedent => {
                    self.bump();
                    return Ok(body);
                }
                Tok::Eof => return Ok(body),
                _ => self.statement(&mut body)?,
            }
        }
    }
}
