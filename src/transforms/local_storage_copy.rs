//! What InLocalStorage and OutLocalStorage share: the transformation itself,
//! given the direction's plans and rewiring (see `in_local_storage`,
//! `out_local_storage`).

use super::local_storage::{add_transient, apply_where_offered, chosen, Plan};
use super::{Match, Options, Transformation};
use crate::model::{NodeKind, Schedule, Sdfg, State, Storage};
use crate::symbolic::Expr;

impl Transformation for LocalStorage {
    fn name(&self) -> &'static str {
        self.name
    }

    fn summary(&self) -> &'static str {
        self.summary
    }

    fn option_names(&self) -> &'static [&'static str] {
        &["array"]
    }

    fn matches(&self, sdfg: &Sdfg) -> Vec<Match> {
        direction_matches(sdfg, self)
    }

    fn apply_everywhere(&self, sdfg: &mut Sdfg, options: &Options, limit: usize) -> Result<usize, String> {
        apply_where_offered(self, sdfg, options, limit, &|s, m| direction_offered(s, m, self))
    }

    fn apply(&self, sdfg: &mut Sdfg, m: &Match, options: &Options) -> Result<(), String> {
        direction_apply(sdfg, m, options, self)
    }
}

/// A local-storage transformation: InLocalStorage or OutLocalStorage,
/// which differ only in these fields.
pub struct LocalStorage {
    pub name: &'static str,
    pub summary: &'static str,
    /// The copies possible at a map entry (in) or exit (out).
    pub plans: fn(&Sdfg, &State, usize) -> Vec<Plan>,
    /// `into` or `out of`, for descriptions.
    pub preposition: &'static str,
    /// What `array=NAME` must name, for errors.
    pub what: &'static str,
    /// Rewires the state to use the new transient.
    pub copy: fn(&mut State, &Plan, &str, &[Expr]) -> Result<(), String>,
}

/// One match per map entry (exit) with copies possible.
fn direction_matches(sdfg: &Sdfg, d: &LocalStorage) -> Vec<Match> {
    super::place::node_matches(sdfg, |site, b| {
        let (path, state) = (site.path, site.state);
        let found = (d.plans)(sdfg, state, b);
        let first = found.first()?;
        let other = state.edges[first.edge].src;
        let data: Vec<String> = found.iter().map(|p| format!("'{}'", p.data)).collect();
        Some(format!(
            "{} from map '{}' {} map '{}' in state '{}'",
            data.join(", "),
            state.nodes[other].label,
            d.preposition,
            state.nodes[b].label,
            super::place::state_label(sdfg, path)
        ))
    })
}

/// The data a match offers copies of.
fn direction_offered(sdfg: &Sdfg, m: &Match, d: &LocalStorage) -> Vec<String> {
    let state = super::place::state(sdfg, &m.place.state);
    state.map(|s| (d.plans)(sdfg, s, m.place.node).into_iter().map(|p| p.data).collect()).unwrap_or_default()
}

/// Where a copy between the maps at the ends of `edge` lives on a GPU:
/// shared memory between a kernel's map and a thread-block map (the
/// block's threads share it), a thread's registers inside a thread's own
/// loop in a kernel. Elsewhere the default.
fn gpu_storage(state: &State, edge: usize) -> Option<Storage> {
    let schedule = |n: usize| match &state.nodes[n].kind {
        NodeKind::MapEntry { map, .. } => Some(map.schedule),
        NodeKind::MapExit { entry } => match &state.nodes[*entry].kind {
            NodeKind::MapEntry { map, .. } => Some(map.schedule),
            _ => None,
        },
        _ => None,
    };
    let e = &state.edges[edge];
    let (a, b) = (schedule(e.src)?, schedule(e.dst)?);
    // The outer map is the entry's source or the exit's destination.
    let (outer, inner) = if matches!(state.nodes[e.src].kind, NodeKind::MapEntry { .. }) { (a, b) } else { (b, a) };
    match (outer, inner) {
        (Schedule::GpuDevice, Schedule::GpuThreadBlock) => Some(Storage::GpuShared),
        (Schedule::GpuDevice | Schedule::GpuThreadBlock, Schedule::Sequential | Schedule::Default) => Some(Storage::Register),
        _ => None,
    }
}

/// Makes the copies of one match (only `array=NAME` when given).
fn direction_apply(sdfg: &mut Sdfg, m: &Match, options: &Options, d: &LocalStorage) -> Result<(), String> {
    let state = super::place::state(sdfg, &m.place.state).ok_or("match refers to a missing state")?;
    let mut found = (d.plans)(sdfg, state, m.place.node);
    if found.is_empty() {
        return Err("match no longer applies".into());
    }
    let names: Vec<String> = found.iter().map(|p| p.data.clone()).collect();
    if let Some(a) = chosen(options, &names, d.what)? {
        found.retain(|p| p.data == a);
    }
    let storages: Vec<Option<Storage>> = found.iter().map(|p| gpu_storage(state, p.edge)).collect();
    let mut locals = Vec::new();
    for (p, storage) in found.iter().zip(storages) {
        let like = sdfg.container(&p.data).ok_or("data is not a container")?.clone();
        let local = add_transient(sdfg, &p.data, &like, p.shape.clone());
        if let Some(storage) = storage {
            sdfg.containers.get_mut(&local).expect("just added").storage = storage;
        }
        locals.push((local, like.shape));
    }
    let state = super::place::state_mut(sdfg, &m.place.state).ok_or("match refers to a missing state")?;
    for (p, (local, shape)) in found.iter().zip(&locals) {
        (d.copy)(state, p, local, shape)?;
    }
    Ok(())
}
