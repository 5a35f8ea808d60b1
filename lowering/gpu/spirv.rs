//! GPU kernels to SPIR-V for Vulkan, in process. MLIR's
//! `convert-gpu-to-spirv` turns each `gpu.module` into a `spirv.module`
//! beside it; moved inside its `gpu.module` (which carries the SPIR-V
//! target), it is serialised by `gpu-module-to-binary`, and the bytes are
//! read off the `gpu.binary` object. docs/gpu-path.md has the facts this
//! relies on.

use super::binary::{binaries, symbol, Binary};
use crate::ir::read::{op_name, ops_of, region_ops};
use crate::lowering::pipeline::run_pipeline;
use melior::{
    ir::{attribute::AttributeLike, block::BlockLike, operation::OperationLike, Module},
    Context, IrRewriter,
};

/// Vulkan 1.3 with 64-bit floats, integers and integer atomics (what Mesa's
/// lavapipe offers): the version, capabilities and extensions, and the
/// whole target environment.
macro_rules! target_vce {
    () => {
        "#spirv.vce<v1.3, [Shader, Float64, Int64, Int64Atomics], [SPV_KHR_storage_buffer_storage_class]>"
    };
}
pub(super) const TARGET_VCE: &str = target_vce!();
const TARGET_ENV: &str = concat!("#spirv.target_env<", target_vce!(), ", api=Vulkan, #spirv.resource_limits<>>");

/// Kernels to the `spirv` dialect, arguments as storage buffers. Complex
/// arithmetic and the integer divisions SPIR-V lacks (`floordivsi`,
/// `ceildivsi`) are expanded into plain `arith` first; `math` ops become
/// GLSL instructions (which exist for `f64` only where they are exact:
/// `sqrt`, `fma`, `floor`, ..., not `exp`), for which the `gpu.module`
/// carries its target environment as an attribute too.
const TO_SPIRV: &str = "builtin.module(gpu.module(convert-complex-to-standard,canonicalize,arith-expand,convert-math-to-spirv),\
spirv-attach-target{ver=v1.3 caps=Shader,Float64,Int64,Int64Atomics \
exts=SPV_KHR_storage_buffer_storage_class client_api=Vulkan},convert-gpu-to-spirv,\
spirv.module(spirv-lower-abi-attrs,spirv-update-vce))";

/// Kernels outlined, with the nested SDFGs they call inlined: each
/// callee's control flow first lifted to `scf` (SPIR-V shaders need
/// structured control flow), each call in an `scf.execute_region` of its
/// own, and no simplification on the way (which would fold those regions
/// before the inliner sees them).
const OUTLINE: &str = "builtin.module(gpu-kernel-outlining,symbol-dce,\
gpu.module(func.func(convert-scf-to-cf,canonicalize,lift-cf-to-scf),inline{default-pipeline=},symbol-dce))";

const TO_BINARY: &str = "builtin.module(gpu-module-to-binary)";

/// Refuses device code with `f64` math that Vulkan lacks (`exp`, `log`,
/// `sin`, `pow`, ...): the first such op's name and location.
pub fn check_f64_math(module: &Module) -> Result<(), (String, crate::model::Loc)> {
    let gaps = super::device_math::glsl_f64_gaps(module);
    let Some((op, raw)) = gaps.first() else { return Ok(()) };
    // SAFETY: a location of the live module.
    let location = unsafe { melior::ir::Location::from_raw(*raw) };
    let loc = crate::ir::context::location_loc(&location, "");
    Err((format!("`{op}` on float64 in a GPU kernel: Vulkan (GLSL) has it for 16- and 32-bit floats only"), loc))
}

/// Converts a lowered program for Vulkan, in place: kernels outlined,
/// given storage-buffer arguments ([`super::buffers`]) and compiled to
/// SPIR-V (embedded in the module), host code and launches lowered to
/// runtime calls.
pub fn to_llvm(context: &Context, module: &mut Module) -> Result<(), String> {
    let failed = |e: String| format!("internal error: compiling for Vulkan failed: {e}");
    to_spirv_dialect(context, module)?;
    serialise(context, module)?;
    run_pipeline(context, module, &format!("builtin.module({})", crate::lowering::pipeline::HOST_TO_LLVM)).map_err(failed)?;
    Ok(())
}

