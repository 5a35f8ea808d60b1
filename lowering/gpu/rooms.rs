//! Per-thread arrays too large for a GPU thread's private memory.
//!
//! Every iteration of a kernel's map has its own copy of the transients
//! private to it: those of its scope and all those of the nested SDFGs it
//! calls. A thread keeps small ones (up to 4,096 elements known when
//! compiling) in private memory; the others get room in GPU memory, one
//! slice per iteration, allocated by the host before the launch. A nested
//! SDFG's array becomes an argument its caller passes down; where its size
//! depends on a map parameter, the slice holds the largest size over the
//! map's range:
//!
//! ```text
//! map i = 0:N (GPU_Device)                  array t_per_thread[N, N] (GPU_Global)
//!   nested { array t[i + 1] (transient) } =>  map i = 0:N (GPU_Device)
//!                                               t_per_thread[i, 0:N] -> nested { array t[i + 1] }
//! map i = 0:N (GPU_Device)                  array t[N, M] (GPU_Global)
//!   t[0:M] (private to the map)           =>  map i = 0:N { t[i, 0:M] }
//! ```

use crate::lowering::abi::free_symbols;
use crate::lowering::gpu::kernel::launches_kernel;
use crate::lowering::locals::{sdfg_key, state_key, Locals};
use crate::model::{scope, DType, DataDesc, DataEdge, DataKind, Lifetime, Loc, Memlet, Node, NodeKind, Sdfg, StatePath, Storage};
use crate::symbolic::{Dim, Expr, Subset};
use crate::transforms::place;
use std::collections::{HashMap, HashSet};

/// The most elements of one array a GPU thread keeps in private memory.
pub const MAX_PRIVATE_ELEMENTS: i64 = 4096;

/// The arrays given room in GPU memory, by SDFG: each kernel iteration
/// uses its own slice, so they are private to it.
#[derive(Default)]
pub struct Rooms {
    by_sdfg: HashMap<usize, HashSet<String>>,
    /// Those that were `GPU_Shared`: one slice per block, which all its
    /// threads share.
    shared: HashSet<(usize, String)>,
}

impl Rooms {
    /// The arrays of `sdfg` given room.
    pub fn of(&self, sdfg: &Sdfg) -> Vec<String> {
        let mut names: Vec<String> = self.by_sdfg.get(&sdfg_key(sdfg)).into_iter().flatten().cloned().collect();
        names.sort();
        names
    }

    /// Whether room `name` of `sdfg` is a block's shared memory.
    pub fn is_shared(&self, sdfg: &Sdfg, name: &str) -> bool {
        self.shared.contains(&(sdfg_key(sdfg), name.to_string()))
    }

    fn add(&mut self, sdfg: usize, name: String, shared: bool) {
        if shared {
            self.shared.insert((sdfg, name.clone()));
        }
        self.by_sdfg.entry(sdfg).or_default().insert(name);
    }

    pub fn contains(&self, sdfg: usize, name: &str) -> bool {
        self.by_sdfg.get(&sdfg).is_some_and(|n| n.contains(name))
    }
}

/// Where the rewrite stopped and why.
pub type Failure = (Loc, String);

/// Gives room in GPU memory to every per-thread array of `sdfg`'s kernels
/// that a thread cannot hold.
pub fn make_rooms(sdfg: &mut Sdfg) -> Result<Rooms, Failure> {
    let mut rooms = Rooms::default();
    host(sdfg, &mut rooms)?;
    Ok(rooms)
}

/// An array of a nested SDFG in a kernel that its caller must pass.
struct Room {
    name: String,
    dtype: DType,
    /// Elements, in the symbols of the SDFG that holds it.
    size: Expr,
    loc: Loc,
    /// A block's shared memory (`GPU_Shared`).
    shared: bool,
}

/// A map around a node: its parameters and their ranges.
struct Around {
    params: Vec<String>,
    dims: Vec<Dim>,
}

