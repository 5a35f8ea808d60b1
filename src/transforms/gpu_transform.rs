//! GPUTransformSDFG (DaCe's `apply_gpu_transformations`): the program runs
//! on a GPU. Each array argument it uses gets a `GPU_Global` copy
//! (`gpu_A`) that every state uses instead, filled in a new first state and
//! copied back (where written) in a new last one; maps at the top of a
//! state become `GPU_Device` kernels, the maps inside them sequential;
//! tasklets and nested SDFGs at the top of a state that touch arrays run
//! in one-iteration GPU maps; transient arrays live in GPU memory, as do
//! scalars written in kernels (a scalar the host's control code reads
//! too gets a GPU copy, copied back in each state that writes it).
//!
//! ```text
//! state s:                               state copyin:  A -> gpu_A
//!   A -> map i (Default) -> B      =>    state s:       gpu_A -> map i (GPU_Device) -> gpu_B
//!                                        state copyout: gpu_B -> B
//! ```
//!
//! Options (as DaCe's): `sequential-innermaps` (default 1: maps inside
//! kernels `Sequential`), `toplevel-trans` (default 1: transient arrays in
//! GPU memory). Consume scopes are refused, as DaCe does.

use super::loop_unroll::empty_state;
use super::{place, Match, Options, Place, Transformation};
use crate::model::{
    scope, BlockKind, Cfg, DataEdge, DataKind, InterstateEdge, MapScope, Memlet, Node, NodeKind, Schedule, Sdfg, State,
    Storage,
};
use crate::symbolic::{Dim, Expr, Subset};
use std::collections::{BTreeMap, BTreeSet};

pub struct GpuTransform;

impl Transformation for GpuTransform {
    fn name(&self) -> &'static str {
        "sdfg-gpu-transform"
    }

    fn summary(&self) -> &'static str {
        "DaCe's GPUTransformSDFG: GPU copies of the arrays, host<->GPU copy states, top-level maps as GPU kernels"
    }

    fn option_names(&self) -> &'static [&'static str] {
        &["sequential-innermaps", "toplevel-trans", "register-transients"]
    }

    fn matches(&self, sdfg: &Sdfg) -> Vec<Match> {
        let arrays = used_arrays(sdfg);
        if arrays.is_empty() || on_gpu(sdfg) {
            return Vec::new();
        }
        let names: Vec<&str> = arrays.keys().map(String::as_str).collect();
        let description = format!("the whole SDFG (arrays {})", names.join(", "));
        vec![Match { place: Place { state: Vec::new(), node: 0 }, description }]
    }

    fn once_per_match(&self) -> bool {
        true
    }

    fn recurses(&self) -> bool {
        true
    }

    fn apply(&self, sdfg: &mut Sdfg, _m: &Match, options: &Options) -> Result<(), String> {
        let flag = |name: &str| -> Result<bool, String> {
            match options.get(name).unwrap_or("1") {
                "1" | "true" => Ok(true),
                "0" | "false" => Ok(false),
                other => Err(format!("sdfg-gpu-transform: option {name}={other}: give 0 or 1")),
            }
        };
        let (sequential, toplevel_trans) = (flag("sequential-innermaps")?, flag("toplevel-trans")?);
        let registers = flag("register-transients")?;
        let consume = |s: &State| s.nodes.iter().find(|n| matches!(n.kind, NodeKind::ConsumeEntry { .. })).map(|n| n.label.clone());
        if let Some(label) = place::states(sdfg).iter().find_map(|(_, s)| consume(s)) {
            return Err(format!("sdfg-gpu-transform: consume scope '{label}' has no GPU form (DaCe refuses it too)"));
        }
        let arrays = used_arrays(sdfg);
        let mut renamed = BTreeMap::new();
        let mut on_gpu = BTreeSet::new();
        // Scalars the host reads (conditions, interstate assignments, map
        // ranges): a GPU copy for the kernels, copied back after each write.
        let mut copied_back = BTreeMap::new();
        for (name, &(_, written)) in &arrays {
            let desc = sdfg.container(name).expect("a used container").clone();
            let host_reads = desc.kind == DataKind::Scalar && super::uses::mentioned_in_code(sdfg, name);
            if desc.transient && !host_reads {
                if toplevel_trans || desc.kind == DataKind::Scalar {
                    sdfg.containers.get_mut(name).expect("a used container").storage = Storage::GpuGlobal;
                    on_gpu.insert(name.clone());
                }
                continue;
            }
            let gpu = sdfg.unique_container_name(&format!("gpu_{name}"));
            sdfg.containers.push((gpu.clone(), crate::model::DataDesc { transient: true, storage: Storage::GpuGlobal, ..desc }));
            on_gpu.insert(gpu.clone());
            if host_reads {
                copied_back.insert(gpu.clone(), name.clone());
            }
            renamed.insert(name.clone(), (gpu, written));
        }
        for view in views_of(sdfg, &arrays.keys().cloned().collect()) {
            sdfg.containers.get_mut(&view).expect("a view").storage = Storage::GpuGlobal;
            on_gpu.insert(view);
        }
        let device = Device { renamed: &renamed, on_gpu: &on_gpu, sequential, toplevel_trans };
        device.cfg(&mut sdfg.cfg)?;
        copy_back_after_writes(&mut sdfg.cfg, &copied_back);
        if registers {
            for name in super::gpu_registers::kernel_locals(sdfg) {
                sdfg.containers.get_mut(&name).expect("a transient").storage = Storage::Register;
            }
        }
        // Transients start and end inside the program: no copies there.
        renamed.retain(|name, _| sdfg.container(name).is_some_and(|d| !d.transient));
        add_copy_states(sdfg, &renamed);
        Ok(())
    }
}

