//! States whose parts talk through streams: each part is a processing
//! element, a function of its own, and all of them are called inside
//! `#pragma HLS DATAFLOW`; in emulation each runs in its own thread, so
//! that bounded streams behave as in hardware, and an element that reads
//! memory another writes starts when the writer has finished.

use super::state::{is_view_edge, StateCx};
use super::{ident, Func};
use crate::lowering::fpga::kernel::{containers_of, symbols_read};
use crate::model::{DataKind, NodeKind, Sdfg, State};
use std::collections::{BTreeMap, BTreeSet};

impl Func<'_> {
    /// Writes `state` as a dataflow region when streams join its parts;
    /// `false` when they do not (the caller writes it in order).
    pub(super) fn dataflow(&mut self, state: &State) -> Result<bool, String> {
        let parts = processing_elements(state);
        if parts.len() < 2 || !streams_cross(self.sdfg, state, &parts) {
            return Ok(false);
        }
        let order = run_order(self.sdfg, state, &parts)?;
        let mut calls = Vec::new();
        for (k, (p, deps)) in order.iter().enumerate() {
            let part = &parts[*p];
            let id = self.fresh();
            let pe = format!("{}_pe_{id}", self.prefix);
            let sub = sub_state(state, &with_neighbours(state, part));
            let reached: Vec<String> = containers_of(&sub).into_iter().collect();
            let mut params = Vec::new();
            let mut args = Vec::new();
            for c in &reached {
                params.push(self.param(c)?);
                args.push(ident(c));
            }
            for s in symbols_read(self.sdfg, &sub) {
                params.push(format!("{} {}", self.symbol_type(&s), ident(&s)));
                args.push(ident(&s));
            }
            let outer = std::mem::take(&mut self.w);
            self.w.open("");
            self.state(state, Some(part))?;
            let body = std::mem::replace(&mut self.w, outer).text;
            let params = super::unnamed_if_unused(&params, &body);
            let text = format!("// processing element {k}\nstatic void {pe}({}) {{\n{}}}\n", params.join(", "), body.trim_start_matches('\n'));
            self.helpers.push(text);
            if !deps.is_empty() {
                let list: Vec<String> = deps.iter().map(|d| d.to_string()).collect();
                calls.push(format!("SDFG_HLS_DATAFLOW_AFTER({});", list.join(", ")));
            }
            calls.push(format!("SDFG_HLS_DATAFLOW_CALL({pe}, {});", args.join(", ")));
        }
        self.w.open("{");
        self.w.pragma("DATAFLOW");
        self.w.line("SDFG_HLS_DATAFLOW_BEGIN();");
        for c in &calls {
            self.w.line(c);
        }
        self.w.line("SDFG_HLS_DATAFLOW_END();");
        self.w.close("}");
        Ok(true)
    }
}

impl Func<'_> {
    /// An unrolled map whose iterations talk through streams (a systolic
    /// array): each iteration is a processing element, the map's body a
    /// function of the iteration's parameter, called for every value in an
    /// unrolled loop inside `#pragma HLS DATAFLOW`.
    pub(super) fn unrolled_elements(&mut self, cx: &StateCx, entry: usize) -> Result<(), String> {
        let state = cx.state;
        let NodeKind::MapEntry { map, exit } = &state.nodes[entry].kind else { unreachable!() };
        let [param] = map.params.as_slice() else {
            return Err(format!("unrolled map '{}' of processing elements: only one dimension is supported", state.nodes[entry].label));
        };
        let mut body: BTreeSet<usize> = BTreeSet::from([entry, *exit]);
        for n in 0..state.nodes.len() {
            let mut up = cx.parents[n];
            while let Some(p) = up {
                if p == entry {
                    body.insert(n);
                    break;
                }
                up = cx.parents[p];
            }
        }
        let sub = sub_state(state, &with_neighbours(state, &body));
        let mut params = Vec::new();
        let mut args = Vec::new();
        for c in containers_of(&sub) {
            params.push(self.param(&c)?);
            args.push(ident(&c));
        }
        for s in symbols_read(self.sdfg, &sub).into_iter().filter(|s| s != param) {
            params.push(format!("{} {}", self.symbol_type(&s), ident(&s)));
            args.push(ident(&s));
        }
        params.push(format!("long long {}", ident(param)));
        args.push(ident(param));
        let id = self.fresh();
        let pe = format!("{}_pe_{id}", self.prefix);
        let outer = std::mem::take(&mut self.w);
        self.w.open("");
        self.scope_body(cx, Some(entry))?;
        let text = std::mem::replace(&mut self.w, outer).text;
        let params = super::unnamed_if_unused(&params, &text);
        let label = &state.nodes[entry].label;
        self.helpers.push(format!(
            "// processing element of unrolled map '{label}', one per value of {param}\nstatic void {pe}({}) {{\n{}}}\n",
            params.join(", "),
            text.trim_start_matches('\n')
        ));
        self.w.open("{");
        self.w.pragma("DATAFLOW");
        self.w.line("SDFG_HLS_DATAFLOW_BEGIN();");
        self.w.open(&self.loop_header(param, &map.range.dims()[0])?);
        self.w.pragma("UNROLL");
        self.w.line(&format!("SDFG_HLS_DATAFLOW_CALL_AT({}, {pe}, {});", ident(param), args.join(", ")));
        self.w.close("}");
        self.w.line("SDFG_HLS_DATAFLOW_END();");
        self.w.close("}");
        Ok(())
    }
}

