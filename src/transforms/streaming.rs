//! What StreamingMemory and StreamingComposition share: the SDFGs they
//! search (the SDFG and nested SDFGs outside any scope, as DaCe's "free
//! nodes only" rule walks up the nesting), memlet paths that are single
//! chains ending at one element, the map ranges along them, new stream
//! containers, and memlet paths built through new maps.

use super::place::{self, StatePath};
use super::{Match, Options, Place, Transformation};
use crate::analysis::memlet_tree::memlet_tree;
use crate::analysis::propagation::propagate_memlet;
use crate::model::dataflow::Dataflow;
use crate::model::{conn, scope, DataDesc, DataEdge, DataKind, Loc, Memlet, NodeKind, Sdfg, State, Storage};
use crate::symbolic::{Dim, Expr, Subset};
use std::collections::HashMap;

/// What one streaming transformation adds to what they share; each is a
/// [`Transformation`] through it, searching the free SDFGs ([`free_sdfgs`])
/// and showing a nested match at its outermost nested SDFG node.
pub trait StreamRewrite: Sync {
    const NAME: &'static str;
    const SUMMARY: &'static str;
    /// The matches in one SDFG, not in the SDFGs nested in it.
    fn local_matches(sdfg: &Sdfg) -> Vec<Match>;
    /// Rewrites `sdfg` (the SDFG of the match) at `at`.
    fn rewrite(sdfg: &mut Sdfg, at: &Place, options: &StreamOptions) -> Result<(), String>;
}

impl<T: StreamRewrite> Transformation for T {
    fn name(&self) -> &'static str {
        T::NAME
    }

    fn summary(&self) -> &'static str {
        T::SUMMARY
    }

    fn option_names(&self) -> &'static [&'static str] {
        &["buffer-size", "storage"]
    }

    fn matches(&self, sdfg: &Sdfg) -> Vec<Match> {
        shown_matches(sdfg, &T::local_matches)
    }

    fn matches_with(&self, sdfg: &Sdfg, options: &Options) -> Result<Vec<Match>, String> {
        StreamOptions::parse(options)?;
        Ok(self.matches(sdfg))
    }

    fn recurses(&self) -> bool {
        true
    }

    fn apply(&self, sdfg: &mut Sdfg, m: &Match, options: &Options) -> Result<(), String> {
        let options = StreamOptions::parse(options)?;
        apply_shown(sdfg, &T::local_matches, m, |target, at| T::rewrite(target, at, &options))
    }
}

/// The way down to a nested SDFG: (state, nested SDFG node) steps.
pub type Nesting = Vec<(StatePath, usize)>;

/// The SDFG and every nested SDFG whose node (and every node above it)
/// sits outside any scope, depth first.
pub fn free_sdfgs(sdfg: &Sdfg) -> Vec<(Nesting, &Sdfg)> {
    let mut out = vec![(Vec::new(), sdfg)];
    let mut k = 0;
    while k < out.len() {
        let (path, at) = (out[k].0.clone(), out[k].1);
        for (state_path, state) in place::states(at) {
            let Ok(parents) = scope::scope_parents(state) else { continue };
            for (n, node) in state.nodes.iter().enumerate() {
                if let (NodeKind::NestedSdfg { sdfg: inner, .. }, None) = (&node.kind, parents[n]) {
                    let mut deeper = path.clone();
                    deeper.push((state_path.clone(), n));
                    out.push((deeper, inner));
                }
            }
        }
        k += 1;
    }
    out
}

/// The nested SDFG at `nesting`.
pub fn sdfg_at_mut<'a>(sdfg: &'a mut Sdfg, nesting: &[(StatePath, usize)]) -> Option<&'a mut Sdfg> {
    let Some(((path, node), rest)) = nesting.split_first() else { return Some(sdfg) };
    match &mut place::state_mut(sdfg, path)?.nodes.get_mut(*node)?.kind {
        NodeKind::NestedSdfg { sdfg: inner, .. } => sdfg_at_mut(inner, rest),
        _ => None,
    }
}

/// Matches of a per-SDFG matcher in every free SDFG. A nested one's match
/// keeps the top-level state and nested node in its place and names the
/// nesting in its description; [`find`] maps it back.
pub fn deep_matches(sdfg: &Sdfg, local: &dyn Fn(&Sdfg) -> Vec<Match>) -> Vec<(Nesting, Match)> {
    let mut out = Vec::new();
    for (nesting, inner) in free_sdfgs(sdfg) {
        let prefix: String = nesting.iter().map(|_| "in a nested SDFG: ").collect();
        for m in local(inner) {
            let description = format!("{prefix}{}", m.description);
            out.push((nesting.clone(), Match { description, ..m }));
        }
    }
    out
}

