//! Vulkan kernels hold no pointers: shaders reach memory through buffers
//! and variables only. After outlining (and inlining the nested SDFGs a
//! kernel calls) every pointer in a kernel starts at a root: a kernel
//! argument (a GPU array), or stack memory (`llvm.alloca`: private data
//! and symbols of the kernel, the argument tables of nested calls), and
//! moves from there by `llvm.getelementptr`. Each root becomes a `memref`
//! (an argument viewed as `memref<?xT>`, stack memory as `memref<NxT>` in
//! SPIR-V's Function storage class) and pointer arithmetic becomes index
//! arithmetic:
//!
//! ```text
//! %s = llvm.alloca %c1 x f64               %S = memref.alloca() : memref<1xf64, Function>
//! llvm.store %x, %s                   =>   memref.store %x, %S[%c0]
//! %p = llvm.getelementptr %a[%i] : f64     %A = unrealized_conversion_cast %a : !llvm.ptr to memref<?xf64>
//! %v = llvm.load %p : f64                  %v = memref.load %A[%i']
//! ```
//!
//! Stack memory that holds pointers (a view re-bound while the program
//! runs, a nested call's argument table) holds offsets instead: all the
//! pointers stored in one slot must point into one root, which the
//! rewrite checks.

mod roots;

use super::raw_ir::*;
use mlir_sys::*;
use roots::*;
use std::collections::{HashMap, HashSet};

/// Rewrites every kernel of the outlined `module`.
pub fn to_memref_accesses(module: &melior::ir::Module) -> Result<(), String> {
    // SAFETY: the rewrite works on the live module; ops are erased only
    // once nothing uses their results.
    unsafe {
        let mut all = Vec::new();
        collect(module.as_operation().to_raw(), &mut all);
        let kernels: Vec<_> = all
            .into_iter()
            .filter(|op| name(*op) == "gpu.func" && !mlirOperationGetAttributeByName(*op, text("gpu.kernel")).ptr.is_null())
            .collect();
        let mut modules = Vec::new();
        for func in kernels {
            let kernel = string_attr(func, "sym_name").unwrap_or_default();
            rewrite_kernel(func).map_err(|e| format!("kernel '{kernel}': {e}"))?;
            modules.push(mlirOperationGetParentOperation(func));
        }
        // The kernels' copies of constant arrays are all they read.
        modules.dedup_by(|a, b| a.ptr == b.ptr);
        for module in modules {
            for global in children(module).into_iter().filter(|op| name(*op) == "llvm.mlir.global") {
                mlirOperationDestroy(global);
            }
        }
        Ok(())
    }
}

/// The scalar `ty` is made of in memory, and how many of it: complex
/// values and LLVM structs or arrays of one float are pairs (or rows) of
/// it.
unsafe fn scalars_of(ty: MlirType) -> Option<(MlirType, i64)> {
    if mlirTypeIsAInteger(ty) || mlirTypeIsAFloat(ty) {
        Some((ty, 1))
    } else if mlirTypeIsAComplex(ty) {
        Some((mlirComplexTypeGetElementType(ty), 2))
    } else if mlirTypeIsALLVMStructType(ty) {
        let n = mlirLLVMStructTypeGetNumElementTypes(ty);
        let (part, k) = scalars_of(mlirLLVMStructTypeGetElementType(ty, 0))?;
        (0..n).all(|i| mlirTypeEqual(mlirLLVMStructTypeGetElementType(ty, i), mlirLLVMStructTypeGetElementType(ty, 0))).then_some((part, k * n as i64))
    } else {
        None
    }
}

unsafe fn bytes(ty: MlirType) -> i64 {
    let bits = if mlirTypeIsAInteger(ty) { mlirIntegerTypeGetWidth(ty) } else { mlirFloatTypeGetWidth(ty) };
    (bits.max(8) / 8) as i64
}

/// The memory of a root: a memref value and its element type.
#[derive(Clone, Copy)]
struct Memory {
    memref: MlirValue,
    elem: MlirType,
}

/// Where a pointer points: its root and an element offset (`index`;
/// none: zero).
#[derive(Clone, Copy)]
struct Place {
    root: Root,
    offset: Option<MlirValue>,
}

