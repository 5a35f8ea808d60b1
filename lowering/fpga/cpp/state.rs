//! A state's dataflow as C++: nodes in dependency order, maps as loop
//! nests (the innermost pipelined with `II=1` where no write-conflict
//! resolution or nested scope makes iterations depend on each other),
//! copies between access nodes as loops, nested SDFGs as function calls.

use super::{ident, Func};
use crate::model::{scope, DataEdge, DataKind, NodeKind, State};
use crate::symbolic::{Dim, Expr, Subset};
use std::collections::BTreeSet;

/// The state being written, with its scope tree and dependency order.
pub struct StateCx<'a> {
    pub state: &'a State,
    pub parents: Vec<Option<usize>>,
    order: Vec<usize>,
    /// The nodes to write (a processing element); all when `None`.
    only: Option<&'a BTreeSet<usize>>,
}

impl Func<'_> {
    /// Writes `state`, or only the nodes of `only`.
    pub fn state(&mut self, state: &State, only: Option<&BTreeSet<usize>>) -> Result<(), String> {
        if self.host_kernel_run(state)? {
            return Ok(());
        }
        let parents = scope::scope_parents(state)?;
        let order = scope::topological_order(state).ok_or("the state has a cycle")?;
        let cx = StateCx { state, parents, order, only };
        if only.is_none() {
            self.prologue(&cx)?;
            if self.dataflow(state)? {
                return Ok(());
            }
        }
        self.scope_body(&cx, None)
    }

    /// What a state does before its nodes run: sizing the transients
    /// sized while running, zeroing `setzero` access nodes, binding views.
    fn prologue(&mut self, cx: &StateCx) -> Result<(), String> {
        let used = crate::lowering::fpga::kernel::containers_of(cx.state);
        for (name, count) in self.deferred.clone() {
            if used.contains(&name) {
                let n = self.index(&count)?;
                self.w.line(&format!("{0} = {0}_storage.resize({n});", ident(&name)));
            }
        }
        for &n in &cx.order {
            if let NodeKind::Access { data, setzero: true } = &cx.state.nodes[n].kind {
                let count = self.index(&self.desc(data)?.total_elements())?;
                let id = ident(data);
                let k = format!("__zero_{}", self.fresh());
                self.w.line(&format!("for (long long {k} = 0; {k} < {count}; ++{k}) {id}[{k}] = {{}};"));
            }
        }
        self.bind_views(cx)
    }

    pub(super) fn scope_body(&mut self, cx: &StateCx, scope: Option<usize>) -> Result<(), String> {
        for &n in &cx.order {
            if cx.parents[n] != scope || cx.only.is_some_and(|o| !o.contains(&n)) {
                continue;
            }
            let node = &cx.state.nodes[n];
            match &node.kind {
                NodeKind::Access { data, .. } => {
                    for e in cx.state.edges.iter().filter(|e| e.dst == n && e.memlet.data.is_some() && !is_view_edge(e)) {
                        match &cx.state.nodes[e.src].kind {
                            NodeKind::Access { data: src, .. } => self.copy(e, src, data)?,
                            // Into a scope-local access node from outside the scope.
                            NodeKind::MapEntry { .. } => {
                                if let Some(src) = outer_data(cx.state, e, data, true) {
                                    self.copy(e, &src, data)?;
                                }
                            }
                            _ => {}
                        }
                    }
                    // Out of the scope to the container the exit's path reaches.
                    for e in cx.state.edges.iter().filter(|e| e.src == n && e.memlet.data.is_some()) {
                        if matches!(cx.state.nodes[e.dst].kind, NodeKind::MapExit { .. }) {
                            if let Some(dst) = outer_data(cx.state, e, data, false) {
                                self.copy(e, data, &dst)?;
                            }
                        }
                    }
                }
                NodeKind::Tasklet { .. } => self.tasklet(cx.state, n)?,
                NodeKind::MapEntry { .. } => self.map(cx, n)?,
                NodeKind::MapExit { .. } => {}
                NodeKind::NestedSdfg { .. } => self.nested(cx.state, n)?,
                NodeKind::Library(lib) => {
                    return Err(format!("library node '{}' ({}) has no FPGA expansion", node.label, lib.classpath()));
                }
                NodeKind::ConsumeEntry { .. } | NodeKind::ConsumeExit { .. } => {
                    return Err(format!("consume scope '{}': the FPGA back end does not run consume scopes", node.label));
                }
            }
        }
        Ok(())
    }

    /// Points views and references at the memory their `views` / `set`
    /// edges select.
    fn bind_views(&mut self, cx: &StateCx) -> Result<(), String> {
        // (view, viewed container, edge); a view of a view after the view.
        let mut pending = Vec::new();
        for e in cx.state.edges.iter().filter(|e| is_view_edge(e)) {
            let (view_node, other) = if matches!(e.dst_conn.as_deref(), Some("views" | "set")) { (e.dst, e.src) } else { (e.src, e.dst) };
            if let (Some(view), Some(target)) = (access(cx.state, view_node), access(cx.state, other)) {
                pending.push((view, target, e, view_node != e.src));
            }
        }
        while !pending.is_empty() {
            let ready = pending
                .iter()
                .position(|(_, target, _, _)| !pending.iter().any(|(v, _, _, _)| v == target))
                .ok_or("views form a cycle")?;
            let (view, target, e, target_is_src) = pending.remove(ready);
            let subset = e.memlet.copy_subset(&target, target_is_src, &self.desc(&target)?.shape);
            let start: Vec<Expr> = subset.dims().iter().map(|d| d.start.clone()).collect();
            let at = self.element(&target, &start)?;
            self.w.line(&format!("{} = &{at};", ident(&view)));
        }
        Ok(())
    }

    fn map(&mut self, cx: &StateCx, entry: usize) -> Result<(), String> {
        let node = &cx.state.nodes[entry];
        let NodeKind::MapEntry { map, .. } = &node.kind else { unreachable!() };
        self.w.open(&format!("{{  // map {}", node.label));
        // Dynamic range inputs: connectors other than IN_* hold values the
        // range reads.
        for e in cx.state.edges.iter().filter(|e| e.dst == entry) {
            let (Some(conn), Some(data)) = (e.dst_conn.as_deref(), e.memlet.data.as_deref()) else { continue };
            if conn.starts_with("IN_") {
                continue;
            }
            let start = self.start_of(data, &e.memlet.subset)?;
            let (t, at) = (self.elem_type(data)?, self.element(data, &start)?);
            self.w.line(&format!("const {t} {} = {at};", ident(conn)));
        }
        let (dependent, why) = self.iterations_depend(cx, entry);
        let unroll = node.extra.get("unroll").and_then(|v| v.as_bool()).unwrap_or(false);
        if unroll && self.scope_uses_streams(cx, entry) {
            self.unrolled_elements(cx, entry)?;
            self.w.close("}");
            return Ok(());
        }
        let dims = map.range.dims();
        for (k, (p, d)) in map.params.iter().zip(dims).enumerate() {
            self.w.open(&self.loop_header(p, d)?);
            if unroll {
                self.w.pragma("UNROLL");
            } else if k + 1 == dims.len() {
                match &why {
                    None => self.w.pragma("PIPELINE II=1"),
                    Some(reason) => self.w.line(&format!("// not pipelined: {reason}")),
                }
                if dims.len() > 1 && !dependent {
                    self.w.pragma("LOOP_FLATTEN");
                }
            }
        }
        self.scope_body(cx, Some(entry))?;
        for _ in dims {
            self.w.close("}");
        }
        self.w.close("}");
        Ok(())
    }

    /// Whether a memlet inside the scope of `entry` moves stream data.
    fn scope_uses_streams(&self, cx: &StateCx, entry: usize) -> bool {
        let inside = |n: usize| cx.parents[n] == Some(entry) || cx.state.nodes[entry].kind.scope_exit() == Some(n);
        cx.state.edges.iter().any(|e| {
            (inside(e.src) || inside(e.dst))
                && e.memlet.data.as_deref().and_then(|d| self.sdfg.container(d)).is_some_and(|d| d.kind == DataKind::Stream)
        })
    }

    /// `for (...) {` over one map dimension.
    pub(super) fn loop_header(&self, p: &str, d: &Dim) -> Result<String, String> {
        let (b, e, s) = (self.index(&d.start)?, self.index(&d.end)?, self.index(&d.step)?);
        let i = ident(p);
        let cond = match d.step.as_int() {
            Some(k) if k > 0 => format!("{i} <= {e}"),
            Some(_) => format!("{i} >= {e}"),
            None => format!("({s} > 0 ? {i} <= {e} : {i} >= {e})"),
        };
        Ok(format!("for (long long {i} = {b}; {cond}; {i} += {s}) {{"))
    }

    /// Whether iterations of the map at `entry` may depend on each other,
    /// and why its innermost loop is not pipelined (a nested scope, a
    /// nested SDFG, or a write-conflict resolution inside).
    fn iterations_depend(&self, cx: &StateCx, entry: usize) -> (bool, Option<String>) {
        let inside = |mut n: usize| loop {
            match cx.parents[n] {
                Some(p) if p == entry => return true,
                Some(p) => n = p,
                None => return false,
            }
        };
        let exit = cx.state.nodes[entry].kind.scope_exit();
        for (_, node) in cx.state.nodes.iter().enumerate().filter(|&(n, _)| inside(n) && Some(n) != exit) {
            match &node.kind {
                NodeKind::MapEntry { .. } => return (false, Some("it holds an inner map".into())),
                NodeKind::NestedSdfg { .. } => return (true, Some("it calls a nested SDFG".into())),
                _ => {}
            }
        }
        if cx.state.edges.iter().any(|e| e.memlet.wcr.is_some() && (inside(e.src) || Some(e.src) == exit)) {
            return (true, Some("write-conflict resolution carries a dependence between iterations".into()));
        }
        (false, None)
    }

    /// Copies along edge `e` from access node data `src` to `dst`, element
    /// by element in row-major order (shapes may differ when counts agree).
    fn copy(&mut self, e: &DataEdge, src: &str, dst: &str) -> Result<(), String> {
        let ss = e.memlet.copy_subset(src, true, &self.desc(src)?.shape);
        let ds = e.memlet.copy_subset(dst, false, &self.desc(dst)?.shape);
        if self.is_buffer(src) || self.is_buffer(dst) {
            return self.buffer_copy(e, src, &ss, dst, &ds);
        }
        let (src_stream, dst_stream) = (self.desc(src)?.kind == DataKind::Stream, self.desc(dst)?.kind == DataKind::Stream);
        self.w.open(&format!("{{  // copy {src} -> {dst}"));
        let count = ss.dims().iter().fold(Expr::int(1), |a, d| a.mul(&d.num_elements())).simplify();
        let n = self.index(&count)?;
        let k = format!("__copy_{}", self.fresh());
        self.w.open(&format!("for (long long {k} = 0; {k} < {n}; ++{k}) {{"));
        self.w.pragma("PIPELINE II=1");
        let read = if src_stream { format!("{}[0].read()", ident(src)) } else { self.unravelled(src, &ss, &k)? };
        let target = if dst_stream { String::new() } else { self.unravelled(dst, &ds, &k)? };
        let line = match (&e.memlet.wcr, dst_stream) {
            (_, true) => format!("{}[0].write({read});", ident(dst)),
            (Some(w), false) => format!("{target} = {};", super::tasklet::wcr_apply(self, w, &target, &read)?),
            (None, false) => format!("{target} = {read};"),
        };
        self.w.line(&line);
        self.w.close("}");
        self.w.close("}");
        Ok(())
    }

    /// In the host program: a copy to or from FPGA memory, one `read` or
    /// `write` of a contiguous region of the buffer object with its `sync`.
    fn buffer_copy(&mut self, e: &DataEdge, src: &str, ss: &Subset, dst: &str, ds: &Subset) -> Result<(), String> {
        let (Some((src_at, count)), Some((dst_at, _))) = (self.contiguous(src, ss)?, self.contiguous(dst, ds)?) else {
            return Err(format!("copy {src} -> {dst}: only contiguous regions move between host and FPGA memory in the host program"));
        };
        if e.memlet.wcr.is_some() || self.elem_type(src)? != self.elem_type(dst)? {
            return Err(format!("copy {src} -> {dst}: a copy to or from FPGA memory cannot convert or combine values"));
        }
        let elem = self.elem_type(src)?;
        let (bytes, src_off, dst_off) =
            (format!("({count}) * sizeof({elem})"), format!("({src_at}) * sizeof({elem})"), format!("({dst_at}) * sizeof({elem})"));
        let (s, d) = (ident(src), ident(dst));
        match (self.is_buffer(src), self.is_buffer(dst)) {
            (true, true) => self.w.line(&format!("{d}_bo.copy({s}_bo, {bytes}, {src_off}, {dst_off});")),
            (true, false) => {
                self.w.line(&format!("{s}_bo.sync(XCL_BO_SYNC_BO_FROM_DEVICE);"));
                self.w.line(&format!("{s}_bo.read(&{d}[{dst_at}], {bytes}, {src_off});"));
            }
            _ => {
                self.w.line(&format!("{d}_bo.write(&{s}[{src_at}], {bytes}, {dst_off});"));
                self.w.line(&format!("{d}_bo.sync(XCL_BO_SYNC_BO_TO_DEVICE);"));
            }
        }
        Ok(())
    }

    /// The first element (flat index) and the element count of `subset`
    /// when it is one contiguous run of container `name`'s memory.
    fn contiguous(&self, name: &str, subset: &Subset) -> Result<Option<(String, String)>, String> {
        let d = self.desc(name)?;
        let default = crate::model::c_strides(&d.shape);
        let c_order = d.strides.as_ref().is_none_or(|s| s.iter().zip(&default).all(|(a, b)| a.simplify() == b.simplify()));
        let dims = subset.dims();
        let inner_full = dims.iter().zip(&d.shape).skip(1).all(|(dim, extent)| {
            dim.start.as_int() == Some(0) && dim.end.sub(&extent.sub(&Expr::int(1))).simplify().as_int() == Some(0)
        });
        let unit_steps = dims.iter().all(|dim| dim.step.as_int() == Some(1));
        if !(c_order && inner_full && unit_steps) || dims.len() != d.shape.len() {
            return Ok(None);
        }
        let start: Vec<Expr> = dims.iter().map(|dim| dim.start.clone()).collect();
        let count = dims.iter().fold(Expr::int(1), |a, dim| a.mul(&dim.num_elements())).simplify();
        Ok(Some((self.index(&self.linear(name, &start)?)?, self.index(&count)?)))
    }

    /// Element number `k` (row-major) of `subset` of container `name`.
    fn unravelled(&self, name: &str, subset: &Subset, k: &str) -> Result<String, String> {
        let dims = subset.dims();
        let mut indices = Vec::new();
        let mut inner = Expr::int(1);
        for d in dims.iter().rev() {
            let count = d.num_elements().simplify();
            let pos = Expr::call("Mod", vec![Expr::call("int_floor", vec![Expr::sym(k), inner.clone()]), count.clone()]);
            indices.push(d.start.add(&pos.mul(&d.step)));
            inner = inner.mul(&count).simplify();
        }
        indices.reverse();
        self.element(name, &indices)
    }

    /// A nested SDFG: a function of its own, called with pointers to the
    /// first element of each connector's memlet and its symbol values.
    fn nested(&mut self, state: &State, n: usize) -> Result<(), String> {
        let node = &state.nodes[n];
        let NodeKind::NestedSdfg { sdfg, symbol_mapping } = &node.kind else { unreachable!() };
        let mut args: Vec<(String, String)> = Vec::new();
        for e in state.edges.iter().filter(|e| e.dst == n || e.src == n) {
            let conn = if e.dst == n { &e.dst_conn } else { &e.src_conn };
            let (Some(conn), Some(data)) = (conn, &e.memlet.data) else { continue };
            if args.iter().any(|(c, _)| c == conn) {
                continue;
            }
            let start = self.start_of(data, &e.memlet.subset)?;
            args.push((conn.clone(), format!("&{}", self.element(data, &start)?)));
        }
        args.sort();
        let id = self.fresh();
        let name = format!("{}_nested_{id}", self.prefix);
        let mut child = self.child(sdfg);
        let mut params = Vec::new();
        for (conn, _) in &args {
            params.push(child.param(conn)?);
        }
        let mut values = Vec::new();
        for (sym, value) in symbol_mapping {
            params.push(format!("{} {}", child.symbol_type(sym), ident(sym)));
            values.push(super::symbolic(value, self)?);
        }
        child.function_body(&params, &name, &node.label)?;
        let text = std::mem::take(&mut child.w.text);
        self.adopt(child);
        self.helpers.push(text);
        let all: Vec<String> = args.into_iter().map(|(_, a)| a).chain(values).collect();
        self.w.line(&format!("{name}({});", all.join(", ")));
        Ok(())
    }
}

