//! Ops used by the run-time support code (streams, checks, nested calls,
//! write-conflict resolution).

use super::{operand_lists, Body, Ty, Val};

impl Body {
    /// `func.call @callee(args)` of a function of the module returning one
    /// value.
    pub fn call_value(&mut self, callee: &str, args: &[Val], result: Ty) -> Val {
        let (names, types) = operand_lists(&args.iter().collect::<Vec<_>>());
        self.def(result, format!("func.call @{callee}({names}) : ({types}) -> {}", result.mlir()))
    }

    /// `llvm.call @callee(args)` of an external C function returning one
    /// value.
    pub fn call_external_value(&mut self, callee: &str, args: &[Val], result: Ty) -> Val {
        let (names, types) = operand_lists(&args.iter().collect::<Vec<_>>());
        self.def(result, format!("llvm.call @{callee}({names}) : ({types}) -> {}", result.mlir()))
    }

    /// Whether a pointer is null.
    pub fn is_null(&mut self, p: &Val) -> Val {
        let null = self.zero(Ty::Ptr);
        self.def(Ty::I1, format!("llvm.icmp \"eq\" {}, {} : !llvm.ptr", p.name, null.name))
    }
}

impl Ty {
    /// A name for the type that may be part of a symbol (`f64`, `i32u`,
    /// `complex_f32_`): distinct for distinct types.
    pub fn symbol_tag(self) -> String {
        let unsigned = if self.is_unsigned() && self != Ty::I1 { "u" } else { "" };
        self.mlir().replace(['<', '>', '!', '.'], "_") + unsigned
    }
}
