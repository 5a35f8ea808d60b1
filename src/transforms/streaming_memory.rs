//! StreamingMemory (DaCe's): the reads (or the writes) of an off-chip array
//! by a computation move into a processing element of their own, a map with
//! the same ranges that copies the array element by element into a stream
//! (or from a stream into the array); the computation reads (writes) the
//! stream instead.
//!
//! ```mlir
//! // map i: A[i] -> t -> B[i]
//! sdfg.memlet %A -> %e["IN_A"] {data = "A", subset = #sdfg.range<0:N>}
//! sdfg.memlet %e["OUT_A"] -> %t["a"] {data = "A", subset = #sdfg.range<i>}
//! ```
//! becomes
//! ```mlir
//! // map __sread_stream_A [i = 0:N]: A[i] -> read_stream_A -> stream_A[0]
//! // map i: stream_A[0] -> t -> B[i]
//! %s = sdfg.access "stream_A"
//! sdfg.memlet %s -> %e["IN_A"] {data = "stream_A", subset = #sdfg.range<0>}
//! sdfg.memlet %e["OUT_A"] -> %t["a"] {data = "stream_A", subset = #sdfg.range<0>}
//! ```
//!
//! Every edge of the access node gets a stream of its own. Edges under
//! maps of the same ranges whose innermost memlets reach the same indices
//! (map parameters matched by position) share one reader (DaCe groups by
//! the indices alone, and a reader then runs the first edge's maps for all), which pushes each element into all their
//! streams, unless one of those consumers comes after another in the graph
//! (one reader feeding both would deadlock); a writer takes the first of
//! its streams.
//!
//! Preconditions (DaCe's): the access node is only read or only written,
//! outside any scope (and so is its nested SDFG), of an array in off-chip
//! memory (`CPU_Heap`, `CPU_Pinned`, `GPU_Global`, `FPGA_Global`); each of
//! its edges starts a memlet path that is its whole memlet tree, through
//! maps without dynamic ranges, ending in one element moved once; at least
//! one edge meets a map that is not already a reader or writer (`__s...`).
//! Here also: no innermost end is a nested SDFG (DaCe turns the nested
//! container into a stream; not done). Options: `buffer-size` (default 1)
//! and `storage` (default `Default`) of the new streams. DaCe's memory
//! buffering (wide words through a gearbox) is not offered.

use super::map_expansion::has_dynamic_inputs;
use super::streaming::{self, PathEnds, StreamOptions};
use super::uses::{access_data, reachable};
use super::{place, Match, Place};
use crate::model::dataflow::Dataflow;
use crate::model::{CodeBlock, DataKind, Memlet, Node, NodeKind, Sdfg, State, Storage};
use crate::symbolic::Expr;

pub struct StreamingMemory;

impl streaming::StreamRewrite for StreamingMemory {
    const NAME: &'static str = "sdfg-streaming-memory";
    const SUMMARY: &'static str = "DaCe's StreamingMemory: reads or writes of off-chip memory become reader/writer maps feeding streams";

    fn local_matches(sdfg: &Sdfg) -> Vec<Match> {
        local_matches(sdfg)
    }

    fn rewrite(sdfg: &mut Sdfg, at: &Place, options: &StreamOptions) -> Result<(), String> {
        stream(sdfg, at, options)
    }
}

fn local_matches(sdfg: &Sdfg) -> Vec<Match> {
    streaming::free_access_matches(sdfg, &|state, graph, a| {
        let what = if plan(sdfg, state, graph, a)?.read { "reads of" } else { "writes of" };
        Some(format!("{what} '{}'", access_data(state, a)?))
    })
}

/// One edge of the access node: its memlet path inwards and the
/// (parameter, range) pairs of its maps, outermost first.
struct Path {
    edges: Vec<usize>,
    maps: Vec<usize>,
    ranges: Vec<(String, crate::symbolic::Dim)>,
}

struct Plan {
    read: bool,
    paths: Vec<Path>,
}

fn plan(sdfg: &Sdfg, state: &State, graph: &Dataflow, a: usize) -> Option<Plan> {
    let data = access_data(state, a)?;
    let desc = sdfg.container(data)?;
    let (ins, outs) = (graph.in_edges(a), graph.out_edges(a));
    let read = match (ins.is_empty(), outs.is_empty()) {
        (true, false) => true,
        (false, true) => false,
        _ => return None,
    };
    let off_chip = matches!(desc.storage, Storage::CpuHeap | Storage::CpuPinned | Storage::GpuGlobal | Storage::FpgaGlobal);
    if desc.kind == DataKind::Stream || !off_chip {
        return None;
    }
    let edges = if read { outs } else { ins };
    // The pattern: the node next to an entry (or exit) that is not already
    // one of ours.
    let ours = |e: usize| {
        let edge = &state.edges[e];
        let entry = match &state.nodes[if read { edge.dst } else { edge.src }].kind {
            NodeKind::MapEntry { .. } | NodeKind::ConsumeEntry { .. } if read => Some(edge.dst),
            NodeKind::MapExit { entry } | NodeKind::ConsumeExit { entry } if !read => Some(*entry),
            _ => None,
        };
        entry.map(|n| state.nodes[n].label.starts_with("__s"))
    };
    if !edges.iter().any(|&e| ours(e) == Some(false)) {
        return None;
    }
    let mut paths = Vec::new();
    for &e in edges {
        let chain = streaming::chain(graph, e, !read)?;
        let innermost = &state.edges[*chain.last()?];
        let end = if read { innermost.dst } else { innermost.src };
        if matches!(state.nodes[end].kind, NodeKind::NestedSdfg { .. }) || !streaming::one_element(&innermost.memlet) {
            return None;
        }
        let maps = streaming::chain_maps(state, &chain, !read);
        if maps.iter().any(|&m| has_dynamic_inputs(&state.nodes[m])) {
            return None;
        }
        let ranges = streaming::ranges(state, &maps);
        paths.push(Path { edges: chain, maps, ranges });
    }
    Some(Plan { read, paths })
}

