//! Tests of the comparison rules.

use serde_json::json;

use super::*;

fn none(_: &str) -> Option<&'static Array> {
    None
}

fn cmp(got: &Array, exp: &Array) -> Result<(), String> {
    compare("C", got, exp, &CompareRules::default(), &none)
}

fn corpus_file(name: &str) -> std::path::PathBuf {
    std::path::PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../shared/sdfg-corpus"
    ))
    .join(name)
}

#[test]
fn integers_are_exact() {
    let exp = Array::from_slice([2, 3], &[1i32, 4, 3, 4, 5, 6]).unwrap();
    assert_eq!(cmp(&exp.clone(), &exp), Ok(()));
    let got = Array::from_slice([2, 3], &[1i32, 5, 3, 4, 5, 7]).unwrap();
    assert_eq!(
        cmp(&got, &exp).unwrap_err(),
        "out.C: 2 of 6 elements differ; first at [0, 1] (index 1): got 5, expected 4"
    );
    let b = Array::from_slice([2], &[true, false]).unwrap();
    let b2 = Array::from_slice([2], &[true, true]).unwrap();
    assert!(cmp(&b2, &b)
        .unwrap_err()
        .contains("got True, expected False"));
    let s = Array::scalar(3u32);
    assert_eq!(
        cmp(&Array::scalar(4u32), &s).unwrap_err(),
        "out.C: got 4, expected 3"
    );
}

#[test]
fn floats_use_tolerances() {
    let exp = Array::from_slice([3], &[1.0, 100.0, 0.0f64]).unwrap();
    let close = Array::from_slice([3], &[1.0 + 5e-10, 100.0 - 5e-8, 5e-13f64]).unwrap();
    assert_eq!(cmp(&close, &exp), Ok(()));
    let far = Array::from_slice([3], &[1.0, 100.0 + 2e-7, 2e-12f64]).unwrap();
    let e = cmp(&far, &exp).unwrap_err();
    assert!(
        e.starts_with(
            "out.C: 2 of 3 elements differ; first at [1] (index 1): got 100.0000002, expected 100"
        ),
        "{e}"
    );

    let exp32 = Array::from_slice([2], &[1.0f32, 0.1]).unwrap();
    let ok32 = Array::from_slice([2], &[1.00005f32, 0.100005]).unwrap();
    assert_eq!(cmp(&ok32, &exp32), Ok(()));
    let bad32 = Array::from_slice([2], &[1.0f32, 0.10003]).unwrap();
    assert!(cmp(&bad32, &exp32)
        .unwrap_err()
        .ends_with("got 0.10003, expected 0.1"));
}

#[test]
fn complex_uses_the_modulus() {
    let exp = Array::from_slice([1], &[[3.0, 4.0f64]]).unwrap(); // |exp| = 5
                                                                 // |diff| = 4e-9 <= 1e-12 + 1e-9 * 5
    let ok = Array::from_slice([1], &[[3.0 + 2.4e-9, 4.0 + 3.2e-9f64]]).unwrap();
    assert_eq!(cmp(&ok, &exp), Ok(()));
    let bad = Array::from_slice([1], &[[3.0, 4.0 + 1e-8f64]]).unwrap();
    assert!(cmp(&bad, &exp).unwrap_err().contains("expected (3+4j)"));
    let neg = Array::from_slice([1], &[[3.0, -4.0f64]]).unwrap();
    assert!(cmp(&neg, &exp).unwrap_err().contains("got (3-4j)"));
}

