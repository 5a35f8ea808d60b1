//! DoubleBuffering: a for loop whose body loads a tile into a transient and
//! computes on it gets a two-slot transient: each iteration prefetches the
//! next iteration's tile into the other slot, and an initial fill before
//! the loop loads the first (DaCe's DoubleBuffering, on a LoopRegion rather
//! than a sequential map).
//!
//! ```mlir
//! sdfg.loop "l" attributes {init = "k = 0", condition = "k < N", update = "k = k + 1", ...} {
//!   %s = sdfg.state "s" { %A -> %B {data = "A", subset = #sdfg.range<k, 0:M>}  ... %B -> compute ... }
//! }
//! ```
//! becomes, with `B` of shape `[2, M]` and `slot(k) = Mod(k, 2)`:
//! ```mlir
//! sdfg.conditional { sdfg.branch attributes {condition = "0 < N"} {
//!   state "l_init" { %A -> %B {data = "A", subset = #sdfg.range<0, 0:M>, other_subset = #sdfg.range<0, 0:M>} } } }
//! sdfg.loop "l" ... {
//!   sdfg.conditional { sdfg.branch attributes {condition = "(k + 1) < N"} {
//!     state "l_prefetch" { %A -> %B {data = "A", subset = #sdfg.range<"k + 1", 0:M>, other_subset = #sdfg.range<"Mod(k + 1, 2)", 0:M>} } } }
//!   %s = sdfg.state "s" { ... %B -> compute {data = "B", subset = #sdfg.range<"Mod(k, 2)", "...">} ... }
//! }
//! ```
//! Preconditions: the loop is a for loop (`k = s`, a condition, `k = k + c`
//! with a constant `c`, not do-while) whose body is one state; its
//! condition names only symbols; in that state, one access node of a
//! transient array or scalar `B` (used nowhere else; a scalar becomes an
//! array of shape `[2, 1]`) is written whole by one plain
//! copy from an access node of plain data `G` that nothing in the state
//! writes (nor any view or reference), with a subset free of data reads;
//! `B` is read only through memlets naming it, not by nested SDFGs or
//! library nodes, and its shape does not depend on `k`.

use super::place::{cfg_at, visit_cfgs, Step};
use super::uses::{access_nodes, full_subset, is_plain, may_alias, reachable, same_subset};
use super::{Match, Options, Place, Transformation};
use crate::model::{Block, BlockKind, Branch, Cfg, Condition, DataEdge, InterstateEdge, LoopRegion, NodeKind, Sdfg, State};
use crate::symbolic::{Dim, Expr, Subset};
use std::collections::HashMap;

pub struct DoubleBuffering;

impl Transformation for DoubleBuffering {
    fn name(&self) -> &'static str {
        "sdfg-double-buffering"
    }

    fn summary(&self) -> &'static str {
        "Double a tile transient of a for loop and prefetch the next tile"
    }

    fn matches(&self, sdfg: &Sdfg) -> Vec<Match> {
        let mut out = Vec::new();
        visit_cfgs(&sdfg.cfg, &mut Vec::new(), &mut |path, cfg| {
            for (i, b) in cfg.blocks.iter().enumerate() {
                let Some(c) = candidate(sdfg, b) else { continue };
                let mut at = path.to_vec();
                at.push(Step::Block(i));
                let description = format!("loop '{}' buffer '{}'", b.label, c.buffer);
                out.push(Match { place: Place { state: at, node: c.b }, description });
            }
        });
        out
    }

    fn apply(&self, sdfg: &mut Sdfg, m: &Match, _options: &Options) -> Result<(), String> {
        let (last, cfg_path) = m.place.state.split_last().ok_or("match without a block")?;
        let Step::Block(l) = *last else { return Err("match refers to a branch, not a block".into()) };
        let mut copy = sdfg.cfg.clone();
        let block = cfg_at(&mut copy, cfg_path).and_then(|c| c.blocks.get(l)).ok_or("match refers to a missing block")?;
        let c = candidate(sdfg, block).filter(|c| c.b == m.place.node).ok_or("match no longer applies")?;
        let desc = sdfg.container_mut(&c.buffer).ok_or("buffer is not a container")?;
        let total = desc.total_size.clone().unwrap_or_else(|| desc.shape.iter().fold(Expr::int(1), |a, s| a.mul(s)).simplify());
        let mut strides = vec![total.clone()];
        strides.extend(desc.strides_or_default());
        let mut offset = vec![Expr::int(0)];
        offset.extend(desc.offset.clone().unwrap_or_else(|| vec![Expr::int(0); desc.shape.len()]));
        desc.shape.insert(0, Expr::int(2));
        desc.kind = crate::model::DataKind::Array;
        desc.strides = Some(strides);
        desc.offset = Some(offset);
        desc.total_size = Some(total.mul(&Expr::int(2)).simplify());
        sdfg.experimental_blocks = true;
        let cfg = cfg_at(&mut sdfg.cfg, cfg_path).ok_or("match refers to a missing region")?;
        rewrite(cfg, l, &c)
    }
}

