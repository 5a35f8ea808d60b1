//! Kernels for Vulkan take every argument as a storage buffer. After
//! outlining, each kernel's `!llvm.ptr` arguments (GPU arrays, which the
//! kernel body reads through flat views) become `memref<?xT>`, and its
//! scalar arguments (symbols, sizes, host scalars) travel together in one
//! `memref<?xi64>` that the host fills before each launch:
//!
//! ```text
//! gpu.func @k(%a: !llvm.ptr, %n: i64) kernel {        gpu.func @k(%a: memref<?xf64>, %s: memref<?xi64>) kernel {
//!   %v = unrealized_conversion_cast %a                  %n = memref.load %s[0]
//!        : !llvm.ptr to memref<?xf64>             =>     ... memref.load %a[%i] ...
//!   ... memref.load %v[%i] ...
//! gpu.launch_func @k::@k ... args(%p, %n)              gpu.launch_func @k::@k ... args(%pa, %pack)
//! ```
//!
//! The workgroup size SPIR-V needs at compile time comes from the
//! launch's constant block size.

use super::raw_ir::*;
use crate::lowering::builder::memory::TRAP_MESSAGE;
use mlir_sys::*;
use std::collections::HashMap;

/// What became of one argument of a kernel.
#[derive(Clone, Copy)]
enum Arg {
    /// Unused: dropped.
    Dropped,
    /// A GPU array, now `memref<?xT>` of this type.
    Buffer(MlirType),
    /// A scalar, now slot `n` of the scalar buffer.
    Scalar(usize),
}

struct Kernel {
    args: Vec<Arg>,
    /// Second views of GPU arrays as another element type (an integer view
    /// of a float array for atomics): the argument's position and the
    /// type. They follow the arrays' bindings.
    aliases: Vec<(usize, MlirType)>,
    /// Slots of the scalar buffer, the last one its status.
    slots: usize,
    /// The messages of the kernel's run-time checks: a failed check sets
    /// the status to its position here plus one.
    checks: Vec<String>,
    func: MlirOperation,
}

/// Rewrites every kernel of the outlined `module` and its launches.
pub fn to_buffer_arguments(module: &melior::ir::Module) -> Result<(), String> {
    // SAFETY: the rewrite works on the live module; every op it removes has
    // no uses left and is removed from its block before it is destroyed.
    unsafe {
        let top = module.as_operation().to_raw();
        let mut kernels: HashMap<(String, String), Kernel> = HashMap::new();
        let mut launches = Vec::new();
        let mut all = Vec::new();
        collect(top, &mut all);
        // Picked before anything changes: rewriting a kernel destroys ops.
        let mut funcs = Vec::new();
        for op in all {
            match name(op).as_str() {
                "gpu.func" if !mlirOperationGetAttributeByName(op, text("gpu.kernel")).ptr.is_null() => funcs.push(op),
                "gpu.launch_func" => launches.push(op),
                _ => {}
            }
        }
        for op in funcs {
            let module = string_attr(mlirOperationGetParentOperation(op), "sym_name").unwrap_or_default();
            let func = string_attr(op, "sym_name").unwrap_or_default();
            let kernel = rewrite_kernel(op).map_err(|e| format!("kernel '{func}': {e}"))?;
            kernels.insert((module, func), kernel);
        }
        for launch in launches {
            let kernel = mlirOperationGetAttributeByName(launch, text("kernel"));
            let key = (ref_text(mlirSymbolRefAttrGetRootReference(kernel)), ref_text(mlirSymbolRefAttrGetLeafReference(kernel)));
            let Some(k) = kernels.get(&key) else { return Err(format!("internal error: no kernel @{}::@{}", key.0, key.1)) };
            rewrite_launch(launch, k).map_err(|e| format!("kernel '{}': {e}", key.1))?;
        }
        Ok(())
    }
}

/// A scalar type a kernel argument may have.
unsafe fn is_scalar(ty: MlirType) -> bool {
    mlirTypeIsAIndex(ty) || mlirTypeIsAInteger(ty) || mlirTypeIsAF64(ty) || mlirTypeIsAF32(ty) || mlirTypeIsAF16(ty)
}

