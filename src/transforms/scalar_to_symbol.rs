//! ScalarToSymbolPromotion: a transient integer or boolean scalar that is
//! computed from symbols, constants and single elements of data becomes a
//! symbol (DaCe's ScalarToSymbolPromotion pass). Its defining computation
//! moves to an interstate assignment on the way into the defining state,
//! and its readers read the symbol.
//!
//! ```mlir
//! sdfg.scalar "t" {dtype = #sdfg.dtype<int64>, shape = #sdfg.exprs<1>, transient}
//! %s0 = sdfg.state "s0" {
//!   %a = sdfg.access "A"
//!   %c = sdfg.tasklet "c" {code = "o = i + N", ins = {i}, outs = {o}}
//!   %t = sdfg.access "t"
//!   %u = sdfg.tasklet "u" {code = "o = 2 * v", ins = {v}, outs = {o}}
//!   %b = sdfg.access "B"
//!   sdfg.memlet %a -> %c["i"] {data = "A", subset = #sdfg.range<0>}
//!   sdfg.memlet %c["o"] -> %t {data = "t", subset = #sdfg.range<0>}
//!   sdfg.memlet %t -> %u["v"] {data = "t", subset = #sdfg.range<0>}
//!   sdfg.memlet %u["o"] -> %b {data = "B", subset = #sdfg.range<0>}
//! }
//! ```
//! becomes
//! ```mlir
//! sdfg.symbol "t" {dtype = #sdfg.dtype<int64>}
//! %s0 = sdfg.state "s0" {
//!   %u = sdfg.tasklet "u" {code = "o = 2 * t", outs = {o}}
//!   %b = sdfg.access "B"
//!   sdfg.memlet %u["o"] -> %b {data = "B", subset = #sdfg.range<0>}
//! }
//! %p = sdfg.state "promote_t" { }
//! sdfg.edge %p -> %s0 {assignments = #sdfg.assign<t = "N + A[0]">}
//! ```
//!
//! Preconditions, on every access node of the scalar (an `int64` or `bool`
//! transient Scalar, not persistent, not an argument or symbol name):
//! - it is at the top level of a state; a state writes it at most once;
//! - a write comes from a single-element copy of a data element, or from a
//!   Python tasklet `out = expr` with one output whose inputs are single
//!   elements of `int64`/`bool` data, read from access nodes without inputs
//!   whose data the state writes nowhere else (the value is then the same
//!   at the start of the state); `expr` uses only `+ - *`, comparisons,
//!   `not`/`and`/`or` on truth values, `min`/`max`/`abs`, integer
//!   literals, connectors and symbols;
//! - every read goes into a Python tasklet that only reads the connector
//!   as a plain name; in a writing state, reads of the old value feed only
//!   the defining tasklet;
//! - control-flow code reads the name only plainly (`t > 0`, not `t[0]`);
//!   memlets, map ranges, descriptors, nested-SDFG mappings, library
//!   properties and non-Python code never name it.
//!
//! Unlike DaCe, division, modulo, bit operations and floats are refused
//! (tasklets compute them as C does, interstate edges as Python does), and
//! so are reads by nested SDFGs, library nodes, maps and copies.

use super::map_collapse::remove_nodes;
use super::place::{self, cfg_at, Step};
use super::scalar_to_symbol_code::forbidden_names;
use super::scalar_to_symbol_plan::{plan, Plan, StateInfo};
use super::{Match, Options, Place, StatePath, Transformation};
use crate::model::scope;
use crate::model::{Assignment, Block, BlockKind, DataKind, DType, InterstateEdge, NodeKind, ScalarType, Sdfg, State};
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

pub struct ScalarToSymbolPromotion;