/// In every state of `cfg` (and the regions in it), each write of a GPU
/// scalar in `back` (GPU name to host name) is copied to the host
/// scalar in the same state, where the host's control code reads it.
fn copy_back_after_writes(cfg: &mut Cfg, back: &BTreeMap<String, String>) {
    for block in &mut cfg.blocks {
        match &mut block.kind {
            BlockKind::State(state) => {
                let written: Vec<(usize, String)> = state
                    .nodes
                    .iter()
                    .enumerate()
                    .filter_map(|(i, n)| match &n.kind {
                        NodeKind::Access { data, .. } if back.contains_key(data) && state.edges.iter().any(|e| e.dst == i) => Some((i, data.clone())),
                        _ => None,
                    })
                    .collect();
                for (gpu_node, gpu) in written {
                    let host = state.nodes.len();
                    state.nodes.push(super::local_storage::access_node(&back[&gpu], &Default::default()));
                    let one = Subset::Range(vec![Dim::range(Expr::int(0), Expr::int(0))]);
                    let memlet = Memlet { data: Some(gpu), subset: Some(one.clone()), other_subset: Some(one), is_data_src: Some(true), ..Default::default() };
                    state.edges.push(DataEdge { src: gpu_node, src_conn: None, dst: host, dst_conn: None, memlet, loc: Default::default() });
                }
            }
            BlockKind::Region { cfg, .. } => copy_back_after_writes(cfg, back),
            BlockKind::Loop(l) => copy_back_after_writes(&mut l.cfg, back),
            BlockKind::Conditional(branches) => branches.iter_mut().for_each(|b| copy_back_after_writes(&mut b.cfg, back)),
            BlockKind::Break | BlockKind::Continue | BlockKind::Return => {}
        }
    }
}

