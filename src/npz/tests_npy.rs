//! Tests of `.npy` reading/writing against files written by NumPy 1.26
//! (`testdata/`), and of malformed input.

use super::*;

fn testdata(name: &str) -> Vec<u8> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/src/npz/testdata/").to_string() + name;
    std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// A v1.0 `.npy` with an arbitrary header text (padded like NumPy).
fn npy_with_header(header: &str, data: &[u8]) -> Vec<u8> {
    let mut h = header.to_string();
    while !(10 + h.len() + 1).is_multiple_of(64) {
        h.push(' ');
    }
    h.push('\n');
    let mut out = b"\x93NUMPY\x01\x00".to_vec();
    out.extend_from_slice(&(h.len() as u16).to_le_bytes());
    out.extend_from_slice(h.as_bytes());
    out.extend_from_slice(data);
    out
}

fn reference_arrays() -> Vec<(&'static str, Array)> {
    let f32s: Vec<f32> = (0..60).map(|i| -1.0 + 2.0 * i as f32 / 59.0).collect();
    vec![
        (
            "f8_2x3.npy",
            Array::from_slice([2, 3], &[-1.0, -0.5, 0.0, 0.5, 1.0, 1.5f64]).unwrap(),
        ),
        ("i4_scalar.npy", Array::scalar(-7i32)),
        (
            "b1_4.npy",
            Array::from_slice([4], &[true, false, false, true]).unwrap(),
        ),
        (
            "c16_2.npy",
            Array::from_slice([2], &[[1.0, 2.0], [-0.5, -3.25f64]]).unwrap(),
        ),
        (
            "u4_1.npy",
            Array::from_slice([1], &[4_000_000_000u32]).unwrap(),
        ),
        ("f4_3x4x5.npy", Array::from_slice([3, 4, 5], &f32s).unwrap()),
        ("i8_empty.npy", Array::zeros(ScalarType::I64, [0])),
        (
            "u1_fullpad.npy",
            Array::zeros(ScalarType::U8, [0, 1, 1, 1, 1, 1, 1, 1, 100000000000000000]),
        ),
    ]
}

#[test]
fn reads_numpy_files() {
    for (file, want) in reference_arrays() {
        let got = read_npy(&testdata(file)).unwrap_or_else(|e| panic!("{file}: {e}"));
        assert_eq!(got.dtype, want.dtype, "{file}");
        assert_eq!(got.shape, want.shape, "{file}");
        if file != "f4_3x4x5.npy" {
            assert_eq!(got, want, "{file}");
        }
    }
}

#[test]
fn write_matches_numpy_bytes() {
    for (file, want) in reference_arrays() {
        // linspace rounding differs from ours: take NumPy's values, check the bytes
        let a = if file == "f4_3x4x5.npy" {
            read_npy(&testdata(file)).unwrap()
        } else {
            want
        };
        assert_eq!(write_npy(&a), testdata(file), "{file}");
    }
}

#[test]
fn reads_versions_2_and_3() {
    let want = Array::from_slice([2], &[1.5, 2.5f64]).unwrap();
    assert_eq!(read_npy(&testdata("f8_v2.npy")).unwrap(), want);
    assert_eq!(read_npy(&testdata("f8_v3.npy")).unwrap(), want);
}

#[test]
fn rejects_big_endian() {
    let e = read_npy(&testdata("f8_big_endian.npy"))
        .unwrap_err()
        .to_string();
    assert!(e.contains("unsupported dtype '>f8'"), "{e}");
}

#[test]
fn reads_fortran_order_into_c_order() {
    // numpy.save(np.asfortranarray([[0, 1, 2], [3, 4, 5]], dtype=float)).
    let a = read_npy(&testdata("f8_fortran.npy")).unwrap();
    assert_eq!(a.shape, vec![2, 3]);
    assert_eq!(a.to_vec::<f64>(), Some(vec![0.0, 1.0, 2.0, 3.0, 4.0, 5.0]));
    // Three axes, shape (2, 3, 2): element (i, j, k) holds 100i + 10j + k,
    // stored with the first axis fastest.
    let mut fortran = Vec::new();
    for k in 0..2i32 {
        for j in 0..3i32 {
            for i in 0..2i32 {
                fortran.extend_from_slice(&(100 * i + 10 * j + k).to_le_bytes());
            }
        }
    }
    let three_d = npy_with_header("{'descr': '<i4', 'fortran_order': True, 'shape': (2, 3, 2), }", &fortran);
    let want: Vec<i32> = (0..2).flat_map(|i| (0..3).flat_map(move |j| (0..2).map(move |k| 100 * i + 10 * j + k))).collect();
    assert_eq!(read_npy(&three_d).unwrap().to_vec::<i32>(), Some(want));
    // One axis: Fortran and C order are the same layout.
    let one_d = npy_with_header(
        "{'descr': '<i4', 'fortran_order': True, 'shape': (2,), }",
        &[1, 0, 0, 0, 2, 0, 0, 0],
    );
    assert_eq!(read_npy(&one_d).unwrap().to_vec::<i32>(), Some(vec![1, 2]));
    // No elements.
    let empty = npy_with_header("{'descr': '<f8', 'fortran_order': True, 'shape': (0, 3), }", &[]);
    assert_eq!(read_npy(&empty).unwrap().shape, vec![0, 3]);
}