unsafe fn rewrite_kernel(func: MlirOperation) -> Result<(), String> {
    let entry = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
    let mut ops = Vec::new();
    collect(func, &mut ops);
    // Dead pointers (message addresses of traps) go first.
    for &op in ops.iter().rev() {
        if name(op) == "llvm.mlir.addressof" && users(mlirOperationGetResult(op, 0)).is_empty() {
            mlirOperationDestroy(op);
        }
    }
    ops.clear();
    collect(func, &mut ops);
    let stores = ops.iter().copied().filter(|op| name(*op) == "llvm.store").collect();
    let mut roots = Roots { entry, stores, of_value: HashMap::new(), of_slot: HashMap::new(), busy: HashSet::new() };
    // The element type of every root, from the accesses through it.
    let mut elems: HashMap<Root, MlirType> = HashMap::new();
    let mut order: Vec<(Root, MlirValue)> = Vec::new();
    let mut note = |root: Root, def: MlirValue, ty: MlirType, elems: &mut HashMap<Root, MlirType>| -> Result<(), String> {
        if !order.iter().any(|(r, _)| *r == root) {
            order.push((root, def));
        }
        let Some((scalar, _)) = scalars_of(ty) else { return Ok(()) };
        match elems.get(&root) {
            Some(seen) if !mlirTypeEqual(*seen, scalar) => {
                Err(format!("one memory used as {} and as {}", type_text(*seen), type_text(scalar)))
            }
            _ => {
                elems.insert(root, scalar);
                Ok(())
            }
        }
    };
    for &op in &ops {
        let n = name(op);
        if n == "llvm.intr.stackrestore" {
            continue;
        }
        if n == "llvm.alloca" {
            let v = mlirOperationGetResult(op, 0);
            note(roots.root(v)?, v, elem_type(op), &mut elems)?;
            continue;
        }
        for i in 0..mlirOperationGetNumOperands(op) {
            let v = mlirOperationGetOperand(op, i);
            if !is_ptr(v) || roots.table_slot(v)?.is_some() {
                continue;
            }
            let root = roots.root(v)?;
            let ty = match (n.as_str(), i) {
                ("llvm.load", 0) => mlirValueGetType(mlirOperationGetResult(op, 0)),
                ("llvm.store", 0) => mlirValueGetType(v),
                ("llvm.store", 1) => mlirValueGetType(mlirOperationGetOperand(op, 0)),
                ("llvm.getelementptr", 0) => elem_type(op),
                ("builtin.unrealized_conversion_cast", 0) => mlirShapedTypeGetElementType(mlirValueGetType(mlirOperationGetResult(op, 0))),
                _ => return Err(format!("GPU memory used through `{n}`, which Vulkan kernels cannot express")),
            };
            note(root, root_value(root, func), ty, &mut elems)?;
        }
    }
    // A memref for every root, at the top of the kernel.
    let top = mlirBlockGetFirstOperation(entry);
    let mut memories: HashMap<Root, Memory> = HashMap::new();
    for (root, def) in &order {
        let memory = match root {
            Root::Table(op) => {
                let count = alloca_count(MlirOperation { ptr: *op as *mut _ })?;
                let i64_ty = mlirIntegerTypeGet(mlirOperationGetContext(func), 64);
                Memory { memref: private_memory(top, i64_ty, count), elem: i64_ty }
            }
            Root::Data(op) => {
                let op = MlirOperation { ptr: *op as *mut _ };
                let (scalar, per) = scalars_of(elem_type(op)).ok_or_else(|| {
                    format!("stack memory of {}, which Vulkan kernels cannot express", type_text(elem_type(op)))
                })?;
                Memory { memref: private_memory(top, scalar, alloca_count(op)? * per), elem: scalar }
            }
            Root::Const(global) => constant_copy(top, MlirOperation { ptr: *global as *mut _ })?,
            // Passed on (to a nested SDFG) but never read or written.
            Root::Arg(_) if !elems.contains_key(root) => continue,
            Root::Arg(_) => {
                let elem = elems[root];
                let ty = memref_1d(elem, None, MlirAttribute { ptr: std::ptr::null() });
                let cast = create_before(top, "builtin.unrealized_conversion_cast", &[*def], &[ty], &[]);
                Memory { memref: mlirOperationGetResult(cast, 0), elem }
            }
        };
        memories.insert(*root, memory);
    }
    let mut rewrite = Rewrite { roots, memories, places: HashMap::new(), erase: Vec::new() };
    for &op in &ops {
        rewrite.op(op)?;
    }
    for op in rewrite.erase.into_iter().rev() {
        for i in 0..mlirOperationGetNumResults(op) {
            if !mlirValueGetFirstUse(mlirOperationGetResult(op, i)).ptr.is_null() {
                return Err(format!("internal error: `{}` still used after the pointer rewrite", name(op)));
            }
        }
        mlirOperationDestroy(op);
    }
    Ok(())
}

