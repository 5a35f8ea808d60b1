//! DaCe's GPU auto-optimize expands matrix products, dot products and
//! transposes on GPU memory into C++ tasklets that call cuBLAS. The
//! tasklet keeps the library node's connectors (`_a`, `_b`, `_c`; `_A`,
//! `_x`, `_y`; `_x`, `_y`, `_result`; `_inp`, `_out`); its call says which
//! operation it is. Recognised, the tasklet becomes that library node
//! again, which the GPU back end runs as a kernel on either runtime:
//!
//! ```text
//! tasklet (C++) {                                  library MatMul
//!   cublasDgemm(h, CUBLAS_OP_N, CUBLAS_OP_N,  =>     _c = _a @ _b
//!     NJ, NI, NK, one, _b, NJ, _a, NK, zero, _c, NJ);
//! }
//! ```
//!
//! cuBLAS is column-major: DaCe passes row-major `C = A @ B` as
//! `C^T = B^T A^T`, the second operand first. Calls of other shapes,
//! factors or functions are left alone (and refused as C++ tasklets on GPU
//! memory).

use crate::model::{BlockKind, Cfg, LibraryNode, NodeKind, Sdfg};
use serde_json::{json, Value};

/// Replaces every recognised cuBLAS tasklet of `sdfg` (nested SDFGs too)
/// by its library node.
pub fn recognise_all(sdfg: &mut Sdfg) {
    cfg(&mut sdfg.cfg);
}

fn cfg(cfg: &mut Cfg) {
    for block in &mut cfg.blocks {
        match &mut block.kind {
            BlockKind::State(s) => {
                for node in &mut s.nodes {
                    match &mut node.kind {
                        NodeKind::Tasklet { code } if code.language.eq_ignore_ascii_case("cpp") => {
                            if let Some(lib) = recognise(&code.code) {
                                node.kind = NodeKind::Library(Box::new(lib));
                            }
                        }
                        NodeKind::NestedSdfg { sdfg, .. } => recognise_all(sdfg),
                        _ => {}
                    }
                }
            }
            BlockKind::Region { cfg: inner, .. } => self::cfg(inner),
            BlockKind::Loop(l) => self::cfg(&mut l.cfg),
            BlockKind::Conditional(branches) => branches.iter_mut().for_each(|b| self::cfg(&mut b.cfg)),
            BlockKind::Break | BlockKind::Continue | BlockKind::Return => {}
        }
    }
}

/// The library node a tasklet's cuBLAS call implements, if it is one of
/// the forms DaCe writes.
pub fn recognise(code: &str) -> Option<LibraryNode> {
    let (function, args) = call(code)?;
    let factor = |a: &str| factor(a, code);
    let (class, properties) = match (function.as_str(), &args[..]) {
        // C^T = op1(X1^T) op2(X2^T) with X1 = B, X2 = A: C = op(A) op(B).
        ("cublasDgemm" | "cublasSgemm", [_, op1, op2, _, _, _, alpha, x1, _, x2, _, beta, c, _]) if x1 == "_b" && x2 == "_a" && c == "_c" => {
            let product = json!({"transA": transposed(op2)?, "transB": transposed(op1)?, "alpha": factor(alpha)?, "beta": factor(beta)?});
            ("dace.libraries.blas.nodes.matmul.MatMul", product)
        }
        // A (row-major) is A^T to cuBLAS: `T` computes A x, `N` A^T x.
        ("cublasDgemv" | "cublasSgemv", [_, op, _, _, alpha, a, _, x, incx, beta, y, incy])
            if a == "_A" && x == "_x" && y == "_y" && incx == "1" && incy == "1" =>
        {
            ("dace.libraries.blas.nodes.gemv.Gemv", json!({"transA": !transposed(op)?, "alpha": factor(alpha)?, "beta": factor(beta)?}))
        }
        ("cublasDdot" | "cublasSdot", [_, _, x, incx, y, incy, result]) if x == "_x" && y == "_y" && result == "_result" && incx == "1" && incy == "1" => {
            ("dace.libraries.blas.nodes.dot.Dot", json!({}))
        }
        // C = 1 * A^T + 0 * B: a transpose.
        ("cublasDgeam" | "cublasSgeam", [_, op1, _, _, _, alpha, a, _, beta, _, _, out, _])
            if a == "_inp" && out == "_out" && transposed(op1)? && factor(alpha)? == 1.0 && factor(beta)? == 0.0 =>
        {
            ("dace.libraries.blas.nodes.transpose.Transpose", json!({}))
        }
        _ => return None,
    };
    let Value::Object(mut map) = properties else { unreachable!() };
    map.insert("schedule".into(), Value::String("GPU_Default".into()));
    LibraryNode::parse(class.into(), map).ok()
}

