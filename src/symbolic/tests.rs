//! Cross-module tests: printing round-trips and value preservation over
//! generated expressions, robustness on random and deeply nested input.

use super::*;

/// Tiny deterministic generator, so the tests need no dependencies.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

const SYMS: [&str; 5] = ["N", "M", "i", "j", "__tmp2"];

fn gen(rng: &mut Lcg, depth: u32) -> String {
    if depth == 0 || rng.below(4) == 0 {
        return match rng.below(6) {
            0 | 1 => format!("{}", rng.below(7) as i64 - 3),
            2 => "A_row[i]".to_string(),
            _ => SYMS[rng.below(SYMS.len() as u64) as usize].to_string(),
        };
    }
    let g = |rng: &mut Lcg| gen(rng, depth - 1);
    match rng.below(16) {
        0 | 1 => format!("({} + {})", g(rng), g(rng)),
        2 | 3 => format!("({} - {})", g(rng), g(rng)),
        4 | 5 => format!("({} * {})", g(rng), g(rng)),
        6 => format!("({})**{}", g(rng), rng.below(4)),
        7 => format!("({}) / {}", g(rng), rng.below(3) + 1),
        8 => format!("-({})", g(rng)),
        9 => format!(
            "{}({}, {})",
            ["Min", "Max"][rng.below(2) as usize],
            g(rng),
            g(rng)
        ),
        10 => format!("int_floor({}, {})", g(rng), rng.below(3) + 1),
        11 => format!("Mod({}, {})", g(rng), rng.below(3) + 2),
        12 => format!("ceiling(({}) / 2)", g(rng)),
        13 => format!("({}) / ({})", g(rng), g(rng)),
        14 => format!("Abs({})", g(rng)),
        _ => format!("{} * 0.5", g(rng)),
    }
}

fn gen_bool(rng: &mut Lcg) -> String {
    let ops = ["<", "<=", ">", ">=", "==", "!="];
    let cmp = |rng: &mut Lcg| {
        format!(
            "({} {} {})",
            gen(rng, 2),
            ops[rng.below(6) as usize],
            gen(rng, 2)
        )
    };
    match rng.below(4) {
        0 => format!("{} and {}", cmp(rng), cmp(rng)),
        1 => format!("{} or not {}", cmp(rng), cmp(rng)),
        2 => format!("not ({} and ({} or {}))", cmp(rng), cmp(rng), cmp(rng)),
        _ => cmp(rng),
    }
}

fn env(rng: &mut Lcg) -> impl Fn(&str) -> Option<Value> {
    let vals: Vec<i64> = (0..SYMS.len() + 1)
        .map(|_| rng.below(9) as i64 - 4)
        .collect();
    move |s: &str| {
        if s.starts_with("A_row[") {
            return Some(Value::Int(vals[SYMS.len()]));
        }
        SYMS.iter()
            .position(|x| *x == s)
            .map(|k| Value::Int(vals[k]))
    }
}

fn close(a: Value, b: Value) -> bool {
    let f = |v: Value| match v {
        Value::Int(i) => i as f64,
        Value::Float(x) => x,
        Value::Bool(b) => f64::from(u8::from(b)),
    };
    a == b || (f(a) - f(b)).abs() <= 1e-9 * f(a).abs().max(1.0)
}

fn check(text: &str, rng: &mut Lcg) {
    let e = parse(text).unwrap_or_else(|err| panic!("{text}: {err}"));
    let s = e.simplify();
    let printed = s.to_string();
    let back = parse(&printed).unwrap_or_else(|err| panic!("{text} printed {printed}: {err}"));
    assert_eq!(back.simplify(), s, "{text}\n printed {printed}");
    assert_eq!(back.simplify().to_string(), printed, "{text}");
    assert_eq!(s.simplify(), s, "not idempotent: {text}");
    // Float rounding may push a value across an integer step of `ceiling` etc.
    let steps = ["ceiling", "int_floor", "Mod"];
    if text.contains('.') && steps.iter().any(|f| text.contains(f)) {
        return;
    }
    for _ in 0..3 {
        let lookup = env(rng);
        if let (Ok(a), Ok(b)) = (e.eval(&lookup), s.eval(&lookup)) {
            assert!(close(a, b), "{text} = {a:?} but {printed} = {b:?}");
        }
        // Simplification may only remove errors (e.g. x/x), never add them.
        if e.eval(&lookup).is_ok() {
            assert!(
                s.eval(&lookup).is_ok(),
                "{text} evaluates but {printed} fails"
            );
        }
    }
}

