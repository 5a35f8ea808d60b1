//! Reads a parsed `sdfg` module back into the model.
//!
//! Blocks and nodes are numbered in op order (a scope's entry, its body, then
//! its exit), edges in op order; locations are the ops' `file:line:col`.

use super::attrs::{OpView, SubsetCache};
use super::assign_attr;
use super::instrument::{self, Of};
use crate::{
    diag::{Diagnostic, Diagnostics},
    model::{
        Block, BlockKind, Branch, Cfg, Condition, Constant, DataDesc, DataKind, DType, InterstateEdge, LoopRegion, LoopStatements,
        RegionKind, Sdfg,
    },
};
use melior::ir::{
    block::BlockLike,
    operation::{OperationLike, OperationRef},
    RegionLike,
    Module, RegionRef, Value, ValueLike,
};
use std::collections::HashMap;

/// The single `sdfg.sdfg` of a module, as a model.
pub fn read_module(module: &Module, file: &str) -> Result<Sdfg, Diagnostics> {
    read_op(&module.as_operation(), file)
}

/// As [`read_module`], for the module as an operation (inside passes).
pub fn read_op(module: &OperationRef, file: &str) -> Result<Sdfg, Diagnostics> {
    let ops: Vec<OperationRef> = region_ops(module.region(0).ok());
    let sdfgs: Vec<_> = ops.iter().filter(|o| op_name(o) == "sdfg.sdfg").collect();
    let start = crate::model::Loc::Text { file: file.to_string(), line: 1, col: 1 };
    match sdfgs.as_slice() {
        [only] => read_sdfg(OpView::new(**only, file), file, &mut SubsetCache::default()).map_err(Diagnostics),
        [] => Err(Diagnostic::new(&start, "the module holds no sdfg.sdfg").into()),
        [_, second, ..] => {
            Err(OpView::new(**second, file).error("the module holds more than one sdfg.sdfg").into())
        }
    }
}

/// An op's name (`sdfg.state`).
pub(crate) fn op_name(op: &OperationRef) -> String {
    super::attrs::identifier_text(&op.name()).unwrap_or_default()
}

/// `first` and the ops after it in its block.
pub(crate) fn ops_of<'c, 'a>(first: Option<OperationRef<'c, 'a>>) -> Vec<OperationRef<'c, 'a>> {
    let mut out = Vec::new();
    let mut next = first;
    while let Some(op) = next {
        next = op.next_in_block();
        out.push(op);
    }
    out
}

/// The ops of a region's first block.
pub(crate) fn region_ops<'c, 'a>(region: Option<RegionRef<'c, 'a>>) -> Vec<OperationRef<'c, 'a>> {
    region.and_then(|r| r.first_block()).map(|b| ops_of(b.first_operation())).unwrap_or_default()
}

pub(super) fn key(v: &Value) -> usize {
    v.to_raw().ptr as usize
}

pub(super) type Res<T> = Result<T, Vec<Diagnostic>>;

pub(super) fn read_sdfg(view: OpView, file: &str, cache: &mut SubsetCache) -> Res<Sdfg> {
    let one = |d: Diagnostic| vec![d];
    let mut extra = view.extra().map_err(one)?;
    instrument::read(&view, &mut extra, Of::Code).map_err(one)?;
    let mut sdfg = Sdfg {
        name: view.str("sym_name").map_err(one)?,
        arg_names: view.str_array("arg_names").map_err(one)?,
        symbols: Vec::new(),
        callbacks: Vec::new(),
        containers: Default::default(),
        constants: Vec::new(),
        experimental_blocks: view.flag("experimental_blocks"),
        cfg: Cfg::default(),
        extra,
        loc: view.loc.clone(),
    };
    let mut errors = Vec::new();
    let mut cfg_ops = Vec::new();
    for op in region_ops(view.op.region(0).ok()) {
        let v = OpView::new(op, file);
        let result = match v.name().as_str() {
            "sdfg.symbol" => read_symbol(&v, &mut sdfg),
            "sdfg.constant" => read_constant(&v).map(|c| sdfg.constants.push(c)),
            "sdfg.array" | "sdfg.scalar" | "sdfg.stream" | "sdfg.view" | "sdfg.reference" => {
                read_data(&v).map(|d| sdfg.containers.push(d))
            }
            _ => {
                cfg_ops.push(op);
                Ok(())
            }
        };
        if let Err(e) = result {
            errors.push(e);
        }
    }
    match read_cfg(cfg_ops, file, cache) {
        Ok(cfg) => sdfg.cfg = cfg,
        Err(mut e) => errors.append(&mut e),
    }
    if errors.is_empty() {
        Ok(sdfg)
    } else {
        Err(errors)
    }
}

/// A symbol: a scalar type, or DaCe's callback type as JSON.
fn read_symbol(v: &OpView, sdfg: &mut Sdfg) -> Result<(), Diagnostic> {
    let name = v.str("sym_name")?;
    match v.dtype("dtype")? {
        DType::Scalar(t) => sdfg.symbols.push((name, t)),
        DType::Other(json) if json.get("type").and_then(|t| t.as_str()) == Some("callback") => {
            let c = crate::json::callback_from_json(&name, &json, &v.loc).map_err(|e| v.error(e))?;
            sdfg.callbacks.push(c);
        }
        other => {
            return Err(v.error(format!("symbol '{name}' has type '{other}'; a symbol is a scalar or a callback")));
        }
    }
    Ok(())
}

