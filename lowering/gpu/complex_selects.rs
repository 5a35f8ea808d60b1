//! `convert-complex-to-standard` leaves `arith.select` on complex values
//! (its `pow` picks its special cases that way), which SPIR-V cannot hold:
//! each becomes a select of the real parts and one of the imaginary parts.
//! Canonicalization then folds the parts of the `complex.create` away.
//!
//! ```text
//! %r = arith.select %c, %x, %y : complex<f64>
//!   =>  %re = arith.select %c, (complex.re %x), (complex.re %y) : f64
//!       %im = arith.select %c, (complex.im %x), (complex.im %y) : f64
//!       %r = complex.create %re, %im : complex<f64>
//! ```

use super::raw_ir::name;
use melior::ir::{
    block::BlockLike, BlockRef, operation::OperationBuilder, operation::OperationLike, operation::OperationRef, r#type::TypeLike, Module, Type, Value,
    ValueLike,
};

/// The op `builder` makes, with one result of type `ty`, before `anchor`.
fn put_before<'c, 'a>(block: BlockRef<'c, 'a>, anchor: OperationRef<'c, 'a>, builder: OperationBuilder<'c>, ty: Type<'c>) -> Value<'c, 'a> {
    let built = builder.add_results(&[ty]).build().expect("a valid op");
    block.insert_operation_before(anchor, built).result(0).expect("a result").into()
}

/// Splits every complex `arith.select` in the kernels of `module`.
pub fn split(module: &Module) {
    // SAFETY: the walk reads a live module; each select is replaced after it.
    let ops = unsafe { super::device_math::device_ops(module.as_operation().to_raw()) };
    for raw in ops {
        // SAFETY: `raw` is an op of the live module.
        let op = unsafe { OperationRef::from_raw(raw) };
        if unsafe { name(raw) } != "arith.select" {
            continue;
        }
        let Ok(result) = op.result(0) else { continue };
        let complex = result.r#type();
        // SAFETY: reading a live type.
        if !unsafe { mlir_sys::mlirTypeIsAComplex(complex.to_raw()) } {
            continue;
        }
        let part = unsafe { Type::from_raw(mlir_sys::mlirComplexTypeGetElementType(complex.to_raw())) };
        let Some(block) = op.block() else { continue };
        let loc = op.location();
        let put = |builder, ty| put_before(block, op, builder, ty);
        let (cond, x, y) = (op.operand(0).expect("a condition"), op.operand(1).expect("a value"), op.operand(2).expect("a value"));
        let mut halves = Vec::new();
        for which in ["complex.re", "complex.im"] {
            let a = put(OperationBuilder::new(which, loc).add_operands(&[x]), part);
            let b = put(OperationBuilder::new(which, loc).add_operands(&[y]), part);
            halves.push(put(OperationBuilder::new("arith.select", loc).add_operands(&[cond, a, b]), part));
        }
        let joined = put(OperationBuilder::new("complex.create", loc).add_operands(&halves), complex);
        // SAFETY: both values are live; the select is then removed, unused.
        unsafe {
            mlir_sys::mlirValueReplaceAllUsesOfWith(result.to_raw(), joined.to_raw());
            mlir_sys::mlirOperationRemoveFromParent(raw);
            mlir_sys::mlirOperationDestroy(raw);
        }
    }
}
