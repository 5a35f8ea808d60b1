//! The workgroup size of a Vulkan kernel, which SPIR-V fixes when the
//! kernel is compiled: the launch's constant block size. Before the
//! conversion to SPIR-V the kernel records it as `known_block_size`, its
//! `gpu.block_dim` reads become constants, and an entry point ABI without
//! a size makes it an entry point; after it, a `LocalSize` execution mode
//! declares the size:
//!
//! ```text
//! gpu.func @k() kernel { gpu.block_dim x }     gpu.func @k() kernel attributes {known_block_size = array<i32: 32, 1, 1>,
//!                                                 spirv.entry_point_abi = #spirv.entry_point_abi<>} { arith.constant 32 : index }
//!                                          =>  ... convert-gpu-to-spirv ...
//!                                              spirv.ExecutionMode @k "LocalSize", 32, 1, 1
//! ```

use super::raw_ir::*;
use mlir_sys::*;

/// Fixes the workgroup size of the kernel `func` to `block`.
pub(super) unsafe fn fix(func: MlirOperation, block: [i64; 3]) {
    let ctx = mlirOperationGetContext(func);
    let sizes = block.map(|b| b as i32);
    mlirOperationSetAttributeByName(func, text("known_block_size"), mlirDenseI32ArrayGet(ctx, 3, sizes.as_ptr()));
    mlirOperationSetAttributeByName(func, text("spirv.entry_point_abi"), parse_attr(ctx, "#spirv.entry_point_abi<>"));
    let dims = ["#gpu<dim x>", "#gpu<dim y>", "#gpu<dim z>"].map(|d| parse_attr(ctx, d));
    let mut ops = Vec::new();
    collect(func, &mut ops);
    for op in ops.into_iter().filter(|op| name(*op) == "gpu.block_dim") {
        let dim = mlirOperationGetAttributeByName(op, text("dimension"));
        let Some(d) = dims.iter().position(|x| mlirAttributeEqual(*x, dim)) else { continue };
        let size = index_constant(op, block[d]);
        mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(op, 0), size);
        mlirOperationDestroy(op);
    }
}

/// Declares the fixed sizes in the converted `spirv` modules, beside each
/// kernel's entry point (the converted function still carries
/// `known_block_size`, which goes).
pub(super) fn declare(module: &melior::ir::Module) {
    // SAFETY: the ops are created in the context of the live module and
    // placed after an op of it.
    unsafe {
        let mut ops = Vec::new();
        collect(module.as_operation().to_raw(), &mut ops);
        let funcs: Vec<MlirOperation> = ops.iter().copied().filter(|op| name(*op) == "spirv.func").collect();
        for entry in ops.into_iter().filter(|op| name(*op) == "spirv.EntryPoint") {
            let callee = mlirOperationGetAttributeByName(entry, text("fn"));
            let callee_name = ref_text(mlirFlatSymbolRefAttrGetValue(callee));
            let parent = mlirOperationGetParentOperation(entry);
            let Some(func) = funcs
                .iter()
                .find(|f| mlirOperationEqual(mlirOperationGetParentOperation(**f), parent) && string_attr(**f, "sym_name").as_deref() == Some(&callee_name))
            else {
                continue;
            };
            let sizes = mlirOperationGetAttributeByName(*func, text("known_block_size"));
            if sizes.ptr.is_null() || !mlirAttributeIsADenseI32Array(sizes) || mlirDenseArrayGetNumElements(sizes) != 3 {
                continue;
            }
            let ctx = mlirOperationGetContext(entry);
            let i32_ty = mlirIntegerTypeGet(ctx, 32);
            let values: Vec<MlirAttribute> = (0..3).map(|i| mlirIntegerAttrGet(i32_ty, mlirDenseI32ArrayGetElement(sizes, i) as i64)).collect();
            let attrs = [
                ("execution_mode", parse_attr(ctx, "#spirv.execution_mode<LocalSize>")),
                ("fn", callee),
                ("values", mlirArrayAttrGet(ctx, values.len() as isize, values.as_ptr())),
            ];
            let mode = create(mlirOperationGetLocation(entry), "spirv.ExecutionMode", &[], &[], &attrs, &[], 0);
            mlirBlockInsertOwnedOperationAfter(mlirOperationGetBlock(entry), entry, mode);
            mlirOperationRemoveAttributeByName(*func, text("known_block_size"));
        }
    }
}

#[cfg(test)]
mod tests {
    use melior::ir::{operation::OperationLike, Module};

    #[test]
    fn block_sizes_become_constants_and_the_entry_point_abi_is_set() {
        let context = crate::ir::new_context();
        let text = r#"module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @k(%a: memref<?xindex>) kernel {
      %x = gpu.block_dim x
      %y = gpu.block_dim y
      %0 = arith.constant 0 : index
      %1 = arith.constant 1 : index
      memref.store %x, %a[%0] : memref<?xindex>
      memref.store %y, %a[%1] : memref<?xindex>
      gpu.return
    }
  }
}"#;
        let module = Module::parse(&context, text).expect("a valid module");
        let mut ops = Vec::new();
        // SAFETY: the live module's ops.
        unsafe {
            super::collect(module.as_operation().to_raw(), &mut ops);
            let func = ops.into_iter().find(|op| super::name(*op) == "gpu.func").expect("the kernel");
            super::fix(func, [48, 2, 1]);
        }
        assert!(module.as_operation().verify());
        let printed = module.as_operation().to_string();
        assert!(!printed.contains("gpu.block_dim"), "{printed}");
        assert!(printed.contains("arith.constant 48 : index") && printed.contains("arith.constant 2 : index"), "{printed}");
        assert!(printed.contains("known_block_size = array<i32: 48, 2, 1>"), "{printed}");
        assert!(printed.contains("spirv.entry_point_abi = #spirv.entry_point_abi<>"), "{printed}");
    }
}