/// Whether a thread keeps `desc` itself. A block's shared memory lives
/// in GPU memory too, a slice per block.
fn fits(desc: &DataDesc) -> bool {
    desc.storage != Storage::GpuShared
        && (desc.kind != DataKind::Array || desc.reach().simplify().as_int().is_some_and(|n| n <= MAX_PRIVATE_ELEMENTS))
}

/// An SDFG that runs on the host: its kernels' private arrays.
fn host(sdfg: &mut Sdfg, rooms: &mut Rooms) -> Result<(), Failure> {
    let locals = Locals::of(sdfg, &|_, _| false);
    let key = sdfg_key(sdfg);
    let paths: Vec<StatePath> = place::states(sdfg).into_iter().map(|(p, _)| p).collect();
    for path in paths {
        let state = place::state(sdfg, &path).expect("listed state");
        let Ok(parents) = scope::scope_parents(state) else { continue };
        let (mut kernels, mut calls, mut host_calls) = (Vec::new(), Vec::new(), Vec::new());
        for (i, node) in state.nodes.iter().enumerate() {
            let kernel = scope::outermost_map(state, &parents, i, |m| launches_kernel(m.schedule));
            match (&node.kind, kernel) {
                (NodeKind::MapEntry { map, .. }, None) if launches_kernel(map.schedule) => kernels.push(i),
                (NodeKind::NestedSdfg { .. }, Some(k)) => calls.push((i, k)),
                (NodeKind::NestedSdfg { .. }, None) => host_calls.push(i),
                _ => {}
            }
        }
        let skey = state_key(state);
        for &entry in &kernels {
            for name in locals.by_scope.get(&(skey, entry)).into_iter().flatten() {
                if let Some(desc) = sdfg.container(name).filter(|d| !fits(d)) {
                    let shared = desc.storage == Storage::GpuShared;
                    widen(sdfg, &path, entry, name);
                    rooms.add(key, name.clone(), shared);
                }
            }
        }
        for (call, entry) in calls {
            for (name, shared) in pass_down(sdfg, &path, call, Some(entry))? {
                rooms.add(key, name, shared);
            }
        }
        for call in host_calls {
            let state = place::state_mut(sdfg, &path).expect("listed state");
            if let NodeKind::NestedSdfg { sdfg: inner, .. } = &mut state.nodes[call].kind {
                host(inner, rooms)?;
            }
        }
    }
    Ok(())
}

/// The maps around node `n`, innermost first, up to `last` (included).
fn maps_around(state: &crate::model::State, parents: &[Option<usize>], n: usize, last: Option<usize>) -> Vec<Around> {
    let mut out = Vec::new();
    let mut at = parents[n];
    while let Some(p) = at {
        if let NodeKind::MapEntry { map, .. } = &state.nodes[p].kind {
            out.push(Around { params: map.params.clone(), dims: map.range.dims().to_vec() });
        }
        if Some(p) == last {
            break;
        }
        at = parents[p];
    }
    out
}

/// The kernel map's iterations: the count of each dimension and the
/// iteration index of each parameter.
fn iterations(state: &crate::model::State, entry: usize) -> (Vec<Expr>, Vec<Expr>) {
    let NodeKind::MapEntry { map, .. } = &state.nodes[entry].kind else { unreachable!("a kernel is a map") };
    let counts = map.range.dims().iter().map(Dim::num_elements).collect();
    let index = map
        .params
        .iter()
        .zip(map.range.dims())
        .map(|(p, d)| {
            let from_start = Expr::sym(p).sub(&d.start);
            match d.step.as_int() {
                Some(1) => from_start.simplify(),
                _ => Expr::call("int_floor", vec![from_start, d.step.clone()]).simplify(),
            }
        })
        .collect();
    (counts, index)
}

