//! The builder's access to MLIR's C API: types, attributes, operations,
//! blocks and regions as raw handles. Everything here is private to
//! `builder`; the handles live as long as the module being built (its
//! context outlives [`super::module::ModuleGenIr`]).

use super::Ty;
use mlir_sys::*;
use std::ffi::c_char;

/// The context the code is built in, and the location new ops get (that
/// of the SDFG element being lowered; unknown for module-level helpers).
#[derive(Clone, Copy, Debug)]
pub(super) struct Ir {
    pub ctx: MlirContext,
    pub loc: MlirLocation,
}

impl Ir {
    pub fn new(ctx: MlirContext) -> Ir {
        // SAFETY: a live context.
        Ir { ctx, loc: unsafe { mlirLocationUnknownGet(ctx) } }
    }
}

pub(super) fn string_ref(s: &str) -> MlirStringRef {
    // MLIR copies or uniques the bytes before `s` goes away.
    MlirStringRef {
        data: s.as_ptr() as *const c_char,
        length: s.len(),
    }
}

/// An op under construction: name, operands, results, attributes, regions
/// and successors, then [`OpSpec::create`].
pub(super) struct OpSpec<'a> {
    pub name: &'a str,
    pub operands: Vec<MlirValue>,
    pub results: Vec<MlirType>,
    pub attrs: Vec<(&'a str, MlirAttribute)>,
    pub regions: Vec<MlirRegion>,
    pub successors: Vec<MlirBlock>,
}

impl<'a> OpSpec<'a> {
    pub fn new(name: &'a str) -> Self {
        OpSpec {
            name,
            operands: Vec::new(),
            results: Vec::new(),
            attrs: Vec::new(),
            regions: Vec::new(),
            successors: Vec::new(),
        }
    }

    pub fn operands(mut self, values: &[MlirValue]) -> Self {
        self.operands.extend_from_slice(values);
        self
    }

    pub fn results(mut self, types: &[MlirType]) -> Self {
        self.results.extend_from_slice(types);
        self
    }

    pub fn attr(mut self, name: &'a str, value: MlirAttribute) -> Self {
        self.attrs.push((name, value));
        self
    }

    pub fn regions(mut self, n: usize) -> Self {
        // SAFETY: the regions are handed to the op, which owns them.
        self.regions
            .extend((0..n).map(|_| unsafe { mlirRegionCreate() }));
        self
    }

    pub fn successors(mut self, blocks: &[MlirBlock]) -> Self {
        self.successors.extend_from_slice(blocks);
        self
    }

    /// The op, owned by the caller until it is inserted into a block.
    pub fn create(self, ir: Ir) -> MlirOperation {
        // SAFETY: every handle comes from `ir`'s context and is live; the
        // state copies the arrays it is given.
        unsafe {
            let mut state = mlirOperationStateGet(string_ref(self.name), ir.loc);
            mlirOperationStateAddOperands(
                &mut state,
                self.operands.len() as isize,
                self.operands.as_ptr(),
            );
            mlirOperationStateAddResults(
                &mut state,
                self.results.len() as isize,
                self.results.as_ptr(),
            );
            let named: Vec<MlirNamedAttribute> = self
                .attrs
                .iter()
                .map(|(n, a)| mlirNamedAttributeGet(mlirIdentifierGet(ir.ctx, string_ref(n)), *a))
                .collect();
            mlirOperationStateAddAttributes(&mut state, named.len() as isize, named.as_ptr());
            mlirOperationStateAddOwnedRegions(
                &mut state,
                self.regions.len() as isize,
                self.regions.as_ptr(),
            );
            mlirOperationStateAddSuccessors(
                &mut state,
                self.successors.len() as isize,
                self.successors.as_ptr(),
            );
            mlirOperationCreate(&mut state)
        }
    }
}

pub(super) fn result(op: MlirOperation, i: usize) -> MlirValue {
    // SAFETY: callers ask for results the op was created with.
    unsafe { mlirOperationGetResult(op, i as isize) }
}

pub(super) fn region(op: MlirOperation, i: usize) -> MlirRegion {
    // SAFETY: callers ask for regions the op was created with.
    unsafe { mlirOperationGetRegion(op, i as isize) }
}

