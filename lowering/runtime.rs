//! What generated code needs beyond arithmetic: streams (growable FIFO
//! queues) and compile-time constants. Everything is emitted into the
//! module itself, so compiled programs need nothing but libc.

use super::builder::{float_literal, Body, Val};
use super::types::Ty;
use super::ModuleGen;
use crate::model::{DType, Sdfg};

/// A stream is four words: data pointer, head, tail, capacity.
const STREAM_WORDS: i64 = 4;

impl ModuleGen {
    /// A new, empty stream (on the function's stack).
    pub fn stream_new(&mut self, b: &mut Body, ty: Ty) -> Val {
        let n = b.fresh();
        let p = b.fresh();
        b.entry.push(format!("{n} = arith.constant {STREAM_WORDS} : i64"));
        b.entry.push(format!("{p} = llvm.alloca {n} x i64 : (i64) -> !llvm.ptr"));
        let stream = Val { name: p, ty: Ty::Ptr };
        self.stream_init(b, &stream, ty);
        stream
    }

    /// A new, empty stream allocated where the code is (a scope's body).
    pub fn stream_here(&mut self, b: &mut Body, ty: Ty) -> Val {
        let n = b.i64(STREAM_WORDS);
        let stream = b.def(Ty::Ptr, format!("llvm.alloca {} x i64 : (i64) -> !llvm.ptr", n.name));
        self.stream_init(b, &stream, ty);
        stream
    }

    /// Frees a stream's queue memory.
    pub fn stream_free(&mut self, b: &mut Body, stream: &Val) {
        let data = b.load(stream, Ty::Ptr);
        b.line(format!("llvm.call @free({}) : (!llvm.ptr) -> ()", data.name));
    }

    fn stream_init(&mut self, b: &mut Body, stream: &Val, ty: Ty) {
        self.stream_helpers(ty);
        let zero = b.i64(0);
        for w in 0..STREAM_WORDS {
            let idx = b.i64(w);
            let at = b.gep(stream, &idx, Ty::I64);
            b.store(&zero, &at, Ty::I64);
        }
    }

    pub fn stream_push(&mut self, b: &mut Body, stream: &Val, v: &Val, ty: Ty) {
        self.stream_helpers(ty);
        let v = b.cast(v, ty);
        b.line(format!("func.call @__sdfg_stream_push_{}({}, {}) : (!llvm.ptr, {}) -> ()", suffix(ty), stream.name, v.name, ty.mlir()));
    }

    pub fn stream_pop(&mut self, b: &mut Body, stream: &Val, ty: Ty) -> Val {
        self.stream_helpers(ty);
        b.def(ty, format!("func.call @__sdfg_stream_pop_{}({}) : (!llvm.ptr) -> {}", suffix(ty), stream.name, ty.mlir()))
    }

    /// Elements waiting in a stream.
    pub fn stream_len(&mut self, b: &mut Body, stream: &Val) -> Val {
        let one = b.i64(1);
        let two = b.i64(2);
        let hp = b.gep(stream, &one, Ty::I64);
        let tp = b.gep(stream, &two, Ty::I64);
        let head = b.load(&hp, Ty::I64);
        let tail = b.load(&tp, Ty::I64);
        b.def(Ty::I64, format!("arith.subi {}, {} : i64", tail.name, head.name))
    }