/// Containers in host memory that move to the GPU, with whether they
/// are read and written: the arrays the SDFG's states access, and the
/// scalars written inside maps, by library nodes or by top-level tasklets
/// and nested SDFGs that touch arrays (kernels then).
fn used_arrays(sdfg: &Sdfg) -> BTreeMap<String, (bool, bool)> {
    // To a fixed point: a scalar that moves puts the top-level tasklets
    // that read it in kernels, which move the scalars they write.
    let mut used: BTreeMap<String, (bool, bool)> = BTreeMap::new();
    loop {
        let before = used.len();
        for (_, state) in place::states(sdfg) {
            let parents = scope::scope_parents(state).unwrap_or_default();
            for (i, node) in state.nodes.iter().enumerate() {
                let NodeKind::Access { data, .. } = &node.kind else { continue };
                let Some(desc) = sdfg.container(data) else { continue };
                if !matches!(desc.storage, Storage::Default | Storage::CpuHeap) {
                    continue;
                }
                let written_on_device = state.edges.iter().any(|e| {
                    e.dst == i
                        && (parents.get(e.src).is_some_and(Option::is_some)
                            || matches!(state.nodes[e.src].kind, NodeKind::Library(_) | NodeKind::MapExit { .. })
                            || (matches!(state.nodes[e.src].kind, NodeKind::Tasklet { .. } | NodeKind::NestedSdfg { .. })
                                && touches_gpu(sdfg, state, e.src, &used)))
                });
                let moves = match desc.kind {
                    DataKind::Array => true,
                    DataKind::Scalar => written_on_device,
                    // Kernels push to streams in GPU memory.
                    DataKind::Stream => desc.transient && written_on_device,
                    _ => false,
                };
                if !moves {
                    continue;
                }
                let entry = used.entry(data.clone()).or_default();
                entry.0 |= state.edges.iter().any(|e| e.src == i);
                entry.1 |= state.edges.iter().any(|e| e.dst == i);
            }
        }
        if used.len() == before {
            return used;
        }
    }
}

/// Whether a node reads or writes memory that is or will be on the GPU
/// (arrays, GPU storage, scalars that move): a top-level tasklet doing so
/// runs in a kernel.
fn touches_gpu(sdfg: &Sdfg, state: &State, n: usize, moving: &BTreeMap<String, (bool, bool)>) -> bool {
    state.edges.iter().filter(|e| e.src == n || e.dst == n).filter_map(|e| e.memlet.data.as_deref()).any(|d| {
        moving.contains_key(d) || sdfg.container(d).is_some_and(|c| c.kind == DataKind::Array || c.storage.is_gpu())
    })
}

/// The views and references of `moved` containers (and views of those):
/// they view GPU memory after the move.
fn views_of(sdfg: &Sdfg, moved: &BTreeSet<String>) -> BTreeSet<String> {
    let mut views = BTreeSet::new();
    let states = place::states(sdfg);
    loop {
        let before = views.len();
        for (_, state) in &states {
            let data = |n: usize| match &state.nodes[n].kind {
                NodeKind::Access { data, .. } => Some(data.as_str()),
                _ => None,
            };
            for e in &state.edges {
                let (Some(a), Some(b)) = (data(e.src), data(e.dst)) else { continue };
                for (view, other) in [(a, b), (b, a)] {
                    let is_view = sdfg.container(view).is_some_and(|d| matches!(d.kind, DataKind::View | DataKind::Reference));
                    if is_view && (moved.contains(other) || views.contains(other)) {
                        views.insert(view.to_string());
                    }
                }
            }
        }
        if views.len() == before {
            return views;
        }
    }
}

/// Whether the SDFG already uses GPU storage or schedules.
fn on_gpu(sdfg: &Sdfg) -> bool {
    let gpu_storage = sdfg.containers.iter().any(|(_, d)| d.storage.is_gpu());
    let gpu_map =
        place::states(sdfg).iter().any(|(_, s)| s.nodes.iter().any(|n| matches!(&n.kind, NodeKind::MapEntry { map, .. } if map.schedule.is_gpu())));
    gpu_storage || gpu_map
}

/// What moves to the GPU: arrays renamed to their GPU copies, the
/// containers in GPU memory, and the options.
struct Device<'a> {
    renamed: &'a BTreeMap<String, (String, bool)>,
    on_gpu: &'a BTreeSet<String>,
    sequential: bool,
    toplevel_trans: bool,
}

