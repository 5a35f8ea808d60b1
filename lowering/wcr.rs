//! Write-conflict resolution: `(lambda a, b: a + b)` combines the value in
//! memory with the written one. Inside parallel maps the update is atomic:
//! an `atomicrmw` where LLVM has one for the operator, else a
//! compare-and-swap loop (complex values: per-part atomics for sums, else
//! a critical section); elsewhere a plain read-modify-write.

use super::builder::memory::AtomicOp;
use super::builder::Val;
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
    /// Combines `v` into `*addr` with the lambda `wcr`.
    pub fn wcr_write(&mut self, addr: &Val, ty: Ty, v: &Val, wcr: &Wcr) -> Result<(), String> {
        let lambda = body(wcr)?;
        let value = self.b.cast(v, ty);
        if self.parallel == 0 {
            return self.read_modify_write(addr, ty, &value, lambda);
        }
        if ty.is_complex() {
            return self.complex_parallel_write(addr, ty, &value, wcr);
        }
        if let Some(kind) = atomic_kind(wcr.kind(), ty).filter(|_| ty != Ty::I1) {
            self.b.atomic_rmw(kind, addr, &value);
            return Ok(());
        }
        self.cas_loop(addr, ty, &value, lambda)
    }

    /// Complex sums add each part atomically (the parts are independent);
    /// other complex updates run in an OpenMP critical section.
    fn complex_parallel_write(&mut self, addr: &Val, ty: Ty, value: &Val, wcr: &Wcr) -> Result<(), String> {
        if wcr.kind() == Reduction::Sum {
            let (re, im) = self.b.parts(value);
            let one = self.b.i64(1);
            let im_addr = self.b.gep(addr, &one, ty.complex_part());
            self.b.atomic_rmw(AtomicOp::FAdd, addr, &re);
            self.b.atomic_rmw(AtomicOp::FAdd, &im_addr, &im);
            return Ok(());
        }
        self.b.begin_critical();
        self.read_modify_write(addr, ty, value, body(wcr)?)?;
        self.b.end();
        Ok(())
    }

    /// `*addr = wcr(*addr, value)` without atomics.
    fn read_modify_write(&mut self, addr: &Val, ty: Ty, value: &Val, l: &Lambda) -> Result<(), String> {
        let old = self.b.load(addr, ty);
        let new = self.combine(l, &old, value, ty)?;
        self.b.store(&new, addr, ty);
        Ok(())
    }

    /// `wcr(old, new)` as a value.
    pub fn wcr_combine(&mut self, wcr: &Wcr, old: &Val, new: &Val, ty: Ty) -> Result<Val, String> {
        let new = self.b.cast(new, ty);
        self.combine(body(wcr)?, old, &new, ty)
    }

    /// A plain read-modify-write (no other thread touches `*addr`).
    pub fn wcr_update(&mut self, addr: &Val, ty: Ty, v: &Val, wcr: &Wcr) -> Result<(), String> {
        let value = self.b.cast(v, ty);
        self.read_modify_write(addr, ty, &value, body(wcr)?)
    }

    /// `body[old := old, new := new]`.
    fn combine(&mut self, l: &Lambda, old: &Val, new: &Val, ty: Ty) -> Result<Val, String> {
        let mut vars = HashMap::new();
        vars.insert(l.old.clone(), old.clone());
        vars.insert(l.new.clone(), new.clone());
        let r = self.texpr(&l.body, &HashMap::new(), &vars)?;
        Ok(self.b.cast(&r, ty))
    }

    /// Retries `cmpxchg` until no other thread wrote in between.
    fn cas_loop(&mut self, addr: &Val, ty: Ty, value: &Val, l: &Lambda) -> Result<(), String> {
        // Floats are exchanged as integers of their width, bools as the byte
        // that holds them (atomics take whole bytes).
        let int = match ty.bits() {
            1 | 8 => Ty::I8,
            16 => Ty::I16,
            32 => Ty::I32,
            _ => Ty::I64,
        };
        let bits_of = |g: &mut Self, v: &Val| -> Val {
            if ty.is_float() {
                g.b.bitcast(v, int)
            } else if ty == Ty::I1 {
                g.b.cast(v, Ty::U8)
            } else {
                v.clone()
            }
        };
        let old0 = self.b.load(addr, ty);
        let (args, _) = self.b.begin_while(&[old0], &[ty]);
        let old = &args[0];
        let new = self.combine(l, old, value, ty)?;
        let (ob, nb) = (bits_of(self, old), bits_of(self, &new));
        let (cur, ok) = self.b.compare_exchange(addr, &ob, &nb);
        let retry = self.b.not(&ok);
        let cur = if ty.is_float() {
            self.b.bitcast(&cur, ty)
        } else if ty == Ty::I1 {
            self.b.cast(&cur, Ty::I1)
        } else {
            cur.with_ty(ty)
        };
        let next = self.b.while_condition(&retry, &[cur]);
        self.b.end_with(&next);
        Ok(())
    }
}
