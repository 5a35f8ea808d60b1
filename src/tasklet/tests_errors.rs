//! Parser error tests: positions and messages for malformed and unsupported code, and
//! random garbage.

use super::*;

fn err(src: &str) -> String {
    match parse(src) {
        Ok(stmts) => panic!("{src:?} parsed: {stmts:?}"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn error_positions() {
    assert_eq!(err("x = (a + b"), "1:5: '(' was never closed");
    assert_eq!(err("x = a + b)"), "1:10: unmatched ')'");
    assert_eq!(
        err("x = A[i)"),
        "1:8: closing ')' does not match opening '['"
    );
    assert_eq!(err("x = 1\n  y = 2"), "2:1: unexpected indent");
    assert_eq!(
        err("if a:\n    x = 1\n  y = 2"),
        "3:1: unindent does not match any outer indentation level"
    );
    assert_eq!(
        err("if a:\nx = 1"),
        "2:1: expected an indented block after 'if' statement on line 1"
    );
    assert_eq!(
        err("if a:\n\tx = 1\n        y = 2"),
        "3:1: inconsistent use of tabs and spaces in indentation"
    );
    assert_eq!(
        err("\n    x = 1\n  y = 2"),
        "3:1: unindent does not match any outer indentation level"
    );
    assert_eq!(
        err("x = 1 +"),
        "1:8: unexpected end of line, expected an expression"
    );
    assert_eq!(
        err("x = a b"),
        "1:7: unexpected 'b', expected end of statement"
    );
    assert_eq!(
        err("x y = 1"),
        "1:3: unexpected 'y', expected '=' or end of statement"
    );
    assert_eq!(
        err("if a\n  x = 1"),
        "1:5: unexpected end of line, expected ':'"
    );
    assert_eq!(
        err("x = 1 if a"),
        "1:11: unexpected end of line, expected 'else' in conditional expression"
    );
    assert_eq!(
        err("x = 012"),
        "1:5: leading zeros in decimal integer literals are not permitted"
    );
    assert_eq!(err("x = 1__0"), "1:7: invalid '_' in numeric literal");
    assert_eq!(err("x = 1abc"), "1:6: invalid numeric literal");
    assert_eq!(err("x = a $ b"), "1:7: unexpected character '$'");
    assert_eq!(err("x = 1 ! 2"), "1:7: unexpected character '!'");
    assert_eq!(err("else:\n  x = 1"), "1:1: 'else' without a matching 'if'");
    assert_eq!(
        err("x = 1; if a: y = 2"),
        "1:8: an 'if' statement must start on its own line"
    );
}

#[test]
fn unsupported_constructs() {
    let cases = [
        ("x = 1\nfor i in range(3):\n    x = i", "2:1: 'for' loops are not supported in tasklets"),
        ("if a:\n    for i in b:\n        pass", "2:5: 'for' loops are not supported in tasklets"),
        ("while a:\n  pass", "1:1: 'while' loops are not supported in tasklets"),
        ("def f():\n  pass", "1:1: function definitions ('def') are not supported in tasklets"),
        ("x = lambda y: y", "1:5: lambda expressions are not supported in tasklets"),
        ("import math", "1:1: 'import' statements are not supported in tasklets"),
        ("from math import exp", "1:1: 'import' statements are not supported in tasklets"),
        ("return 1", "1:1: 'return' statements are not supported in tasklets"),
        ("with a:\n  pass", "1:1: 'with' statements are not supported in tasklets"),
        ("try:\n  pass", "1:1: 'try' (exception handling) is not supported in tasklets"),
        ("x = 'abc'", "1:5: string literals are not supported in tasklets"),
        ("x = f\"abc\"", "1:5: string literals are not supported in tasklets"),
        ("x = [1, 2]", "1:5: lists are not supported in tasklets"),
        ("x = {1: 2}", "1:5: dicts and sets are not supported in tasklets"),
        ("x = a.real", "1:5: attribute access ('a.real') is not supported in tasklets; only dotted function names like 'math.exp' may be called"),
        ("x = A[i].real", "1:9: attribute access is not supported in tasklets"),
        ("x = (y := 2)", "1:8: assignment expressions (':=') are not supported in tasklets"),
        ("x = f(*a)", "1:7: starred expressions are not supported in tasklets"),
        ("x = f(a=1)", "1:8: keyword arguments are not supported in tasklets"),
        ("x = A[1:2]", "1:8: slices are not supported in tasklets"),
        ("x = (1, 2)", "1:7: tuples are not supported in tasklets (except as subscript indices)"),
        ("a, b = 1, 2", "1:2: tuple assignment and tuple expressions are not supported in tasklets"),
        ("a = b = 1", "1:7: chained assignment is not supported in tasklets"),
        ("x: int = 1", "1:2: annotated assignments are not supported in tasklets"),
        ("exp(x)", "1:1: expression statements are not supported in tasklets (they have no effect); expected an assignment"),
        ("f(x) = 1", "1:1: cannot assign to a function call"),
        ("a + b = 1", "1:1: cannot assign to an expression"),
        ("x = a @ b", "1:7: the matrix multiplication operator '@' is not supported in tasklets"),
        ("x = f(a)(b)", "1:9: calls of anything but named functions (e.g. 'exp' or 'math.exp') are not supported in tasklets"),
        ("x = (a + b)[0]", "1:12: only named arrays can be indexed in tasklets"),
        ("x = sum(i for i in a)", "1:11: comprehensions and generator expressions are not supported in tasklets"),
        ("x = a + not b", "1:9: 'not' must be parenthesized here"),
        ("x = yield", "1:5: 'yield' is not supported in tasklets"),
        ("x = A[]", "1:6: empty subscript"),
        ("x = ()", "1:6: empty tuples are not supported in tasklets"),
        ("break", "1:1: 'break' is not supported in tasklets (there are no loops)"),
    ];
    for (src, want) in cases {
        assert_eq!(err(src), want, "{src}");
    }
}

/// Deterministic xorshift so the test needs no extra dependency.
fn next(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

#[test]
fn garbage_never_panics() {
    let pieces = [
        "(",
        ")",
        "[",
        "]",
        "{",
        "}",
        ",",
        ":",
        ";",
        ".",
        "=",
        "+",
        "-",
        "*",
        "**",
        "/",
        "//",
        "%",
        "<",
        ">=",
        "==",
        "!=",
        "~",
        "&",
        "|",
        "^",
        "<<",
        ">>=",
        "+=",
        ":=",
        "@",
        "\\",
        "\n",
        "\n    ",
        "\n\t",
        " ",
        "#",
        "'",
        "\"",
        "if",
        "elif",
        "else",
        "not",
        "and",
        "or",
        "in",
        "is",
        "for",
        "lambda",
        "pass",
        "x",
        "A",
        "dace.float64",
        "exp",
        "1",
        "0x1F",
        "1e5",
        "2.",
        ".5",
        "1j",
        "1_0",
        "é",
        "\r",
        "None",
        "True",
        "...",
        "0b",
        "1e",
        "$",
        "\u{0}",
    ];
    let mut corpus = super::tests::corpus_codes();
    corpus.push("if (a > r):\n    b = a\n    osz = 1".into());
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    for _ in 0..20_000 {
        let mut src = String::new();
        let base = &corpus[(next(&mut state) as usize) % corpus.len()];
        if next(&mut state).is_multiple_of(2) {
            // Mutate a real tasklet at a random character boundary.
            let cut = base
                .char_indices()
                .map(|(i, _)| i)
                .nth((next(&mut state) as usize) % base.chars().count().max(1));
            let cut = cut.unwrap_or(0);
            src.push_str(&base[..cut]);
            src.push_str(pieces[(next(&mut state) as usize) % pieces.len()]);
            src.push_str(&base[cut..]);
        } else {
            for _ in 0..(next(&mut state) % 24) {
                src.push_str(pieces[(next(&mut state) as usize) % pieces.len()]);
                if next(&mut state).is_multiple_of(3) {
                    src.push(' ');
                }
            }
        }
        if let Ok(stmts) = parse(&src) {
            let _ = analyze(&stmts);
            let _ = check(&stmts, &["x", "__in1"], &["A", "__out"], &|_| false);
        } else if let Err(e) = parse(&src) {
            assert!(e.line >= 1 && e.col >= 1, "{src:?}: {e}");
            assert!(e.line <= src.split('\n').count(), "{src:?}: {e}");
        }
    }
}

#[test]
fn syntax_errors_are_told_from_unsupported_python() {
    for bad in ["a = = b", "x = (1", "f(x) = 1", "x = 1 +"] {
        assert!(!super::parse(bad).err().is_some_and(|e| e.is_unsupported()), "{bad}");
        assert!(super::parse(bad).is_err(), "{bad}");
    }
    for valid in ["for i in range(3):\n    x = i", "x = f(a)(b)", "x = 'text'", "a = b = c", "x = [1, 2]"] {
        assert!(super::parse(valid).err().is_some_and(|e| e.is_unsupported()), "{valid}");
    }
}