/// Gives the private array `name` of the kernel at `entry` one slice per
/// iteration: the iteration dimensions go first, every memlet on it
/// inside the kernel takes the iteration's index.
fn widen(sdfg: &mut Sdfg, path: &[crate::model::Step], entry: usize, name: &str) {
    let state = place::state(sdfg, path).expect("listed state");
    let (counts, index) = iterations(state, entry);
    let desc = sdfg.container_mut(name).expect("a listed transient");
    let old_shape = desc.shape.clone();
    let reach = desc.reach();
    let all: Expr = counts.iter().fold(Expr::int(1), |acc, c| acc.mul(c));
    if let Some(strides) = &desc.strides {
        let mut lead = Vec::new();
        for d in 0..counts.len() {
            lead.push(counts[d + 1..].iter().fold(reach.clone(), |acc, c| acc.mul(c)).simplify());
        }
        lead.extend(strides.iter().cloned());
        desc.strides = Some(lead);
        desc.total_size = Some(reach.mul(&all).simplify());
    } else if let Some(total) = &desc.total_size {
        desc.total_size = Some(total.mul(&all).simplify());
    }
    if let Some(offset) = &desc.offset {
        desc.offset = Some(counts.iter().map(|_| Expr::int(0)).chain(offset.iter().cloned()).collect());
    }
    desc.shape = counts.iter().cloned().chain(old_shape.iter().cloned()).collect();
    desc.storage = Storage::GpuGlobal;
    let whole = || Subset::Range(old_shape.iter().map(|d| Dim::range(Expr::int(0), d.sub(&Expr::int(1)))).collect());
    let widened = |s: &Option<Subset>| -> Subset {
        let s = s.clone().unwrap_or_else(whole);
        Subset::Range(index.iter().map(|i| Dim::index(i.clone())).chain(s.dims().iter().cloned()).collect())
    };
    let state = place::state_mut(sdfg, path).expect("listed state");
    let is_it = |n: usize, nodes: &[Node]| matches!(&nodes[n].kind, NodeKind::Access { data, .. } if data == name);
    for i in 0..state.edges.len() {
        let (src, dst) = (state.edges[i].src, state.edges[i].dst);
        let (src_it, dst_it) = (is_it(src, &state.nodes), is_it(dst, &state.nodes));
        let memlet = &mut state.edges[i].memlet;
        let Some(data) = memlet.data.clone() else { continue };
        if data == name {
            memlet.subset = Some(widened(&memlet.subset));
            if src_it && dst_it {
                memlet.other_subset = Some(widened(&memlet.other_subset));
            }
        } else if src_it || dst_it {
            memlet.other_subset = Some(widened(&memlet.other_subset));
        }
    }
}

/// Gives room to the arrays the nested SDFG at node `call` needs: a new
/// array of the caller per array, passed to a new connector. In a kernel's
/// own SDFG (`kernel`: the map's entry) it has a slice per iteration;
/// further in, it is an argument the caller itself receives. Returns the
/// caller's new arrays.
fn pass_down(sdfg: &mut Sdfg, path: &[crate::model::Step], call: usize, kernel: Option<usize>) -> Result<Vec<(String, bool)>, Failure> {
    let state = place::state_mut(sdfg, path).expect("listed state");
    let call_loc = state.nodes[call].loc.clone();
    let NodeKind::NestedSdfg { sdfg: inner, symbol_mapping } = &mut state.nodes[call].kind else { unreachable!("a nested SDFG") };
    let needed = inside(inner)?;
    if needed.is_empty() {
        return Ok(Vec::new());
    }
    let mapping: HashMap<String, Expr> = symbol_mapping.iter().cloned().collect();
    let state = place::state(sdfg, path).expect("listed state");
    let parents = scope::scope_parents(state).map_err(|e| (call_loc.clone(), e))?;
    let around = maps_around(state, &parents, call, kernel);
    let (counts, index) = match kernel {
        Some(entry) => iterations(state, entry),
        None => (Vec::new(), Vec::new()),
    };
    let free = free_symbols(sdfg);
    let mut made = Vec::new();
    for room in needed {
        let size = largest(&room, &mapping, &around)?;
        if kernel.is_none() {
            if let Some(s) = size.free_symbols().into_iter().find(|s| !free.contains(s)) {
                return Err((room.loc.clone(), changes_inside(&room, &s)));
            }
        }
        let name = sdfg.unique_container_name(&format!("{}_per_thread", room.name));
        let desc = DataDesc {
            kind: DataKind::Array,
            dtype: room.dtype.clone(),
            shape: counts.iter().cloned().chain([size.clone()]).collect(),
            strides: None,
            offset: None,
            total_size: None,
            transient: kernel.is_some(),
            storage: Storage::GpuGlobal,
            lifetime: Lifetime::default(),
            buffer_size: None,
            optional: None,
            extra: Default::default(),
            loc: room.loc.clone(),
        };
        sdfg.containers.push((name.clone(), desc));
        let subset = Subset::Range(index.iter().map(|i| Dim::index(i.clone())).chain([Dim::range(Expr::int(0), size.sub(&Expr::int(1)))]).collect());
        let state = place::state_mut(sdfg, path).expect("listed state");
        let access = state.nodes.len();
        state.nodes.push(Node::new::<&str>(&name, NodeKind::Access { data: name.clone(), setzero: false }, &[], &[], &call_loc));
        // The access sits in the call's scope.
        if let Some(scope) = parents[call] {
            state.edges.push(DataEdge { src: scope, src_conn: None, dst: access, dst_conn: None, memlet: Memlet::default(), loc: call_loc.clone() });
        }
        let memlet = Memlet { data: Some(name.clone()), subset: Some(subset), ..Memlet::default() };
        state.edges.push(DataEdge { src: access, src_conn: None, dst: call, dst_conn: Some(room.name.clone()), memlet, loc: call_loc.clone() });
        state.nodes[call].in_connectors.push((room.name.clone(), None));
        made.push((name, room.shared));
    }
    Ok(made)
}

