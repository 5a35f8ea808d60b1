//! Ops used by library-node lowering (linear algebra, BLAS, LAPACK).

use super::{operand_lists, Body, Ty, Val};

impl Body {
    /// `llvm.call @callee(args)` of an external function returning a
    /// `result` (declared with `ModuleGen::declare_external`), such as a
    /// LAPACKE routine's status.
    pub fn call_external_value(&mut self, callee: &str, args: &[Val], result: Ty) -> Val {
        let (names, types) = operand_lists(&args.iter().collect::<Vec<_>>());
        self.def(result, format!("llvm.call @{callee}({names}) : ({types}) -> {}", result.mlir()))
    }
}
