//! MLIR tasklets: functions given as MLIR source, parsed in the module's
//! context and moved into it.

use super::ir::string_ref;
use crate::lowering::ModuleGen;
use melior::ContextRef;
use mlir_sys::*;

impl ModuleGen {
    /// Adds the symbols an MLIR tasklet defines (its source, optionally
    /// wrapped in a `module`) to the module, functions private: `entry`
    /// becomes `symbol`, every other symbol `symbol_NAME` (names must not
    /// clash between tasklets).
    pub fn add_mlir_tasklet(
        &mut self,
        source: &str,
        entry: &str,
        symbol: &str,
    ) -> Result<(), String> {
        let ir = self.ir();
        // SAFETY: the module's live context.
        let context = unsafe { ContextRef::from_raw(ir.ctx) };
        let messages = std::cell::RefCell::new(Vec::new());
        // SAFETY: the handler is detached before `messages` goes away.
        let id = unsafe { context.to_ref() }.attach_diagnostic_handler(|d| {
            messages.borrow_mut().push(d.to_string());
            true
        });
        // SAFETY: parsing into a module owned here.
        let parsed = unsafe { mlirModuleCreateParse(ir.ctx, string_ref(source)) };
        unsafe { context.to_ref() }.detach_diagnostic_handler(id);
        if parsed.ptr.is_null() {
            return Err(format!("does not parse: {}", messages.borrow().join("; ")));
        }
        // SAFETY: `parsed` is live until destroyed below; its ops are moved
        // out one by one before that.
        unsafe {
            let module_op = mlirModuleGetOperation(parsed);
            let ops = top_level_ops(mlirModuleGetBody(parsed));
            let names: Vec<Option<String>> = ops.iter().map(|op| symbol_name(*op)).collect();
            if !names.iter().any(|n| n.as_deref() == Some(entry)) {
                mlirModuleDestroy(parsed);
                return Err(format!("must define func.func @{entry}"));
            }
            let renamed = |n: &str| {
                if n == entry {
                    symbol.to_string()
                } else {
                    format!("{symbol}_{n}")
                }
            };
            for (op, name) in ops.iter().zip(&names) {
                let Some(name) = name else { continue };
                let new = renamed(name);
                let _ = mlirSymbolTableReplaceAllSymbolUses(
                    string_ref(name),
                    string_ref(&new),
                    module_op,
                );
                let sym = mlirSymbolTableGetSymbolAttributeName();
                mlirOperationSetAttributeByName(
                    *op,
                    sym,
                    mlirStringAttrGet(ir.ctx, string_ref(&new)),
                );
                if is_named(*op, "func.func") {
                    let vis = mlirSymbolTableGetVisibilityAttributeName();
                    mlirOperationSetAttributeByName(
                        *op,
                        vis,
                        mlirStringAttrGet(ir.ctx, string_ref("private")),
                    );
                }
                self.ir.declare(&new);
            }
            for op in ops {
                mlirOperationRemoveFromParent(op);
                super::ir::append_op(self.ir.body_block(), op);
            }
            mlirModuleDestroy(parsed);
        }
        Ok(())
    }
}

/// The ops of a block, in order.
unsafe fn top_level_ops(block: MlirBlock) -> Vec<MlirOperation> {
    let mut ops = Vec::new();
    // SAFETY: walking a live block.
    let mut op = unsafe { mlirBlockGetFirstOperation(block) };
    while !op.ptr.is_null() {
        ops.push(op);
        op = unsafe { mlirOperationGetNextInBlock(op) };
    }
    ops
}

/// The symbol an op defines, if any.
unsafe fn symbol_name(op: MlirOperation) -> Option<String> {
    // SAFETY: a live op; the attribute is read while the context lives.
    unsafe {
        let attr = mlirOperationGetAttributeByName(op, mlirSymbolTableGetSymbolAttributeName());
        if attr.ptr.is_null() || !mlirAttributeIsAString(attr) {
            return None;
        }
        let s = mlirStringAttrGetValue(attr);
        Some(
            String::from_utf8_lossy(std::slice::from_raw_parts(s.data as *const u8, s.length))
                .into_owned(),
        )
    }
}

unsafe fn is_named(op: MlirOperation, name: &str) -> bool {
    // SAFETY: a live op.
    unsafe {
        let id = mlirOperationGetName(op);
        let s = mlirIdentifierStr(id);
        std::slice::from_raw_parts(s.data as *const u8, s.length) == name.as_bytes()
    }
}

#[cfg(test)]
mod tests {
    use crate::lowering::ModuleGen;
    use melior::ir::{operation::OperationLike, BlockLike};

    const SOURCE: &str = "module {\n  func.func @mlir_entry(%a: f64) -> f64 {\n    %r = func.call @twice(%a) : (f64) -> f64\n    return %r : f64\n  }\n  func.func @twice(%a: f64) -> f64 {\n    %r = arith.addf %a, %a : f64\n    return %r : f64\n  }\n}";

    #[test]
    fn mlir_tasklet_functions_are_renamed_private_and_moved_in() {
        let context = crate::ir::new_context();
        let mut m = ModuleGen::new(&context);
        m.add_mlir_tasklet(SOURCE, "mlir_entry", "__t_1").unwrap();
        m.add_mlir_tasklet(SOURCE, "mlir_entry", "__t_2").unwrap();
        let module = m.finish(&context);
        assert!(module.as_operation().verify());
        let text = module.as_operation().to_string();
        assert!(
            text.contains("func.func private @__t_1(%arg0: f64) -> f64"),
            "{text}"
        );
        assert!(text.contains("call @__t_2_twice("), "{text}");
        assert!(text.contains("func.func private @__t_2_twice("), "{text}");
        assert!(!text.contains("mlir_entry"), "{text}");
    }

    #[test]
    fn mlir_tasklet_without_entry_or_unparsable_is_an_error() {
        let context = crate::ir::new_context();
        let mut m = ModuleGen::new(&context);
        let e = m
            .add_mlir_tasklet("func.func @other() { return }", "mlir_entry", "__t_1")
            .unwrap_err();
        assert_eq!(e, "must define func.func @mlir_entry");
        let e = m
            .add_mlir_tasklet("func.func @mlir_entry( {", "mlir_entry", "__t_1")
            .unwrap_err();
        assert!(e.starts_with("does not parse: "), "{e}");
        let module = m.finish(&context);
        assert!(module.body().first_operation().is_none());
    }
}
