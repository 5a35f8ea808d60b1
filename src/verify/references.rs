//! References used before they are set (DaCe: the reference case of the
//! uninitialised-transient check in `validate_state`).
//!
//! A reference is set by a memlet into the `set` connector of one of its
//! access nodes. Every other access node of it reads the pointer, which
//! must be set on every control-flow path from the start of the SDFG: a
//! forward must-analysis over the CFG, joining paths by intersection.
//! Interstate conditions are not evaluated (every edge may be taken) and a
//! branch without an else may be skipped. Two points cannot be decided
//! statically and follow DaCe, which accepts a use after any state it has
//! already visited sets the reference: a loop body is taken to run at
//! least once, and within one state a set anywhere in it covers every
//! access node of it.

use super::{Env, Verifier};
use crate::model::cfg_graph::CfgGraph;
use crate::model::dataflow::Dataflow;
use crate::model::{Block, BlockKind, Cfg, DataKind, Node, NodeKind, State};
use std::collections::BTreeSet;

/// References known to be set; `None` where no path arrives (the top of
/// the lattice, the identity of the join).
type Known<'a> = Option<BTreeSet<&'a str>>;

fn meet<'a>(a: Known<'a>, b: &Known<'a>) -> Known<'a> {
    match (a, b) {
        (None, b) => b.clone(),
        (a, None) => a,
        (Some(a), Some(b)) => Some(a.intersection(b).copied().collect()),
    }
}

/// What leaves a block or region: normally, through `break`, through
/// `continue`.
#[derive(Clone, Default)]
struct Exits<'a> {
    normal: Known<'a>,
    brk: Known<'a>,
    cont: Known<'a>,
}

struct Flow<'a, 'e> {
    env: &'e Env<'a>,
    /// First use of each reference found unset, with its node.
    unset: Vec<(&'a str, &'a Node)>,
    report: bool,
}

pub(super) fn check(v: &mut Verifier, env: &Env) {
    if !env.sdfg.containers.iter().any(|(_, d)| d.kind == DataKind::Reference) {
        return;
    }
    let mut flow = Flow { env, unset: Vec::new(), report: true };
    flow.region(&env.sdfg.cfg, Some(BTreeSet::new()));
    let ever_set: BTreeSet<&str> =
        super::states(&env.sdfg.cfg).into_iter().flat_map(|s| flow.sets(s)).collect();
    for (data, node) in flow.unset {
        let message = if ever_set.contains(data) {
            format!("reference '{data}' may be used before it is set: not every path from the start sets it through its 'set' connector")
        } else {
            format!("reference '{data}' is used but never set through its 'set' connector")
        };
        v.error(&node.loc, message);
    }
}

impl<'a> Flow<'a, '_> {
    fn is_reference(&self, data: &str) -> bool {
        self.env.container(data).map(|d| d.kind) == Some(DataKind::Reference)
    }

    /// References that an access node of `s` sets.
    fn sets(&self, s: &'a State) -> Vec<&'a str> {
        let graph = Dataflow::new(s);
        s.nodes
            .iter()
            .enumerate()
            .filter_map(|(i, n)| match &n.kind {
                NodeKind::Access { data, .. } if self.is_reference(data) => {
                    (!graph.in_edges_at(i, Some("set")).is_empty()).then_some(data.as_str())
                }
                _ => None,
            })
            .collect()
    }

    fn state(&mut self, s: &'a State, known: BTreeSet<&'a str>) -> BTreeSet<&'a str> {
        let mut known = known;
        known.extend(self.sets(s));
        if self.report {
            for node in &s.nodes {
                let NodeKind::Access { data, .. } = &node.kind else { continue };
                if self.is_reference(data) && !known.contains(data.as_str()) && !self.unset.iter().any(|(d, _)| d == data) {
                    self.unset.push((data, node));
                }
            }
        }
        known
    }

    /// Runs a region to its fixpoint (reporting, when asked, from the stable
    /// entry sets only).
    fn region(&mut self, cfg: &'a Cfg, entry: Known<'a>) -> Exits<'a> {
        // An empty body, or an ambiguous start (reported elsewhere), passes through.
        let Some(start) = cfg.start() else { return Exits { normal: entry, ..Exits::default() } };
        let n = cfg.blocks.len();
        let report = std::mem::replace(&mut self.report, false);
        let mut outs: Vec<Exits<'a>> = vec![Exits::default(); n];
        let graph = CfgGraph::new(cfg);
        let entry_of = |b: usize, outs: &[Exits<'a>]| {
            let first = if b == start { entry.clone() } else { None };
            graph.predecessors(b).fold(first, |k, p| meet(k, &outs[p].normal))
        };
        loop {
            let mut changed = false;
            for b in 0..n {
                let out = self.block(&cfg.blocks[b], entry_of(b, &outs));
                if out.normal != outs[b].normal || out.brk != outs[b].brk || out.cont != outs[b].cont {
                    outs[b] = out;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        self.report = report;
        if report {
            for b in 0..n {
                self.block(&cfg.blocks[b], entry_of(b, &outs));
            }
        }
        let mut exits = Exits::default();
        for (b, out) in outs.iter().enumerate() {
            if graph.out_edges(b).is_empty() {
                exits.normal = meet(exits.normal, &out.normal);
            }
            exits.brk = meet(exits.brk, &out.brk);
            exits.cont = meet(exits.cont, &out.cont);
        }
        exits
    }

    fn block(&mut self, b: &'a Block, known: Known<'a>) -> Exits<'a> {
        let Some(set) = known.clone() else { return Exits::default() };
        match &b.kind {
            BlockKind::State(s) => Exits { normal: Some(self.state(s, set)), ..Exits::default() },
            BlockKind::Region { cfg, .. } => self.region(cfg, known),
            BlockKind::Loop(l) => {
                // The body's first iteration starts from `known` (sets only
                // grow along a path); it leaves normally or by a break.
                let body = self.region(&l.cfg, known);
                Exits { normal: meet(body.normal, &body.brk), ..Exits::default() }
            }
            BlockKind::Conditional(branches) => {
                let mut out = Exits::default();
                for br in branches {
                    let r = self.region(&br.cfg, known.clone());
                    out.normal = meet(out.normal, &r.normal);
                    out.brk = meet(out.brk, &r.brk);
                    out.cont = meet(out.cont, &r.cont);
                }
                if branches.last().is_none_or(|br| br.condition.is_some()) {
                    out.normal = meet(out.normal, &known);
                }
                out
            }
            BlockKind::Break => Exits { brk: known, ..Exits::default() },
            BlockKind::Continue => Exits { cont: known, ..Exits::default() },
            BlockKind::Return => Exits::default(),
        }
    }
}
