use super::{tokenize, Mode, Tok};

fn toks(s: &str, mode: Mode) -> Vec<Tok> {
    tokenize(s, mode)
        .unwrap_or_else(|e| panic!("{s:?}: {}", e.message))
        .into_iter()
        .map(|t| t.tok)
        .collect()
}

fn name(s: &str) -> Tok {
    Tok::Name(s.to_string())
}

/// `(byte offset, line, column, message)` of the error.
fn err(s: &str, mode: Mode) -> (usize, usize, usize, String) {
    let e = tokenize(s, mode).unwrap_err();
    (e.span.start, e.span.line, e.span.col, e.message)
}

#[test]
fn expr_numbers_names_ops() {
    use Mode::Expr;
    assert_eq!(
        toks("__tmp2 ** 2.0 // 1e-05", Expr),
        [
            name("__tmp2"),
            Tok::Op("**"),
            Tok::Float(2.0),
            Tok::Op("//"),
            Tok::Float(1e-5),
            Tok::Eof
        ]
    );
    assert_eq!(
        toks(".5 3.", Expr),
        [Tok::Float(0.5), Tok::Float(3.0), Tok::Eof]
    );
    assert_eq!(
        toks("a!=b", Expr),
        [name("a"), Tok::Op("!="), name("b"), Tok::Eof]
    );
    assert_eq!(
        toks("-9223372036854775808", Expr),
        [Tok::Op("-"), Tok::Int(1 << 63), Tok::Eof]
    );
    assert_eq!(
        toks("0x10 1_000", Expr),
        [Tok::Int(16), Tok::Int(1000), Tok::Eof]
    );
}

#[test]
fn expr_dotted_names_are_one_token() {
    assert_eq!(toks("math.sqrt", Mode::Expr), [name("math.sqrt"), Tok::Eof]);
    assert_eq!(toks("dace.int64(N)", Mode::Expr)[0], name("dace.int64"));
    // Only adjacent dots join; tasklet code sees attribute access.
    assert_eq!(
        toks("a . b", Mode::Expr),
        [name("a"), Tok::Op("."), name("b"), Tok::Eof]
    );
    assert_eq!(
        toks("math.sqrt", Mode::Block),
        [
            name("math"),
            Tok::Op("."),
            name("sqrt"),
            Tok::Newline,
            Tok::Eof
        ]
    );
}

#[test]
fn expr_has_no_line_structure() {
    assert_eq!(
        toks("  (a +\n b)\n", Mode::Expr),
        [
            Tok::Op("("),
            name("a"),
            Tok::Op("+"),
            name("b"),
            Tok::Op(")"),
            Tok::Eof
        ]
    );
    // Brackets are the parser's to match, so it can say what it expected.
    assert_eq!(toks("(a", Mode::Expr), [Tok::Op("("), name("a"), Tok::Eof]);
}

#[test]
fn expr_errors() {
    use Mode::Expr;
    assert_eq!(err("a + $", Expr).0, 4);
    assert_eq!(
        err("x é", Expr),
        (2, 1, 3, "unexpected character 'é'".into())
    );
    assert_eq!(err("a # b", Expr).3, "unexpected character '#'");
    assert_eq!(
        err("a == 'x'", Expr).3,
        "string literals are not supported in symbolic expressions"
    );
    assert_eq!(
        err("999999999999999999999999999999999999999999", Expr).3,
        "integer literal is too large"
    );
}

#[test]
fn block_layout() {
    assert_eq!(
        toks("\n    if a:\n        b = 1\n    c = 2\n", Mode::Block),
        [
            name("if"),
            name("a"),
            Tok::Op(":"),
            Tok::Newline,
            Tok::Indent,
            name("b"),
            Tok::Op("="),
            Tok::Int(1),
            Tok::Newline,
            Tok::Dedent,
            name("c"),
            Tok::Op("="),
            Tok::Int(2),
            Tok::Newline,
            Tok::Eof
        ]
    );
    // Comments, line joining and bracketed line breaks make no tokens.
    assert_eq!(
        toks("x = (a +  # c\n b) \\\n + 1", Mode::Block),
        [
            name("x"),
            Tok::Op("="),
            Tok::Op("("),
            name("a"),
            Tok::Op("+"),
            name("b"),
            Tok::Op(")"),
            Tok::Op("+"),
            Tok::Int(1),
            Tok::Newline,
            Tok::Eof
        ]
    );
    assert_eq!(
        toks("é = 2j", Mode::Block)[..3],
        [name("é"), Tok::Op("="), Tok::Imag(2.0)]
    );
}

#[test]
fn block_errors_have_lines_and_columns() {
    use Mode::Block;
    assert_eq!(
        err("x = (a", Block),
        (4, 1, 5, "'(' was never closed".into())
    );
    assert_eq!(
        err("a = 1\nb = a]", Block),
        (11, 2, 6, "unmatched ']'".into())
    );
    assert_eq!(
        err("x = 'a'", Block).3,
        "string literals are not supported in tasklets"
    );
    assert_eq!(
        err("if a:\n  b = 1\n c = 2", Block).3,
        "unindent does not match any outer indentation level"
    );
    assert_eq!(
        err("x = 012", Block).3,
        "leading zeros in decimal integer literals are not permitted"
    );
}