/// The value a root's pointers start from.
unsafe fn root_value(root: Root, func: MlirOperation) -> MlirValue {
    match root {
        Root::Arg(i) => mlirBlockGetArgument(mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0)), i as isize),
        Root::Data(op) | Root::Table(op) => mlirOperationGetResult(MlirOperation { ptr: op as *mut _ }, 0),
        Root::Const(_) => MlirValue { ptr: std::ptr::null_mut() },
    }
}

/// A thread's copy of a constant array global, made before `at`.
unsafe fn constant_copy(at: MlirOperation, global: MlirOperation) -> Result<Memory, String> {
    let value = mlirOperationGetAttributeByName(global, text("value"));
    let count = mlirElementsAttrGetNumElements(value);
    if count > MAX_CONSTANT_ELEMENTS {
        return Err(format!("a constant array of {count} elements (kernels copy at most {MAX_CONSTANT_ELEMENTS} for each thread)"));
    }
    let elem = mlirShapedTypeGetElementType(mlirAttributeGetType(value));
    let memref = private_memory(at, elem, count);
    for i in 0..count {
        let mut position = i as u64;
        let element = mlirElementsAttrGetValue(value, 1, &mut position);
        let c = create_before(at, "arith.constant", &[], &[elem], &[("value", element)]);
        let index = index_constant(at, i);
        create_before(at, "memref.store", &[mlirOperationGetResult(c, 0), memref, index], &[], &[]);
    }
    Ok(Memory { memref, elem })
}

unsafe fn alloca_count(op: MlirOperation) -> Result<i64, String> {
    constant_of(mlirOperationGetOperand(op, 0)).ok_or_else(|| "a per-thread array sized while the program runs (Vulkan kernels hold private arrays of a size known when compiling)".into())
}

/// `memref<count x elem>` private to each thread, before `at`.
unsafe fn private_memory(at: MlirOperation, elem: MlirType, count: i64) -> MlirValue {
    let ctx = mlirOperationGetContext(at);
    let ty = memref_1d(elem, Some(count.max(1)), parse_attr(ctx, "#spirv.storage_class<Function>"));
    let segments = mlirDenseI32ArrayGet(ctx, 2, [0i32, 0].as_ptr());
    mlirOperationGetResult(create_before(at, "memref.alloca", &[], &[ty], &[("operandSegmentSizes", segments)]), 0)
}

struct Rewrite {
    roots: Roots,
    memories: HashMap<Root, Memory>,
    /// Pointers moved from their root (keyed by value).
    places: HashMap<usize, Place>,
    /// Ops rewritten, erased at the end (last first).
    erase: Vec<MlirOperation>,
}

impl Rewrite {
    unsafe fn place(&mut self, v: MlirValue) -> Result<Place, String> {
        if let Some(p) = self.places.get(&key(v)) {
            return Ok(*p);
        }
        if mlirValueIsAOpResult(v) && matches!(name(mlirOpResultGetOwner(v)).as_str(), "llvm.getelementptr" | "llvm.load") {
            return Err("internal error: a pointer used above the op that makes it".into());
        }
        Ok(Place { root: self.roots.root(v)?, offset: None })
    }

    /// The memory of a root read or written through.
    fn memory(&self, root: Root) -> Result<Memory, String> {
        self.memories.get(&root).copied().ok_or_else(|| "internal error: memory accessed without a type".into())
    }

    /// The place's offset as an `index` (zero made before `at`).
    unsafe fn offset(&self, place: &Place, at: MlirOperation) -> MlirValue {
        place.offset.unwrap_or_else(|| index_constant(at, 0))
    }

    /// The memory `address` points into and the element's index (made
    /// before `at`), for a `ty` value read or written (`verb`).
    unsafe fn element(&mut self, address: MlirValue, ty: MlirType, verb: &str, at: MlirOperation) -> Result<(Memory, MlirValue), String> {
        let place = self.place(address)?;
        let memory = self.memory(place.root)?;
        if !mlirTypeEqual(memory.elem, ty) {
            return Err(format!("{} {verb} memory of {}", type_text(ty), type_text(memory.elem)));
        }
        Ok((memory, self.offset(&place, at)))
    }