    /// Defines push and pop for one element type (once).
    fn stream_helpers(&mut self, ty: Ty) {
        let s = suffix(ty);
        let t = ty.mlir();
        let m = ty.memory();
        let size = ty.bytes();
        let push = format!(
            "func.func private @__sdfg_stream_push_{s}(%s: !llvm.ptr, %v: {t}) {{
    %c1 = arith.constant 1 : i64
    %c2 = arith.constant 2 : i64
    %c3 = arith.constant 3 : i64
    %c16 = arith.constant 16 : i64
    %size = arith.constant {size} : i64
    %tp = llvm.getelementptr %s[%c2] : (!llvm.ptr, i64) -> !llvm.ptr, i64
    %cp = llvm.getelementptr %s[%c3] : (!llvm.ptr, i64) -> !llvm.ptr, i64
    %tail = llvm.load %tp : !llvm.ptr -> i64
    %cap = llvm.load %cp : !llvm.ptr -> i64
    %full = arith.cmpi sge, %tail, %cap : i64
    cf.cond_br %full, ^grow, ^put
  ^grow:
    %twice = arith.muli %cap, %c2 : i64
    %ncap = arith.maxsi %twice, %c16 : i64
    %bytes = arith.muli %ncap, %size : i64
    %old = llvm.load %s : !llvm.ptr -> !llvm.ptr
    %new = llvm.call @realloc(%old, %bytes) : (!llvm.ptr, i64) -> !llvm.ptr
    llvm.store %new, %s : !llvm.ptr, !llvm.ptr
    llvm.store %ncap, %cp : i64, !llvm.ptr
    cf.br ^put
  ^put:
    %data = llvm.load %s : !llvm.ptr -> !llvm.ptr
    %at = llvm.getelementptr %data[%tail] : (!llvm.ptr, i64) -> !llvm.ptr, {m}
    {store}
    %next = arith.addi %tail, %c1 : i64
    llvm.store %next, %tp : i64, !llvm.ptr
    return
  }}",
            store = store_text(ty)
        );
        let pop = format!(
            "func.func private @__sdfg_stream_pop_{s}(%s: !llvm.ptr) -> {t} {{
    %c1 = arith.constant 1 : i64
    %hp = llvm.getelementptr %s[%c1] : (!llvm.ptr, i64) -> !llvm.ptr, i64
    %head = llvm.load %hp : !llvm.ptr -> i64
    %data = llvm.load %s : !llvm.ptr -> !llvm.ptr
    %at = llvm.getelementptr %data[%head] : (!llvm.ptr, i64) -> !llvm.ptr, {m}
    {load}
    %next = arith.addi %head, %c1 : i64
    llvm.store %next, %hp : i64, !llvm.ptr
    return %v : {t}
  }}",
            load = load_text(ty)
        );
        self.globals.insert(push);
        self.globals.insert(pop);
    }

    /// The value of a scalar constant of `sdfg`, if `name` is one.
    pub fn constant_scalar(&mut self, sdfg: &Sdfg, b: &mut Body, name: &str) -> Option<Val> {
        let c = sdfg.constants.iter().find(|c| c.name == name)?;
        if c.descriptor.get("type").and_then(|t| t.as_str()) != Some("Scalar") {
            return None;
        }
        let ty = constant_type(&c.descriptor);
        Some(match &c.value {
            serde_json::Value::Bool(v) => b.int(*v as i64, Ty::I1),
            serde_json::Value::Number(n) if ty.is_int() => b.int(n.as_i64().unwrap_or(n.as_f64()? as i64), ty),
            serde_json::Value::Number(n) => b.float(n.as_f64()?, ty),
            _ => return None,
        })
    }

    /// A pointer to the data of an array constant, and its element type.
    pub fn constant_array(&mut self, sdfg: &Sdfg, b: &mut Body, name: &str) -> Option<(Val, Ty)> {
        let c = sdfg.constants.iter().find(|c| c.name == name)?;
        let values = c.value.get("data")?;
        let ty = c
            .value
            .get("dtype")
            .map(DType::from_json)
            .and_then(|d| Ty::from_dtype(&d))
            .unwrap_or_else(|| constant_type(&c.descriptor));
        let mut flat = Vec::new();
        flatten(values, &mut flat);
        let literals: Vec<String> = flat
            .iter()
            .map(|v| match v {
                serde_json::Value::Bool(x) => (*x as i64).to_string(),
                serde_json::Value::Number(n) if ty.is_int() => n.as_i64().unwrap_or(0).to_string(),
                serde_json::Value::Number(n) => float_literal(n.as_f64().unwrap_or(0.0), ty),
                _ => "0".to_string(),
            })
            .collect();
        let global = format!("__sdfg_const_{}_{}", super::entry_name(&sdfg.name), super::entry_name(name));
        let t = ty.mlir();
        self.globals.insert(format!(
            "llvm.mlir.global internal constant @{global}(dense<[{}]> : tensor<{}x{t}>) {{addr_space = 0 : i32}} : !llvm.array<{} x {t}>",
            literals.join(", "),
            literals.len(),
            literals.len()
        ));
        Some((b.def(Ty::Ptr, format!("llvm.mlir.addressof @{global} : !llvm.ptr")), ty))
    }
}

fn flatten(v: &serde_json::Value, out: &mut Vec<serde_json::Value>) {
    match v {
        serde_json::Value::Array(items) => items.iter().for_each(|i| flatten(i, out)),
        other => out.push(other.clone()),
    }
}

fn constant_type(descriptor: &serde_json::Value) -> Ty {
    descriptor
        .get("attributes")
        .and_then(|a| a.get("dtype"))
        .map(DType::from_json)
        .and_then(|d| Ty::from_dtype(&d))
        .unwrap_or(Ty::I32)
}

fn suffix(ty: Ty) -> String {
    ty.mlir().replace(['<', '>', '!', '.'], "_")
        + if ty.is_unsigned() && ty != Ty::I1 { "u" } else { "" }
}

fn store_text(ty: Ty) -> String {
    if ty.is_complex() {
        let p = ty.complex_part().mlir();
        format!(
            "%re = complex.re %v : {t}\n    %im = complex.im %v : {t}\n    %ip = llvm.getelementptr %at[%c1] : (!llvm.ptr, i64) -> !llvm.ptr, {p}\n    llvm.store %re, %at : {p}, !llvm.ptr\n    llvm.store %im, %ip : {p}, !llvm.ptr",
            t = ty.mlir()
        )
    } else {
        format!("llvm.store %v, %at : {}, !llvm.ptr", ty.mlir())
    }
}

fn load_text(ty: Ty) -> String {
    if ty.is_complex() {
        let p = ty.complex_part().mlir();
        format!(
            "%re = llvm.load %at : !llvm.ptr -> {p}\n    %ip = llvm.getelementptr %at[%c1] : (!llvm.ptr, i64) -> !llvm.ptr, {p}\n    %im = llvm.load %ip : !llvm.ptr -> {p}\n    %v = complex.create %re, %im : {}",
            ty.mlir()
        )
    } else {
        format!("%v = llvm.load %at : !llvm.ptr -> {}", ty.mlir())
    }
}
