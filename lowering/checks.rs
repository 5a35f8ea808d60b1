//! Run-time checks that cost nothing per element: the range of every memlet
//! whose subset is exact, against its container's shape, once where its
//! scope is entered; the element counts of both ends of a copy; and the
//! size of every heap allocation.
//!
//! A memlet outside any scope is checked as written when its state starts.
//! A memlet inside a map is checked before the map's loops over the range
//! it covers across all iterations (its indices' extremes, when they are
//! affine in the parameters). Subsets that may over-approximate what is
//! accessed (dynamic memlets, indirection, `Min`/`Max`, non-unit steps,
//! the propagated memlets between nested scopes, windows passed to nested
//! SDFGs and library nodes) are not checked: a skipped check never rejects
//! a valid program.

use super::builder::module::Visibility;
use super::builder::{Body, Val};
use super::function::FnGen;
use super::state::StateCx;
use super::types::Ty;
use super::ModuleGen;
use crate::analysis::propagation::extreme;
use crate::model::{DataEdge, DataKind, MapScope, NodeKind};
use crate::symbolic::Expr;

impl FnGen<'_, '_> {
    /// Checks the memlets outside every scope of a state, the outer
    /// memlets of its maps included.
    pub fn check_state_memlets(&mut self, cx: &StateCx) -> Result<(), String> {
        for e in cx.state.edges.iter().filter(|e| cx.parents.get(e.dst) == Some(&None)) {
            let Some((data, dims)) = self.exact_subset(cx, e) else { continue };
            if dims.iter().flatten().all(|x| self.resolvable(x)) {
                self.check_range(cx, e, &data, &dims, None)?;
            }
        }
        Ok(())
    }

    /// Checks, before a map's loops, the range each memlet directly inside
    /// it covers over all of the map's iterations (when there are any).
    pub fn check_map_memlets(&mut self, cx: &StateCx, entry: usize, map: &MapScope) -> Result<(), String> {
        // A range that uses an earlier parameter has no value before the loops.
        if map.has_dependent_ranges() {
            return Ok(());
        }
        let steps: Option<Vec<i64>> = map.range.dims().iter().map(|d| d.step.as_int().filter(|s| *s != 0)).collect();
        let Some(steps) = steps.filter(|s| s.len() == map.params.len()) else { return Ok(()) };
        let mut nonempty: Option<Val> = None;
        for e in cx.state.edges.iter().filter(|e| cx.parents.get(e.dst) == Some(&Some(entry))) {
            // Memlets between nested scopes are propagated (maybe widened):
            // the nested scope checks its own.
            let scope_node = |n: usize| {
                matches!(
                    cx.state.nodes[n].kind,
                    NodeKind::MapEntry { .. } | NodeKind::MapExit { .. } | NodeKind::ConsumeEntry { .. } | NodeKind::ConsumeExit { .. }
                )
            };
            let own = |n: usize| n == entry || matches!(cx.state.nodes[n].kind, NodeKind::MapExit { entry: x } if x == entry);
            if (scope_node(e.src) && !own(e.src)) || (scope_node(e.dst) && !own(e.dst)) {
                continue;
            }
            let Some((data, dims)) = self.exact_subset(cx, e) else { continue };
            let over: Option<Vec<[Expr; 2]>> =
                dims.iter().map(|[lo, hi]| Some([extreme(lo, map, false)?, extreme(hi, map, true)?])).collect();
            let Some(over) = over.filter(|o| o.iter().flatten().all(|x| self.resolvable(x))) else { continue };
            if nonempty.is_none() {
                nonempty = Some(self.map_nonempty(map, &steps)?);
            }
            self.check_range(cx, e, &data, &over, nonempty.clone())?;
        }
        Ok(())
    }