#[test]
fn nan_and_infinity() {
    let exp = Array::from_slice([3], &[f64::NAN, f64::INFINITY, 1.0]).unwrap();
    let same = Array::from_slice([3], &[-f64::NAN, f64::INFINITY, 1.0]).unwrap();
    assert_eq!(cmp(&same, &exp), Ok(()));
    let num_for_nan = Array::from_slice([3], &[0.0, f64::INFINITY, 1.0]).unwrap();
    assert!(cmp(&num_for_nan, &exp)
        .unwrap_err()
        .contains("got 0, expected NaN"));
    let nan_for_num = Array::from_slice([3], &[f64::NAN, f64::INFINITY, f64::NAN]).unwrap();
    assert!(cmp(&nan_for_num, &exp).is_err());
    let neg_inf = Array::from_slice([3], &[f64::NAN, f64::NEG_INFINITY, 1.0]).unwrap();
    assert!(cmp(&neg_inf, &exp).is_err());
    let cexp = Array::from_slice([1], &[[f64::NAN, 0.0]]).unwrap();
    let cgot = Array::from_slice([1], &[[1.0, f64::NAN]]).unwrap();
    assert_eq!(cmp(&cgot, &cexp), Ok(()));
}

#[test]
fn shape_and_dtype_mismatches() {
    let a = Array::zeros(ScalarType::F64, [3, 4]);
    assert_eq!(
        cmp(&Array::zeros(ScalarType::F64, [4, 3]), &a).unwrap_err(),
        "out.C: shape mismatch: got [4, 3], expected [3, 4]"
    );
    assert_eq!(
        cmp(&Array::zeros(ScalarType::F32, [3, 4]), &a).unwrap_err(),
        "out.C: dtype mismatch: got float32, expected float64"
    );
    let broken = Array {
        dtype: ScalarType::F64,
        shape: vec![3, 4],
        data: vec![0; 5],
    };
    assert!(cmp(&broken, &a).is_err());
}

#[test]
fn rules_from_manifest() {
    assert_eq!(
        CompareRules::from_manifest(&serde_json::Value::Null).unwrap(),
        CompareRules::default()
    );
    let r = CompareRules::from_manifest(&json!({
        "float_default": {"float32/complex64": {"rtol": 1e-3, "atol": 1e-4},
                          "float64/complex128": {"rtol": 1e-8, "atol": 1e-10}},
        "override": {"float64/complex128": {"atol": 0.5}},
        "exact_for": "integer and bool outputs",
        "special": {"out": {"mode": "unordered_prefix", "count": "outsz[0]"}}
    }))
    .unwrap();
    assert_eq!(
        r.f32,
        Tolerance {
            rtol: 1e-3,
            atol: 1e-4
        }
    );
    assert_eq!(
        r.f64,
        Tolerance {
            rtol: 1e-8,
            atol: 0.5
        }
    );
    let count = CountRef {
        array: "outsz".into(),
        index: vec![0],
        expr: "outsz[0]".into(),
    };
    assert_eq!(
        r.special,
        vec![("out".to_string(), Special::UnorderedPrefix { count })]
    );

    let flat =
        CompareRules::from_manifest(&json!({"override": {"rtol": 0.1, "atol": 0.2}})).unwrap();
    assert_eq!(
        (flat.f32, flat.f64),
        (
            Tolerance {
                rtol: 0.1,
                atol: 0.2
            },
            Tolerance {
                rtol: 0.1,
                atol: 0.2
            }
        )
    );

    for bad in [
        json!([]),
        json!({"special": {"out": {"mode": "sorted", "count": "n"}}}),
        json!({"special": {"out": {"mode": "unordered_prefix"}}}),
        json!({"special": {"out": {"mode": "unordered_prefix", "count": "outsz[x]"}}}),
        json!({"float_default": {"float128": {"rtol": 1}}}),
        json!({"float_default": {"float32": {"rtol": -1}}}),
    ] {
        assert!(CompareRules::from_manifest(&bad).is_err(), "{bad}");
    }
}

