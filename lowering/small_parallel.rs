//! OpenMP regions too small to pay for waking threads run on the calling
//! thread. A parallel map inside a sequential loop (DaCe's expansions of
//! `np.dot` over a row, the slice copies of cholesky and lu, seidel_2d's
//! row updates) forks a team every iteration: a few microseconds each,
//! against nanoseconds of work. After `convert-scf-to-openmp`, every
//! `omp.parallel` whose loop body is straight-line code (no call,
//! allocation or nested OpenMP region; inner `scf.for` loops only one in
//! another, with bounds known before the region) runs in parallel only from
//! [`MIN_PARALLEL_ITERATIONS`] iterations of the innermost body up; below,
//! a copy of its loop nest runs as `scf.for` loops, without entering the
//! OpenMP runtime (an `if(false)` clause still does: about 0.3 us). Where
//! the nest's body is not one block, the region gets the `if` clause.
//!
//! ```text
//! omp.parallel {                        %n = (ub - lb) ceildiv step
//!   omp.wsloop {                  =>    %big = arith.cmpi sge, %n, 4096
//!     omp.loop_nest (%i) = (%lb) to     scf.if %big { omp.parallel { ... } }
//!       (%ub) step (%step) { ... } } }  else { scf.for %i = %lb to %ub step %step { ... } }
//! ```

use super::raw_ir::*;
use mlir_sys::*;

/// Iterations from which a straight-line body runs in parallel: below, the
/// work (a few nanoseconds each) is less than what waking the team costs.
pub const MIN_PARALLEL_ITERATIONS: i64 = 4096;

/// Ops whose presence in a loop body makes an iteration heavy enough that
/// even a few iterations are worth a team.
const HEAVY: &[&str] = &["scf.while", "scf.parallel", "scf.execute_region", "llvm.call", "func.call", "memref.alloc", "memref.alloca", "llvm.alloca"];

/// Calls that only report a failed run-time check (and end the program):
/// they cost nothing while the checks pass.
const FAILURE_REPORTS: &[&str] = &["__sdfg_out_of_bounds", "__sdfg_division_by_zero"];

/// Adds the `if` clause to every straight-line `omp.parallel` of `module`.
pub fn serialize_small_regions(module: &melior::ir::Module) {
    // SAFETY: the walk works on the live module; each region it rewrites
    // is moved into its replacement before the old op is destroyed.
    unsafe {
        let mut all = Vec::new();
        collect(module.as_operation().to_raw(), &mut all);
        for op in all.into_iter().filter(|op| name(*op) == "omp.parallel") {
            let Some(bounds) = straight_line_loop(op) else { continue };
            let Some(big) = big_enough(op, &bounds) else { continue };
            if !sequential_twin(op, big) {
                add_if(op, big);
            }
        }
    }
}

/// The `(lower, upper, step)` of each dimension of the one loop nest that
/// is all of `par`, and of the chain of `scf.for` loops inside it (each
/// body holding at most one loop, bounds defined outside `par`), when the
/// innermost body is straight-line code and `par` has no clause yet.
unsafe fn straight_line_loop(par: MlirOperation) -> Option<Vec<(MlirValue, MlirValue, MlirValue)>> {
    if mlirOperationGetNumOperands(par) != 0 {
        return None;
    }
    let inner: Vec<MlirOperation> = children(par);
    let [wsloop, terminator] = inner.as_slice() else { return None };
    if name(*wsloop) != "omp.wsloop" || name(*terminator) != "omp.terminator" || mlirOperationGetNumOperands(*wsloop) != 0 {
        return None;
    }
    let [nest] = children(*wsloop)[..] else { return None };
    if name(nest) != "omp.loop_nest" {
        return None;
    }
    let operands: Vec<MlirValue> = (0..mlirOperationGetNumOperands(nest)).map(|i| mlirOperationGetOperand(nest, i)).collect();
    let k = operands.len() / 3;
    if k == 0 || operands.len() != 3 * k {
        return None;
    }
    let mut bounds: Vec<_> = (0..k).map(|d| (operands[d], operands[k + d], operands[2 * k + d])).collect();
    let mut body = nest;
    loop {
        let mut all = Vec::new();
        collect(body, &mut all);
        let loops: Vec<MlirOperation> = all.iter().copied().filter(|o| name(*o) == "scf.for").collect();
        let heavy = all.iter().any(|o| {
            let n = name(*o);
            let reports = n == "func.call" && string_attr(*o, "callee").is_some_and(|c| FAILURE_REPORTS.contains(&c.as_str()));
            (HEAVY.contains(&n.as_str()) && !reports) || (n.starts_with("omp.") && n != "omp.yield")
        });
        match loops.first() {
            _ if heavy => return None,
            None => return Some(bounds),
            Some(&lp) => {
                // One loop per level, directly in this body, bounds from outside.
                let direct = in_scope_of(lp, body);
                let outer: Vec<MlirValue> = (0..3).map(|i| mlirOperationGetOperand(lp, i)).collect();
                let invariant = outer.iter().all(|v| defined_outside(*v, par));
                let nested: Vec<MlirOperation> = loops.iter().copied().filter(|o| !mlirOperationEqual(*o, lp)).collect();
                let chained = nested.iter().all(|o| encloses(lp, *o));
                if !direct || !invariant || !chained {
                    return None;
                }
                bounds.push((outer[0], outer[1], outer[2]));
                body = lp;
            }
        }
    }
}

