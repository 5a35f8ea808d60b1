//! A state's dataflow: nodes in dependency order, maps as loop nests.

use super::arith::Op;
use super::builder::Val;
use super::function::{Base, Container, FnGen};
use super::locals::state_key;
use super::types::Ty;
use crate::model::{scope, DataEdge, NodeKind, Schedule, State};
use crate::symbolic::Subset;
use std::collections::HashMap;

/// Scope-private transients up to this size live on the stack.
const MAX_STACK_LOCAL_BYTES: i64 = 64 * 1024;

/// The state being lowered, with its scope tree and dependency order.
pub struct StateCx<'s> {
    pub state: &'s State,
    pub parents: Vec<Option<usize>>,
    pub order: Vec<usize>,
}

impl FnGen<'_, '_> {
    pub fn state(&mut self, state: &State) -> Result<(), String> {
        if self.module.fpga && super::fpga::is_kernel_state(self.sdfg, state) {
            let label = self.state_label.clone();
            return self.fpga_kernel_call(state, &label);
        }
        let parents = scope::scope_parents(state)?;
        let order = scope::topological_order(state).ok_or("the state has a cycle")?;
        let cx = StateCx { state, parents, order };
        // Symbols are constant within a state: read them once, so loops see
        // invariant values (and LLVM can vectorize them).
        let mut values = HashMap::new();
        let mut names: Vec<(String, Val)> = self.symbols.iter().map(|(k, v)| (k.clone(), v.clone())).collect();
        names.sort_by(|a, b| a.0.cmp(&b.0));
        for (name, slot) in names {
            let v = self.b.load(&slot, slot.ty);
            values.insert(name, v);
        }
        self.scopes.push(values);
        let result = self
            .allocate_deferred(state)
            .and_then(|_| self.bind_views(&cx, None))
            .and_then(|_| self.check_state_memlets(&cx))
            .and_then(|_| self.scope_body(&cx, None));
        self.scopes.pop();
        result
    }

    /// Sizes the deferred transients this state uses for the symbol values
    /// of now (`realloc` keeps what earlier states wrote; freed on return).
    fn allocate_deferred(&mut self, state: &State) -> Result<(), String> {
        let used: std::collections::HashSet<&str> = state
            .nodes
            .iter()
            .filter_map(|n| match &n.kind {
                NodeKind::Access { data, .. } => Some(data.as_str()),
                _ => None,
            })
            .chain(state.edges.iter().filter_map(|e| e.memlet.data.as_deref()))
            .collect();
        for name in self.deferred.clone() {
            if !used.contains(name.as_str()) {
                continue;
            }
            let c = self.container(&name)?.clone();
            let Base::Slot(slot) = &c.base else { continue };
            let count = self.total_elements(&c.desc)?;
            let n = self.int(&count)?;
            let old = self.b.load(slot, Ty::Ptr);
            let p = if c.desc.storage.is_gpu() {
                let label = self.module.string_constant(&name);
                let text = self.b.address_of(&label);
                let (n, size) = (self.b.cast(&n, Ty::I64), self.b.i64(c.ty.bytes() as i64));
                self.b.call_external_value("__sdfg_gpu_realloc", &[text, n, size, old], Ty::Ptr)
            } else {
                self.allocate(&name, &n, c.ty, Some(&old))
            };
            self.b.store(&p, slot, Ty::Ptr);
        }
        Ok(())
    }