#[test]
fn count_expressions() {
    let c = CountRef::parse(" C[1, 2] ").unwrap();
    assert_eq!(
        (c.array.as_str(), c.index.as_slice()),
        ("C", &[1usize, 2][..])
    );
    assert_eq!(CountRef::parse("n").unwrap().index, Vec::<usize>::new());
    for bad in ["", "[0]", "a[0", "a[-1]", "a b[0]"] {
        assert!(CountRef::parse(bad).is_err(), "{bad}");
    }
    let a = Array::from_slice([2], &[5i64, -1]).unwrap();
    assert_eq!(CountRef::parse("a[0]").unwrap().resolve(&a), Ok(5));
    assert!(CountRef::parse("a[1]").unwrap().resolve(&a).is_err());
    assert!(CountRef::parse("a[2]").unwrap().resolve(&a).is_err());
    assert_eq!(
        CountRef::parse("s").unwrap().resolve(&Array::scalar(3u32)),
        Ok(3)
    );
}

/// `filter_stream`: `out[:outsz[0]]` is compared as a multiset.
#[test]
fn unordered_prefix_on_filter_stream() {
    let manifest: serde_json::Value =
        serde_json::from_slice(&std::fs::read(corpus_file("filter_stream.json")).unwrap()).unwrap();
    let rules = CompareRules::from_manifest(&manifest["compare"]).unwrap();
    let arrays = read_npz(&corpus_file("filter_stream.npz")).unwrap();
    let find = |name: &str| {
        arrays
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, a)| a.clone())
            .unwrap()
    };
    let (exp_out, exp_sz) = (find("out.out"), find("out.outsz"));
    let k = exp_sz.to_vec::<u32>().unwrap()[0] as usize;
    assert!(k > 2 && k < exp_out.len(), "count {k}");
    let exp_lookup = |n: &str| match n {
        "out" => Some(&exp_out),
        "outsz" => Some(&exp_sz),
        _ => None,
    };
    let check = |got: &Array| compare("out", got, &exp_out, &rules, &exp_lookup);
    let mut vals = exp_out.to_vec::<f32>().unwrap();

    vals[..k].reverse();
    vals[k..].iter_mut().for_each(|v| *v = 99.0); // past the count: not checked
    let permuted = Array::from_slice([vals.len()], &vals).unwrap();
    assert_eq!(check(&permuted), Ok(()));

    let mut changed = vals.clone();
    changed[1] += 1.0;
    let e = check(&Array::from_slice([vals.len()], &changed).unwrap()).unwrap_err();
    // Sorting may shift the changed element, so more than one position can differ.
    assert!(
        e.contains(&format!(
            "of {k} elements of the unordered prefix (outsz[0] = {k}) differ"
        )),
        "{e}"
    );

    // A wrong count is caught by compare_outputs (and by outsz's own comparison).
    let got_sz = Array::from_slice([1], &[k as u32 + 1]).unwrap();
    let got_lookup = |n: &str| match n {
        "out" => Some(&permuted),
        "outsz" => Some(&got_sz),
        _ => None,
    };
    let names = ["out", "outsz"];
    let errors = compare_outputs(&names, &got_lookup, &exp_lookup, &rules).unwrap_err();
    assert!(
        errors[0].contains("out.out: count outsz[0]: got"),
        "{errors:?}"
    );
    assert!(errors[1].starts_with("out.outsz: "), "{errors:?}");
    let right_sz = exp_sz.clone();
    let ok_lookup = |n: &str| match n {
        "out" => Some(&permuted),
        "outsz" => Some(&right_sz),
        _ => None,
    };
    assert_eq!(
        compare_outputs(&names, &ok_lookup, &exp_lookup, &rules),
        Ok(())
    );

    // A count beyond the array is an error, not a panic.
    let huge = Array::from_slice([1], &[1000u32]).unwrap();
    let huge_lookup = |n: &str| (n == "outsz").then_some(&huge);
    assert!(compare("out", &permuted, &exp_out, &rules, &huge_lookup)
        .unwrap_err()
        .contains("exceeds"));
    assert!(compare("out", &permuted, &exp_out, &rules, &none)
        .unwrap_err()
        .contains("not an expected output"));
}
