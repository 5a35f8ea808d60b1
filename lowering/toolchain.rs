//! The external toolchain native code needs, found at run time, once per
//! process: clang (the C++ tasklets' compiler and the linker driver of
//! ahead-of-time libraries), libomp (OpenMP's runtime, always linked),
//! OpenBLAS and LAPACKE (optional: without them library nodes lower to loop
//! nests).
//!
//! Each is taken from its environment variable when set (`SDFG_CLANG`,
//! `SDFG_LIBOMP`, `SDFG_OPENBLAS`, `SDFG_LAPACKE`: the file itself), and
//! otherwise searched for:
//! - clang in `$SDFG_LLVM_PREFIX/bin`, else the `bin` next to the directory
//!   of the libMLIR this program runs with (the same LLVM), then on `PATH`
//!   (`clang-<major>`, `clang`);
//! - libomp in `$SDFG_LLVM_PREFIX/lib`, else libMLIR's directory (where
//!   Debian's LLVM keeps it), then the library directories below;
//! - the libraries in `LD_LIBRARY_PATH`, the directories the dynamic linker
//!   loaded this process's libraries from, and those `ldconfig -p` lists.

use std::{
    collections::HashMap,
    env,
    ffi::{c_char, CStr, OsString},
    path::{Path, PathBuf},
    sync::{Mutex, OnceLock},
};

/// Something the lowering needs from outside the program.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Component {
    Clang,
    LibOmp,
    OpenBlas,
    Lapacke,
}

/// Names the LLVM install whose `bin` and `lib` are searched first.
pub const LLVM_PREFIX_VARIABLE: &str = "SDFG_LLVM_PREFIX";

impl Component {
    /// The environment variable that names it.
    pub fn variable(self) -> &'static str {
        match self {
            Component::Clang => "SDFG_CLANG",
            Component::LibOmp => "SDFG_LIBOMP",
            Component::OpenBlas => "SDFG_OPENBLAS",
            Component::Lapacke => "SDFG_LAPACKE",
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Component::Clang => "clang",
            Component::LibOmp => "libomp",
            Component::OpenBlas => "OpenBLAS",
            Component::Lapacke => "LAPACKE",
        }
    }

    /// The Debian package that installs it.
    pub fn package(self) -> String {
        match self {
            Component::Clang => format!("clang-{}", llvm_major()),
            Component::LibOmp => format!("libomp-{}-dev", llvm_major()),
            Component::OpenBlas => "libopenblas-dev".into(),
            Component::Lapacke => "liblapacke-dev".into(),
        }
    }

    /// The file names it goes by, preferred first.
    fn file_names(self) -> Vec<String> {
        match self {
            Component::Clang => vec![format!("clang-{}", llvm_major()), "clang".into()],
            Component::LibOmp => vec!["libomp.so".into(), "libomp.so.5".into()],
            Component::OpenBlas => vec!["libopenblas.so".into(), "libopenblas.so.0".into()],
            Component::Lapacke => vec!["liblapacke.so".into(), "liblapacke.so.3".into()],
        }
    }
}

/// Why a component cannot be used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ToolchainError {
    #[error("{name} not found: {variable} is set to '{}', which {}", path.display(), if path.exists() { "is not a file" } else { "does not exist" })]
    BadOverride { name: &'static str, variable: &'static str, path: PathBuf },
    #[error("{name} not found (searched {searched}); install the Debian package {package} or set {variable} to its path")]
    Missing { name: &'static str, searched: String, variable: &'static str, package: String },
}

/// The outcome of a search that did not fail.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Lookup {
    Found(PathBuf),
    /// Not installed; the directories searched.
    Absent(Vec<PathBuf>),
}

