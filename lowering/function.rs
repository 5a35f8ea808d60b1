//! One SDFG as one function: arguments, symbols, containers and names.

use super::abi::{self, ArgKind};
use super::builder::module::{FunctionDef, Visibility};
use super::builder::{Body, BlockRef, Val};
use super::expr::{self, Names};
use super::types::Ty;
use super::ModuleGen;
use crate::model::{DataDesc, DataKind, Sdfg};
use crate::symbolic::Expr;
use std::collections::HashMap;

use super::gpu::rooms::MAX_PRIVATE_ELEMENTS;

/// Where a container's data is.
#[derive(Clone, Debug)]
pub enum Base {
    /// A pointer fixed for the whole function (arguments, allocations).
    Fixed(Val),
    /// A slot holding the current pointer (views and references, which are
    /// re-bound as the program runs).
    Slot(Val),
}

#[derive(Clone, Debug)]
pub struct Container {
    pub desc: DataDesc,
    pub ty: Ty,
    pub base: Base,
}

/// Generates the body of one SDFG's function.
pub struct FnGen<'a, 'm> {
    pub sdfg: &'a Sdfg,
    pub b: Body,
    pub module: &'m mut ModuleGen,
    pub containers: HashMap<String, Container>,
    /// Symbol slots. A slot's `ty` is the type of the value it holds
    /// (`i64` for integers; floats and bools as declared).
    pub symbols: HashMap<String, Val>,
    /// Map parameters and dynamic range values, innermost scope last.
    pub scopes: Vec<HashMap<String, Val>>,
    /// How many parallel maps enclose the code being written.
    pub parallel: usize,
    /// Parameters whose values no two threads share (the parallel loop's,
    /// and those of loops inside it that stay within one of its steps), with
    /// their step: writes that fix one as an index never conflict.
    pub owned: HashMap<String, i64>,
    /// Containers private to the current iteration (scope-local
    /// transients, or a callee's windows of them): never shared.
    pub private: std::collections::HashSet<String>,
    /// Where control goes to return.
    pub exit_block: Option<BlockRef>,
    /// Heap allocations freed on return.
    pub frees: Vec<Val>,
    /// GPU allocations freed on return.
    pub gpu_frees: Vec<Val>,
    /// Transients whose size depends on symbols set while running: they are
    /// allocated by each state that uses them.
    pub deferred: Vec<String>,
    /// Types of the connectors of the tasklet being lowered.
    pub conn_types: HashMap<String, Ty>,
    /// One-element transients of the scope being lowered that live in SSA
    /// values instead of memory, with their current value.
    pub registers: HashMap<String, Option<Val>>,
    /// How many elements the last drain of a stream put into an array.
    pub fill_counts: HashMap<String, Val>,
    /// The counter of each GPU stream (see `gpu::streams`).
    pub gpu_streams: HashMap<String, super::gpu::streams::GpuStream>,
    /// Arguments that are the caller's GPU streams (with the caller's
    /// descriptor, and whether it is a thread's own), in order: their
    /// counters follow the arguments.
    pub gpu_stream_args: Vec<(String, DataDesc, bool)>,
    /// The label of the state being lowered, for run-time messages.
    pub state_label: String,
    /// Inside the kernel of a `GPU_Device` map: the map's label.
    pub kernel: Option<String>,
    /// Inside a kernel whose threads work in blocks (`gpu::blocks`).
    pub block: Option<super::gpu::blocks::BlockKernel>,
    /// Arguments of an SDFG nested in a kernel: the caller checked that
    /// they are device memory.
    pub on_device: std::collections::HashSet<String>,
    /// A library node on the GPU whose output loops become the grid of the
    /// kernel of this name (see `output_loops`).
    pub gpu_pending: Option<String>,
}

impl<'a, 'm> FnGen<'a, 'm> {
    /// The generator of a function `(args: !llvm.ptr) -> ()` of `module`.
    pub fn new(sdfg: &'a Sdfg, module: &'m mut ModuleGen) -> Self {
        let (b, _) = Body::function(module, &[Ty::Ptr], &[]);
        FnGen {
            sdfg,
            b,
            module,
            containers: HashMap::new(),
            symbols: HashMap::new(),
            scopes: Vec::new(),
            parallel: 0,
            owned: HashMap::new(),
            private: Default::default(),
            exit_block: None,
            frees: Vec::new(),
            gpu_frees: Vec::new(),
            deferred: Vec::new(),
            conn_types: HashMap::new(),
            registers: HashMap::new(),
            fill_counts: HashMap::new(),
            gpu_streams: HashMap::new(),
            gpu_stream_args: Vec::new(),
            state_label: String::new(),
            kernel: None,
            block: None,
            on_device: Default::default(),
            gpu_pending: None,
        }
    }

