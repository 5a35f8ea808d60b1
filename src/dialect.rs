//! Registration of the `sdfg` dialect (compiled from `dialect/SDFG.td`).

use melior::dialect::DialectHandle;

extern "C" {
    fn mlirGetDialectHandle__sdfg__() -> mlir_sys::MlirDialectHandle;
}

/// The handle of the `sdfg` dialect, for registering it with a context.
pub fn handle() -> DialectHandle {
    // SAFETY: the C++ glue returns a static, valid dialect handle.
    unsafe { DialectHandle::from_raw(mlirGetDialectHandle__sdfg__()) }
}
