//! Tokenizer for Python text, including Python's INDENT/DEDENT handling in
//! [`Mode::Block`].
//!
//! Positions always refer to the original text. Instead of dedenting the text first, the
//! indentation of the first logical line is taken as the base level, which has the same
//! effect for valid code and keeps byte offsets, lines and columns exact.

use super::Span;

/// Python caps indentation depth at 100 too; it also bounds parser recursion on blocks.
const MAX_INDENT_LEVELS: usize = 100;

/// What the text is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Mode {
    /// Tasklet code: statements on lines, `INDENT`/`DEDENT`, comments, line joining, brackets
    /// matched by the lexer (the tasklet parser relies on that).
    Block,
    /// One symbolic expression: line breaks are blanks, no comments, brackets left to the
    /// parser, dotted names (`math.sqrt`, `dace.int64`) are one [`Tok::Name`], and names are
    /// ASCII, since symbols become C and MLIR identifiers.
    Expr,
    /// C++ tasklet code: line breaks are blanks, `//` and `/* */` comments,
    /// C's operators (`&&`, `||`, `!`, `?`, `++`, `::`), number suffixes
    /// (`0.5f`, `1L`), ASCII names.
    Cpp,
}

impl Mode {
    /// Where string literals are rejected, for the message.
    fn context(self) -> &'static str {
        match self {
            Mode::Block => "tasklets",
            Mode::Expr => "symbolic expressions",
            Mode::Cpp => "C++ tasklets",
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Tok {
    /// Identifier or keyword; the parser tells them apart.
    Name(String),
    /// Unsigned literal; a minus sign is a separate token, so `-9223372036854775808` lexes.
    Int(i128),
    Float(f64),
    Imag(f64),
    Op(&'static str),
    Newline,
    Indent,
    Dedent,
    Eof,
}

#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Token {
    pub tok: Tok,
    pub span: Span,
}

/// A lexical error at the start of `span`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct LexError {
    pub span: Span,
    pub message: String,
}

/// C's operators, longest first.
const CPP_OPERATORS: &[&str] = &[
    "<<=", ">>=", "&&", "||", "++", "--", "::", "->", "<=", ">=", "==", "!=", "+=", "-=", "*=", "/=", "%=", "&=",
    "|=", "^=", "<<", ">>", "+", "-", "*", "/", "%", "&", "|", "^", "~", "!", "?", "<", ">", "(", ")", "[", "]",
    "{", "}", ",", ":", ";", ".", "=",
];

/// Longest first, so that the first prefix match is the maximal munch.
const OPERATORS: &[&str] = &[
    "**=", "//=", ">>=", "<<=", "...", "**", "//", "<<", ">>", "<=", ">=", "==", "!=", "->", ":=",
    "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "@=", "+", "-", "*", "/", "%", "@", "&", "|",
    "^", "~", "<", ">", "(", ")", "[", "]", "{", "}", ",", ":", ";", ".", "=",
];

pub(super) struct Lexer<'a> {
    src: &'a str,
    mode: Mode,
    pos: usize,
    line: usize,
    col: usize,
    tokens: Vec<Token>,
    /// Indentation strings of the open blocks; the first entry is the base indentation.
    indents: Vec<&'a str>,
    /// Open brackets (character and span) for implicit line joining and matching.
    brackets: Vec<(char, Span)>,
    /// At the beginning of a logical line, where indentation is significant.
    bol: bool,
}

/// Splits `src` into tokens; the last token is always [`Tok::Eof`].
pub(crate) fn tokenize(src: &str, mode: Mode) -> Result<Vec<Token>, LexError> {
    let mut lx = Lexer {
        src,
        mode,
        pos: 0,
        line: 1,
        col: 1,
        tokens: Vec::new(),
        indents: Vec::new(),
        brackets: Vec::new(),
        bol: mode == Mode::Block,
    };
    lx.run()?;
    Ok(lx.tokens)
}

impl<'a> Lexer<'a> {
    pub(super) fn is_ident_start(&self, c: char) -> bool {
        c == '_'
            || match self.mode {
                Mode::Block => c.is_alphabetic(),
                Mode::Expr | Mode::Cpp => c.is_ascii_alphabetic(),
            }
    }