/// The shown form of a deep match: nested ones are placed at their
/// outermost nested SDFG node.
pub fn shown(nesting: &Nesting, m: Match) -> Match {
    match nesting.first() {
        Some((state, node)) => Match { place: Place { state: state.clone(), node: *node }, ..m },
        None => m,
    }
}

/// Every deep match, as shown.
pub fn shown_matches(sdfg: &Sdfg, local: &dyn Fn(&Sdfg) -> Vec<Match>) -> Vec<Match> {
    deep_matches(sdfg, local).into_iter().map(|(n, m)| shown(&n, m)).collect()
}

/// Applies `f` in the SDFG of a shown match, at its place there.
pub fn apply_shown(
    sdfg: &mut Sdfg,
    local: &dyn Fn(&Sdfg) -> Vec<Match>,
    m: &Match,
    f: impl FnOnce(&mut Sdfg, &Place) -> Result<(), String>,
) -> Result<(), String> {
    let (nesting, inner) = deep_matches(sdfg, local).into_iter().find(|(n, inner)| shown(n, inner.clone()) == *m).ok_or("match no longer applies")?;
    let target = sdfg_at_mut(sdfg, &nesting).ok_or("match refers to a missing nested SDFG")?;
    f(target, &inner.place)
}

/// One match per access node outside any scope that `describe` names.
pub fn free_access_matches(sdfg: &Sdfg, describe: &dyn Fn(&State, &Dataflow, usize) -> Option<String>) -> Vec<Match> {
    let mut out = Vec::new();
    for (path, state) in place::states(sdfg) {
        let Ok(parents) = scope::scope_parents(state) else { continue };
        let graph = Dataflow::new(state);
        for a in (0..state.nodes.len()).filter(|&a| parents[a].is_none()) {
            if let Some(what) = describe(state, &graph, a) {
                let description = format!("{what} in state '{}'", place::state_label(sdfg, &path));
                out.push(Match { place: Place { state: path.clone(), node: a }, description });
            }
        }
    }
    out
}

/// The edges of the memlet path that starts at edge `e` of an access node
/// and goes inwards (`up`: through map exits towards the producer), in
/// order from the access node, when it is a single chain (DaCe: the memlet
/// path is the whole memlet tree) through maps only.
pub fn chain(graph: &Dataflow, e: usize, up: bool) -> Option<Vec<usize>> {
    let (edges, leaves) = memlet_tree(graph, e, up)?;
    (leaves.len() == 1).then_some(edges)
}

/// The maps along a chain, outermost first: (entry node, map).
pub fn chain_maps(state: &State, chain: &[usize], up: bool) -> Vec<usize> {
    let mut out = Vec::new();
    for &i in chain {
        let e = &state.edges[i];
        let node = if up { e.src } else { e.dst };
        match &state.nodes[node].kind {
            NodeKind::MapExit { entry } if up => out.push(*entry),
            NodeKind::MapEntry { .. } if !up => out.push(node),
            _ => {}
        }
    }
    out
}

/// The (parameter, range) pairs of the maps, outermost first.
pub fn ranges(state: &State, entries: &[usize]) -> Vec<(String, Dim)> {
    let mut out = Vec::new();
    for &entry in entries {
        if let NodeKind::MapEntry { map, .. } = &state.nodes[entry].kind {
            out.extend(map.params.iter().cloned().zip(map.range.dims().iter().cloned()));
        }
    }
    out
}

/// Whether a memlet moves exactly one element, once, unconditionally.
pub fn one_element(m: &Memlet) -> bool {
    let Some(subset) = &m.subset else { return false };
    let one = |e: &Expr| e.simplify().as_int() == Some(1);
    one(&subset.num_elements()) && m.volume.as_ref().is_none_or(one) && !m.dynamic
}

/// Whether different iterations of the maps with `params` reach different
/// elements through `m`: each parameter drives exactly one index, at a
/// constant non-zero step, and no index mixes two parameters.
pub fn one_element_per_iteration(m: &Memlet, params: &[String]) -> bool {
    let Some(subset) = &m.subset else { return false };
    let mut driven = Vec::new();
    for d in subset.dims() {
        let used: Vec<&String> = params.iter().filter(|p| d.start.free_symbols().contains(*p)).collect();
        match used.as_slice() {
            [] => {}
            [p] if d.start.unit_step(p).is_some_and(|s| s != 0) => driven.push(*p),
            _ => return false,
        }
    }
    driven.sort();
    driven.dedup();
    driven.len() == params.len()
}

/// The indices a one-element memlet reaches, with the parameters of
/// `ranges` renamed to their position, so that two memlets under
/// equivalent maps compare equal.
pub fn canonical_indices(m: &Memlet, ranges: &[(String, Dim)]) -> Vec<Expr> {
    let names: HashMap<String, Expr> =
        ranges.iter().enumerate().map(|(k, (p, _))| (p.clone(), Expr::sym(&format!("__dace{k}")))).collect();
    m.subset.iter().flat_map(|s| s.dims()).map(|d| d.start.substitute(&names).simplify()).collect()
}