/// A matched loop: its body state's buffer node `b`, loaded from `g` by `copy`.
struct Candidate {
    buffer: String,
    b: usize,
    g: usize,
    copy: usize,
    var: String,
    start: Expr,
    step: i64,
    shape: Vec<Expr>,
}

fn candidate(sdfg: &Sdfg, block: &Block) -> Option<Candidate> {
    let BlockKind::Loop(l) = &block.kind else { return None };
    let var = l.loop_variable.clone();
    let start = super::loops::assigned_value(&l.init, &var)?;
    let step = super::loops::assigned_value(&l.update, &var)?.sub(&Expr::sym(&var)).simplify().as_int().filter(|c| *c != 0)?;
    let cond = l.condition.as_ref().filter(|c| c.is_python())?;
    let names = cond.python_expr()?.free_symbols();
    let symbol = |n: &String| *n == var || (sdfg.symbol_type(n).is_some() && sdfg.container(n).is_none());
    if l.inverted || !l.update_before_condition || !names.iter().all(symbol) || start.free_symbols().contains(&var) {
        return None;
    }
    let ([only], []) = (l.cfg.blocks.as_slice(), l.cfg.edges.as_slice()) else { return None };
    let BlockKind::State(state) = &only.kind else { return None };
    (0..state.nodes.len()).find_map(|b| buffer(sdfg, state, b, &var)).map(|(b, g, copy, buffer, shape)| Candidate {
        buffer,
        b,
        g,
        copy,
        var,
        start,
        step,
        shape,
    })
}

type Found = (usize, usize, usize, String, Vec<Expr>);

fn buffer(sdfg: &Sdfg, state: &State, b: usize, var: &str) -> Option<Found> {
    let NodeKind::Access { data, .. } = &state.nodes[b].kind else { return None };
    let desc = sdfg.container(data)?;
    let elsewhere = super::place::states(sdfg).iter().map(|(_, s)| access_nodes(s, data).len()).sum::<usize>() != 1;
    let kind_ok = matches!(desc.kind, crate::model::DataKind::Array | crate::model::DataKind::Scalar);
    if !desc.transient || !kind_ok || elsewhere || super::uses::mentioned_in_code(sdfg, data) {
        return None;
    }
    if desc.shape.iter().any(|s| s.free_symbols().contains(var)) {
        return None;
    }
    let ins: Vec<usize> = (0..state.edges.len()).filter(|&k| state.edges[k].dst == b).collect();
    let [copy] = ins.as_slice() else { return None };
    let e = &state.edges[*copy];
    let g = e.src;
    let NodeKind::Access { data: gdata, .. } = &state.nodes[g].kind else { return None };
    let m = &e.memlet;
    if gdata == data || !is_plain(sdfg, gdata) || m.wcr.is_some() || m.dynamic || m.data.is_none() || state.edges.iter().any(|x| x.dst == g) {
        return None;
    }
    // Which side each subset describes.
    let (gside, bside) = if m.data.as_deref() == Some(data) { (&m.other_subset, &m.subset) } else { (&m.subset, &m.other_subset) };
    let whole = full_subset(&desc.shape);
    if !bside.as_ref().is_none_or(|s| same_subset(s, &whole)) || gside.as_ref().is_some_and(|s| s.to_string().contains('[')) {
        return None;
    }
    // Nothing in the state writes G (or may alias it).
    // (Binding a view is not a write.)
    let written = |n: usize| state.edges.iter().any(|x| x.dst == n && x.dst_conn.as_deref() != Some("views"));
    let writes_g = (0..state.nodes.len()).any(|n| written(n) && may_alias(sdfg, state, n, gdata));
    let after = reachable(state, b, true);
    let reads_ok = state.edges.iter().enumerate().all(|(k, x)| {
        let names_b = x.memlet.data.as_deref() == Some(data.as_str());
        let foreign = [x.src, x.dst].iter().any(|n| matches!(state.nodes[*n].kind, NodeKind::NestedSdfg { .. } | NodeKind::Library(_)));
        let from_b = x.src == b || after.get(x.src).copied().unwrap_or(true);
        k == *copy || !((x.src == b && !names_b) || (names_b && foreign) || (from_b && !names_b && x.memlet.other_subset.is_some()))
    });
    (!writes_g && reads_ok).then(|| (b, g, *copy, data.clone(), desc.shape.clone()))
}

