//! Module-level symbols: the module itself, functions, external
//! declarations, constant globals and MLIR functions given as source (MLIR
//! tasklets).

use super::ir::{self, Ir, OpSpec};
use super::{Body, Ty};
use crate::lowering::ModuleGen;
use melior::{ir::Module, Context};
use mlir_sys::{MlirBlock, MlirModule, MlirOperation};
use std::collections::BTreeSet;

/// The module being built: owned until [`ModuleIr::into_module`].
pub struct ModuleIr {
    ir: Ir,
    module: Option<MlirModule>,
    body: MlirBlock,
    /// Symbols declared or defined so far (each once).
    declared: BTreeSet<String>,
}

impl ModuleIr {
    /// An empty module in `context` (which must have the upstream dialects
    /// loaded, see `ir::new_context`).
    pub fn new(context: &Context) -> ModuleIr {
        let ctx = context.to_raw();
        // SAFETY: a live context; the module is owned here until handed over.
        let (module, body) = unsafe {
            let m = mlir_sys::mlirModuleCreateEmpty(mlir_sys::mlirLocationUnknownGet(ctx));
            (m, mlir_sys::mlirModuleGetBody(m))
        };
        ModuleIr {
            ir: Ir::new(ctx),
            module: Some(module),
            body,
            declared: BTreeSet::new(),
        }
    }

    /// The finished module, in `context` (the one it was made in).
    pub fn into_module<'c>(&mut self, context: &'c Context) -> Module<'c> {
        assert_eq!(
            context.to_raw().ptr,
            self.ir.ctx.ptr,
            "a module handed to another context"
        );
        let raw = self.module.take().expect("module handed over twice");
        // SAFETY: a module of `context`, owned here until now.
        unsafe { Module::from_raw(raw) }
    }

    pub(super) fn body_block(&self) -> MlirBlock {
        self.body
    }

    fn append(&mut self, op: MlirOperation) {
        ir::append_op(self.body, op);
    }

    /// Records `name` as declared; false if it already was.
    pub(super) fn declare(&mut self, name: &str) -> bool {
        self.declared.insert(name.to_string())
    }
}

impl Drop for ModuleIr {
    fn drop(&mut self) {
        if let Some(m) = self.module.take() {
            // SAFETY: a module nobody took.
            unsafe { mlir_sys::mlirModuleDestroy(m) }
        }
    }
}

/// A finished function, to be added to the module.
pub struct FunctionDef {
    op: Option<MlirOperation>,
}

impl Drop for FunctionDef {
    fn drop(&mut self) {
        if let Some(op) = self.op.take() {
            // SAFETY: a function no module took.
            unsafe { mlir_sys::mlirOperationDestroy(op) }
        }
    }
}

/// Who may call a function.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Visibility {
    /// The program's entry point, with a C interface.
    Entry,
    /// Called from within the module only.
    Private,
}

impl Body {
    /// Wraps the body as function `@name`.
    pub fn into_function(mut self, name: &str, visibility: Visibility) -> FunctionDef {
        let ir = self.ir;
        let params: Vec<Ty> = self.params.iter().map(|p| p.ty).collect();
        let ty = ir.function_type(&ir.types(&params), &ir.types(&self.results));
        let mut spec = OpSpec::new("func.func")
            .attr("sym_name", ir.string_attr(name))
            .attr("function_type", ir.type_attr(ty));
        spec = match visibility {
            Visibility::Entry => spec.attr("llvm.emit_c_interface", ir.unit_attr()),
            Visibility::Private => spec.attr("sym_visibility", ir.string_attr("private")),
        };
        spec.regions
            .push(self.region.take().expect("function body handed over twice"));
        FunctionDef {
            op: Some(spec.create(ir)),
        }
    }
}

/// A constant element of a global array.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Literal {
    Int(i64),
    Float(f64),
}

impl ModuleGen {
    pub(super) fn ir(&self) -> Ir {
        self.ir.ir
    }

    pub fn add_function(&mut self, mut f: FunctionDef) {
        let op = f.op.take().expect("function added twice");
        self.ir.append(op);
    }

