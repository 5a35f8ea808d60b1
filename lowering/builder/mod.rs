//! The one place that writes the generated code: SSA values, blocks,
//! constants, conversions and comparisons here; memory and calls in
//! [`memory`], structured regions in [`regions`], module-level symbols in
//! [`module`], MLIR tasklet source in `mlir_source`.
//!
//! Everything outside this module builds code through these typed methods
//! and never sees how an op is spelled: a [`Val`] is a handle, a
//! [`BlockRef`] a successor, and regions are opened and closed in order.

pub mod memory;
pub mod module;
pub mod regions;
mod mlir_source;


use super::types::Ty;
use std::fmt::Write;

/// An SSA value and the type the generated code gives it.
#[derive(Clone, Debug, PartialEq)]
pub struct Val {
    name: String,
    pub ty: Ty,
}

impl Val {
    /// The same value seen as `ty` (a type with the same MLIR spelling, such
    /// as a signed and an unsigned integer of one width).
    pub fn with_ty(&self, ty: Ty) -> Val {
        Val { name: self.name.clone(), ty }
    }
}

/// A block of the current function's (or region's) control-flow graph.
#[derive(Clone, Debug, PartialEq)]
pub struct BlockRef {
    label: String,
}

/// Ops built apart from the current insertion point (see
/// [`Body::begin_detached`]), to become the body of a region later.
#[derive(Default)]
pub struct Detached {
    lines: Vec<String>,
}

/// The body of one function being built.
#[derive(Default)]
pub struct Body {
    lines: Vec<String>,
    next: usize,
    /// Ops hoisted to the function's entry block (stack slots).
    entry: Vec<String>,
    /// Regions open around the insertion point, innermost last.
    open: Vec<regions::Open>,
    /// Insertion points saved while building detached blocks.
    saved: Vec<Vec<String>>,
    /// The function's parameters (see [`Body::function`]).
    params: Vec<Val>,
    results: Vec<Ty>,
}

impl Body {
    /// The body of a function taking `params` and returning `results`;
    /// returns the parameters as values.
    pub fn function(params: &[Ty], results: &[Ty]) -> (Body, Vec<Val>) {
        let vals: Vec<Val> = params.iter().enumerate().map(|(i, t)| Val { name: format!("%arg{i}"), ty: *t }).collect();
        let body = Body { params: vals.clone(), results: results.to_vec(), ..Body::default() };
        (body, vals)
    }

    fn fresh(&mut self) -> String {
        self.next += 1;
        format!("%v{}", self.next)
    }

    fn line(&mut self, text: impl Into<String>) {
        self.lines.push(text.into());
    }

    /// Emits `%v = rhs` and returns the value.
    fn def(&mut self, ty: Ty, rhs: impl AsRef<str>) -> Val {
        let name = self.fresh();
        self.lines.push(format!("{name} = {}", rhs.as_ref()));
        Val { name, ty }
    }

    /// An op without attributes or regions, by its name: `operands` in,
    /// one result of type `result` out (`arith.addi`, `math.floor`,
    /// `complex.re`, ...).
    pub fn op(&mut self, name: &'static str, operands: &[&Val], result: Ty) -> Val {
        let (names, types) = operand_lists(operands);
        self.def(result, format!("\"{name}\"({names}) : ({types}) -> {}", result.mlir()))
    }

    /// As [`Body::op`], for an op without results.
    pub fn op_void(&mut self, name: &'static str, operands: &[&Val]) {
        let (names, types) = operand_lists(operands);
        self.line(format!("\"{name}\"({names}) : ({types}) -> ()"));
    }

    // ----- blocks --------------------------------------------------------

    /// A new block of the region being built; ops go into it once
    /// [`Body::start_block`] is called.
    pub fn new_block(&mut self) -> BlockRef {
        self.next += 1;
        BlockRef { label: format!("^bb{}", self.next) }
    }

    /// Moves the insertion point to the start of `block` (the previous
    /// block must have ended with a terminator).
    pub fn start_block(&mut self, block: &BlockRef) {
        let label = format!("{}:", block.label);
        self.line(label);
    }

