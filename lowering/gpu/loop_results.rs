//! MLIR's `scf.for` to `spirv` conversion keeps the results of a loop that
//! carries values in Function variables which only the loop's body writes:
//! a loop that runs no iteration leaves them unset, and lavapipe then reads
//! whatever the variable held (a thread's partial sum of one value came
//! back as 0). Each variable gets the loop's initial value before it.
//!
//! ```text
//! %r = spirv.Variable                        %r = spirv.Variable
//! spirv.mlir.loop {                          spirv.Store "Function" %r, %init
//!   spirv.Branch ^header(%init)        =>    spirv.mlir.loop { ... }
//!   ... spirv.Store "Function" %r, %next
//!   spirv.Branch ^header(%next) ...
//! ```

use super::raw_ir::*;
use mlir_sys::*;

/// Sets the result variables of every loop of the converted `spirv`
/// modules before the loop.
pub fn set_before_loops(module: &melior::ir::Module) {
    // SAFETY: the walk works on the live module and only inserts stores.
    unsafe {
        let mut all = Vec::new();
        collect(module.as_operation().to_raw(), &mut all);
        for op in all.into_iter().filter(|op| name(*op) == "spirv.mlir.loop") {
            set_before(op);
        }
    }
}

unsafe fn set_before(lp: MlirOperation) {
    let region = mlirOperationGetRegion(lp, 0);
    let entry = mlirRegionGetFirstBlock(region);
    let enter = mlirBlockGetTerminator(entry);
    if name(enter) != "spirv.Branch" || mlirOperationGetNumSuccessors(enter) != 1 {
        return;
    }
    let header = mlirOperationGetSuccessor(enter, 0);
    let inits = operands(enter);
    let mut blocks = Vec::new();
    let mut block = mlirBlockGetNextInRegion(entry);
    while !block.ptr.is_null() {
        blocks.push(block);
        block = mlirBlockGetNextInRegion(block);
    }
    // The back edge: the branch from the body to the header.
    let Some(back) = blocks
        .iter()
        .map(|b| mlirBlockGetTerminator(*b))
        .find(|t| name(*t) == "spirv.Branch" && mlirOperationGetNumSuccessors(*t) == 1 && mlirBlockEqual(mlirOperationGetSuccessor(*t, 0), header))
    else {
        return;
    };
    let nexts = operands(back);
    let outside = mlirOperationGetBlock(lp);
    for b in blocks {
        let mut op = mlirBlockGetFirstOperation(b);
        while !op.ptr.is_null() {
            if name(op) == "spirv.Store" {
                let (ptr, value) = (mlirOperationGetOperand(op, 0), mlirOperationGetOperand(op, 1));
                let variable = mlirValueIsAOpResult(ptr).then(|| mlirOpResultGetOwner(ptr)).filter(|v| name(*v) == "spirv.Variable");
                let carried = nexts.iter().position(|n| mlirValueEqual(*n, value));
                if let (Some(var), Some(k)) = (variable, carried) {
                    if mlirBlockEqual(mlirOperationGetBlock(var), outside) && k < inits.len() {
                        create_before(lp, "spirv.Store", &[ptr, inits[k]], &[], &[]);
                    }
                }
            }
            op = mlirOperationGetNextInBlock(op);
        }
    }
}

unsafe fn operands(op: MlirOperation) -> Vec<MlirValue> {
    (0..mlirOperationGetNumOperands(op)).map(|i| mlirOperationGetOperand(op, i)).collect()
}
