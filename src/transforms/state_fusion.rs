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
//! unconditional and without assignments; and the two graphs are
//! independent: neither writes a container the other reads or writes, and
//! they do not both bind the same view or reference. (DaCe also fuses
//! dependent states by merging their access nodes; that is not done here.)

use super::place::{cfg_at, visit_cfgs, Step};
use super::{Match, Options, Place, Transformation};
use crate::model::{BlockKind, Cfg, DataKind, NodeKind, Sdfg, State};
use std::collections::BTreeSet;

pub struct StateFusion;

impl Transformation for StateFusion {
    fn name(&self) -> &'static str {
        "sdfg-state-fusion"
    }

    fn summary(&self) -> &'static str {
        "Fuse two independent states that follow each other into one"
    }

    fn matches(&self, sdfg: &Sdfg) -> Vec<Match> {
        let mut out = Vec::new();
        visit_cfgs(&sdfg.cfg, &mut Vec::new(), &mut |path, cfg| {
            for (i, e) in cfg.edges.iter().enumerate() {
                if fusable(sdfg, cfg, i) {
                    let description = format!("states '{}' and '{}'", cfg.blocks[e.src].label, cfg.blocks[e.dst].label);
                    let mut at = path.to_vec();
                    at.push(Step::Block(e.src));
                    out.push(Match { place: Place { state: at, node: i }, description });
                }
            }
        });
        out
    }

    fn apply(&self, sdfg: &mut Sdfg, m: &Match, _options: &Options) -> Result<(), String> {
        let cfg_path = &m.place.state[..m.place.state.len() - 1];
        let kinds: Vec<(String, DataKind)> = sdfg.containers.iter().map(|(n, d)| (n.clone(), d.kind)).collect();
        let cfg = cfg_at(&mut sdfg.cfg, cfg_path).ok_or("match refers to a missing region")?;
        let edge = m.place.node;
        if !fusable_with(&kinds, cfg, edge) {
            return Err("the states can no longer be fused".into());
        }
        fuse(cfg, edge);
        Ok(())
    }
}


fn fusable(sdfg: &Sdfg, cfg: &Cfg, edge: usize) -> bool {
    let kinds: Vec<(String, DataKind)> = sdfg.containers.iter().map(|(n, d)| (n.clone(), d.kind)).collect();
    fusable_with(&kinds, cfg, edge)
}

fn fusable_with(kinds: &[(String, DataKind)], cfg: &Cfg, edge: usize) -> bool {
    let Some(e) = cfg.edges.get(edge) else { return false };
    let (a, b) = (e.src, e.dst);
    let unconditional = e.condition.as_ref().is_none_or(|c| c.code.trim() == "1");
    if a == b || !unconditional || !e.assignments.is_empty() {
        return false;
    }
    if cfg.edges.iter().filter(|x| x.src == a).count() != 1 || cfg.edges.iter().filter(|x| x.dst == b).count() != 1 {
        return false;
    }
    if cfg.start() == Some(b) {
        return false;
    }
    let (BlockKind::State(sa), BlockKind::State(sb)) = (&cfg.blocks[a].kind, &cfg.blocks[b].kind) else { return false };
    let (ra, wa) = accesses(sa);
    let (rb, wb) = accesses(sb);
    let aliases = |n: &String| kinds.iter().any(|(k, kind)| k == n && matches!(kind, DataKind::View | DataKind::Reference));
    let both: BTreeSet<&String> = ra.union(&wa).filter(|n| rb.contains(*n) || wb.contains(*n)).collect();
    wa.is_disjoint(&rb) && wa.is_disjoint(&wb) && wb.is_disjoint(&ra) && !both.iter().any(|n| aliases(n))
}

/// Containers a state reads and writes (through any memlet or access node).
fn accesses(s: &State) -> (BTreeSet<String>, BTreeSet<String>) {
    let mut reads = BTreeSet::new();
    let mut writes = BTreeSet::new();
    for e in &s.edges {
        let Some(d) = &e.memlet.data else { continue };
        let into_access = matches!(s.nodes.get(e.dst).map(|n| &n.kind), Some(NodeKind::Access { .. }));
        let from_access = matches!(s.nodes.get(e.src).map(|n| &n.kind), Some(NodeKind::Access { .. }));
        if into_access {
            writes.insert(d.clone());
        }
        if from_access || !into_access {
            reads.insert(d.clone());
        }
    }
    for (i, n) in s.nodes.iter().enumerate() {
        if let NodeKind::Access { data, .. } = &n.kind {
            if s.edges.iter().any(|e| e.dst == i) {
                writes.insert(data.clone());
            } else {
                reads.insert(data.clone());
            }
        }
    }
    (reads, writes)
}

/// Moves `b`'s graph into `a`, removes `b` and gives `a` its out-edges.
fn fuse(cfg: &mut Cfg, edge: usize) {
    let (a, b) = (cfg.edges[edge].src, cfg.edges[edge].dst);
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
        for mut e in sb.edges {
            e.src += offset;
            e.dst += offset;
            sa.edges.push(e);
        }
    }
    cfg.edges.remove(edge);
    for e in &mut cfg.edges {
        if e.src == b {
            e.src = a;
        }
    }
    cfg.blocks.remove(b);
    for e in &mut cfg.edges {
        if e.src > b {
            e.src -= 1;
        }
        if e.dst > b {
            e.dst -= 1;
        }
    }
    cfg.start_block = cfg.start_block.map(|s| if s > b { s - 1 } else { s });
}