/// A nested SDFG inside a kernel: its arrays a thread cannot hold become
/// arguments, and so do those its own nested SDFGs need. Returns them.
fn inside(sdfg: &mut Sdfg) -> Result<Vec<Room>, Failure> {
    let free = free_symbols(sdfg);
    let mut rooms = Vec::new();
    for (name, desc) in sdfg.containers.iter_mut() {
        if !desc.transient || fits(desc) {
            continue;
        }
        let shared = desc.storage == Storage::GpuShared;
        let room = Room { name: name.clone(), dtype: desc.dtype.clone(), size: desc.reach().simplify(), loc: desc.loc.clone(), shared };
        if let Some(s) = room.size.free_symbols().into_iter().find(|s| !free.contains(s)) {
            return Err((room.loc.clone(), changes_inside(&room, &s)));
        }
        desc.transient = false;
        desc.storage = Storage::GpuGlobal;
        rooms.push(room);
    }
    let paths: Vec<StatePath> = place::states(sdfg).into_iter().map(|(p, _)| p).collect();
    for path in paths {
        let state = place::state(sdfg, &path).expect("listed state");
        let calls: Vec<usize> = (0..state.nodes.len()).filter(|&i| matches!(state.nodes[i].kind, NodeKind::NestedSdfg { .. })).collect();
        for call in calls {
            for (name, shared) in pass_down(sdfg, &path, call, None)? {
                let desc = sdfg.container(&name).expect("just made");
                rooms.push(Room { size: desc.shape[0].clone(), dtype: desc.dtype.clone(), loc: desc.loc.clone(), name, shared });
            }
        }
    }
    Ok(rooms)
}

fn changes_inside(room: &Room, symbol: &str) -> String {
    format!(
        "per-thread array '{}' of {} elements inside a GPU kernel: '{symbol}' changes inside the kernel, and the GPU back end sizes per-thread arrays before the launch",
        room.name, room.size
    )
}

/// The size of `room` in the caller's symbols, at its largest over the
/// ranges of the maps `around` the call.
fn largest(room: &Room, mapping: &HashMap<String, Expr>, around: &[Around]) -> Result<Expr, Failure> {
    let mut size = room.size.substitute(mapping).simplify();
    for map in around {
        for (p, dim) in map.params.iter().zip(&map.dims) {
            let down = dim.step.as_int().is_some_and(|s| s < 0);
            let (low, high) = if down { (&dim.end, &dim.start) } else { (&dim.start, &dim.end) };
            let at = match direction(&size, p) {
                Some(Direction::Flat) => continue,
                Some(Direction::Up) => high,
                Some(Direction::Down) => low,
                None => {
                    return Err((
                        room.loc.clone(),
                        format!(
                            "per-thread array '{}' of {size} elements inside a GPU kernel: the GPU back end sizes per-thread arrays by their largest size, which it finds where the size grows or shrinks steadily with map parameter '{p}'",
                            room.name
                        ),
                    ))
                }
            };
            size = size.substitute(&HashMap::from([(p.clone(), at.clone())])).simplify();
        }
    }
    Ok(size)
}

