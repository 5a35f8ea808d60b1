//! Memory and calls: addresses, loads and stores, stack slots, atomics,
//! and calls to functions of the module or of libraries.

use super::{operand_lists, Body, Ty, Val};

/// An atomic read-modify-write operation (`llvm.atomicrmw`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AtomicOp {
    Add,
    FAdd,
    Max,
    Min,
    UMax,
    UMin,
    FMax,
    FMin,
    And,
    Or,
    Xor,
}

impl AtomicOp {
    fn keyword(self) -> &'static str {
        match self {
            AtomicOp::Add => "add",
            AtomicOp::FAdd => "fadd",
            AtomicOp::Max => "max",
            AtomicOp::Min => "min",
            AtomicOp::UMax => "umax",
            AtomicOp::UMin => "umin",
            AtomicOp::FMax => "fmax",
            AtomicOp::FMin => "fmin",
            AtomicOp::And => "_and",
            AtomicOp::Or => "_or",
            AtomicOp::Xor => "_xor",
        }
    }
}

impl Body {
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
            let (re, im) = self.parts(&v);
            let one = self.i64(1);
            let ip = self.gep(ptr, &one, part);
            self.line(format!("llvm.store {}, {} : {}, !llvm.ptr", re.name, ptr.name, part.mlir()));
            self.line(format!("llvm.store {}, {} : {}, !llvm.ptr", im.name, ip.name, part.mlir()));
            return;
        }
        self.line(format!("llvm.store {}, {} : {}, !llvm.ptr", v.name, ptr.name, ty.mlir()));
    }

    /// A stack slot for one `ty` in the function's entry block.
    pub fn slot(&mut self, ty: Ty) -> Val {
        self.entry_alloca(1, ty).with_ty(Ty::Ptr)
    }

    /// Stack memory for `count` elements of `elem` in the function's entry
    /// block (allocated once per call, wherever the code asking is).
    pub fn entry_alloca(&mut self, count: i64, elem: Ty) -> Val {
        let n = self.fresh();
        let name = self.fresh();
        self.entry.push(format!("{n} = arith.constant {count} : i64"));
        self.entry.push(format!("{name} = llvm.alloca {n} x {} : (i64) -> !llvm.ptr", elem.memory()));
        Val { name, ty: Ty::Ptr }
    }

    /// Stack memory for `count` elements of `elem`, here (freed by
    /// [`Body::stack_restore`] or on return).
    pub fn alloca(&mut self, count: &Val, elem: Ty) -> Val {
        let n = self.cast(count, Ty::I64);
        self.def(Ty::Ptr, format!("llvm.alloca {} x {} : (i64) -> !llvm.ptr", n.name, elem.memory()))
    }

    /// The stack position, to release what is allocated after it.
    pub fn stack_save(&mut self) -> Val {
        self.def(Ty::Ptr, "llvm.intr.stacksave : !llvm.ptr")
    }

    pub fn stack_restore(&mut self, saved: &Val) {
        self.line(format!("llvm.intr.stackrestore {} : !llvm.ptr", saved.name));
    }

    /// The address of a global symbol of the module.
    pub fn address_of(&mut self, symbol: &str) -> Val {
        self.def(Ty::Ptr, format!("llvm.mlir.addressof @{symbol} : !llvm.ptr"))
    }

    /// `*addr = *addr op value`, atomically; returns the old value.
    pub fn atomic_rmw(&mut self, op: AtomicOp, addr: &Val, value: &Val) -> Val {
        let t = value.ty.mlir();
        self.def(value.ty, format!("llvm.atomicrmw {} {}, {} monotonic : !llvm.ptr, {t}", op.keyword(), addr.name, value.name))
    }

    /// Writes `new` to `*addr` if it holds `expected`, atomically; returns
    /// the value found and whether the write happened.
    pub fn compare_exchange(&mut self, addr: &Val, expected: &Val, new: &Val) -> (Val, Val) {
        let t = expected.ty.mlir();
        let pair = self.fresh();
        self.line(format!(
            "{pair} = llvm.cmpxchg {}, {}, {} monotonic monotonic : !llvm.ptr, {t}",
            addr.name, expected.name, new.name
        ));
        let found = self.def(expected.ty, format!("llvm.extractvalue {pair}[0] : !llvm.struct<({t}, i1)>"));
        let done = self.def(Ty::I1, format!("llvm.extractvalue {pair}[1] : !llvm.struct<({t}, i1)>"));
        (found, done)
    }

    /// `func.call @callee(args)`, returning `results`.
    pub fn call(&mut self, callee: &str, args: &[Val], results: &[Ty]) -> Vec<Val> {
        let (names, types) = operand_lists(&args.iter().collect::<Vec<_>>());
        let rtypes: Vec<&str> = results.iter().map(|t| t.mlir()).collect();
        let text = format!("func.call @{callee}({names}) : ({types}) -> ({})", rtypes.join(", "));
        self.results_of(text, results)
    }

    /// `llvm.call @callee(args)` of an external function (declared with
    /// `ModuleGen::declare_external`).
    pub fn call_external(&mut self, callee: &str, args: &[Val], result: Option<Ty>) -> Option<Val> {
        let (names, types) = operand_lists(&args.iter().collect::<Vec<_>>());
        let r = result.map(|t| t.mlir()).unwrap_or("()");
        let text = format!("llvm.call @{callee}({names}) : ({types}) -> {r}");
        self.results_of(text, &result.into_iter().collect::<Vec<_>>()).pop()
    }

    /// `func.call @callee(args)` of a function of the module returning one
    /// value.
    pub fn call_value(&mut self, callee: &str, args: &[Val], result: Ty) -> Val {
        let (names, types) = operand_lists(&args.iter().collect::<Vec<_>>());
        self.def(result, format!("func.call @{callee}({names}) : ({types}) -> {}", result.mlir()))
    }

    /// `llvm.call @callee(args)` of an external C function returning one
    /// value (a LAPACKE status, `realloc`'s pointer).
    pub fn call_external_value(&mut self, callee: &str, args: &[Val], result: Ty) -> Val {
        let (names, types) = operand_lists(&args.iter().collect::<Vec<_>>());
        self.def(result, format!("llvm.call @{callee}({names}) : ({types}) -> {}", result.mlir()))
    }

    /// Whether a pointer is null.
    pub fn is_null(&mut self, p: &Val) -> Val {
        let null = self.zero(Ty::Ptr);
        self.def(Ty::I1, format!("llvm.icmp \"eq\" {}, {} : !llvm.ptr", p.name, null.name))
    }

    /// A call of a C variadic function `result callee(fixed..., ...)`.
    pub fn call_variadic(&mut self, callee: &str, fixed: &[Ty], result: Ty, args: &[Val]) -> Val {
        let (names, types) = operand_lists(&args.iter().collect::<Vec<_>>());
        let sig: Vec<&str> = fixed.iter().map(|t| if *t == Ty::Ptr { "ptr" } else { t.mlir() }).collect();
        let r = result.mlir();
        self.def(
            result,
            format!("llvm.call @{callee}({names}) vararg(!llvm.func<{r} ({}, ...)>) : ({types}) -> {r}", sig.join(", ")),
        )
    }

    /// Writes an op with `results` and returns them.
    fn results_of(&mut self, rhs: String, results: &[Ty]) -> Vec<Val> {
        match results.len() {
            0 => {
                self.line(rhs);
                Vec::new()
            }
            1 => vec![self.def(results[0], rhs)],
            n => {
                let name = self.fresh();
                self.line(format!("{name}:{n} = {rhs}"));
                results.iter().enumerate().map(|(i, t)| Val { name: format!("{name}#{i}"), ty: *t }).collect()
            }
        }
    }
}