    pub fn br(&mut self, to: &BlockRef) {
        self.line(format!("cf.br {}", to.label));
    }

    pub fn cond_br(&mut self, cond: &Val, then: &BlockRef, otherwise: &BlockRef) {
        self.line(format!("cf.cond_br {}, {}, {}", cond.name, then.label, otherwise.label));
    }

    /// `return` from the function with `values`.
    pub fn ret(&mut self, values: &[Val]) {
        if values.is_empty() {
            self.line("return");
        } else {
            let (names, types) = operand_lists(&values.iter().collect::<Vec<_>>());
            self.line(format!("return {names} : {types}"));
        }
    }

    // ----- detached blocks -----------------------------------------------

    /// Builds the following ops into a new detached block until
    /// [`Body::end_detached`].
    pub fn begin_detached(&mut self) {
        let current = std::mem::take(&mut self.lines);
        self.saved.push(current);
    }

    /// Goes on building into `block` until [`Body::end_detached`].
    pub fn reopen(&mut self, block: Detached) {
        let current = std::mem::replace(&mut self.lines, block.lines);
        self.saved.push(current);
    }

    /// Ends a detached block and returns to where building was before.
    pub fn end_detached(&mut self) -> Detached {
        let previous = self.saved.pop().expect("end_detached without begin_detached");
        Detached { lines: std::mem::replace(&mut self.lines, previous) }
    }

    // ----- constants -----------------------------------------------------

    pub fn int(&mut self, v: i64, ty: Ty) -> Val {
        if ty == Ty::I1 {
            return self.def(Ty::I1, format!("arith.constant {}", v != 0));
        }
        self.def(ty, format!("arith.constant {v} : {}", ty.mlir()))
    }

    pub fn i64(&mut self, v: i64) -> Val {
        self.int(v, Ty::I64)
    }

    pub fn float(&mut self, v: f64, ty: Ty) -> Val {
        if ty.is_complex() {
            let part = self.float(v, ty.complex_part());
            let zero = self.float(0.0, ty.complex_part());
            return self.complex(&part, &zero, ty);
        }
        let text = float_literal(v, ty);
        self.def(ty, format!("arith.constant {text} : {}", ty.mlir()))
    }

    pub fn complex(&mut self, re: &Val, im: &Val, ty: Ty) -> Val {
        self.op("complex.create", &[re, im], ty)
    }

    /// The real and imaginary parts of a complex value.
    pub fn parts(&mut self, v: &Val) -> (Val, Val) {
        let part = v.ty.complex_part();
        (self.op("complex.re", &[v], part), self.op("complex.im", &[v], part))
    }

    /// The zero of a type.
    pub fn zero(&mut self, ty: Ty) -> Val {
        match ty {
            t if t.is_float() || t.is_complex() => self.float(0.0, t),
            Ty::Ptr => self.def(Ty::Ptr, "llvm.mlir.zero : !llvm.ptr"),
            t => self.int(0, t),
        }
    }

    // ----- conversions ---------------------------------------------------

    /// Converts between any two value types (C semantics; to `i1` is `!= 0`).
    pub fn cast(&mut self, v: &Val, to: Ty) -> Val {
        let from = v.ty;
        if from == to || (from.mlir() == to.mlir() && from != Ty::I1 && to != Ty::I1) {
            return v.with_ty(to);
        }
        if to == Ty::I1 {
            let zero = self.zero(from);
            return self.compare("ne", v, &zero);
        }
        if to.is_complex() {
            let part = to.complex_part();
            if from.is_complex() {
                let (re, im) = self.parts(v);
                let (re, im) = (self.cast(&re, part), self.cast(&im, part));
                return self.complex(&re, &im, to);
            }
            let re = self.cast(v, part);
            let im = self.float(0.0, part);
            return self.complex(&re, &im, to);
        }
        if from.is_complex() {
            let re = self.op("complex.re", &[v], from.complex_part());
            return self.cast(&re, to);
        }
        let op = if from == Ty::Index || to == Ty::Index {
            "arith.index_cast"
        } else if from == Ty::Ptr {
            "llvm.ptrtoint"
        } else if to == Ty::Ptr {
            "llvm.inttoptr"
        } else {
            match (from.is_float(), to.is_float()) {
                (true, true) if to.bits() > from.bits() => "arith.extf",
                (true, true) => "arith.truncf",
                (false, true) if from.is_unsigned() => "arith.uitofp",
                (false, true) => "arith.sitofp",
                (true, false) if to.is_unsigned() => "arith.fptoui",
                (true, false) => "arith.fptosi",
                (false, false) if to.bits() < from.bits() => "arith.trunci",
                (false, false) if from.is_unsigned() => "arith.extui",
                (false, false) => "arith.extsi",
            }
        };
        self.op(op, &[v], to)
    }

