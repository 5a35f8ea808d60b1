//! Structured control flow: `scf.if`, `scf.for`, `scf.parallel`,
//! `scf.while`, `scf.execute_region`, OpenMP critical sections and
//! `memref.generic_atomic_rmw` (an atomic update of one element), opened
//! with a `begin_*` method and closed with [`Body::end`] /
//! [`Body::end_with`], innermost first.

use super::ir::{self, OpSpec};
use super::{raw_vals, Body, Detached, Ty, Val};
use mlir_sys::{MlirBlock, MlirOperation};

/// What kind of region is open around the insertion point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    If,
    For,
    Parallel,
    /// The condition region of `scf.while` (closed by `while_condition`).
    WhileBefore,
    WhileAfter,
    ExecuteRegion,
    Critical,
    AtomicUpdate,
    GpuLaunch,
}

/// A region open around the insertion point: its op, and the block to go
/// back to when it closes.
pub(super) struct Open {
    kind: Kind,
    op: MlirOperation,
    parent: MlirBlock,
}

/// Inside an open `gpu.launch`: the block's and the thread's position
/// (x, y, z).
pub struct GpuIds {
    pub block_id: [Val; 3],
    pub thread_id: [Val; 3],
    /// The grid's size in blocks.
    pub grid_dim: [Val; 3],
}

/// An open `scf.for`: its induction variable, the values it carries in this
/// iteration, and its results after the loop.
pub struct ForLoop {
    pub iv: Val,
    pub carried: Vec<Val>,
    pub results: Vec<Val>,
}

impl Body {
    /// Opens `scf.if cond` (the then region) yielding `results`; returns
    /// the values of the `scf.if`. With results, an else region must
    /// follow ([`Body::begin_else`]).
    pub fn begin_if(&mut self, cond: &Val, results: &[Ty]) -> Vec<Val> {
        let types = self.ir.types(results);
        let op = self.emit(
            OpSpec::new("scf.if")
                .operands(&[cond.raw])
                .results(&types)
                .regions(2),
        );
        let then = ir::append_block(self.ir, ir::region(op, 0), &[]);
        self.open_region(Kind::If, op, then);
        results_of(op, results)
    }

    /// Ends the then region yielding `yields` and opens the else region.
    pub fn begin_else(&mut self, yields: &[Val]) {
        self.yield_values(yields);
        let op = self.open.last().expect("begin_else outside scf.if").op;
        self.current = ir::append_block(self.ir, ir::region(op, 1), &[]);
    }

    /// `scf.if` whose regions were built detached (each already holding the
    /// values it yields): `then` yields `then_yields`, `otherwise`
    /// `else_yields` (of the same types).
    pub fn if_detached(
        &mut self,
        cond: &Val,
        mut then: Detached,
        then_yields: &[Val],
        mut otherwise: Detached,
        else_yields: &[Val],
    ) -> Vec<Val> {
        let types: Vec<Ty> = then_yields.iter().map(|v| v.ty).collect();
        let op = self.emit(
            OpSpec::new("scf.if")
                .operands(&[cond.raw])
                .results(&self.ir.types(&types))
                .regions(2),
        );
        for (i, (block, yields)) in [(&mut then, then_yields), (&mut otherwise, else_yields)]
            .into_iter()
            .enumerate()
        {
            let b = block
                .block
                .take()
                .expect("if_detached of a detached block already used");
            ir::append_op(
                b,
                OpSpec::new("scf.yield")
                    .operands(&raw_vals(yields))
                    .create(self.ir),
            );
            // SAFETY: the region takes the detached block.
            unsafe { mlir_sys::mlirRegionAppendOwnedBlock(ir::region(op, i), b) };
        }
        results_of(op, &types)
    }

    /// Opens `scf.for iv = lb to ub step step` (bounds of one integer type,
    /// `index` or `i64`) carrying `inits`.
    pub fn begin_for(&mut self, lb: &Val, ub: &Val, step: &Val, inits: &[Val]) -> ForLoop {
        let ty = lb.ty;
        let (ub, step) = (self.cast(ub, ty), self.cast(step, ty));
        let types: Vec<Ty> = inits.iter().map(|v| v.ty).collect();
        let mut operands = vec![lb.raw, ub.raw, step.raw];
        operands.extend(raw_vals(inits));
        let op = self.emit(
            OpSpec::new("scf.for")
                .operands(&operands)
                .results(&self.ir.types(&types))
                .regions(1),
        );
        let mut args = vec![self.ir.ty(ty)];
        args.extend(self.ir.types(&types));
        let body = ir::append_block(self.ir, ir::region(op, 0), &args);
        self.open_region(Kind::For, op, body);
        let carried = types
            .iter()
            .enumerate()
            .map(|(i, t)| Val {
                raw: ir::block_arg(body, i + 1),
                ty: *t,
            })
            .collect();
        ForLoop {
            iv: Val {
                raw: ir::block_arg(body, 0),
                ty,
            },
            carried,
            results: results_of(op, &types),
        }
    }