unsafe fn rewrite_kernel(func: MlirOperation) -> Result<Kernel, String> {
    let ctx = mlirOperationGetContext(func);
    let block = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
    let count = mlirBlockGetNumArguments(block) as usize;
    let mut args = Vec::new();
    let mut buffers = Vec::new();
    let mut scalars = Vec::new();
    let (mut aliases, mut alias_args) = (Vec::new(), Vec::new());
    for i in 0..count {
        let arg = mlirBlockGetArgument(block, i as isize);
        let ty = mlirValueGetType(arg);
        let uses = users(arg);
        if uses.is_empty() {
            args.push(Arg::Dropped);
        } else if mlirTypeIsALLVMPointerType(ty) {
            let types = as_buffer(arg, &uses)?;
            args.push(Arg::Buffer(types[0]));
            buffers.push(arg);
            for &alias in &types[1..] {
                let second = mlirBlockAddArgument(block, alias, mlirOperationGetLocation(func));
                for op in users(arg) {
                    if name(op) == "builtin.unrealized_conversion_cast" && mlirTypeEqual(mlirValueGetType(mlirOperationGetResult(op, 0)), alias) {
                        mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(op, 0), second);
                        mlirOperationDestroy(op);
                    }
                }
                aliases.push((i, alias));
                alias_args.push(second);
            }
        } else if is_scalar(ty) {
            args.push(Arg::Scalar(scalars.len()));
            scalars.push(arg);
        } else {
            return Err(format!("an argument of type {} (Vulkan kernels take arrays and scalars)", type_text(ty)));
        }
    }
    buffers.extend(alias_args);
    // Slots: each buffer's byte offset past its binding (the runtime's),
    // then the scalars.
    for a in args.iter_mut() {
        if let Arg::Scalar(slot) = a {
            *slot += buffers.len();
        }
    }
    // The last slot: the kernel's status, which a failed check sets.
    let slots = buffers.len() + scalars.len() + 1;
    let mut checks = Vec::new();
    {
        let pack_ty = parse_type(ctx, "memref<?xi64>");
        let pack = mlirBlockAddArgument(block, pack_ty, mlirOperationGetLocation(func));
        let first = mlirBlockGetFirstOperation(block);
        let index = parse_type(ctx, "index");
        let i64_ty = mlirIntegerTypeGet(ctx, 64);
        let slot_value = |slot: usize| {
            mlirOperationGetResult(create_before(first, "memref.load", &[pack, index_constant(first, slot as i64)], &[i64_ty], &[]), 0)
        };
        for (slot, buffer) in buffers.iter().enumerate() {
            let bytes = slot_value(slot);
            let size = element_bytes(mlirShapedTypeGetElementType(mlirValueGetType(*buffer)));
            let c = create_before(first, "arith.constant", &[], &[i64_ty], &[("value", mlirIntegerAttrGet(i64_ty, size))]);
            let elements = create_before(first, "arith.divui", &[bytes, mlirOperationGetResult(c, 0)], &[i64_ty], &[]);
            let offset = create_before(first, "arith.index_cast", &[mlirOperationGetResult(elements, 0)], &[index], &[]);
            shift_indices(*buffer, mlirOperationGetResult(offset, 0));
        }
        for (j, arg) in scalars.iter().enumerate() {
            let bits = slot_value(buffers.len() + j);
            let value = from_bits(first, bits, mlirValueGetType(*arg));
            mlirValueReplaceAllUsesOfWith(*arg, value);
        }
        let mut all = Vec::new();
        collect(func, &mut all);
        for trap in all.into_iter().filter(|op| name(*op) == "llvm.intr.trap") {
            checks.push(string_attr(trap, TRAP_MESSAGE).ok_or("internal error: a run-time check without its message")?);
            let code = create_before(trap, "arith.constant", &[], &[i64_ty], &[("value", mlirIntegerAttrGet(i64_ty, checks.len() as i64))]);
            let at = index_constant(trap, slots as i64 - 1);
            create_before(trap, "memref.store", &[mlirOperationGetResult(code, 0), pack, at], &[], &[]);
            mlirOperationDestroy(trap);
        }
    }
    for (i, a) in args.iter().enumerate().rev() {
        if !matches!(a, Arg::Buffer(_)) {
            mlirBlockEraseArgument(block, i as u32);
        }
    }
    let types: Vec<MlirType> =
        (0..mlirBlockGetNumArguments(block)).map(|i| mlirValueGetType(mlirBlockGetArgument(block, i))).collect();
    let fn_ty = mlirFunctionTypeGet(ctx, types.len() as isize, types.as_ptr(), 0, std::ptr::null());
    mlirOperationSetAttributeByName(func, text("function_type"), mlirTypeAttrGet(fn_ty));
    Ok(Kernel { args, aliases, slots, checks, func })
}

