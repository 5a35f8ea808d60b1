//! Floating-point atomics on Vulkan. SPIR-V has atomic float operations
//! only as extensions (Mesa's lavapipe: 32-bit add), and MLIR converts none
//! of `memref.atomic_rmw`'s float kinds, so a write-conflict resolution on
//! a float becomes a compare-and-swap loop on the element's bits, through
//! an integer view of the same buffer (a second binding). Before
//! conversion each float update is rewritten into an integer one on the
//! bits, which converts and marks the place:
//!
//! ```text
//! memref.atomic_rmw addf %v, %a[%i]        %b = arith.bitcast %v : f64 to i64
//!   : (f64, memref<?xf64>) -> f64     =>   memref.atomic_rmw addi %b, %a_bits[%i]
//! ```
//!
//! and after conversion each marked integer atomic (an `AtomicIAdd`,
//! `AtomicSMax` or `AtomicSMin` of a float's bits) becomes the loop:
//!
//! ```text
//! %first = spirv.Load %p
//! spirv.mlir.loop {                               // %expected from %first, then %seen
//!   %new = spirv.FAdd (bitcast %expected), %v
//!   %seen = spirv.AtomicCompareExchange <Device> <None> <None> %p, (bitcast %new), %expected
//!   retry while %seen != %expected
//! }
//! ```
//!
//! The exchange is relaxed, as CUDA's `atomicCAS`: with acquire-release
//! semantics lavapipe loses updates (docs/gpu-path.md).

use super::raw_ir::*;
use mlir_sys::*;

/// The float kinds the lowering writes (`arith::AtomicRMWKind`: `addf`,
/// `maxnumf`, `minnumf`), the integer kind that marks each (`addi`,
/// `maxs`, `mins`), and the SPIR-V op that combines two floats (GLSL's
/// `FMax`/`FMin` leave NaN operands to the device; lavapipe, as `maxnum`,
/// returns the other operand).
const KINDS: [(i64, i64, &str); 3] = [(0, 1, "spirv.FAdd"), (5, 6, "spirv.GL.FMax"), (9, 10, "spirv.GL.FMin")];

/// Rewrites the float atomics of the outlined module's kernels into
/// integer ones on integer views of the same arrays (before conversion).
pub fn to_integer_atomics(module: &melior::ir::Module) -> Result<(), String> {
    // SAFETY: the rewrite works on the live module; an op is erased once
    // its replacement is in place and nothing uses it.
    unsafe {
        let mut all = Vec::new();
        collect(module.as_operation().to_raw(), &mut all);
        for op in all.into_iter().filter(|op| name(*op) == "memref.atomic_rmw") {
            let kind = mlirIntegerAttrGetValueInt(mlirOperationGetAttributeByName(op, text("kind")));
            let Some((_, marker, _)) = KINDS.iter().find(|(k, _, _)| kind == *k) else { continue };
            rewrite(op, *marker).map_err(|e| format!("a floating-point atomic update: {e}"))?;
        }
        Ok(())
    }
}

unsafe fn rewrite(op: MlirOperation, marker: i64) -> Result<(), String> {
    let ctx = mlirOperationGetContext(op);
    let result = mlirOperationGetResult(op, 0);
    if !mlirValueGetFirstUse(result).ptr.is_null() {
        return Err("its old value is used, which the Vulkan back end does not keep".into());
    }
    let value = mlirOperationGetOperand(op, 0);
    let view = mlirOperationGetOperand(op, 1);
    let bits = mlirIntegerTypeGet(ctx, mlirFloatTypeGetWidth(mlirValueGetType(value)));
    let array = array_of(view).ok_or("of memory that is not a GPU array")?;
    let alias_ty = memref_1d(bits, None, MlirAttribute { ptr: std::ptr::null() });
    let alias = match users(array).into_iter().find(|u| {
        name(*u) == "builtin.unrealized_conversion_cast" && mlirTypeEqual(mlirValueGetType(mlirOperationGetResult(*u, 0)), alias_ty)
    }) {
        Some(cast) => mlirOperationGetResult(cast, 0),
        None => {
            let at = mlirOpResultGetOwner(view);
            let cast = create_before(at, "builtin.unrealized_conversion_cast", &[array], &[alias_ty], &[]);
            mlirOperationGetResult(cast, 0)
        }
    };
    let as_bits = mlirOperationGetResult(create_before(op, "arith.bitcast", &[value], &[bits], &[]), 0);
    let mut operands = vec![as_bits, alias];
    operands.extend((2..mlirOperationGetNumOperands(op)).map(|i| mlirOperationGetOperand(op, i)));
    let kind = mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 64), marker);
    create_before(op, "memref.atomic_rmw", &operands, &[bits], &[("kind", kind)]);
    mlirOperationDestroy(op);
    Ok(())
}

