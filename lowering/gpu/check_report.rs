//! Failed run-time checks in Vulkan kernels: a thread whose check fails
//! stores the check's number in its launch's status slot (see
//! [`super::buffers`]); the runtime copies the status back after the
//! launch, and the host code after it reports the check's message.

use super::raw_ir::*;
use mlir_sys::*;

/// The run-time report of a launch's failed check: after the launch (the
/// runtime copies the status back), `__sdfg_gpu_check(status, message)`
/// with the message of the check the status names.
pub(super) unsafe fn report_failed_check(launch: MlirOperation, pack: MlirValue, status_slot: usize, checks: &[String]) -> Result<(), String> {
    if checks.is_empty() {
        return Ok(());
    }
    let ctx = mlirOperationGetContext(launch);
    declare_check(launch)?;
    let after = mlirOperationGetNextInBlock(launch);
    let (i64_ty, ptr) = (mlirIntegerTypeGet(ctx, 64), parse_type(ctx, "!llvm.ptr"));
    let result = |op: MlirOperation| mlirOperationGetResult(op, 0);
    let at = index_constant(after, status_slot as i64);
    let status = result(create_before(after, "memref.load", &[pack, at], &[i64_ty], &[]));
    let mut message = result(create_before(after, "llvm.mlir.zero", &[], &[ptr], &[]));
    for (k, symbol) in checks.iter().enumerate() {
        let text = result(create_before(after, "llvm.mlir.addressof", &[], &[ptr], &[("global_name", flat_symbol(ctx, symbol))]));
        let code = result(create_before(after, "arith.constant", &[], &[i64_ty], &[("value", mlirIntegerAttrGet(i64_ty, k as i64 + 1))]));
        let predicate = mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 64), 0); // eq
        let is = result(create_before(after, "arith.cmpi", &[status, code], &[mlirIntegerTypeGet(ctx, 1)], &[("predicate", predicate)]));
        message = result(create_before(after, "arith.select", &[is, text, message], &[ptr], &[]));
    }
    create_before(after, "llvm.call", &[status, message], &[], &[("callee", flat_symbol(ctx, CHECK)), ("operandSegmentSizes", mlirDenseI32ArrayGet(ctx, 2, [2i32, 0].as_ptr())), ("op_bundle_sizes", mlirDenseI32ArrayGet(ctx, 0, std::ptr::null()))]);
    Ok(())
}

/// The runtime's report of a failed check in the last kernel launched.
const CHECK: &str = "__sdfg_gpu_check";

/// Declares [`CHECK`] in the module that holds `op`, once.
unsafe fn declare_check(op: MlirOperation) -> Result<(), String> {
    let mut top = op;
    while !mlirOperationGetParentOperation(top).ptr.is_null() {
        top = mlirOperationGetParentOperation(top);
    }
    let body = mlirRegionGetFirstBlock(mlirOperationGetRegion(top, 0));
    let mut child = mlirBlockGetFirstOperation(body);
    while !child.ptr.is_null() {
        if string_attr(child, "sym_name").as_deref() == Some(CHECK) {
            return Ok(());
        }
        child = mlirOperationGetNextInBlock(child);
    }
    // `llvm.func @__sdfg_gpu_check(i64, !llvm.ptr)`, a declaration.
    let ctx = mlirOperationGetContext(op);
    let params = [mlirIntegerTypeGet(ctx, 64), mlirLLVMPointerTypeGet(ctx, 0)];
    let signature = mlirLLVMFunctionTypeGet(mlirLLVMVoidTypeGet(ctx), params.len() as isize, params.as_ptr(), false);
    let named = |key: &str, value: MlirAttribute| mlirNamedAttributeGet(mlirIdentifierGet(ctx, text(key)), value);
    let attrs = [named("sym_name", mlirStringAttrGet(ctx, text(CHECK))), named("function_type", mlirTypeAttrGet(signature))];
    let mut state = mlirOperationStateGet(text("llvm.func"), mlirLocationUnknownGet(ctx));
    mlirOperationStateAddAttributes(&mut state, attrs.len() as isize, attrs.as_ptr());
    let region = mlirRegionCreate();
    mlirOperationStateAddOwnedRegions(&mut state, 1, &region);
    let decl = mlirOperationCreate(&mut state);
    if decl.ptr.is_null() {
        return Err("internal error: cannot declare the GPU check report".into());
    }
    mlirBlockInsertOwnedOperation(body, 0, decl);
    Ok(())
}

unsafe fn flat_symbol(ctx: MlirContext, name: &str) -> MlirAttribute {
    mlirFlatSymbolRefAttrGet(ctx, text(name))
}
