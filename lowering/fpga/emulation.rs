//! Software emulation: the host code calls each kernel's C++ (compiled
//! with the program's other C++ helpers) with the addresses of the memory
//! it reaches and the values of its symbols.

use super::{kernel_source, Kernel};
use crate::lowering::builder::Val;
use crate::lowering::function::FnGen;
use crate::lowering::types::Ty;
use crate::model::State;

/// Stands for the kernel's name until its text is known (the name is the
/// hash of the text, so programs in one process never share a name).
const PLACEHOLDER: &str = "SDFG_FPGA_KERNEL";

impl FnGen<'_, '_> {
    pub fn fpga_kernel_call(&mut self, state: &State, label: &str) -> Result<(), String> {
        let kernel = Kernel::of(self.sdfg, state);
        let text = kernel_source(self.sdfg, state, &kernel, PLACEHOLDER, label)?;
        let name = format!("__sdfg_fpga_{:016x}", crate::lowering::cpp_tasklet::text_hash(&text));
        if !self.module.cpp_helpers.iter().any(|(k, _)| *k == name) {
            let source = format!("{}\n{}", super::HEADER, text.replace(PLACEHOLDER, &name));
            self.module.cpp_helpers.push((name.clone(), source));
        }
        let mut args: Vec<Val> = Vec::new();
        for a in &kernel.arrays {
            args.push(self.address_unchecked(a, &[])?);
        }
        for s in &kernel.symbols {
            let slot = self.symbols.get(s).cloned().ok_or_else(|| format!("kernel of state '{label}': symbol '{s}' has no value here"))?;
            let v = self.b.load(&slot, slot.ty);
            let ty = if self.sdfg.symbol_type(s).is_some_and(|t| t.is_float()) { Ty::F64 } else { Ty::I64 };
            args.push(self.b.cast(&v, ty));
        }
        let types: Vec<Ty> = args.iter().map(|a| a.ty).collect();
        self.module.declare_external(&name, &types, None);
        self.b.call_external(&name, &args, None);
        Ok(())
    }
}