/// Groups of paths served by one reader or writer, as indices into `paths`.
fn components(state: &State, plan: &Plan) -> Vec<Vec<usize>> {
    type Key = (Vec<crate::symbolic::Dim>, Vec<Expr>);
    let mut keyed: Vec<(Key, Vec<usize>)> = Vec::new();
    for (k, p) in plan.paths.iter().enumerate() {
        let indices = streaming::canonical_indices(&state.edges[*p.edges.last().expect("a path")].memlet, &p.ranges);
        let key = (p.ranges.iter().map(|(_, d)| d.clone()).collect(), indices);
        match keyed.iter_mut().find(|(x, _)| *x == key) {
            Some((_, v)) => v.push(k),
            None => keyed.push((key, vec![k])),
        }
    }
    let mut groups: Vec<Vec<usize>> = keyed.into_iter().map(|(_, v)| v).collect();
    if plan.read {
        // A consumer that another consumer of the same reader leads to
        // gets a reader of its own.
        let first_node = |k: usize| state.edges[plan.paths[k].edges[0]].dst;
        let mut split = Vec::new();
        for group in &mut groups {
            let after: Vec<usize> = group
                .iter()
                .copied()
                .filter(|&c| group.iter().any(|&o| o != c && (first_node(o) == first_node(c) || reachable(state, first_node(o), true)[first_node(c)])))
                .collect();
            group.retain(|k| !after.contains(k));
            split.extend(after.into_iter().map(|k| vec![k]));
        }
        groups.extend(split);
        groups.retain(|g| !g.is_empty());
    }
    groups
}

fn stream(sdfg: &mut Sdfg, at: &Place, options: &StreamOptions) -> Result<(), String> {
    let state = place::state(sdfg, &at.state).ok_or("match refers to a missing state")?;
    let a = at.node;
    let plan = plan(sdfg, state, &Dataflow::new(state), a).ok_or("match no longer applies")?;
    let groups = components(state, &plan);
    let data = access_data(state, a).ok_or("not an access node")?.to_string();
    let desc = sdfg.container(&data).ok_or("undeclared data")?.clone();
    let innermost: Vec<Memlet> = plan.paths.iter().map(|p| state.edges[*p.edges.last().expect("a path")].memlet.clone()).collect();
    let streams: Vec<String> = plan.paths.iter().map(|_| streaming::add_stream(sdfg, &data, &desc, options)).collect();
    let state = place::state_mut(sdfg, &at.state).ok_or("match refers to a missing state")?;
    let loc = state.nodes[a].loc.clone();
    // The computation reads (writes) its own stream.
    for (p, name) in plan.paths.iter().zip(&streams) {
        for &e in &p.edges {
            let other = state.edges[e].memlet.other_subset.clone();
            state.edges[e].memlet = streaming::stream_memlet(name, other);
        }
        let s = state.nodes.len();
        state.nodes.push(super::local_storage::access_node(name, &loc));
        let outer = &mut state.edges[p.edges[0]];
        if plan.read {
            outer.src = s;
        } else {
            outer.dst = s;
        }
    }
    // One reader (writer) map nest per group.
    let op = if plan.read { "read" } else { "write" };
    for group in &groups {
        let first = &plan.paths[group[0]];
        let name = &streams[group[0]];
        let mut entries = Vec::new();
        for &m in &first.maps {
            let NodeKind::MapEntry { map, .. } = &state.nodes[m].kind else { continue };
            let (entry, exit) = (state.nodes.len(), state.nodes.len() + 1);
            let label = format!("__s{op}_{name}");
            state.nodes.push(Node::new(&label, NodeKind::MapEntry { map: map.clone(), exit }, &[] as &[&str], &[], &loc));
            state.nodes.push(Node::new(&label, NodeKind::MapExit { entry }, &[] as &[&str], &[], &loc));
            entries.push(entry);
        }
        let mut inner = innermost[group[0]].clone();
        inner.other_subset = None;
        let t = state.nodes.len();
        let outs: Vec<String> = (0..group.len()).map(|i| format!("__out{i}")).collect();
        let ins: Vec<String> = (0..group.len()).map(|i| format!("__inp{i}")).collect();
        let (code, tin, tout) = if plan.read {
            let code = outs.iter().map(|o| format!("{o} = __inp")).collect::<Vec<_>>().join("\n");
            (code, vec!["__inp".to_string()], outs.clone())
        } else {
            ("__out = __inp0".to_string(), ins.clone(), vec!["__out".to_string()])
        };
        state.nodes.push(Node::new(&format!("{op}_{name}"), NodeKind::Tasklet { code: CodeBlock::python(code) }, &tin, &tout, &loc));
        let conn = if plan.read { "__inp" } else { "__out" };
        let ends = PathEnds { outer: a, entries: &entries, inner: t, inner_conn: conn };
        streaming::add_memlet_path(state, ends, inner, &desc.shape, plan.read, &loc);
        for (i, &k) in group.iter().enumerate() {
            let s = state.nodes.len();
            state.nodes.push(super::local_storage::access_node(&streams[k], &loc));
            let conn = if plan.read { &outs[i] } else { &ins[i] };
            let ends = PathEnds { outer: s, entries: &entries, inner: t, inner_conn: conn };
            streaming::add_memlet_path(state, ends, streaming::stream_memlet(&streams[k], None), &[Expr::int(1)], !plan.read, &loc);
        }
    }
    Ok(())
}
