//! What generated code needs beyond arithmetic: streams (growable FIFO
//! queues) and compile-time constants. Everything is emitted into the
//! module itself, so compiled programs need nothing but libc.

use super::builder::module::{Literal, Visibility};
use super::builder::{Body, Val};
use super::types::Ty;
use super::ModuleGen;
use crate::model::{DType, Sdfg};

/// A stream is four words: data pointer, head, tail, capacity.
const STREAM_WORDS: i64 = 4;

impl ModuleGen {
    /// A new, empty stream (on the function's stack).
    pub fn stream_new(&mut self, b: &mut Body, ty: Ty) -> Val {
        let stream = b.entry_alloca(STREAM_WORDS, Ty::I64);
        self.stream_init(b, &stream, ty);
        stream
    }

    /// A new, empty stream allocated where the code is (a scope's body).
    pub fn stream_here(&mut self, b: &mut Body, ty: Ty) -> Val {
        let n = b.i64(STREAM_WORDS);
        let stream = b.alloca(&n, Ty::I64);
        self.stream_init(b, &stream, ty);
        stream
    }

    /// Frees a stream's queue memory.
    pub fn stream_free(&mut self, b: &mut Body, stream: &Val) {
        let data = b.load(stream, Ty::Ptr);
        b.call_external("free", &[data], None);
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
        let (push, _) = self.stream_helpers(ty);
        let v = b.cast(v, ty);
        b.call(&push, &[stream.clone(), v], &[]);
    }

    pub fn stream_pop(&mut self, b: &mut Body, stream: &Val, ty: Ty) -> Val {
        let (_, pop) = self.stream_helpers(ty);
        b.call_value(&pop, &[stream.clone()], ty)
    }

    /// Elements waiting in a stream.
    pub fn stream_len(&mut self, b: &mut Body, stream: &Val) -> Val {
        let one = b.i64(1);
        let two = b.i64(2);
        let hp = b.gep(stream, &one, Ty::I64);
        let tp = b.gep(stream, &two, Ty::I64);
        let head = b.load(&hp, Ty::I64);
        let tail = b.load(&tp, Ty::I64);
        b.op("arith.subi", &[&tail, &head], Ty::I64)
    }

    /// Defines push and pop for one element type (once); returns their
    /// symbols.
    fn stream_helpers(&mut self, ty: Ty) -> (String, String) {
        let tag = ty.symbol_tag();
        let (push, pop) = (format!("__sdfg_stream_push_{tag}"), format!("__sdfg_stream_pop_{tag}"));
        if !self.has_symbol(&push) {
            self.mark_symbol(&push);
            self.mark_symbol(&pop);
            self.add_function(stream_push_fn(self, ty).into_function(&push, Visibility::Private));
            self.add_function(stream_pop_fn(self, ty).into_function(&pop, Visibility::Private));
        }
        (push, pop)
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
        let literals: Vec<Literal> = flat
            .iter()
            .map(|v| match v {
                serde_json::Value::Bool(x) => Literal::Int(*x as i64),
                serde_json::Value::Number(n) if ty.is_int() => Literal::Int(n.as_i64().unwrap_or(0)),
                serde_json::Value::Number(n) => Literal::Float(n.as_f64().unwrap_or(0.0)),
                _ => Literal::Int(0),
            })
            .collect();
        let global = format!("__sdfg_const_{}_{}", super::entry_name(&sdfg.name), super::entry_name(name));
        self.constant_array_global(&global, ty, &literals);
        Some((b.address_of(&global), ty))
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

/// `push(s, v)`: appends `v` to stream `s`, doubling its queue (at least
/// 16 elements) when full.
fn stream_push_fn(module: &ModuleGen, ty: Ty) -> Body {
    let (mut b, params) = Body::function(module, &[Ty::Ptr, ty], &[]);
    let (s, v) = (&params[0], &params[1]);
    let c1 = b.i64(1);
    let c2 = b.i64(2);
    let c3 = b.i64(3);
    let c16 = b.i64(16);
    let size = b.i64(ty.bytes() as i64);
    let tp = b.gep(s, &c2, Ty::I64);
    let cp = b.gep(s, &c3, Ty::I64);
    let tail = b.load(&tp, Ty::I64);
    let cap = b.load(&cp, Ty::I64);
    let full = b.compare("ge", &tail, &cap);
    let (grow, put) = (b.new_block(), b.new_block());
    b.cond_br(&full, &grow, &put);
    b.start_block(&grow);
    let twice = b.op("arith.muli", &[&cap, &c2], Ty::I64);
    let ncap = b.op("arith.maxsi", &[&twice, &c16], Ty::I64);
    let bytes = b.op("arith.muli", &[&ncap, &size], Ty::I64);
    let old = b.load(s, Ty::Ptr);
    let new = b.call_external_value("realloc", &[old, bytes], Ty::Ptr);
    b.store(&new, s, Ty::Ptr);
    b.store(&ncap, &cp, Ty::I64);
    b.br(&put);
    b.start_block(&put);
    let data = b.load(s, Ty::Ptr);
    let at = b.gep(&data, &tail, ty);
    if ty.is_complex() {
        // Part by part, reusing `c1` for the offset of the imaginary part.
        let part = ty.complex_part();
        let (re, im) = b.parts(v);
        let ip = b.gep(&at, &c1, part);
        b.store(&re, &at, part);
        b.store(&im, &ip, part);
    } else {
        b.store(v, &at, ty);
    }
    let next = b.op("arith.addi", &[&tail, &c1], Ty::I64);
    b.store(&next, &tp, Ty::I64);
    b.ret(&[]);
    b
}

/// `pop(s)`: the oldest element of stream `s` (which must not be empty).
fn stream_pop_fn(module: &ModuleGen, ty: Ty) -> Body {
    let (mut b, params) = Body::function(module, &[Ty::Ptr], &[ty]);
    let s = &params[0];
    let c1 = b.i64(1);
    let hp = b.gep(s, &c1, Ty::I64);
    let head = b.load(&hp, Ty::I64);
    let data = b.load(s, Ty::Ptr);
    let at = b.gep(&data, &head, ty);
    let v = if ty.is_complex() {
        let part = ty.complex_part();
        let re = b.load(&at, part);
        let ip = b.gep(&at, &c1, part);
        let im = b.load(&ip, part);
        b.complex(&re, &im, ty)
    } else {
        b.load(&at, ty)
    };
    let next = b.op("arith.addi", &[&head, &c1], Ty::I64);
    b.store(&next, &hp, Ty::I64);
    b.ret(&[v]);
    b
}
