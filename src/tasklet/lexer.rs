//! Tokenizer for the tasklet Python subset, including Python's INDENT/DEDENT handling.
//!
//! Positions always refer to the original code. Instead of dedenting the text first, the
//! indentation of the first logical line is taken as the base level, which has the same
//! effect for valid code and keeps byte offsets, lines and columns exact.

use super::ast::Span;
use super::TaskletError;

/// Python caps indentation depth at 100 too; it also bounds parser recursion on blocks.
const MAX_INDENT_LEVELS: usize = 100;

#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Tok {
    /// Identifier or keyword; the parser tells them apart.
    Name(String),
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

/// Longest first, so that the first prefix match is the maximal munch.
const OPERATORS: &[&str] = &[
    "**=", "//=", ">>=", "<<=", "...", "**", "//", "<<", ">>", "<=", ">=", "==", "!=", "->", ":=",
    "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "@=", "+", "-", "*", "/", "%", "@", "&", "|",
    "^", "~", "<", ">", "(", ")", "[", "]", "{", "}", ",", ":", ";", ".", "=",
];

struct Lexer<'a> {
    src: &'a str,
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

pub(crate) fn tokenize(src: &str) -> Result<Vec<Token>, TaskletError> {
    let mut lx = Lexer {
        src,
        pos: 0,
        line: 1,
        col: 1,
        tokens: Vec::new(),
        indents: Vec::new(),
        brackets: Vec::new(),
        bol: true,
    };
    lx.run()?;
    Ok(lx.tokens)
}

fn is_ident_start(c: char) -> bool {
    c == '_' || c.is_alphabetic()
}

fn is_ident_char(c: char) -> bool {
    c == '_' || c.is_alphanumeric()
}

impl<'a> Lexer<'a> {
    fn peek(&self) -> Option<char> {
        self.src[self.pos..].chars().next()
    }

    fn peek_at(&self, n: usize) -> Option<char> {
        self.src[self.pos..].chars().nth(n)
    }

