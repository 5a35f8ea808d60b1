//! `.npz` archives: zip files of `.npy` entries (`numpy.savez`).

use std::fs;
use std::io::{Cursor, Read, Write};
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};

use zip::write::SimpleFileOptions;
use zip::{CompressionMethod, ZipArchive, ZipWriter};

use super::array::{byte_size, Array};
use super::npy::{read_npy, write_npy};
use super::NpzError;

/// Capacity reserved up front for one entry, whatever its header declares,
/// so a corrupt size field cannot trigger a huge allocation.
const MAX_RESERVE: u64 = 1 << 26;

/// Reads every array of an `.npz` file, in archive order, with the `.npy`
/// suffix removed from the names. Entries may be stored or deflated
/// (`numpy.savez_compressed`).
pub fn read_npz(path: &Path) -> Result<Vec<(String, Array)>, NpzError> {
    let file = path.display().to_string();
    let bytes = fs::read(path).map_err(|source| NpzError::Io {
        file: file.clone(),
        source,
    })?;
    read_npz_bytes(&file, &bytes)
}

/// [`read_npz`] on an in-memory archive; `file` names it in errors.
pub fn read_npz_bytes(file: &str, bytes: &[u8]) -> Result<Vec<(String, Array)>, NpzError> {
    let archive_err = |message: String| NpzError::Archive {
        file: file.to_string(),
        message,
    };
    let mut zip = ZipArchive::new(Cursor::new(bytes))
        .map_err(|e| archive_err(format!("not a valid zip archive: {e}")))?;
    let mut arrays: Vec<(String, Array)> = Vec::with_capacity(zip.len());
    for i in 0..zip.len() {
        let mut entry = zip
            .by_index(i)
            .map_err(|e| archive_err(format!("entry #{i}: {e}")))?;
        if entry.is_dir() {
            continue;
        }
        let raw_name = entry.name().to_string();
        let name = raw_name
            .strip_suffix(".npy")
            .unwrap_or(&raw_name)
            .to_string();
        let entry_err = |message: String| NpzError::Entry {
            file: file.to_string(),
            entry: name.clone(),
            message,
        };
        if arrays.iter().any(|(n, _)| *n == name) {
            return Err(entry_err("duplicate entry".to_string()));
        }
        let declared = entry.size();
        let mut buf = Vec::with_capacity(declared.min(MAX_RESERVE) as usize);
        // Read one byte past the declared size to detect a lying header.
        (&mut entry)
            .take(declared.saturating_add(1))
            .read_to_end(&mut buf)
            .map_err(|e| entry_err(format!("cannot read entry: {e}")))?;
        if buf.len() as u64 != declared {
            return Err(entry_err(format!(
                "entry holds {} bytes, its header declares {declared}",
                buf.len()
            )));
        }
        let array = read_npy(&buf).map_err(|e| entry_err(e.to_string()))?;
        arrays.push((name, array));
    }
    Ok(arrays)
}

/// Writes `arrays` as an uncompressed `.npz` (entries `<name>.npy`, like
/// `numpy.savez`). The file is written to a temporary sibling and renamed
/// into place, so readers never see a half-written archive.
pub fn write_npz(path: &Path, arrays: &[(String, Array)]) -> Result<(), NpzError> {
    let file = path.display().to_string();
    for (i, (name, a)) in arrays.iter().enumerate() {
        let entry_err = |message: String| NpzError::Entry {
            file: file.clone(),
            entry: name.clone(),
            message,
        };
        if name.is_empty() {
            return Err(entry_err("empty array name".to_string()));
        }
        if arrays[..i].iter().any(|(n, _)| n == name) {
            return Err(entry_err("duplicate array name".to_string()));
        }
        if byte_size(a.dtype, &a.shape) != Some(a.data.len()) {
            return Err(entry_err(format!(
                "{} bytes of data do not match {} {:?}",
                a.data.len(),
                a.dtype,
                a.shape
            )));
        }
    }
    let bytes = npz_bytes(arrays).map_err(|message| NpzError::Archive {
        file: file.clone(),
        message,
    })?;
    write_atomically(path, &bytes).map_err(|source| NpzError::Io { file, source })
}

/// Builds the zip archive in memory.
fn npz_bytes(arrays: &[(String, Array)]) -> Result<Vec<u8>, String> {
    let mut zip = ZipWriter::new(Cursor::new(Vec::new()));
    for (name, a) in arrays {
        let npy = write_npy(a);
        let options = SimpleFileOptions::default()
            .compression_method(CompressionMethod::Stored)
            .large_file(npy.len() as u64 >= u64::from(u32::MAX));
        zip.start_file(format!("{name}.npy"), options)
            .map_err(|e| format!("{name}: {e}"))?;
        zip.write_all(&npy).map_err(|e| format!("{name}: {e}"))?;
    }
    Ok(zip.finish().map_err(|e| e.to_string())?.into_inner())
}

/// Writes `bytes` to a temporary file next to `path`, syncs it and renames
/// it over `path`; the temporary file is removed on failure.
fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let file_name = path.file_name().ok_or_else(|| {
        std::io::Error::new(std::io::ErrorKind::InvalidInput, "path has no file name")
    })?;
    let mut tmp_name = std::ffi::OsString::from(".");
    tmp_name.push(file_name);
    // pid + counter: unique across processes and across threads of this one
    static COUNTER: AtomicUsize = AtomicUsize::new(0);
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    tmp_name.push(format!(".tmp{}.{n}", std::process::id()));
    let tmp = path.with_file_name(tmp_name);
    let result = (|| {
        let mut f = fs::File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result
}
