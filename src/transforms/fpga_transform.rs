//! FPGATransformSDFG (DaCe's `FPGATransformSDFG`): the whole program runs
//! on the FPGA. It becomes a nested SDFG scheduled `FPGA_Device` in a state
//! of its own, between a `pre_` state that copies each array argument it
//! uses into an `FPGA_Global` copy (`fpga_A`) and a `post_` state that
//! copies the written ones back. Maps at the top of the program's states
//! become `FPGA_Device`; the program's transients in default storage become
//! `FPGA_Global` (`FPGA_Local` when used inside scopes only), as DaCe's
//! FPGATransformState sets them. Scalar arguments stay in host memory (the
//! kernel reads them through its ports). Consume scopes are refused, as DaCe does,
//! and so are streams used outside any map.
//!
//! ```text
//! state s: A -> map i -> B     =>   pre_p:  A -> fpga_A;  B -> fpga_B
//!                                   p:      fpga_A -> nested p (FPGA_Device) -> fpga_B
//!                                   post_p: fpga_B -> B
//! ```

use super::loop_unroll::empty_state;
use super::uses::full_subset;
use super::{place, Match, Options, Place, Transformation};
use crate::model::{
    scope, BlockKind, Cfg, DataEdge, DataKind, InterstateEdge, Memlet, Node, NodeKind, Schedule, Sdfg, State, Storage,
};
use crate::symbolic::Expr;
use std::collections::BTreeSet;

pub struct FpgaTransform;

impl Transformation for FpgaTransform {
    fn name(&self) -> &'static str {
        "sdfg-fpga-transform"
    }

    fn summary(&self) -> &'static str {
        "DaCe's FPGATransformSDFG: the program as an FPGA_Device nested SDFG between host<->FPGA copy states"
    }

    fn matches(&self, sdfg: &Sdfg) -> Vec<Match> {
        if sdfg.cfg.blocks.is_empty() || on_fpga(sdfg) {
            return Vec::new();
        }
        vec![Match { place: Place { state: Vec::new(), node: 0 }, description: "the whole SDFG".into() }]
    }

    fn once_per_match(&self) -> bool {
        true
    }

    fn recurses(&self) -> bool {
        true
    }

    fn apply(&self, sdfg: &mut Sdfg, _m: &Match, _options: &Options) -> Result<(), String> {
        refuse(sdfg)?;
        let (read, written) = array_uses(sdfg);
        let mut inner = sdfg.clone();
        device_schedules(&mut inner.cfg);
        fpga_storage(&mut inner);
        let used: BTreeSet<String> = read.union(&written).cloned().collect();
        // The host keeps its arguments; the program's transients move inside.
        let mut outer = sdfg.clone();
        outer.containers.retain(|(_, d)| !d.transient);
        // Symbols the program assigns are its own.
        let mut assigned = BTreeSet::new();
        crate::analysis::symbols::assigned(&sdfg.cfg, &mut assigned);
        outer.symbols.retain(|(s, _)| !assigned.contains(s));
        let mut copies = Vec::new();
        for name in &used {
            let desc = outer.container(name).expect("an argument").clone();
            if desc.kind != DataKind::Array {
                continue;
            }
            let fpga = outer.unique_container_name(&format!("fpga_{name}"));
            outer.containers.push((fpga.clone(), crate::model::DataDesc { transient: true, storage: Storage::FpgaGlobal, ..desc }));
            copies.push((name.clone(), fpga));
        }
        let device_name = |n: &String| copies.iter().find(|(h, _)| h == n).map(|(_, f)| f.clone()).unwrap_or_else(|| n.clone());
        let label = sdfg.name.clone();
        let mut kernel = State::default();
        let nested = kernel.nodes.len();
        let mut node = Node::new(
            &label,
            NodeKind::NestedSdfg { sdfg: Box::new(inner), symbol_mapping: identity_mapping(sdfg) },
            &read.iter().collect::<Vec<_>>(),
            &written.iter().collect::<Vec<_>>(),
            &sdfg.loc,
        );
        node.extra.insert("schedule".into(), Schedule::FpgaDevice.as_str().into());
        kernel.nodes.push(node);
        for (names, into) in [(&read, true), (&written, false)] {
            for name in names {
                let data = device_name(name);
                let shape = outer.container(&data).map(|d| d.shape.clone()).unwrap_or_default();
                let at = kernel.nodes.len();
                kernel.nodes.push(super::local_storage::access_node(&data, &Default::default()));
                let memlet = Memlet { data: Some(data.clone()), subset: Some(full_subset(&shape)), ..Default::default() };
                let (src, src_conn, dst, dst_conn) =
                    if into { (at, None, nested, Some(name.clone())) } else { (nested, Some(name.clone()), at, None) };
                kernel.edges.push(DataEdge { src, src_conn, dst, dst_conn, memlet, loc: Default::default() });
            }
        }
        let pre = copy_state(&outer, &copies, |_| true, false);
        let post = copy_state(&outer, &copies, |n| written.contains(n), true);
        let blocks = [(format!("pre_{label}"), pre), (label.clone(), kernel), (format!("post_{label}"), post)];
        let mut cfg = Cfg::default();
        for (k, (name, state)) in blocks.into_iter().enumerate() {
            let mut block = empty_state(name);
            block.kind = BlockKind::State(state);
            cfg.blocks.push(block);
            if k > 0 {
                let e = InterstateEdge { src: k - 1, dst: k, condition: None, assignments: Vec::new(), extra: Default::default(), loc: Default::default() };
                cfg.edges.push(e);
            }
        }
        cfg.start_block = Some(0);
        outer.cfg = cfg;
        *sdfg = outer;
        Ok(())
    }
}