/// The kernels of a lowered program as `spirv` dialect text, one
/// `spirv.module` for each kernel.
pub fn spirv_text(context: &Context, module: &mut Module) -> Result<String, String> {
    to_spirv_dialect(context, module)?;
    let mut text = String::new();
    for gpu in ops_of(module.body().first_operation()).iter().filter(|op| op_name(op) == "gpu.module") {
        for op in region_ops(gpu.region(0).ok()).iter().filter(|op| op_name(op) == "spirv.module") {
            text.push_str(&format!("// gpu.module @{}\n{op}\n", symbol(gpu).unwrap_or_default()));
        }
    }
    Ok(text)
}

/// Outlines the kernels of a lowered program and converts them to the
/// `spirv` dialect, each `spirv.module` inside its `gpu.module`.
fn to_spirv_dialect(context: &Context, module: &mut Module) -> Result<(), String> {
    let failed = |e: String| format!("internal error: compiling for Vulkan failed: {e}");
    run_pipeline(context, module, OUTLINE).map_err(failed)?;
    super::pointers::to_memref_accesses(module)?;
    super::float_atomics::to_integer_atomics(module)?;
    super::buffers::to_buffer_arguments(module)?;
    kernels_to_spirv(context, module)
}

/// Converts every `gpu.module` of an outlined module with storage-buffer
/// arguments to the `spirv` dialect.
fn kernels_to_spirv(context: &Context, module: &mut Module) -> Result<(), String> {
    let env = melior::ir::Attribute::parse(context, TARGET_ENV).expect("a valid target environment");
    for gpu in ops_of(module.body().first_operation()).into_iter().filter(|op| op_name(op) == "gpu.module") {
        // SAFETY: a live op of the module and an attribute of its context.
        unsafe { mlir_sys::mlirOperationSetAttributeByName(gpu.to_raw(), super::raw_ir::text("spirv.target_env"), env.to_raw()) };
    }
    // The float64 math GLSL lacks is built here, also where complex
    // arithmetic becomes it.
    run_pipeline(context, module, "builtin.module(gpu.module(convert-complex-to-standard))").map_err(|e| format!("cannot convert the kernels to SPIR-V: {e}"))?;
    super::complex_selects::split(module);
    super::f64_math::expand(context, module);
    run_pipeline(context, module, TO_SPIRV).map_err(|e| format!("cannot convert the kernels to SPIR-V: {e}"))?;
    super::workgroup_size::declare(module);
    super::loop_results::set_before_loops(module);
    super::float_atomics::to_cas_loops(module)?;
    exact_float_arithmetic(module);
    nest_spirv_modules(context, module)
}

/// SPIR-V's float arithmetic, unless decorated `NoContraction`, may be
/// reassociated and contracted by the driver (Mesa folds `(1 + x) - 1` to
/// `x`, which breaks `f64_math`'s corrections, and its `fma` of `f64`
/// rounds the product), so every float `+ - * /`, negation, remainder and
/// `fma` of the kernels gets that decoration: the kernels compute what
/// they say, as on the CPU.
fn exact_float_arithmetic(module: &Module) {
    const ARITHMETIC: &[&str] =
        &["spirv.FAdd", "spirv.FSub", "spirv.FMul", "spirv.FDiv", "spirv.FRem", "spirv.FMod", "spirv.FNegate", "spirv.GL.Fma"];
    for spirv in ops_of(module.body().first_operation()).into_iter().filter(|op| op_name(op) == "spirv.module") {
        let mut ops = Vec::new();
        // SAFETY: the walk reads a live op; the attribute is set on its ops.
        unsafe {
            super::raw_ir::collect(spirv.to_raw(), &mut ops);
            let unit = mlir_sys::mlirUnitAttrGet(mlir_sys::mlirOperationGetContext(spirv.to_raw()));
            for op in ops.into_iter().filter(|op| ARITHMETIC.contains(&super::raw_ir::name(*op).as_str())) {
                mlir_sys::mlirOperationSetAttributeByName(op, super::raw_ir::text("no_contraction"), unit);
            }
        }
    }
}

