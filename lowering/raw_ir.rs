//! Small helpers over MLIR's C API for the rewrites of ops the builder did
//! not make (device code after kernel outlining, OpenMP regions after
//! `convert-scf-to-openmp`).

use mlir_sys::*;

/// A `MlirStringRef` of `s` (valid while `s` lives).
pub(super) fn text(s: &str) -> MlirStringRef {
    MlirStringRef { data: s.as_ptr() as *const std::ffi::c_char, length: s.len() }
}

/// The op's name (`gpu.func`).
pub(super) unsafe fn name(op: MlirOperation) -> String {
    let id = mlirIdentifierStr(mlirOperationGetName(op));
    String::from_utf8_lossy(std::slice::from_raw_parts(id.data as *const u8, id.length)).into_owned()
}

/// The ops directly inside `op`'s regions.
pub(super) unsafe fn children(op: MlirOperation) -> Vec<MlirOperation> {
    let mut out = Vec::new();
    for r in 0..mlirOperationGetNumRegions(op) {
        let mut block = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, r));
        while !block.ptr.is_null() {
            let mut child = mlirBlockGetFirstOperation(block);
            while !child.ptr.is_null() {
                out.push(child);
                child = mlirOperationGetNextInBlock(child);
            }
            block = mlirBlockGetNextInRegion(block);
        }
    }
    out
}

/// Every op nested in `op`.
pub(super) unsafe fn collect(op: MlirOperation, out: &mut Vec<MlirOperation>) {
    for child in children(op) {
        out.push(child);
        collect(child, out);
    }
}

/// A type or attribute written in MLIR's syntax (fixed texts of ours).
pub(super) unsafe fn parse_type(ctx: MlirContext, s: &str) -> MlirType {
    let t = mlirTypeParseGet(ctx, text(s));
    assert!(!t.ptr.is_null(), "internal error: bad type text {s}");
    t
}

/// `memref<N x elem>` (`None`: a dynamic size `?`) with an identity layout,
/// in `memory_space` (null: the default one).
pub(super) unsafe fn memref_1d(elem: MlirType, count: Option<i64>, memory_space: MlirAttribute) -> MlirType {
    let shape = [count.unwrap_or_else(|| mlirShapedTypeGetDynamicSize())];
    mlirMemRefTypeContiguousGet(elem, 1, shape.as_ptr(), memory_space)
}

pub(super) unsafe fn parse_attr(ctx: MlirContext, s: &str) -> MlirAttribute {
    let a = mlirAttributeParseGet(ctx, text(s));
    assert!(!a.ptr.is_null(), "internal error: bad attribute text {s}");
    a
}

/// The string value of `op`'s attribute `attr` (a symbol or string).
pub(super) unsafe fn string_attr(op: MlirOperation, attr: &str) -> Option<String> {
    let a = mlirOperationGetAttributeByName(op, text(attr));
    if a.ptr.is_null() {
        return None;
    }
    let s = if mlirAttributeIsAFlatSymbolRef(a) {
        mlirFlatSymbolRefAttrGetValue(a)
    } else if mlirAttributeIsAString(a) {
        mlirStringAttrGetValue(a)
    } else {
        return None;
    };
    Some(String::from_utf8_lossy(std::slice::from_raw_parts(s.data as *const u8, s.length)).into_owned())
}

/// Creates `name(operands) {attrs} : results` at the location of `before`
/// and inserts it before `before`.
pub(super) unsafe fn create_before(
    before: MlirOperation,
    name: &str,
    operands: &[MlirValue],
    results: &[MlirType],
    attrs: &[(&str, MlirAttribute)],
) -> MlirOperation {
    let op = create(mlirOperationGetLocation(before), name, operands, results, attrs, &[], 0);
    mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(before), before, op);
    op
}