    pub(super) fn is_ident_char(&self, c: char) -> bool {
        c == '_'
            || match self.mode {
                Mode::Block => c.is_alphanumeric(),
                Mode::Expr | Mode::Cpp => c.is_ascii_alphanumeric(),
            }
    }

    pub(super) fn mode(&self) -> Mode {
        self.mode
    }

    pub(super) fn peek(&self) -> Option<char> {
        self.src[self.pos..].chars().next()
    }

    pub(super) fn peek_at(&self, n: usize) -> Option<char> {
        self.src[self.pos..].chars().nth(n)
    }

    pub(super) fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += c.len_utf8();
        if c == '\n' {
            self.line += 1;
            self.col = 1;
        } else {
            self.col += 1;
        }
        Some(c)
    }

    pub(super) fn here(&self) -> Span {
        Span {
            start: self.pos,
            end: self.pos,
            line: self.line,
            col: self.col,
        }
    }

    pub(super) fn err(&self, span: Span, msg: impl Into<String>) -> LexError {
        LexError {
            span,
            message: msg.into(),
        }
    }

    pub(super) fn push(&mut self, tok: Tok, start: Span) {
        self.tokens.push(Token {
            tok,
            span: Span {
                end: self.pos,
                ..start
            },
        });
    }

    fn at_line_start(&self) -> bool {
        matches!(
            self.tokens.last().map(|t| &t.tok),
            None | Some(Tok::Newline | Tok::Indent | Tok::Dedent)
        )
    }

    fn run(&mut self) -> Result<(), LexError> {
        let block = self.mode == Mode::Block;
        loop {
            if self.bol {
                self.bol = false;
                if !self.indentation()? {
                    break;
                }
            }
            let start = self.here();
            let Some(c) = self.peek() else { break };
            match c {
                ' ' | '\t' | '\x0c' | '\r' => {
                    self.bump();
                }
                '\n' => {
                    self.bump();
                    if block && self.brackets.is_empty() {
                        self.push(Tok::Newline, start);
                        self.bol = true;
                    }
                }
                '#' if block => self.skip_comment(),
                '/' if self.mode == Mode::Cpp && self.peek_at(1) == Some('/') => self.skip_comment(),
                '/' if self.mode == Mode::Cpp && self.peek_at(1) == Some('*') => self.skip_block_comment(start)?,
                '\\' if block
                    && matches!(
                        (self.peek_at(1), self.peek_at(2)),
                        (Some('\n'), _) | (Some('\r'), Some('\n'))
                    ) =>
                {
                    // Explicit line joining: the next physical line continues this one.
                    while !matches!(self.bump(), Some('\n') | None) {}
                }
                '\'' | '"' => return Err(self.string_literal(start)),
                c if c.is_ascii_digit()
                    || (c == '.' && self.peek_at(1).is_some_and(|d| d.is_ascii_digit())) =>
                {
                    self.number(start)?
                }
                c if self.is_ident_start(c) => self.ident(start)?,
                _ => self.operator(start)?,
            }
        }
        if !block {
            self.push(Tok::Eof, self.here());
            return Ok(());
        }
        if let Some(&(open, span)) = self.brackets.last() {
            return Err(self.err(span, format!("'{open}' was never closed")));
        }
        let end = self.here();
        if !self.at_line_start() {
            self.push(Tok::Newline, end);
        }
        for _ in 1..self.indents.len() {
            self.push(Tok::Dedent, end);
        }
        self.push(Tok::Eof, end);
        Ok(())
    }

    fn string_literal(&self, start: Span) -> LexError {
        let msg = format!(
            "string literals are not supported in {}",
            self.mode.context()
        );
        self.err(start, msg)
    }

    fn skip_block_comment(&mut self, start: Span) -> Result<(), LexError> {
        self.bump();
        self.bump();
        while !self.src[self.pos..].starts_with("*/") {
            if self.bump().is_none() {
                return Err(self.err(start, "'/*' comment was never closed"));
            }
        }
        self.bump();
        self.bump();
        Ok(())
    }

    fn skip_comment(&mut self) {
        while self.peek().is_some_and(|c| c != '\n') {
            self.bump();
        }
    }

    /// At the start of a logical line: skips blank and comment-only lines, then emits
    /// INDENT/DEDENT for the first real line. Returns false at end of input.
    fn indentation(&mut self) -> Result<bool, LexError> {
        loop {
            let line_start = self.pos;
            let start = self.here();
            while matches!(self.peek(), Some(' ' | '\t' | '\x0c')) {
                self.bump();
            }
            let indent = &self.src[line_start..self.pos];
            match self.peek() {
                None => return Ok(false),
                Some('\n') => {
                    self.bump();
                }
                Some('\r') if self.peek_at(1) == Some('\n') || self.peek_at(1).is_none() => {
                    self.bump();
                    self.bump();
                }
                Some('#') => self.skip_comment(),
                Some(_) => {
                    self.indent_to(
                        indent,
                        Span {
                            end: self.pos,
                            ..start
                        },
                    )?;
                    return Ok(true);
                }
            }
        }
    }

    fn indent_to(&mut self, indent: &'a str, span: Span) -> Result<(), LexError> {
        let Some(&current) = self.indents.last() else {
            self.indents.push(indent);
            return Ok(());
        };
        if indent == current {
            return Ok(());
        }
        if indent.starts_with(current) {
            if self.indents.len() > MAX_INDENT_LEVELS {
                return Err(self.err(span, "too many levels of indentation"));
            }
            self.indents.push(indent);
            self.tokens.push(Token {
                tok: Tok::Indent,
                span,
            });
            return Ok(());
        }
        if !current.starts_with(indent) {
            return Err(self.err(span, "inconsistent use of tabs and spaces in indentation"));
        }
        while self.indents.len() > 1 && self.indents.last().is_some_and(|i| i.len() > indent.len())
        {
            self.indents.pop();
            self.tokens.push(Token {
                tok: Tok::Dedent,
                span,
            });
        }
        if self.indents.last() != Some(&indent) {
            return Err(self.err(span, "unindent does not match any outer indentation level"));
        }
        Ok(())
    }

    fn ident(&mut self, start: Span) -> Result<(), LexError> {
        loop {
            while self.peek().is_some_and(|c| self.is_ident_char(c)) {
                self.bump();
            }
            let dotted = self.mode == Mode::Expr
                && self.peek() == Some('.')
                && self.peek_at(1).is_some_and(|c| self.is_ident_start(c));
            if !dotted {
                break;
            }
            self.bump();
        }
        let word = &self.src[start.start..self.pos];
        if matches!(self.peek(), Some('\'' | '"'))
            && word.len() <= 2
            && word.chars().all(|c| "rRbBuUfF".contains(c))
        {
            return Err(self.string_literal(start));
        }
        self.push(Tok::Name(word.to_string()), start);
        Ok(())
    }

    fn operator(&mut self, start: Span) -> Result<(), LexError> {
        let rest = &self.src[self.pos..];
        let table = if self.mode == Mode::Cpp { CPP_OPERATORS } else { OPERATORS };
        let Some(op) = table.iter().copied().find(|op| rest.starts_with(op)) else {
            let c = self.peek().unwrap_or('?');
            return Err(self.err(start, format!("unexpected character {c:?}")));
        };
        for _ in 0..op.len() {
            self.bump();
        }
        let span = Span {
            end: self.pos,
            ..start
        };
        if self.mode == Mode::Block {
            self.match_bracket(op, span)?;
        }
        self.push(Tok::Op(op), start);
        Ok(())
    }

    fn match_bracket(&mut self, op: &str, span: Span) -> Result<(), LexError> {
        match op {
            "(" | "[" | "{" => self.brackets.push((op.chars().next().unwrap_or('('), span)),
            ")" | "]" | "}" => {
                let close = op.chars().next().unwrap_or(')');
                let Some((open, _)) = self.brackets.pop() else {
                    return Err(self.err(span, format!("unmatched '{close}'")));
                };
                let expected = match open {
                    '(' => ')',
                    '[' => ']',
                    _ => '}',
                };
                if close != expected {
                    return Err(self.err(
                        span,
                        format!("closing '{close}' does not match opening '{open}'"),
                    ));
                }
            }
            _ => {}
        }
        Ok(())
    }
}