impl Transformation for ScalarToSymbolPromotion {
    fn name(&self) -> &'static str {
        "sdfg-scalar-to-symbol-promotion"
    }

    fn summary(&self) -> &'static str {
        "Turn transient integer scalars computed from symbols and single data elements into symbols"
    }

    fn matches(&self, sdfg: &Sdfg) -> Vec<Match> {
        let (paths, plans) = plans(sdfg);
        plans.iter().map(|p| describe(sdfg, &paths, p)).collect()
    }

    fn apply(&self, sdfg: &mut Sdfg, m: &Match, _options: &Options) -> Result<(), String> {
        let (paths, plans) = plans(sdfg);
        let plan = plans.into_iter().find(|p| place_of(&paths, p) == m.place).ok_or("the match no longer applies")?;
        apply_plans(sdfg, &paths, &[plan])
    }

    // Promotions of different scalars do not interfere: promote every
    // candidate at once, then look again (a scalar computed from one just
    // promoted in the same state qualifies now).
    fn apply_everywhere(&self, sdfg: &mut Sdfg, _options: &Options, limit: usize) -> Result<usize, String> {
        let mut count = 0;
        while count < limit {
            let (paths, mut plans) = plans(sdfg);
            if plans.is_empty() {
                break;
            }
            plans.truncate(limit - count);
            count += plans.len();
            apply_plans(sdfg, &paths, &plans)?;
        }
        Ok(count)
    }
}

fn place_of(paths: &[StatePath], p: &Plan) -> Place {
    let d = &p.defs[0];
    Place { state: paths[d.state].clone(), node: d.write }
}

fn describe(sdfg: &Sdfg, paths: &[StatePath], p: &Plan) -> Match {
    let states: Vec<String> = p.defs.iter().map(|d| format!("'{}'", place::state_label(sdfg, &paths[d.state]))).collect();
    let description = format!("scalar '{}' written in {} and read by {} tasklet(s)", p.scalar, states.join(", "), p.reads.len());
    Match { place: place_of(paths, p), description }
}

/// The scalars that can become symbols, and the state paths their plans
/// refer to (indices into `place::states`).
fn plans(sdfg: &Sdfg) -> (Vec<StatePath>, Vec<Plan>) {
    let candidates: Vec<&str> = sdfg
        .containers
        .iter()
        .filter(|(name, d)| {
            d.kind == DataKind::Scalar
                && d.transient
                && matches!(d.dtype, DType::Scalar(ScalarType::I64 | ScalarType::Bool))
                && !d.lifetime.outlives_call()
                && !sdfg.arg_names.contains(name)
                && sdfg.symbol_type(name).is_none()
                && !sdfg.constants.iter().any(|c| c.name == *name)
        })
        .map(|(n, _)| n.as_str())
        .collect();
    let states = place::states(sdfg);
    let paths: Vec<StatePath> = states.iter().map(|(p, _)| p.clone()).collect();
    if candidates.is_empty() {
        return (paths, Vec::new());
    }
    let forbidden = forbidden_names(sdfg);
    let wanted: HashSet<&str> = candidates.iter().copied().filter(|c| !forbidden.contains(*c)).collect();
    let mut nodes: HashMap<&str, Vec<(usize, usize)>> = HashMap::new();
    let mut infos: Vec<Option<StateInfo>> = (0..states.len()).map(|_| None).collect();
    for (k, (_, state)) in states.iter().enumerate() {
        for (i, n) in state.nodes.iter().enumerate() {
            if let NodeKind::Access { data, .. } = &n.kind {
                if wanted.contains(data.as_str()) {
                    nodes.entry(data.as_str()).or_default().push((k, i));
                    if infos[k].is_none() {
                        infos[k] = Some(StateInfo::new(sdfg, state));
                    }
                }
            }
        }
    }
    let plans = candidates
        .iter()
        .filter_map(|c| plan(sdfg, c, nodes.get(c)?, &states, &infos))
        .collect();
    (paths, plans)
}