impl Device<'_> {
    /// Every state of `cfg` and the regions in it.
    fn cfg(&self, cfg: &mut Cfg) -> Result<(), String> {
        for block in &mut cfg.blocks {
            match &mut block.kind {
                BlockKind::State(s) => self.state(s)?,
                BlockKind::Region { cfg, .. } => self.cfg(cfg)?,
                BlockKind::Loop(l) => self.cfg(&mut l.cfg)?,
                BlockKind::Conditional(branches) => branches.iter_mut().try_for_each(|b| self.cfg(&mut b.cfg))?,
                BlockKind::Break | BlockKind::Continue | BlockKind::Return => {}
            }
        }
        Ok(())
    }

    /// One state on the GPU: arrays renamed to their GPU copies, top-level
    /// maps as kernels, top-level tasklets that touch GPU memory in
    /// one-iteration kernels, top-level nested SDFGs transformed inside.
    fn state(&self, state: &mut State) -> Result<(), String> {
        for node in &mut state.nodes {
            if let NodeKind::Access { data, .. } = &mut node.kind {
                if let Some((gpu, _)) = self.renamed.get(data.as_str()) {
                    *data = gpu.clone();
                    node.label = gpu.clone();
                }
            }
        }
        for edge in &mut state.edges {
            if let Some((gpu, _)) = edge.memlet.data.as_deref().and_then(|d| self.renamed.get(d)) {
                edge.memlet.data = Some(gpu.clone());
            }
        }
        let parents = scope::scope_parents(state)?;
        let on_gpu = |e: &DataEdge| e.memlet.data.as_deref().is_some_and(|d| self.on_gpu.contains(d));
        let mut wrap = Vec::new();
        for i in 0..state.nodes.len() {
            let top = parents[i].is_none();
            // Inner connectors bound to GPU memory.
            let gpu_inner: BTreeSet<String> = state
                .edges
                .iter()
                .filter(|e| on_gpu(e))
                .filter_map(|e| if e.dst == i { e.dst_conn.clone() } else if e.src == i { e.src_conn.clone() } else { None })
                .collect();
            match &mut state.nodes[i].kind {
                NodeKind::MapEntry { map, .. } if top => map.schedule = Schedule::GpuDevice,
                NodeKind::MapEntry { map, .. } if self.sequential && map.schedule == Schedule::Default => map.schedule = Schedule::Sequential,
                NodeKind::NestedSdfg { sdfg, .. } if top => self.nested(sdfg, &gpu_inner)?,
                NodeKind::Tasklet { .. } if top && !gpu_inner.is_empty() => wrap.push(i),
                _ => {}
            }
        }
        for node in wrap {
            in_one_iteration_map(state, node)?;
        }
        Ok(())
    }

    /// A nested SDFG at host level: its containers bound to GPU memory
    /// (`gpu_inner`) and its transient arrays in GPU memory, its states
    /// transformed as the outer ones.
    fn nested(&self, sdfg: &mut Sdfg, gpu_inner: &BTreeSet<String>) -> Result<(), String> {
        let mut on_gpu = gpu_inner.clone();
        let moving: Vec<String> = used_arrays(sdfg).into_keys().filter(|n| sdfg.container(n).is_some_and(|d| d.transient)).collect();
        let mut moved: BTreeSet<String> = gpu_inner.iter().chain(moving.iter().filter(|_| self.toplevel_trans)).cloned().collect();
        moved.extend(views_of(sdfg, &moved));
        for (name, desc) in sdfg.containers.iter_mut() {
            if moved.contains(name) {
                desc.storage = Storage::GpuGlobal;
                on_gpu.insert(name.clone());
            }
        }
        let renamed = BTreeMap::new();
        Device { renamed: &renamed, on_gpu: &on_gpu, ..*self }.cfg(&mut sdfg.cfg)
    }
}

