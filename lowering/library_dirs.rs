//! The directories the dynamic linker finds libraries in, as this machine
//! has them (found once per process): `LD_LIBRARY_PATH`, the directories of
//! the shared objects this process has loaded (libstdc++, libMLIR, libc:
//! the distribution's multiarch directories), and those of every library
//! `ldconfig -p` lists, when `ldconfig` is on `PATH`.

use std::{
    env,
    ffi::{c_int, c_void, CStr},
    path::{Path, PathBuf},
    process::Command,
    sync::OnceLock,
};

/// Every library directory, in search order, without repeats.
pub fn all() -> &'static [PathBuf] {
    static DIRS: OnceLock<Vec<PathBuf>> = OnceLock::new();
    DIRS.get_or_init(|| {
        let mut dirs: Vec<PathBuf> = env::var_os("LD_LIBRARY_PATH").map(|p| env::split_paths(&p).collect()).unwrap_or_default();
        dirs.extend(loaded_object_dirs());
        dirs.extend(ldconfig_dirs());
        let mut seen = std::collections::HashSet::new();
        dirs.retain(|d| d.is_absolute() && seen.insert(d.clone()));
        dirs
    })
}

/// The directories of the shared objects loaded into this process.
fn loaded_object_dirs() -> Vec<PathBuf> {
    unsafe extern "C" fn visit(info: *mut libc::dl_phdr_info, _size: usize, data: *mut c_void) -> c_int {
        // SAFETY: the dynamic linker passes a valid entry; `data` is the Vec below.
        let (info, dirs) = unsafe { (&*info, &mut *(data as *mut Vec<PathBuf>)) };
        if !info.dlpi_name.is_null() {
            // SAFETY: a NUL-terminated name owned by the dynamic linker.
            let name = unsafe { CStr::from_ptr(info.dlpi_name) };
            if let Some(dir) = name.to_str().ok().and_then(|n| Path::new(n).parent()) {
                dirs.push(dir.to_path_buf());
            }
        }
        0
    }
    let mut dirs: Vec<PathBuf> = Vec::new();
    // SAFETY: `visit` only reads each entry and appends to `dirs`.
    unsafe { libc::dl_iterate_phdr(Some(visit), &mut dirs as *mut Vec<PathBuf> as *mut c_void) };
    dirs
}

/// The directories of the libraries in the dynamic linker's cache.
fn ldconfig_dirs() -> Vec<PathBuf> {
    let Ok(out) = Command::new("ldconfig").arg("-p").output() else { return Vec::new() };
    parse_ldconfig(&String::from_utf8_lossy(&out.stdout))
}

/// `\tlibz.so.1 (libc6,x86-64) => /lib/x86_64-linux-gnu/libz.so.1` lines.
fn parse_ldconfig(text: &str) -> Vec<PathBuf> {
    text.lines()
        .filter_map(|l| l.split_once(" => "))
        .filter_map(|(_, path)| Path::new(path.trim()).parent().map(Path::to_path_buf))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ldconfig_lines_give_directories() {
        let text = "2 libs found in cache `/etc/ld.so.cache'\n\tlibz.so.1 (libc6,x86-64) => /opt/z/libz.so.1\n\tlibm.so.6 (libc6,x86-64) => /opt/m/libm.so.6\n";
        assert_eq!(parse_ldconfig(text), vec![PathBuf::from("/opt/z"), PathBuf::from("/opt/m")]);
    }

    #[test]
    fn the_loaded_libc_directory_is_searched() {
        // Every process here links libc dynamically.
        assert!(all().iter().any(|d| d.join("libc.so.6").exists()));
    }
}
