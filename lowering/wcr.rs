//! Write-conflict resolution: `(lambda a, b: a + b)` combines the value in
//! memory with the written one. Inside parallel maps the update is atomic:
//! an `atomicrmw` where LLVM has one for the operator, else a
//! compare-and-swap loop (complex values: per-part atomics for sums, else
//! a critical section); elsewhere a plain read-modify-write.

use super::builder::memory::AtomicOp;
use super::builder::Val;
use super::function::FnGen;
use super::types::Ty;
use crate::tasklet::{BinOp, Expr, Stmt, Target};
use std::collections::HashMap;

/// A parsed WCR lambda: parameter names and body.
pub struct Lambda {
    pub old: String,
    pub new: String,
    pub body: Expr,
}

/// Parses `(lambda x, y: body)` (parentheses optional).
pub fn parse_lambda(text: &str) -> Result<Lambda, String> {
    let mut t = text.trim();
    while t.starts_with('(') && t.ends_with(')') && balanced(&t[1..t.len() - 1]) {
        t = t[1..t.len() - 1].trim();
    }
    let rest = t.strip_prefix("lambda").ok_or_else(|| format!("write-conflict resolution '{text}' is not a lambda"))?;
    let (params, body) = rest.split_once(':').ok_or_else(|| format!("bad lambda '{text}'"))?;
    let params: Vec<&str> = params.split(',').map(str::trim).collect();
    let [old, new] = params.as_slice() else {
        return Err(format!("write-conflict lambda '{text}' must take two parameters"));
    };
    let stmts = crate::tasklet::parse(&format!("__wcr = {}", body.trim())).map_err(|e| format!("lambda '{text}': {e}"))?;
    match stmts.into_iter().next() {
        Some(Stmt::Assign { target: Target::Name { .. }, op: None, value, .. }) => {
            Ok(Lambda { old: old.to_string(), new: new.to_string(), body: value })
        }
        _ => Err(format!("bad lambda body in '{text}'")),
    }
}

fn balanced(s: &str) -> bool {
    let mut depth = 0i32;
    for c in s.chars() {
        match c {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth < 0 {
                    return false;
                }
            }
            _ => {}
        }
    }
    depth == 0
}

/// Whether a lambda adds its two parameters.
pub fn is_sum(l: &Lambda) -> bool {
    atomic_kind(l, Ty::F64) == Some(AtomicOp::FAdd)
}

/// The atomic read-modify-write of a lambda, when there is one for this type.
fn atomic_kind(l: &Lambda, ty: Ty) -> Option<AtomicOp> {
    let is = |e: &Expr, name: &str| matches!(e, Expr::Name { id, .. } if id == name);
    let params = |a: &Expr, b: &Expr| (is(a, &l.old) && is(b, &l.new)) || (is(a, &l.new) && is(b, &l.old));
    let float = ty.is_float();
    let unsigned = ty.is_unsigned();
    match &l.body {
        Expr::Binary { op, left, right, .. } if params(left, right) => match op {
            BinOp::Add if float => Some(AtomicOp::FAdd),
            BinOp::Add => Some(AtomicOp::Add),
            BinOp::BitAnd if !float => Some(AtomicOp::And),
            BinOp::BitOr if !float => Some(AtomicOp::Or),
            BinOp::BitXor if !float => Some(AtomicOp::Xor),
            _ => None,
        },
        Expr::Call { func, args, .. } if args.len() == 2 && params(&args[0], &args[1]) => match func.as_str() {
            "max" if float => Some(AtomicOp::FMax),
            "min" if float => Some(AtomicOp::FMin),
            "max" if unsigned => Some(AtomicOp::UMax),
            "min" if unsigned => Some(AtomicOp::UMin),
            "max" => Some(AtomicOp::Max),
            "min" => Some(AtomicOp::Min),
            _ => None,
        },
        _ => None,
    }
}

impl FnGen<'_, '_> {
    /// Combines `v` into `*addr` with the lambda `wcr`.
    pub fn wcr_write(&mut self, addr: &Val, ty: Ty, v: &Val, wcr: &str) -> Result<(), String> {
        let lambda = parse_lambda(wcr)?;
        let value = self.b.cast(v, ty);
        if self.parallel == 0 {
            return self.read_modify_write(addr, ty, &value, &lambda);
        }
        if ty.is_complex() {
            return self.complex_parallel_write(addr, ty, &value, &lambda);
        }
        if let Some(kind) = atomic_kind(&lambda, ty).filter(|_| ty != Ty::I1) {
            self.b.atomic_rmw(kind, addr, &value);
            return Ok(());
        }
        self.cas_loop(addr, ty, &value, &lambda)
    }

    /// Complex sums add each part atomically (the parts are independent);
    /// other complex updates run in an OpenMP critical section.
    fn complex_parallel_write(&mut self, addr: &Val, ty: Ty, value: &Val, l: &Lambda) -> Result<(), String> {
        if is_sum(l) {
            let (re, im) = self.b.parts(value);
            let one = self.b.i64(1);
            let im_addr = self.b.gep(addr, &one, ty.complex_part());
            self.b.atomic_rmw(AtomicOp::FAdd, addr, &re);
            self.b.atomic_rmw(AtomicOp::FAdd, &im_addr, &im);
            return Ok(());
        }
        self.b.begin_critical();
        self.read_modify_write(addr, ty, value, l)?;
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
    pub fn wcr_combine(&mut self, wcr: &str, old: &Val, new: &Val, ty: Ty) -> Result<Val, String> {
        let lambda = parse_lambda(wcr)?;
        let new = self.b.cast(new, ty);
        self.combine(&lambda, old, &new, ty)
    }

    /// A plain read-modify-write (no other thread touches `*addr`).
    pub fn wcr_update(&mut self, addr: &Val, ty: Ty, v: &Val, wcr: &str) -> Result<(), String> {
        let lambda = parse_lambda(wcr)?;
        let value = self.b.cast(v, ty);
        self.read_modify_write(addr, ty, &value, &lambda)
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
        // Floats are exchanged as integers of their width.
        let int = match ty.bits() {
            1 | 8 => Ty::I8,
            16 => Ty::I16,
            32 => Ty::I32,
            _ => Ty::I64,
        };
        let bits_of = |g: &mut Self, v: &Val| -> Val { if ty.is_float() { g.b.bitcast(v, int) } else { v.clone() } };
        let old0 = self.b.load(addr, ty);
        let (args, _) = self.b.begin_while(&[old0], &[ty]);
        let old = &args[0];
        let new = self.combine(l, old, value, ty)?;
        let (ob, nb) = (bits_of(self, old), bits_of(self, &new));
        let (cur, ok) = self.b.compare_exchange(addr, &ob, &nb);
        let retry = self.b.not(&ok);
        let cur = if ty.is_float() { self.b.bitcast(&cur, ty) } else { cur.with_ty(ty) };
        let next = self.b.while_condition(&retry, &[cur]);
        self.b.end_with(&next);
        Ok(())
    }
}