/// Replaces every `gpu.module` of `module` by its SPIR-V binary and returns
/// the binaries.
pub fn to_spirv(context: &Context, module: &mut Module) -> Result<Vec<Binary>, String> {
    kernels_to_spirv(context, module)?;
    serialise(context, module)?;
    binaries(module)
}

/// Each `gpu.module` (holding its `spirv.module`) to a `gpu.binary`.
fn serialise(context: &Context, module: &mut Module) -> Result<(), String> {
    run_pipeline(context, module, TO_BINARY).map_err(|e| format!("cannot serialise the SPIR-V kernels: {e}"))
}

/// Moves each `spirv.module @__spv__NAME` into `gpu.module @NAME`, in place
/// of the kernels it was converted from.
fn nest_spirv_modules(context: &Context, module: &Module) -> Result<(), String> {
    let ops = ops_of(module.body().first_operation());
    let rewriter = IrRewriter::new(context);
    let rewriter = rewriter.as_rewriter_base();
    for spirv in ops.iter().filter(|op| op_name(op) == "spirv.module") {
        let wanted = symbol(spirv).and_then(|s| s.strip_prefix("__spv__").map(str::to_string));
        let gpu = ops.iter().find(|op| op_name(op) == "gpu.module" && symbol(op) == wanted);
        let Some(gpu) = gpu else { return Err(format!("internal error: no gpu.module for {wanted:?}")) };
        let kernels = region_ops(gpu.region(0).ok());
        let Some(first) = kernels.first() else { return Err(format!("internal error: gpu.module {wanted:?} is empty")) };
        rewriter.move_op_before(*spirv, *first);
        for op in kernels {
            rewriter.erase_op(op);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn compile(text: &str) -> Result<Vec<Binary>, String> {
        let context = crate::ir::new_context();
        let mut module = Module::parse(&context, text).expect("a valid module");
        to_spirv(&context, &mut module)
    }

    /// SPIR-V's magic number, little-endian, then whole 32-bit words.
    fn is_spirv(bytes: &[u8]) -> bool {
        bytes.starts_with(&[0x03, 0x02, 0x23, 0x07]) && bytes.len() % 4 == 0
    }

    fn names_entry(bytes: &[u8], entry: &str) -> bool {
        bytes.windows(entry.len() + 1).any(|w| &w[..entry.len()] == entry.as_bytes() && w[entry.len()] == 0)
    }

    #[test]
    fn kernels_become_spirv_binaries() {
        for (file, entry) in [("axpy.mlir", "axpy"), ("block_sum.mlir", "sum")] {
            let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/vulkan-probe").join(file);
            let text = std::fs::read_to_string(&path).expect("the probe kernels");
            let binaries = compile(&text).unwrap_or_else(|e| panic!("{file}: {e}"));
            let [binary] = binaries.as_slice() else { panic!("{file}: {} binaries", binaries.len()) };
            assert_eq!(binary.module, "kernels");
            assert!(is_spirv(&binary.bytes), "{file}: not SPIR-V");
            assert!(names_entry(&binary.bytes, entry), "{file}: no entry point '{entry}'");
        }
    }

    #[test]
    fn a_kernel_spirv_cannot_express_is_an_error() {
        // Float atomics do not convert (docs/gpu-path.md).
        let text = r#"module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @add(%s: memref<1xf64>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [64, 1, 1]>} {
      %c0 = arith.constant 0 : index
      %one = arith.constant 1.0 : f64
      %old = memref.atomic_rmw addf %one, %s[%c0] : (f64, memref<1xf64>) -> f64
      gpu.return
    }
  }
}"#;
        let e = compile(text).unwrap_err();
        assert!(e.starts_with("cannot convert the kernels to SPIR-V: ") && e.contains("memref.atomic_rmw"), "{e}");
    }
}
