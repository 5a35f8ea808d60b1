//! Parser tests: corpus tasklets, precedence, layout, error positions, robustness.

use super::*;

/// Parses `__x = <src>` and renders the value fully parenthesised.
fn expr(src: &str) -> String {
    match parse(&format!("__x = {src}")) {
        Ok(stmts) => match stmts.as_slice() {
            [Stmt::Assign { value, .. }] => value.to_string(),
            other => panic!("unexpected statements {other:?}"),
        },
        Err(e) => panic!("{src}: {e}"),
    }
}

fn err(src: &str) -> String {
    match parse(src) {
        Ok(stmts) => panic!("{src:?} parsed: {stmts:?}"),
        Err(e) => e.to_string(),
    }
}

/// A corpus tasklet: code, input connectors, output connectors.
pub(super) type CorpusTasklet = (String, Vec<String>, Vec<String>);

fn connectors(v: &serde_json::Value) -> Vec<String> {
    v.as_object()
        .map(|m| m.keys().cloned().collect())
        .unwrap_or_default()
}

fn collect_tasklets(v: &serde_json::Value, out: &mut Vec<CorpusTasklet>) {
    match v {
        serde_json::Value::Object(map) => {
            if map.get("type").and_then(|t| t.as_str()) == Some("Tasklet") {
                let attrs = &map["attributes"];
                let code = &attrs["code"];
                if code["language"].as_str() == Some("Python") {
                    if let Some(s) = code["string_data"].as_str() {
                        out.push((
                            s.to_string(),
                            connectors(&attrs["in_connectors"]),
                            connectors(&attrs["out_connectors"]),
                        ));
                    }
                }
            }
            map.values().for_each(|x| collect_tasklets(x, out));
        }
        serde_json::Value::Array(items) => items.iter().for_each(|x| collect_tasklets(x, out)),
        _ => {}
    }
}

pub(super) fn corpus_tasklets() -> Vec<CorpusTasklet> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/sdfg-corpus");
    let mut codes = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir) else {
        return codes;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.extension().is_some_and(|e| e == "sdfg") {
            let text = std::fs::read_to_string(&path).unwrap_or_default();
            if let Ok(v) = serde_json::from_str::<serde_json::Value>(&text) {
                collect_tasklets(&v, &mut codes);
            }
        }
    }
    codes.sort();
    codes.dedup();
    codes
}

pub(super) fn corpus_codes() -> Vec<String> {
    let mut codes: Vec<String> = corpus_tasklets().into_iter().map(|t| t.0).collect();
    codes.dedup();
    codes
}

#[test]
fn corpus_tasklets_parse() {
    let codes = corpus_codes();
    if codes.is_empty() {
        eprintln!("corpus not found; skipping");
        return;
    }
    for code in &codes {
        if let Err(e) = parse(code) {
            panic!("{code:?}: {e}");
        }
    }
    eprintln!("{} distinct corpus tasklets parsed", codes.len());
}

#[test]
fn brief_examples_parse() {
    let srcs = [
        "__out = (__in1 + __in2)",
        "out[a] = 1",
        "lookup = __ind_in_x[index_A_col_0]",
        "__out = (dace.float64(__in1) + __in2)",
        "__out = (__in1 + dace.complex128(__in2))",
        "__out = (dace.int64(__tmp4) // 2)",
        "__out = (__in1 and __in2)",
        "__out = (- 3.4028234663852886e+38)",
        "y = ((x * WEIGHTS[(i % NW)]) + OFFSET)",
        "if (a > r):\n    b = a\n    osz = 1",
        "if (elem == 1):\n    val = 1\nelif (elem > 1):\n    sout = (elem - 1)\n    sout = (elem - 2)",
    ];
    for src in srcs {
        parse(src).unwrap_or_else(|e| panic!("{src}: {e}"));
    }
}