    /// Lowers, in dependency order, the nodes directly inside `scope`.
    pub fn scope_body(&mut self, cx: &StateCx, scope: Option<usize>) -> Result<(), String> {
        for &n in &cx.order {
            if cx.parents[n] != scope {
                continue;
            }
            let node = &cx.state.nodes[n];
            let outer = self.b.set_location(&node.loc);
            let loc = node.loc.clone();
            let result = match &node.kind {
                NodeKind::Access { .. } => self.access(cx, n),
                NodeKind::Tasklet { .. } => self.profiled(&loc, |g| g.tasklet(cx, n)),
                NodeKind::MapEntry { .. } => self.profiled(&loc, |g| g.map(cx, n)),
                NodeKind::ConsumeEntry { .. } => self.profiled(&loc, |g| g.consume(cx, n)),
                // The node, then the nested SDFG's own timer inside it.
                NodeKind::NestedSdfg { sdfg, .. } => {
                    let inner = sdfg.loc.clone();
                    self.profiled(&loc, |g| g.profiled(&inner, |g| g.nested(cx, n)))
                }
                NodeKind::Library(lib) if self.kernel.is_none() && (lib.schedule().is_gpu() || self.touches_gpu_memory(cx, n)) => {
                    self.gpu_library(cx, n)
                }
                NodeKind::Library(_) => self.profiled(&loc, |g| g.library(cx, n)),
                NodeKind::MapExit { .. } | NodeKind::ConsumeExit { .. } => Ok(()),
            };
            self.b.restore_location(outer);
            if let Err(e) = result {
                self.module.fail_at(&node.loc);
                return Err(format!("node '{}': {e}", node.label));
            }
        }
        Ok(())
    }

    /// Copies into an access node (from access nodes, or from outer data
    /// entering its scope) and out of it to outer data leaving its scope.
    fn access(&mut self, cx: &StateCx, n: usize) -> Result<(), String> {
        let here = access_data(cx.state, n).unwrap_or_default();
        let is_alias = |e: &DataEdge| {
            matches!(e.dst_conn.as_deref(), Some("views" | "set")) || e.src_conn.as_deref() == Some("views")
        };
        for e in cx.state.edges.iter().filter(|e| e.dst == n && !is_alias(e)) {
            let Some(data) = &e.memlet.data else { continue };
            let src = match &cx.state.nodes[e.src].kind {
                NodeKind::Access { data, .. } => data.clone(),
                NodeKind::MapEntry { .. } | NodeKind::ConsumeEntry { .. } if *data != here => data.clone(),
                // The memlet names this node's data: the source is where the path starts.
                NodeKind::MapEntry { .. } | NodeKind::ConsumeEntry { .. } => match path_end(cx.state, e, false) {
                    Some(outer) if outer != here => outer,
                    _ => continue,
                },
                _ => continue,
            };
            self.copy(e, &src, &here)?;
        }
        for e in cx.state.edges.iter().filter(|e| e.src == n && !is_alias(e)) {
            let Some(data) = &e.memlet.data else { continue };
            let is_exit = matches!(cx.state.nodes[e.dst].kind, NodeKind::MapExit { .. } | NodeKind::ConsumeExit { .. });
            if !is_exit {
                continue;
            }
            if *data != here {
                self.copy(e, &here, data)?;
            } else if let Some(outer) = path_end(cx.state, e, true).filter(|o| *o != here) {
                // The memlet names this node's data: the target is where the path ends.
                self.copy(e, &here, &outer)?;
            }
        }
        Ok(())
    }

    /// The subset of `container` that an edge's memlet selects (`subset` when
    /// the memlet names it, else `other_subset`).
    pub fn subset_of(&self, e: &DataEdge, container: &str, state: &State) -> Result<Option<Subset>, String> {
        let m = &e.memlet;
        let names_it = m.data.as_deref() == Some(container);
        let both_same = access_data(state, e.src) == access_data(state, e.dst);
        if names_it && (!both_same || m.is_data_src != Some(false) || e.src == e.dst) {
            return Ok(m.subset.clone());
        }
        Ok(m.other_subset.clone().or_else(|| m.subset.clone()))
    }

