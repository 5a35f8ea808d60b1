//! Numeric literals: Python's decimal, hex, octal and binary integers, floats
//! (`1.5`, `.5`, `2.`, `1e-05`), imaginary literals (`2j`) and `_` separators.

use super::lexer::{LexError, Lexer, Mode, Tok};
use super::Span;

impl Lexer<'_> {
    /// Consumes digits (of the given radix) with single `_` separators between them.
    fn digits(&mut self, radix: u32, out: &mut String) -> Result<(), LexError> {
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

    pub(super) fn number(&mut self, start: Span) -> Result<(), LexError> {
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
    fn finish_number(&mut self, tok: Tok, start: Span) -> Result<(), LexError> {
        if self.mode() == Mode::Cpp {
            // C's suffixes (`0.5f`, `10L`, `3u`) say the type; the value stays.
            while self.peek().is_some_and(|c| "fFlLuU".contains(c)) {
                self.bump();
            }
        }
        if self.peek().is_some_and(|c| self.is_ident_char(c)) {
            return Err(self.err(self.here(), "invalid numeric literal"));
        }
        self.push(tok, start);
        Ok(())
    }
}
