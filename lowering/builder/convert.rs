//! Conversions and comparisons: C-style casts between value types,
//! bit casts, `arith.cmpi`/`cmpf` with C's predicates, and `select`.

use super::ir::OpSpec;
use super::{Body, Ty, Val};

impl Body {
    /// Converts between any two value types (C semantics; to `i1` is `!= 0`).
    pub fn cast(&mut self, v: &Val, to: Ty) -> Val {
        let from = v.ty;
        if from == to || same_representation(from, to) {
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
        let operands = [a.raw, b.raw];
        if ty.is_complex() {
            let name = if pred == "eq" {
                "complex.eq"
            } else {
                "complex.neq"
            };
            return self.def(Ty::I1, OpSpec::new(name).operands(&operands));
        }
        let (name, code) = if ty.is_float() {
            ("arith.cmpf", float_predicate(pred))
        } else {
            ("arith.cmpi", int_predicate(pred, ty.is_unsigned()))
        };
        let predicate = self.ir.i64_attr(code);
        self.def(
            Ty::I1,
            OpSpec::new(name)
                .operands(&operands)
                .attr("predicate", predicate),
        )
    }

    pub fn select(&mut self, c: &Val, a: &Val, b: &Val) -> Val {
        let ty = Ty::promote(a.ty, b.ty);
        let ty = if a.ty == b.ty { a.ty } else { ty };
        let (a, b) = (self.cast(a, ty), self.cast(b, ty));
        self.def(
            ty,
            OpSpec::new("arith.select").operands(&[c.raw, a.raw, b.raw]),
        )
    }
}

/// Whether two types are the same MLIR type (integers of one width, signed
/// or not; `i1` stays apart because converting to it is a comparison).
fn same_representation(a: Ty, b: Ty) -> bool {
    let int = |t: Ty| t.is_int() && t != Ty::Index && t != Ty::I1;
    int(a) && int(b) && a.bits() == b.bits()
}

/// `arith.cmpf`'s predicate for a C comparison (ordered, but `!=` is
/// unordered so that NaN != NaN holds).
fn float_predicate(pred: &str) -> i64 {
    match pred {
        "eq" => 1,
        "gt" => 2,
        "ge" => 3,
        "lt" => 4,
        "le" => 5,
        "ne" => 13,
        p => panic!("unknown comparison '{p}'"),
    }
}

/// `arith.cmpi`'s predicate for a C comparison.
fn int_predicate(pred: &str, unsigned: bool) -> i64 {
    let ordered = |signed: i64| if unsigned { signed + 4 } else { signed };
    match pred {
        "eq" => 0,
        "ne" => 1,
        "lt" => ordered(2),
        "le" => ordered(3),
        "gt" => ordered(4),
        "ge" => ordered(5),
        p => panic!("unknown comparison '{p}'"),
    }
}