    fn map(&mut self, cx: &StateCx, entry: usize) -> Result<(), String> {
        let NodeKind::MapEntry { map, .. } = &cx.state.nodes[entry].kind else { unreachable!() };
        if self.kernel.is_none() && super::gpu::kernel::launches_kernel(map.schedule) {
            return self.gpu_map(cx, entry);
        }
        if let Some(block) = &self.block {
            // Thread-block maps inside thread-block maps run in their thread.
            if block.depth == 0 && super::gpu::blocks::shares_among_threads(map) {
                return self.thread_block_map(cx, entry);
            }
        } else if map.schedule.is_gpu() && !super::gpu::kernel::launches_kernel(map.schedule) {
            return Err(format!("{} map '{}' outside a GPU_Device map: thread-block maps run inside a kernel", map.schedule.as_str(), cx.state.nodes[entry].label));
        }
        let scope = self.dynamic_range_inputs(cx, entry)?;
        self.scopes.push(scope);
        self.check_map_memlets(cx, entry, map)?;
        // Stream queues are not thread-safe: maps that use them run in order.
        let parallel = self.parallel == 0
            // DaCe runs an outermost map of the default schedule on CPU threads.
            && (map.schedule == Schedule::Default || map.schedule.is_cpu_parallel())
            && !self.scope_uses_streams(cx, entry, true);
        let dims = map.range.dims().to_vec();
        let mut closers = 0;
        for (d, (param, dim)) in map.params.iter().zip(&dims).enumerate() {
            let start = self.int(&dim.start)?;
            let end = self.int(&dim.end)?;
            let step = self.int(&dim.step)?;
            let one = self.b.i64(1);
            // Ranges are inclusive (`begin:end:step`). A positive constant
            // step iterates `start..end + 1` directly; any other step counts
            // iterations, `floor((end - start) / step) + 1` (none when the
            // range is empty for the step's sign), and takes `start + k * step`.
            let upward = dim.step.as_int().is_some_and(|s| s > 0);
            let (lb, ub, st) = if upward {
                (start.clone(), self.b.binary(Op::Add, &end, &one)?, step.clone())
            } else {
                let span = self.b.binary(Op::Sub, &end, &start)?;
                if dim.step.as_int().is_none() {
                    let label = &cx.state.nodes[entry].label;
                    self.stop_if_zero(&step, &format!("step '{}' of map '{label}' is zero", dim.step));
                }
                let whole = self.b.binary(Op::FloorDiv, &span, &step)?;
                let count = self.b.binary(Op::Add, &whole, &one)?;
                let zero = self.b.i64(0);
                (zero.clone(), self.b.binary(Op::Max, &count, &zero)?, one.clone())
            };
            let counter = if d == 0 && parallel {
                let ivs = self.b.begin_parallel(&[lb], &[ub], &[st]);
                self.parallel += 1;
                self.owned.insert(param.clone(), dim.step.as_int().unwrap_or(0));
                let iv = ivs.into_iter().next().ok_or("scf.parallel without an induction variable")?;
                self.b.cast(&iv, Ty::I64)
            } else {
                if upward && self.parallel > 0 && self.within_one_step(&dim.start, &dim.end) {
                    self.owned.insert(param.clone(), dim.step.as_int().unwrap_or(0));
                }
                self.b.begin_for(&lb, &ub, &st, &[]).iv
            };
            let value = if upward {
                counter
            } else {
                let off = self.b.binary(Op::Mul, &counter, &step)?;
                self.b.binary(Op::Add, &start, &off)?
            };
            closers += 1;
            self.scopes.last_mut().expect("scope pushed").insert(param.clone(), value);
        }
        // A loop's length may differ between the threads of a block.
        let outer_block = self.block.clone();
        if let Some(block) = &mut self.block {
            block.uniform = false;
        }
        let body = self.scoped_body(cx, entry);
        self.block = outer_block;
        body?;
        for _ in 0..closers {
            self.b.end();
        }
        for p in &map.params {
            self.owned.remove(p);
        }
        if parallel {
            self.parallel -= 1;
        }
        self.scopes.pop();
        Ok(())
    }

    /// Whether `[start, end]` lies within one step of an owned parameter
    /// (`tile_i : Min(N - 1, tile_i + 127)` inside a map over `tile_i` with
    /// step 128): then its values are owned too.
    fn within_one_step(&self, start: &crate::symbolic::Expr, end: &crate::symbolic::Expr) -> bool {
        use crate::symbolic::Expr;
        let bounds: Vec<Expr> = match end {
            Expr::Call(f, args) if f == "Min" => args.clone(),
            other => vec![other.clone()],
        };
        self.owned.iter().any(|(p, &step)| {
            let offset = start.sub(&Expr::sym(p)).simplify().as_int();
            offset.is_some() && step > 0 && bounds.iter().any(|b| b.sub(start).simplify().as_int().is_some_and(|k| k + 1 <= step))
        })
    }