    /// The container and per-dimension `[first, last]` indices of a memlet
    /// whose subset is exactly what it accesses, or `None`.
    fn exact_subset(&self, cx: &StateCx, e: &DataEdge) -> Option<(String, Vec<[Expr; 2]>)> {
        let m = &e.memlet;
        // A nested SDFG may be given a window larger than what it accesses
        // (a tile clamped inside the callee); a library node works on the
        // whole window it is given, so its memlets are checked.
        let callee = |n: usize| cx.state.nodes.get(n).is_some_and(|x| matches!(x.kind, NodeKind::NestedSdfg { .. }));
        if callee(e.src) || callee(e.dst) {
            return None;
        }
        let alias = matches!(e.dst_conn.as_deref(), Some("views" | "set")) || e.src_conn.as_deref() == Some("views");
        if m.dynamic || alias {
            return None;
        }
        let data = m.data.clone()?;
        let c = self.containers.get(&data)?;
        let subset = m.subset.as_ref()?;
        if c.desc.kind == DataKind::Stream || c.desc.shape.len() != subset.dims().len() {
            return None;
        }
        let dims: Option<Vec<[Expr; 2]>> = subset
            .dims()
            .iter()
            .map(|d| {
                let unit = d.step.as_int() == Some(1) && d.tile.as_int() == Some(1);
                (unit && plain(&d.start) && plain(&d.end)).then(|| [d.start.clone(), d.end.clone()])
            })
            .collect();
        Some((data, dims?))
    }

    /// Whether an expression only names integer values known here.
    fn resolvable(&self, e: &Expr) -> bool {
        e.free_symbols().iter().all(|s| {
            self.scopes.iter().any(|scope| scope.get(s).is_some_and(|v| v.ty == Ty::I64))
                || (!self.containers.contains_key(s) && self.symbols.get(s).is_some_and(|v| v.ty == Ty::I64))
        })
    }

    /// Whether every dimension of the map's range has an iteration.
    fn map_nonempty(&mut self, map: &MapScope, steps: &[i64]) -> Result<Val, String> {
        let mut all = self.b.int(1, Ty::I1);
        for (d, &step) in map.range.dims().iter().zip(steps) {
            let (start, end) = (self.int(&d.start)?, self.int(&d.end)?);
            let some = if step > 0 { self.b.compare("le", &start, &end) } else { self.b.compare("ge", &start, &end) };
            all = self.b.logic(true, &all, &some);
        }
        Ok(all)
    }

    /// Stops the program when a non-empty `[first, last]` leaves its
    /// dimension, with a message naming the memlet, where it is, and the
    /// shape.
    fn check_range(&mut self, cx: &StateCx, e: &DataEdge, data: &str, dims: &[[Expr; 2]], guard: Option<Val>) -> Result<(), String> {
        let desc = &self.container(data)?.desc;
        let (shape, offsets) = (desc.shape.clone(), desc.offset.clone().unwrap_or_default());
        if !shape.iter().chain(&offsets).all(|s| self.resolvable(s)) {
            return Ok(());
        }
        // Index offsets (DaCe's `offset`) shift where an index lands.
        let dims: Vec<[Expr; 2]> = dims
            .iter()
            .enumerate()
            .map(|(d, [lo, hi])| match offsets.get(d).filter(|o| o.as_int() != Some(0)) {
                Some(o) => [lo.add(o), hi.add(o)],
                None => [lo.clone(), hi.clone()],
            })
            .collect();
        // Bounds that hold for every symbol value need no code.
        let open: Vec<(usize, &[Expr; 2], &Expr)> = dims
            .iter()
            .zip(&shape)
            .enumerate()
            .filter(|(_, ([lo, hi], size))| {
                let from_zero = lo.simplify().as_int().is_some_and(|k| k >= 0);
                let below_size = hi.sub(size).simplify().as_int().is_some_and(|k| k < 0);
                !(from_zero && below_size)
            })
            .map(|(d, (b, size))| (d, b, size))
            .collect();
        if open.is_empty() {
            return Ok(());
        }
        let subset = e.memlet.subset.as_ref().map(|s| s.to_string()).unwrap_or_default();
        let shape_text: Vec<String> = shape.iter().map(|s| s.to_string()).collect();
        let place = match &e.loc {
            crate::model::Loc::Unknown => String::new(),
            loc => format!("{loc}: "),
        };
        let text = format!(
            "{place}error: memlet {data}[{subset}] from '{}' to '{}' in state '{}' leaves '{data}' of shape ({})",
            cx.state.nodes[e.src].label,
            cx.state.nodes[e.dst].label,
            self.state_label,
            shape_text.join(", ")
        );
        let label = self.module.string_constant(&text);
        self.module.declare_bounds_check();
        for (d, [lo, hi], size) in open {
            let (lo, hi, n) = (self.int(lo)?, self.int(hi)?, self.int(size)?);
            let zero = self.b.i64(0);
            let below = self.b.compare("lt", &lo, &zero);
            let above = self.b.compare("ge", &hi, &n);
            let outside = self.b.logic(false, &below, &above);
            // An empty window (`x[0:0]`) touches nothing.
            let some = self.b.compare("le", &lo, &hi);
            let mut fail = self.b.logic(true, &outside, &some);
            if let Some(g) = &guard {
                fail = self.b.logic(true, &fail, g);
            }
            let index = self.b.select(&below, &lo, &hi);
            let dim = self.b.i64(d as i64);
            self.b.begin_if(&fail, &[]);
            self.report_failure("__sdfg_out_of_bounds", &label, &[dim, index, n]);
            self.b.end();
        }
        Ok(())
    }

