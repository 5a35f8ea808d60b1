//! The one place that makes the generated code: SSA values, blocks and
//! constants here; conversions and comparisons in `convert`, memory and
//! calls in [`memory`], containers as `memref` views in [`memref`],
//! structured regions in [`regions`], module-level symbols in [`module`],
//! MLIR tasklets in `mlir_source`, MLIR's C API in `ir`.
//!
//! Everything outside this module builds code through these typed methods
//! and never sees how an op is spelled: a [`Val`] is a handle, a
//! [`BlockRef`] a successor, and regions are opened and closed in order.

mod ir;
mod convert;
pub mod memory;
pub mod memref;
mod mlir_source;
pub mod module;
pub mod regions;

use super::types::Ty;
use crate::model::Loc;
use ir::{Ir, OpSpec};
use mlir_sys::{MlirBlock, MlirOperation, MlirRegion, MlirValue};

/// An SSA value and the type the generated code gives it.
#[derive(Clone, Copy, Debug)]
pub struct Val {
    raw: MlirValue,
    pub ty: Ty,
}

impl PartialEq for Val {
    fn eq(&self, other: &Val) -> bool {
        self.raw.ptr == other.raw.ptr && self.ty == other.ty
    }
}

impl Val {
    /// The same value seen as `ty` (a type with the same representation,
    /// such as a signed and an unsigned integer of one width).
    pub fn with_ty(&self, ty: Ty) -> Val {
        Val { raw: self.raw, ty }
    }
}

/// A location of generated ops (see [`Body::set_location`]).
#[derive(Clone, Copy, Debug)]
pub struct Location(mlir_sys::MlirLocation);

/// A block of the current function's (or region's) control-flow graph.
#[derive(Clone, Debug)]
pub struct BlockRef {
    raw: MlirBlock,
}

impl PartialEq for BlockRef {
    fn eq(&self, other: &BlockRef) -> bool {
        self.raw.ptr == other.raw.ptr
    }
}

/// Ops built apart from the current insertion point (see
/// [`Body::begin_detached`]), to become the body of a region later.
#[derive(Default)]
pub struct Detached {
    block: Option<MlirBlock>,
}

impl Drop for Detached {
    fn drop(&mut self) {
        if let Some(b) = self.block.take() {
            // SAFETY: a block no region took; its ops go with it.
            unsafe { mlir_sys::mlirBlockDestroy(b) }
        }
    }
}

/// The body of one function being built.
pub struct Body {
    ir: Ir,
    /// The function's region, until [`Body::into_function`] hands it over.
    region: Option<MlirRegion>,
    /// The entry block, where stack slots are hoisted to.
    entry: MlirBlock,
    /// The last op hoisted to the entry block (null: none yet).
    entry_last: MlirOperation,
    /// Where ops go.
    current: MlirBlock,
    /// Regions open around the insertion point, innermost last.
    open: Vec<regions::Open>,
    /// Insertion points saved while building detached blocks.
    saved: Vec<MlirBlock>,
    /// Blocks made by [`Body::new_block`] and not started yet.
    pending: Vec<MlirBlock>,
    /// The function's parameters (see [`Body::function`]).
    params: Vec<Val>,
    results: Vec<Ty>,
}

/// An empty stand-in that owns nothing, so that a generator can lend its
/// body out (`std::mem::take`) while it is borrowed otherwise; building into
/// it is a bug.
impl Default for Body {
    fn default() -> Body {
        let null = std::ptr::null_mut();
        Body {
            ir: Ir { ctx: mlir_sys::MlirContext { ptr: null }, loc: mlir_sys::MlirLocation { ptr: null } },
            region: None,
            entry: MlirBlock { ptr: null },
            entry_last: MlirOperation { ptr: null },
            current: MlirBlock { ptr: null },
            open: Vec::new(),
            saved: Vec::new(),
            pending: Vec::new(),
            params: Vec::new(),
            results: Vec::new(),
        }
    }
}

impl Drop for Body {
    fn drop(&mut self) {
        let unplaced: Vec<MlirBlock> = self
            .pending
            .iter()
            .copied()
            .filter(|b| ir::is_null_region(ir::parent_region(*b)))
            .collect();
        // SAFETY: what no op took yet: the region first (its branches
        // refer to the unplaced blocks), then those blocks.
        unsafe {
            if let Some(r) = self.region.take() {
                mlir_sys::mlirRegionDestroy(r);
            }
            for b in unplaced {
                mlir_sys::mlirBlockDestroy(b);
            }
        }
    }
}

fn raw(values: &[&Val]) -> Vec<MlirValue> {
    values.iter().map(|v| v.raw).collect()
}

fn raw_vals(values: &[Val]) -> Vec<MlirValue> {
    values.iter().map(|v| v.raw).collect()
}

impl Body {
    /// The body of a function of `module` taking `params` and returning
    /// `results`; returns the parameters as values.
    pub fn function(module: &super::ModuleGen, params: &[Ty], results: &[Ty]) -> (Body, Vec<Val>) {
        let ir = module.ir();
        // SAFETY: the region takes the entry block; the body owns the region.
        let region = unsafe { mlir_sys::mlirRegionCreate() };
        let entry = ir::append_block(ir, region, &ir.types(params));
        let vals: Vec<Val> = params
            .iter()
            .enumerate()
            .map(|(i, t)| Val {
                raw: ir::block_arg(entry, i),
                ty: *t,
            })
            .collect();
        let body = Body {
            ir,
            region: Some(region),
            entry,
            entry_last: MlirOperation {
                ptr: std::ptr::null_mut(),
            },
            current: entry,
            open: Vec::new(),
            saved: Vec::new(),
            pending: Vec::new(),
            params: vals.clone(),
            results: results.to_vec(),
        };
        (body, vals)
    }

