//! StateFusion: two states in sequence become one (DaCe's StateFusion, in
//! its conservative form).
//!
//! ```mlir
//! %a = sdfg.state "a" { ... }
//! %b = sdfg.state "b" { ... }
//! sdfg.edge %a -> %b
//! ```
//! becomes one state `a` holding both dataflow graphs side by side.
//!
//! Preconditions: `a`'s only out-edge goes to `b` and is `b`'s only in-edge,
//! unconditional and without assignments; `b` writes nothing `a` reads or
//! writes; they do not both touch the same view or reference. When `b` reads
//! what `a` writes, `a` must write it through a single top-level access node
//! and `b` must only read it at top level: `b`'s reading access nodes merge
//! into `a`'s writing one, which orders the reads after the writes.
//!
//! ```mlir
//! %a = sdfg.state "a" { ... -> %t1 = sdfg.access "T" }
//! %b = sdfg.state "b" { %t2 = sdfg.access "T" -> ... }
//! ```
//! becomes `a` with `... -> %t1 -> ...`.

use super::place::{cfg_at, visit_cfgs, Step};
use super::{Match, Options, Place, Transformation};
use crate::model::{scope::scope_parents, BlockKind, Cfg, DataKind, NodeKind, Sdfg, State};
use std::collections::{BTreeSet, HashSet};

pub struct StateFusion;

impl Transformation for StateFusion {
    fn name(&self) -> &'static str {
        "sdfg-state-fusion"
    }

    fn summary(&self) -> &'static str {
        "Fuse two independent states that follow each other into one"
    }

    fn matches(&self, sdfg: &Sdfg) -> Vec<Match> {
        find(sdfg)
    }

    /// Fuses disjoint pairs in rounds (pairs, then pairs of pairs, ...), so
    /// a chain of n states takes log n searches instead of n. Within a
    /// round, blocks keep their indices until the fused ones are removed
    /// together at its end: removing them one by one renumbers the whole
    /// CFG for each pair.
    fn apply_everywhere(&self, sdfg: &mut Sdfg, _options: &Options, limit: usize) -> Result<usize, String> {
        let kinds = aliasing(sdfg);
        let mut count = 0;
        while count < limit {
            let matches = find(sdfg);
            let Some(first) = matches.first() else { break };
            // Only one CFG per round: fusing renumbers the blocks that paths into
            // nested CFGs go through.
            let cfg_path = first.place.state[..first.place.state.len() - 1].to_vec();
            let cfg = cfg_at(&mut sdfg.cfg, &cfg_path).ok_or("match refers to a missing region")?;
            let mut used = BTreeSet::new();
            let mut pairs = Vec::new();
            for m in matches.iter().filter(|m| m.place.state[..m.place.state.len() - 1] == cfg_path[..]) {
                let e = &cfg.edges[m.place.node];
                if used.insert(e.src) && used.insert(e.dst) {
                    pairs.push(m.place.node);
                }
            }
            let mut degrees = Degrees::of(cfg);
            let mut outs = vec![Vec::new(); cfg.blocks.len()];
            for (i, e) in cfg.edges.iter().enumerate().filter(|(_, e)| e.src < cfg.blocks.len()) {
                outs[e.src].push(i);
            }
            let (mut gone_blocks, mut gone_edges) = (vec![false; cfg.blocks.len()], vec![false; cfg.edges.len()]);
            let mut fused = 0;
            for edge in pairs {
                let Some(merges) = fusable_with(&kinds, &degrees, cfg, edge) else { continue };
                let (a, b) = (cfg.edges[edge].src, cfg.edges[edge].dst);
                merge_states(cfg, a, b, &merges);
                // `a` takes over `b`'s out-edges.
                let taken = std::mem::take(&mut outs[b]);
                for &k in &taken {
                    cfg.edges[k].src = a;
                }
                outs[a] = taken;
                degrees.outs[a] = degrees.outs[b];
                (gone_blocks[b], gone_edges[edge]) = (true, true);
                fused += 1;
                if count + fused >= limit {
                    break;
                }
            }
            remove_blocks(cfg, &gone_blocks, &gone_edges);
            if fused == 0 {
                break;
            }
            count += fused;
        }
        Ok(count)
    }

    fn apply(&self, sdfg: &mut Sdfg, m: &Match, _options: &Options) -> Result<(), String> {
        let cfg_path = &m.place.state[..m.place.state.len() - 1];
        let kinds = aliasing(sdfg);
        let cfg = cfg_at(&mut sdfg.cfg, cfg_path).ok_or("match refers to a missing region")?;
        let edge = m.place.node;
        let Some(merges) = fusable_with(&kinds, &Degrees::of(cfg), cfg, edge) else {
            return Err("the states can no longer be fused".into());
        };
        let (a, b) = (cfg.edges[edge].src, cfg.edges[edge].dst);
        merge_states(cfg, a, b, &merges);
        for e in &mut cfg.edges {
            if e.src == b {
                e.src = a;
            }
        }
        let mut gone_blocks = vec![false; cfg.blocks.len()];
        let mut gone_edges = vec![false; cfg.edges.len()];
        (gone_blocks[b], gone_edges[edge]) = (true, true);
        remove_blocks(cfg, &gone_blocks, &gone_edges);
        Ok(())
    }
}


