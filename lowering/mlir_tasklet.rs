//! MLIR tasklets pass through: the code defines
//! `func.func @mlir_entry(<inputs in connector order>) -> (<outputs in
//! connector order>)`, which is renamed, added to the module and called.

use super::builder::Val;
use super::function::FnGen;
use super::tasklet::{Input, Sink};
use crate::model::{CodeBlock, Node};
use std::collections::HashMap;

const ENTRY: &str = "@mlir_entry";

impl FnGen<'_, '_> {
    pub fn mlir_tasklet(
        &mut self,
        node: &Node,
        code: &CodeBlock,
        inputs: &HashMap<String, Input>,
        outputs: &HashMap<String, Vec<Sink>>,
    ) -> Result<(), String> {
        let body = code.code.trim();
        // The function may come wrapped in a module; keep only its contents.
        let body = body
            .strip_prefix("module")
            .and_then(|r| r.trim_start().strip_prefix('{'))
            .and_then(|r| r.trim_end().strip_suffix('}'))
            .unwrap_or(body);
        if !body.contains(ENTRY) {
            return Err(format!("MLIR tasklet '{}' must define func.func {ENTRY}", node.label));
        }
        self.module.nested_count += 1;
        let symbol = format!("@__sdfg_mlir_tasklet_{}", self.module.nested_count);
        self.module.globals.insert(body.replace(ENTRY, &symbol).replace("func.func @", "func.func private @"));
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
        let names: Vec<&str> = args.iter().map(|a| a.name.as_str()).collect();
        let types: Vec<&str> = args.iter().map(|a| a.ty.mlir()).collect();
        let rtypes: Vec<&str> = result_types.iter().map(|t| t.mlir()).collect();
        let result = self.b.fresh();
        let lhs = match rtypes.len() {
            0 => String::new(),
            1 => format!("{result} = "),
            n => format!("{result}:{n} = "),
        };
        self.b.line(format!(
            "{lhs}func.call {symbol}({}) : ({}) -> ({})",
            names.join(", "),
            types.join(", "),
            rtypes.join(", ")
        ));
        for (i, (sinks, ty)) in targets.iter().zip(&result_types).enumerate() {
            let name = if result_types.len() == 1 { result.clone() } else { format!("{result}#{i}") };
            let v = Val { name, ty: *ty };
            for sink in sinks {
                self.write(sink, &[], &v)?;
            }
        }
        Ok(())
    }
}
