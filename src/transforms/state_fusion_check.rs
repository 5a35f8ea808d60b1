//! State fusion's conditions on the dataflow of two states, and the merge
//! of their graphs. What the conditions need of a state is gathered once
//! into `Accesses`; when a state is fused into another, the fused state's
//! `Accesses` follow from the two parts (`absorb`) instead of a new walk, so
//! fusing a chain of states costs the size of the chain, not its square.

use crate::model::{scope, NodeKind, State};
use std::collections::{HashMap, HashSet};

/// For fusable states, the access nodes to merge: the first state's writer
/// of each container the second reads, with the second's readers of it.
pub(super) type Merges = Vec<(usize, Vec<usize>)>;

/// What the fusion conditions read of a state.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Accesses {
    /// Containers read: by an access node with out-edges (or with no edges
    /// at all), or by a memlet between two other nodes. After `absorb` it
    /// may also name containers that only `writes` should: a read merged
    /// into the writer. The conditions never tell the two apart, since every
    /// one that looks at a read of a written container also sees the write.
    pub reads: HashSet<String>,
    /// Containers written: by an access node with in-edges.
    pub writes: HashSet<String>,
    /// Per written container, how many access nodes write it and the first.
    pub writers: HashMap<String, (usize, usize)>,
    /// Each node's innermost scope entry; `None` when the scope tree is
    /// broken (then nothing may flow through the state).
    pub parents: Option<Vec<Option<usize>>>,
}

impl Accesses {
    pub fn of(s: &State) -> Accesses {
        let (mut reads, mut writes) = (HashSet::new(), HashSet::new());
        let mut writers: HashMap<String, (usize, usize)> = HashMap::new();
        let (ins, outs) = scope::adjacency(s);
        let is_access = |n: usize| matches!(s.nodes.get(n).map(|n| &n.kind), Some(NodeKind::Access { .. }));
        for e in &s.edges {
            if let Some(d) = &e.memlet.data {
                if !is_access(e.src) && !is_access(e.dst) && !reads.contains(d) {
                    reads.insert(d.clone());
                }
            }
        }
        for (i, n) in s.nodes.iter().enumerate() {
            let NodeKind::Access { data, .. } = &n.kind else { continue };
            if !ins[i].is_empty() {
                writers.entry(data.clone()).and_modify(|(count, _)| *count += 1).or_insert((1, i));
                writes.insert(data.clone());
            }
            if (!outs[i].is_empty() || ins[i].is_empty()) && !reads.contains(data) {
                reads.insert(data.clone());
            }
        }
        Accesses { reads, writes, writers, parents: scope::scope_parents(s).ok() }
    }

    /// Takes in those of a state fused into this one, whose node `i` is now
    /// node `moved[i]` (readers merged into a writer map to the writer).
    pub fn absorb(&mut self, other: Accesses, moved: &[usize]) {
        self.reads.extend(other.reads);
        self.writes.extend(other.writes);
        for (name, (count, first)) in other.writers {
            self.writers.entry(name).and_modify(|(mine, _)| *mine += count).or_insert((count, moved[first]));
        }
        self.parents = match (self.parents.take(), other.parents) {
            (Some(mut mine), Some(theirs)) => {
                let start = mine.len();
                for (i, p) in theirs.into_iter().enumerate() {
                    if moved[i] >= start {
                        mine.push(p.map(|entry| moved[entry]));
                    }
                }
                Some(mine)
            }
            _ => None,
        };
    }
}

/// DaCe's StateFusion conditions on the dataflow of `a` and `b` (graphs
/// `sa` and `sb`, `b` runs second): no view or reference (`aliases`) is
/// touched by both, and each container `b` reads after `a` writes it has
/// a top-level writer in `a` after every other (the only one, or one each
/// other reaches) and only top-level readers in `b` (access nodes `b` does
/// not write), every read starting at one of them. What `b`
/// writes and `a` reads or writes must be written after `a`'s accesses in
/// the fused graph: a path from each of `a`'s access nodes of it to each of
/// `b`'s writing nodes, through the merged nodes. `None` when they fail,
/// else the access nodes to merge.
pub(super) fn merges(aliases: &HashSet<String>, a: &Accesses, b: &Accesses, sa: &State, sb: &State) -> Option<Merges> {
    let mut overwritten: Vec<&String> = b.writes.iter().filter(|n| a.reads.contains(*n) || a.writes.contains(*n)).collect();
    overwritten.sort();
    let in_a = |n: &String| a.reads.contains(n) || a.writes.contains(n);
    if b.reads.iter().chain(&b.writes).any(|n| in_a(n) && aliases.contains(n)) {
        return None;
    }
    let mut flows: Vec<&String> = b.reads.iter().filter(|n| a.writes.contains(*n)).collect();
    if flows.is_empty() {
        return overwritten.is_empty().then(Vec::new);
    }
    flows.sort();
    let (pa, pb) = (a.parents.as_ref()?, b.parents.as_ref()?);
    let mut out = Vec::new();
    for name in flows {
        let writer = match *a.writers.get(name)? {
            (1, writer) => writer,
            _ => last_writer(sa, name)?,
        };
        // A node `b` writes holds `b`'s value, not `a`'s: it stays apart.
        let readers: Vec<usize> = (0..sb.nodes.len())
            .filter(|&i| matches!(&sb.nodes[i].kind, NodeKind::Access { data, .. } if data == name))
            .filter(|&i| !sb.edges.iter().any(|e| e.dst == i))
            .collect();
        if pa[writer].is_some() || readers.iter().any(|&r| pb[r].is_some()) {
            return None;
        }
        // Every read of it in `b` must start at one of its access nodes
        // (writes into one are not reads).
        let is_node = |n: usize| matches!(&sb.nodes[n].kind, NodeKind::Access { data, .. } if data == name);
        let direct = sb.edges.iter().filter(|e| e.memlet.data.as_ref() == Some(name));
        if direct.clone().any(|e| pb[e.src].is_none() && pb[e.dst].is_none() && !is_node(e.src) && !is_node(e.dst)) {
            return None;
        }
        out.push((writer, readers));
    }
    for name in overwritten {
        if !written_after(sa, sb, name, &out) {
            return None;
        }
    }
    Some(out)
}