#[derive(Clone, Copy, PartialEq, Debug)]
enum Direction {
    Flat,
    Up,
    Down,
}

/// How `e` moves as `p` grows, where it moves one way only (sums,
/// constant multiples, `Min`, `Max` and floor/ceiling divisions by
/// positive constants of such).
fn direction(e: &Expr, p: &str) -> Option<Direction> {
    if !e.free_symbols().contains(p) {
        return Some(Direction::Flat);
    }
    let combine = |items: &[Expr]| -> Option<Direction> {
        let mut out = Direction::Flat;
        for item in items {
            match (out, direction(item, p)?) {
                (_, Direction::Flat) => {}
                (Direction::Flat, d) => out = d,
                (a, b) if a == b => {}
                _ => return None,
            }
        }
        Some(out)
    };
    match e {
        Expr::Sym(s) if s == p => Some(Direction::Up),
        Expr::Add(items) => combine(items),
        Expr::Call(f, args) if f == "Min" || f == "Max" => combine(args),
        Expr::Call(f, args) if (f == "int_floor" || f == "int_ceil") && args.len() == 2 && args[1].as_int().is_some_and(|d| d > 0) => {
            direction(&args[0], p)
        }
        Expr::Mul(factors) => {
            let mut sign = 1.0;
            let mut moving = None;
            for f in factors {
                match f {
                    Expr::Int(v) => sign *= *v as f64,
                    Expr::Rational(n, d) => sign *= *n as f64 / *d as f64,
                    Expr::Float(v) => sign *= v.0,
                    other if moving.is_none() => moving = Some(other),
                    _ => return None,
                }
            }
            match (direction(moving?, p)?, sign) {
                (d, s) if s > 0.0 => Some(d),
                (_, s) if s == 0.0 => Some(Direction::Flat),
                (Direction::Up, _) => Some(Direction::Down),
                (Direction::Down, _) => Some(Direction::Up),
                (Direction::Flat, _) => Some(Direction::Flat),
            }
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::symbolic::parse;

    fn dir(text: &str) -> Option<Direction> {
        direction(&parse(text).unwrap(), "i")
    }

    #[test]
    fn sizes_that_move_one_way() {
        assert_eq!(dir("N + 1"), Some(Direction::Flat));
        assert_eq!(dir("i + 1"), Some(Direction::Up));
        assert_eq!(dir("N - i"), Some(Direction::Down));
        assert_eq!(dir("Max(2*i, N)"), Some(Direction::Up));
        assert_eq!(dir("int_floor(i + 3, 4)"), Some(Direction::Up));
        assert_eq!(dir("i*(N - i)"), None);
        assert_eq!(dir("N*i"), None);
        assert_eq!(dir("i - Max(i, 3)"), None);
    }

    #[test]
    fn the_largest_size_over_the_ranges() {
        let room = Room { name: "t".into(), dtype: DType::Scalar(crate::model::ScalarType::F64), size: parse("k + 1").unwrap(), loc: Loc::Unknown, shared: false };
        let mapping = HashMap::from([("k".to_string(), parse("i").unwrap())]);
        let around = [Around { params: vec!["i".into()], dims: vec![Dim::range(Expr::int(0), parse("N - 1").unwrap())] }];
        assert_eq!(largest(&room, &mapping, &around).unwrap(), parse("N").unwrap().simplify());
        let shrinking = Room { size: parse("M - k").unwrap(), ..room };
        assert_eq!(largest(&shrinking, &mapping, &around).unwrap(), parse("M").unwrap().simplify());
    }
}