/// Every match.
fn find(sdfg: &Sdfg) -> Vec<Match> {
    let kinds = aliasing(sdfg);
    let mut out = Vec::new();
    visit_cfgs(&sdfg.cfg, &mut Vec::new(), &mut |path, cfg| {
        let degrees = Degrees::of(cfg);
        for (i, e) in cfg.edges.iter().enumerate() {
            if fusable_with(&kinds, &degrees, cfg, i).is_some() {
                let description = format!("states '{}' and '{}'", cfg.blocks[e.src].label, cfg.blocks[e.dst].label);
                let mut at = path.to_vec();
                at.push(Step::Block(e.src));
                out.push(Match { place: Place { state: at, node: i }, description });
            }
        }
    });
    out
}


/// For fusable states, the access nodes to merge: `a`'s writer of each
/// container `b` reads, with `b`'s readers of it.
type Merges = Vec<(usize, Vec<usize>)>;

/// Names of views and references.
fn aliasing(sdfg: &Sdfg) -> HashSet<String> {
    let alias = |d: &crate::model::DataDesc| matches!(d.kind, DataKind::View | DataKind::Reference);
    sdfg.containers.iter().filter(|(_, d)| alias(d)).map(|(n, _)| n.clone()).collect()
}

/// Interstate edges leaving and entering each block, and the start block,
/// found once per search rather than once per candidate edge.
struct Degrees {
    outs: Vec<usize>,
    ins: Vec<usize>,
    start: Option<usize>,
}

impl Degrees {
    fn of(cfg: &Cfg) -> Degrees {
        let n = cfg.blocks.len();
        let (mut outs, mut ins) = (vec![0; n], vec![0; n]);
        for e in &cfg.edges {
            if let Some(k) = outs.get_mut(e.src) {
                *k += 1;
            }
            if let Some(k) = ins.get_mut(e.dst) {
                *k += 1;
            }
        }
        Degrees { outs, ins, start: cfg.start() }
    }
}

fn fusable_with(kinds: &HashSet<String>, degrees: &Degrees, cfg: &Cfg, edge: usize) -> Option<Merges> {
    let e = cfg.edges.get(edge)?;
    let (a, b) = (e.src, e.dst);
    let unconditional = e.condition.as_ref().is_none_or(|c| super::dead_state_elimination::constant(&c.code) == Some(true));
    if a == b || !unconditional || !e.assignments.is_empty() {
        return None;
    }
    if degrees.outs.get(a) != Some(&1) || degrees.ins.get(b) != Some(&1) {
        return None;
    }
    if degrees.start == Some(b) {
        return None;
    }
    let (BlockKind::State(sa), BlockKind::State(sb)) = (&cfg.blocks[a].kind, &cfg.blocks[b].kind) else { return None };
    let (ra, wa) = accesses(sa);
    let (rb, wb) = accesses(sb);
    let aliases = |n: &str| kinds.contains(n);
    let both: BTreeSet<&str> = ra.union(&wa).filter(|n| rb.contains(*n) || wb.contains(*n)).copied().collect();
    if !wa.is_disjoint(&wb) || !wb.is_disjoint(&ra) || both.iter().any(|n| aliases(n)) {
        return None;
    }
    let flows: Vec<&str> = wa.intersection(&rb).copied().collect();
    if flows.is_empty() {
        return Some(Vec::new());
    }
    let (pa, pb) = (scope_parents(sa).ok()?, scope_parents(sb).ok()?);
    let access_nodes = |s: &State, name: &str| -> Vec<usize> {
        (0..s.nodes.len()).filter(|&i| matches!(&s.nodes[i].kind, NodeKind::Access { data, .. } if data == name)).collect()
    };
    let mut merges = Vec::new();
    let (ins_a, _) = crate::model::scope::adjacency(sa);
    for name in flows {
        let writers: Vec<usize> = access_nodes(sa, name).into_iter().filter(|&i| !ins_a[i].is_empty()).collect();
        let readers = access_nodes(sb, name);
        let [writer] = writers[..] else { return None };
        if pa[writer].is_some() || readers.iter().any(|&r| pb[r].is_some()) {
            return None;
        }
        // Every read of it in `b` must start at one of those access nodes.
        let direct = sb.edges.iter().filter(|e| e.memlet.data.as_deref() == Some(name));
        if direct.clone().any(|e| pb[e.src].is_none() && pb[e.dst].is_none() && !readers.contains(&e.src)) {
            return None;
        }
        merges.push((writer, readers));
    }
    Some(merges)
}

