//! Partial unrolling for LoopUnroll (`factor=K`): the loop
//! `i = a; i < b; i = i + c` becomes a region running
//!
//! ```text
//! l_main: loop i = a; i < b - (K-1)*c; i = i + K*c {
//!           l_0 { body } -> l_1 { body, i as i + c } -> ... -> l_<K-1> { i + (K-1)*c }
//!         }
//! then, with constant bounds, the iterations left over as straight copies
//!   --(i = v)--> l_<t> { body with i = v } ... --(i = final)--> l_end
//! or else a remainder loop, the original one continuing from where l_main
//! stopped (no init):
//!   l_rest: loop i < b; i = i + c { body }
//! ```
//!
//! Copy `j` of the main body reads `i + j*c` wherever it read `i`: memlets,
//! map ranges, nested-SDFG symbol mappings, Python tasklets, interstate
//! edges, loop headers and branch conditions inside. So the body must not
//! name the variable in C++ tasklets or library nodes, and no container's
//! size may depend on it. With symbolic bounds the bound must not change in
//! the body (it is tested once per `K` iterations) nor read data. After the
//! region the variable holds the same value as after the loop.

use super::loop_unroll::{append_copies, assign, copy_region, empty_state, Plan};
use super::loops::Header;
use super::symbol_subst::{is_pure, substitute_symbols_in_cfg};
use crate::model::{Block, BlockKind, Cfg, Condition, DataDesc, InterstateEdge, LoopRegion, LoopStatements, Sdfg};
use crate::symbolic::Expr;
use std::collections::{BTreeSet, HashMap};

pub struct Partial {
    header: Header,
    factor: usize,
    rest: Rest,
}

enum Rest {
    /// Constant bounds: the iterations left over as `(index, value)`, and
    /// the variable's value after the loop.
    Copies { values: Vec<(usize, i64)>, after: i64 },
    /// A loop finishing the iterations from where the main loop stopped.
    Loop,
}

impl Partial {
    pub fn describe(&self) -> String {
        let (var, k) = (&self.header.var, self.factor);
        match &self.rest {
            Rest::Copies { values, .. } => format!("{var} ({k} copies per iteration, {} left over)", values.len()),
            Rest::Loop => format!("{var} ({k} copies per iteration, then a remainder loop)"),
        }
    }
}

/// How to unroll a loop `factor` times: fully when it runs at most that
/// often (constant bounds), else partially when the body allows it.
pub fn plan(sdfg: &Sdfg, l: &LoopRegion, h: Header, factor: usize) -> Option<Plan> {
    let rest = match (h.start.as_int(), h.last.as_int()) {
        (Some(a), Some(_)) => {
            let n = h.trip_count()?;
            if n == 0 {
                return None;
            }
            if n <= factor as i128 {
                return Some(Plan::Full { values: h.constant_values(factor)?, var: h.var, step: h.step });
            }
            let value = |t: i128| i64::try_from(a as i128 + t * h.step as i128).ok();
            let done = n - n % factor as i128;
            let values = (done..n).map(|t| Some((usize::try_from(t).ok()?, value(t)?))).collect::<Option<Vec<_>>>()?;
            Rest::Copies { values, after: value(n)? }
        }
        _ => {
            // The bound is tested once per `factor` iterations: it must not
            // change in between.
            let mut assigned = BTreeSet::new();
            crate::lowering::abi::assigned(&l.cfg, &mut assigned);
            let changes = h.last.free_symbols().iter().any(|s| assigned.contains(s) || sdfg.container(s).is_some());
            if changes || !is_pure(&h.last) {
                return None;
            }
            Rest::Loop
        }
    };
    substitutable(sdfg, l, &h).then_some(Plan::Partial(Partial { header: h, factor, rest }))
}

/// Whether the copies after the first can read `i + j*c` for the variable:
/// every read of it in the body can be rewritten, and no descriptor (shared
/// by all copies) depends on it.
fn substitutable(sdfg: &Sdfg, l: &LoopRegion, h: &Header) -> bool {
    let var = &h.var;
    if sdfg.containers.iter().any(|(_, d)| descriptor_exprs(d).any(|e| e.free_symbols().contains(var))) {
        return false;
    }
    let values = HashMap::from([(var.clone(), Expr::sym(var).add(&Expr::int(h.step)))]);
    substitute_symbols_in_cfg(&mut l.cfg.clone(), &values).is_ok()
}

fn descriptor_exprs(d: &DataDesc) -> impl Iterator<Item = &Expr> {
    let lists = d.shape.iter().chain(d.strides.iter().flatten()).chain(d.offset.iter().flatten());
    lists.chain(d.total_size.iter()).chain(d.buffer_size.iter())
}

/// The region replacing the loop `block`.
pub fn build(block: &Block, l: &LoopRegion, p: &Partial) -> Result<Cfg, String> {
    let (h, label) = (&p.header, block.label.as_str());
    let var = h.var.as_str();
    let overflow = || "loop bounds overflow".to_string();
    let k = i64::try_from(p.factor).map_err(|_| overflow())?;
    let stride = h.step.checked_mul(k).ok_or_else(overflow)?;
    let mut body = Cfg { blocks: vec![], edges: vec![], start_block: Some(0) };
    for j in 0..p.factor {
        let mut copy = l.cfg.clone();
        if j > 0 {
            let shift = h.step.checked_mul(j as i64).ok_or_else(overflow)?;
            substitute_symbols_in_cfg(&mut copy, &HashMap::from([(var.to_string(), Expr::sym(var).add(&Expr::int(shift)))]))?;
            body.edges.push(plain(j - 1, j));
        }
        body.blocks.push(copy_region(label, &copy, j, &HashMap::new())?);
    }
    // The main loop runs while its last copy's value passes the test.
    let reach = h.step.checked_mul(k - 1).ok_or_else(overflow)?;
    let condition = if h.step > 0 {
        format!("{var} < {}", h.last.add(&Expr::int(1i64.checked_sub(reach).ok_or_else(overflow)?)).simplify())
    } else {
        format!("{var} > {}", h.last.add(&Expr::int((-1i64).checked_sub(reach).ok_or_else(overflow)?)).simplify())
    };
    let update = if stride > 0 { format!("{var} = {var} + {stride}") } else { format!("{var} = {var} - {}", stride.unsigned_abs()) };
    let main = LoopRegion {
        cfg: body,
        loop_variable: var.to_string(),
        init: l.init.clone(),
        condition: Some(Condition::python(condition)),
        update: Some(LoopStatements::python(update)),
        inverted: false,
        update_before_condition: l.update_before_condition,
    };
    let loop_block = |label: String, l: LoopRegion| Block { label, kind: BlockKind::Loop(l), extra: block.extra.clone(), loc: block.loc.clone() };
    let mut out = Cfg { blocks: vec![loop_block(format!("{label}_main"), main)], edges: vec![], start_block: Some(0) };
    match &p.rest {
        Rest::Copies { values, .. } if values.is_empty() => {}
        Rest::Copies { values, after } => {
            append_copies(&mut out, 0, label, &l.cfg, var, values)?;
            let end = out.blocks.len();
            out.blocks.push(empty_state(format!("{label}_end")));
            out.edges.push(assign(end - 1, end, var, *after));
        }
        Rest::Loop => {
            out.blocks.push(loop_block(format!("{label}_rest"), LoopRegion { init: None, ..l.clone() }));
            out.edges.push(plain(0, 1));
        }
    }
    Ok(out)
}

fn plain(src: usize, dst: usize) -> InterstateEdge {
    InterstateEdge { src, dst, condition: None, assignments: vec![], extra: Default::default(), loc: Default::default() }
}
