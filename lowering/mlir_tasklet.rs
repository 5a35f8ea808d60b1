//! MLIR tasklets pass through: the code defines
//! `func.func @mlir_entry(<inputs in connector order>) -> (<outputs in
//! connector order>)`, which is renamed, added to the module and called.

use super::function::FnGen;
use super::tasklet::{Input, Sink};
use crate::model::{CodeBlock, Node};
use std::collections::HashMap;

/// The function the tasklet's code defines.
const ENTRY: &str = "mlir_entry";

impl FnGen<'_, '_> {
    pub fn mlir_tasklet(
        &mut self,
        node: &Node,
        code: &CodeBlock,
        inputs: &HashMap<String, Input>,
        outputs: &HashMap<String, Vec<Sink>>,
    ) -> Result<(), String> {
        self.module.nested_count += 1;
        let symbol = format!("__sdfg_mlir_tasklet_{}", self.module.nested_count);
        self.module.add_mlir_tasklet(&code.code, ENTRY, &symbol).map_err(|e| format!("MLIR tasklet '{}' {e}", node.label))?;
        let mut args = Vec::new();
        for (name, _) in &node.in_connectors {
            match inputs.get(name) {
                Some(Input::Value(v)) => args.push(v.clone()),
                Some(Input::Window { .. }) => {
                    return Err(format!("MLIR tasklet '{}': input '{name}' must be one element", node.label))
                }
                None => return Err(format!("MLIR tasklet '{}': input '{name}' is not connected", node.label)),
            }
        }
        let mut result_types = Vec::new();
        let mut targets = Vec::new();
        for (name, _) in &node.out_connectors {
            let sinks = outputs.get(name).cloned().unwrap_or_default();
            let ty = match sinks.first() {
                Some(s) => self.container(&s.data)?.ty,
                None => continue,
            };
            result_types.push(ty);
            targets.push(sinks);
        }
        let results = self.b.call(&symbol, &args, &result_types);
        for (sinks, v) in targets.iter().zip(&results) {
            for sink in sinks {
                self.write(sink, &[], v)?;
            }
        }
        Ok(())
    }
}
