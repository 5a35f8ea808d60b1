//! Writes the text of a generated function: SSA names, constants, casts,
//! arithmetic, memory access.

use super::types::Ty;
use std::fmt::Write;

/// An SSA value and its type.
#[derive(Clone, Debug, PartialEq)]
pub struct Val {
    pub name: String,
    pub ty: Ty,
}

/// The body of one function being written.
#[derive(Default)]
pub struct Body {
    lines: Vec<String>,
    next: usize,
    /// Lines hoisted to the function's entry block (allocas of slots).
    pub entry: Vec<String>,
}

impl Body {
    pub fn fresh(&mut self) -> String {
        self.next += 1;
        format!("%v{}", self.next)
    }

    pub fn fresh_block(&mut self) -> String {
        self.next += 1;
        format!("^bb{}", self.next)
    }

    pub fn line(&mut self, text: impl Into<String>) {
        self.lines.push(text.into());
    }

    /// Emits `%v = rhs` and returns the value.
    pub fn def(&mut self, ty: Ty, rhs: impl AsRef<str>) -> Val {
        let name = self.fresh();
        self.lines.push(format!("{name} = {}", rhs.as_ref()));
        Val { name, ty }
    }

    /// Runs `f` writing into a separate buffer; returns those lines.
    pub fn capture<R>(&mut self, f: impl FnOnce(&mut Body) -> R) -> (Vec<String>, R) {
        let saved = std::mem::take(&mut self.lines);
        let result = f(self);
        let captured = std::mem::replace(&mut self.lines, saved);
        (captured, result)
    }

    pub fn extend(&mut self, lines: Vec<String>) {
        self.lines.extend(lines);
    }

    pub fn into_text(self) -> String {
        let mut out = String::new();
        for l in self.entry.iter().chain(&self.lines) {
            let _ = writeln!(out, "    {l}");
        }
        out
    }

    pub fn take_lines(&mut self) -> Vec<String> {
        std::mem::take(&mut self.lines)
    }

    // ----- constants ---------------------------------------------------

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
        let text = float_literal(v, ty);
        if ty.is_complex() {
            let part = self.float(v, ty.complex_part());
            let zero = self.float(0.0, ty.complex_part());
            return self.complex(&part, &zero, ty);
        }
        self.def(ty, format!("arith.constant {text} : {}", ty.mlir()))
    }

    pub fn complex(&mut self, re: &Val, im: &Val, ty: Ty) -> Val {
        self.def(ty, format!("complex.create {}, {} : {}", re.name, im.name, ty.mlir()))
    }

    /// The zero of a type.
    pub fn zero(&mut self, ty: Ty) -> Val {
        match ty {
            t if t.is_float() || t.is_complex() => self.float(0.0, t),
            Ty::Ptr => self.def(Ty::Ptr, "llvm.mlir.zero : !llvm.ptr"),
            t => self.int(0, t),
        }
    }

    // ----- conversions -------------------------------------------------

    /// Converts between any two value types (C semantics; to `i1` is `!= 0`).
    pub fn cast(&mut self, v: &Val, to: Ty) -> Val {
        let from = v.ty;
        if from == to || (from.mlir() == to.mlir() && from != Ty::I1 && to != Ty::I1) {
            return Val { name: v.name.clone(), ty: to };
        }
        let (f, t, n) = (from.mlir(), to.mlir(), &v.name);
        if to == Ty::I1 {
            let zero = self.zero(from);
            return self.compare("ne", v, &zero);
        }
        if to.is_complex() {
            let part = to.complex_part();
            if from.is_complex() {
                let re = self.def(from.complex_part(), format!("complex.re {n} : {f}"));
                let im = self.def(from.complex_part(), format!("complex.im {n} : {f}"));
                let (re, im) = (self.cast(&re, part), self.cast(&im, part));
                return self.complex(&re, &im, to);
            }
            let re = self.cast(v, part);
            let im = self.float(0.0, part);
            return self.complex(&re, &im, to);
        }
        if from.is_complex() {
            let re = self.def(from.complex_part(), format!("complex.re {n} : {f}"));
            return self.cast(&re, to);
        }
        if from == Ty::Index || to == Ty::Index {
            return self.def(to, format!("arith.index_cast {n} : {f} to {t}"));
        }
        if from == Ty::Ptr || to == Ty::Ptr {
            let op = if from == Ty::Ptr { "llvm.ptrtoint" } else { "llvm.inttoptr" };
            return self.def(to, format!("{op} {n} : {f} to {t}"));
        }
        let op = match (from.is_float(), to.is_float()) {
            (true, true) if to.bits() > from.bits() => "arith.extf",
            (true, true) => "arith.truncf",
            (false, true) if from.is_unsigned() => "arith.uitofp",
            (false, true) => "arith.sitofp",
            (true, false) if to.is_unsigned() => "arith.fptoui",
            (true, false) => "arith.fptosi",
            (false, false) if to.bits() < from.bits() => "arith.trunci",
            (false, false) if from.is_unsigned() => "arith.extui",
            (false, false) => "arith.extsi",
        };
        self.def(to, format!("{op} {n} : {f} to {t}"))
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

    // ----- memory ------------------------------------------------------

    /// `ptr + index` elements of `elem`.
    pub fn gep(&mut self, ptr: &Val, index: &Val, elem: Ty) -> Val {
        let index = self.cast(index, Ty::I64);
        self.def(
            Ty::Ptr,
            format!("llvm.getelementptr {}[{}] : (!llvm.ptr, i64) -> !llvm.ptr, {}", ptr.name, index.name, elem.memory()),
        )
    }

    pub fn load(&mut self, ptr: &Val, ty: Ty) -> Val {
        if ty.is_complex() {
            let part = ty.complex_part();
            let one = self.i64(1);
            let re = self.def(part, format!("llvm.load {} : !llvm.ptr -> {}", ptr.name, part.mlir()));
            let ip = self.gep(ptr, &one, part);
            let im = self.def(part, format!("llvm.load {} : !llvm.ptr -> {}", ip.name, part.mlir()));
            return self.complex(&re, &im, ty);
        }
        self.def(ty, format!("llvm.load {} : !llvm.ptr -> {}", ptr.name, ty.mlir()))
    }

    pub fn store(&mut self, value: &Val, ptr: &Val, ty: Ty) {
        let v = self.cast(value, ty);
        if ty.is_complex() {
            let part = ty.complex_part();
            let t = ty.mlir();
            let re = self.def(part, format!("complex.re {} : {t}", v.name));
            let im = self.def(part, format!("complex.im {} : {t}", v.name));
            let one = self.i64(1);
            let ip = self.gep(ptr, &one, part);
            self.line(format!("llvm.store {}, {} : {}, !llvm.ptr", re.name, ptr.name, part.mlir()));
            self.line(format!("llvm.store {}, {} : {}, !llvm.ptr", im.name, ip.name, part.mlir()));
            return;
        }
        self.line(format!("llvm.store {}, {} : {}, !llvm.ptr", v.name, ptr.name, ty.mlir()));
    }

    /// A stack slot in the function's entry block.
    pub fn slot(&mut self, ty: Ty) -> Val {
        let one = self.fresh();
        let name = self.fresh();
        self.entry.push(format!("{one} = arith.constant 1 : i64"));
        self.entry.push(format!("{name} = llvm.alloca {one} x {} : (i64) -> !llvm.ptr", ty.memory()));
        Val { name, ty: Ty::Ptr }
    }
}

/// A float literal MLIR accepts (always with a dot or exponent; non-finite
/// values as the bit pattern of the type).
pub fn float_literal(v: f64, ty: Ty) -> String {
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
