//! Memory and calls: addresses, loads and stores, stack slots, atomics,
//! and calls to functions of the module or of libraries.

use super::ir::OpSpec;
use super::{raw_vals, Body, Ty, Val};

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
    /// The value of `llvm.atomicrmw`'s `bin_op` (LLVM's `AtomicRMWInst`).
    fn code(self) -> i64 {
        match self {
            AtomicOp::Add => 1,
            AtomicOp::And => 3,
            AtomicOp::Or => 5,
            AtomicOp::Xor => 6,
            AtomicOp::Max => 7,
            AtomicOp::Min => 8,
            AtomicOp::UMax => 9,
            AtomicOp::UMin => 10,
            AtomicOp::FAdd => 11,
            AtomicOp::FMax => 13,
            AtomicOp::FMin => 14,
        }
    }
}

/// The attribute of a kernel's `llvm.intr.trap` that names the failed
/// check's message.
pub const TRAP_MESSAGE: &str = "sdfg.message";

/// LLVM's `monotonic` atomic ordering (relaxed: only the one location is
/// ordered).
const MONOTONIC: i64 = 2;

impl Body {
    /// `ptr + index` elements of `elem`.
    pub fn gep(&mut self, ptr: &Val, index: &Val, elem: Ty) -> Val {
        let index = self.cast(index, Ty::I64);
        let elem = self.ir.type_attr(self.ir.memory_ty(elem));
        // One dynamic index (MLIR marks it with i32::MIN).
        let indices = self.ir.i32_array(&[i32::MIN]);
        let spec = OpSpec::new("llvm.getelementptr")
            .operands(&[ptr.raw, index.raw])
            .attr("elem_type", elem)
            .attr("rawConstantIndices", indices);
        self.def(Ty::Ptr, spec)
    }

    pub fn load(&mut self, ptr: &Val, ty: Ty) -> Val {
        if ty.is_complex() {
            let part = ty.complex_part();
            let one = self.i64(1);
            let re = self.def(part, OpSpec::new("llvm.load").operands(&[ptr.raw]));
            let ip = self.gep(ptr, &one, part);
            let im = self.def(part, OpSpec::new("llvm.load").operands(&[ip.raw]));
            return self.complex(&re, &im, ty);
        }
        self.def(ty, OpSpec::new("llvm.load").operands(&[ptr.raw]))
    }

    pub fn store(&mut self, value: &Val, ptr: &Val, ty: Ty) {
        let v = self.cast(value, ty);
        if ty.is_complex() {
            let part = ty.complex_part();
            let (re, im) = self.parts(&v);
            let one = self.i64(1);
            let ip = self.gep(ptr, &one, part);
            self.emit(OpSpec::new("llvm.store").operands(&[re.raw, ptr.raw]));
            self.emit(OpSpec::new("llvm.store").operands(&[im.raw, ip.raw]));
            return;
        }
        self.emit(OpSpec::new("llvm.store").operands(&[v.raw, ptr.raw]));
    }

    /// A stack slot for one `ty` in the function's entry block.
    pub fn slot(&mut self, ty: Ty) -> Val {
        self.entry_alloca(1, ty).with_ty(Ty::Ptr)
    }

    /// `callee()` or `callee(arg)` with an `i32` constant argument, at the
    /// start of the function (after the stack slots and calls hoisted there
    /// before), wherever the code asking is; its result if `result`.
    pub fn entry_call(&mut self, callee: &str, arg: Option<i64>, result: Option<Ty>) -> Option<Val> {
        let mut args = Vec::new();
        if let Some(v) = arg {
            let i32_ty = self.ir.ty(Ty::I32);
            let value = self.ir.int_attr(i32_ty, v);
            let c = OpSpec::new("arith.constant").attr("value", value).results(&[i32_ty]).create(self.ir);
            super::ir::insert_op_after(self.entry, self.entry_last, c);
            self.entry_last = c;
            args.push(Val { raw: super::ir::result(c, 0), ty: Ty::I32 });
        }
        let mut spec = self.llvm_call(callee, &args);
        if let Some(t) = result {
            spec = spec.results(&[self.ir.ty(t)]);
        }
        let call = spec.create(self.ir);
        super::ir::insert_op_after(self.entry, self.entry_last, call);
        self.entry_last = call;
        result.map(|ty| Val { raw: super::ir::result(call, 0), ty })
    }

    /// Stack memory for `count` elements of `elem` in the function's entry
    /// block (allocated once per call, wherever the code asking is).
    pub fn entry_alloca(&mut self, count: i64, elem: Ty) -> Val {
        let (i64_ty, ptr_ty) = (self.ir.ty(Ty::I64), self.ir.ty(Ty::Ptr));
        let value = self.ir.int_attr(i64_ty, count);
        let n = OpSpec::new("arith.constant")
            .attr("value", value)
            .results(&[i64_ty])
            .create(self.ir);
        super::ir::insert_op_after(self.entry, self.entry_last, n);
        let elem = self.ir.type_attr(self.ir.memory_ty(elem));
        let alloca = OpSpec::new("llvm.alloca")
            .operands(&[super::ir::result(n, 0)])
            .results(&[ptr_ty])
            .attr("elem_type", elem)
            .create(self.ir);
        super::ir::insert_op_after(self.entry, n, alloca);
        self.entry_last = alloca;
        Val {
            raw: super::ir::result(alloca, 0),
            ty: Ty::Ptr,
        }
    }

