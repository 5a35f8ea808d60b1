//! Containers as `memref` values: a strided view of memory given by a base
//! pointer, and element loads, stores and atomic updates through it.
//!
//! A view is `memref<?x..x?xT, strided<[?,..,?], offset: ?>>`, every size,
//! stride and the offset known only at run time. It is built from an LLVM
//! memref descriptor (`!llvm.struct<(ptr, ptr, i64, array<R x i64>,
//! array<R x i64>)>`) cast to the memref type; `finalize-memref-to-llvm`
//! and `reconcile-unrealized-casts` fold the cast away.

use super::ir::{self, Ir, OpSpec};
use super::memory::AtomicOp;
use super::{raw_vals, Body, Ty, Val};
use mlir_sys::*;

/// A strided view of memory: the value, its element type and its rank.
#[derive(Clone, Copy, Debug)]
pub struct MemRef {
    raw: MlirValue,
    pub elem: Ty,
    pub rank: usize,
}

impl MemRef {
    pub(super) fn raw(&self) -> MlirValue {
        self.raw
    }
}

impl Ir {
    /// `memref<?x..x?xT, strided<[?,..,?], offset: ?>>` of `rank`
    /// dimensions; complex elements are `complex<f32|f64>`.
    pub fn memref_type(self, elem: Ty, rank: usize) -> MlirType {
        // SAFETY: a live context; the arrays outlive the calls.
        unsafe {
            let dynamic_size = mlirShapedTypeGetDynamicSize();
            let dynamic = mlirShapedTypeGetDynamicStrideOrOffset();
            let shape = vec![dynamic_size; rank];
            let strides = vec![dynamic; rank];
            let layout = mlirStridedLayoutAttrGet(self.ctx, dynamic, rank as isize, strides.as_ptr());
            mlirMemRefTypeGet(self.ty(elem), rank as isize, shape.as_ptr(), layout, mlirAttributeGetNull())
        }
    }

    /// The LLVM struct a memref of `rank` dimensions lowers to.
    fn memref_descriptor_type(self, rank: usize) -> MlirType {
        let (ptr, i64_ty) = (self.ptr_type(), self.int_type(64));
        let dims = self.array_type(i64_ty, rank);
        self.struct_type(&[ptr, ptr, i64_ty, dims, dims])
    }
}

/// `memref.atomic_rmw`'s kind (MLIR's `arith::AtomicRMWKind`) for an
/// atomic operation. `maxnumf`/`minnumf` are LLVM's `fmax`/`fmin`.
fn atomic_rmw_kind(op: AtomicOp) -> i64 {
    match op {
        AtomicOp::FAdd => 0,
        AtomicOp::Add => 1,
        AtomicOp::And => 2,
        AtomicOp::FMax => 5,
        AtomicOp::Max => 6,
        AtomicOp::UMax => 7,
        AtomicOp::FMin => 9,
        AtomicOp::Min => 10,
        AtomicOp::UMin => 11,
        AtomicOp::Or => 14,
        AtomicOp::Xor => 15,
    }
}

impl Body {
    /// A view of the memory at `base` with the given sizes, strides (in
    /// elements, one per dimension) and offset (in elements): element
    /// `(i, j, ..)` is at `base + offset + i * strides[0] + j * strides[1] ..`.
    pub fn memref_view(&mut self, base: &Val, elem: Ty, sizes: &[Val], strides: &[Val], offset: &Val) -> MemRef {
        assert_eq!(sizes.len(), strides.len(), "a memref view needs one stride per size");
        let rank = sizes.len();
        let desc_ty = self.ir.memref_descriptor_type(rank);
        let mut desc = self.emit(OpSpec::new("llvm.mlir.undef").results(&[desc_ty]));
        let mut fields: Vec<(Vec<i64>, Val)> = vec![(vec![0], *base), (vec![1], *base), (vec![2], self.cast(offset, Ty::I64))];
        for (d, (size, stride)) in sizes.iter().zip(strides).enumerate() {
            fields.push((vec![3, d as i64], self.cast(size, Ty::I64)));
            fields.push((vec![4, d as i64], self.cast(stride, Ty::I64)));
        }
        for (position, value) in fields {
            let position = self.ir.i64_array(&position);
            desc = self.emit(
                OpSpec::new("llvm.insertvalue")
                    .operands(&[ir::result(desc, 0), value.raw])
                    .results(&[desc_ty])
                    .attr("position", position),
            );
        }
        let ty = self.ir.memref_type(elem, rank);
        let cast = self.emit(
            OpSpec::new("builtin.unrealized_conversion_cast")
                .operands(&[ir::result(desc, 0)])
                .results(&[ty]),
        );
        MemRef { raw: ir::result(cast, 0), elem, rank }
    }

    /// Integer indices as `index` values (through `i64`, so that unsigned
    /// indices are zero-extended).
    pub(super) fn memref_indices(&mut self, m: &MemRef, indices: &[Val]) -> Vec<Val> {
        assert_eq!(indices.len(), m.rank, "a memref access needs one index per dimension");
        indices
            .iter()
            .map(|i| {
                let i = self.cast(i, Ty::I64);
                self.cast(&i, Ty::Index)
            })
            .collect()
    }

    /// `memref.load m[indices]`.
    pub fn memref_load(&mut self, m: &MemRef, indices: &[Val]) -> Val {
        let mut operands = vec![m.raw];
        operands.extend(raw_vals(&self.memref_indices(m, indices)));
        self.def(m.elem, OpSpec::new("memref.load").operands(&operands))
    }

    /// `memref.store value, m[indices]` (`value` converted to the element
    /// type first).
    pub fn memref_store(&mut self, value: &Val, m: &MemRef, indices: &[Val]) {
        let v = self.cast(value, m.elem);
        let mut operands = vec![v.raw, m.raw];
        operands.extend(raw_vals(&self.memref_indices(m, indices)));
        self.emit(OpSpec::new("memref.store").operands(&operands));
    }

    /// `m[indices] = m[indices] op value`, atomically
    /// (`memref.atomic_rmw`); returns the old value.
    pub fn memref_atomic_rmw(&mut self, op: AtomicOp, m: &MemRef, indices: &[Val], value: &Val) -> Val {
        let mut operands = vec![value.raw, m.raw];
        operands.extend(raw_vals(&self.memref_indices(m, indices)));
        let kind = self.ir.i64_attr(atomic_rmw_kind(op));
        self.def(value.ty, OpSpec::new("memref.atomic_rmw").operands(&operands).attr("kind", kind))
    }
}
