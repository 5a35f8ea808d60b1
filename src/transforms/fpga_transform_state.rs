//! FPGATransformState (DaCe's): one state runs on the FPGA. The arrays it
//! reads from outside (arguments and transients other states share) are
//! copied into `FPGA_Global` copies (`fpga_A`) by a `pre_` state before
//! it, the arrays it writes are copied back by a `post_` state after it,
//! and the state works on the copies. Its top-level maps in the default
//! schedule become `FPGA_Device`; its own transients in default storage
//! move to the FPGA (`FPGA_Local` when used inside scopes only, else
//! `FPGA_Global`; `FPGA_Local` too when sized by symbols assigned while
//! running).
//!
//! ```text
//! s: A -> map i -> B      =>   pre_s:  A -> fpga_A;  B -> fpga_B
//!                              s:      fpga_A -> map i (FPGA_Device) -> fpga_B
//!                              post_s: fpga_B -> B
//! ```
//!
//! Preconditions (DaCe's): no consume scope, no stream outside a scope or
//! of unbounded or symbolic size, every access node in default or register
//! storage, no map scheduled on a GPU or FPGA. Unlike DaCe, arrays the
//! state writes are copied in too (a partial write keeps the rest), and
//! scalar arguments stay in host memory (the kernel reads them through its
//! ports). Options: `state=LABEL` picks the state; without it every state
//! with code that matches is transformed.

use super::loop_unroll::empty_state;
use super::uses::access_data;
use super::{place, Match, Options, Place, StatePath, Transformation};
use crate::model::{scope, BlockKind, DataKind, InterstateEdge, NodeKind, Schedule, Sdfg, State, Storage};
use std::collections::BTreeSet;

pub struct FpgaTransformState;

impl Transformation for FpgaTransformState {
    fn name(&self) -> &'static str {
        "sdfg-fpga-transform-state"
    }

    fn summary(&self) -> &'static str {
        "DaCe's FPGATransformState: one state on the FPGA, between host<->FPGA copy states (state=LABEL)"
    }

    fn option_names(&self) -> &'static [&'static str] {
        &["state"]
    }

    fn matches(&self, sdfg: &Sdfg) -> Vec<Match> {
        let mut out = Vec::new();
        for (path, state) in place::states(sdfg) {
            if applies(sdfg, state) {
                let description = format!("state '{}'", place::state_label(sdfg, &path));
                out.push(Match { place: Place { state: path, node: 0 }, description });
            }
        }
        out
    }

    fn matches_with(&self, sdfg: &Sdfg, options: &Options) -> Result<Vec<Match>, String> {
        let all = self.matches(sdfg);
        match options.get("state") {
            None => Ok(all),
            Some(label) => {
                let picked: Vec<Match> = all.into_iter().filter(|m| place::state_label(sdfg, &m.place.state) == label).collect();
                if picked.is_empty() {
                    return Err(format!("state={label}: no such state where the transformation applies"));
                }
                Ok(picked)
            }
        }
    }

    fn once_per_match(&self) -> bool {
        true
    }

    // The top-level SDFG's states only, as in DaCe: a nested SDFG's state
    // may already run inside a kernel.
    fn recurses(&self) -> bool {
        true
    }

    fn apply(&self, sdfg: &mut Sdfg, m: &Match, _options: &Options) -> Result<(), String> {
        let state = place::state(sdfg, &m.place.state).ok_or("match refers to a missing state")?;
        if !applies(sdfg, state) {
            return Err("match no longer applies".into());
        }
        transform(sdfg, &m.place.state)
    }
}

/// DaCe's conditions, and some code to run.
fn applies(sdfg: &Sdfg, state: &State) -> bool {
    let Ok(parents) = scope::scope_parents(state) else { return false };
    let code = state.nodes.iter().any(|n| !matches!(n.kind, NodeKind::Access { .. }));
    code && state.nodes.iter().enumerate().all(|(i, n)| match &n.kind {
        NodeKind::ConsumeEntry { .. } | NodeKind::ConsumeExit { .. } => false,
        NodeKind::MapEntry { map, .. } => !map.schedule.is_gpu() && !matches!(map.schedule, Schedule::FpgaDevice | Schedule::FpgaMultiPumped | Schedule::Mpi),
        NodeKind::Access { data, .. } => sdfg.container(data).is_some_and(|d| {
            let storage = matches!(d.storage, Storage::Default | Storage::Register);
            let stream = d.kind != DataKind::Stream
                || parents[i].is_some() && d.total_elements().simplify().as_int().is_some() && d.buffer_size.as_ref().and_then(|b| b.as_int()).is_some_and(|b| b >= 1);
            storage && stream
        }),
        _ => true,
    })
}