/// Whether `op` sits in `scope` outside any loop of it (under `scf.if` or
/// `memref.alloca_scope` only).
unsafe fn in_scope_of(op: MlirOperation, scope: MlirOperation) -> bool {
    let mut p = mlirOperationGetParentOperation(op);
    while !p.ptr.is_null() {
        if mlirOperationEqual(p, scope) {
            return true;
        }
        if !matches!(name(p).as_str(), "scf.if" | "memref.alloca_scope") {
            return false;
        }
        p = mlirOperationGetParentOperation(p);
    }
    false
}

/// Whether `outer` (transitively) contains `op`.
unsafe fn encloses(outer: MlirOperation, op: MlirOperation) -> bool {
    let mut p = mlirOperationGetParentOperation(op);
    while !p.ptr.is_null() {
        if mlirOperationEqual(p, outer) {
            return true;
        }
        p = mlirOperationGetParentOperation(p);
    }
    false
}

/// Whether `value` is defined outside `par` (so it can be read before it).
unsafe fn defined_outside(value: MlirValue, par: MlirOperation) -> bool {
    let owner = if mlirValueIsAOpResult(value) {
        mlirOpResultGetOwner(value)
    } else {
        mlirBlockGetParentOperation(mlirBlockArgumentGetOwner(value))
    };
    !mlirOperationEqual(owner, par) && !encloses(par, owner)
}

/// `trips >= MIN_PARALLEL_ITERATIONS`, computed before `par`.
unsafe fn big_enough(par: MlirOperation, bounds: &[(MlirValue, MlirValue, MlirValue)]) -> Option<MlirValue> {
    let ctx = mlirOperationGetContext(par);
    let index = mlirIndexTypeGet(ctx);
    let mut trips: Option<MlirValue> = None;
    let as_index = |v: MlirValue| {
        if mlirTypeIsAIndex(mlirValueGetType(v)) {
            v
        } else {
            mlirOperationGetResult(create_before(par, "arith.index_cast", &[v], &[index], &[]), 0)
        }
    };
    for &(lb, ub, step) in bounds {
        let (lb, ub, step) = (as_index(lb), as_index(ub), as_index(step));
        let span = mlirOperationGetResult(create_before(par, "arith.subi", &[ub, lb], &[index], &[]), 0);
        let n = mlirOperationGetResult(create_before(par, "arith.ceildivsi", &[span, step], &[index], &[]), 0);
        trips = Some(match trips {
            None => n,
            Some(t) => mlirOperationGetResult(create_before(par, "arith.muli", &[t, n], &[index], &[]), 0),
        });
    }
    let least = index_constant(par, MIN_PARALLEL_ITERATIONS);
    let sge = mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 64), 5);
    let i1 = mlirIntegerTypeGet(ctx, 1);
    Some(mlirOperationGetResult(create_before(par, "arith.cmpi", &[trips?, least], &[i1], &[("predicate", sge)]), 0))
}

/// Replaces `par` by the same region under `if(big)` (the team still
/// forks, serialized, when `big` is false).
unsafe fn add_if(par: MlirOperation, big: MlirValue) {
    let ctx = mlirOperationGetContext(par);
    // The same attributes with one operand more (the `if`), and the same
    // region, moved: an op's regions are fixed when it is created.
    let mut named = vec![mlirNamedAttributeGet(mlirIdentifierGet(ctx, text("operandSegmentSizes")), parse_attr(ctx, "array<i32: 0, 0, 1, 0, 0, 0>"))];
    for i in 0..mlirOperationGetNumAttributes(par) {
        let a = mlirOperationGetAttribute(par, i);
        if ref_text(mlirIdentifierStr(a.name)) != "operandSegmentSizes" {
            named.push(a);
        }
    }
    let region = mlirRegionCreate();
    mlirRegionTakeBody(region, mlirOperationGetRegion(par, 0));
    let mut state = mlirOperationStateGet(text("omp.parallel"), mlirOperationGetLocation(par));
    mlirOperationStateAddOperands(&mut state, 1, &big);
    mlirOperationStateAddAttributes(&mut state, named.len() as isize, named.as_ptr());
    mlirOperationStateAddOwnedRegions(&mut state, 1, &region);
    let replacement = mlirOperationCreate(&mut state);
    mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(par), par, replacement);
    mlirOperationDestroy(par);
}