#[test]
fn precedence() {
    assert_eq!(expr("a + b * c ** -d"), "(a + (b * (c ** (-d))))");
    assert_eq!(expr("not a == b and c"), "((not (a == b)) and c)");
    assert_eq!(
        expr("x if a else y if b else z"),
        "(x if a else (y if b else z))"
    );
    assert_eq!(expr("-a ** b"), "(-(a ** b))");
    assert_eq!(expr("a ** b ** c"), "(a ** (b ** c))");
    assert_eq!(expr("a - b - c"), "((a - b) - c)");
    assert_eq!(expr("a // b % c * d"), "(((a // b) % c) * d)");
    assert_eq!(
        expr("a | b ^ c & d << e + f"),
        "(a | (b ^ (c & (d << (e + f)))))"
    );
    assert_eq!(expr("a or b and c"), "(a or (b and c))");
    assert_eq!(expr("a and b or c and d"), "((a and b) or (c and d))");
    assert_eq!(expr("a and b and c"), "(a and b and c)");
    assert_eq!(expr("~a + -b * +c"), "((~a) + ((-b) * (+c)))");
    assert_eq!(expr("not not a"), "(not (not a))");
    assert_eq!(
        expr("a + b if c or d else e"),
        "((a + b) if (c or d) else e)"
    );
    assert_eq!(expr("(a + b) * c"), "((a + b) * c)");
    assert_eq!(expr("2 ** -1"), "(2 ** (-1))");
    assert_eq!(expr("a < b == c"), "(a < b == c)");
}

