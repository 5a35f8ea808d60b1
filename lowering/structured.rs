//! Structured control flow where the SDFG allows it: a LoopRegion that
//! counts (`i = a; i < b; i = i + c`, no break/continue/return, `i` and `b`
//! not changed by the body) becomes `scf.for`, and a ConditionalBlock
//! without jumps becomes `scf.if`. Bodies with several blocks sit in
//! `scf.execute_region`. Everything else stays `cf` branches.

use super::abi;
use super::function::FnGen;
use super::types::Ty;
use crate::model::{Block, BlockKind, Branch, Cfg, LoopRegion, LoopStatements};
use crate::symbolic::{CmpOp, Expr};
use std::collections::BTreeSet;

/// The pieces of a counting loop.
struct Counted {
    var: String,
    start: Expr,
    /// Exclusive bound.
    stop: Expr,
    step: i64,
}

impl FnGen<'_, '_> {
    /// Lowers a loop as `scf.for` if it counts; `Ok(false)` otherwise.
    pub fn structured_loop(&mut self, l: &LoopRegion) -> Result<bool, String> {
        let Some(c) = counted(l, self) else { return Ok(false) };
        let slot = match self.symbols.get(&c.var) {
            Some(s) => s.clone(),
            None => {
                let s = self.b.slot(Ty::I64).with_ty(Ty::I64);
                self.symbols.insert(c.var.clone(), s.clone());
                s
            }
        };
        let lb = self.int(&c.start)?;
        let ub = self.int(&c.stop)?;
        let step = self.b.i64(c.step);
        let counter = self.b.begin_for(&lb, &ub, &step, &[]);
        self.b.store(&counter.iv, &slot, slot.ty);
        self.region_body(&l.cfg)?;
        self.b.end();
        // After the loop the variable holds the first value that failed the test.
        let span = self.b.binary(super::arith::Op::Sub, &ub, &lb)?;
        let count = self.b.binary(super::arith::Op::CeilDiv, &span, &step)?;
        let zero = self.b.i64(0);
        let count = self.b.binary(super::arith::Op::Max, &count, &zero)?;
        let advance = self.b.binary(super::arith::Op::Mul, &count, &step)?;
        let last = self.b.binary(super::arith::Op::Add, &lb, &advance)?;
        self.b.store(&last, &slot, slot.ty);
        Ok(true)
    }

    /// Lowers a conditional as nested `scf.if`s if no branch jumps out.
    pub fn structured_conditional(&mut self, branches: &[Branch]) -> Result<bool, String> {
        if branches.iter().any(|b| jumps(&b.cfg)) {
            return Ok(false);
        }
        self.if_chain_blocks(branches)?;
        Ok(true)
    }

    fn if_chain_blocks(&mut self, branches: &[Branch]) -> Result<(), String> {
        let Some((first, rest)) = branches.split_first() else { return Ok(()) };
        match &first.condition {
            None => self.region_body(&first.cfg),
            Some(c) => {
                let cond = self.condition(c)?;
                self.b.begin_if(&cond, &[]);
                self.region_body(&first.cfg)?;
                self.b.begin_else(&[]);
                self.if_chain_blocks(rest)?;
                self.b.end();
                Ok(())
            }
        }
    }

    /// A CFG as the body of a structured op: `scf.execute_region` holding
    /// its blocks, ending in `scf.yield`.
    fn region_body(&mut self, cfg: &Cfg) -> Result<(), String> {
        let done = self.b.new_block();
        self.b.begin_execute_region();
        self.cfg(cfg, &done, None)?;
        self.b.start_block(&done);
        self.b.end();
        Ok(())
    }
}

/// Recognises `v = a`, `v < b` (or `<=`, or `b > v`), `v = v + c` (c > 0).
fn counted(l: &LoopRegion, g: &FnGen) -> Option<Counted> {
    if l.inverted || l.loop_variable.is_empty() || jumps(&l.cfg) {
        return None;
    }
    let var = l.loop_variable.as_str();
    let (init_var, start) = statement(l.init.as_ref()?)?;
    let (upd_var, update) = statement(l.update.as_ref()?)?;
    if init_var != var || upd_var != var {
        return None;
    }
    let step = update.sub(&Expr::sym(var)).simplify().as_int().filter(|s| *s > 0)?;
    let cond = l.condition.as_ref()?.parsed().ok()?.simplify();
    let stop = match cond {
        Expr::Cmp(CmpOp::Lt, a, b) if *a == Expr::sym(var) => *b,
        Expr::Cmp(CmpOp::Le, a, b) if *a == Expr::sym(var) => b.add(&Expr::int(1)),
        Expr::Cmp(CmpOp::Gt, a, b) if *b == Expr::sym(var) => *a,
        Expr::Cmp(CmpOp::Ge, a, b) if *b == Expr::sym(var) => a.add(&Expr::int(1)),
        _ => return None,
    };
    // The body must not change the variable or the bound, and the bound
    // must not read data (it is computed once).
    let mut assigned = BTreeSet::new();
    abi::assigned(&l.cfg, &mut assigned);
    let reads_data = stop.free_symbols().iter().any(|s| g.containers.contains_key(s));
    if assigned.contains(var) || stop.free_symbols().iter().any(|s| assigned.contains(s)) || reads_data {
        return None;
    }
    Some(Counted { var: var.to_string(), start, stop, step })
}

/// `name = expr`.
fn statement(code: &LoopStatements) -> Option<(&str, Expr)> {
    let (name, s) = code.single()?;
    Some((name, s.parsed().ok()?.simplify()))
}

/// Whether control can leave `cfg` sideways: a return anywhere, or a
/// break/continue not enclosed by a loop inside `cfg`.
fn jumps(cfg: &Cfg) -> bool {
    cfg.blocks.iter().any(|b: &Block| match &b.kind {
        BlockKind::Break | BlockKind::Continue | BlockKind::Return => true,
        BlockKind::Region { cfg, .. } => jumps(cfg),
        BlockKind::Conditional(brs) => brs.iter().any(|br| jumps(&br.cfg)),
        BlockKind::Loop(l) => returns(&l.cfg),
        BlockKind::State(_) => false,
    })
}

fn returns(cfg: &Cfg) -> bool {
    cfg.blocks.iter().any(|b| match &b.kind {
        BlockKind::Return => true,
        BlockKind::Region { cfg, .. } => returns(cfg),
        BlockKind::Conditional(brs) => brs.iter().any(|br| returns(&br.cfg)),
        BlockKind::Loop(l) => returns(&l.cfg),
        _ => false,
    })
}