/// Of several access nodes writing `name` in `sa`, the one every other
/// reaches (DaCe joins the states at the last writer in topological order;
/// a path from each other writer makes it the last in every order).
fn last_writer(sa: &State, name: &str) -> Option<usize> {
    let writers: Vec<usize> = (0..sa.nodes.len())
        .filter(|&i| matches!(&sa.nodes[i].kind, NodeKind::Access { data, .. } if data == name))
        .filter(|&i| sa.edges.iter().any(|e| e.dst == i))
        .collect();
    let reach: Vec<Vec<bool>> = writers.iter().map(|&w| super::uses::reachable(sa, w, true)).collect();
    writers.iter().copied().find(|&w| reach.iter().zip(&writers).all(|(r, &v)| v == w || r[w]))
}

/// Whether every access node of `sa` reading or writing `name` reaches
/// every node of `sb` writing it once the access nodes of `merged` are
/// merged.
fn written_after(sa: &State, sb: &State, name: &str, merged: &Merges) -> bool {
    let access_of = |s: &State, i: usize| matches!(&s.nodes[i].kind, NodeKind::Access { data, .. } if data == name);
    let earlier: Vec<usize> = (0..sa.nodes.len()).filter(|&i| access_of(sa, i) && sa.edges.iter().any(|e| e.src == i || e.dst == i)).collect();
    let writers: Vec<usize> = (0..sb.nodes.len()).filter(|&i| access_of(sb, i) && sb.edges.iter().any(|e| e.dst == i)).collect();
    if earlier.is_empty() {
        return false;
    }
    let before: Vec<Vec<bool>> = writers.iter().map(|&w| super::uses::reachable(sb, w, false)).collect();
    earlier.iter().all(|&r| {
        let mut after = super::uses::reachable(sa, r, true);
        after[r] = true;
        let through: Vec<&Vec<usize>> = merged.iter().filter(|(writer, _)| after[*writer]).map(|(_, rs)| rs).collect();
        before.iter().all(|back| through.iter().any(|rs| rs.iter().any(|&x| back[x])))
    })
}

/// Appends `sb`'s graph to `sa`, merging the access nodes of `merges`;
/// returns where each node of `sb` went. Touches only what it appends.
pub(super) fn merge_into(sa: &mut State, sb: State, merges: &Merges) -> Vec<usize> {
    let mut gone = vec![false; sb.nodes.len()];
    for &r in merges.iter().flat_map(|(_, readers)| readers) {
        gone[r] = true;
    }
    let mut moved = Vec::with_capacity(sb.nodes.len());
    let mut next = sa.nodes.len();
    for &g in &gone {
        moved.push(next);
        next += usize::from(!g);
    }
    for (writer, readers) in merges {
        for &r in readers {
            moved[r] = *writer;
        }
    }
    let to = |i: usize| moved.get(i).copied().unwrap_or(usize::MAX);
    sa.nodes.reserve(next - sa.nodes.len());
    for (i, mut n) in sb.nodes.into_iter().enumerate() {
        if gone[i] {
            continue;
        }
        match &mut n.kind {
            NodeKind::MapEntry { exit, .. } | NodeKind::ConsumeEntry { exit, .. } => *exit = to(*exit),
            NodeKind::MapExit { entry } | NodeKind::ConsumeExit { entry } => *entry = to(*entry),
            _ => {}
        }
        sa.nodes.push(n);
    }
    for mut e in sb.edges {
        (e.src, e.dst) = (to(e.src), to(e.dst));
        sa.edges.push(e);
    }
    moved
}
