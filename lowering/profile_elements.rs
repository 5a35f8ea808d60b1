//! The elements `sdfg-run --profile` times, each with DaCe's name for its
//! timer and its place in DaCe's numbering, so that the report reads as
//! one DaCe's own instrumentation writes: every control-flow region (the
//! SDFG, loops, conditional branches, nested regions and SDFGs) has an id
//! in the order DaCe lists them (`cfg_list`: a region, then what its blocks
//! hold, in block order, nested SDFGs where their states hold them); a
//! state is numbered within its region, a node within its state.

use crate::model::{scope, BlockKind, Cfg, Extra, Instrumentation, Loc, NodeKind, Sdfg};

/// DaCe's locator of an element: region id, state id, node id (`-1` where
/// not applicable).
pub type Uuid = [i64; 3];

/// An element that can be timed.
#[derive(Clone, Debug)]
pub struct Element {
    pub loc: Loc,
    pub uuid: Uuid,
    /// The name DaCe's Timer gives it (`State s`, `Map m`, `Tasklet 0_1_2`).
    pub name: String,
    /// Its `instrument` property.
    pub instrument: Instrumentation,
    /// Whether `--profile` times it anyway: the SDFG, its states and their
    /// outermost maps and library nodes (not those of nested SDFGs).
    pub by_default: bool,
}

impl Element {
    /// Whether its `instrument` property asks for DaCe's Timer.
    pub fn timer(&self) -> bool {
        self.instrument == Instrumentation::Timer
    }

    /// The element's DaCe kind, as its timer name starts.
    pub fn kind(&self) -> &str {
        self.name.split(' ').next().unwrap_or_default()
    }
}

/// Every element of `sdfg` and its nested SDFGs, in DaCe's order.
pub fn elements(sdfg: &Sdfg) -> Vec<Element> {
    let mut out = Vec::new();
    walk_sdfg(sdfg, true, &mut 0, &mut out);
    out
}

/// The `instrument` property the model keeps in `extra` (checked on import).
fn instrument(extra: &Extra) -> Instrumentation {
    extra.get("instrument").and_then(|v| v.as_str()).and_then(|s| s.parse().ok()).unwrap_or(Instrumentation::NoInstrumentation)
}

fn walk_sdfg(sdfg: &Sdfg, top: bool, next: &mut i64, out: &mut Vec<Element>) {
    let id = *next;
    *next += 1;
    let name = format!("SDFG {}", sdfg.name);
    out.push(Element { loc: sdfg.loc.clone(), uuid: [id, -1, -1], name, instrument: instrument(&sdfg.extra), by_default: top });
    walk_cfg(&sdfg.cfg, id, top, next, out);
}

/// The blocks of region `id`; nested regions take the next ids as reached.
fn walk_cfg(cfg: &Cfg, id: i64, top: bool, next: &mut i64, out: &mut Vec<Element>) {
    for (b, block) in cfg.blocks.iter().enumerate() {
        let b = b as i64;
        let region = |cfg: &Cfg, next: &mut i64, out: &mut Vec<Element>| {
            let inner = *next;
            *next += 1;
            walk_cfg(cfg, inner, top, next, out);
        };
        match &block.kind {
            BlockKind::State(state) => {
                let name = format!("State {}", block.label);
                out.push(Element { loc: block.loc.clone(), uuid: [id, b, -1], name, instrument: instrument(&block.extra), by_default: top });
                let parents = scope::scope_parents(state).unwrap_or_default();
                for (n, node) in state.nodes.iter().enumerate() {
                    let uuid = [id, b, n as i64];
                    let idstr = format!("{id}_{b}_{n}");
                    let outermost = parents.get(n) == Some(&None);
                    let (name, by_default) = match &node.kind {
                        NodeKind::MapEntry { .. } => (format!("Map {}", node.label), top && outermost),
                        NodeKind::ConsumeEntry { .. } => (format!("Consume {}", node.label), false),
                        NodeKind::Tasklet { .. } => (format!("Tasklet {idstr}"), false),
                        NodeKind::NestedSdfg { .. } => (format!("NestedSDFG {idstr}"), false),
                        NodeKind::Library(lib) => (format!("{} {idstr}", lib.class_name()), top && outermost),
                        _ => continue,
                    };
                    out.push(Element { loc: node.loc.clone(), uuid, name, instrument: instrument(&node.extra), by_default });
                    if let NodeKind::NestedSdfg { sdfg, .. } = &node.kind {
                        walk_sdfg(sdfg, false, next, out);
                    }
                }
            }
            BlockKind::Region { cfg, .. } => region(cfg, next, out),
            BlockKind::Loop(l) => region(&l.cfg, next, out),
            BlockKind::Conditional(branches) => branches.iter().for_each(|br| region(&br.cfg, next, out)),
            BlockKind::Break | BlockKind::Continue | BlockKind::Return => {}
        }
    }
}