/// A pointer argument the kernel only views as `memref<?xT>`: the
/// argument takes the first type its views have, and those casts go; the
/// other types it is viewed as (same-width aliases), in order.
unsafe fn as_buffer(arg: MlirValue, uses: &[MlirOperation]) -> Result<Vec<MlirType>, String> {
    let mut types: Vec<MlirType> = Vec::new();
    for &op in uses {
        let n = name(op);
        if n != "builtin.unrealized_conversion_cast" || mlirOperationGetNumResults(op) != 1 {
            return Err(format!("GPU memory used through `{n}`, which Vulkan kernels cannot express"));
        }
        let t = mlirValueGetType(mlirOperationGetResult(op, 0));
        if let Some(first) = types.first() {
            let width = |t: MlirType| element_bytes(mlirShapedTypeGetElementType(t));
            if width(*first) != width(t) {
                return Err(format!("one GPU array viewed as {} and as {}", type_text(*first), type_text(t)));
            }
        }
        if !types.iter().any(|s| mlirTypeEqual(*s, t)) {
            types.push(t);
        }
    }
    let ty = types[0];
    mlirValueSetType(arg, ty);
    for &op in uses {
        if mlirTypeEqual(mlirValueGetType(mlirOperationGetResult(op, 0)), ty) {
            mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(op, 0), arg);
            mlirOperationRemoveFromParent(op);
            mlirOperationDestroy(op);
        }
    }
    Ok(types)
}

/// Bytes of one element of a buffer (booleans take one).
unsafe fn element_bytes(ty: MlirType) -> i64 {
    let bits = if mlirTypeIsAInteger(ty) { mlirIntegerTypeGetWidth(ty) } else { mlirFloatTypeGetWidth(ty) };
    (bits.max(8) / 8) as i64
}

/// Adds `offset` to the index of every access through `buffer` (loads,
/// stores, atomic updates: the index follows the memref operand).
unsafe fn shift_indices(buffer: MlirValue, offset: MlirValue) {
    for user in users(buffer) {
        let n = mlirOperationGetNumOperands(user);
        let Some(at) = (0..n).find(|&i| mlirValueEqual(mlirOperationGetOperand(user, i), buffer)) else { continue };
        if at + 1 >= n {
            continue;
        }
        let index = mlirOperationGetOperand(user, at + 1);
        let sum = create_before(user, "arith.addi", &[index, offset], &[mlirValueGetType(index)], &[]);
        mlirOperationSetOperand(user, at + 1, mlirOperationGetResult(sum, 0));
    }
}

/// `bits` (an `i64` slot) as a value of `ty`, with ops before `at`.
unsafe fn from_bits(at: MlirOperation, bits: MlirValue, ty: MlirType) -> MlirValue {
    let ctx = mlirOperationGetContext(at);
    let one = |op: &str, v: MlirValue, t: MlirType| mlirOperationGetResult(create_before(at, op, &[v], &[t], &[]), 0);
    if mlirTypeIsAIndex(ty) {
        one("arith.index_cast", bits, ty)
    } else if mlirTypeIsAInteger(ty) {
        if mlirIntegerTypeGetWidth(ty) == 64 { bits } else { one("arith.trunci", bits, ty) }
    } else if mlirTypeIsAF64(ty) {
        one("arith.bitcast", bits, ty)
    } else {
        let width = if mlirTypeIsAF32(ty) { 32 } else { 16 };
        let narrow = one("arith.trunci", bits, mlirIntegerTypeGet(ctx, width));
        one("arith.bitcast", narrow, ty)
    }
}

/// `value` (a scalar) as the `i64` slot the kernel reads, with ops before `at`.
unsafe fn to_bits(at: MlirOperation, value: MlirValue) -> MlirValue {
    let ctx = mlirOperationGetContext(at);
    let ty = mlirValueGetType(value);
    let i64_ty = mlirIntegerTypeGet(ctx, 64);
    let one = |op: &str, v: MlirValue, t: MlirType| mlirOperationGetResult(create_before(at, op, &[v], &[t], &[]), 0);
    if mlirTypeIsAIndex(ty) {
        one("arith.index_cast", value, i64_ty)
    } else if mlirTypeIsAInteger(ty) {
        if mlirIntegerTypeGetWidth(ty) == 64 { value } else { one("arith.extui", value, i64_ty) }
    } else if mlirTypeIsAF64(ty) {
        one("arith.bitcast", value, i64_ty)
    } else {
        let width = if mlirTypeIsAF32(ty) { 32 } else { 16 };
        let narrow = one("arith.bitcast", value, mlirIntegerTypeGet(ctx, width));
        one("arith.extui", narrow, i64_ty)
    }
}