    /// Calls the run-time failure report `callee` with the message of the
    /// string constant `label` and `args` (it prints and exits). A GPU
    /// thread cannot call it: it traps, the kernel fails, and the runtime
    /// reports which kernel failed (and, on Vulkan, the message).
    pub fn report_failure(&mut self, callee: &str, label: &str, args: &[Val]) {
        if self.kernel.is_some() {
            self.b.trap(label);
        } else {
            let mut all = vec![self.b.address_of(label)];
            all.extend_from_slice(args);
            self.b.call(callee, &all, &[]);
        }
    }

    /// Stops the program when the ends of a copy hold different numbers of
    /// elements. The verifier rejects counts that differ for some values of
    /// the symbols; this catches those it cannot compare (identities it
    /// does not simplify, indirections).
    pub fn check_copy_count(&mut self, e: &DataEdge, src: &str, dst: &str, from: &Expr, n: &Val, to: &Expr) -> Result<(), String> {
        if from.sub(to).simplify().as_int() == Some(0) {
            return Ok(());
        }
        let k = self.int(to)?;
        let place = match &e.loc {
            crate::model::Loc::Unknown => String::new(),
            loc => format!("{loc}: "),
        };
        let text = format!("{place}error: memlet from '{src}' to '{dst}' in state '{}'", self.state_label);
        let label = self.module.string_constant(&text);
        self.module.declare_copy_check();
        // Empty ranges hold no elements, whichever way they run.
        let zero = self.b.i64(0);
        let (n, k) = (self.b.cast(n, Ty::I64), self.b.cast(&k, Ty::I64));
        let (pn, pk) = (self.b.compare("gt", &n, &zero), self.b.compare("gt", &k, &zero));
        let n = self.b.select(&pn, &n, &zero);
        let k = self.b.select(&pk, &k, &zero);
        let differ = self.b.compare("ne", &n, &k);
        self.b.begin_if(&differ, &[]);
        self.report_failure("__sdfg_copy_count", &label, &[n, k]);
        self.b.end();
        Ok(())
    }

    /// Reallocates `old` (or allocates, when `None`) to `count` elements of
    /// `ty` for container `name`; a size that is negative, overflows, or
    /// cannot be allocated stops the program naming the container.
    pub fn allocate(&mut self, name: &str, count: &Val, ty: Ty, old: Option<&Val>) -> Val {
        self.module.declare_alloc();
        let label = self.module.string_constant(name);
        let text = self.b.address_of(&label);
        let size = self.b.i64(ty.bytes() as i64);
        let old = match old {
            Some(p) => p.clone(),
            None => self.b.zero(Ty::Ptr),
        };
        let count = self.b.cast(count, Ty::I64);
        self.b.call_value("__sdfg_alloc", &[text, count, size, old], Ty::Ptr)
    }
}

/// Integer arithmetic on names and constants only (no indirection, no
/// functions such as `Min`, whose ranges may be approximations).
fn plain(e: &Expr) -> bool {
    match e {
        Expr::Int(_) | Expr::Sym(_) => true,
        Expr::Add(xs) | Expr::Mul(xs) => xs.iter().all(plain),
        Expr::Pow(b, x) => plain(b) && x.as_int().is_some_and(|k| k >= 0),
        _ => false,
    }
}

/// Transients of at least this many bytes ask for transparent huge pages.
const HUGE_PAGE_THRESHOLD: i64 = 4 << 20;
/// Linux's `MADV_HUGEPAGE`.
const MADV_HUGEPAGE: i64 = 14;

