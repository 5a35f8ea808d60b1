//! Builds the `sdfg` dialect from `dialect/SDFG.td`: mlir-tblgen generates the
//! C++ classes, clang++ compiles them with the registration glue, and the MLIR C
//! API archives are merged into the `libMLIR-C.a` that mlir-sys links against
//! (Debian ships `libMLIR.so` but no `libMLIR-C.so`). `lowering/object_file.cpp`
//! (ahead-of-time code generation) and `lowering/toolchain.cpp` are compiled
//! with them; the former calls libLLVM. The Vulkan runtime
//! (`lowering/gpu/vulkan_runtime.c`) needs Vulkan's headers (Debian's
//! `libvulkan-dev`).
//!
//! The LLVM install is the one build setting: `MLIR_SYS_220_PREFIX`, or
//! Debian's `llvm-22` prefix. The programs look up their run-time toolchain
//! (clang, libomp, OpenBLAS, LAPACKE) themselves (`lowering/toolchain.rs`).

use std::{env, fs, path::Path, path::PathBuf, process::Command};

const LLVM_PREFIX: &str = "/usr/lib/llvm-22";

fn main() {
    let out = PathBuf::from(env::var("OUT_DIR").expect("OUT_DIR"));
    let prefix = env::var("MLIR_SYS_220_PREFIX").unwrap_or_else(|_| LLVM_PREFIX.to_string());
    let include = format!("{prefix}/include");
    let lib = format!("{prefix}/lib");
    println!("cargo:rerun-if-changed=dialect");
    println!("cargo:rerun-if-changed=lowering/object_file.cpp");
    println!("cargo:rerun-if-changed=lowering/toolchain.cpp");
    println!("cargo:rerun-if-env-changed=MLIR_SYS_220_PREFIX");

    for (flag, file) in [
        ("-gen-dialect-decls", "SDFGDialect.h.inc"),
        ("-gen-dialect-defs", "SDFGDialect.cpp.inc"),
        ("-gen-typedef-decls", "SDFGTypes.h.inc"),
        ("-gen-typedef-defs", "SDFGTypes.cpp.inc"),
        ("-gen-enum-decls", "SDFGEnums.h.inc"),
        ("-gen-enum-defs", "SDFGEnums.cpp.inc"),
        ("-gen-attrdef-decls", "SDFGAttrs.h.inc"),
        ("-gen-attrdef-defs", "SDFGAttrs.cpp.inc"),
        ("-gen-op-decls", "SDFGOps.h.inc"),
        ("-gen-op-defs", "SDFGOps.cpp.inc"),
    ] {
        run(Command::new(format!("{prefix}/bin/mlir-tblgen"))
            .arg(flag)
            .args(["-dialect=sdfg", "-typedefs-dialect=sdfg", "-attrdefs-dialect=sdfg"])
            .arg(format!("-I{include}"))
            .arg("dialect/SDFG.td")
            .arg("-o")
            .arg(out.join(file)));
    }

    cc::Build::new()
        .cpp(true)
        .compiler(format!("{prefix}/bin/clang++"))
        .file("dialect/SDFGDialect.cpp")
        .file("dialect/SDFGPasses.cpp")
        .file("dialect/SDFGParse.cpp")
        .file("dialect/SDFGRange.cpp")
        .file("dialect/SDFGAssign.cpp")
        .file("dialect/SDFGExprs.cpp")
        .file("dialect/SDFGExprText.cpp")
        .file("lowering/object_file.cpp")
        .file("lowering/toolchain.cpp")
        .include(&include)
        .include(&out)
        .include("dialect")
        .flag("-std=c++17")
        .flag("-fno-exceptions")
        .flag("-fno-rtti")
        .flag("-Wno-unused-parameter")
        .warnings(false)
        .compile("sdfg_dialect");

    // The Vulkan runtime: linked into the tools, and its archive embedded
    // for the libraries they build (`lowering/gpu/vulkan_runtime.rs`).
    println!("cargo:rerun-if-changed=lowering/gpu/vulkan_runtime.c");
    cc::Build::new()
        .compiler(format!("{prefix}/bin/clang"))
        .file("lowering/gpu/vulkan_runtime.c")
        .pic(true)
        .opt_level(2)
        .flag("-std=gnu11")
        .flag("-Wall")
        .compile("sdfg_vulkan_runtime");

    merge_capi_archives(Path::new(&lib), &out);
    println!("cargo:rustc-link-search=native={}", out.display());
    println!("cargo:rustc-link-search=native={lib}");
    println!("cargo:rustc-link-lib=dylib=MLIR");
    println!("cargo:rustc-link-lib=dylib=LLVM");
    println!("cargo:rustc-link-arg=-Wl,-rpath,{lib}");
}

/// Merges every `libMLIRCAPI*.a` into one `libMLIR-C.a` (an `ar -M` script).
fn merge_capi_archives(lib: &Path, out: &Path) {
    let target = out.join("libMLIR-C.a");
    if target.exists() {
        return;
    }
    let mut archives: Vec<_> = fs::read_dir(lib)
        .expect("LLVM lib directory")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
            name.starts_with("libMLIRCAPI") && name.ends_with(".a")
        })
        .collect();
    archives.sort();
    let mut script = format!("create {}\n", target.display());
    for a in &archives {
        script += &format!("addlib {}\n", a.display());
    }
    script += "save\nend\n";
    let script_path = out.join("merge-capi.mri");
    fs::write(&script_path, script).expect("write ar script");
    run(Command::new("ar").arg("-M").stdin(fs::File::open(&script_path).expect("ar script")));
}

fn run(cmd: &mut Command) {
    let status = cmd.status().unwrap_or_else(|e| panic!("cannot run {cmd:?}: {e}"));
    assert!(status.success(), "{cmd:?} failed");
}
