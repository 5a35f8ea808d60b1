//! OpenMP regions too small to pay for waking threads run on the calling
//! thread. A parallel map inside a sequential loop (DaCe's expansions of
//! `np.dot` over a row, the slice copies of cholesky and lu) forks a team
//! every iteration: a few microseconds each, against nanoseconds of work.
//! After `convert-scf-to-openmp`, every `omp.parallel` whose loop body is
//! straight-line code (no call, allocation or nested OpenMP region; inner
//! `scf.for` loops only one in another, with bounds known before the
//! region) gets an `if` clause: parallel only from
//! [`MIN_PARALLEL_ITERATIONS`] iterations of the innermost body up.
//!
//! ```text
//! omp.parallel {                        %n = (ub - lb) ceildiv step
//!   omp.wsloop {                  =>    %big = arith.cmpi sge, %n, 4096
//!     omp.loop_nest (%i) = (%lb) to     omp.parallel if(%big) { ... }
//!       (%ub) step (%step) { ... } } }
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
            if let Some(bounds) = straight_line_loop(op) {
                add_if(op, &bounds);
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

/// Replaces `par` by the same region under `if(trips >= MIN_PARALLEL_ITERATIONS)`.
unsafe fn add_if(par: MlirOperation, bounds: &[(MlirValue, MlirValue, MlirValue)]) {
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
    let Some(trips) = trips else { return };
    let least = index_constant(par, MIN_PARALLEL_ITERATIONS);
    let sge = mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 64), 5);
    let i1 = mlirIntegerTypeGet(ctx, 1);
    let big = mlirOperationGetResult(create_before(par, "arith.cmpi", &[trips, least], &[i1], &[("predicate", sge)]), 0);
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