/// The index of the kernel operands in `gpu.launch_func`'s operand
/// segments (async tokens, grid, block, cluster, shared memory, kernel
/// operands, async object).
const KERNEL_OPERANDS: isize = 11;
const BLOCK_SIZE: isize = 4;

unsafe fn rewrite_launch(launch: MlirOperation, kernel: &Kernel) -> Result<(), String> {
    let ctx = mlirOperationGetContext(launch);
    let segments = mlirOperationGetAttributeByName(launch, text("operandSegmentSizes"));
    let sizes: Vec<i32> = (0..mlirDenseArrayGetNumElements(segments)).map(|i| mlirDenseI32ArrayGetElement(segments, i)).collect();
    let first_kernel: i32 = sizes[..KERNEL_OPERANDS as usize].iter().sum();
    let total = mlirOperationGetNumOperands(launch);
    let operands: Vec<MlirValue> = (0..total).map(|i| mlirOperationGetOperand(launch, i)).collect();
    let (fixed, old) = operands.split_at(first_kernel as usize);
    let old = &old[..sizes[KERNEL_OPERANDS as usize] as usize];
    if old.len() != kernel.args.len() {
        return Err(format!("internal error: {} launch operands for {} arguments", old.len(), kernel.args.len()));
    }
    // The workgroup size: the launch's block size, constant by construction.
    let block_at: i32 = sizes[..BLOCK_SIZE as usize].iter().sum();
    let mut block = [0i64; 3];
    for (a, b) in block.iter_mut().enumerate() {
        *b = constant_of(operands[block_at as usize + a]).ok_or("a block size known only while running")?;
    }
    super::workgroup_size::fix(kernel.func, block);
    let mut new = Vec::new();
    for (value, arg) in old.iter().zip(&kernel.args) {
        if let Arg::Buffer(ty) = arg {
            new.push(host_buffer(launch, *value, *ty));
        }
    }
    for (i, ty) in &kernel.aliases {
        new.push(host_buffer(launch, old[*i], *ty));
    }
    let (pack, dynamic) = scalar_pack(launch, old, &kernel.args, kernel.slots);
    new.push(dynamic);
    super::check_report::report_failed_check(launch, pack, kernel.slots - 1, &kernel.checks)?;
    let mut all = fixed.to_vec();
    all.extend(&new);
    mlirOperationSetOperands(launch, all.len() as isize, all.as_ptr());
    let mut sizes = sizes;
    sizes[KERNEL_OPERANDS as usize] = new.len() as i32;
    mlirOperationSetAttributeByName(launch, text("operandSegmentSizes"), mlirDenseI32ArrayGet(ctx, sizes.len() as isize, sizes.as_ptr()));
    Ok(())
}

/// A GPU array's pointer as a `memref<?xT>` descriptor on the host.
unsafe fn host_buffer(at: MlirOperation, ptr: MlirValue, ty: MlirType) -> MlirValue {
    let ctx = mlirOperationGetContext(at);
    let desc_ty = parse_type(ctx, "!llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>");
    let i64_ty = mlirIntegerTypeGet(ctx, 64);
    let constant = |v: i64| {
        mlirOperationGetResult(create_before(at, "arith.constant", &[], &[i64_ty], &[("value", mlirIntegerAttrGet(i64_ty, v))]), 0)
    };
    let (zero, one) = (constant(0), constant(1));
    let mut desc = mlirOperationGetResult(create_before(at, "llvm.mlir.undef", &[], &[desc_ty], &[]), 0);
    for (position, field) in [(&[0i64][..], ptr), (&[1], ptr), (&[2], zero), (&[3, 0], zero), (&[4, 0], one)] {
        let position = mlirDenseI64ArrayGet(ctx, position.len() as isize, position.as_ptr());
        desc = mlirOperationGetResult(create_before(at, "llvm.insertvalue", &[desc, field], &[desc_ty], &[("position", position)]), 0);
    }
    mlirOperationGetResult(create_before(at, "builtin.unrealized_conversion_cast", &[desc], &[ty], &[]), 0)
}

