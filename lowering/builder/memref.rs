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

/// A view of memory: the value, its element type and its rank; a flat
/// view also keeps the strides that linearise an index.
#[derive(Clone, Debug)]
pub struct MemRef {
    raw: MlirValue,
    pub elem: Ty,
    pub rank: usize,
    flat_strides: Option<Vec<Val>>,
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

    /// `memref<?xT>`: a flat view with the identity layout.
    pub fn flat_memref_type(self, elem: Ty) -> MlirType {
        // SAFETY: a live context; the shape outlives the call.
        unsafe {
            let shape = [mlirShapedTypeGetDynamicSize()];
            mlirMemRefTypeContiguousGet(self.ty(elem), 1, shape.as_ptr(), mlirAttributeGetNull())
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
        MemRef { raw: ir::result(cast, 0), elem, rank, flat_strides: None }
    }

    /// A flat view (`memref<?xT>`) of the memory at `base`: element
    /// `(i, j, ..)` is at `i * strides[0] + j * strides[1] ..`.
    /// Complex elements are viewed as pairs of their parts.
    pub fn flat_memref_view(&mut self, base: &Val, elem: Ty, strides: &[Val]) -> MemRef {
        let stored = if elem.is_complex() { elem.complex_part() } else { elem };
        let ty = self.ir.flat_memref_type(stored);
        let cast = self.emit(OpSpec::new("builtin.unrealized_conversion_cast").operands(&[base.raw]).results(&[ty]));
        let strides: Vec<Val> = strides.iter().map(|s| self.cast(s, Ty::I64)).collect();
        MemRef { raw: ir::result(cast, 0), elem, rank: strides.len(), flat_strides: Some(strides) }
    }

    /// Integer indices as `index` values (through `i64`, so that unsigned
    /// indices are zero-extended).
    pub(super) fn memref_indices(&mut self, m: &MemRef, indices: &[Val]) -> Vec<Val> {
        assert_eq!(indices.len(), m.rank, "a memref access needs one index per dimension");
        if let Some(strides) = &m.flat_strides {
            let mut linear = self.i64(0);
            for (i, stride) in indices.iter().zip(strides) {
                let i = self.cast(i, Ty::I64);
                let term = self.op("arith.muli", &[&i, stride], Ty::I64);
                linear = self.op("arith.addi", &[&linear, &term], Ty::I64);
            }
            return vec![self.cast(&linear, Ty::Index)];
        }
        indices
            .iter()
            .map(|i| {
                let i = self.cast(i, Ty::I64);
                self.cast(&i, Ty::Index)
            })
            .collect()
    }

    /// In a flat view of complex elements, where the parts of the element
    /// at `indices` are (`2 * linear` and the one after).
    fn flat_complex_parts(&mut self, m: &MemRef, indices: &[Val]) -> Option<(Val, Val)> {
        if m.flat_strides.is_none() || !m.elem.is_complex() {
            return None;
        }
        let [linear] = self.memref_indices(m, indices)[..] else { unreachable!("a flat view has one index") };
        let two = self.int(2, Ty::Index);
        let re = self.op("arith.muli", &[&linear, &two], Ty::Index);
        let one = self.int(1, Ty::Index);
        let im = self.op("arith.addi", &[&re, &one], Ty::Index);
        Some((re, im))
    }

    /// `memref.load m[indices]`.
    pub fn memref_load(&mut self, m: &MemRef, indices: &[Val]) -> Val {
        if let Some((re, im)) = self.flat_complex_parts(m, indices) {
            let part = m.elem.complex_part();
            let re = self.def(part, OpSpec::new("memref.load").operands(&[m.raw, re.raw]));
            let im = self.def(part, OpSpec::new("memref.load").operands(&[m.raw, im.raw]));
            return self.complex(&re, &im, m.elem);
        }
        let mut operands = vec![m.raw];
        operands.extend(raw_vals(&self.memref_indices(m, indices)));
        self.def(m.elem, OpSpec::new("memref.load").operands(&operands))
    }

    /// `memref.store value, m[indices]` (`value` converted to the element
    /// type first).
    pub fn memref_store(&mut self, value: &Val, m: &MemRef, indices: &[Val]) {
        let v = self.cast(value, m.elem);
        if let Some((re_at, im_at)) = self.flat_complex_parts(m, indices) {
            let (re, im) = self.parts(&v);
            self.emit(OpSpec::new("memref.store").operands(&[re.raw, m.raw, re_at.raw]));
            self.emit(OpSpec::new("memref.store").operands(&[im.raw, m.raw, im_at.raw]));
            return;
        }
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