    /// The values of a map's dynamic range inputs (in-connectors that are
    /// not `IN_*`), by connector.
    pub(super) fn dynamic_range_inputs(&mut self, cx: &StateCx, entry: usize) -> Result<HashMap<String, Val>, String> {
        let mut scope = HashMap::new();
        for e in cx.state.edges.iter().filter(|e| e.dst == entry) {
            let Some(conn) = e.dst_conn.as_deref().filter(|c| !c.starts_with("IN_")) else { continue };
            let v = self.read_scalar(e)?;
            scope.insert(conn.to_string(), v);
        }
        Ok(scope)
    }

    /// Whether any memlet inside the scope of `entry` moves stream data
    /// (of a stream in host memory only, unless `gpu_too`).
    pub(super) fn scope_uses_streams(&self, cx: &StateCx, entry: usize, gpu_too: bool) -> bool {
        let inside = |n: usize| inside_scope(&cx.parents, n, entry);
        cx.state.edges.iter().any(|e| {
            (inside(e.src) || inside(e.dst))
                && e.memlet.data.as_ref().and_then(|d| self.containers.get(d)).is_some_and(|c| {
                    c.desc.kind == crate::model::DataKind::Stream && (gpu_too || !c.desc.storage.is_gpu())
                })
        })
    }

    /// The body of a scope, with its private transients allocated per
    /// iteration (and the stack released after it).
    pub fn scoped_body(&mut self, cx: &StateCx, entry: usize) -> Result<(), String> {
        let locals = self.module.locals.by_scope.get(&(state_key(cx.state), entry)).cloned().unwrap_or_default();
        let registers: Vec<String> = locals.iter().filter(|n| self.register_candidate(cx, entry, n)).cloned().collect();
        let saved_stack = if locals.len() == registers.len() {
            None
        } else {
            Some(self.b.stack_save())
        };
        let mut shadowed = Vec::new();
        let mut streams = Vec::new();
        let mut heap = Vec::new();
        for name in &registers {
            self.registers.insert(name.clone(), None);
        }
        for name in locals.iter().filter(|n| !registers.contains(n)) {
            let Some(c) = self.containers.get(name).cloned() else { continue };
            // Views and references own no memory: `bind_views` points them.
            if matches!(c.desc.kind, crate::model::DataKind::View | crate::model::DataKind::Reference) {
                continue;
            }
            let p = if c.desc.kind == crate::model::DataKind::Stream {
                if c.desc.storage.is_gpu() {
                    if self.kernel.is_none() {
                        return Err(format!("GPU stream '{name}' private to a scope of host code: the host keeps GPU streams for the whole program"));
                    }
                    let p = self.allocate_thread_stream(name, &c.desc, c.ty)?;
                    shadowed.push((name.clone(), c.clone()));
                    self.containers.insert(name.clone(), Container { base: Base::Fixed(p), ..c });
                    continue;
                }
                let s = self.module.stream_here(&mut self.b, c.ty);
                streams.push(s.clone());
                s
            } else {
                let count = self.total_elements(&c.desc)?;
                let n = self.int(&count)?;
                // Thread stacks are small: large or unknown sizes go to the heap.
                // A GPU thread has no heap: its transients live on its stack.
                let small = self.kernel.is_some() || count.as_int().is_some_and(|k| k * c.ty.bytes() as i64 <= MAX_STACK_LOCAL_BYTES);
                if small {
                    self.b.alloca(&n, c.ty)
                } else {
                    let p = self.allocate(name, &n, c.ty, None);
                    heap.push(p.clone());
                    p
                }
            };
            shadowed.push((name.clone(), c.clone()));
            self.containers.insert(name.clone(), Container { base: Base::Fixed(p), ..c });
        }
        shadowed.extend(self.bind_views(cx, Some(entry))?);
        let newly_private: Vec<String> = locals.iter().filter(|n| self.private.insert((*n).clone())).cloned().collect();
        self.scope_body(cx, Some(entry))?;
        for name in &newly_private {
            self.private.remove(name);
        }
        for name in &registers {
            self.registers.remove(name);
        }
        for s in streams {
            self.module.stream_free(&mut self.b, &s);
        }
        for p in heap {
            self.b.call_external("free", &[p], None);
        }
        for (name, c) in shadowed {
            self.containers.insert(name, c);
        }
        if let Some(s) = saved_stack {
            self.b.stack_restore(&s);
        }
        Ok(())
    }