/// Puts `node` inside a new `GPU_Device` map of one iteration: its edges
/// pass through the map's entry and exit with the same memlets.
fn in_one_iteration_map(state: &mut State, node: usize) -> Result<(), String> {
    let label = format!("{}_gpu_map", state.nodes[node].label);
    let loc = state.nodes[node].loc.clone();
    let (entry, exit) = (state.nodes.len(), state.nodes.len() + 1);
    let map = MapScope {
        params: vec!["__gpu_i".into()],
        range: Subset::Range(vec![Dim::range(Expr::int(0), Expr::int(0))]),
        schedule: Schedule::GpuDevice,
    };
    let mut entry_node = Node::new::<&str>(&label, NodeKind::MapEntry { map, exit }, &[], &[], &loc);
    let mut exit_node = Node::new::<&str>(&label, NodeKind::MapExit { entry }, &[], &[], &loc);
    let mut added = Vec::new();
    for e in state.edges.iter_mut() {
        if e.dst == node {
            let Some(conn) = e.dst_conn.clone() else { return Err(format!("sdfg-gpu-transform: an edge into '{label}' without a connector")) };
            let (inner, outer) = (format!("OUT_{conn}"), format!("IN_{conn}"));
            entry_node.in_connectors.push((outer.clone(), None));
            entry_node.out_connectors.push((inner.clone(), None));
            added.push(DataEdge { src: entry, src_conn: Some(inner), dst: node, dst_conn: Some(conn), memlet: e.memlet.clone(), loc: e.loc.clone() });
            e.dst = entry;
            e.dst_conn = Some(outer);
        } else if e.src == node {
            let Some(conn) = e.src_conn.clone() else { return Err(format!("sdfg-gpu-transform: an edge out of '{label}' without a connector")) };
            let (inner, outer) = (format!("IN_{conn}"), format!("OUT_{conn}"));
            if !exit_node.has_in_connector(&inner) {
                exit_node.in_connectors.push((inner.clone(), None));
                exit_node.out_connectors.push((outer.clone(), None));
            }
            added.push(DataEdge { src: node, src_conn: Some(conn), dst: exit, dst_conn: Some(inner), memlet: e.memlet.clone(), loc: e.loc.clone() });
            e.src = exit;
            e.src_conn = Some(outer);
        }
    }
    if !added.iter().any(|e| e.dst == node) {
        // A map entry reaches what it contains through an empty memlet.
        added.push(DataEdge { src: entry, src_conn: None, dst: node, dst_conn: None, memlet: Memlet::default(), loc: loc.clone() });
    }
    state.nodes.push(entry_node);
    state.nodes.push(exit_node);
    state.edges.extend(added);
    Ok(())
}

/// A state before the first block copying every renamed array to the GPU,
/// and one after every last block copying the written ones back.
fn add_copy_states(sdfg: &mut Sdfg, renamed: &BTreeMap<String, (String, bool)>) {
    let copies = |back: bool| -> State {
        let pairs: Vec<(String, String, Vec<Expr>)> = renamed
            .iter()
            .filter(|(_, (_, written))| !back || *written)
            .map(|(name, (gpu, _))| {
                let shape = sdfg.container(name).map(|d| d.shape.clone()).unwrap_or_default();
                if back { (gpu.clone(), name.clone(), shape) } else { (name.clone(), gpu.clone(), shape) }
            })
            .collect();
        super::uses::copy_state(&pairs)
    };
    let (copy_in, copy_out) = (copies(false), copies(true));
    let cfg = &mut sdfg.cfg;
    let start = cfg.start();
    let sinks: Vec<usize> = (0..cfg.blocks.len()).filter(|&b| !cfg.edges.iter().any(|e| e.src == b)).collect();
    let edge = |src, dst| InterstateEdge { src, dst, condition: None, assignments: Vec::new(), extra: Default::default(), loc: Default::default() };
    let first = cfg.blocks.len();
    let mut block = empty_state(format!("{}_copyin", sdfg.name));
    block.kind = BlockKind::State(copy_in);
    cfg.blocks.push(block);
    if let Some(start) = start {
        cfg.edges.push(edge(first, start));
    }
    cfg.start_block = Some(first);
    if !copy_out.nodes.is_empty() {
        let last = cfg.blocks.len();
        let mut block = empty_state(format!("{}_copyout", sdfg.name));
        block.kind = BlockKind::State(copy_out);
        cfg.blocks.push(block);
        for sink in sinks {
            cfg.edges.push(edge(sink, last));
        }
    }
}