    /// Builds the function `@name(args: !llvm.ptr)`.
    pub fn function(mut self, name: &str, visibility: Visibility) -> Result<FunctionDef, String> {
        let args = abi::arglist(self.sdfg)?;
        let params = self.b.params().to_vec();
        self.b.set_location(&self.sdfg.loc);
        let exit = self.b.new_block();
        self.exit_block = Some(exit.clone());
        for (i, arg) in args.iter().enumerate() {
            let idx = self.b.i64(i as i64);
            let slot = self.b.gep(&params[0], &idx, Ty::Ptr);
            let ptr = self.b.load(&slot, Ty::Ptr);
            match arg.kind {
                ArgKind::Symbol => {
                    let value = self.b.load(&ptr, Ty::I64);
                    let s = self.b.slot(Ty::I64);
                    self.b.store(&value, &s, Ty::I64);
                    self.symbols.insert(arg.name.clone(), s.with_ty(Ty::I64));
                }
                ArgKind::Array | ArgKind::Scalar => {
                    let desc = self.sdfg.container(&arg.name).cloned().ok_or("argument without container")?;
                    let ty = element_type(&arg.name, &desc)?;
                    self.containers.insert(arg.name.clone(), Container { desc, ty, base: Base::Fixed(ptr) });
                }
            }
        }
        // The counter and the capacity of each GPU stream argument.
        for (k, (name, desc, private)) in std::mem::take(&mut self.gpu_stream_args).into_iter().enumerate() {
            let mut held = Vec::new();
            for j in 0..2 {
                let idx = self.b.i64((args.len() + 2 * k + j) as i64);
                let slot = self.b.gep(&params[0], &idx, Ty::Ptr);
                held.push(self.b.load(&slot, Ty::Ptr));
            }
            let capacity = self.b.load(&held[1], Ty::I64);
            let c = self.containers.get_mut(&name).ok_or_else(|| format!("GPU stream argument '{name}' is not an argument"))?;
            c.desc = desc;
            self.gpu_streams.insert(name, super::gpu::streams::GpuStream { count: held[0].clone(), capacity, private });
        }
        for (name, dtype) in &self.sdfg.symbols {
            if !self.symbols.contains_key(name) {
                let ty = symbol_type(*dtype);
                let s = self.b.slot(ty);
                self.symbols.insert(name.clone(), s.with_ty(ty));
            }
        }
        self.allocate_transients()?;
        self.cfg(&self.sdfg.cfg, &exit, None)?;
        self.b.start_block(&exit);
        if matches!(visibility, Visibility::Entry) {
            self.yield_cores_to_blas();
        }
        for p in std::mem::take(&mut self.frees) {
            self.b.call_external("free", &[p], None);
        }
        for p in std::mem::take(&mut self.gpu_frees) {
            self.b.call_external("__sdfg_gpu_free", &[p], None);
        }
        for name in self.deferred.clone() {
            let p = self.base(&name)?;
            let free = if self.container(&name)?.desc.storage.is_gpu() { "__sdfg_gpu_free" } else { "free" };
            self.b.call_external(free, &[p], None);
        }
        self.b.ret(&[]);
        Ok(std::mem::take(&mut self.b).into_function(name, visibility))
    }

