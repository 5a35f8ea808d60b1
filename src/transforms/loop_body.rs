//! What a loop body of several blocks holds, for LoopToMap: its states,
//! the code on its interstate edges, branch conditions and inner loop
//! headers, and the loop variables it sets itself.

use crate::model::{BlockKind, Cfg, State};

pub struct BodyFacts<'a> {
    pub states: Vec<&'a State>,
    /// Conditions, inner loop headers and assignment right-hand sides.
    pub code: Vec<&'a str>,
    /// Variables of loops inside the body.
    pub loop_vars: Vec<String>,
    /// Whether an interstate edge inside assigns a symbol.
    pub assigns: bool,
}

pub fn facts(cfg: &Cfg) -> BodyFacts<'_> {
    let mut f = BodyFacts { states: Vec::new(), code: Vec::new(), loop_vars: Vec::new(), assigns: false };
    collect(cfg, &mut f);
    f
}

fn collect<'a>(cfg: &'a Cfg, f: &mut BodyFacts<'a>) {
    for e in &cfg.edges {
        f.code.extend(e.condition.iter().map(|c| c.code.as_str()));
        f.code.extend(e.assignments.iter().map(|a| a.value()));
        f.assigns |= !e.assignments.is_empty();
    }
    for b in &cfg.blocks {
        match &b.kind {
            BlockKind::State(s) => f.states.push(s),
            BlockKind::Region { cfg, .. } => collect(cfg, f),
            BlockKind::Loop(l) => {
                f.code.extend([l.init.as_deref(), l.condition.as_deref(), l.update.as_deref()].into_iter().flatten().map(|c| c.code.as_str()));
                f.loop_vars.push(l.loop_variable.clone());
                collect(&l.cfg, f);
            }
            BlockKind::Conditional(branches) => {
                for br in branches {
                    f.code.extend(br.condition.iter().map(|c| c.code.as_str()));
                    collect(&br.cfg, f);
                }
            }
            BlockKind::Break | BlockKind::Continue | BlockKind::Return => {}
        }
    }
}

/// The top-level blocks of a body that runs them one after another (each
/// block has at most one successor, joined by plain edges), in order.
pub fn chain_order(cfg: &Cfg) -> Option<Vec<usize>> {
    if cfg.edges.iter().any(|e| e.condition.is_some() || !e.assignments.is_empty()) {
        return None;
    }
    let mut order = vec![cfg.start()?];
    while let Some(e) = cfg.edges.iter().find(|e| e.src == *order.last().expect("not empty")) {
        if order.contains(&e.dst) || cfg.edges.iter().filter(|x| x.src == e.src).count() > 1 {
            return None;
        }
        order.push(e.dst);
    }
    (order.len() == cfg.blocks.len()).then_some(order)
}

/// Whether block `b` of `cfg` names `name` anywhere.
pub fn block_uses(cfg: &Cfg, b: usize, name: &str) -> bool {
    match &cfg.blocks[b].kind {
        BlockKind::State(s) => super::loops::state_uses(s, name),
        _ => {
            let alone = Cfg { blocks: vec![cfg.blocks[b].clone()], edges: Vec::new(), start_block: Some(0) };
            super::loops::cfg_uses(&alone, name, &mut Vec::new(), &|_, _| false)
        }
    }
}
