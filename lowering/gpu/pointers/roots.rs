//! Where each pointer of a kernel starts (its root) and which slot of a
//! table of pointers an address names.

use super::super::raw_ir::*;
use mlir_sys::*;
use std::collections::{HashMap, HashSet};

/// Where a pointer starts.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(super) enum Root {
    /// The kernel's argument of this position.
    Arg(usize),
    /// Stack memory for data (the `llvm.alloca` op's address).
    Data(usize),
    /// Stack memory for pointers.
    Table(usize),
    /// A constant array (the `llvm.mlir.global` op's address): each
    /// thread has a copy.
    Const(usize),
}

/// The most elements of a constant array a kernel copies for each thread.
pub(super) const MAX_CONSTANT_ELEMENTS: i64 = 4096;

pub(super) fn key(v: MlirValue) -> usize {
    v.ptr as usize
}

pub(super) unsafe fn is_ptr(v: MlirValue) -> bool {
    mlirTypeIsALLVMPointerType(mlirValueGetType(v))
}

/// Where every pointer of one kernel starts.
pub(super) struct Roots {
    pub entry: MlirBlock,
    pub stores: Vec<MlirOperation>,
    pub of_value: HashMap<usize, Root>,
    pub of_slot: HashMap<(usize, i64), Root>,
    pub busy: HashSet<(usize, i64)>,
}

impl Roots {
    pub unsafe fn root(&mut self, v: MlirValue) -> Result<Root, String> {
        if let Some(r) = self.of_value.get(&key(v)) {
            return Ok(*r);
        }
        let root = if mlirValueIsABlockArgument(v) {
            if !mlirBlockEqual(mlirBlockArgumentGetOwner(v), self.entry) {
                return Err("a pointer passed between blocks, which Vulkan kernels cannot express".into());
            }
            Root::Arg(mlirBlockArgumentGetArgNumber(v) as usize)
        } else {
            let op = mlirOpResultGetOwner(v);
            match name(op).as_str() {
                "llvm.alloca" if mlirTypeIsALLVMPointerType(elem_type(op)) => Root::Table(op.ptr as usize),
                "llvm.alloca" => Root::Data(op.ptr as usize),
                "llvm.getelementptr" => self.root(mlirOperationGetOperand(op, 0))?,
                "llvm.mlir.addressof" => Root::Const(self.constant_array(op)?.ptr as usize),
                "llvm.load" => match self.table_slot(mlirOperationGetOperand(op, 0))? {
                    Some(slot) => self.slot_root(slot)?,
                    None => return Err("a pointer loaded from memory, which Vulkan kernels cannot express".into()),
                },
                n => return Err(format!("a pointer made by `{n}`, which Vulkan kernels cannot express")),
            }
        };
        self.of_value.insert(key(v), root);
        Ok(root)
    }

    /// The constant array global that `addressof` names.
    unsafe fn constant_array(&self, addressof: MlirOperation) -> Result<MlirOperation, String> {
        let symbol = string_attr(addressof, "global_name").unwrap_or_default();
        let module = mlirOperationGetParentOperation(mlirBlockGetParentOperation(self.entry));
        let global = children(module).into_iter().find(|g| name(*g) == "llvm.mlir.global" && string_attr(*g, "sym_name").as_deref() == Some(&symbol));
        let Some(global) = global else { return Err(format!("a pointer to '{symbol}', which the kernel does not hold")) };
        let value = mlirOperationGetAttributeByName(global, text("value"));
        if value.ptr.is_null() || !mlirAttributeIsADenseElements(value) {
            return Err(format!("a pointer to '{symbol}', which is not a constant array"));
        }
        Ok(global)
    }

    /// The slot of a pointer table that `v` addresses, if it does.
    pub unsafe fn table_slot(&mut self, v: MlirValue) -> Result<Option<(usize, i64)>, String> {
        if !mlirValueIsAOpResult(v) {
            return Ok(None);
        }
        let op = mlirOpResultGetOwner(v);
        match name(op).as_str() {
            "llvm.alloca" if mlirTypeIsALLVMPointerType(elem_type(op)) => Ok(Some((op.ptr as usize, 0))),
            "llvm.getelementptr" => {
                let Some((table, slot)) = self.table_slot(mlirOperationGetOperand(op, 0))? else { return Ok(None) };
                match gep_index(op) {
                    Index::Constant(i) if mlirTypeIsALLVMPointerType(elem_type(op)) => Ok(Some((table, slot + i))),
                    _ => Err("a table of pointers indexed while running, which Vulkan kernels cannot express".into()),
                }
            }
            _ => Ok(None),
        }
    }

    /// The root of every pointer stored in a slot: one for all.
    pub unsafe fn slot_root(&mut self, slot: (usize, i64)) -> Result<Root, String> {
        if let Some(r) = self.of_slot.get(&slot) {
            return Ok(*r);
        }
        if !self.busy.insert(slot) {
            return Err("a slot of pointers that holds a pointer made from itself".into());
        }
        let mut found: Option<Root> = None;
        for store in self.stores.clone() {
            let (value, address) = (mlirOperationGetOperand(store, 0), mlirOperationGetOperand(store, 1));
            if !is_ptr(value) || self.table_slot(address)? != Some(slot) {
                continue;
            }
            let r = self.root(value)?;
            if found.is_some_and(|f| f != r) {
                return Err("one slot holds pointers into different arrays, which Vulkan kernels cannot express".into());
            }
            found = Some(r);
        }
        let r = found.ok_or("a slot of pointers read but never written")?;
        self.of_slot.insert(slot, r);
        Ok(r)
    }
}

/// An op's `elem_type` attribute.
pub(super) unsafe fn elem_type(op: MlirOperation) -> MlirType {
    mlirTypeAttrGetValue(mlirOperationGetAttributeByName(op, text("elem_type")))
}

pub(super) enum Index {
    Constant(i64),
    Dynamic(MlirValue),
}

/// The one index of a `llvm.getelementptr` (the only form the lowering
/// writes).
pub(super) unsafe fn gep_index(op: MlirOperation) -> Index {
    let raw = mlirOperationGetAttributeByName(op, text("rawConstantIndices"));
    let first = mlirDenseI32ArrayGetElement(raw, 0);
    if first == i32::MIN {
        let v = mlirOperationGetOperand(op, 1);
        constant_of(v).map(Index::Constant).unwrap_or(Index::Dynamic(v))
    } else {
        Index::Constant(first as i64)
    }
}

