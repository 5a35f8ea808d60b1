//! C++ tasklets: each becomes an `extern "C"` function compiled by clang
//! and called from the generated code.

use super::builder::Val;
use super::function::FnGen;
use super::tasklet::{Input, Sink};
use super::types::Ty;
use crate::model::{CodeBlock, Node};
use std::collections::HashMap;

impl FnGen<'_, '_> {
    /// A C++ tasklet: its code becomes an `extern "C"` function compiled by
    /// clang, as DaCe's code generator writes it: scalar inputs are passed
    /// by value, arrays by pointer, scalar outputs through a slot; complex
    /// values are `std::complex`; the SDFG symbols, enclosing map parameters
    /// and scalar constants the code names are `const` locals holding their
    /// values at the call.
    pub fn cpp_tasklet(
        &mut self,
        node: &Node,
        code: &CodeBlock,
        inputs: &HashMap<String, Input>,
        outputs: &HashMap<String, Vec<Sink>>,
    ) -> Result<(), String> {
        if self.kernel.is_some() {
            // A kernel calls no host function: the code runs as tasklet
            // statements (the C++ subset `tasklet::parse_cpp` reads).
            let stmts = crate::tasklet::parse_cpp(&code.code).map_err(|e| format!("C++ tasklet code in a GPU kernel {e}"))?;
            return self.run_statements(&stmts, inputs, outputs);
        }
        let mut call = CppCall::default();
        let mut in_names: Vec<&String> = inputs.keys().collect();
        in_names.sort();
        for name in in_names {
            match &inputs[name] {
                Input::Value(v) => self.cpp_value(&mut call, name, v, false)?,
                Input::Window { data, start, .. } => {
                    let ty = self.container(data)?.ty;
                    call.params.push(format!("{}* {name}", c_type(ty)?));
                    let p = self.address(data, &start.clone())?;
                    call.args.push(p);
                }
            }
        }
        // Names the code uses that are not connectors: symbols, map and
        // consume parameters, scalar constants (innermost scope first).
        let connectors: std::collections::HashSet<&str> = inputs.keys().chain(outputs.keys()).map(|s| s.as_str()).collect();
        for name in cpp_identifiers(&code.code) {
            if connectors.contains(name.as_str()) {
                continue;
            }
            let value = if let Some(v) = self.lookup_scope(&name) {
                v
            } else if let Some(slot) = self.symbols.get(&name).cloned() {
                self.b.load(&slot, slot.ty)
            } else if let Some(v) = self.module.constant_scalar(self.sdfg, &mut self.b, &name) {
                v
            } else {
                continue;
            };
            self.cpp_value(&mut call, &name, &value, true)?;
        }
        let mut out_names: Vec<&String> = outputs.keys().collect();
        out_names.sort();
        let mut scalar_outs = Vec::new();
        let mut stack = None;
        for name in out_names {
            let sink = &outputs[name][0];
            let ty = self.container(&sink.data)?.ty;
            let ct = c_type(ty)?;
            if sink.scalar && !sink.stream {
                call.params.push(format!("{ct}* __out_{name}"));
                call.pre.push(format!("{ct} {name};"));
                call.post.push(format!("*__out_{name} = {name};"));
                // The slot lives for the call only (the call may sit in a loop).
                if stack.is_none() {
                    stack = Some(self.b.stack_save());
                }
                let one = self.b.i64(1);
                let slot = self.b.alloca(&one, ty);
                call.args.push(slot.clone());
                scalar_outs.push((name.clone(), slot, ty));
            } else {
                call.params.push(format!("{ct}* {name}"));
                let p = self.address(&sink.data, &sink.start.clone())?;
                call.args.push(p);
            }
        }
        let body = format!("({}) {{\n{}\n{{\n{}\n}}\n{}\n}}\n", call.params.join(", "), call.pre.join("\n"), code.code, call.post.join("\n"));
        // Programs run in one process share the symbols of their helper
        // libraries: the name is unique to what the function does.
        let symbol = format!("__sdfg_cpp_{:016x}", text_hash(&body));
        if !self.module.cpp_helpers.iter().any(|(k, _)| *k == symbol) {
            let source = format!("// tasklet '{}'\nextern \"C\" void {symbol}{body}", node.label.replace('\n', " "));
            self.module.cpp_helpers.push((symbol.clone(), source));
        }
        let arg_types: Vec<Ty> = call.args.iter().map(|a| a.ty).collect();
        self.module.declare_external(&symbol, &arg_types, None);
        self.b.call_external(&symbol, &call.args, None);
        let mut results = Vec::new();
        for (name, slot, ty) in scalar_outs {
            results.push((name, self.b.load(&slot, ty)));
        }
        if let Some(s) = stack {
            self.b.stack_restore(&s);
        }
        for (name, v) in results {
            for sink in &outputs[&name] {
                self.write(sink, &[], &v)?;
            }
        }
        Ok(())
    }