/// The container at the other end of a copy between access node data
/// `own` and a scope's entry (`from_entry`) or exit: the memlet's data when
/// it names another container, else the data of the scope edge outside.
fn outer_data(state: &State, e: &DataEdge, own: &str, from_entry: bool) -> Option<String> {
    if let Some(d) = e.memlet.data.as_deref().filter(|d| *d != own) {
        return Some(d.to_string());
    }
    let (node, conn) = if from_entry { (e.src, e.src_conn.as_deref()?.strip_prefix("OUT_")?) } else { (e.dst, e.dst_conn.as_deref()?.strip_prefix("IN_")?) };
    let outside = state.edges.iter().find(|o| {
        if from_entry {
            o.dst == node && o.dst_conn.as_deref() == Some(&format!("IN_{conn}"))
        } else {
            o.src == node && o.src_conn.as_deref() == Some(&format!("OUT_{conn}"))
        }
    })?;
    outside.memlet.data.clone().filter(|d| d != own)
}

pub(super) fn is_view_edge(e: &DataEdge) -> bool {
    matches!(e.dst_conn.as_deref(), Some("views" | "set")) || e.src_conn.as_deref() == Some("views")
}

fn access(state: &State, n: usize) -> Option<String> {
    match &state.nodes[n].kind {
        NodeKind::Access { data, .. } => Some(data.clone()),
        _ => None,
    }
}
