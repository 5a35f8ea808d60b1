//! Rebuilds parts of an `sdfg.sdfg` op in place from its model: the ops of
//! some states and the declarations, leaving every other op as it is. A
//! pass whose rewrites stayed inside a few states updates only those.
//!
//! The control flow must be the one the ops describe: block `i` of a CFG is
//! the `i`-th block op of its region, and branch `k` of a conditional its
//! `k`-th `sdfg.branch`.

use super::build::OpBuilder;
use crate::model::{BlockKind, Cfg, Loc, Sdfg, Step};
use melior::{
    ir::{
        block::BlockLike,
        operation::{OperationLike, OperationRef},
        BlockRef, RegionLike,
    },
    Context, IrRewriter,
};
use std::collections::HashMap;

const BLOCK_OPS: [&str; 7] =
    ["sdfg.state", "sdfg.region", "sdfg.loop", "sdfg.conditional", "sdfg.break", "sdfg.continue", "sdfg.return"];

fn name_of(op: &OperationRef) -> String {
    op.name().as_string_ref().as_str().unwrap_or_default().to_string()
}

/// Replaces the ops of the states at `paths` and the declarations of
/// `sdfg_op` (an `sdfg.sdfg` whose control flow `sdfg` still matches).
pub fn rebuild_states(context: &Context, sdfg_op: OperationRef, sdfg: &Sdfg, paths: &[Vec<Step>]) -> Result<(), String> {
    let body = first_block(&sdfg_op).ok_or("internal error: sdfg.sdfg without a body")?;
    let builder = OpBuilder::new(context);
    let rewriter = IrRewriter::new(context);
    let base = rewriter.as_rewriter_base();
    replace_declarations(&builder, &body, sdfg)?;
    // The block ops of each CFG region visited, listed once.
    let mut listed: HashMap<Vec<Step>, Vec<OperationRef>> = HashMap::new();
    for path in paths {
        let (Some((last, parent)), Some(found)) = (path.split_last(), model_block(sdfg, path)) else {
            return Err(format!("internal error: no state at {path:?}"));
        };
        let (block, within) = found;
        let Step::Block(index) = last else { return Err(format!("internal error: {path:?} ends in a branch")) };
        if !listed.contains_key(parent) {
            let region = region_block(&body, parent)?;
            listed.insert(parent.to_vec(), block_ops(&region));
        }
        let old = *listed[parent].get(*index).ok_or_else(|| format!("internal error: no block op at {path:?}"))?;
        if name_of(&old) != "sdfg.state" {
            return Err(format!("internal error: {path:?} is a {}, not a state", name_of(&old)));
        }
        let new = builder.block(block, old.has_attribute("start"), &within)?;
        base.set_insertion_point_before(old);
        let new = base.insert(new);
        base.replace_op_with_operation(old, new);
        listed.get_mut(parent).expect("listed above")[*index] = new;
    }
    Ok(())
}

/// Erases the ops before the first block op of the body (symbols,
/// containers, constants) and puts the model's in their place.
fn replace_declarations(builder: &OpBuilder, body: &BlockRef, sdfg: &Sdfg) -> Result<(), String> {
    while let Some(op) = body.first_operation() {
        if BLOCK_OPS.contains(&name_of(&op).as_str()) || name_of(&op) == "sdfg.edge" {
            break;
        }
        // SAFETY: the op is detached before it is destroyed; no other op
        // uses a declaration's (absent) results.
        unsafe {
            mlir_sys::mlirOperationRemoveFromParent(op.to_raw());
            mlir_sys::mlirOperationDestroy(op.to_raw());
        }
    }
    let ops = builder.declarations(sdfg, &sdfg.loc)?;
    match body.first_operation() {
        Some(first) => {
            for op in ops {
                body.insert_operation_before(first, op);
            }
        }
        None => {
            for op in ops {
                body.append_operation(op);
            }
        }
    }
    Ok(())
}

fn first_block<'c, 'a>(op: &OperationRef<'c, 'a>) -> Option<BlockRef<'c, 'a>> {
    op.region(0).ok()?.first_block()
}

/// The block ops of a CFG region, in order.
fn block_ops<'c, 'a>(region: &BlockRef<'c, 'a>) -> Vec<OperationRef<'c, 'a>> {
    let mut out = Vec::new();
    let mut next = region.first_operation();
    while let Some(op) = next {
        if BLOCK_OPS.contains(&name_of(&op).as_str()) {
            out.push(op);
        }
        next = op.next_in_block();
    }
    out
}

/// The body of the CFG region that `steps` lead to from the SDFG's body.
fn region_block<'c, 'a>(body: &BlockRef<'c, 'a>, steps: &[Step]) -> Result<BlockRef<'c, 'a>, String> {
    let mut current = *body;
    let mut rest = steps.iter();
    while let Some(step) = rest.next() {
        let missing = || format!("internal error: no control-flow region at {steps:?}");
        let Step::Block(b) = step else { return Err(missing()) };
        let op = *block_ops(&current).get(*b).ok_or_else(missing)?;
        current = match name_of(&op).as_str() {
            "sdfg.region" | "sdfg.loop" => first_block(&op).ok_or_else(missing)?,
            "sdfg.conditional" => {
                let Some(Step::Branch(k)) = rest.next() else { return Err(missing()) };
                let branches = first_block(&op).ok_or_else(missing)?;
                let mut branch = branches.first_operation();
                for _ in 0..*k {
                    branch = branch.and_then(|o| o.next_in_block());
                }
                first_block(&branch.ok_or_else(missing)?).ok_or_else(missing)?
            }
            _ => return Err(missing()),
        };
    }
    Ok(current)
}

/// The model block at `path` and the location its op falls back to (that of
/// the innermost enclosing block or branch that has one, as the builder
/// gives it).
fn model_block<'s>(sdfg: &'s Sdfg, path: &[Step]) -> Option<(&'s crate::model::Block, Loc)> {
    let mut cfg: &Cfg = &sdfg.cfg;
    let mut within = sdfg.loc.clone();
    let mut steps = path.iter().peekable();
    while let Some(step) = steps.next() {
        let Step::Block(b) = step else { return None };
        let block = cfg.blocks.get(*b)?;
        if steps.peek().is_none() {
            return Some((block, within));
        }
        within = block.loc.or(&within).clone();
        cfg = match &block.kind {
            BlockKind::Region { cfg, .. } => cfg,
            BlockKind::Loop(l) => &l.cfg,
            BlockKind::Conditional(branches) => {
                let Some(Step::Branch(k)) = steps.next() else { return None };
                let branch = branches.get(*k)?;
                within = branch.loc.or(&within).clone();
                &branch.cfg
            }
            _ => return None,
        };
    }
    None
}