#[test]
fn comparisons() {
    assert_eq!(expr("a < b < c"), "(a < b < c)");
    assert_eq!(expr("a is not b"), "(a is not b)");
    assert_eq!(expr("a not in b"), "(a not in b)");
    assert_eq!(expr("a + 1 <= b * 2 != c"), "((a + 1) <= (b * 2) != c)");
    match &parse("x = 1 < y >= 3").unwrap_or_default()[..] {
        [Stmt::Assign {
            value: Expr::Compare { ops, operands, .. },
            ..
        }] => {
            assert_eq!(ops, &[CmpOp::Lt, CmpOp::Ge]);
            assert_eq!(operands.len(), 3);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn literals() {
    assert_eq!(
        expr("0x_FF + 1_000 + 0o17 + 0b101 + 0"),
        "((((255 + 1000) + 15) + 5) + 0)"
    );
    assert_eq!(expr("1e-05"), "1e-5");
    assert_eq!(expr("2."), "2.0");
    assert_eq!(expr(".5"), "0.5");
    assert_eq!(expr("1_0.2_5e1_0"), "102500000000.0");
    assert_eq!(expr("1j + 2.5J"), "(1.0j + 2.5j)");
    assert_eq!(expr("True or False or None"), "(True or False or None)");
    assert_eq!(expr("math.inf"), "inf");
    assert_eq!(expr("-math.pi"), format!("(-{:?})", std::f64::consts::PI));
    assert_eq!(expr("9223372036854775808"), "9223372036854775808");
}

#[test]
fn calls_and_subscripts() {
    assert_eq!(expr("dace.math.exp(x)"), "dace.math.exp(x)");
    // A GPU thread's coordinates read as names; other attributes do not.
    assert_eq!(expr("threadIdx.x + blockDim.y"), "(threadIdx.x + blockDim.y)");
    assert!(err("x = threadIdx.w").contains("attribute access"));
    assert_eq!(expr("min(a, b, c,)"), "min(a, b, c)");
    assert_eq!(expr("f()"), "f()");
    assert_eq!(
        expr("A[i][j] + A[i, j] + A[(i, j)] + A[i,]"),
        "(((A[i, j] + A[i, j]) + A[i, j]) + A[i])"
    );
    assert_eq!(expr("A[(i % NW)]"), "A[(i % NW)]");
    assert_eq!(expr("A[B[i], f(j)]"), "A[B[i], f(j)]");
    let stmts = parse("A[i, j] = x").unwrap_or_default();
    match &stmts[..] {
        [Stmt::Assign {
            target: Target::Subscript { name, indices, .. },
            op: None,
            ..
        }] => {
            assert_eq!(name, "A");
            assert_eq!(indices.len(), 2);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn augmented_assignments() {
    let ops = [
        "+", "-", "*", "/", "//", "%", "**", "&", "|", "^", "<<", ">>",
    ];
    for op in ops {
        for target in ["x", "A[i, j]"] {
            let src = format!("{target} {op}= 2");
            match &parse(&src).unwrap_or_else(|e| panic!("{src}: {e}"))[..] {
                [Stmt::Assign { op: Some(o), .. }] => assert_eq!(o.as_str(), op),
                other => panic!("{other:?}"),
            }
        }
    }
}

#[test]
fn layout() {
    let stmts = parse("\n    a = 1\n    if a:\n        b = 2\n    else:\n        pass\n")
        .unwrap_or_default();
    assert_eq!(stmts.len(), 2);
    assert!(matches!(&stmts[1], Stmt::If { orelse, .. } if orelse.len() == 1));
    // Spans refer to the original string, before dedenting.
    assert_eq!(
        stmts[0].span(),
        Span {
            start: 5,
            end: 10,
            line: 2,
            col: 5
        }
    );
    let tabs = parse("if a:\n\tb = 1\n\tif c:\n\t\td = 1\nelse:\n\te = 2").unwrap_or_default();
    assert_eq!(tabs.len(), 1);
    assert_eq!(
        parse("a = 1; b = 2;  # c\n\n# x\n   \nc = (1 +\n  2)\nd = \\\n 3")
            .unwrap_or_default()
            .len(),
        4
    );
    assert_eq!(
        parse("if a: b = 1; c = 2\nelif d: pass\nelse: e = 1")
            .unwrap_or_default()
            .len(),
        1
    );
    assert_eq!(parse("a = 1\r\nb = 2\r\n").unwrap_or_default().len(), 2);
    assert_eq!(parse("").unwrap_or_default(), vec![]);
    assert_eq!(parse("  \n# only a comment\n").unwrap_or_default(), vec![]);
    let nested = parse("if a:\n  if b:\n    x = 1\n  y = 2\nz = 3").unwrap_or_default();
    assert_eq!(nested.len(), 2);
}

#[test]
fn spans() {
    let stmts = parse("x = (a + b) * c").unwrap_or_default();
    let [Stmt::Assign { value, target, .. }] = &stmts[..] else {
        panic!("{stmts:?}")
    };
    assert_eq!(
        target.span(),
        Span {
            start: 0,
            end: 1,
            line: 1,
            col: 1
        }
    );
    assert_eq!((value.span().start, value.span().end), (4, 15));
    let stmts = parse("y = é + f(z)").unwrap_or_default();
    let [Stmt::Assign {
        value: Expr::Binary { right, .. },
        ..
    }] = &stmts[..]
    else {
        panic!("{stmts:?}")
    };
    // Columns count characters; offsets count bytes.
    assert_eq!(
        right.span(),
        Span {
            start: 9,
            end: 13,
            line: 1,
            col: 9
        }
    );
}

#[test]
fn deepest_accepted_nesting_fits_a_small_stack() {
    // About 10 KiB of stack per nesting level in unoptimised builds, far less when optimised.
    let worst = [
        format!("x = {}1{}", "(".repeat(99), ")".repeat(99)),
        format!("x = {}1{}", "f(".repeat(99), ")".repeat(99)),
        format!("x = {}1{}", "A[".repeat(99), "]".repeat(99)),
        format!("x = {}1{}", "(a + ".repeat(99), ")".repeat(99)),
        format!("x = {}1", "(not a) if b else ".repeat(98)),
    ];
    let handle = std::thread::Builder::new()
        .stack_size(3 << 19)
        .spawn(move || {
            worst
                .iter()
                .map(|src| parse(src).map(|s| (analyze(&s), s.len())))
                .collect::<Vec<_>>()
        });
    let results = handle.ok().and_then(|h| h.join().ok()).unwrap_or_default();
    assert_eq!(results.len(), 5);
    assert!(results.iter().all(|r| r.is_ok()), "{results:?}");
}

#[test]
fn nesting_limits() {
    let deep = |n: usize| format!("x = {}1{}", "(".repeat(n), ")".repeat(n));
    assert!(parse(&deep(90)).is_ok());
    assert!(err(&deep(200)).contains("nested too deeply"));
    // 100k unclosed parentheses: an error, not a stack overflow.
    assert!(parse(&format!("x = {}", "(".repeat(100_000))).is_err());
    assert!(parse(&format!("x = {}1", "-".repeat(100_000))).is_err());
    assert!(parse(&format!("x = 2{}", " ** 2".repeat(100_000))).is_err());
    assert!(parse(&format!("x = 1{}", " + 1".repeat(150))).is_ok());
    assert!(err(&format!("x = 1{}", " + 1".repeat(100_000))).contains("too complex"));
    assert!(parse(&format!("x = 1{}", " and 1".repeat(100_000))).is_ok());
    assert!(parse(&format!("x = A{}", "[A".repeat(100_000))).is_err());
    let mut blocks = String::new();
    for i in 0..150 {
        blocks += &format!("{}if a:\n", " ".repeat(i));
    }
    blocks += &format!("{}pass\n", " ".repeat(150));
    assert!(err(&blocks).contains("too many levels of indentation"));
}

#[test]
fn replace_names_rewrites_free_uses_only() {
    let names: std::collections::HashMap<String, String> = [("i".to_string(), "(3)".to_string())].into();
    let code = "out = x.i + i * 2\nif i > 1:\n    out = math.i(i)";
    assert_eq!(
        super::replace_names(code, &names).unwrap(),
        "out = x.i + (3) * 2\nif (3) > 1:\n    out = math.i((3))"
    );
}
