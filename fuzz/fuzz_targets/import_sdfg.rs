//! Fuzzes the `.sdfg` JSON importer: arbitrary bytes (plain or gzip) must give
//! either a model or diagnostics, never a panic, overflow or hang. A model that
//! imports is also verified and printed as dialect text (no MLIR context, so
//! every execution stays cheap).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(sdfg) = sdfg_mlir::json::import_bytes(data, "fuzz.sdfg") {
        let _ = sdfg_mlir::verify::verify(&sdfg);
        let _ = sdfg_mlir::ir::emit_text(&sdfg);
    }
});