/// The kernel argument (a GPU array's pointer) a flat view is made from.
unsafe fn array_of(view: MlirValue) -> Option<MlirValue> {
    if !mlirValueIsAOpResult(view) {
        return None;
    }
    let cast = mlirOpResultGetOwner(view);
    let source = (name(cast) == "builtin.unrealized_conversion_cast").then(|| mlirOperationGetOperand(cast, 0))?;
    (mlirTypeIsALLVMPointerType(mlirValueGetType(source)) && mlirValueIsABlockArgument(source)).then_some(source)
}

/// Replaces every marked integer atomic of the converted `spirv` modules
/// by a compare-and-swap loop on the float.
pub fn to_cas_loops(module: &melior::ir::Module) -> Result<(), String> {
    // SAFETY: as above; the loop is built before the marker and the marker
    // is erased once nothing uses it.
    unsafe {
        let mut all = Vec::new();
        collect(module.as_operation().to_raw(), &mut all);
        let markers = [("spirv.AtomicIAdd", KINDS[0].2), ("spirv.AtomicSMax", KINDS[1].2), ("spirv.AtomicSMin", KINDS[2].2)];
        for op in all {
            let Some((_, combine)) = markers.iter().find(|(m, _)| name(op) == *m) else { continue };
            let bits = mlirOperationGetOperand(op, 1);
            if !mlirValueIsAOpResult(bits) || name(mlirOpResultGetOwner(bits)) != "spirv.Bitcast" {
                continue;
            }
            let float = mlirOperationGetOperand(mlirOpResultGetOwner(bits), 0);
            if !mlirTypeIsAFloat(mlirValueGetType(float)) {
                continue;
            }
            cas_loop(op, mlirOperationGetOperand(op, 0), float, combine)?;
        }
        relax_integer_atomics(module);
        barriers_cover_buffers(module);
        Ok(())
    }
}

/// Makes the integer atomics of the converted modules relaxed, as CUDA's
/// `atomicAdd`: MLIR writes them acquire-release, and lavapipe then loses
/// updates made in a loop by a workgroup of more than 8 threads.
unsafe fn relax_integer_atomics(module: &melior::ir::Module) {
    let mut all = Vec::new();
    collect(module.as_operation().to_raw(), &mut all);
    let relaxed = mlirAttributeParseGet(mlirOperationGetContext(module.as_operation().to_raw()), text("#spirv.memory_semantics<None>"));
    for op in all {
        let n = name(op);
        if n.starts_with("spirv.Atomic") && n != "spirv.AtomicCompareExchange" && n != "spirv.AtomicCompareExchangeWeak" {
            mlirOperationSetAttributeByName(op, text("semantics"), relaxed);
        }
    }
}

/// Makes the barriers of the converted modules order storage buffers too:
/// a block's shared memory lives in one (`rooms`), and `gpu.barrier`
/// becomes a barrier on workgroup memory alone.
unsafe fn barriers_cover_buffers(module: &melior::ir::Module) {
    let mut all = Vec::new();
    collect(module.as_operation().to_raw(), &mut all);
    let ctx = mlirOperationGetContext(module.as_operation().to_raw());
    let both = mlirAttributeParseGet(ctx, text("#spirv.memory_semantics<AcquireRelease|UniformMemory|WorkgroupMemory>"));
    for op in all.into_iter().filter(|op| name(*op) == "spirv.ControlBarrier") {
        mlirOperationSetAttributeByName(op, text("memory_semantics"), both);
    }
}