    /// The function's parameters.
    pub fn params(&self) -> &[Val] {
        &self.params
    }

    /// Gives the ops built from now on the location of `loc` (the SDFG
    /// element they implement) and returns the location they had, for
    /// [`Body::restore_location`]. An element without a position keeps the
    /// enclosing one.
    pub fn set_location(&mut self, loc: &Loc) -> Location {
        let previous = Location(self.ir.loc);
        if loc.position().is_some() {
            // SAFETY: the body's live context; the location is uniqued in it.
            let context = unsafe { melior::ContextRef::from_raw(self.ir.ctx) };
            self.ir.loc = crate::ir::location(unsafe { context.to_ref() }, loc).to_raw();
        }
        previous
    }

    pub fn restore_location(&mut self, previous: Location) {
        self.ir.loc = previous.0;
    }

    /// Appends the op to the current block.
    fn emit(&mut self, spec: OpSpec) -> MlirOperation {
        let op = spec.create(self.ir);
        ir::append_op(self.current, op);
        op
    }

    /// Appends the op with one result of type `ty` and returns the value.
    fn def(&mut self, ty: Ty, spec: OpSpec) -> Val {
        let t = self.ir.ty(ty);
        let op = self.emit(spec.results(&[t]));
        Val {
            raw: ir::result(op, 0),
            ty,
        }
    }

    /// An op without attributes or regions, by its name: `operands` in,
    /// one result of type `result` out (`arith.addi`, `math.floor`,
    /// `complex.re`, ...).
    pub fn op(&mut self, name: &'static str, operands: &[&Val], result: Ty) -> Val {
        self.def(result, OpSpec::new(name).operands(&raw(operands)))
    }

    /// As [`Body::op`], for an op without results.
    pub fn op_void(&mut self, name: &'static str, operands: &[&Val]) {
        self.emit(OpSpec::new(name).operands(&raw(operands)));
    }

    // ----- blocks --------------------------------------------------------

    /// A new block of the region being built; ops go into it once
    /// [`Body::start_block`] is called.
    pub fn new_block(&mut self) -> BlockRef {
        let block = ir::new_block(self.ir, &[]);
        self.pending.push(block);
        BlockRef { raw: block }
    }

    /// Moves the insertion point to the start of `block`, placed after the
    /// blocks of the current region (the previous block must have ended
    /// with a terminator).
    pub fn start_block(&mut self, block: &BlockRef) {
        let region = ir::parent_region(self.current);
        // SAFETY: `block` came from `new_block` and no region has it yet.
        unsafe { mlir_sys::mlirRegionAppendOwnedBlock(region, block.raw) };
        self.pending.retain(|b| b.ptr != block.raw.ptr);
        self.current = block.raw;
    }

    pub fn br(&mut self, to: &BlockRef) {
        self.emit(OpSpec::new("cf.br").successors(&[to.raw]));
    }

    pub fn cond_br(&mut self, cond: &Val, then: &BlockRef, otherwise: &BlockRef) {
        let sizes = self.ir.i32_array(&[1, 0, 0]);
        self.emit(
            OpSpec::new("cf.cond_br")
                .operands(&[cond.raw])
                .successors(&[then.raw, otherwise.raw])
                .attr("operandSegmentSizes", sizes),
        );
    }

    /// `return` from the function with `values`.
    pub fn ret(&mut self, values: &[Val]) {
        self.emit(OpSpec::new("func.return").operands(&raw_vals(values)));
    }

    // ----- detached blocks -----------------------------------------------

    /// Builds the following ops into a new detached block until
    /// [`Body::end_detached`].
    pub fn begin_detached(&mut self) {
        let block = ir::new_block(self.ir, &[]);
        self.saved.push(std::mem::replace(&mut self.current, block));
    }

    /// Goes on building into `block` until [`Body::end_detached`].
    pub fn reopen(&mut self, mut block: Detached) {
        let b = block
            .block
            .take()
            .expect("reopen of a detached block already used");
        self.saved.push(std::mem::replace(&mut self.current, b));
    }

    /// Ends a detached block and returns to where building was before.
    pub fn end_detached(&mut self) -> Detached {
        let previous = self
            .saved
            .pop()
            .expect("end_detached without begin_detached");
        Detached {
            block: Some(std::mem::replace(&mut self.current, previous)),
        }
    }

    // ----- constants -----------------------------------------------------

    pub fn int(&mut self, v: i64, ty: Ty) -> Val {
        let v = if ty == Ty::I1 { (v != 0) as i64 } else { v };
        let value = self.ir.int_attr(self.ir.ty(ty), v);
        self.def(ty, OpSpec::new("arith.constant").attr("value", value))
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
        let value = self.ir.float_attr(self.ir.ty(ty), v);
        self.def(ty, OpSpec::new("arith.constant").attr("value", value))
    }

    pub fn complex(&mut self, re: &Val, im: &Val, ty: Ty) -> Val {
        self.op("complex.create", &[re, im], ty)
    }

    /// The real and imaginary parts of a complex value.
    pub fn parts(&mut self, v: &Val) -> (Val, Val) {
        let part = v.ty.complex_part();
        (
            self.op("complex.re", &[v], part),
            self.op("complex.im", &[v], part),
        )
    }

    /// The zero of a type.
    pub fn zero(&mut self, ty: Ty) -> Val {
        match ty {
            t if t.is_float() || t.is_complex() => self.float(0.0, t),
            Ty::Ptr => self.def(Ty::Ptr, OpSpec::new("llvm.mlir.zero")),
            t => self.int(0, t),
        }
    }
}