    /// Whether a private one-element transient can live in an SSA value: it
    /// is read and written only by nodes directly in the scope (not in loops
    /// or conditionals below it), by plain memlets, and never needs an
    /// address (nested SDFGs, library nodes, C++/MLIR tasklets, views).
    fn register_candidate(&self, cx: &StateCx, entry: usize, name: &str) -> bool {
        let Some(c) = self.containers.get(name) else { return false };
        let one = self.total_elements(&c.desc).ok().and_then(|e| e.as_int()) == Some(1);
        if !one || matches!(c.desc.kind, crate::model::DataKind::Stream | crate::model::DataKind::View | crate::model::DataKind::Reference) {
            return false;
        }
        let direct = |n: usize| cx.parents[n] == Some(entry);
        let plain_node = |n: usize| match &cx.state.nodes[n].kind {
            NodeKind::Tasklet { code } => code.language == "Python",
            NodeKind::Access { .. } | NodeKind::MapExit { .. } | NodeKind::ConsumeExit { .. } => true,
            _ => false,
        };
        let accesses_ok = cx.state.nodes.iter().enumerate().all(|(i, n)| match &n.kind {
            NodeKind::Access { data, .. } if data == name => direct(i),
            _ => true,
        });
        let edges_ok = cx.state.edges.iter().filter(|e| e.memlet.data.as_deref() == Some(name)).all(|e| {
            direct(e.src)
                && direct(e.dst)
                && plain_node(e.src)
                && plain_node(e.dst)
                && !e.memlet.dynamic
                && e.src_conn.as_deref() != Some("views")
                && !matches!(e.dst_conn.as_deref(), Some("views" | "set"))
        });
        accesses_ok && edges_ok
    }

    /// A single element read through an edge's memlet.
    pub fn read_scalar(&mut self, e: &DataEdge) -> Result<Val, String> {
        let data = e.memlet.data.clone().ok_or("an empty memlet carries no value")?;
        let indices = self.start_indices(&e.memlet.subset)?;
        self.load_element(&data, &indices)
    }

    /// The first element of a subset (the whole container from 0 if none).
    pub fn start_indices(&mut self, subset: &Option<Subset>) -> Result<Vec<Val>, String> {
        match subset {
            Some(s) => s.dims().iter().map(|d| self.int(&d.start)).collect(),
            None => Ok(Vec::new()),
        }
    }
}

/// Whether node `n` lies inside the scope of `entry` (below it in the
/// scope tree `parents`).
pub(super) fn inside_scope(parents: &[Option<usize>], mut n: usize, entry: usize) -> bool {
    while let Some(p) = parents[n] {
        if p == entry {
            return true;
        }
        n = p;
    }
    false
}

/// The container of an access node.
pub fn access_data(state: &State, n: usize) -> Option<String> {
    match &state.nodes.get(n)?.kind {
        NodeKind::Access { data, .. } => Some(data.clone()),
        _ => None,
    }
}

/// The data of the access node at the outer end of the memlet path through
/// `e`: following exits outwards (`out`) or entries backwards.
pub(super) fn path_end(state: &State, e: &DataEdge, out: bool) -> Option<String> {
    let mut edge = e;
    for _ in 0..state.nodes.len() {
        let (node, conn) = if out { (edge.dst, edge.dst_conn.as_deref()?) } else { (edge.src, edge.src_conn.as_deref()?) };
        let next_conn = if out { format!("OUT_{}", conn.strip_prefix("IN_")?) } else { format!("IN_{}", conn.strip_prefix("OUT_")?) };
        edge = state.edges.iter().find(|x| {
            if out {
                x.src == node && x.src_conn.as_deref() == Some(next_conn.as_str())
            } else {
                x.dst == node && x.dst_conn.as_deref() == Some(next_conn.as_str())
            }
        })?;
        let far = if out { edge.dst } else { edge.src };
        if let Some(data) = access_data(state, far) {
            return Some(data);
        }
    }
    None
}