    unsafe fn op(&mut self, op: MlirOperation) -> Result<(), String> {
        match name(op).as_str() {
            "llvm.alloca" | "llvm.mlir.addressof" | "llvm.intr.stacksave" | "llvm.intr.stackrestore" => self.erase.push(op),
            "llvm.getelementptr" => {
                self.erase.push(op);
                if self.roots.table_slot(mlirOperationGetResult(op, 0))?.is_some() {
                    return Ok(());
                }
                let base = self.place(mlirOperationGetOperand(op, 0))?;
                let (scalar, per) = scalars_of(elem_type(op)).ok_or("an address computed over a type Vulkan kernels cannot hold")?;
                // In elements of the root (any unit for memory never accessed).
                let unit = self.memories.get(&base.root).map_or(1, |m| bytes(m.elem));
                let step = bytes(scalar) * per;
                if step % unit != 0 {
                    return Err("an address between the elements of an array".into());
                }
                let step = step / unit;
                let moved = match gep_index(op) {
                    Index::Constant(i) => index_constant(op, i * step),
                    Index::Dynamic(v) => {
                        let i = to_index(op, v);
                        let s = index_constant(op, step);
                        mlirOperationGetResult(create_before(op, "arith.muli", &[i, s], &[mlirValueGetType(i)], &[]), 0)
                    }
                };
                let offset = match base.offset {
                    None => moved,
                    Some(o) => mlirOperationGetResult(create_before(op, "arith.addi", &[o, moved], &[mlirValueGetType(o)], &[]), 0),
                };
                self.places.insert(key(mlirOperationGetResult(op, 0)), Place { root: base.root, offset: Some(offset) });
            }
            "llvm.load" => {
                self.erase.push(op);
                let result = mlirOperationGetResult(op, 0);
                let address = mlirOperationGetOperand(op, 0);
                if let Some((table, slot)) = self.roots.table_slot(address)? {
                    // A pointer: its root's memory at the offset the slot holds.
                    let root = self.roots.slot_root((table, slot))?;
                    let offsets = self.memory(Root::Table(table))?.memref;
                    let at = index_constant(op, slot);
                    let i64_ty = mlirIntegerTypeGet(mlirOperationGetContext(op), 64);
                    let held = mlirOperationGetResult(create_before(op, "memref.load", &[offsets, at], &[i64_ty], &[]), 0);
                    let offset = to_index(op, held);
                    self.places.insert(key(result), Place { root, offset: Some(offset) });
                    return Ok(());
                }
                let (memory, at) = self.element(address, mlirValueGetType(result), "read from", op)?;
                let value = create_before(op, "memref.load", &[memory.memref, at], &[mlirValueGetType(result)], &[]);
                mlirValueReplaceAllUsesOfWith(result, mlirOperationGetResult(value, 0));
            }
            "llvm.store" => {
                self.erase.push(op);
                let (value, address) = (mlirOperationGetOperand(op, 0), mlirOperationGetOperand(op, 1));
                if let Some((table, slot)) = self.roots.table_slot(address)? {
                    let held = self.place(value)?;
                    let offset = self.offset(&held, op);
                    let i64_ty = mlirIntegerTypeGet(mlirOperationGetContext(op), 64);
                    let bits = create_before(op, "arith.index_cast", &[offset], &[i64_ty], &[]);
                    let at = index_constant(op, slot);
                    let offsets = self.memory(Root::Table(table))?.memref;
                    create_before(op, "memref.store", &[mlirOperationGetResult(bits, 0), offsets, at], &[], &[]);
                    return Ok(());
                }
                let (memory, at) = self.element(address, mlirValueGetType(value), "written to", op)?;
                create_before(op, "memref.store", &[value, memory.memref, at], &[], &[]);
            }
            "builtin.unrealized_conversion_cast" if is_ptr(mlirOperationGetOperand(op, 0)) => {
                let view = mlirOperationGetResult(op, 0);
                let place = self.place(mlirOperationGetOperand(op, 0))?;
                let memory = self.memory(place.root)?;
                if view.ptr == memory.memref.ptr {
                    return Ok(()); // an argument's own view, made above
                }
                self.erase.push(op);
                for user in users(view) {
                    let n = mlirOperationGetNumOperands(user);
                    for i in 0..n {
                        if mlirValueEqual(mlirOperationGetOperand(user, i), view) {
                            mlirOperationSetOperand(user, i, memory.memref);
                            if let (Some(offset), true) = (place.offset, i + 1 < n) {
                                let index = mlirOperationGetOperand(user, i + 1);
                                let sum = create_before(user, "arith.addi", &[index, offset], &[mlirValueGetType(index)], &[]);
                                mlirOperationSetOperand(user, i + 1, mlirOperationGetResult(sum, 0));
                            }
                        }
                    }
                }
            }
            _ => {}
        }
        Ok(())
    }
}