    /// Reinterprets the bits of a value as another type of the same width.
    pub fn bitcast(&mut self, v: &Val, to: Ty) -> Val {
        self.op("llvm.bitcast", &[v], to)
    }

    /// `arith.cmpi`/`cmpf` with a predicate named as in C (`lt`, `eq`, ...).
    pub fn compare(&mut self, pred: &str, a: &Val, b: &Val) -> Val {
        let ty = Ty::promote(a.ty, b.ty);
        let (a, b) = (self.cast(a, ty), self.cast(b, ty));
        let text = if ty.is_float() {
            let p = match pred {
                "ne" => "une".to_string(),
                p => format!("o{p}"),
            };
            format!("arith.cmpf {p}, {}, {} : {}", a.name, b.name, ty.mlir())
        } else if ty.is_complex() {
            let p = if pred == "eq" { "eq" } else { "neq" };
            format!("complex.{p} {}, {} : {}", a.name, b.name, ty.mlir())
        } else {
            let p = match pred {
                "eq" | "ne" => pred.to_string(),
                p if ty.is_unsigned() => format!("u{p}"),
                p => format!("s{p}"),
            };
            format!("arith.cmpi {p}, {}, {} : {}", a.name, b.name, ty.mlir())
        };
        self.def(Ty::I1, text)
    }

    pub fn select(&mut self, c: &Val, a: &Val, b: &Val) -> Val {
        let ty = Ty::promote(a.ty, b.ty);
        let ty = if a.ty == b.ty { a.ty } else { ty };
        let (a, b) = (self.cast(a, ty), self.cast(b, ty));
        self.def(ty, format!("arith.select {}, {}, {} : {}", c.name, a.name, b.name, ty.mlir()))
    }

    /// The function's text (see [`module`] for the whole function).
    fn into_text(self) -> String {
        let mut out = String::new();
        for l in self.entry.iter().chain(&self.lines) {
            let _ = writeln!(out, "    {l}");
        }
        out
    }
}

/// `%a, %b` and `t1, t2` of a list of values.
fn operand_lists(values: &[&Val]) -> (String, String) {
    let names: Vec<&str> = values.iter().map(|v| v.name.as_str()).collect();
    let types: Vec<&str> = values.iter().map(|v| v.ty.mlir()).collect();
    (names.join(", "), types.join(", "))
}

/// A float literal MLIR accepts (always with a dot or exponent; non-finite
/// values as the bit pattern of the type).
fn float_literal(v: f64, ty: Ty) -> String {
    if !v.is_finite() {
        return match ty {
            Ty::F32 | Ty::C64 => format!("0x{:08X}", (v as f32).to_bits()),
            Ty::F16 => format!("0x{:04X}", if v.is_nan() { 0x7E00u16 } else if v > 0.0 { 0x7C00 } else { 0xFC00 }),
            _ => format!("0x{:016X}", v.to_bits()),
        };
    }
    // `1e-5` lexes as an integer and a name in MLIR; write `1.0e-5`.
    let s = format!("{v:e}");
    match s.split_once('e') {
        Some((m, e)) if !m.contains('.') => format!("{m}.0e{e}"),
        _ => s,
    }
}