#[test]
fn every_truncation_is_an_error() {
    for (file, _) in reference_arrays() {
        let bytes = testdata(file);
        for n in 0..bytes.len() {
            assert!(read_npy(&bytes[..n]).is_err(), "{file} truncated to {n}");
        }
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(read_npy(&longer).is_err(), "{file} with a trailing byte");
    }
}

#[test]
fn bad_headers_are_errors() {
    let cases = [
        (
            "{'descr': '<f8', 'fortran_order': False, 'shape': (18446744073709551615, 2), }",
            "overflows",
        ),
        (
            "{'descr': '<f8', 'fortran_order': False, 'shape': (1000000000000,), }",
            "needs 8000000000000 bytes",
        ),
        (
            "{'descr': '<f8', 'fortran_order': False, 'shape': (99999999999999999999999,), }",
            "too large",
        ),
        (
            "{'descr': '<f8', 'fortran_order': False, }",
            "lacks 'shape'",
        ),
        (
            "{'descr': [('a', '<f8')], 'fortran_order': False, 'shape': (), }",
            "structured",
        ),
        (
            "{'descr': '<U3', 'fortran_order': False, 'shape': (), }",
            "unsupported dtype '<U3'",
        ),
        (
            "{'descr': '<f8', 'fortran_order': 0, 'shape': (), }",
            "fortran_order",
        ),
        (
            "{'descr': '<f8', 'fortran_order': False, 'shape': (2.5,), }",
            "malformed",
        ),
        (
            "{'descr': '<f8', 'fortran_order': False, 'shape': (), 'x': 1}",
            "unexpected header key",
        ),
        ("{'descr': '<f8' 'fortran_order': False}", "malformed"),
        ("{'descr': '<f8", "unterminated"),
        ("[1, 2]", "not a dict"),
        ("{} extra", "trailing"),
        ("", "unexpected end"),
    ];
    for (header, want) in cases {
        let e = read_npy(&npy_with_header(header, &[0; 8]))
            .unwrap_err()
            .to_string();
        assert!(e.contains(want), "{header}: {e}");
    }
    let deep = format!("{}{}", "(".repeat(10_000), ")".repeat(10_000));
    assert!(read_npy(&npy_with_header(&deep, &[])).is_err());
    assert!(read_npy(b"NOTNUMPY\x01\x00\x00\x00").is_err());
    let mut v4 = testdata("f8_2x3.npy");
    v4[6] = 4;
    assert!(read_npy(&v4)
        .unwrap_err()
        .to_string()
        .contains("version 4.0"));
}

#[test]
fn float16_values() {
    let bits: [u16; 5] = [0x3c00, 0xc000, 0x7c00, 0x7bff, 0x0001];
    let data: Vec<u8> = bits.iter().flat_map(|b| b.to_le_bytes()).collect();
    let a = read_npy(&npy_with_header(
        "{'descr': '<f2', 'fortran_order': False, 'shape': (5,), }",
        &data,
    ))
    .unwrap();
    let vals: Vec<f64> = (0..5).map(|i| a.get_f64(i).unwrap()).collect();
    assert_eq!(vals, [1.0, -2.0, f64::INFINITY, 65504.0, 2f64.powi(-24)]);
}

#[test]
fn dtype_names_and_descrs() {
    for name in [
        "bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
    ] {
        let d = ScalarType::from_name(name).unwrap();
        assert_eq!(d.name(), name);
        assert_eq!(ScalarType::from_descr(d.descr()), Ok(d));
    }
    for name in ["float16", "float32", "float64", "complex64", "complex128"] {
        let d = ScalarType::from_name(name).unwrap();
        assert_eq!(ScalarType::from_descr(d.descr()), Ok(d));
    }
    assert_eq!(ScalarType::from_descr("<b1"), Ok(ScalarType::Bool));
    assert_eq!(ScalarType::from_descr(">u1"), Ok(ScalarType::U8));
    assert!(ScalarType::from_descr(">i4").is_err());
    assert!(ScalarType::from_name("float128").is_none());
}

#[test]
fn array_helpers() {
    let a = Array::from_slice([2, 3], &[1i64, 2, 3, 4, 5, 6]).unwrap();
    assert_eq!((a.len(), a.ndim(), a.element_size()), (6, 2, 8));
    assert_eq!(a.unravel(4), vec![1, 1]);
    assert_eq!(a.ravel(&[1, 2]), Some(5));
    assert_eq!(a.ravel(&[2, 0]), None);
    assert_eq!(a.get(7), None);
    assert_eq!(a.to_vec::<i32>(), None);
    assert!(Array::from_slice([4], &[1i64]).is_err());
    assert!(Array::try_zeros(ScalarType::F64, [usize::MAX, 2]).is_err());
    assert_eq!(Array::scalar(2.5f32).len(), 1);
}