/// The loop before `marker`, which it replaces (the shape in the module
/// comment; `spirv.mlir.loop` wants an entry block, the header, the body,
/// the continue block and the merge block last).
unsafe fn cas_loop(marker: MlirOperation, pointer: MlirValue, value: MlirValue, combine: &str) -> Result<(), String> {
    let ctx = mlirOperationGetContext(marker);
    let loc = mlirOperationGetLocation(marker);
    let float = mlirValueGetType(value);
    let int = mlirIntegerTypeGet(ctx, mlirFloatTypeGetWidth(float));
    let first = mlirOperationGetResult(create_before(marker, "spirv.Load", &[pointer], &[int], &[]), 0);
    let lp = create(loc, "spirv.mlir.loop", &[], &[], &[("loop_control", parse_attr(ctx, "#spirv.loop_control<None>"))], &[], 1);
    mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(marker), marker, lp);
    let region = mlirOperationGetRegion(lp, 0);
    let [entry, header, body, next, merge] = [&[][..], &[int], &[], &[], &[]].map(|args: &[MlirType]| {
        let locs = vec![loc; args.len()];
        let block = mlirBlockCreate(args.len() as isize, args.as_ptr(), locs.as_ptr());
        mlirRegionAppendOwnedBlock(region, block);
        block
    });
    let expected = mlirBlockGetArgument(header, 0);
    append_to(entry, loc, "spirv.Branch", &[first], &[], &[], &[header]);
    append_to(header, loc, "spirv.Branch", &[], &[], &[], &[body]);
    let result = |op: MlirOperation| mlirOperationGetResult(op, 0);
    let old = result(append_to(body, loc, "spirv.Bitcast", &[expected], &[float], &[], &[]));
    let new = result(append_to(body, loc, combine, &[old, value], &[float], &[], &[]));
    let new_bits = result(append_to(body, loc, "spirv.Bitcast", &[new], &[int], &[], &[]));
    let none = parse_attr(ctx, "#spirv.memory_semantics<None>");
    let exchange = [("memory_scope", parse_attr(ctx, "#spirv.scope<Device>")), ("equal_semantics", none), ("unequal_semantics", none)];
    let seen = result(append_to(body, loc, "spirv.AtomicCompareExchange", &[pointer, new_bits, expected], &[int], &exchange, &[]));
    let retry = result(append_to(body, loc, "spirv.INotEqual", &[seen, expected], &[mlirIntegerTypeGet(ctx, 1)], &[], &[]));
    let segments = mlirDenseI32ArrayGet(ctx, 3, [1, 0, 0].as_ptr());
    append_to(body, loc, "spirv.BranchConditional", &[retry], &[], &[("operandSegmentSizes", segments)], &[next, merge]);
    append_to(next, loc, "spirv.Branch", &[seen], &[], &[], &[header]);
    append_to(merge, loc, "spirv.mlir.merge", &[], &[], &[], &[]);
    if !mlirOperationVerify(lp) {
        return Err("internal error: the compare-and-swap loop is malformed".into());
    }
    if !mlirValueGetFirstUse(mlirOperationGetResult(marker, 0)).ptr.is_null() {
        return Err("internal error: a float atomic's old value is used".into());
    }
    if mlirIntegerTypeGetWidth(int) == 64 {
        require_int64_atomics(marker);
    }
    let bits = mlirOpResultGetOwner(mlirOperationGetOperand(marker, 1));
    mlirOperationDestroy(marker);
    if mlirValueGetFirstUse(mlirOperationGetResult(bits, 0)).ptr.is_null() {
        mlirOperationDestroy(bits);
    }
    Ok(())
}

/// Declares the whole target environment (`spirv::TARGET_VCE`, which has
/// `Int64Atomics`) on the `spirv.module` around `op`: a 64-bit
/// compare-and-swap needs that capability, and `spirv-update-vce` does not
/// count it. The target's triple covers every capability the conversion
/// could have required.
unsafe fn require_int64_atomics(op: MlirOperation) {
    let mut module = op;
    while !module.ptr.is_null() && name(module) != "spirv.module" {
        module = mlirOperationGetParentOperation(module);
    }
    if !module.ptr.is_null() {
        let target = parse_attr(mlirOperationGetContext(module), super::spirv::TARGET_VCE);
        mlirOperationSetAttributeByName(module, text("vce_triple"), target);
    }
}
