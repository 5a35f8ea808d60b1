//! MLIR tasklets: functions given as MLIR source, added to the module.

use crate::lowering::ModuleGen;

impl ModuleGen {
    /// Adds the functions an MLIR tasklet defines (its source, optionally
    /// wrapped in a `module`), private to the module, with function `entry`
    /// renamed `symbol` (names must not clash between tasklets).
    pub fn add_mlir_tasklet(&mut self, source: &str, entry: &str, symbol: &str) -> Result<(), String> {
        let body = source.trim();
        let body = body
            .strip_prefix("module")
            .and_then(|r| r.trim_start().strip_prefix('{'))
            .and_then(|r| r.trim_end().strip_suffix('}'))
            .unwrap_or(body);
        let entry = format!("@{entry}");
        if !body.contains(&entry) {
            return Err(format!("must define func.func {entry}"));
        }
        self.add_mlir_source(body.replace(&entry, &format!("@{symbol}")).replace("func.func @", "func.func private @"));
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use crate::lowering::ModuleGen;

    const SOURCE: &str = "module {\n  func.func @mlir_entry(%a: f64) -> f64 {\n    %r = func.call @twice(%a) : (f64) -> f64\n    return %r : f64\n  }\n  func.func @twice(%a: f64) -> f64 {\n    %r = arith.addf %a, %a : f64\n    return %r : f64\n  }\n}";

    #[test]
    fn mlir_tasklet_functions_are_renamed_private_and_unwrapped() {
        let mut m = ModuleGen::default();
        m.add_mlir_tasklet(SOURCE, "mlir_entry", "__t_1").unwrap();
        let text = m.globals.iter().next().unwrap().clone();
        assert!(text.contains("func.func private @__t_1(%a: f64) -> f64"), "{text}");
        assert!(text.contains("func.func private @twice("), "{text}");
        assert!(!text.contains("mlir_entry") && !text.trim_start().starts_with("module"), "{text}");
    }

    #[test]
    fn mlir_tasklet_without_entry_is_an_error() {
        let mut m = ModuleGen::default();
        let e = m.add_mlir_tasklet("func.func @other() { return }", "mlir_entry", "__t_1").unwrap_err();
        assert_eq!(e, "must define func.func @mlir_entry");
        assert!(m.globals.is_empty());
    }
}