/// Replaces `par` by `scf.if %big { par } else { its loop nest as scf.for
/// loops on this thread }`: a small region then costs no OpenMP runtime
/// call at all (a serialized `if(false)` region still enters the runtime,
/// about 0.3 us: seidel_2d runs 10,000 such rows). False when the nest's
/// body is not one block.
unsafe fn sequential_twin(par: MlirOperation, big: MlirValue) -> bool {
    let twin = mlirOperationClone(par);
    let nest = children(children(twin)[0])[0];
    let body = mlirRegionGetFirstBlock(mlirOperationGetRegion(nest, 0));
    // An `alloca_scope` becomes blocks when lowered, which an `scf.for` body
    // cannot hold; the body has no allocas (`straight_line_loop`), so its
    // scopes (without results) can go.
    let scopes_ok = children(nest).iter().all(|o| name(*o) != "memref.alloca_scope" || mlirOperationGetNumResults(*o) == 0);
    if body.ptr.is_null() || !mlirBlockGetNextInRegion(body).ptr.is_null() || !scopes_ok {
        mlirOperationDestroy(twin);
        return false;
    }
    let loc = mlirOperationGetLocation(par);
    let (then_block, else_block) = (mlirBlockCreate(0, std::ptr::null(), std::ptr::null()), mlirBlockCreate(0, std::ptr::null(), std::ptr::null()));
    let regions = [mlirRegionCreate(), mlirRegionCreate()];
    mlirRegionAppendOwnedBlock(regions[0], then_block);
    mlirRegionAppendOwnedBlock(regions[1], else_block);
    let mut state = mlirOperationStateGet(text("scf.if"), loc);
    mlirOperationStateAddOperands(&mut state, 1, &big);
    mlirOperationStateAddOwnedRegions(&mut state, 2, regions.as_ptr());
    let branch = mlirOperationCreate(&mut state);
    mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(par), par, branch);
    // The parallel region, as it was, when there is enough work.
    mlirOperationRemoveFromParent(par);
    mlirBlockAppendOwnedOperation(then_block, par);
    append_yield(then_block, loc);
    // Otherwise one scf.for per dimension of the nest, around its body.
    let k = mlirOperationGetNumOperands(nest) / 3;
    let mut inner = else_block;
    for d in 0..k {
        let (lb, ub, step) = (mlirOperationGetOperand(nest, d), mlirOperationGetOperand(nest, k + d), mlirOperationGetOperand(nest, 2 * k + d));
        let ty = mlirValueGetType(lb);
        let block = mlirBlockCreate(1, &ty, &loc);
        let region = mlirRegionCreate();
        mlirRegionAppendOwnedBlock(region, block);
        let mut state = mlirOperationStateGet(text("scf.for"), loc);
        mlirOperationStateAddOperands(&mut state, 3, [lb, ub, step].as_ptr());
        mlirOperationStateAddOwnedRegions(&mut state, 1, &region);
        let lp = mlirOperationCreate(&mut state);
        mlirBlockAppendOwnedOperation(inner, lp);
        mlirValueReplaceAllUsesOfWith(mlirBlockGetArgument(body, d), mlirBlockGetArgument(block, 0));
        inner = block;
    }
    move_ops(body, inner);
    // Every block from the else branch down ends with a yield.
    let mut block = inner;
    loop {
        append_yield(block, loc);
        if mlirBlockEqual(block, else_block) {
            break;
        }
        block = mlirOperationGetBlock(mlirBlockGetParentOperation(block));
    }
    mlirOperationDestroy(twin);
    true
}

unsafe fn append_yield(block: MlirBlock, loc: MlirLocation) {
    let mut state = mlirOperationStateGet(text("scf.yield"), loc);
    mlirBlockAppendOwnedOperation(block, mlirOperationCreate(&mut state));
}

/// Moves the ops of `from` (not its terminator) to the end of `to`, the
/// bodies of `memref.alloca_scope`s in place of the scopes.
unsafe fn move_ops(from: MlirBlock, to: MlirBlock) {
    let mut op = mlirBlockGetFirstOperation(from);
    while !op.ptr.is_null() {
        let next = mlirOperationGetNextInBlock(op);
        match name(op).as_str() {
            "omp.yield" | "memref.alloca_scope.return" => {}
            "memref.alloca_scope" => {
                move_ops(mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0)), to);
                mlirOperationDestroy(op);
            }
            _ => {
                mlirOperationRemoveFromParent(op);
                mlirBlockAppendOwnedOperation(to, op);
            }
        }
        op = next;
    }
}
