//! Write-conflict resolution: `(lambda a, b: a + b)` combines the value in
//! memory with the written one. Inside parallel maps the update is atomic:
//! `memref.atomic_rmw` where it has the operator, else
//! `memref.generic_atomic_rmw` (a compare-and-swap loop) on the element's
//! bits; complex values: per-part atomics through the element's address
//! for sums, else a critical section. Elsewhere a plain read-modify-write
//! with `memref.load`/`memref.store`.

use super::builder::memory::AtomicOp;
use super::builder::Val;
use super::element::Element;
use super::function::FnGen;
use super::types::Ty;
use crate::model::Wcr;
use crate::tasklet::lambda::{Lambda, Reduction};
use std::collections::HashMap;

/// The atomic read-modify-write of a reduction, when there is one for this type.
fn atomic_kind(kind: Reduction, ty: Ty) -> Option<AtomicOp> {
    let float = ty.is_float();
    let unsigned = ty.is_unsigned();
    match kind {
        Reduction::Sum if float => Some(AtomicOp::FAdd),
        Reduction::Sum => Some(AtomicOp::Add),
        Reduction::BitwiseAnd if !float => Some(AtomicOp::And),
        Reduction::BitwiseOr if !float => Some(AtomicOp::Or),
        Reduction::BitwiseXor if !float => Some(AtomicOp::Xor),
        Reduction::Max if float => Some(AtomicOp::FMax),
        Reduction::Min if float => Some(AtomicOp::FMin),
        Reduction::Max if unsigned => Some(AtomicOp::UMax),
        Reduction::Min if unsigned => Some(AtomicOp::UMin),
        Reduction::Max => Some(AtomicOp::Max),
        Reduction::Min => Some(AtomicOp::Min),
        _ => None,
    }
}

/// The lambda to compile; its body may be outside the tasklet language.
fn body(wcr: &Wcr) -> Result<&Lambda, String> {
    wcr.lambda().map_err(|e| e.to_string())
}

impl FnGen<'_, '_> {
    /// Combines `v` into element `at` with the lambda `wcr`.
    pub fn wcr_write(&mut self, at: &Element, ty: Ty, v: &Val, wcr: &Wcr) -> Result<(), String> {
        let lambda = body(wcr)?;
        let value = self.b.cast(v, ty);
        if self.parallel == 0 {
            return self.read_modify_write(at, &value, lambda);
        }
        if ty.is_complex() {
            return self.complex_parallel_write(at, ty, &value, wcr);
        }
        if let Some(kind) = atomic_kind(wcr.kind(), ty).filter(|_| ty != Ty::I1) {
            if let Some((m, idx)) = self.view(at, ty) {
                self.b.memref_atomic_rmw(kind, &m, &idx, &value);
                return Ok(());
            }
        }
        self.atomic_update(at, ty, &value, lambda)
    }

    /// Complex sums add each part atomically (the parts are independent);
    /// other complex updates run in an OpenMP critical section.
    fn complex_parallel_write(&mut self, at: &Element, ty: Ty, value: &Val, wcr: &Wcr) -> Result<(), String> {
        if wcr.kind() == Reduction::Sum {
            // `memref.atomic_rmw` takes no complex values: each part is
            // updated through its address.
            let addr = self.address(&at.name, &at.at)?;
            let (re, im) = self.b.parts(value);
            let one = self.b.i64(1);
            let im_addr = self.b.gep(&addr, &one, ty.complex_part());
            self.b.atomic_rmw(AtomicOp::FAdd, &addr, &re);
            self.b.atomic_rmw(AtomicOp::FAdd, &im_addr, &im);
            return Ok(());
        }
        self.critical_write(at, value, body(wcr)?)
    }

    /// A read-modify-write one thread at a time.
    fn critical_write(&mut self, at: &Element, value: &Val, l: &Lambda) -> Result<(), String> {
        self.b.begin_critical();
        self.read_modify_write(at, value, l)?;
        self.b.end();
        Ok(())
    }

    /// `at = wcr(at, value)` without atomics.
    fn read_modify_write(&mut self, at: &Element, value: &Val, l: &Lambda) -> Result<(), String> {
        let old = self.read(at)?;
        let new = self.combine(l, &old, value, at.ty)?;
        self.write_plain(at, &new)
    }

    /// `wcr(old, new)` as a value.
    pub fn wcr_combine(&mut self, wcr: &Wcr, old: &Val, new: &Val, ty: Ty) -> Result<Val, String> {
        let new = self.b.cast(new, ty);
        self.combine(body(wcr)?, old, &new, ty)
    }

    /// A plain read-modify-write (no other thread touches the element).
    pub fn wcr_update(&mut self, at: &Element, ty: Ty, v: &Val, wcr: &Wcr) -> Result<(), String> {
        let value = self.b.cast(v, ty);
        self.read_modify_write(at, &value, body(wcr)?)
    }

    /// `a` and `b` combined by the lambda of `wcr`, as `ty`.
    pub fn combine_by(&mut self, wcr: &Wcr, a: &Val, b: &Val, ty: Ty) -> Result<Val, String> {
        self.combine(body(wcr)?, a, b, ty)
    }

    /// `body[old := old, new := new]`.
    fn combine(&mut self, l: &Lambda, old: &Val, new: &Val, ty: Ty) -> Result<Val, String> {
        let mut vars = HashMap::new();
        vars.insert(l.old.clone(), old.clone());
        vars.insert(l.new.clone(), new.clone());
        let r = self.texpr(&l.body, &HashMap::new(), &vars)?;
        Ok(self.b.cast(&r, ty))
    }

    /// Any lambda, atomically: `memref.generic_atomic_rmw` retries the
    /// update until no other thread wrote in between.
    fn atomic_update(&mut self, at: &Element, ty: Ty, value: &Val, l: &Lambda) -> Result<(), String> {
        // Compare-and-swap takes integers: floats are exchanged as integers
        // of their width, bools as the byte that holds them.
        let int = match ty.bits() {
            1 | 8 => Ty::I8,
            16 => Ty::I16,
            32 => Ty::I32,
            _ => Ty::I64,
        };
        let Some((m, idx)) = self.view(at, int) else {
            // Pointer elements have no memref view.
            return self.critical_write(at, value, l);
        };
        let bits = self.b.begin_atomic_update(&m, &idx);
        let old = if ty.is_float() {
            self.b.bitcast(&bits, ty)
        } else if ty == Ty::I1 {
            self.b.cast(&bits, Ty::I1)
        } else {
            bits.with_ty(ty)
        };
        let new = self.combine(l, &old, value, ty)?;
        let new_bits = if ty.is_float() {
            self.b.bitcast(&new, int)
        } else if ty == Ty::I1 {
            self.b.cast(&new, Ty::U8)
        } else {
            new.with_ty(int)
        };
        self.b.end_with(&[new_bits]);
        Ok(())
    }
}