/// An integer as an `index`, before `at`.
unsafe fn to_index(at: MlirOperation, v: MlirValue) -> MlirValue {
    let ty = mlirValueGetType(v);
    if mlirTypeIsAIndex(ty) {
        return v;
    }
    let index = mlirIndexTypeGet(mlirOperationGetContext(at));
    mlirOperationGetResult(create_before(at, "arith.index_cast", &[v], &[index], &[]), 0)
}

#[cfg(test)]
mod tests {
    use melior::ir::{operation::OperationLike, Module};

    /// A kernel as inlining leaves a nested call: a private scalar, an
    /// offset into a GPU array passed through a table of pointers, and a
    /// constant array.
    const KERNEL: &str = r#"module attributes {gpu.container_module} {
  gpu.module @k {
    llvm.mlir.global internal constant @w(dense<[1.5, 2.5]> : tensor<2xf64>) {addr_space = 0 : i32} : !llvm.array<2 x f64>
    gpu.func @k(%a: !llvm.ptr, %i: i64) kernel {
      %c1 = arith.constant 1 : i64
      %c2 = arith.constant 2 : i64
      %s = llvm.alloca %c1 x f64 : (i64) -> !llvm.ptr
      %t = llvm.alloca %c2 x !llvm.ptr : (i64) -> !llvm.ptr
      %p = llvm.getelementptr %a[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f64
      llvm.store %p, %t : !llvm.ptr, !llvm.ptr
      %t1 = llvm.getelementptr %t[1] : (!llvm.ptr) -> !llvm.ptr, !llvm.ptr
      llvm.store %s, %t1 : !llvm.ptr, !llvm.ptr
      %q = llvm.load %t : !llvm.ptr -> !llvm.ptr
      %v = builtin.unrealized_conversion_cast %q : !llvm.ptr to memref<?xf64>
      %c0 = arith.constant 0 : index
      %x = memref.load %v[%c0] : memref<?xf64>
      %w = llvm.mlir.addressof @w : !llvm.ptr
      %w1 = llvm.getelementptr %w[1] : (!llvm.ptr) -> !llvm.ptr, f64
      %y = llvm.load %w1 : !llvm.ptr -> f64
      %z = arith.addf %x, %y : f64
      %r = llvm.load %t1 : !llvm.ptr -> !llvm.ptr
      llvm.store %z, %r : f64, !llvm.ptr
      %back = llvm.load %s : !llvm.ptr -> f64
      memref.store %back, %v[%c0] : memref<?xf64>
      gpu.return
    }
  }
}"#;

    #[test]
    fn pointers_become_memref_indices() {
        let context = crate::ir::new_context();
        let module = Module::parse(&context, KERNEL).expect("a valid module");
        super::to_memref_accesses(&module).expect("rewritten");
        assert!(module.as_operation().verify(), "the rewritten module verifies");
        let text = module.as_operation().to_string();
        for gone in ["llvm.alloca", "llvm.getelementptr", "llvm.load", "llvm.store", "llvm.mlir.addressof", "llvm.mlir.global"] {
            assert!(!text.contains(gone), "{gone} is left: {text}");
        }
        assert!(text.contains("memref.alloca() : memref<1xf64, #spirv.storage_class<Function>>"), "the private scalar: {text}");
        assert!(text.contains("memref.alloca() : memref<2xi64, #spirv.storage_class<Function>>"), "the table holds offsets: {text}");
        assert!(text.contains("memref.alloca() : memref<2xf64, #spirv.storage_class<Function>>"), "the constant's copy: {text}");
        assert_eq!(text.matches("unrealized_conversion_cast %arg0 : !llvm.ptr to memref<?xf64>").count(), 1, "one view of the array: {text}");
    }

    #[test]
    fn a_slot_of_pointers_into_two_arrays_is_refused() {
        let context = crate::ir::new_context();
        let text = KERNEL.replace("llvm.store %s, %t1 : !llvm.ptr, !llvm.ptr", "llvm.store %s, %t : !llvm.ptr, !llvm.ptr");
        let module = Module::parse(&context, &text).expect("a valid module");
        let e = super::to_memref_accesses(&module).unwrap_err();
        assert!(e.starts_with("kernel 'k': one slot holds pointers into different arrays"), "{e}");
    }
}