/// Promotes the planned scalars (all planned on the current SDFG).
fn apply_plans(sdfg: &mut Sdfg, paths: &[StatePath], plans: &[Plan]) -> Result<(), String> {
    #[derive(Default)]
    struct Edit {
        edges: BTreeSet<usize>,
        nodes: BTreeSet<usize>,
        /// Removed once nothing connects to them.
        sources: BTreeSet<usize>,
        rewrites: Vec<(usize, String, String)>,
    }
    let mut edits: BTreeMap<usize, Edit> = BTreeMap::new();
    for p in plans {
        for d in &p.defs {
            let e = edits.entry(d.state).or_default();
            e.edges.extend(&d.edges);
            e.nodes.extend(d.tasklet);
            e.sources.extend(&d.sources);
        }
        for r in &p.reads {
            let e = edits.entry(r.state).or_default();
            e.edges.insert(r.edge);
            e.rewrites.push((r.tasklet, r.conn.clone(), p.scalar.clone()));
        }
        for &(k, n) in &p.nodes {
            edits.entry(k).or_default().nodes.insert(n);
        }
    }
    for (k, edit) in edits {
        let state = place::state_mut(sdfg, &paths[k]).ok_or("a planned state is missing")?;
        rewrite_readers(state, &edit.rewrites)?;
        let mut i = 0;
        state.edges.retain(|_| {
            i += 1;
            !edit.edges.contains(&(i - 1))
        });
        let mut gone = edit.nodes;
        let (ins, outs) = scope::adjacency(state);
        for s in edit.sources {
            if ins.get(s).is_none_or(Vec::is_empty) && outs.get(s).is_none_or(Vec::is_empty) {
                gone.insert(s);
            }
        }
        if state.edges.iter().any(|e| gone.contains(&e.src) || gone.contains(&e.dst)) {
            return Err("a promoted scalar is still connected".into());
        }
        remove_nodes(state, &gone.into_iter().collect::<Vec<_>>());
    }
    for p in plans {
        for d in &p.defs {
            assign_before(sdfg, &paths[d.state], &p.scalar, &d.value.simplify().to_string())?;
        }
        let dtype = match sdfg.container(&p.scalar).map(|c| &c.dtype) {
            Some(DType::Scalar(t)) => *t,
            _ => ScalarType::I64,
        };
        sdfg.containers.retain(|(n, _)| *n != p.scalar);
        sdfg.symbols.push((p.scalar.clone(), dtype));
    }
    Ok(())
}

/// Reading tasklets read the symbol instead of their connector.
fn rewrite_readers(state: &mut State, rewrites: &[(usize, String, String)]) -> Result<(), String> {
    for (t, conn, symbol) in rewrites {
        let node = state.nodes.get_mut(*t).ok_or("a planned reader is missing")?;
        if let NodeKind::Tasklet { code } = &mut node.kind {
            let names = HashMap::from([(conn.clone(), symbol.clone())]);
            code.code = crate::tasklet::replace_names(&code.code, &names).map_err(|e| e.to_string())?;
        }
        node.in_connectors.retain(|(c, _)| c != conn);
    }
    Ok(())
}

/// Inserts a new empty state before the state at `path`, entered from
/// everything that entered that state, with `symbol = value` on its way out.
fn assign_before(sdfg: &mut Sdfg, path: &[Step], symbol: &str, value: &str) -> Result<(), String> {
    let Some((Step::Block(b), cfg_path)) = path.split_last() else { return Err("bad state path".into()) };
    let cfg = cfg_at(&mut sdfg.cfg, cfg_path).ok_or("a planned state is missing")?;
    let b = *b;
    let was_start = cfg.start() == Some(b);
    let labels: HashSet<&str> = cfg.blocks.iter().map(|b| b.label.as_str()).collect();
    let base = format!("promote_{symbol}");
    let label = (0..).map(|i| if i == 0 { base.clone() } else { format!("{base}_{i}") }).find(|l| !labels.contains(l.as_str()));
    let new = cfg.blocks.len();
    let loc = cfg.blocks.get(b).ok_or("a planned state is missing")?.loc.clone();
    let block = Block { label: label.unwrap_or(base), kind: BlockKind::State(State::default()), extra: Default::default(), loc };
    cfg.blocks.push(block);
    for e in &mut cfg.edges {
        if e.dst == b {
            e.dst = new;
        }
    }
    let assignments = vec![Assignment::new(symbol, value.to_string())];
    cfg.edges.push(InterstateEdge { src: new, dst: b, condition: None, assignments, extra: Default::default(), loc: Default::default() });
    if was_start {
        cfg.start_block = Some(new);
    }
    Ok(())
}
