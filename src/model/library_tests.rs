//! Library-node properties are typed once, for every class the compiler
//! knows, and a value of the wrong shape is an error naming the property.

use super::library::{LibraryClass, LibraryNode, LinalgOp, ProductKind, PropertyReason};
use super::{Extra, Schedule};
use crate::symbolic::{Expr, Value};
use crate::tasklet::lambda::Reduction;

fn props(json: &str) -> Extra {
    match serde_json::from_str(json) {
        Ok(serde_json::Value::Object(m)) => m,
        _ => panic!("test properties must be a JSON object: {json}"),
    }
}

fn parse(class: &str, json: &str) -> Result<LibraryNode, super::PropertyError> {
    LibraryNode::parse(format!("dace.libraries.x.{class}"), props(json))
}

#[test]
fn reduce_is_typed_and_keeps_the_text() {
    let json = r#"{"wcr": "(lambda x, y: max(x, y))", "axes": [0, 2], "identity": -9223372036854775808, "schedule": "CPU_Multicore"}"#;
    let lib = parse("Reduce", json).unwrap();
    let LibraryClass::Reduce { wcr, axes, identity } = lib.class() else { panic!("{:?}", lib.class()) };
    assert_eq!((wcr.kind(), axes.clone(), *identity), (Reduction::Max, Some(vec![0, 2]), Some(Value::Int(i64::MIN))));
    assert_eq!((lib.schedule(), lib.implementation(), lib.class_name()), (Schedule::CpuMulticore, None, "Reduce"));
    assert_eq!(lib.properties(), &props(json));
    // The defaults DaCe files leave out: DaCe's `(lambda a, b: a)`, all axes.
    let lib = parse("Reduce", r#"{"identity": 1.5, "implementation": "pure"}"#).unwrap();
    let LibraryClass::Reduce { wcr, axes, identity } = lib.class() else { panic!() };
    assert_eq!((wcr.text(), axes.clone(), *identity), ("(lambda a, b: a)", None, Some(Value::Float(1.5))));
    assert_eq!(lib.implementation(), Some("pure"));
}

#[test]
fn malformed_reduce_properties_name_the_key() {
    let cases = [
        (r#"{"wcr": "lambda a: a"}"#, "wcr", "Reduce property 'wcr' holds a write-conflict resolution that is not a lambda: write-conflict resolution 'lambda a: a' does not take two arguments"),
        (r#"{"wcr": 3}"#, "wcr", "Reduce property 'wcr' is 3, not a string"),
        (r#"{"axes": [0, "1"]}"#, "axes", r#"Reduce property 'axes' is [0,"1"], not a list of axes"#),
        (r#"{"axes": [-1]}"#, "axes", "Reduce property 'axes' is [-1], not a list of axes"),
        (r#"{"identity": "zero"}"#, "identity", r#"Reduce property 'identity' is "zero", not a number"#),
        (r#"{"schedule": "Fast"}"#, "schedule", "Reduce property 'schedule' is not a schedule: unknown schedule `Fast` (not a member of dace.dtypes.ScheduleType)"),
    ];
    for (json, key, message) in cases {
        let e = parse("Reduce", json).unwrap_err();
        assert_eq!((e.key, e.to_string().as_str()), (key, message), "{json}");
    }
}

#[test]
fn products_and_scalars() {
    let lib = parse("Gemm", r#"{"alpha": 2.5, "beta": "N - 1", "transA": true}"#).unwrap();
    let LibraryClass::Product(p) = lib.class() else { panic!() };
    assert_eq!((p.kind, p.trans_a, p.trans_b), (ProductKind::Gemm, true, false));
    assert_eq!((p.alpha.clone(), p.beta.to_string()), (Expr::float(2.5), "N - 1".to_string()));
    assert_eq!(super::constant(&p.alpha), Some(2.5));
    assert_eq!(super::constant(&p.beta), None);
    let lib = parse("MatMul", "{}").unwrap();
    let LibraryClass::Product(p) = lib.class() else { panic!() };
    assert_eq!((super::constant(&p.alpha), super::constant(&p.beta)), (Some(1.0), Some(0.0)));
    let e = parse("Gemm", r#"{"transB": "yes"}"#).unwrap_err();
    assert_eq!(e.to_string(), r#"Gemm property 'transB' is "yes", not true or false"#);
    let e = parse("Axpy", r#"{"a": "2 +"}"#).unwrap_err();
    assert!(matches!(e.reason, PropertyReason::Expr(_)) && e.key == "a", "{e}");
    let lib = parse("Ger", r#"{"alpha": "-1"}"#).unwrap();
    assert_eq!(lib.class(), &LibraryClass::Ger { alpha: Expr::int(-1) });
}

#[test]
fn the_other_known_classes() {
    let lib = parse("TensorDot", r#"{"left_axes": [1, 2], "right_axes": [1, 0], "permutation": []}"#).unwrap();
    assert_eq!(lib.class(), &LibraryClass::TensorDot { left_axes: vec![1, 2], right_axes: vec![1, 0], permutation: None });
    let lib = parse("IFFT", r#"{"factor": "0.125"}"#).unwrap();
    assert_eq!(lib.class(), &LibraryClass::Fft { inverse: true, factor: Some(Expr::float(0.125)) });
    let lib = parse("Cholesky", r#"{"lower": false}"#).unwrap();
    assert_eq!(lib.class(), &LibraryClass::Linalg { op: LinalgOp::Cholesky, lower: false });
    let lib = parse("TensorTranspose", r#"{"axes": [2, 0, 1]}"#).unwrap();
    assert_eq!(lib.class(), &LibraryClass::TensorTranspose { axes: Some(vec![2, 0, 1]), alpha: Expr::int(1), beta: Expr::int(0) });
    let e = parse("Einsum", "{}").unwrap_err();
    assert_eq!(e.to_string(), "Einsum property 'einsum_str' is null, not a string");
    // A class the compiler does not know keeps its properties, untyped.
    let lib = parse("Stencil", r#"{"code": 7, "schedule": "Sequential"}"#).unwrap();
    assert_eq!((lib.class(), lib.schedule()), (&LibraryClass::Other, Schedule::Sequential));
}
