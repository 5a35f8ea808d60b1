//! Tests of `.npz` reading and writing.

use std::io::Write;
use std::path::PathBuf;

use super::*;

/// A fresh, empty scratch directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("sdfg-mlir-npz-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn testdata(name: &str) -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/src/npz/testdata")).join(name)
}

/// A stored zip of raw entries, for building malformed archives.
fn zip_of(entries: &[(&str, &[u8])]) -> Vec<u8> {
    let mut z = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let opts =
        zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Stored);
    for (name, bytes) in entries {
        z.start_file(*name, opts).unwrap();
        z.write_all(bytes).unwrap();
    }
    z.finish().unwrap().into_inner()
}

#[test]
fn reads_deflated_npz() {
    let arrays = read_npz(&testdata("compressed.npz")).unwrap();
    let names: Vec<&str> = arrays.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["a", "b"]);
    assert_eq!(arrays[0].1.to_vec::<i64>(), Some((0..10).collect()));
    assert_eq!(arrays[1].1, Array::scalar(2.5f32));
}

#[test]
fn write_then_read_round_trips() {
    let dir = scratch("roundtrip");
    let path = dir.join("x.npz");
    let arrays = vec![
        (
            "in.A".to_string(),
            Array::from_slice([2, 2], &[1.0, 2.0, 3.0, 4.0f64]).unwrap(),
        ),
        ("in.n".to_string(), Array::scalar(3i32)),
        (
            "out.z".to_string(),
            Array::from_slice([1], &[[0.5, -1.0f64]]).unwrap(),
        ),
        ("out.e".to_string(), Array::zeros(ScalarType::Bool, [0, 3])),
    ];
    write_npz(&path, &arrays).unwrap();
    assert_eq!(read_npz(&path).unwrap(), arrays);
    // Overwriting goes through a temporary file that does not stay behind.
    write_npz(&path, &arrays[..1]).unwrap();
    assert_eq!(read_npz(&path).unwrap(), arrays[..1]);
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn write_rejects_bad_input() {
    let dir = scratch("badwrite");
    let path = dir.join("x.npz");
    let a = Array::scalar(1u8);
    let dup = [("a".to_string(), a.clone()), ("a".to_string(), a.clone())];
    assert!(write_npz(&path, &dup)
        .unwrap_err()
        .to_string()
        .contains("a: duplicate"));
    let broken = Array {
        dtype: ScalarType::F64,
        shape: vec![2],
        data: vec![0; 3],
    };
    assert!(write_npz(&path, &[("b".to_string(), broken)]).is_err());
    assert!(!path.exists());
    let missing_dir = dir.join("no/such/dir/x.npz");
    assert!(matches!(
        write_npz(&missing_dir, &[("a".to_string(), a)]),
        Err(NpzError::Io { .. })
    ));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn errors_name_file_and_entry() {
    let big_endian = std::fs::read(testdata("f8_big_endian.npy")).unwrap();
    let good = write_npy(&Array::scalar(1.0f64));
    let bytes = zip_of(&[("in.B.npy", &good), ("in.A.npy", &big_endian)]);
    let e = read_npz_bytes("t.npz", &bytes).unwrap_err().to_string();
    assert!(e.starts_with("t.npz: in.A: unsupported dtype '>f8'"), "{e}");

    let dup = zip_of(&[("x.npy", &good), ("x", &good)]);
    assert!(read_npz_bytes("t.npz", &dup)
        .unwrap_err()
        .to_string()
        .contains("x: duplicate"));
}

#[test]
fn malformed_archives_are_errors() {
    let good = write_npy(&Array::from_slice([3], &[1i32, 2, 3]).unwrap());
    let bytes = zip_of(&[("a.npy", &good), ("b.npy", &good)]);
    assert_eq!(read_npz_bytes("t.npz", &bytes).unwrap().len(), 2);
    for n in 0..bytes.len() {
        assert!(
            read_npz_bytes("t.npz", &bytes[..n]).is_err(),
            "truncated to {n}"
        );
    }
    // Corrupt the first entry's data: the CRC check or the .npy parser fails.
    let mut corrupt = bytes.clone();
    let at = corrupt.windows(6).position(|w| w == b"\x93NUMPY").unwrap();
    corrupt[at + 1] ^= 0xff;
    assert!(read_npz_bytes("t.npz", &corrupt).is_err());
    assert!(read_npz_bytes("t.npz", b"not a zip").is_err());
    let e = read_npz(std::path::Path::new("/nonexistent/x.npz")).unwrap_err();
    assert!(matches!(e, NpzError::Io { .. }), "{e}");
}