/// A new block with arguments of `types`, owned by the caller.
pub(super) fn new_block(ir: Ir, types: &[MlirType]) -> MlirBlock {
    // SAFETY: one location per argument.
    unsafe {
        let locs = vec![ir.loc; types.len()];
        mlirBlockCreate(types.len() as isize, types.as_ptr(), locs.as_ptr())
    }
}

pub(super) fn block_arg(block: MlirBlock, i: usize) -> MlirValue {
    // SAFETY: callers ask for arguments the block was created with.
    unsafe { mlirBlockGetArgument(block, i as isize) }
}

/// Appends a new block with arguments of `types` to `region`.
pub(super) fn append_block(ir: Ir, region: MlirRegion, types: &[MlirType]) -> MlirBlock {
    let block = new_block(ir, types);
    // SAFETY: the region takes the new block.
    unsafe { mlirRegionAppendOwnedBlock(region, block) };
    block
}

pub(super) fn append_op(block: MlirBlock, op: MlirOperation) {
    // SAFETY: `op` is owned by the caller and goes to the block.
    unsafe { mlirBlockAppendOwnedOperation(block, op) }
}

/// Inserts `op` after `after` (at the start of `block` when null).
pub(super) fn insert_op_after(block: MlirBlock, after: MlirOperation, op: MlirOperation) {
    // SAFETY: `after` is null or in `block`; `op` is owned by the caller.
    unsafe { mlirBlockInsertOwnedOperationAfter(block, after, op) }
}

pub(super) fn parent_region(block: MlirBlock) -> MlirRegion {
    // SAFETY: a live block.
    unsafe { mlirBlockGetParentRegion(block) }
}

pub(super) fn is_null_region(r: MlirRegion) -> bool {
    r.ptr.is_null()
}

// ----- types --------------------------------------------------------------

impl Ir {
    pub fn int_type(self, bits: u32) -> MlirType {
        // SAFETY: a live context.
        unsafe { mlirIntegerTypeGet(self.ctx, bits) }
    }

    pub fn ptr_type(self) -> MlirType {
        // SAFETY: a live context with the LLVM dialect loaded.
        unsafe { mlirLLVMPointerTypeGet(self.ctx, 0) }
    }

    /// The type of a value of `ty`.
    pub fn ty(self, ty: Ty) -> MlirType {
        // SAFETY: a live context.
        unsafe {
            match ty {
                Ty::Ptr => self.ptr_type(),
                Ty::Index => mlirIndexTypeGet(self.ctx),
                Ty::F16 => mlirF16TypeGet(self.ctx),
                Ty::F32 => mlirF32TypeGet(self.ctx),
                Ty::F64 => mlirF64TypeGet(self.ctx),
                Ty::C64 | Ty::C128 => mlirComplexTypeGet(self.ty(ty.complex_part())),
                t => self.int_type(t.bits()),
            }
        }
    }

    /// The type of `ty` in memory: complex values as a struct of two floats.
    pub fn memory_ty(self, ty: Ty) -> MlirType {
        if ty.is_complex() {
            let part = self.ty(ty.complex_part());
            return self.struct_type(&[part, part]);
        }
        self.ty(ty)
    }

    pub fn types(self, tys: &[Ty]) -> Vec<MlirType> {
        tys.iter().map(|t| self.ty(*t)).collect()
    }

    pub fn struct_type(self, fields: &[MlirType]) -> MlirType {
        // SAFETY: a live context and field types.
        unsafe {
            mlirLLVMStructTypeLiteralGet(self.ctx, fields.len() as isize, fields.as_ptr(), false)
        }
    }

    pub fn array_type(self, elem: MlirType, n: usize) -> MlirType {
        // SAFETY: a live element type.
        unsafe { mlirLLVMArrayTypeGet(elem, n as u32) }
    }

    pub fn function_type(self, params: &[MlirType], results: &[MlirType]) -> MlirType {
        // SAFETY: live types.
        unsafe {
            mlirFunctionTypeGet(
                self.ctx,
                params.len() as isize,
                params.as_ptr(),
                results.len() as isize,
                results.as_ptr(),
            )
        }
    }

    /// `!llvm.func<result (params[, ...])>`; no result is `void`.
    pub fn llvm_function_type(
        self,
        params: &[MlirType],
        result: Option<MlirType>,
        variadic: bool,
    ) -> MlirType {
        // SAFETY: live types.
        unsafe {
            let result = result.unwrap_or_else(|| mlirLLVMVoidTypeGet(self.ctx));
            mlirLLVMFunctionTypeGet(result, params.len() as isize, params.as_ptr(), variadic)
        }
    }
}

