//! Math in CUDA kernels. `convert-gpu-to-nvvm` turns every `math` op into
//! a call into CUDA's libdevice (`__nv_sqrt`, `__nv_exp`, ...), a bitcode
//! library that only the CUDA toolkit has. Ops that PTX has instructions
//! for become calls of LLVM intrinsics first, which NVPTX selects
//! natively, so kernels that use only those need no toolkit (as
//! `llvm.call_intrinsic`: the conversion also sends `llvm.intr.sqrt` and
//! its kind to libdevice):
//!
//! ```text
//! %r = math.sqrt %a : f64   =>   %r = llvm.call_intrinsic "llvm.sqrt.f64"(%a) : (f64) -> f64
//! ```
//!
//! The others (`exp`, `log`, `sin`, `powf`, ...) need libdevice, linked
//! where it is found; else they are refused, naming the op and its place.

use super::raw_ir::{children, collect, name, text};
use mlir_sys::*;

/// Ops with a PTX instruction (that the conversion would send to
/// libdevice), and the LLVM intrinsic for each.
const NATIVE: &[(&str, &str)] = &[
    ("math.fma", "llvm.fma"),
    ("math.sqrt", "llvm.sqrt"),
    ("math.absf", "llvm.fabs"),
    ("math.floor", "llvm.floor"),
    ("math.ceil", "llvm.ceil"),
    ("math.trunc", "llvm.trunc"),
    ("math.roundeven", "llvm.roundeven"),
    ("math.copysign", "llvm.copysign"),
    ("arith.maxnumf", "llvm.maxnum"),
    ("arith.minnumf", "llvm.minnum"),
    ("arith.maximumf", "llvm.maximum"),
    ("arith.minimumf", "llvm.minimum"),
];

/// The `math` ops of device code (inside `gpu.launch` or `gpu.module`)
/// that need libdevice: their names and locations.
pub fn libdevice_uses(module: &melior::ir::Module) -> Vec<(String, MlirLocation)> {
    // SAFETY: the walk reads a live module.
    unsafe {
        device_ops(module.as_operation().to_raw())
            .into_iter()
            .filter_map(|op| {
                let n = name(op);
                let native = NATIVE.iter().any(|(m, _)| *m == n);
                (n.starts_with("math.") && !native).then(|| (n, mlirOperationGetLocation(op)))
            })
            .collect()
    }
}

/// `math` ops GLSL has on `f64` (its transcendental instructions take
/// 16- and 32-bit floats only; `copysign` becomes bit operations).
const GLSL_F64: &[&str] = &[
    "math.fma", "math.sqrt", "math.rsqrt", "math.absf", "math.floor", "math.ceil", "math.trunc", "math.roundeven", "math.round",
    "math.copysign",
];

/// The `math` ops on `f64` of device code that Vulkan (GLSL) lacks and
/// `f64_math` does not build: their names and locations.
pub fn glsl_f64_gaps(module: &melior::ir::Module) -> Vec<(String, MlirLocation)> {
    // SAFETY: the walk reads a live module.
    unsafe {
        device_ops(module.as_operation().to_raw())
            .into_iter()
            .filter_map(|op| {
                let n = name(op);
                let f64_result = mlirOperationGetNumResults(op) == 1 && mlirTypeIsAF64(mlirValueGetType(mlirOperationGetResult(op, 0)));
                let built = GLSL_F64.contains(&n.as_str()) || super::f64_math::EXPANDED.contains(&n.as_str());
                (n.starts_with("math.") && f64_result && !built).then(|| (n, mlirOperationGetLocation(op)))
            })
            .collect()
    }
}

/// Rewrites the native `math` ops of device code into intrinsic calls.
pub fn use_native_math(module: &melior::ir::Module) {
    // SAFETY: each rewritten op is replaced in its block before it is
    // destroyed, after the walk.
    unsafe {
        for op in device_ops(module.as_operation().to_raw()) {
            let n = name(op);
            if let Some((_, intrinsic)) = NATIVE.iter().find(|(m, _)| *m == n) {
                replace(op, intrinsic);
            }
        }
    }
}

/// Every op nested in a `gpu.launch` or `gpu.module` under `top`.
pub(super) unsafe fn device_ops(top: MlirOperation) -> Vec<MlirOperation> {
    let mut out = Vec::new();
    let mut stack = vec![top];
    while let Some(op) = stack.pop() {
        for child in children(op) {
            if matches!(name(child).as_str(), "gpu.launch" | "gpu.module") {
                collect(child, &mut out);
            } else {
                stack.push(child);
            }
        }
    }
    out
}

/// Replaces a one-result op on `f16`/`f32`/`f64` by a call of the LLVM
/// intrinsic `intrinsic` (suffixed with the type) on the same operands;
/// other types are left alone.
unsafe fn replace(op: MlirOperation, intrinsic: &str) {
    let result = mlirOperationGetResult(op, 0);
    let ty = mlirValueGetType(result);
    let suffix = if mlirTypeIsAF64(ty) {
        "f64"
    } else if mlirTypeIsAF32(ty) {
        "f32"
    } else if mlirTypeIsAF16(ty) {
        "f16"
    } else {
        return;
    };
    let ctx = mlirOperationGetContext(op);
    let full = format!("{intrinsic}.{suffix}");
    let mut state = mlirOperationStateGet(text("llvm.call_intrinsic"), mlirOperationGetLocation(op));
    let operands: Vec<MlirValue> = (0..mlirOperationGetNumOperands(op)).map(|i| mlirOperationGetOperand(op, i)).collect();
    mlirOperationStateAddOperands(&mut state, operands.len() as isize, operands.as_ptr());
    mlirOperationStateAddResults(&mut state, 1, &ty);
    let segments = [operands.len() as i32, 0];
    let attrs = [
        ("intrin", mlirStringAttrGet(ctx, text(&full))),
        ("op_bundle_sizes", mlirDenseI32ArrayGet(ctx, 0, std::ptr::null())),
        ("operandSegmentSizes", mlirDenseI32ArrayGet(ctx, 2, segments.as_ptr())),
    ];
    let named: Vec<MlirNamedAttribute> =
        attrs.iter().map(|(n, a)| mlirNamedAttributeGet(mlirIdentifierGet(ctx, text(n)), *a)).collect();
    mlirOperationStateAddAttributes(&mut state, named.len() as isize, named.as_ptr());
    let new = mlirOperationCreate(&mut state);
    mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(op), op, new);
    mlirValueReplaceAllUsesOfWith(result, mlirOperationGetResult(new, 0));
    mlirOperationRemoveFromParent(op);
    mlirOperationDestroy(op);
}