    /// Opens `scf.parallel` over the boxes `lbs`..`ubs` (any integer type;
    /// converted to `index`); returns the induction variables (`index`).
    pub fn begin_parallel(&mut self, lbs: &[Val], ubs: &[Val], steps: &[Val]) -> Vec<Val> {
        let mut operands = Vec::new();
        for vs in [lbs, ubs, steps] {
            for v in vs {
                operands.push(self.cast(v, Ty::Index).raw);
            }
        }
        let n = lbs.len() as i32;
        let sizes = self.ir.i32_array(&[n, n, n, 0]);
        let op = self.emit(
            OpSpec::new("scf.parallel")
                .operands(&operands)
                .attr("operandSegmentSizes", sizes)
                .regions(1),
        );
        let index = self.ir.ty(Ty::Index);
        let body = ir::append_block(self.ir, ir::region(op, 0), &vec![index; lbs.len()]);
        self.open_region(Kind::Parallel, op, body);
        (0..lbs.len())
            .map(|i| Val {
                raw: ir::block_arg(body, i),
                ty: Ty::Index,
            })
            .collect()
    }

    /// Opens `scf.while` carrying `inits` into its condition region;
    /// returns the condition region's arguments and the loop's results
    /// (of types `results`, what [`Body::while_condition`] forwards).
    pub fn begin_while(&mut self, inits: &[Val], results: &[Ty]) -> (Vec<Val>, Vec<Val>) {
        let op = self.emit(
            OpSpec::new("scf.while")
                .operands(&raw_vals(inits))
                .results(&self.ir.types(results))
                .regions(2),
        );
        let types: Vec<Ty> = inits.iter().map(|v| v.ty).collect();
        let before = ir::append_block(self.ir, ir::region(op, 0), &self.ir.types(&types));
        self.open_region(Kind::WhileBefore, op, before);
        let args = types
            .iter()
            .enumerate()
            .map(|(i, t)| Val {
                raw: ir::block_arg(before, i),
                ty: *t,
            })
            .collect();
        (args, results_of(op, results))
    }

    /// Ends the condition region: loops on while `cond` holds, passing
    /// `forwarded` to the body region (or out as the results); opens the
    /// body region and returns its arguments.
    pub fn while_condition(&mut self, cond: &Val, forwarded: &[Val]) -> Vec<Val> {
        let open = self.open.pop().expect("while_condition outside scf.while");
        assert_eq!(
            open.kind,
            Kind::WhileBefore,
            "while_condition outside scf.while"
        );
        let mut operands = vec![cond.raw];
        operands.extend(raw_vals(forwarded));
        self.emit(OpSpec::new("scf.condition").operands(&operands));
        let types: Vec<Ty> = forwarded.iter().map(|v| v.ty).collect();
        let after = ir::append_block(self.ir, ir::region(open.op, 1), &self.ir.types(&types));
        self.open.push(Open {
            kind: Kind::WhileAfter,
            ..open
        });
        self.current = after;
        types
            .iter()
            .enumerate()
            .map(|(i, t)| Val {
                raw: ir::block_arg(after, i),
                ty: *t,
            })
            .collect()
    }

    /// Opens `scf.execute_region`: a region of several blocks (branches
    /// with [`Body::br`]); [`Body::end`] yields from the current block.
    pub fn begin_execute_region(&mut self) {
        let op = self.emit(OpSpec::new("scf.execute_region").regions(1));
        let block = ir::append_block(self.ir, ir::region(op, 0), &[]);
        self.open_region(Kind::ExecuteRegion, op, block);
    }

    /// Opens an OpenMP critical section (one thread at a time).
    pub fn begin_critical(&mut self) {
        let op = self.emit(OpSpec::new("omp.critical").regions(1));
        let block = ir::append_block(self.ir, ir::region(op, 0), &[]);
        self.open_region(Kind::Critical, op, block);
    }