fn read_constant(v: &OpView) -> Result<Constant, Diagnostic> {
    let json = |name: &str| -> Result<serde_json::Value, Diagnostic> {
        serde_json::from_str(&v.str(name)?).map_err(|e| v.error(format!("attribute '{name}' is not JSON: {e}")))
    };
    Ok(Constant { name: v.str("sym_name")?, descriptor: json("descriptor")?, value: json("value")? })
}

fn read_data(v: &OpView) -> Result<(String, DataDesc), Diagnostic> {
    let kind = match v.name().as_str() {
        "sdfg.array" => DataKind::Array,
        "sdfg.scalar" => DataKind::Scalar,
        "sdfg.stream" => DataKind::Stream,
        "sdfg.view" => DataKind::View,
        _ => DataKind::Reference,
    };
    let dtype = v.dtype("dtype")?;
    let desc = DataDesc {
        kind,
        dtype,
        shape: v.exprs("shape")?.unwrap_or_default(),
        strides: v.exprs("strides")?,
        offset: v.exprs("offset")?,
        total_size: v.opt_expr("total_size")?,
        transient: v.flag("transient"),
        storage: v.enum_or("storage")?,
        lifetime: v.enum_or("lifetime")?,
        buffer_size: v.opt_expr("buffer_size")?,
        optional: v.opt_bool("optional")?,
        extra: v.extra()?,
        loc: v.loc.clone(),
    };
    Ok((v.str("sym_name")?, desc))
}

fn read_cfg(ops: Vec<OperationRef>, file: &str, cache: &mut SubsetCache) -> Res<Cfg> {
    let mut cfg = Cfg::default();
    let mut index: HashMap<usize, usize> = HashMap::new();
    let mut errors = Vec::new();
    for op in ops {
        let v = OpView::new(op, file);
        if v.name() == "sdfg.edge" {
            match read_interstate_edge(&v, &index) {
                Ok(e) => cfg.edges.push(e),
                Err(e) => errors.push(e),
            }
            continue;
        }
        if v.flag("start") {
            cfg.start_block = Some(cfg.blocks.len());
        }
        if let Ok(result) = op.result(0) {
            index.insert(key(&result.into()), cfg.blocks.len());
        }
        match read_block(&v, file, cache) {
            Ok(b) => cfg.blocks.push(b),
            Err(mut e) => errors.append(&mut e),
        }
    }
    if errors.is_empty() {
        Ok(cfg)
    } else {
        Err(errors)
    }
}

fn read_interstate_edge(v: &OpView, index: &HashMap<usize, usize>) -> Result<InterstateEdge, Diagnostic> {
    let end = |i: usize| {
        v.op.operand(i)
            .ok()
            .and_then(|o| index.get(&key(&o)).copied())
            .ok_or_else(|| v.error("interstate edge must connect blocks of the same region"))
    };
    let mut extra = v.extra()?;
    let assignments = match v.op.attribute("assignments") {
        Ok(a) => assign_attr::read(a).map_err(|e| v.error(e.to_string()))?,
        Err(_) => Vec::new(),
    };
    Ok(InterstateEdge {
        src: end(0)?,
        dst: end(1)?,
        condition: v.code("condition", &mut extra)?.map(Condition::new),
        assignments,
        extra,
        loc: v.loc.clone(),
    })
}

fn read_block(v: &OpView, file: &str, cache: &mut SubsetCache) -> Res<Block> {
    let one = |d: Diagnostic| vec![d];
    let mut extra = v.extra().map_err(one)?;
    let body = || region_ops(v.op.region(0).ok());
    let kind = match v.name().as_str() {
        "sdfg.state" => {
            instrument::read(v, &mut extra, Of::Code).map_err(one)?;
            BlockKind::State(super::read_state::read_state(body(), file, cache)?)
        }
        "sdfg.region" => {
            let kind_name = v.str("kind").map_err(one)?;
            let kind = RegionKind::from_type_name(&kind_name)
                .ok_or_else(|| one(v.error(format!("unknown region kind '{kind_name}'"))))?;
            BlockKind::Region { kind, cfg: read_cfg(body(), file, cache)? }
        }
        "sdfg.loop" => BlockKind::Loop(LoopRegion {
            loop_variable: v.opt_str("loop_variable").map_err(one)?.unwrap_or_default(),
            init: v.code("init", &mut extra).map_err(one)?.map(LoopStatements::new),
            condition: v.code("condition", &mut extra).map_err(one)?.map(Condition::new),
            update: v.code("update", &mut extra).map_err(one)?.map(LoopStatements::new),
            inverted: v.flag("inverted"),
            update_before_condition: !v.flag("update_after_condition"),
            cfg: read_cfg(body(), file, cache)?,
        }),
        "sdfg.conditional" => {
            let mut branches = Vec::new();
            for op in body() {
                let b = OpView::new(op, file);
                if b.name() != "sdfg.branch" {
                    return Err(one(b.error("a conditional holds only sdfg.branch ops")));
                }
                let mut extra = b.extra().map_err(one)?;
                branches.push(Branch {
                    condition: b.code("condition", &mut extra).map_err(one)?.map(Condition::new),
                    label: b.str("label").map_err(one)?,
                    cfg: read_cfg(region_ops(op.region(0).ok()), file, cache)?,
                    extra,
                    loc: b.loc.clone(),
                });
            }
            BlockKind::Conditional(branches)
        }
        "sdfg.break" => BlockKind::Break,
        "sdfg.continue" => BlockKind::Continue,
        "sdfg.return" => BlockKind::Return,
        other => return Err(one(v.error(format!("'{other}' is not a control-flow block")))),
    };
    Ok(Block { label: v.str("label").map_err(one)?, kind, extra, loc: v.loc.clone() })
}