/// The one cuBLAS call of the code (other statements set up the handle,
/// stream and pointer mode): its function and arguments, whitespace gone.
fn call(code: &str) -> Option<(String, Vec<String>)> {
    let mut found = None;
    for (at, _) in code.match_indices("cublas") {
        let rest = &code[at..];
        let name: String = rest.chars().take_while(|c| c.is_ascii_alphanumeric()).collect();
        let compute = ["gemm", "gemv", "dot", "geam"].iter().any(|f| name.to_ascii_lowercase().ends_with(f));
        if !compute {
            continue;
        }
        if found.is_some() {
            return None;
        }
        let open = rest[name.len()..].trim_start().strip_prefix('(')?;
        let mut depth = 0;
        let mut args = vec![String::new()];
        for c in open.chars() {
            match c {
                '(' => depth += 1,
                ')' if depth == 0 => break,
                ')' => depth -= 1,
                ',' if depth == 0 => {
                    args.push(String::new());
                    continue;
                }
                _ => {}
            }
            if !c.is_whitespace() {
                args.last_mut()?.push(c);
            }
        }
        found = Some((name, args.into_iter().map(|a| strip_cast(&a)).collect()));
    }
    found
}

/// `(double*)_b` is `_b`.
fn strip_cast(arg: &str) -> String {
    match arg.strip_prefix('(').and_then(|r| r.split_once(')')) {
        Some((ty, rest)) if ty.ends_with('*') && !rest.is_empty() => rest.to_string(),
        _ => arg.to_string(),
    }
}

fn transposed(op: &str) -> Option<bool> {
    match op {
        "CUBLAS_OP_N" => Some(false),
        "CUBLAS_OP_T" => Some(true),
        _ => None,
    }
}

/// A factor: DaCe's constants (`...DoublePone()`, `...DoubleZero()`) or a
/// local `double alpha = double(1);` passed as `&alpha`.
fn factor(arg: &str, code: &str) -> Option<f64> {
    if arg.ends_with("Pone()") {
        return Some(1.0);
    }
    if arg.ends_with("Zero()") {
        return Some(0.0);
    }
    let name = arg.strip_prefix('&')?;
    let decl: String = code.split(';').map(|s| s.split_whitespace().collect::<String>()).find(|s| {
        s.strip_prefix("double").or_else(|| s.strip_prefix("float")).is_some_and(|r| r.starts_with(&format!("{name}=")))
    })?;
    let value = decl.split_once('=')?.1;
    let inner = value.strip_prefix("double(").or_else(|| value.strip_prefix("float(")).and_then(|v| v.strip_suffix(')')).unwrap_or(value);
    inner.parse().ok()
}

#[cfg(test)]
mod tests {
    use crate::model::{LibraryClass, ProductKind};

    const GEMM: &str = "cublasHandle_t &h = __state->cublas_handle.Get(-1);\ncublasSetStream(h, s);\ncublasDgemm(h,\n CUBLAS_OP_N, CUBLAS_OP_N,\n NJ, NI, NK,\n __state->cublas_handle.Constants(-1).DoublePone(),\n (double*)_b, NJ,\n (double*)_a, NK,\n __state->cublas_handle.Constants(-1).DoubleZero(),\n (double*)_c, NJ);";

    #[test]
    fn gemm_is_a_matrix_product() {
        let lib = super::recognise(GEMM).expect("recognised");
        let LibraryClass::Product(p) = lib.class() else { panic!("{:?}", lib.class()) };
        assert_eq!(p.kind, ProductKind::MatMul);
        assert!(!p.trans_a && !p.trans_b);
    }

    #[test]
    fn gemv_transposes_by_its_op() {
        let code = "cublasSetPointerMode(h, CUBLAS_POINTER_MODE_HOST);\ndouble alpha = double(1);\ndouble beta = double(0);\ncublasDgemv(h, CUBLAS_OP_N, N, M, (double *)&alpha, _A, N, _x, 1, (double *)&beta, _y, 1);";
        let lib = super::recognise(code).expect("recognised");
        let LibraryClass::Product(p) = lib.class() else { panic!() };
        assert_eq!(p.kind, ProductKind::Gemv);
        assert!(p.trans_a, "OP_N on a row-major matrix is its transpose");
        let plain = super::recognise(&code.replace("CUBLAS_OP_N", "CUBLAS_OP_T")).expect("recognised");
        let LibraryClass::Product(p) = plain.class() else { panic!() };
        assert!(!p.trans_a);
    }

    #[test]
    fn other_calls_are_left_alone() {
        assert!(super::recognise(&GEMM.replace("(double*)_b, NJ,\n (double*)_a", "(double*)_a, NJ,\n (double*)_b")).is_none(), "operands swapped");
        assert!(super::recognise(&GEMM.replace("DoublePone", "DoubleMone")).is_none(), "an unknown factor");
        assert!(super::recognise("cublasDtrsm(h, a, b);").is_none());
        assert!(super::recognise(&format!("{GEMM}\n{GEMM}")).is_none(), "two calls");
    }
}