fn transform(sdfg: &mut Sdfg, path: &StatePath) -> Result<(), String> {
    let state = place::state(sdfg, path).ok_or("match refers to a missing state")?;
    let label = place::state_label(sdfg, path);
    let others: BTreeSet<String> = place::states(sdfg)
        .iter()
        .filter(|(p, _)| p != path)
        .flat_map(|(_, s)| s.nodes.iter().filter_map(|n| if let NodeKind::Access { data, .. } = &n.kind { Some(data.clone()) } else { None }))
        .collect();
    // Shared: named by another state or by code (interstate edges read it).
    let shared_set: BTreeSet<String> =
        sdfg.containers.iter().map(|(n, _)| n.clone()).filter(|n| others.contains(n) || super::uses::mentioned_in_code(sdfg, n)).collect();
    let shared = |d: &str| shared_set.contains(d);
    let outside = |d: &str| sdfg.container(d).is_some_and(|c| c.kind == DataKind::Array && (!c.transient || shared(d)));
    let (mut read, mut written) = (BTreeSet::new(), BTreeSet::new());
    for i in 0..state.nodes.len() {
        let Some(data) = access_data(state, i).filter(|d| outside(d)) else { continue };
        if state.edges.iter().any(|e| e.src == i) {
            read.insert(data.to_string());
        }
        if state.edges.iter().any(|e| e.dst == i) {
            written.insert(data.to_string());
        }
    }
    let copied: BTreeSet<String> = read.union(&written).cloned().collect();
    let mut names = Vec::new();
    for host in &copied {
        let desc = sdfg.container(host).ok_or("undeclared data")?.clone();
        let fpga = sdfg.unique_container_name(&format!("fpga_{host}"));
        sdfg.containers.push((fpga.clone(), crate::model::DataDesc { transient: true, storage: Storage::FpgaGlobal, ..desc }));
        names.push((host.clone(), fpga));
    }
    // Sized by symbols the program assigns as it runs, a transient is the
    // kernel's own (allocated when it starts), not one host allocation.
    let mut assigned = BTreeSet::new();
    crate::analysis::symbols::assigned(&sdfg.cfg, &mut assigned);
    let sized_while_running = |d: &crate::model::DataDesc| d.shape.iter().any(|e| !e.free_symbols().is_disjoint(&assigned));
    let own: BTreeSet<String> = sdfg
        .containers
        .iter()
        .filter(|(n, d)| d.transient && d.storage == Storage::Default && !shared(n))
        .map(|(n, _)| n.clone())
        .collect();
    let state = place::state_mut(sdfg, path).ok_or("match refers to a missing state")?;
    let rename = |d: &str| names.iter().find(|(h, _)| h == d).map(|(_, f)| f.clone());
    for node in &mut state.nodes {
        if let NodeKind::Access { data, .. } = &mut node.kind {
            if let Some(f) = rename(data) {
                node.label = f.clone();
                *data = f;
            }
        }
    }
    for e in &mut state.edges {
        if let Some(f) = e.memlet.data.as_deref().and_then(rename) {
            e.memlet.data = Some(f);
        }
    }
    let parents = scope::scope_parents(state)?;
    for (i, node) in state.nodes.iter_mut().enumerate() {
        if let NodeKind::MapEntry { map, .. } = &mut node.kind {
            if parents[i].is_none() && map.schedule == Schedule::Default {
                map.schedule = Schedule::FpgaDevice;
            }
        }
    }
    let (mut inside, mut outside) = (BTreeSet::new(), BTreeSet::new());
    super::uses::access_by_scope(state, &mut inside, &mut outside);
    super::fpga_transform::to_fpga_storage(sdfg, &own, &inside, &outside, sized_while_running);
    let shape = |s: &Sdfg, n: &str| s.container(n).map(|d| d.shape.clone()).unwrap_or_default();
    let pairs = |back: bool, which: &BTreeSet<String>| -> Vec<(String, String, Vec<crate::symbolic::Expr>)> {
        names
            .iter()
            .filter(|(h, _)| which.contains(h))
            .map(|(h, f)| if back { (f.clone(), h.clone(), shape(sdfg, h)) } else { (h.clone(), f.clone(), shape(sdfg, h)) })
            .collect()
    };
    let (pre, post) = (super::uses::copy_state(&pairs(false, &copied)), super::uses::copy_state(&pairs(true, &written)));
    let (cfg_path, last) = path.split_at(path.len() - 1);
    let [place::Step::Block(b)] = last else { return Err("match refers to a missing state".into()) };
    let b = *b;
    let cfg = place::cfg_at(&mut sdfg.cfg, cfg_path).ok_or("match refers to a missing region")?;
    let mut add = |label: String, state: State| {
        let mut block = empty_state(label);
        block.kind = BlockKind::State(state);
        cfg.blocks.push(block);
        cfg.blocks.len() - 1
    };
    let (p, q) = (add(format!("pre_{label}"), pre), add(format!("post_{label}"), post));
    for e in &mut cfg.edges {
        if e.dst == b {
            e.dst = p;
        }
        if e.src == b {
            e.src = q;
        }
    }
    let plain = |src, dst| InterstateEdge { src, dst, condition: None, assignments: Vec::new(), extra: Default::default(), loc: Default::default() };
    cfg.edges.push(plain(p, b));
    cfg.edges.push(plain(b, q));
    if cfg.start_block == Some(b) {
        cfg.start_block = Some(p);
    }
    Ok(())
}