    /// Declares an external C function `result name(params)` (once).
    pub fn declare_external(&mut self, name: &str, params: &[Ty], result: Option<Ty>) {
        self.declare_llvm_function(name, params, result, false);
    }

    /// Declares an external variadic C function `result name(fixed, ...)`.
    pub fn declare_variadic(&mut self, name: &str, fixed: &[Ty], result: Ty) {
        self.declare_llvm_function(name, fixed, Some(result), true);
    }

    fn declare_llvm_function(
        &mut self,
        name: &str,
        params: &[Ty],
        result: Option<Ty>,
        variadic: bool,
    ) {
        if !self.ir.declare(name) {
            return;
        }
        let ir = self.ir();
        let ty = ir.llvm_function_type(&ir.types(params), result.map(|t| ir.ty(t)), variadic);
        let op = OpSpec::new("llvm.func")
            .attr("sym_name", ir.string_attr(name))
            .attr("function_type", ir.type_attr(ty))
            .regions(1)
            .create(ir);
        self.ir.append(op);
    }

    /// Whether the module already has a function or declaration `name`
    /// (helpers are defined once).
    pub fn has_symbol(&self, name: &str) -> bool {
        self.symbols.contains(name)
    }

    /// Records that `name` is defined (see [`ModuleGen::has_symbol`]).
    pub fn mark_symbol(&mut self, name: &str) {
        self.symbols.insert(name.to_string());
    }

    /// A global holding `text` (NUL-terminated); returns its symbol.
    pub fn string_constant(&mut self, text: &str) -> String {
        let n = self.strings.len();
        let name = self
            .strings
            .entry(text.to_string())
            .or_insert_with(|| format!("__sdfg_str_{n}"))
            .clone();
        if self.ir.declare(&name) {
            let ir = self.ir();
            let ty = ir.array_type(ir.int_type(8), text.len() + 1);
            self.add_constant_global(&name, ty, ir.string_attr(&format!("{text}\0")));
        }
        name
    }

    /// A constant global array `name` of `values` of type `ty`.
    pub fn constant_array_global(&mut self, name: &str, ty: Ty, values: &[Literal]) {
        if !self.ir.declare(name) {
            return;
        }
        let ir = self.ir();
        let elem = ir.ty(ty);
        let value = if ty.is_float() {
            let v: Vec<f64> = values
                .iter()
                .map(|l| match *l {
                    Literal::Int(i) => i as f64,
                    Literal::Float(f) => f,
                })
                .collect();
            ir.dense_floats(elem, &v)
        } else {
            let v: Vec<i64> = values
                .iter()
                .map(|l| match *l {
                    Literal::Int(i) => i,
                    Literal::Float(f) => f as i64,
                })
                .collect();
            ir.dense_ints(elem, &v)
        };
        self.add_constant_global(name, ir.array_type(elem, values.len()), value);
    }

    /// `llvm.mlir.global internal constant @name(value) : ty`.
    fn add_constant_global(
        &mut self,
        name: &str,
        ty: mlir_sys::MlirType,
        value: mlir_sys::MlirAttribute,
    ) {
        let ir = self.ir();
        let op = OpSpec::new("llvm.mlir.global")
            .attr("sym_name", ir.string_attr(name))
            .attr("global_type", ir.type_attr(ty))
            .attr("value", value)
            .attr("constant", ir.unit_attr())
            .attr("linkage", ir.internal_linkage())
            .regions(1)
            .create(ir);
        self.ir.append(op);
    }
}

impl Ty {
    /// A name for the type that may be part of a symbol (`f64`, `i32u`,
    /// `complex_f32_`): distinct for distinct types.
    pub fn symbol_tag(self) -> String {
        let unsigned = if self.is_unsigned() && self != Ty::I1 {
            "u"
        } else {
            ""
        };
        let base = match self {
            Ty::Ptr => "_llvm_ptr".to_string(),
            Ty::Index => "index".to_string(),
            t if t.is_complex() => format!("complex_{}_", t.complex_part().symbol_tag()),
            t if t.is_float() => format!("f{}", t.bits()),
            t => format!("i{}", t.bits()),
        };
        base + unsigned
    }
}
