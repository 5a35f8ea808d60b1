//! Tokenizer for Python/SymPy expression syntax. Works on bytes and only
//! accepts ASCII, so every offset it produces is a valid `str` boundary.

use super::parse::ParseError;

#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Tok {
    /// Unsigned literal; `u64` so that `-9223372036854775808` can be lexed.
    Int(u64),
    Float(f64),
    /// Identifier or keyword; may be dotted (`math.sqrt`, `dace.int64`).
    Ident(String),
    Op(&'static str),
    Eof,
}

#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Token {
    pub tok: Tok,
    pub offset: usize,
}

/// Longest first, so that `**` wins over `*`.
const OPS: [&str; 24] = [
    "**", "//", "<<", ">>", "<=", ">=", "==", "!=", "+", "-", "*", "/", "%", "<", ">", "&", "|", "^",
    "~", "(", ")", "[", "]", ",",
];

fn is_ident_start(c: u8) -> bool {
    c.is_ascii_alphabetic() || c == b'_'
}

/// Splits `text` into tokens; the last token is always `Tok::Eof`.
pub(crate) fn lex(text: &str) -> Result<Vec<Token>, ParseError> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        let start = i;
        if c.is_ascii_whitespace() {
            i += 1;
        } else if c.is_ascii_digit() || (c == b'.' && b.get(i + 1).is_some_and(u8::is_ascii_digit))
        {
            let (tok, end) = lex_number(text, i)?;
            out.push(Token { tok, offset: start });
            i = end;
        } else if is_ident_start(c) {
            while i < b.len()
                && (b[i].is_ascii_alphanumeric()
                    || b[i] == b'_'
                    || (b[i] == b'.' && b.get(i + 1).is_some_and(|&n| is_ident_start(n))))
            {
                i += 1;
            }
            out.push(Token {
                tok: Tok::Ident(text[start..i].to_string()),
                offset: start,
            });
        } else if let Some(op) = OPS.iter().find(|op| b[i..].starts_with(op.as_bytes())) {
            out.push(Token {
                tok: Tok::Op(op),
                offset: start,
            });
            i += op.len();
        } else {
            let ch = text[start..].chars().next().unwrap_or('?');
            return Err(ParseError::new(
                start,
                format!("unexpected character {ch:?}"),
            ));
        }
    }
    out.push(Token {
        tok: Tok::Eof,
        offset: b.len(),
    });
    Ok(out)
}

/// Lexes `123`, `1.5`, `.5`, `2.`, `1e-05`, `1.5E+3` starting at `start`.
fn lex_number(text: &str, start: usize) -> Result<(Tok, usize), ParseError> {
    let b = text.as_bytes();
    let digits = |mut i: usize| {
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        i
    };
    let mut i = digits(start);
    let mut is_float = false;
    if i < b.len() && b[i] == b'.' {
        is_float = true;
        i = digits(i + 1);
    }
    if i < b.len() && (b[i] == b'e' || b[i] == b'E') {
        let mut j = i + 1;
        if j < b.len() && (b[j] == b'+' || b[j] == b'-') {
            j += 1;
        }
        if j < b.len() && b[j].is_ascii_digit() {
            is_float = true;
            i = digits(j);
        }
    }
    let lit = &text[start..i];
    let tok = if is_float {
        match lit.parse::<f64>() {
            Ok(f) if f.is_finite() => Tok::Float(f),
            _ => {
                return Err(ParseError::new(
                    start,
                    format!("invalid float literal `{lit}`"),
                ))
            }
        }
    } else {
        match lit.parse::<u64>() {
            Ok(v) => Tok::Int(v),
            Err(_) => {
                return Err(ParseError::new(
                    start,
                    format!("integer literal `{lit}` is too large"),
                ))
            }
        }
    };
    Ok((tok, i))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn toks(s: &str) -> Vec<Tok> {
        lex(s).unwrap().into_iter().map(|t| t.tok).collect()
    }

    #[test]
    fn numbers_idents_ops() {
        assert_eq!(
            toks("__tmp2 ** 2.0 // 1e-05"),
            [
                Tok::Ident("__tmp2".into()),
                Tok::Op("**"),
                Tok::Float(2.0),
                Tok::Op("//"),
                Tok::Float(1e-5),
                Tok::Eof
            ]
        );
        assert_eq!(toks(".5 3."), [Tok::Float(0.5), Tok::Float(3.0), Tok::Eof]);
        assert_eq!(
            toks("math.sqrt"),
            [Tok::Ident("math.sqrt".into()), Tok::Eof]
        );
        assert_eq!(toks("2e"), [Tok::Int(2), Tok::Ident("e".into()), Tok::Eof]);
        assert_eq!(
            toks("a!=b"),
            [
                Tok::Ident("a".into()),
                Tok::Op("!="),
                Tok::Ident("b".into()),
                Tok::Eof
            ]
        );
    }

    #[test]
    fn errors_have_offsets() {
        let e = lex("a + $").unwrap_err();
        assert_eq!(e.offset, 4);
        assert_eq!(lex("99999999999999999999999").unwrap_err().offset, 0);
        assert_eq!(lex("x é").unwrap_err().offset, 2);
        assert!(lex("1e999").is_err());
    }
}