/// Containers a state reads and writes: an access node with in-edges is
/// written, one with out-edges (or none at all) is read; data named by
/// memlets between other nodes counts as read.
fn accesses(s: &State) -> (BTreeSet<&str>, BTreeSet<&str>) {
    let mut reads = BTreeSet::new();
    let mut writes = BTreeSet::new();
    let (ins, outs) = crate::model::scope::adjacency(s);
    let is_access = |n: usize| matches!(s.nodes.get(n).map(|n| &n.kind), Some(NodeKind::Access { .. }));
    for e in &s.edges {
        if let Some(d) = &e.memlet.data {
            if !is_access(e.src) && !is_access(e.dst) {
                reads.insert(d.as_str());
            }
        }
    }
    for (i, n) in s.nodes.iter().enumerate() {
        if let NodeKind::Access { data, .. } = &n.kind {
            if !ins[i].is_empty() {
                writes.insert(data.as_str());
            }
            if !outs[i].is_empty() || ins[i].is_empty() {
                reads.insert(data.as_str());
            }
        }
    }
    (reads, writes)
}

/// Moves `b`'s graph into `a` (merging the access nodes of `merges`),
/// leaving `b` empty.
fn merge_states(cfg: &mut Cfg, a: usize, b: usize, merges: &Merges) {
    let BlockKind::State(sb) = std::mem::replace(&mut cfg.blocks[b].kind, BlockKind::State(State::default())) else {
        return;
    };
    if let BlockKind::State(sa) = &mut cfg.blocks[a].kind {
        let offset = sa.nodes.len();
        for mut n in sb.nodes {
            match &mut n.kind {
                NodeKind::MapEntry { exit, .. } | NodeKind::ConsumeEntry { exit, .. } => *exit += offset,
                NodeKind::MapExit { entry } | NodeKind::ConsumeExit { entry } => *entry += offset,
                _ => {}
            }
            sa.nodes.push(n);
        }
        let mut target: Vec<usize> = (offset..sa.nodes.len()).collect();
        let mut gone = Vec::new();
        for (writer, readers) in merges {
            for &r in readers {
                target[r] = *writer;
                gone.push(r + offset);
            }
        }
        for mut e in sb.edges {
            e.src = target[e.src];
            e.dst = target[e.dst];
            sa.edges.push(e);
        }
        super::map_collapse::remove_nodes(sa, &gone);
    }
}

/// Removes the marked blocks (no kept edge may touch them) and edges, and
/// renumbers the rest, keeping their order.
fn remove_blocks(cfg: &mut Cfg, gone_blocks: &[bool], gone_edges: &[bool]) {
    let mut before = Vec::with_capacity(gone_blocks.len() + 1);
    let mut removed = 0;
    for &g in gone_blocks {
        before.push(removed);
        removed += usize::from(g);
    }
    before.push(removed);
    let renumber = |i: usize| i - before.get(i).copied().unwrap_or(removed);
    let mut k = 0;
    cfg.edges.retain(|_| {
        k += 1;
        !gone_edges[k - 1]
    });
    for e in &mut cfg.edges {
        (e.src, e.dst) = (renumber(e.src), renumber(e.dst));
    }
    let mut k = 0;
    cfg.blocks.retain(|_| {
        k += 1;
        !gone_blocks[k - 1]
    });
    cfg.start_block = cfg.start_block.map(renumber);
}