/// The processing elements of a state: the parts its access nodes cut it
/// into (a scope with what it holds, a tasklet or nested SDFG outside
/// scopes), and each access node that is the target of copies on its own.
/// A stream between parts is a FIFO between two processes; other memory
/// passes from the parts that write it to those that read it.
fn processing_elements(state: &State) -> Vec<BTreeSet<usize>> {
    let n = state.nodes.len();
    let mut parent: Vec<usize> = (0..n).collect();
    fn find(p: &mut [usize], x: usize) -> usize {
        let mut r = x;
        while p[r] != r {
            r = p[r];
        }
        p[x] = r;
        r
    }
    let access = |n: usize| matches!(&state.nodes[n].kind, NodeKind::Access { .. });
    for e in state.edges.iter().filter(|e| !access(e.src) && !access(e.dst)) {
        let (ra, rb) = (find(&mut parent, e.src), find(&mut parent, e.dst));
        parent[ra] = rb;
    }
    let copied = |i: usize| state.edges.iter().any(|e| e.dst == i && access(e.src) && !is_view_edge(e));
    let mut parts: BTreeMap<usize, BTreeSet<usize>> = BTreeMap::new();
    for i in (0..n).filter(|&i| !access(i) || copied(i)) {
        let r = find(&mut parent, i);
        parts.entry(r).or_default().insert(i);
    }
    parts.into_values().collect()
}

/// The parts in an order where every writer of memory (other than
/// streams) comes before its readers, each with the positions (in that
/// order) of the parts it waits for.
fn run_order(sdfg: &Sdfg, state: &State, parts: &[BTreeSet<usize>]) -> Result<Vec<(usize, Vec<usize>)>, String> {
    let part_of = |n: usize| parts.iter().position(|p| p.contains(&n));
    let access = |n: usize| matches!(&state.nodes[n].kind, NodeKind::Access { .. });
    // The parts that write access node `x`, through chains of access nodes
    // (views, and copies that are no part of their own).
    fn writers(state: &State, x: usize, part_of: &dyn Fn(usize) -> Option<usize>, access: &dyn Fn(usize) -> bool, depth: usize, out: &mut BTreeSet<usize>) {
        out.extend(part_of(x));
        for e in state.edges.iter().filter(|e| e.dst == x) {
            match part_of(e.src) {
                Some(p) => {
                    out.insert(p);
                }
                None if access(e.src) && depth < state.nodes.len() => writers(state, e.src, part_of, access, depth + 1, out),
                None => {}
            }
        }
    }
    let mut after: Vec<BTreeSet<usize>> = vec![BTreeSet::new(); parts.len()];
    for (x, node) in state.nodes.iter().enumerate() {
        let NodeKind::Access { data, .. } = &node.kind else { continue };
        if is_stream(sdfg, data) {
            continue;
        }
        let mut w = BTreeSet::new();
        writers(state, x, &part_of, &access, 0, &mut w);
        let readers: BTreeSet<usize> = state.edges.iter().filter(|e| e.src == x).filter_map(|e| part_of(e.dst)).collect();
        for &r in &readers {
            after[r].extend(w.iter().filter(|&&p| p != r));
        }
    }
    let mut placed: Vec<Option<usize>> = vec![None; parts.len()];
    let mut order = Vec::new();
    while order.len() < parts.len() {
        let next = (0..parts.len())
            .find(|&p| placed[p].is_none() && after[p].iter().all(|d| placed[*d].is_some()))
            .ok_or("the processing elements of a state wait for each other in a cycle")?;
        placed[next] = Some(order.len());
        let deps = after[next].iter().filter_map(|d| placed[*d]).collect();
        order.push((next, deps));
    }
    Ok(order)
}

fn is_stream(sdfg: &Sdfg, data: &str) -> bool {
    sdfg.container(data).is_some_and(|d| d.kind == DataKind::Stream)
}

/// Whether some stream is reached from more than one part.
fn streams_cross(sdfg: &Sdfg, state: &State, parts: &[BTreeSet<usize>]) -> bool {
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    for (k, part) in parts.iter().enumerate() {
        for data in containers_of(&sub_state(state, &with_neighbours(state, part))).into_iter().filter(|d| is_stream(sdfg, d)) {
            if seen.insert(data, k).is_some_and(|other| other != k) {
                return true;
            }
        }
    }
    false
}

/// A part with the access nodes it reads from or writes to (those that cut
/// the state), so that its edges name all the memory it reaches.
fn with_neighbours(state: &State, part: &BTreeSet<usize>) -> BTreeSet<usize> {
    let mut out = part.clone();
    for e in &state.edges {
        for (inside, other) in [(e.src, e.dst), (e.dst, e.src)] {
            if part.contains(&inside) && matches!(state.nodes[other].kind, NodeKind::Access { .. }) {
                out.insert(other);
            }
        }
    }
    out
}

/// The nodes of `part` and the edges among them, renumbered.
fn sub_state(state: &State, part: &BTreeSet<usize>) -> State {
    let index: BTreeMap<usize, usize> = part.iter().enumerate().map(|(new, &old)| (old, new)).collect();
    let nodes = part
        .iter()
        .map(|&old| {
            let mut node = state.nodes[old].clone();
            match &mut node.kind {
                NodeKind::MapEntry { exit: other, .. }
                | NodeKind::ConsumeEntry { exit: other, .. }
                | NodeKind::MapExit { entry: other }
                | NodeKind::ConsumeExit { entry: other } => *other = index.get(other).copied().unwrap_or(*other),
                _ => {}
            }
            node
        })
        .collect();
    let edges = state
        .edges
        .iter()
        .filter_map(|e| {
            let (src, dst) = (*index.get(&e.src)?, *index.get(&e.dst)?);
            let mut e = e.clone();
            e.src = src;
            e.dst = dst;
            Some(e)
        })
        .collect();
    State { nodes, edges }
}