/// Consume scopes and streams outside maps have no FPGA form here (nor in DaCe).
fn refuse(sdfg: &Sdfg) -> Result<(), String> {
    for (_, state) in place::states(sdfg) {
        if let Some(node) = state.nodes.iter().find(|n| matches!(n.kind, NodeKind::ConsumeEntry { .. })) {
            return Err(format!("sdfg-fpga-transform: consume scope '{}' has no FPGA form (DaCe refuses it too)", node.label));
        }
    }
    for (_, state) in place::states(sdfg) {
        let parents = scope::scope_parents(state)?;
        for (i, node) in state.nodes.iter().enumerate() {
            match &node.kind {
                NodeKind::Access { data, .. } if parents[i].is_none() => {
                    let stream = sdfg.container(data).is_some_and(|d| d.kind == DataKind::Stream);
                    let outside = state.edges.iter().any(|e| (e.src == i || e.dst == i) && !is_scope(&state.nodes[if e.src == i { e.dst } else { e.src }].kind));
                    if stream && outside {
                        return Err(format!("sdfg-fpga-transform: stream '{data}' is used outside any map (DaCe refuses it too)"));
                    }
                }
                _ => {}
            }
        }
    }
    Ok(())
}

fn is_scope(kind: &NodeKind) -> bool {
    matches!(kind, NodeKind::MapEntry { .. } | NodeKind::MapExit { .. })
}

/// The arguments (non-transient containers) the program's states read
/// and write; those its control flow reads count as read.
fn array_uses(sdfg: &Sdfg) -> (BTreeSet<String>, BTreeSet<String>) {
    let (mut read, mut written) = (BTreeSet::new(), BTreeSet::new());
    let argument = |d: &str| sdfg.container(d).is_some_and(|c| !c.transient);
    for (_, state) in place::states(sdfg) {
        for (i, node) in state.nodes.iter().enumerate() {
            let NodeKind::Access { data, .. } = &node.kind else { continue };
            if !argument(data) {
                continue;
            }
            if state.edges.iter().any(|e| e.src == i) {
                read.insert(data.clone());
            }
            if state.edges.iter().any(|e| e.dst == i) {
                written.insert(data.clone());
            }
        }
    }
    for (name, _) in sdfg.containers.iter().filter(|(n, d)| !d.transient && super::uses::mentioned_in_code(sdfg, n)) {
        read.insert(name.clone());
    }
    // What is written only in part keeps the rest: copied in as well.
    read.extend(written.iter().cloned());
    (read, written)
}