#[test]
fn arithmetic_round_trip_and_values() {
    let mut rng = Lcg(42);
    for _ in 0..3000 {
        let text = gen(&mut rng, 4);
        check(&text, &mut rng);
    }
}

#[test]
fn boolean_round_trip_and_values() {
    let mut rng = Lcg(1234);
    for _ in 0..1500 {
        let text = gen_bool(&mut rng);
        check(&text, &mut rng);
    }
}

#[test]
fn subset_round_trip() {
    let mut rng = Lcg(99);
    // Float bounds need not round-trip exactly ((x + 1) - 1 != x), so skip them.
    let exact = |rng: &mut Lcg, depth: u32| loop {
        let text = gen(rng, depth);
        if !text.contains('.') {
            return text;
        }
    };
    for _ in 0..500 {
        let ndims = rng.below(3) + 1;
        let dims: Vec<String> = (0..ndims)
            .map(|_| match rng.below(3) {
                0 => exact(&mut rng, 2),
                1 => format!("{}:{}", exact(&mut rng, 2), exact(&mut rng, 2)),
                _ => format!(
                    "{}:{}:{}",
                    exact(&mut rng, 1),
                    exact(&mut rng, 2),
                    rng.below(3) + 1
                ),
            })
            .collect();
        let text = dims.join(", ");
        let s = Subset::parse(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let printed = s.to_string();
        let back =
            Subset::parse(&printed).unwrap_or_else(|e| panic!("{text} printed {printed}: {e}"));
        assert_eq!(back, s, "{text}\n printed {printed}");
        assert_eq!(back.to_string(), printed);
        let _ = s.num_elements();
    }
}

#[test]
fn large_inputs_are_fast() {
    let sum: Vec<String> = (0..20_000)
        .map(|k| format!("{}*x{}", k % 7, k % 1000))
        .collect();
    let e = parse(&sum.join(" + ")).unwrap().simplify();
    assert!(matches!(&e, Expr::Add(ts) if ts.len() == 1000));
    let conj: Vec<String> = (0..20_000).map(|k| format!("(a{k} < {k})")).collect();
    let c = parse(&conj.join(" and ")).unwrap().simplify();
    assert!(matches!(&c, Expr::And(xs) if xs.len() == 20_000));
    let _ = c.to_string();
}

#[test]
fn deep_nesting_is_an_error_not_a_crash() {
    for unit in ["(", "-", "not ", "2**", "f(", "x["] {
        let e = parse(&unit.repeat(10_000)).unwrap_err();
        assert!(
            e.message.contains("nested") || e.message.contains("unexpected"),
            "{unit}: {e}"
        );
    }
    assert!(parse(&format!("{}a", "a // ".repeat(10_000))).is_err());
    let nested = |open: &str, close: &str| {
        format!(
            "{}x{}",
            open.repeat(MAX_DEPTH - 1),
            close.repeat(MAX_DEPTH - 1)
        )
    };
    assert!(parse(&nested("(", ")")).is_ok());
    assert!(parse(&format!("({})", nested("(", ")"))).is_err());
    // Trees at the depth limit must survive every recursive pass.
    for (open, close) in [
        ("(1 + 2*", ")"),
        ("-(", ")"),
        ("Min(1, ", ")"),
        ("A[", "]"),
        ("2**(", ")"),
        ("not (", ")"),
    ] {
        // The deepest nesting of this shape that is still accepted.
        let e = (1..=MAX_DEPTH)
            .rev()
            .find_map(|k| parse(&format!("{}x{}", open.repeat(k), close.repeat(k))).ok())
            .unwrap();
        let s = e.simplify();
        let _ = parse(&s.to_string()).map(|b| b.simplify());
        let _ = e.eval(&|_| Some(Value::Int(1)));
        let _ = (e.free_symbols(), s.substitute(&Default::default()));
    }
    assert!(parse(&vec!["1"; 100_000].join(" + ")).is_ok());
}

#[test]
fn random_input_never_panics() {
    let mut rng = Lcg(7);
    for _ in 0..3000 {
        let len = rng.below(40) as usize;
        let bytes: Vec<u8> = (0..len).map(|_| rng.next() as u8).collect();
        let _ = parse(&String::from_utf8_lossy(&bytes));
    }
    let soup = [
        "(",
        ")",
        "[",
        "]",
        ",",
        "+",
        "-",
        "*",
        "**",
        "/",
        "//",
        "%",
        "<",
        "==",
        "!=",
        "and",
        "or",
        "not",
        "x",
        "A",
        "1",
        "2.5",
        "Min",
        "True",
        "int_floor",
        "9223372036854775808",
        "0",
    ];
    for _ in 0..20_000 {
        let n = rng.below(12) as usize;
        let text: Vec<&str> = (0..n)
            .map(|_| soup[rng.below(soup.len() as u64) as usize])
            .collect();
        if let Ok(e) = parse(&text.join(" ")) {
            let s = e.simplify();
            let _ = s.to_string();
            let _ = e.eval(&|_| Some(Value::Int(0)));
        }
    }
}

/// Integer-valued expressions mixing Python's bitwise operators with arithmetic.
fn gen_bits(rng: &mut Lcg, depth: u32) -> String {
    if depth == 0 || rng.below(4) == 0 {
        return match rng.below(5) {
            0 | 1 => format!("{}", rng.below(9) as i64 - 4),
            _ => SYMS[rng.below(SYMS.len() as u64) as usize].to_string(),
        };
    }
    let g = |rng: &mut Lcg| gen_bits(rng, depth - 1);
    let ops = ["&", "|", "^", "<<", ">>", "+", "-", "*", "//", "%"];
    match rng.below(12) {
        0 => format!("~{}", g(rng)),
        1 => format!("{} << {}", g(rng), rng.below(5)),
        2 => format!("-({} >> {})", g(rng), rng.below(5)),
        3 => format!("(({}) {} {})", g(rng), ["&", "|", "^"][rng.below(3) as usize], g(rng)),
        _ => {
            let op = ops[rng.below(ops.len() as u64) as usize];
            let rhs = if op.len() == 2 && op != "//" { format!("{}", rng.below(4)) } else { g(rng) };
            format!("({} {op} {rhs})", g(rng))
        }
    }
}

#[test]
fn bitwise_round_trip_and_values() {
    let mut rng = Lcg(2024);
    for _ in 0..2000 {
        let text = gen_bits(&mut rng, 4);
        check(&text, &mut rng);
    }
    for text in ["(a < b) & (c >= 1) | ~x", "1 << N >> 2", "a ^ (b ^ c)", "(a | b) | c", "x & 3 == 1"] {
        check(text, &mut rng);
    }
}

#[test]
fn python_operators() {
    let ev = |s: &str| parse(s).unwrap().eval(&|n| (n == "N").then_some(Value::Int(-7)));
    let cases = [
        ("5 & 3", Value::Int(1)),
        ("5 | 3", Value::Int(7)),
        ("5 ^ 3", Value::Int(6)),
        ("~5", Value::Int(-6)),
        ("~N", Value::Int(6)),
        ("1 << 4", Value::Int(16)),
        ("N >> 1", Value::Int(-4)),
        ("N >> 100", Value::Int(-1)),
        ("N << 1", Value::Int(-14)),
        ("N // 2", Value::Int(-4)),
        ("N % 3", Value::Int(2)),
        ("7 % -3", Value::Int(-2)),
        ("N // -2", Value::Int(3)),
        ("2 ** -1", Value::Float(0.5)),
        ("(-2) ** 3", Value::Int(-8)),
        ("-2 ** 2", Value::Int(-4)),
        ("1 + 2 << 1", Value::Int(6)),
        ("1 | 2 ^ 3 & 4", Value::Int(3)),
    ];
    for (text, want) in &cases {
        assert_eq!(ev(text), Ok(*want), "{text}");
    }
    assert_eq!(ev("True & False"), Ok(Value::Bool(false)));
    assert_eq!(ev("True ^ True"), Ok(Value::Bool(false)));
    assert_eq!(ev("~True"), Ok(Value::Int(-2)));
    assert_eq!(ev("(N < 0) | (N > 5)"), Ok(Value::Bool(true)));
    assert_eq!(ev("not N < 0 and True"), Ok(Value::Bool(false)));
    assert_eq!(ev("-3 < N < 0"), Ok(Value::Bool(false)));
    assert!(ev("1.5 & 1").is_err());
    assert!(ev("1 << -1").is_err());
}

#[test]
fn python_operators_print_and_fold() {
    let pr = |s: &str| parse(s).unwrap().simplify().to_string();
    let cases = [
        ("a & b", "a & b"),
        ("a&b&c", "a & b & c"),
        ("(a & b) & c", "a & b & c"),
        ("a | b ^ c & d", "a | b ^ c & d"),
        ("(a | b) & c", "(a | b) & c"),
        ("a << 2 >> b", "a << 2 >> b"),
        ("a << (2 >> b)", "a << (2 >> b)"),
        ("(a + 1) << 2", "a + 1 << 2"),
        ("2*(a << 1)", "2*(a << 1)"),
        ("~a + 1", "~a + 1"),
        ("~(a + 1)", "~(a + 1)"),
        ("-~a", "-(~a)"),
        ("~a**2", "~a**2"),
        ("(a < b) & (c < d)", "(a < b) & (c < d)"),
        ("a & b == c", "a & b == c"),
        ("5 & 3 | 8", "9"),
        ("1 << 63", "1 << 63"),
        ("True | False", "True"),
        ("~~3", "3"),
        ("-8 >> 1", "-4"),
        // DaCe's symbolic spellings.
        ("bitwise_and(a, b)", "a & b"),
        ("BitwiseOr(a, BitwiseXor(b, c))", "a | b ^ c"),
        ("BitwiseNot(a)", "~a"),
        ("LeftShift(a, 3)", "a << 3"),
        ("right_shift(a, 1)", "a >> 1"),
        ("AND(a > 0, b > 0)", "(a > 0) and (b > 0)"),
        ("OR(a > 0, b)", "(a > 0) or b"),
        ("ceil(a/2)", "ceiling(a/2)"),
    ];
    for (input, want) in cases {
        assert_eq!(pr(input), want, "input {input:?}");
    }
    for bad in ["a &", "& a", "a << ", "~", "bitwise_and(a)", "LeftShift(a)", "a &&& b"] {
        assert!(parse(bad).is_err(), "{bad}");
    }
    assert!(parse(&"~".repeat(10_000)).is_err());
    assert!(parse(&format!("{}a", "a << ".repeat(10_000))).is_err());
    assert!(parse(&vec!["a"; 50_000].join(" & ")).is_ok());
}

#[test]
fn linear_sizes_are_solved_for_their_symbol() {
    let e = |t: &str| parse(t).unwrap();
    assert_eq!(e("bins + 1").solve_linear("bins", &e("npt + 1")), Some(e("npt")));
    assert_eq!(e("2 * N").solve_linear("N", &e("2 * M")), Some(e("M")));
    assert_eq!(e("N - 1").solve_linear("N", &e("9")), Some(e("10")));
    assert_eq!(e("N * N").solve_linear("N", &e("16")), None);
    assert_eq!(e("M + 1").solve_linear("N", &e("3")), None);
}
