//! Callback tasklets that run natively: each call becomes an `extern "C"`
//! wrapper (compiled with the C++ tasklets) around the implementation in
//! `callback_runtime.hpp`, called with pointers and element counts.

use super::builder::Val;
use super::callback_plan::{Arg, Call, Native};
use super::cpp_tasklet::c_type;
use super::function::FnGen;
use super::tasklet::{Input, Sink};
use super::types::Ty;
use std::collections::HashMap;

const RUNTIME: &str = include_str!("callback_runtime.hpp");
const RUNTIME_KEY: &str = "__sdfg_callback_runtime";

/// The wrapper's parameters and the values passed for them.
#[derive(Default)]
struct Wrapper {
    params: Vec<String>,
    pre: Vec<String>,
    /// `pointer, count` per argument, as the runtime takes them.
    operands: Vec<String>,
    args: Vec<Val>,
}

impl Wrapper {
    fn param(&mut self, decl: String, value: Val) {
        self.params.push(decl);
        self.args.push(value);
    }
}

fn runtime_name(n: Native) -> &'static str {
    match n {
        Native::Clip => "clip",
        Native::Cumsum => "cumsum",
        Native::Prod => "prod",
        Native::Std => "stdev",
        Native::Var => "var",
        Native::Any => "any",
        Native::All => "all",
        Native::Norm => "norm",
        Native::Sort => "sort",
        Native::Argsort => "argsort",
        Native::Median => "median",
        Native::Outer => "outer",
    }
}

impl FnGen<'_, '_> {
    pub fn callback_call(&mut self, call: &Call, inputs: &HashMap<String, Input>, outputs: &HashMap<String, Vec<Sink>>) -> Result<(), String> {
        let mut w = Wrapper::default();
        for (i, arg) in call.args.iter().enumerate() {
            self.callback_arg(&mut w, i, arg, inputs, outputs)
                .map_err(|e| format!("callback {} argument {}: {e}", call.python, i + 1))?;
        }
        let (conn, count) = &call.ret;
        let sink = outputs
            .get(conn)
            .and_then(|s| s.first())
            .ok_or_else(|| format!("callback {}: '{conn}' is not an output connector", call.python))?
            .clone();
        if sink.stream || sink.wcr.is_some() {
            return Err(format!("callback {}: its result goes to a stream or through write-conflict resolution", call.python));
        }
        let ty = self.container(&sink.data)?.ty;
        let ct = c_type(ty)?;
        let n = self.int(count)?;
        // A one-element result may live in a register: it goes through a slot.
        let slot = if sink.scalar {
            let one = self.b.i64(1);
            Some(self.b.alloca(&one, ty))
        } else {
            None
        };
        let out = match &slot {
            Some(s) => s.clone(),
            None => self.address(&sink.data, &sink.start.clone())?,
        };
        w.param(format!("{ct}* r"), out);
        w.param("int64_t nr".into(), n);
        w.operands.push("r".into());
        let body = format!(
            "({}) {{\n{}\n(void)nr;\nsdfg_cb::{}({});\n}}\n",
            w.params.join(", "),
            w.pre.join("\n"),
            runtime_name(call.native),
            w.operands.join(", ")
        );
        // Programs run in one process share the symbols of their helper
        // libraries: the name is unique to what the wrapper does.
        let symbol = format!("__sdfg_callback_{:016x}", super::cpp_tasklet::text_hash(&body));
        let source = format!("// {}\nextern \"C\" void {symbol}{body}", call.python);
        if !self.module.cpp_helpers.iter().any(|(k, _)| k == RUNTIME_KEY) {
            self.module.cpp_helpers.push((RUNTIME_KEY.into(), RUNTIME.into()));
        }
        // Two identical calls share one wrapper.
        if !self.module.cpp_helpers.iter().any(|(k, _)| *k == symbol) {
            self.module.cpp_helpers.push((symbol.clone(), source));
        }
        let types: Vec<Ty> = w.args.iter().map(|a| a.ty).collect();
        self.module.declare_external(&symbol, &types, None);
        self.b.call_external(&symbol, &w.args, None);
        if let Some(s) = slot {
            let v = self.b.load(&s, ty);
            self.write(&sink, &[], &v)?;
        }
        Ok(())
    }

    /// Passes one argument as `pointer, count`; values travel by value and
    /// are pointed at inside the wrapper.
    fn callback_arg(&mut self, w: &mut Wrapper, i: usize, arg: &Arg, inputs: &HashMap<String, Input>, outputs: &HashMap<String, Vec<Sink>>) -> Result<(), String> {
        let (p, n) = (format!("a{i}"), format!("n{i}"));
        match arg {
            Arg::Data { conn, count, .. } => {
                // DaCe passes arrays through `__out_X`; what is read is `__in_X`.
                let input = inputs.get(conn).or_else(|| conn.strip_prefix("__out_").and_then(|r| inputs.get(&format!("__in_{r}"))));
                let (data, start) = match input {
                    Some(Input::Value(v)) => return self.callback_value(w, &p, v.clone()),
                    Some(Input::Window { data, start, .. }) => (data.clone(), start.clone()),
                    None => match outputs.get(conn).and_then(|s| s.first()) {
                        Some(s) => (s.data.clone(), s.start.clone()),
                        None => return Err(format!("'{conn}' is not a connector")),
                    },
                };
                let ty = self.container(&data)?.ty;
                check_real(ty)?;
                let ptr = self.address(&data, &start)?;
                let count = self.int(count)?;
                w.param(format!("const {}* {p}", c_type(ty)?), ptr);
                w.param(format!("int64_t {n}"), count);
                w.operands.push(format!("{p}, {n}"));
            }
            Arg::Value(name) => {
                if let Some(slot) = self.symbols.get(name).cloned() {
                    let v = self.b.load(&slot, slot.ty);
                    return self.callback_value(w, &p, v);
                }
                if let Some(Input::Value(v)) = inputs.get(name) {
                    return self.callback_value(w, &p, v.clone());
                }
                let literal = match name.as_str() {
                    "True" => "true".to_string(),
                    "False" => "false".to_string(),
                    other if other.parse::<f64>().is_ok() => other.to_string(),
                    other => return Err(format!("'{other}' has no value here")),
                };
                let ct = if literal.contains(['.', 'e', 'E']) { "double" } else if literal.starts_with(['t', 'f']) { "bool" } else { "int64_t" };
                w.pre.push(format!("const {ct} {p}[1] = {{{literal}}};"));
                w.operands.push(format!("{p}, 1"));
            }
        }
        Ok(())
    }

    fn callback_value(&mut self, w: &mut Wrapper, p: &str, v: Val) -> Result<(), String> {
        let v = if v.ty == Ty::Index { self.b.cast(&v, Ty::I64) } else { v };
        check_real(v.ty)?;
        let ct = c_type(v.ty)?;
        w.param(format!("{ct} {p}_value"), v);
        w.pre.push(format!("const {ct} {p}[1] = {{{p}_value}};"));
        w.operands.push(format!("{p}, 1"));
        Ok(())
    }
}

fn check_real(ty: Ty) -> Result<(), String> {
    if ty.is_complex() {
        Err("complex values are not supported by the native implementation".into())
    } else {
        Ok(())
    }
}