    /// Transients live for the whole call: scalars on the stack, arrays on
    /// the heap, views and references as pointer slots.
    fn allocate_transients(&mut self) -> Result<(), String> {
        let free = super::abi::free_symbols(self.sdfg);
        let scope_local = self.module.locals.by_sdfg.get(&super::locals::sdfg_key(self.sdfg)).cloned().unwrap_or_default();
        for (name, desc) in &self.sdfg.containers {
            if !desc.transient {
                continue;
            }
            let ty = element_type(name, desc)?;
            let count = self.total_elements(desc)?;
            let known_at_entry = count.free_symbols().iter().all(|s| free.contains(s) || self.sdfg.constants.iter().any(|c| &c.name == s));
            let base = match desc.kind {
                DataKind::View | DataKind::Reference => Base::Slot(self.b.slot(Ty::Ptr)),
                DataKind::Stream if desc.storage.is_gpu() => Base::Fixed(self.allocate_gpu_stream(name, desc, ty)?),
                DataKind::Stream => Base::Fixed(self.module.stream_new(&mut self.b, ty)),
                // Allocated where they are used (see `scoped_body`, `state`).
                _ if scope_local.contains(name) => Base::Slot(self.b.slot(Ty::Ptr)),
                _ if desc.storage.is_gpu() => {
                    if desc.storage != crate::model::Storage::GpuGlobal {
                        return Err(format!("transient '{name}' in {}: the GPU back end allocates GPU_Global memory only", desc.storage.as_str()));
                    }
                    self.module.declare_gpu_runtime();
                    if !known_at_entry {
                        // Sized by each state that uses it (see `allocate_deferred`).
                        self.deferred.push(name.clone());
                        let slot = self.b.slot(Ty::Ptr);
                        let null = self.b.zero(Ty::Ptr);
                        self.b.store(&null, &slot, Ty::Ptr);
                        self.containers.insert(name.clone(), Container { desc: desc.clone(), ty, base: Base::Slot(slot) });
                        continue;
                    }
                    let label = self.module.string_constant(name);
                    let text = self.b.address_of(&label);
                    let n = self.int(&count)?;
                    let size = self.b.i64(ty.bytes() as i64);
                    let p = self.b.call_external_value("__sdfg_gpu_alloc", &[text, n, size], Ty::Ptr);
                    self.gpu_frees.push(p.clone());
                    Base::Fixed(p)
                }
                // Inside a kernel (a nested SDFG called by one), each call
                // has its own transients, on the thread's stack.
                _ if self.kernel.is_some() => {
                    let n = count.as_int().filter(|n| *n <= MAX_PRIVATE_ELEMENTS).ok_or_else(|| {
                        format!("transient '{name}' of {count} elements inside a GPU kernel: kernels hold transients of at most {MAX_PRIVATE_ELEMENTS} elements known before the launch")
                    })?;
                    self.private.insert(name.clone());
                    Base::Fixed(self.b.entry_alloca(n.max(1), ty))
                }
                _ if !known_at_entry => {
                    self.deferred.push(name.clone());
                    let slot = self.b.slot(Ty::Ptr);
                    let null = self.b.zero(Ty::Ptr);
                    self.b.store(&null, &slot, Ty::Ptr);
                    Base::Slot(slot)
                }
                _ => {
                    if let Some(n) = count.as_int().filter(|n| *n <= 64) {
                        Base::Fixed(self.b.entry_alloca(n.max(1), ty))
                    } else {
                        let n = self.int(&count)?;
                        let p = self.allocate(name, &n, ty, None);
                        self.frees.push(p.clone());
                        Base::Fixed(p)
                    }
                }
            };
            self.containers.insert(name.clone(), Container { desc: desc.clone(), ty, base });
        }
        Ok(())
    }

    /// Elements to allocate: the total size when given, else the shape product.
    /// Elements to allocate for a container: its total size, or more when
    /// its strides reach further.
    pub fn total_elements(&self, desc: &DataDesc) -> Result<Expr, String> {
        Ok(desc.reach())
    }

    pub fn blas_enabled(&self) -> bool {
        self.module.blas
    }

    /// The current base pointer of a container.
    pub fn base(&mut self, name: &str) -> Result<Val, String> {
        match &self.containers.get(name).ok_or_else(|| format!("unknown container '{name}'"))?.base {
            Base::Fixed(p) => Ok(p.clone()),
            Base::Slot(s) => {
                let s = s.clone();
                Ok(self.b.load(&s, Ty::Ptr))
            }
        }
    }

    pub fn container(&self, name: &str) -> Result<&Container, String> {
        self.containers.get(name).ok_or_else(|| format!("unknown container '{name}'"))
    }

    /// An integer expression in the current scope.
    pub fn int(&mut self, e: &Expr) -> Result<Val, String> {
        let mut b = std::mem::take(&mut self.b);
        let r = expr::lower_int(&mut b, e, self);
        self.b = b;
        r
    }

    /// Any expression in the current scope.
    pub fn value(&mut self, e: &Expr) -> Result<Val, String> {
        let mut b = std::mem::take(&mut self.b);
        let r = expr::lower(&mut b, e, self);
        self.b = b;
        r
    }

    pub(super) fn lookup_scope(&self, name: &str) -> Option<Val> {
        self.scopes.iter().rev().find_map(|s| s.get(name).cloned())
    }
}

/// How a symbol of a declared type is held: integers as `i64`, floats and
/// bools as themselves (simplified SDFGs move scalar values into symbols).
pub fn symbol_type(dtype: crate::model::ScalarType) -> Ty {
    match Ty::from_scalar(dtype) {
        t if t.is_float() || t == Ty::I1 || t.is_complex() => t,
        _ => Ty::I64,
    }
}