    /// Stack memory for `count` elements of `elem`, here (freed by
    /// [`Body::stack_restore`] or on return).
    pub fn alloca(&mut self, count: &Val, elem: Ty) -> Val {
        let n = self.cast(count, Ty::I64);
        let elem = self.ir.type_attr(self.ir.memory_ty(elem));
        self.def(
            Ty::Ptr,
            OpSpec::new("llvm.alloca")
                .operands(&[n.raw])
                .attr("elem_type", elem),
        )
    }

    /// The stack position, to release what is allocated after it.
    pub fn stack_save(&mut self) -> Val {
        self.def(Ty::Ptr, OpSpec::new("llvm.intr.stacksave"))
    }

    pub fn stack_restore(&mut self, saved: &Val) {
        self.emit(OpSpec::new("llvm.intr.stackrestore").operands(&[saved.raw]));
    }

    /// Stops a GPU thread's kernel with a run-time check's failure: the
    /// check's message is the string constant `message` (see
    /// `gpu::buffers`, which reports it on Vulkan).
    pub fn trap(&mut self, message: &str) {
        let text = self.ir.string_attr(message);
        self.emit(OpSpec::new("llvm.intr.trap").attr(TRAP_MESSAGE, text));
    }

    /// The address of a global symbol of the module.
    pub fn address_of(&mut self, symbol: &str) -> Val {
        let name = self.ir.symbol_ref(symbol);
        self.def(
            Ty::Ptr,
            OpSpec::new("llvm.mlir.addressof").attr("global_name", name),
        )
    }

    /// `*addr = *addr op value`, atomically; returns the old value. Element
    /// updates go through `memref.atomic_rmw`; this is for the parts of
    /// complex elements, which it does not take.
    pub fn atomic_rmw(&mut self, op: AtomicOp, addr: &Val, value: &Val) -> Val {
        let (bin_op, ordering) = (self.ir.i64_attr(op.code()), self.ir.i64_attr(MONOTONIC));
        let spec = OpSpec::new("llvm.atomicrmw")
            .operands(&[addr.raw, value.raw])
            .attr("bin_op", bin_op)
            .attr("ordering", ordering);
        self.def(value.ty, spec)
    }

    /// `func.call @callee(args)`, returning `results`.
    pub fn call(&mut self, callee: &str, args: &[Val], results: &[Ty]) -> Vec<Val> {
        let callee = self.ir.symbol_ref(callee);
        let types = self.ir.types(results);
        let op = self.emit(
            OpSpec::new("func.call")
                .operands(&raw_vals(args))
                .results(&types)
                .attr("callee", callee),
        );
        results
            .iter()
            .enumerate()
            .map(|(i, t)| Val {
                raw: super::ir::result(op, i),
                ty: *t,
            })
            .collect()
    }

    /// `llvm.call @callee(args)` of an external function (declared with
    /// `ModuleGen::declare_external`).
    pub fn call_external(&mut self, callee: &str, args: &[Val], result: Option<Ty>) -> Option<Val> {
        let spec = self.llvm_call(callee, args);
        match result {
            Some(t) => Some(self.def(t, spec)),
            None => {
                self.emit(spec);
                None
            }
        }
    }

    /// `func.call @callee(args)` of a function of the module returning one
    /// value.
    pub fn call_value(&mut self, callee: &str, args: &[Val], result: Ty) -> Val {
        self.call(callee, args, &[result]).remove(0)
    }

    /// `llvm.call @callee(args)` of an external C function returning one
    /// value (a LAPACKE status, `realloc`'s pointer).
    pub fn call_external_value(&mut self, callee: &str, args: &[Val], result: Ty) -> Val {
        let spec = self.llvm_call(callee, args);
        self.def(result, spec)
    }

    /// Whether a pointer is null.
    pub fn is_null(&mut self, p: &Val) -> Val {
        let null = self.zero(Ty::Ptr);
        let eq = self.ir.i64_attr(0);
        self.def(
            Ty::I1,
            OpSpec::new("llvm.icmp")
                .operands(&[p.raw, null.raw])
                .attr("predicate", eq),
        )
    }

    /// A call of a C variadic function `result callee(fixed..., ...)`.
    pub fn call_variadic(&mut self, callee: &str, fixed: &[Ty], result: Ty, args: &[Val]) -> Val {
        let ty = self
            .ir
            .llvm_function_type(&self.ir.types(fixed), Some(self.ir.ty(result)), true);
        let spec = self
            .llvm_call(callee, args)
            .attr("var_callee_type", self.ir.type_attr(ty));
        self.def(result, spec)
    }

    /// `llvm.call @callee(args)` without results yet.
    fn llvm_call(&self, callee: &str, args: &[Val]) -> OpSpec<'static> {
        OpSpec::new("llvm.call")
            .operands(&raw_vals(args))
            .attr("callee", self.ir.symbol_ref(callee))
            .attr(
                "operandSegmentSizes",
                self.ir.i32_array(&[args.len() as i32, 0]),
            )
            .attr("op_bundle_sizes", self.ir.i32_array(&[]))
    }
}