/// The `buffer-size` and `storage` options of the streaming transformations.
pub struct StreamOptions {
    pub buffer_size: i64,
    pub storage: Storage,
}

impl StreamOptions {
    pub fn parse(options: &Options) -> Result<StreamOptions, String> {
        let buffer_size = options.positive("buffer-size", 1)?;
        let storage = match options.get("storage") {
            Some(s) => s.parse::<Storage>().map_err(|e| format!("storage={s}: {e}"))?,
            None => Storage::Default,
        };
        Ok(StreamOptions { buffer_size, storage })
    }
}

/// Declares a new one-element stream of `like`'s element type named after
/// `data` (`stream_<data>`, made unique); returns its name.
pub fn add_stream(sdfg: &mut Sdfg, data: &str, like: &DataDesc, options: &StreamOptions) -> String {
    let name = sdfg.unique_container_name(&format!("stream_{data}"));
    let desc = DataDesc {
        kind: DataKind::Stream,
        dtype: like.dtype.clone(),
        shape: vec![Expr::int(1)],
        strides: None,
        offset: None,
        total_size: None,
        transient: true,
        storage: options.storage,
        lifetime: Default::default(),
        buffer_size: Some(Expr::int(options.buffer_size)),
        optional: None,
        extra: Default::default(),
        loc: like.loc.clone(),
    };
    sdfg.containers.push((name.clone(), desc));
    name
}

/// One element of a stream.
pub fn stream_memlet(stream: &str, other_subset: Option<Subset>) -> Memlet {
    Memlet {
        data: Some(stream.to_string()),
        subset: Some(Subset::Range(vec![Dim::index(Expr::int(0))])),
        other_subset,
        ..Default::default()
    }
}

/// Connects `outer` (an access node) with connector `inner_conn` of node
/// `inner` through the maps `entries` (outermost first), adding their
/// `IN_x`/`OUT_x` pairs for `x` = the memlet's data; the memlet is the
/// innermost one, propagated outwards. `read`: data flows from `outer`
/// through the entries into `inner`; else from `inner` out through the
/// maps' exits into `outer`. `shape` is the data's, for propagation.
/// The ends of a new memlet path and the maps it passes.
pub struct PathEnds<'a> {
    pub outer: usize,
    pub entries: &'a [usize],
    pub inner: usize,
    pub inner_conn: &'a str,
}

pub fn add_memlet_path(state: &mut State, ends: PathEnds, memlet: Memlet, shape: &[Expr], read: bool, loc: &Loc) {
    let PathEnds { outer, entries, inner, inner_conn } = ends;
    let data = memlet.data.clone().unwrap_or_default();
    // Memlets from the innermost map outwards.
    let mut memlets = vec![memlet];
    for &entry in entries.iter().rev() {
        let NodeKind::MapEntry { map, .. } = &state.nodes[entry].kind else { continue };
        let inner_memlet = memlets.last().expect("one memlet");
        let full = Memlet { subset: Some(super::uses::full_subset(shape)), ..inner_memlet.clone() };
        memlets.push(propagate_memlet(inner_memlet, map, &[], shape).unwrap_or(full));
    }
    memlets.reverse();
    let scope_node = |state: &State, entry: usize| if read { entry } else { state.nodes[entry].kind.scope_exit().expect("a map entry") };
    let mut nodes: Vec<(usize, Option<String>, Option<String>)> = vec![(outer, None, None)];
    for &entry in entries {
        let n = scope_node(state, entry);
        let (into, out_of) = if read { (conn::in_conn(&data), conn::out_conn(&data)) } else { (conn::out_conn(&data), conn::in_conn(&data)) };
        let node = &mut state.nodes[n];
        let (ins, outs) = if read { (into.clone(), out_of.clone()) } else { (out_of.clone(), into.clone()) };
        if !node.has_in_connector(&ins) {
            node.in_connectors.push((ins, None));
        }
        if !node.has_out_connector(&outs) {
            node.out_connectors.push((outs, None));
        }
        nodes.push((n, Some(into), Some(out_of)));
    }
    nodes.push((inner, Some(inner_conn.to_string()), None));
    for (k, memlet) in memlets.into_iter().enumerate() {
        let (a, b) = (&nodes[k], &nodes[k + 1]);
        // Towards the inside, `a` hands over through its `out_of` connector.
        let (from, from_conn, to, to_conn) = (a.0, a.2.clone(), b.0, b.1.clone());
        let edge = if read {
            DataEdge { src: from, src_conn: from_conn, dst: to, dst_conn: to_conn, memlet, loc: loc.clone() }
        } else {
            DataEdge { src: to, src_conn: to_conn, dst: from, dst_conn: from_conn, memlet, loc: loc.clone() }
        };
        state.edges.push(edge);
    }
}
