//! Ahead-of-time code generation in this process (`object_file.cpp`): the
//! LLVM dialect to LLVM IR, LLVM's O3 pipeline for the host CPU and its
//! features, an object file.

use melior::ir::{Module, OperationRef};
use mlir_sys::{MlirLogicalResult, MlirOperation, MlirStringCallback, MlirStringRef};
use std::{ffi::c_void, path::Path};

extern "C" {
    fn sdfgEmitObjectFile(module: MlirOperation, path: MlirStringRef, on_error: MlirStringCallback, data: *mut c_void) -> MlirLogicalResult;
}

/// Writes `module` (in the LLVM dialect; its context has the LLVM IR
/// translations registered, as `ir::new_context` does) as an object file.
pub fn emit(module: &Module, path: &Path) -> Result<(), String> {
    unsafe extern "C" fn collect(message: MlirStringRef, data: *mut c_void) {
        // SAFETY: `data` is the String below; `message` is valid for this call.
        let (out, bytes) = unsafe { (&mut *(data as *mut String), std::slice::from_raw_parts(message.data as *const u8, message.length)) };
        out.push_str(&String::from_utf8_lossy(bytes));
    }
    let path_text = path.to_str().ok_or_else(|| format!("cannot write {}: the path is not UTF-8", path.display()))?;
    let mut error = String::new();
    let operation: OperationRef = module.as_operation();
    // SAFETY: the module and the path outlive the call; `collect` only appends to `error`.
    let result = unsafe {
        sdfgEmitObjectFile(
            operation.to_raw(),
            MlirStringRef { data: path_text.as_ptr() as *const _, length: path_text.len() },
            Some(collect),
            &mut error as *mut String as *mut c_void,
        )
    };
    if result.value != 0 {
        Ok(())
    } else {
        Err(format!("internal error: code generation failed: {error}"))
    }
}