/// The scalars of a launch stored in a stack buffer (allocated once, in
/// the function's entry block) and passed as `memref<?xi64>`: the buffer,
/// and the value passed.
unsafe fn scalar_pack(launch: MlirOperation, values: &[MlirValue], args: &[Arg], count: usize) -> (MlirValue, MlirValue) {
    let ctx = mlirOperationGetContext(launch);
    let mut func = mlirOperationGetParentOperation(launch);
    while name(func) != "func.func" {
        func = mlirOperationGetParentOperation(func);
    }
    let entry = mlirBlockGetFirstOperation(mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0)));
    let fixed_ty = memref_1d(mlirIntegerTypeGet(ctx, 64), Some(count as i64), MlirAttribute { ptr: std::ptr::null() });
    let segments = mlirDenseI32ArrayGet(ctx, 2, [0i32, 0].as_ptr());
    let pack = create_before(entry, "memref.alloca", &[], &[fixed_ty], &[("operandSegmentSizes", segments)]);
    let pack = mlirOperationGetResult(pack, 0);
    for (value, arg) in values.iter().zip(args) {
        if let Arg::Scalar(slot) = arg {
            let c = index_constant(launch, *slot as i64);
            let bits = to_bits(launch, *value);
            create_before(launch, "memref.store", &[bits, pack, c], &[], &[]);
        }
    }
    let dynamic = parse_type(ctx, "memref<?xi64>");
    (pack, mlirOperationGetResult(create_before(launch, "memref.cast", &[pack], &[dynamic], &[]), 0))
}

#[cfg(test)]
mod tests {
    use melior::ir::{operation::OperationLike, Module};

    const OUTLINED: &str = r#"module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @k(%a: !llvm.ptr, %n: i64, %x: f32, %unused: i64) kernel {
      %v = builtin.unrealized_conversion_cast %a : !llvm.ptr to memref<?xf64>
      %i = arith.index_cast %n : i64 to index
      %e = arith.extf %x : f32 to f64
      memref.store %e, %v[%i] : memref<?xf64>
      gpu.return
    }
  }
  func.func @host(%p: !llvm.ptr, %n: i64, %x: f32) {
    %c1 = arith.constant 1 : i64
    %one = arith.index_cast %c1 : i64 to index
    %c64 = arith.constant 64 : index
    gpu.launch_func @k::@k blocks in (%one, %one, %one) threads in (%c64, %one, %one) args(%p : !llvm.ptr, %n : i64, %x : f32, %n : i64)
    return
  }
}"#;

    #[test]
    fn pointers_become_buffers_and_scalars_one_pack() {
        let context = crate::ir::new_context();
        let module = Module::parse(&context, OUTLINED).expect("a valid module");
        super::to_buffer_arguments(&module).expect("rewritten");
        assert!(module.as_operation().verify(), "the rewritten module verifies");
        let text = module.as_operation().to_string();
        assert!(text.contains("gpu.func @k(%arg0: memref<?xf64>, %arg1: memref<?xi64>) kernel"), "{text}");
        assert!(text.contains("known_block_size = array<i32: 64, 1, 1>"), "{text}");
        assert!(text.contains("memref.alloca() : memref<4xi64>"), "offsets, scalars and the status: {text}");
        assert!(text.contains("arith.bitcast") && text.contains("arith.extui"), "f32 travels as its bits: {text}");
        assert!(!text.contains("unrealized_conversion_cast %arg0"), "{text}");
    }

    #[test]
    fn other_pointer_uses_are_refused() {
        let context = crate::ir::new_context();
        let text = OUTLINED.replace(
            "%v = builtin.unrealized_conversion_cast %a : !llvm.ptr to memref<?xf64>",
            "%g = llvm.getelementptr %a[1] : (!llvm.ptr) -> !llvm.ptr, f64\n      %v = builtin.unrealized_conversion_cast %a : !llvm.ptr to memref<?xf64>",
        );
        let module = Module::parse(&context, &text).expect("a valid module");
        let e = super::to_buffer_arguments(&module).unwrap_err();
        assert_eq!(e, "kernel 'k': GPU memory used through `llvm.getelementptr`, which Vulkan kernels cannot express");
    }
}
