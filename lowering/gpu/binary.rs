//! The device code of a compiled module: the object of each `gpu.binary`
//! that `gpu-module-to-binary` wrote (PTX text, SPIR-V words).

use crate::ir::read::{op_name, ops_of};
use melior::ir::{
    attribute::AttributeLike,
    block::BlockLike,
    operation::{OperationLike, OperationRef},
    Module,
};

/// The device code of one `gpu.module`.
#[derive(Debug)]
pub struct Binary {
    pub module: String,
    pub bytes: Vec<u8>,
}

pub(super) fn symbol(op: &OperationRef) -> Option<String> {
    let attr = op.attribute("sym_name").ok()?;
    melior::ir::attribute::StringAttribute::try_from(attr).ok().map(|s| s.value().to_string())
}

/// The object of every `gpu.binary` of `module` (one target each).
pub fn binaries(module: &Module) -> Result<Vec<Binary>, String> {
    let mut out = Vec::new();
    for op in ops_of(module.body().first_operation()).iter().filter(|op| op_name(op) == "gpu.binary") {
        let module = symbol(op).unwrap_or_default();
        let objects = op.attribute("objects").map_err(|_| format!("internal error: gpu.binary @{module} has no objects"))?;
        let raw = objects.to_raw();
        // SAFETY: `raw` is a live attribute; the object's bytes are copied
        // while the module (which owns them) is alive.
        let bytes = unsafe {
            if !mlir_sys::mlirAttributeIsAArray(raw) || mlir_sys::mlirArrayAttrGetNumElements(raw) != 1 {
                return Err(format!("internal error: gpu.binary @{module} does not hold one object"));
            }
            let element = mlir_sys::mlirArrayAttrGetElement(raw, 0);
            if !mlir_sys::mlirAttributeIsAGPUObjectAttr(element) {
                return Err(format!("internal error: gpu.binary @{module} holds no #gpu.object"));
            }
            let bytes = mlir_sys::mlirGPUObjectAttrGetObject(element);
            std::slice::from_raw_parts(bytes.data as *const u8, bytes.length).to_vec()
        };
        out.push(Binary { module, bytes });
    }
    Ok(out)
}