/// The element type of a container, or an error naming it.
pub fn element_type(name: &str, desc: &DataDesc) -> Result<Ty, String> {
    Ty::from_dtype(&desc.dtype).ok_or_else(|| format!("container '{name}' has {}", describe_unsupported(&desc.dtype)))
}

/// "struct type '_val_and_idx' (...)" for the types code generation lacks.
pub fn describe_unsupported(dtype: &crate::model::DType) -> String {
    if let crate::model::DType::Other(v) = dtype {
        let kind = v.get("type").and_then(|t| t.as_str()).unwrap_or("unknown");
        let name = v.get("name").and_then(|t| t.as_str()).unwrap_or("");
        if !name.is_empty() {
            return format!("{kind} type '{name}', which code generation does not support ({dtype})");
        }
    }
    format!("type {dtype}, which code generation does not support")
}

impl FnGen<'_, '_> {
    /// Stops the program with `error: {problem} in state '...'` when
    /// `divisor`, a run-time integer something divides by, is zero: the
    /// division would trap (Python would raise ZeroDivisionError).
    pub(super) fn stop_if_zero(&mut self, divisor: &Val, problem: &str) {
        let place = if self.state_label.is_empty() { String::new() } else { format!(" in state '{}'", self.state_label) };
        let text = format!("error: {problem}{place}");
        let label = self.module.string_constant(&text);
        self.module.declare_division_check();
        let zero = self.b.int(0, divisor.ty);
        let is_zero = self.b.compare("eq", divisor, &zero);
        self.b.begin_if(&is_zero, &[]);
        self.report_failure("__sdfg_division_by_zero", &label, &[]);
        self.b.end();
    }
}

impl FnGen<'_, '_> {
    /// Stops a Vulkan kernel whose float64 `sin`, `cos` or `tan` gets an
    /// argument beyond what their reduction handles exactly
    /// ([`super::gpu::f64_trig::TRIG_LIMIT`]; infinities give NaN).
    pub(super) fn check_trig_argument(&mut self, name: &str, x: &Val) {
        let vulkan = matches!(self.module.gpu, Some(super::gpu::Target::Vulkan));
        if !(vulkan && self.kernel.is_some() && x.ty == Ty::F64 && matches!(name, "sin" | "cos" | "tan")) {
            return;
        }
        let limit = super::gpu::f64_trig::TRIG_LIMIT;
        let text = format!("error: {name} of a float64 beyond +-{limit:.0} in a Vulkan kernel: its argument reduction is exact only up to there");
        let label = self.module.string_constant(&text);
        let ax = self.b.abs(x);
        let over = self.b.float(limit, Ty::F64);
        let inf = self.b.float(f64::INFINITY, Ty::F64);
        let beyond = self.b.compare("gt", &ax, &over);
        let finite = self.b.compare("lt", &ax, &inf);
        let stop = self.b.logic(true, &beyond, &finite);
        self.b.begin_if(&stop, &[]);
        self.report_failure("", &label, &[]);
        self.b.end();
    }
}

impl Names for FnGen<'_, '_> {
    fn check_divisor(&mut self, b: &mut Body, divisor: &Val, e: &Expr) {
        std::mem::swap(b, &mut self.b);
        self.stop_if_zero(divisor, &format!("division by zero in '{e}'"));
        std::mem::swap(b, &mut self.b);
    }

    fn name(&mut self, b: &mut Body, name: &str) -> Result<Val, String> {
        if let Some(v) = self.lookup_scope(name) {
            return Ok(v);
        }
        if let Some(slot) = self.symbols.get(name) {
            return Ok(b.load(slot, slot.ty));
        }
        if let Some(v) = self.module.constant_scalar(self.sdfg, b, name) {
            return Ok(v);
        }
        match name {
            "True" => return Ok(b.int(1, Ty::I1)),
            "False" => return Ok(b.int(0, Ty::I1)),
            _ => {}
        }
        if self.containers.contains_key(name) {
            let zero = b.i64(0);
            return self.element(b, name, &[zero]);
        }
        Err(format!("unknown name '{name}'"))
    }

    fn element(&mut self, b: &mut Body, name: &str, indices: &[Val]) -> Result<Val, String> {
        if let Some(p) = self.module.constant_array(self.sdfg, b, name) {
            let (ptr, ty) = p;
            let idx = indices.first().cloned().unwrap_or_else(|| b.i64(0));
            let addr = b.gep(&ptr, &idx, ty);
            return Ok(b.load(&addr, ty));
        }
        // Element reads go through `self.b`; swap the buffers meanwhile.
        std::mem::swap(b, &mut self.b);
        let result = self.load_element(name, indices);
        std::mem::swap(b, &mut self.b);
        result
    }
}