/// Creates `name(operands)[successors] {attrs} : results` at `loc` at the
/// end of `block`.
pub(super) unsafe fn append_to(
    block: MlirBlock,
    loc: MlirLocation,
    name: &str,
    operands: &[MlirValue],
    results: &[MlirType],
    attrs: &[(&str, MlirAttribute)],
    successors: &[MlirBlock],
) -> MlirOperation {
    let op = create(loc, name, operands, results, attrs, successors, 0);
    mlirBlockAppendOwnedOperation(block, op);
    op
}

/// Creates `name(operands)[successors] {attrs} : results` at `loc` with
/// `regions` empty regions, not inserted anywhere.
pub(super) unsafe fn create(
    loc: MlirLocation,
    name: &str,
    operands: &[MlirValue],
    results: &[MlirType],
    attrs: &[(&str, MlirAttribute)],
    successors: &[MlirBlock],
    regions: usize,
) -> MlirOperation {
    let ctx = mlirLocationGetContext(loc);
    let mut state = mlirOperationStateGet(text(name), loc);
    mlirOperationStateAddOperands(&mut state, operands.len() as isize, operands.as_ptr());
    mlirOperationStateAddResults(&mut state, results.len() as isize, results.as_ptr());
    mlirOperationStateAddSuccessors(&mut state, successors.len() as isize, successors.as_ptr());
    let named: Vec<MlirNamedAttribute> =
        attrs.iter().map(|(n, a)| mlirNamedAttributeGet(mlirIdentifierGet(ctx, text(n)), *a)).collect();
    mlirOperationStateAddAttributes(&mut state, named.len() as isize, named.as_ptr());
    let owned: Vec<MlirRegion> = (0..regions).map(|_| mlirRegionCreate()).collect();
    mlirOperationStateAddOwnedRegions(&mut state, owned.len() as isize, owned.as_ptr());
    mlirOperationCreate(&mut state)
}

/// The ops that use `value`.
pub(super) unsafe fn users(value: MlirValue) -> Vec<MlirOperation> {
    let mut out = Vec::new();
    let mut user = mlirValueGetFirstUse(value);
    while !user.ptr.is_null() {
        out.push(mlirOpOperandGetOwner(user));
        user = mlirOpOperandGetNextUse(user);
    }
    out
}

/// A string of a live attribute.
pub(super) fn ref_text(s: MlirStringRef) -> String {
    // SAFETY: a string of a live attribute.
    unsafe { String::from_utf8_lossy(std::slice::from_raw_parts(s.data as *const u8, s.length)).into_owned() }
}

/// The printing callback that appends to the `String` `data` points to.
unsafe extern "C" fn append(s: MlirStringRef, data: *mut std::ffi::c_void) {
    let out = &mut *(data as *mut String);
    out.push_str(&String::from_utf8_lossy(std::slice::from_raw_parts(s.data as *const u8, s.length)));
}

/// `ty` in MLIR's syntax.
pub(super) unsafe fn type_text(ty: MlirType) -> String {
    let mut out = String::new();
    mlirTypePrint(ty, Some(append), &mut out as *mut String as *mut std::ffi::c_void);
    out
}

/// The integer constant `value` is, through index casts.
pub(super) unsafe fn constant_of(value: MlirValue) -> Option<i64> {
    if !mlirValueIsAOpResult(value) {
        return None;
    }
    let op = mlirOpResultGetOwner(value);
    match name(op).as_str() {
        "arith.index_cast" | "arith.extsi" | "arith.extui" => constant_of(mlirOperationGetOperand(op, 0)),
        "arith.constant" => {
            let a = mlirOperationGetAttributeByName(op, text("value"));
            mlirAttributeIsAInteger(a).then(|| mlirIntegerAttrGetValueInt(a))
        }
        _ => None,
    }
}

/// An `index` constant, before `at`.
pub(super) unsafe fn index_constant(at: MlirOperation, v: i64) -> MlirValue {
    let index = mlirIndexTypeGet(mlirOperationGetContext(at));
    mlirOperationGetResult(create_before(at, "arith.constant", &[], &[index], &[("value", mlirIntegerAttrGet(index, v))]), 0)
}
