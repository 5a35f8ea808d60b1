//! Tests of `analyze`, `check` and the function table.

use super::*;

fn set(names: &[&str]) -> std::collections::BTreeSet<String> {
    names.iter().map(|s| s.to_string()).collect()
}

fn run(src: &str, inputs: &[&str], outputs: &[&str]) -> Result<(), String> {
    let stmts = parse(src).map_err(|e| format!("parse: {e}"))?;
    let globals = |n: &str| matches!(n, "N" | "NW" | "WEIGHTS" | "OFFSET");
    check(&stmts, inputs, outputs, &globals).map_err(|e| e.to_string())
}

#[test]
fn analysis() {
    let stmts = parse("if a > N:\n  out[i] = exp(x)\n  t = 1\nelse:\n  y += dace.float64(t)")
        .unwrap_or_default();
    let a = analyze(&stmts);
    assert_eq!(a.reads, set(&["N", "a", "i", "t", "x", "y"]));
    assert_eq!(a.writes, set(&["out", "t", "y"]));
    assert_eq!(a.calls, set(&["dace.float64", "exp"]));
}

#[test]
fn corpus_style_tasklets_check() {
    let ok = [
        ("__out = (__in1 + __in2)", &["__in1", "__in2"][..], &["__out"][..]),
        ("__out = (dace.int64(__tmp4) // 2)", &["__tmp4"], &["__out"]),
        ("out[a] = 1", &["a"], &["out"]),
        ("y = ((x * WEIGHTS[(i % NW)]) + OFFSET)", &["x", "i"], &["y"]),
        ("if (a > r):\n    b = a\n    osz = 1", &["a", "r"], &["b", "osz"]),
        ("if (elem == 1):\n    val = 1\nelif (elem > 1):\n    sout = (elem - 1)\n    sout = (elem - 2)", &["elem"], &["val", "sout"]),
        ("t = __in1 * 2\n__out = t + N", &["__in1"], &["__out"]),
        ("__out = 1\n__out += __in1", &["__in1"], &["__out"]),
        ("__inout = __inout + 1", &["__inout"], &["__inout"]),
        ("if c:\n  t = 1\nelse:\n  t = 2\no = t", &["c"], &["o"]),
        ("o = math.sqrt(np.abs(x)) + cmath.exp(x) + dace.math.exp(x) + min(x, 1, 2) + round(x) + numpy.float32(x)", &["x"], &["o"]),
        ("o = dace.bool_(x) or np.bool_(x) or bool(x) or isnan(x) or math.atan2(x, 1)", &["x"], &["o"]),
    ];
    for (src, inputs, outputs) in ok {
        assert_eq!(run(src, inputs, outputs), Ok(()), "{src}");
    }
}

#[test]
fn check_errors() {
    let cases = [
        ("__out = __in3", &["__in1"][..], &["__out"][..], "1:9: undefined name '__in3': not an input connector, a variable assigned earlier, or a known symbol"),
        ("__out = __out + 1", &[], &["__out"], "1:9: output connector '__out' is read before it is assigned"),
        ("__out += 1", &[], &["__out"], "1:1: output connector '__out' is read before it is assigned"),
        ("x = 1", &["x"], &["o"], "1:1: cannot assign to input connector 'x'"),
        ("N = 1", &[], &["o"], "1:1: cannot assign to symbol or global 'N'"),
        ("t[0] = 1", &[], &["o"], "1:1: 't' is not an output connector; only output connectors can be assigned by index"),
        ("t = 1\no = t[0]", &[], &["o"], "2:5: local variable 't' is a scalar and cannot be indexed"),
        ("o = foo(1)", &[], &["o"], "1:5: unsupported function 'foo' in tasklets (supported: math functions such as 'exp', 'sqrt', 'min', and casts such as 'dace.float64')"),
        ("o = math.int(1)", &[], &["o"], "1:5: unsupported function 'math.int' in tasklets (supported: math functions such as 'exp', 'sqrt', 'min', and casts such as 'dace.float64')"),
        ("o = dace.float128(1)", &[], &["o"], "1:5: unsupported function 'dace.float128' in tasklets (supported: math functions such as 'exp', 'sqrt', 'min', and casts such as 'dace.float64')"),
        ("o = exp(1, 2)", &[], &["o"], "1:5: 'exp' takes 1 argument but 2 were given"),
        ("o = min(1)", &[], &["o"], "1:5: 'min' takes at least 2 arguments but 1 was given"),
        ("o = round()", &[], &["o"], "1:5: 'round' takes 1 to 2 arguments but 0 were given"),
        ("o = 1 in x", &["x"], &["o"], "1:5: the 'in' operator is not supported in tasklets"),
        ("if c:\n  t = 1\no = t", &["c"], &["o"], "3:5: undefined name 't': not an input connector, a variable assigned earlier, or a known symbol"),
        ("if c:\n  o = 1\nelif d:\n  p = o", &["c", "d"], &["o", "p"], "4:7: output connector 'o' is read before it is assigned"),
        ("o[i] = 1", &[], &["o"], "1:3: undefined name 'i': not an input connector, a variable assigned earlier, or a known symbol"),
        ("o = exp(y)", &[], &["o"], "1:9: undefined name 'y': not an input connector, a variable assigned earlier, or a known symbol"),
    ];
    for (src, inputs, outputs, want) in cases {
        assert_eq!(run(src, inputs, outputs), Err(want.to_string()), "{src}");
    }
}

#[test]
fn corpus_tasklets_check() {
    let tasklets = super::tests::corpus_tasklets();
    for (code, inputs, outputs) in &tasklets {
        let stmts = parse(code).unwrap_or_else(|e| panic!("{code:?}: {e}"));
        let inputs: Vec<&str> = inputs.iter().map(String::as_str).collect();
        let outputs: Vec<&str> = outputs.iter().map(String::as_str).collect();
        // Symbols and constants are not resolved here: any other name counts as a global.
        let globals = |n: &str| !outputs.contains(&n);
        if let Err(e) = check(&stmts, &inputs, &outputs, &globals) {
            panic!("{code:?} (in {inputs:?}, out {outputs:?}): {e}");
        }
    }
    eprintln!("{} corpus tasklets checked", tasklets.len());
}

#[test]
fn resolve_calls() {
    assert_eq!(resolve_call("exp"), Some(Callee::Function("exp")));
    assert_eq!(resolve_call("dace.math.exp"), Some(Callee::Function("exp")));
    assert_eq!(resolve_call("np.sqrt"), Some(Callee::Function("sqrt")));
    assert_eq!(resolve_call("dace.float64"), Some(Callee::Cast("float64")));
    assert_eq!(resolve_call("numpy.uint8"), Some(Callee::Cast("uint8")));
    assert_eq!(resolve_call("np.bool_"), Some(Callee::Cast("bool")));
    assert_eq!(resolve_call("int"), Some(Callee::Function("int")));
    assert_eq!(resolve_call("float64"), None);
    assert_eq!(resolve_call("np.int"), None);
    assert_eq!(resolve_call("os.exp"), None);
    assert_eq!(Callee::Function("atan2").arity(), (2, Some(2)));
    assert_eq!(Callee::Cast("int32").arity(), (1, Some(1)));
    for (name, _, _) in FUNCTIONS {
        assert_eq!(resolve_call(name), Some(Callee::Function(name)));
    }
    for dtype in CAST_DTYPES {
        assert_eq!(
            resolve_call(&format!("dace.{dtype}")),
            Some(Callee::Cast(dtype))
        );
    }
}