    /// Passes a value into a C++ tasklet as local `name` (`const` for
    /// symbols and parameters); complex values travel as their two parts.
    fn cpp_value(&mut self, call: &mut CppCall, name: &str, v: &Val, constant: bool) -> Result<(), String> {
        let konst = if constant { "const " } else { "" };
        if v.ty.is_complex() {
            let ct = c_type(v.ty.complex_part())?;
            let (re, im) = self.b.parts(v);
            call.params.push(format!("{ct} __re_{name}, {ct} __im_{name}"));
            call.pre.push(format!("{konst}std::complex<{ct}> {name}{{__re_{name}, __im_{name}}};"));
            call.args.push(re);
            call.args.push(im);
            return Ok(());
        }
        let v = if v.ty == Ty::Index { self.b.cast(v, Ty::I64) } else { v.clone() };
        // DaCe declares integer symbols and parameters as `long long`.
        let ct = if constant && v.ty == Ty::I64 { "long long" } else { c_type(v.ty)? };
        call.params.push(format!("{konst}{ct} {name}"));
        call.args.push(v);
        Ok(())
    }
}

/// What a C++ tasklet's helper takes and how it is called.
#[derive(Default)]
struct CppCall {
    params: Vec<String>,
    pre: Vec<String>,
    post: Vec<String>,
    args: Vec<Val>,
}

/// The identifiers C++ code names outside comments and literals, other
/// than members (`a.x`, `p->x`, `std::x`), sorted.
pub fn cpp_identifiers(code: &str) -> std::collections::BTreeSet<String> {
    let c: Vec<char> = code.chars().collect();
    let mut out = std::collections::BTreeSet::new();
    let mut i = 0;
    while i < c.len() {
        let ch = c[i];
        if ch == '/' && c.get(i + 1) == Some(&'/') {
            while i < c.len() && c[i] != '\n' {
                i += 1;
            }
        } else if ch == '/' && c.get(i + 1) == Some(&'*') {
            i += 2;
            while i < c.len() && !(c[i] == '*' && c.get(i + 1) == Some(&'/')) {
                i += 1;
            }
            i += 2;
        } else if ch == '"' || ch == '\'' {
            i += 1;
            while i < c.len() && c[i] != ch {
                i += if c[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
        } else if ch.is_ascii_digit() {
            // Numbers, suffixes and exponents included (`1e5f`, `0x1F`).
            while i < c.len() && (c[i].is_ascii_alphanumeric() || c[i] == '_' || c[i] == '.') {
                i += 1;
            }
        } else if ch.is_ascii_alphabetic() || ch == '_' {
            let start = i;
            while i < c.len() && (c[i].is_ascii_alphanumeric() || c[i] == '_') {
                i += 1;
            }
            let before: String = c[..start].iter().rev().take_while(|c| c.is_whitespace()).collect();
            let prev = start.checked_sub(before.len() + 1).map(|p| c[p]);
            let member = match prev {
                Some('.') => true,
                Some('>') | Some(':') => start >= before.len() + 2 && matches!(c[start - before.len() - 2], '-' | ':'),
                _ => false,
            };
            if !member {
                out.insert(c[start..i].iter().collect());
            }
        } else {
            i += 1;
        }
    }
    out
}

pub(super) fn c_type(ty: Ty) -> Result<&'static str, String> {
    Ok(match ty {
        Ty::I1 => "bool",
        Ty::I8 => "int8_t",
        Ty::I16 => "int16_t",
        Ty::I32 => "int32_t",
        Ty::I64 => "int64_t",
        Ty::U8 => "uint8_t",
        Ty::U16 => "uint16_t",
        Ty::U32 => "uint32_t",
        Ty::U64 => "uint64_t",
        Ty::F32 => "float",
        Ty::F64 => "double",
        Ty::C64 => "std::complex<float>",
        Ty::C128 => "std::complex<double>",
        Ty::Scalar(other) => return Err(format!("type {} cannot cross into a C++ tasklet", other.name())),
        Ty::Ptr => return Err("pointers cannot cross into a C++ tasklet".into()),
        Ty::Index => return Err("type index cannot cross into a C++ tasklet".into()),
    })
}

#[cfg(test)]
mod tests {
    use super::{c_type, cpp_identifiers};
    use crate::lowering::types::Ty;

    #[test]
    fn types_without_a_cpp_counterpart_are_named_as_in_dace() {
        assert_eq!(c_type(Ty::F16).unwrap_err(), "type float16 cannot cross into a C++ tasklet");
        assert_eq!(c_type(Ty::Ptr).unwrap_err(), "pointers cannot cross into a C++ tasklet");
        assert_eq!(c_type(Ty::C128), Ok("std::complex<double>"));
    }

    #[test]
    fn cpp_identifiers_skip_members_comments_literals_and_numbers() {
        let ids = cpp_identifiers("o = a * N + v.size + p->M + std::conj(z); // K\n/* L */ s = \"J\"; c = 'I'; x = 1e5f + 0x1F;");
        let ids: Vec<&str> = ids.iter().map(|s| s.as_str()).collect();
        assert_eq!(ids, ["N", "a", "c", "o", "p", "s", "std", "v", "x", "z"]);
    }
}

/// A hash of generated source, naming what is unique to it (helper
/// functions, helper libraries).
pub(super) fn text_hash(text: &str) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    text.hash(&mut h);
    h.finish()
}