/// Top-level maps of every state run on the FPGA.
fn device_schedules(cfg: &mut Cfg) {
    for block in &mut cfg.blocks {
        match &mut block.kind {
            BlockKind::State(state) => {
                let parents = scope::scope_parents(state).unwrap_or_default();
                for (i, node) in state.nodes.iter_mut().enumerate() {
                    if let NodeKind::MapEntry { map, .. } = &mut node.kind {
                        if parents.get(i).is_some_and(Option::is_none) {
                            map.schedule = Schedule::FpgaDevice;
                        }
                    }
                }
            }
            BlockKind::Region { cfg, .. } => device_schedules(cfg),
            BlockKind::Loop(l) => device_schedules(&mut l.cfg),
            BlockKind::Conditional(branches) => branches.iter_mut().for_each(|b| device_schedules(&mut b.cfg)),
            BlockKind::Break | BlockKind::Continue | BlockKind::Return => {}
        }
    }
}

/// The program's transients in default storage move to the FPGA as DaCe
/// moves them (see [`to_fpga_storage`]).
fn fpga_storage(inner: &mut Sdfg) {
    let (mut inside, mut outside) = (BTreeSet::new(), BTreeSet::new());
    for (_, state) in place::states(inner) {
        super::uses::access_by_scope(state, &mut inside, &mut outside);
    }
    let moved: BTreeSet<String> =
        inner.containers.iter().filter(|(_, d)| d.transient && d.storage == Storage::Default).map(|(n, _)| n.clone()).collect();
    to_fpga_storage(inner, &moved, &inside, &outside, |_| false);
}

/// Gives each container of `moved` DaCe's FPGA storage: FPGA global memory
/// when an access node of it sits outside every scope (FPGA-local when
/// `local` says so), FPGA-local memory when all sit inside scopes.
pub(super) fn to_fpga_storage(
    sdfg: &mut Sdfg,
    moved: &BTreeSet<String>,
    inside: &BTreeSet<String>,
    outside: &BTreeSet<String>,
    local: impl Fn(&crate::model::DataDesc) -> bool,
) {
    for (name, desc) in sdfg.containers.iter_mut().filter(|(n, _)| moved.contains(n.as_str())) {
        if outside.contains(name) {
            desc.storage = if local(desc) { Storage::FpgaLocal } else { Storage::FpgaGlobal };
        } else if inside.contains(name) {
            desc.storage = Storage::FpgaLocal;
        }
    }
}

/// Each of the SDFG's symbols passed under its own name.
fn identity_mapping(sdfg: &Sdfg) -> Vec<(String, Expr)> {
    let free = crate::analysis::symbols::sdfg_symbols(sdfg).used;
    let mut assigned = BTreeSet::new();
    crate::analysis::symbols::assigned(&sdfg.cfg, &mut assigned);
    let passed = |s: &String| free.contains(s) && !assigned.contains(s);
    sdfg.symbols.iter().filter(|(s, _)| passed(s)).map(|(s, _)| (s.clone(), Expr::sym(s))).collect()
}

/// Copies between each host array of `copies` that `wanted` and its FPGA
/// copy (to the host when `back`).
fn copy_state(sdfg: &Sdfg, copies: &[(String, String)], wanted: impl Fn(&String) -> bool, back: bool) -> State {
    let pairs: Vec<(String, String, Vec<Expr>)> = copies
        .iter()
        .filter(|(h, _)| wanted(h))
        .map(|(host, fpga)| {
            let shape = sdfg.container(host).map(|d| d.shape.clone()).unwrap_or_default();
            if back { (fpga.clone(), host.clone(), shape) } else { (host.clone(), fpga.clone(), shape) }
        })
        .collect();
    super::uses::copy_state(&pairs)
}

/// Whether the SDFG already uses FPGA storage or schedules.
fn on_fpga(sdfg: &Sdfg) -> bool {
    let storage = sdfg.containers.iter().any(|(_, d)| {
        matches!(d.storage, Storage::FpgaGlobal | Storage::FpgaLocal | Storage::FpgaRegisters | Storage::FpgaShiftRegister)
    });
    let schedule = place::states(sdfg).iter().any(|(_, s)| {
        s.nodes.iter().any(|n| match &n.kind {
            NodeKind::MapEntry { map, .. } => matches!(map.schedule, Schedule::FpgaDevice | Schedule::FpgaMultiPumped),
            NodeKind::NestedSdfg { .. } => n.extra.get("schedule").and_then(|v| v.as_str()) == Some(Schedule::FpgaDevice.as_str()),
            _ => false,
        })
    });
    storage || schedule
}