    /// Opens `memref.generic_atomic_rmw m[indices]`: returns the value the
    /// element holds; [`Body::end_with`] the new value writes it if no other
    /// thread wrote in between, and runs the region again otherwise.
    pub fn begin_atomic_update(&mut self, m: &super::memref::MemRef, indices: &[Val]) -> Val {
        let mut operands = vec![m.raw()];
        operands.extend(raw_vals(&self.memref_indices(m, indices)));
        let elem = self.ir.ty(m.elem);
        let op = self.emit(
            OpSpec::new("memref.generic_atomic_rmw")
                .operands(&operands)
                .results(&[elem])
                .regions(1),
        );
        let block = ir::append_block(self.ir, ir::region(op, 0), &[elem]);
        self.open_region(Kind::AtomicUpdate, op, block);
        Val { raw: ir::block_arg(block, 0), ty: m.elem }
    }

    /// Opens `gpu.launch` with a grid of `grid` blocks of `block` threads
    /// (any integer type; converted to `index`): the region runs once per
    /// thread, on the GPU once kernel outlining has moved it into a kernel
    /// (values from above become the kernel's arguments).
    /// Outlining names the kernel `@name::@name`.
    pub fn begin_gpu_launch(&mut self, name: &str, grid: &[Val; 3], block: &[Val; 3]) -> GpuIds {
        let operands: Vec<_> = grid.iter().chain(block).map(|v| self.cast(v, Ty::Index).raw).collect();
        let sizes = self.ir.i32_array(&[0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0]);
        let op = self.emit(
            OpSpec::new("gpu.launch")
                .operands(&operands)
                .attr("operandSegmentSizes", sizes)
                .attr("module", self.ir.symbol_ref(name))
                .attr("function", self.ir.symbol_ref(name))
                .regions(1),
        );
        let index = self.ir.ty(Ty::Index);
        let body = ir::append_block(self.ir, ir::region(op, 0), &[index; 12]);
        self.open_region(Kind::GpuLaunch, op, body);
        let arg = |i: usize| Val { raw: ir::block_arg(body, i), ty: Ty::Index };
        GpuIds { block_id: [arg(0), arg(1), arg(2)], thread_id: [arg(3), arg(4), arg(5)], grid_dim: [arg(6), arg(7), arg(8)] }
    }

    /// `gpu.thread_id`, `gpu.block_id`, `gpu.block_dim` or `gpu.grid_dim`
    /// (`op`) on axis `axis` (0 is x), as `i64`: usable in any function a
    /// kernel calls.
    pub fn gpu_index(&mut self, op: &'static str, axis: usize) -> Val {
        let dim = self.ir.parsed_attr(["#gpu<dim x>", "#gpu<dim y>", "#gpu<dim z>"][axis]);
        let index = self.ir.ty(Ty::Index);
        let raw = ir::result(self.emit(OpSpec::new(op).attr("dimension", dim).results(&[index])), 0);
        self.cast(&Val { raw, ty: Ty::Index }, Ty::I64)
    }

    /// `gpu.barrier`: every thread of the block waits for the others, and
    /// sees their writes.
    pub fn gpu_barrier(&mut self) {
        self.emit(OpSpec::new("gpu.barrier"));
    }

    /// Closes the innermost open region.
    pub fn end(&mut self) {
        self.end_with(&[]);
    }

    /// Closes the innermost open region, yielding `values` (its results,
    /// or the values a loop carries into the next iteration).
    pub fn end_with(&mut self, values: &[Val]) {
        let open = self.open.pop().expect("end without an open region");
        match open.kind {
            Kind::If | Kind::For | Kind::WhileAfter | Kind::ExecuteRegion => {
                self.yield_values(values)
            }
            Kind::Parallel => {
                assert!(values.is_empty(), "scf.parallel yields nothing");
                self.emit(OpSpec::new("scf.reduce"));
            }
            Kind::Critical => {
                self.emit(OpSpec::new("omp.terminator"));
            }
            Kind::AtomicUpdate => {
                self.emit(OpSpec::new("memref.atomic_yield").operands(&raw_vals(values)));
            }
            Kind::GpuLaunch => {
                self.emit(OpSpec::new("gpu.terminator"));
            }
            Kind::WhileBefore => {
                panic!("scf.while condition region closed without while_condition")
            }
        }
        self.current = open.parent;
    }

    fn yield_values(&mut self, values: &[Val]) {
        self.emit(OpSpec::new("scf.yield").operands(&raw_vals(values)));
    }

    /// Goes into `block` of the region op `op` just built.
    fn open_region(&mut self, kind: Kind, op: MlirOperation, block: MlirBlock) {
        let parent = std::mem::replace(&mut self.current, block);
        self.open.push(Open { kind, op, parent });
    }
}

/// The results of `op`, of types `types`.
fn results_of(op: MlirOperation, types: &[Ty]) -> Vec<Val> {
    types
        .iter()
        .enumerate()
        .map(|(i, t)| Val {
            raw: ir::result(op, i),
            ty: *t,
        })
        .collect()
}
