//! The C++ tasklets (and callback wrappers) of a program, compiled by the
//! toolchain's clang in C++ mode into one shared library (for the JIT) or
//! object file (linked into ahead-of-time libraries), and the native
//! libraries a program links with.

use super::toolchain::{self, Component};
use super::Lowered;
use std::{
    path::{Path, PathBuf},
    process::Command,
};

/// A library header C++ tasklets may use (DaCe's BLAS and LAPACK
/// environments make them available to library nodes' code): the header,
/// the identifier prefixes that call for it, and the libraries it needs.
struct CppLibrary {
    header: &'static str,
    prefixes: &'static [&'static str],
    libraries: &'static [Component],
}

const CPP_LIBRARIES: &[CppLibrary] = &[
    CppLibrary { header: "cblas.h", prefixes: &["cblas_", "Cblas", "CBLAS_", "blasint"], libraries: &[Component::OpenBlas] },
    CppLibrary { header: "lapacke.h", prefixes: &["LAPACK", "lapack_"], libraries: &[Component::Lapacke, Component::OpenBlas] },
];

/// The library headers a program's C++ tasklets use.
fn cpp_libraries(lowered: &Lowered) -> Vec<&'static CppLibrary> {
    let names: std::collections::BTreeSet<String> =
        lowered.cpp_helpers.iter().flat_map(|(_, code)| super::cpp_tasklet::cpp_identifiers(code)).collect();
    CPP_LIBRARIES
        .iter()
        .filter(|l| names.iter().any(|n| l.prefixes.iter().any(|p| n.starts_with(p))))
        .collect()
}

/// The libraries the generated code itself calls (not its C++ tasklets).
fn native_libraries(lowered: &Lowered) -> Vec<Component> {
    let mut libs = Vec::new();
    if lowered.uses_lapack {
        libs.push(Component::Lapacke);
    }
    if lowered.uses_blas || lowered.uses_lapack {
        libs.push(Component::OpenBlas);
    }
    libs
}

/// The native libraries a lowered program links with (libomp not
/// included), each found or an error naming what is missing.
pub fn libraries(lowered: &Lowered) -> Result<Vec<PathBuf>, String> {
    let mut components = native_libraries(lowered);
    for l in cpp_libraries(lowered) {
        for lib in l.libraries {
            if !components.contains(lib) {
                components.push(*lib);
            }
        }
    }
    components.into_iter().map(|c| toolchain::require(c).map_err(|e| e.to_string())).collect()
}

/// Compiles the C++ tasklets of a program into one shared library (for the
/// JIT) or object file (linked into ahead-of-time libraries).
pub fn compile_cpp_helpers(lowered: &Lowered, work: &Path, shared: bool) -> Result<Option<PathBuf>, String> {
    if lowered.cpp_helpers.is_empty() {
        return Ok(None);
    }
    std::fs::create_dir_all(work).map_err(|e| format!("cannot create {}: {e}", work.display()))?;
    let mut source = String::from(
        "#include <cstdint>\n#include <cmath>\n#include <complex>\n#include <algorithm>\n#include <cstring>\n#include <cstdio>\n",
    );
    let used = cpp_libraries(lowered);
    for l in &used {
        source += &format!("#include <{}>\n", l.header);
    }
    source += super::cpp_prelude::DACE_RUNTIME;
    source += "using namespace std;\n";
    for (_, code) in &lowered.cpp_helpers {
        source += code;
    }
    // A process loads each library path once (the JIT never unloads), so a
    // different program must not reuse the path: name it after its source.
    let hash = super::cpp_tasklet::text_hash(&source);
    let cpp = work.join(format!("tasklets-{hash:016x}.cpp"));
    let out = work.join(if shared { format!("libtasklets-{hash:016x}.so") } else { format!("tasklets-{hash:016x}.o") });
    std::fs::write(&cpp, source).map_err(|e| format!("cannot write {}: {e}", cpp.display()))?;
    let clang = toolchain::require(Component::Clang).map_err(|e| format!("C++ tasklet: {e}"))?;
    let mut command = Command::new(clang);
    command.args(["--driver-mode=g++", "-O3", if shared { "-shared" } else { "-c" }, "-fPIC"]).arg(&cpp).arg("-o").arg(&out);
    if shared {
        for l in &used {
            for lib in l.libraries {
                let path = toolchain::require(*lib).map_err(|e| format!("C++ tasklet: {} needs {e}", l.header))?;
                command.arg(path);
            }
        }
    }
    run(&mut command).map_err(|e| match used.iter().find(|l| e.contains(&format!("'{}' file not found", l.header))) {
        Some(l) => {
            let package = l.libraries[0].package();
            format!("C++ tasklet: header {} is not installed (package {package})", l.header)
        }
        None => format!("C++ tasklet: {e}"),
    })?;
    Ok(Some(out))
}

/// Runs a toolchain command; its standard error is the failure's message.
pub fn run(cmd: &mut Command) -> Result<(), String> {
    let out = cmd.output().map_err(|e| format!("cannot run {}: {e}", Path::new(cmd.get_program()).display()))?;
    if out.status.success() {
        Ok(())
    } else {
        Err(format!("{} failed:\n{}", Path::new(cmd.get_program()).display(), String::from_utf8_lossy(&out.stderr)))
    }
}
