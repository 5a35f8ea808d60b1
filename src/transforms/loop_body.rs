//! What a loop body of several blocks holds, for LoopToMap: its states,
//! the code on its interstate edges, branch conditions and inner loop
//! headers, and the loop variables it sets itself.

use crate::model::{BlockKind, Cfg, State, Step};

pub struct BodyFacts<'a> {
    pub states: Vec<&'a State>,
    /// Conditions, inner loop headers and assignment right-hand sides.
    pub code: Vec<&'a str>,
    /// Variables of loops inside the body.
    pub loop_vars: Vec<String>,
    /// Symbols the body's own interstate edges assign (not those of
    /// regions, loops or branches inside it).
    pub assigned: Vec<String>,
    /// Loops inside the body whose own edges assign symbols.
    pub inner_assigned: Vec<InnerAssigned<'a>>,
    /// Whether an interstate edge inside a region or branch of the body
    /// assigns a symbol.
    pub assigns_inside: bool,
}

/// A loop inside a body, the steps to it from the body's CFG, and the
/// symbols the edges of its own CFG assign.
pub struct InnerAssigned<'a> {
    pub path: Vec<Step>,
    pub cfg: &'a Cfg,
    pub symbols: Vec<String>,
}

pub fn facts(cfg: &Cfg) -> BodyFacts<'_> {
    let mut f = BodyFacts { states: Vec::new(), code: Vec::new(), loop_vars: Vec::new(), assigned: assigned_by(cfg), inner_assigned: Vec::new(), assigns_inside: false };
    collect(cfg, &mut f, true, &mut Vec::new());
    f
}

/// The symbols a CFG's own edges assign, once each.
fn assigned_by(cfg: &Cfg) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for a in cfg.edges.iter().flat_map(|e| &e.assignments) {
        if !out.contains(&a.symbol) {
            out.push(a.symbol.clone());
        }
    }
    out
}

/// `own`: whether `cfg`'s edge assignments are accounted for by the caller
/// (the body's, or an inner loop's).
fn collect<'a>(cfg: &'a Cfg, f: &mut BodyFacts<'a>, own: bool, path: &mut Vec<Step>) {
    for e in &cfg.edges {
        f.code.extend(e.condition.iter().map(|c| c.code.as_str()));
        f.code.extend(e.assignments.iter().map(|a| a.value()));
        f.assigns_inside |= !own && !e.assignments.is_empty();
    }
    for (i, b) in cfg.blocks.iter().enumerate() {
        path.push(Step::Block(i));
        match &b.kind {
            BlockKind::State(s) => f.states.push(s),
            BlockKind::Region { cfg, .. } => collect(cfg, f, false, path),
            BlockKind::Loop(l) => {
                f.code.extend([l.init.as_deref(), l.condition.as_deref(), l.update.as_deref()].into_iter().flatten().map(|c| c.code.as_str()));
                f.loop_vars.push(l.loop_variable.clone());
                let symbols = assigned_by(&l.cfg);
                if !symbols.is_empty() {
                    f.inner_assigned.push(InnerAssigned { path: path.clone(), cfg: &l.cfg, symbols });
                }
                collect(&l.cfg, f, true, path);
            }
            BlockKind::Conditional(branches) => {
                for (k, br) in branches.iter().enumerate() {
                    f.code.extend(br.condition.iter().map(|c| c.code.as_str()));
                    path.push(Step::Branch(k));
                    collect(&br.cfg, f, false, path);
                    path.pop();
                }
            }
            BlockKind::Break | BlockKind::Continue | BlockKind::Return => {}
        }
        path.pop();
    }
}

/// The top-level blocks of a body that runs them one after another (each
/// block has at most one successor, joined by unconditional edges), in
/// order.
pub fn chain_order(cfg: &Cfg) -> Option<Vec<usize>> {
    if cfg.edges.iter().any(|e| e.condition.is_some()) {
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

/// Whether each iteration of a chained body sets symbol `name` before any
/// use: no block or edge before the first edge assigning it names it (nor
/// does any right-hand side on that edge, where assignments read the old
/// values).
pub fn assigned_before_use(cfg: &Cfg, order: &[usize], name: &str) -> bool {
    let edge_after = |b: usize| cfg.edges.iter().find(|e| e.src == b);
    for &b in order {
        if block_uses(cfg, b, name) {
            return false;
        }
        let Some(e) = edge_after(b) else { return false };
        let mentions = e.assignments.iter().any(|a| super::loops::idents(a.value()).contains(&name));
        if mentions {
            return false;
        }
        if e.assignments.iter().any(|a| a.symbol == name) {
            return true;
        }
    }
    false
}

/// Whether every interstate edge of a chained body whose code names
/// container `name` leaves a block at or after the first block naming it.
pub fn code_reads_after(cfg: &Cfg, order: &[usize], name: &str) -> bool {
    let Some(first) = order.iter().position(|&b| block_uses(cfg, b, name)) else { return false };
    cfg.edges.iter().all(|e| {
        let code = e.condition.iter().map(|c| c.code.as_str()).chain(e.assignments.iter().map(|a| a.value()));
        let names = code.into_iter().any(|c| super::loops::idents(c).contains(&name));
        !names || order.iter().position(|&b| b == e.src).is_some_and(|k| k >= first)
    })
}