/// Finds `component`: the path in `given` (its variable's value) if set,
/// otherwise the first of its file names in `dirs`.
pub fn find(component: Component, given: Option<OsString>, dirs: &[PathBuf]) -> Result<Lookup, ToolchainError> {
    if let Some(path) = given.filter(|p| !p.is_empty()).map(PathBuf::from) {
        return if path.is_file() {
            Ok(Lookup::Found(path))
        } else {
            Err(ToolchainError::BadOverride { name: component.name(), variable: component.variable(), path })
        };
    }
    let names = component.file_names();
    let found = dirs.iter().flat_map(|d| names.iter().map(move |n| d.join(n))).find(|p| p.is_file());
    Ok(found.map_or_else(|| Lookup::Absent(dirs.to_vec()), Lookup::Found))
}

/// A component the program cannot do without.
pub fn require(component: Component) -> Result<PathBuf, ToolchainError> {
    match lookup(component)? {
        Lookup::Found(path) => Ok(path),
        Lookup::Absent(dirs) => Err(missing(component, &dirs)),
    }
}

/// A component whose absence changes what is generated: `None` when it is
/// not installed.
pub fn optional(component: Component) -> Result<Option<PathBuf>, ToolchainError> {
    Ok(match lookup(component)? {
        Lookup::Found(path) => Some(path),
        Lookup::Absent(_) => None,
    })
}

/// Why an optional component cannot be used (the message of [`missing`]),
/// or `None` where it is installed.
pub fn absent(component: Component) -> Result<Option<String>, ToolchainError> {
    Ok(match lookup(component)? {
        Lookup::Found(_) => None,
        Lookup::Absent(dirs) => Some(missing(component, &dirs).to_string()),
    })
}

/// The error for a component searched for in `dirs` and not found.
pub fn missing(component: Component, dirs: &[PathBuf]) -> ToolchainError {
    let searched: Vec<String> = dirs.iter().map(|d| d.display().to_string()).collect();
    ToolchainError::Missing {
        name: component.name(),
        searched: if searched.is_empty() { "nowhere".into() } else { searched.join(", ") },
        variable: component.variable(),
        package: component.package(),
    }
}

/// The search, once per process and component.
fn lookup(component: Component) -> Result<Lookup, ToolchainError> {
    static FOUND: OnceLock<Mutex<HashMap<Component, Result<Lookup, ToolchainError>>>> = OnceLock::new();
    let mut found = FOUND.get_or_init(Default::default).lock().unwrap_or_else(|e| e.into_inner());
    found
        .entry(component)
        .or_insert_with(|| {
            let dirs = search_dirs(component)?;
            find(component, env::var_os(component.variable()), &dirs)
        })
        .clone()
}

/// Where `component` is searched for when its variable is not set.
fn search_dirs(component: Component) -> Result<Vec<PathBuf>, ToolchainError> {
    let llvm = llvm_dirs()?;
    let mut dirs = match component {
        Component::Clang => {
            let mut dirs = llvm.bin;
            dirs.extend(env::var_os("PATH").map(|p| env::split_paths(&p).collect::<Vec<_>>()).unwrap_or_default());
            dirs
        }
        Component::LibOmp => llvm.lib.into_iter().chain(super::library_dirs::all().iter().cloned()).collect(),
        Component::OpenBlas | Component::Lapacke => super::library_dirs::all().to_vec(),
    };
    let mut seen = std::collections::HashSet::new();
    dirs.retain(|d| d.is_dir() && seen.insert(d.clone()));
    Ok(dirs)
}

/// The LLVM install's `bin` and `lib`: `$SDFG_LLVM_PREFIX`'s, else those
/// of the libMLIR loaded.
struct LlvmDirs {
    bin: Vec<PathBuf>,
    lib: Vec<PathBuf>,
}