// ----- attributes ---------------------------------------------------------

impl Ir {
    pub fn int_attr(self, ty: MlirType, v: i64) -> MlirAttribute {
        // SAFETY: an integer or index type.
        unsafe { mlirIntegerAttrGet(ty, v) }
    }

    /// An `i64` attribute: the predicates and orderings of `arith` and
    /// `llvm` ops are enums stored this way.
    pub fn i64_attr(self, v: i64) -> MlirAttribute {
        self.int_attr(self.int_type(64), v)
    }

    pub fn float_attr(self, ty: MlirType, v: f64) -> MlirAttribute {
        // SAFETY: a float type.
        unsafe { mlirFloatAttrDoubleGet(self.ctx, ty, v) }
    }

    pub fn type_attr(self, ty: MlirType) -> MlirAttribute {
        // SAFETY: a live type.
        unsafe { mlirTypeAttrGet(ty) }
    }

    pub fn string_attr(self, s: &str) -> MlirAttribute {
        // SAFETY: a live context; MLIR copies the bytes.
        unsafe { mlirStringAttrGet(self.ctx, string_ref(s)) }
    }

    pub fn symbol_ref(self, name: &str) -> MlirAttribute {
        // SAFETY: as `string_attr`.
        unsafe { mlirFlatSymbolRefAttrGet(self.ctx, string_ref(name)) }
    }

    /// An attribute written in MLIR's syntax (`#gpu<dim x>`).
    pub fn parsed_attr(self, text: &str) -> MlirAttribute {
        // SAFETY: a live context; the text is parsed, not kept.
        let attr = unsafe { mlirAttributeParseGet(self.ctx, string_ref(text)) };
        assert!(!attr.ptr.is_null(), "not an attribute: {text}");
        attr
    }

    pub fn unit_attr(self) -> MlirAttribute {
        // SAFETY: a live context.
        unsafe { mlirUnitAttrGet(self.ctx) }
    }

    pub fn i32_array(self, values: &[i32]) -> MlirAttribute {
        // SAFETY: a live context and array.
        unsafe { mlirDenseI32ArrayGet(self.ctx, values.len() as isize, values.as_ptr()) }
    }

    pub fn i64_array(self, values: &[i64]) -> MlirAttribute {
        // SAFETY: a live context and array.
        unsafe { mlirDenseI64ArrayGet(self.ctx, values.len() as isize, values.as_ptr()) }
    }

    pub fn internal_linkage(self) -> MlirAttribute {
        // SAFETY: a live context with the LLVM dialect loaded.
        unsafe { mlirLLVMLinkageAttrGet(self.ctx, MlirLLVMLinkage_MlirLLVMLinkageInternal) }
    }

    /// `dense<[values]> : tensor<N x elem>`.
    pub fn dense_ints(self, elem: MlirType, values: &[i64]) -> MlirAttribute {
        let shaped = self.tensor_type(elem, values.len());
        // SAFETY: the tensor type has as many elements as `values`; the
        // bits are converted to the element width by MLIR.
        unsafe {
            let attrs: Vec<MlirAttribute> = values
                .iter()
                .map(|v| mlirIntegerAttrGet(elem, *v))
                .collect();
            mlirDenseElementsAttrGet(shaped, attrs.len() as isize, attrs.as_ptr())
        }
    }

    pub fn dense_floats(self, elem: MlirType, values: &[f64]) -> MlirAttribute {
        let shaped = self.tensor_type(elem, values.len());
        // SAFETY: as `dense_ints`.
        unsafe {
            let attrs: Vec<MlirAttribute> = values
                .iter()
                .map(|v| mlirFloatAttrDoubleGet(self.ctx, elem, *v))
                .collect();
            mlirDenseElementsAttrGet(shaped, attrs.len() as isize, attrs.as_ptr())
        }
    }

    fn tensor_type(self, elem: MlirType, n: usize) -> MlirType {
        let shape = [n as i64];
        // SAFETY: a live element type; no encoding.
        unsafe { mlirRankedTensorTypeGet(1, shape.as_ptr(), elem, mlirAttributeGetNull()) }
    }
}