/// `[slot, subset...]`, the subset defaulting to the whole old buffer.
fn with_slot(slot: &Expr, s: &Option<Subset>, shape: &[Expr]) -> Subset {
    let mut dims = vec![Dim::index(slot.clone())];
    dims.extend(s.clone().unwrap_or_else(|| full_subset(shape)).dims().iter().cloned());
    Subset::Range(dims)
}

fn rewrite(cfg: &mut Cfg, l: usize, c: &Candidate) -> Result<(), String> {
    let block = cfg.blocks.get_mut(l).ok_or("missing loop")?;
    let label = block.label.clone();
    let BlockKind::Loop(LoopRegion { cfg: body, condition, .. }) = &mut block.kind else { return Err("not a loop".into()) };
    let condition = condition.clone().ok_or("loop without a condition")?;
    let Some(BlockKind::State(state)) = body.blocks.get_mut(0).map(|b| &mut b.kind) else { return Err("loop body is not one state".into()) };
    let k = Expr::sym(&c.var);
    let slot_of = |v: &Expr| {
        let n = v.sub(&c.start);
        let n = if c.step == 1 { n } else { Expr::call("int_floor", vec![n, Expr::int(c.step)]) };
        Expr::call("Mod", vec![n, Expr::int(2)]).simplify()
    };
    let next = k.add(&Expr::int(c.step)).simplify();
    // The compute reads the current slot.
    let current = slot_of(&k);
    for x in &mut state.edges {
        if x.memlet.data.as_deref() == Some(c.buffer.as_str()) {
            x.memlet.subset = Some(with_slot(&current, &x.memlet.subset, &c.shape));
            x.memlet.volume = None;
        }
    }
    // The load moves out: the copy at iteration `at` into slot `slot_of(at)`.
    let copy = state.edges.remove(c.copy);
    let (gnode, bnode) = (state.nodes[c.g].clone(), state.nodes[c.b].clone());
    if !state.edges.iter().any(|x| x.src == c.g || x.dst == c.g) {
        super::map_collapse::remove_nodes(state, &[c.g]);
    }
    let load = |at: &Expr| -> State {
        let values = HashMap::from([(c.var.clone(), at.clone())]);
        let mut m = copy.memlet.clone();
        let names_b = m.data.as_deref() == Some(c.buffer.as_str());
        if names_b {
            // `subset` already carries the current slot: drop it.
            m.subset = m.subset.as_ref().map(|s| Subset::Range(s.dims().get(1..).unwrap_or_default().to_vec()));
        }
        m.subset.iter_mut().chain(m.other_subset.iter_mut()).for_each(|s| super::scope_subst::substitute_subset(s, &values));
        let slot = slot_of(at);
        if names_b {
            m.subset = Some(with_slot(&slot, &m.subset, &c.shape));
        } else {
            m.other_subset = Some(with_slot(&slot, &m.other_subset, &c.shape));
        }
        m.volume = None;
        let edge = DataEdge { src: 0, dst: 1, memlet: m, ..copy.clone() };
        State { nodes: vec![gnode.clone(), bnode.clone()], edges: vec![edge] }
    };
    let guarded = |name: String, at: &Expr| -> Result<Block, String> {
        let text = HashMap::from([(c.var.clone(), format!("({at})"))]);
        let test = crate::tasklet::replace_names(&condition.code, &text).map_err(|e| e.to_string())?;
        let inner = Block { label: name.clone(), kind: BlockKind::State(load(at)), extra: Default::default(), loc: Default::default() };
        let branch = Branch {
            condition: Some(Condition::python(test)),
            label: format!("{name}_branch"),
            cfg: Cfg { blocks: vec![inner], edges: vec![], start_block: None },
            extra: Default::default(),
            loc: Default::default(),
        };
        Ok(Block { label: format!("{name}_guard"), kind: BlockKind::Conditional(vec![branch]), extra: Default::default(), loc: Default::default() })
    };
    // The prefetch of the next tile runs first in each iteration.
    let prefetch = guarded(format!("{label}_prefetch"), &next)?;
    body.blocks.push(prefetch);
    body.edges.push(plain_edge(1, 0));
    body.start_block = Some(1);
    // The initial fill, before the loop.
    let init = guarded(format!("{label}_init"), &c.start)?;
    let i = cfg.blocks.len();
    cfg.blocks.push(init);
    for e in &mut cfg.edges {
        if e.dst == l {
            e.dst = i;
        }
    }
    cfg.edges.push(plain_edge(i, l));
    if cfg.start_block == Some(l) {
        cfg.start_block = Some(i);
    }
    Ok(())
}

fn plain_edge(src: usize, dst: usize) -> InterstateEdge {
    InterstateEdge { src, dst, condition: None, assignments: vec![], extra: Default::default(), loc: Default::default() }
}