fn llvm_dirs() -> Result<LlvmDirs, ToolchainError> {
    if let Some(prefix) = env::var_os(LLVM_PREFIX_VARIABLE).filter(|p| !p.is_empty()).map(PathBuf::from) {
        if !prefix.exists() {
            return Err(ToolchainError::BadOverride { name: "the LLVM install", variable: LLVM_PREFIX_VARIABLE, path: prefix });
        }
        return Ok(LlvmDirs { bin: vec![prefix.join("bin")], lib: vec![prefix.join("lib")] });
    }
    let lib = mlir_library().and_then(|l| l.parent().map(Path::to_path_buf));
    let bin = lib.as_ref().and_then(|l| l.parent()).map(|p| p.join("bin"));
    Ok(LlvmDirs { bin: bin.into_iter().collect(), lib: lib.into_iter().collect() })
}

extern "C" {
    fn sdfgLLVMVersionMajor() -> i32;
    fn sdfgMLIRLibraryPath() -> *const c_char;
}

/// The major version of the LLVM this program is built against.
pub fn llvm_major() -> i32 {
    // SAFETY: returns a constant.
    unsafe { sdfgLLVMVersionMajor() }
}

/// The file the running program's MLIR was loaded from, if a shared library.
fn mlir_library() -> Option<PathBuf> {
    // SAFETY: returns NULL or a string the dynamic linker keeps alive.
    let path = unsafe { sdfgMLIRLibraryPath() };
    if path.is_null() {
        return None;
    }
    // SAFETY: non-null, NUL-terminated.
    let path = unsafe { CStr::from_ptr(path) }.to_str().ok()?;
    let path = PathBuf::from(path);
    (path.is_absolute() && path.file_name()?.to_str()?.starts_with("libMLIR")).then_some(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_dir(name: &str) -> PathBuf {
        let dir = env::temp_dir().join(format!("sdfg-toolchain-{}-{name}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn the_variable_wins_over_the_search() {
        let (given, searched) = (temp_dir("given"), temp_dir("searched"));
        std::fs::write(given.join("mine.so"), "").unwrap();
        std::fs::write(searched.join("libopenblas.so"), "").unwrap();
        let found = find(Component::OpenBlas, Some(given.join("mine.so").into()), std::slice::from_ref(&searched));
        assert_eq!(found, Ok(Lookup::Found(given.join("mine.so"))));
        let found = find(Component::OpenBlas, None, std::slice::from_ref(&searched));
        assert_eq!(found, Ok(Lookup::Found(searched.join("libopenblas.so"))));
    }

    #[test]
    fn a_variable_naming_nothing_is_an_error_naming_the_variable() {
        let error = find(Component::LibOmp, Some("/nonexistent/libomp.so".into()), &[]).unwrap_err();
        assert_eq!(error.to_string(), "libomp not found: SDFG_LIBOMP is set to '/nonexistent/libomp.so', which does not exist");
        let dir = temp_dir("a-directory");
        let error = find(Component::OpenBlas, Some(dir.clone().into()), &[]).unwrap_err();
        assert_eq!(error.to_string(), format!("OpenBLAS not found: SDFG_OPENBLAS is set to '{}', which is not a file", dir.display()));
    }

    #[test]
    fn a_missing_library_is_absent_and_names_the_search() {
        let empty = temp_dir("empty");
        let found = find(Component::Lapacke, None, std::slice::from_ref(&empty));
        assert_eq!(found, Ok(Lookup::Absent(vec![empty.clone()])));
        let error = missing(Component::Lapacke, &[empty.clone()]).to_string();
        assert_eq!(
            error,
            format!(
                "LAPACKE not found (searched {}); install the Debian package liblapacke-dev or set SDFG_LAPACKE to its path",
                empty.display()
            )
        );
    }

    #[test]
    fn this_install_has_its_toolchain() {
        // The build's own LLVM: libMLIR is loaded from a directory holding libomp.
        assert!(mlir_library().is_some());
        assert!(require(Component::LibOmp).is_ok_and(|p| p.is_file()));
        assert!(require(Component::Clang).is_ok_and(|p| p.is_file()));
        assert_eq!(Component::LibOmp.package(), format!("libomp-{}-dev", llvm_major()));
    }
}