    fn bump(&mut self) -> Option<char> {
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

    fn here(&self) -> Span {
        Span {
            start: self.pos,
            end: self.pos,
            line: self.line,
            col: self.col,
        }
    }

    fn err(&self, span: Span, msg: impl Into<String>) -> TaskletError {
        TaskletError::at(span, msg)
    }

    fn push(&mut self, tok: Tok, start: Span) {
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

    fn run(&mut self) -> Result<(), TaskletError> {
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
                    if self.brackets.is_empty() {
                        self.push(Tok::Newline, start);
                        self.bol = true;
                    }
                }
                '#' => self.skip_comment(),
                '\\' if matches!(
                    (self.peek_at(1), self.peek_at(2)),
                    (Some('\n'), _) | (Some('\r'), Some('\n'))
                ) =>
                {
                    // Explicit line joining: the next physical line continues this one.
                    while !matches!(self.bump(), Some('\n') | None) {}
                }
                '\'' | '"' => {
                    return Err(self.err(start, "string literals are not supported in tasklets"))
                }
                c if c.is_ascii_digit()
                    || (c == '.' && self.peek_at(1).is_some_and(|d| d.is_ascii_digit())) =>
                {
                    self.number(start)?
                }
                c if is_ident_start(c) => self.ident(start)?,
                _ => self.operator(start)?,
            }
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

    fn skip_comment(&mut self) {
        while self.peek().is_some_and(|c| c != '\n') {
            self.bump();
        }
    }

    /// At the start of a logical line: skips blank and comment-only lines, then emits
    /// INDENT/DEDENT for the first real line. Returns false at end of input.
    fn indentation(&mut self) -> Result<bool, TaskletError> {
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

    fn indent_to(&mut self, indent: &'a str, span: Span) -> Result<(), TaskletError> {
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

    fn ident(&mut self, start: Span) -> Result<(), TaskletError> {
        while self.peek().is_some_and(is_ident_char) {
            self.bump();
        }
        let word = &self.src[start.start..self.pos];
        if matches!(self.peek(), Some('\'' | '"'))
            && word.len() <= 2
            && word.chars().all(|c| "rRbBuUfF".contains(c))
        {
            return Err(self.err(start, "string literals are not supported in tasklets"));
        }
        self.push(Tok::Name(word.to_string()), start);
        Ok(())
    }

    fn operator(&mut self, start: Span) -> Result<(), TaskletError> {
        let rest = &self.src[self.pos..];
        let Some(op) = OPERATORS.iter().copied().find(|op| rest.starts_with(op)) else {
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
        self.push(Tok::Op(op), start);
        Ok(())
    }

    /// Consumes digits (of the given radix) with single `_` separators between them.
    fn digits(&mut self, radix: u32, out: &mut String) -> Result<(), TaskletError> {
        let mut last_underscore = false;
        while let Some(c) = self.peek() {
            if c == '_' {
                if last_underscore || out.is_empty() {
                    return Err(self.err(self.here(), "invalid '_' in numeric literal"));
                }
                last_underscore = true;
            } else if c.is_digit(radix) {
                out.push(c);
                last_underscore = false;
            } else {
                break;
            }
            self.bump();
        }
        if last_underscore {
            return Err(self.err(self.here(), "numeric literal cannot end with '_'"));
        }
        Ok(())
    }

    fn number(&mut self, start: Span) -> Result<(), TaskletError> {
        let radix = match (self.peek(), self.peek_at(1)) {
            (Some('0'), Some('x' | 'X')) => 16,
            (Some('0'), Some('o' | 'O')) => 8,
            (Some('0'), Some('b' | 'B')) => 2,
            _ => 10,
        };
        if radix != 10 {
            self.bump();
            self.bump();
            if self.peek() == Some('_') {
                self.bump();
            }
            let mut digits = String::new();
            self.digits(radix, &mut digits)?;
            if digits.is_empty() {
                return Err(self.err(start, "invalid numeric literal: missing digits"));
            }
            let value = i128::from_str_radix(&digits, radix)
                .map_err(|_| self.err(start, "integer literal is too large"))?;
            return self.finish_number(Tok::Int(value), start);
        }
        let (mut int, mut frac, mut exp) = (String::new(), String::new(), String::new());
        self.digits(10, &mut int)?;
        let mut is_float = false;
        if self.peek() == Some('.') {
            is_float = true;
            self.bump();
            self.digits(10, &mut frac)?;
        }
        if matches!(self.peek(), Some('e' | 'E'))
            && matches!(
                (self.peek_at(1), self.peek_at(2)),
                (Some('0'..='9'), _) | (Some('+' | '-'), Some('0'..='9'))
            )
        {
            is_float = true;
            self.bump();
            if let Some(sign @ ('+' | '-')) = self.peek() {
                exp.push(sign);
                self.bump();
            }
            self.digits(10, &mut exp)?;
        }
        let text = format!(
            "{}.{}e{}",
            if int.is_empty() { "0" } else { &int },
            if frac.is_empty() { "0" } else { &frac },
            if exp.is_empty() { "0" } else { &exp }
        );
        let as_float = || {
            text.parse::<f64>()
                .map_err(|_| self.err(start, "invalid float literal"))
        };
        if matches!(self.peek(), Some('j' | 'J')) {
            let value = as_float()?;
            self.bump();
            return self.finish_number(Tok::Imag(value), start);
        }
        if is_float {
            let value = as_float()?;
            return self.finish_number(Tok::Float(value), start);
        }
        if int.len() > 1 && int.starts_with('0') && int.bytes().any(|b| b != b'0') {
            return Err(self.err(
                start,
                "leading zeros in decimal integer literals are not permitted",
            ));
        }
        let value = int
            .parse::<i128>()
            .map_err(|_| self.err(start, "integer literal is too large"))?;
        self.finish_number(Tok::Int(value), start)
    }

    /// Rejects `1abc` / `0x1g` like Python ("invalid decimal literal").
    fn finish_number(&mut self, tok: Tok, start: Span) -> Result<(), TaskletError> {
        if self.peek().is_some_and(is_ident_char) {
            return Err(self.err(self.here(), "invalid numeric literal"));
        }
        self.push(tok, start);
        Ok(())
    }
}
