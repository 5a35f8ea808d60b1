//! The extension finds libMLIR and libLLVM where the build found them.
fn main() {
    let prefix = std::env::var("MLIR_SYS_220_PREFIX").unwrap_or_else(|_| "/usr/lib/llvm-22".to_string());
    println!("cargo:rerun-if-env-changed=MLIR_SYS_220_PREFIX");
    println!("cargo:rustc-link-arg=-Wl,-rpath,{prefix}/lib");
}