impl ModuleGen {
    /// `__sdfg_alloc(name, count, size, old)`: `realloc(old, count * size)`,
    /// reporting (and exiting with status 1) a size that is negative or
    /// overflows, or an allocation that fails; blocks of 4 MiB or more are
    /// advised to use transparent huge pages.
    pub fn declare_alloc(&mut self) {
        const NAME: &str = "__sdfg_alloc";
        if self.has_symbol(NAME) {
            return;
        }
        self.mark_symbol(NAME);
        let invalid = self.string_constant("error: cannot allocate transient '%s': %ld elements of %ld bytes is not a valid size\n");
        let failed = self.string_constant("error: cannot allocate transient '%s': %ld bytes (%ld elements of %ld bytes)\n");
        self.declare_stderr_exit();
        self.declare_external("madvise", &[Ty::Ptr, Ty::I64, Ty::I32], Some(Ty::I32));
        let (mut b, params) = Body::function(self, &[Ty::Ptr, Ty::I64, Ty::I64, Ty::Ptr], &[Ty::Ptr]);
        let [name, n, size, old] = [&params[0], &params[1], &params[2], &params[3]];
        let zero = b.i64(0);
        let max = b.i64(i64::MAX);
        let fd = b.int(2, Ty::I32);
        let one = b.int(1, Ty::I32);
        let limit = b.op("arith.divsi", &[&max, size], Ty::I64);
        let neg = b.compare("lt", n, &zero);
        let big = b.compare("gt", n, &limit);
        let bad = b.logic(false, &neg, &big);
        let (invalid_block, try_block) = (b.new_block(), b.new_block());
        b.cond_br(&bad, &invalid_block, &try_block);
        b.start_block(&invalid_block);
        let f1 = b.address_of(&invalid);
        let args = [fd.clone(), f1, name.clone(), n.clone(), size.clone()];
        b.call_variadic("dprintf", &[Ty::I32, Ty::Ptr], Ty::I32, &args);
        b.call_external("_exit", &[one.clone()], None);
        b.ret(&[old.clone()]);
        b.start_block(&try_block);
        let bytes = b.op("arith.muli", &[n, size], Ty::I64);
        let p = b.call_external_value("realloc", &[old.clone(), bytes.clone()], Ty::Ptr);
        let is_null = b.is_null(&p);
        let some = b.compare("gt", &bytes, &zero);
        let failed_now = b.logic(true, &is_null, &some);
        let (oom, ok) = (b.new_block(), b.new_block());
        b.cond_br(&failed_now, &oom, &ok);
        b.start_block(&oom);
        let f2 = b.address_of(&failed);
        b.call_variadic("dprintf", &[Ty::I32, Ty::Ptr], Ty::I32, &[fd, f2, name.clone(), bytes, n.clone(), size.clone()]);
        b.call_external("_exit", &[one], None);
        b.ret(&[p.clone()]);
        b.start_block(&ok);
        // Large blocks ask for transparent huge pages over their whole
        // pages, as NumPy does: first touching them then faults once per
        // 2 MiB instead of once per 4 KiB (a failing madvise changes nothing).
        let threshold = b.i64(HUGE_PAGE_THRESHOLD);
        let large = b.compare("ge", &bytes, &threshold);
        let (advise, done) = (b.new_block(), b.new_block());
        b.cond_br(&large, &advise, &done);
        b.start_block(&advise);
        let start = b.cast(&p, Ty::I64);
        let (page, mask) = (b.i64(4095), b.i64(!4095));
        let up = b.op("arith.addi", &[&start, &page], Ty::I64);
        let first = b.op("arith.andi", &[&up, &mask], Ty::I64);
        let end = b.op("arith.addi", &[&start, &bytes], Ty::I64);
        let span = b.op("arith.subi", &[&end, &first], Ty::I64);
        let len = b.op("arith.andi", &[&span, &mask], Ty::I64);
        let addr = b.cast(&first, Ty::Ptr);
        let advice = b.int(MADV_HUGEPAGE, Ty::I32);
        b.call_external_value("madvise", &[addr, len, advice], Ty::I32);
        b.br(&done);
        b.start_block(&done);
        b.ret(&[p]);
        self.add_function(b.into_function(NAME, Visibility::Private));
    }
}
