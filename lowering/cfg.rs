//! Control flow: states, regions, loops and conditionals become `cf`
//! blocks; symbols live in stack slots that LLVM promotes to registers.

use super::builder::{BlockRef, Val};
use super::function::FnGen;
use super::types::Ty;
use crate::model::{Block, BlockKind, Cfg, Condition, InterstateEdge, LoopStatements};
use crate::symbolic::{Expr, ParseError};

/// Where `break` and `continue` go inside the innermost loop.
#[derive(Clone)]
pub struct LoopTargets {
    pub break_to: BlockRef,
    pub continue_to: BlockRef,
}

impl FnGen<'_, '_> {
    /// Lowers a CFG: control starts at its start block and leaves to `exit`.
    pub fn cfg(&mut self, cfg: &Cfg, exit: &BlockRef, loops: Option<&LoopTargets>) -> Result<(), String> {
        let Some(start) = cfg.start() else {
            self.b.br(exit);
            return Ok(());
        };
        let labels: Vec<BlockRef> = cfg.blocks.iter().map(|_| self.b.new_block()).collect();
        self.b.br(&labels[start]);
        for (i, block) in cfg.blocks.iter().enumerate() {
            self.b.start_block(&labels[i]);
            let outer = self.b.set_location(&block.loc);
            // Where control goes when the block itself finishes.
            let after = self.b.new_block();
            if let Err(e) = self.block(block, &after, exit, loops) {
                self.module.fail_at(&block.loc);
                return Err(format!("in block '{}': {e}", block.label));
            }
            self.b.start_block(&after);
            self.dispatch(cfg, i, &labels, exit)?;
            self.b.restore_location(outer);
        }
        Ok(())
    }

    /// Takes the first out-edge whose condition holds, running its
    /// assignments; with none, leaves the region.
    fn dispatch(&mut self, cfg: &Cfg, from: usize, labels: &[BlockRef], exit: &BlockRef) -> Result<(), String> {
        for e in cfg.edges.iter().filter(|e| e.src == from) {
            let target = labels.get(e.dst).ok_or("interstate edge to a missing block")?.clone();
            let outer = self.b.set_location(&e.loc);
            if let Err(message) = self.edge(e, &target) {
                self.module.fail_at(&e.loc);
                return Err(message);
            }
            self.b.restore_location(outer);
        }
        self.b.br(exit);
        Ok(())
    }

    /// Goes to `target` along `e` when its condition holds (running its
    /// assignments), else on to the next edge.
    fn edge(&mut self, e: &InterstateEdge, target: &BlockRef) -> Result<(), String> {
        let taken = self.b.new_block();
        let next = self.b.new_block();
        self.branch_on(e.condition.as_ref(), &taken, &next)?;
        self.b.start_block(&taken);
        for a in &e.assignments {
            self.assign(&a.symbol, a.value(), a.parsed())?;
        }
        self.b.br(target);
        self.b.start_block(&next);
        Ok(())
    }

    fn block(&mut self, block: &Block, after: &BlockRef, exit: &BlockRef, loops: Option<&LoopTargets>) -> Result<(), String> {
        match &block.kind {
            BlockKind::State(state) => {
                self.state_label = block.label.clone();
                self.profiled(&block.loc, |g| g.state(state))?;
                self.b.br(after);
            }
            BlockKind::Region { cfg, .. } => self.cfg(cfg, after, loops)?,
            BlockKind::Loop(l) if self.structured_loop(l)? => self.b.br(after),
            BlockKind::Conditional(branches) if self.structured_conditional(branches)? => self.b.br(after),
            BlockKind::Loop(l) => {
                let header = self.b.new_block();
                let body = self.b.new_block();
                let update = self.b.new_block();
                if let Some(init) = &l.init {
                    self.statement(init)?;
                }
                self.b.br(if l.inverted { &body } else { &header });
                self.b.start_block(&header);
                match &l.condition {
                    Some(c) => {
                        let cond = self.condition(c)?;
                        self.b.cond_br(&cond, &body, after);
                    }
                    None => self.b.br(&body),
                }
                self.b.start_block(&body);
                let targets = LoopTargets { break_to: after.clone(), continue_to: update.clone() };
                self.cfg(&l.cfg, &update, Some(&targets))?;
                self.b.start_block(&update);
                if let Some(u) = &l.update {
                    self.statement(u)?;
                }
                self.b.br(&header);
            }
            BlockKind::Conditional(branches) => {
                for br in branches {
                    let run = self.b.new_block();
                    let next = self.b.new_block();
                    self.branch_on(br.condition.as_ref(), &run, &next)?;
                    self.b.start_block(&run);
                    self.cfg(&br.cfg, after, loops)?;
                    self.b.start_block(&next);
                }
                self.b.br(after);
            }
            BlockKind::Break => {
                let t = loops.ok_or("break outside a loop")?;
                self.b.br(&t.break_to);
            }
            BlockKind::Continue => {
                let t = loops.ok_or("continue outside a loop")?;
                self.b.br(&t.continue_to);
            }
            BlockKind::Return => self.b.br(exit),
        }
        Ok(())
    }

    /// Goes to `then` when `condition` holds (always without one), else to
    /// `otherwise`.
    fn branch_on(&mut self, condition: Option<&Condition>, then: &BlockRef, otherwise: &BlockRef) -> Result<(), String> {
        match condition {
            None => self.b.br(then),
            Some(c) => {
                let cond = self.condition(c)?;
                self.b.cond_br(&cond, then, otherwise);
            }
        }
        Ok(())
    }

    /// A Python condition as an `i1`.
    pub fn condition(&mut self, code: &Condition) -> Result<Val, String> {
        if !code.is_python() {
            return Err(format!("conditions in {} are not supported", code.language));
        }
        let e = code.parsed().map_err(|e| format!("condition '{}': {}", code.code, e.message))?;
        let v = self.value(e)?;
        Ok(self.b.cast(&v, Ty::I1))
    }

    /// `name = expr` from a loop's init or update statement.
    fn statement(&mut self, code: &LoopStatements) -> Result<(), String> {
        let (name, s) = code.single().ok_or_else(|| format!("loop statement '{}' is not an assignment", code.code))?;
        self.assign(name, s.value(), s.parsed())
    }

    /// Assigns a symbol (converted to the type of its slot; an undeclared
    /// one takes the value's kind).
    fn assign(&mut self, name: &str, rhs: &str, parsed: Result<&Expr, &ParseError>) -> Result<(), String> {
        let e = parsed.map_err(|e| format!("assignment '{name} = {rhs}': {}", e.message))?;
        let v = self.value(e)?;
        let slot = match self.symbols.get(name) {
            Some(s) => s.clone(),
            None => {
                let ty = if v.ty.is_float() { Ty::F64 } else { Ty::I64 };
                let s = self.b.slot(ty).with_ty(ty);
                self.symbols.insert(name.to_string(), s.clone());
                s
            }
        };
        self.b.store(&v, &slot, slot.ty);
        Ok(())
    }
}
