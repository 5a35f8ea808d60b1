//! Reads a parsed `sdfg` module back into the model.
//!
//! Blocks and nodes are numbered in op order (a scope's entry, its body, then
//! its exit), edges in op order; locations are the ops' `file:line:col`.

use super::attrs::OpView;
use crate::{
    diag::{Diagnostic, Diagnostics},
    model::{
        Block, BlockKind, Branch, Cfg, CodeBlock, Constant, ConsumeScope, DataDesc, DataEdge,
        DataKind, DType, InterstateEdge, LoopRegion, MapScope, Memlet, Node, NodeKind, RegionKind,
        Sdfg, State,
    },
    symbolic::Subset,
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
        [only] => read_sdfg(OpView::new(**only, file), file).map_err(Diagnostics),
        [] => Err(Diagnostic::new(&start, "the module holds no sdfg.sdfg").into()),
        [_, second, ..] => {
            Err(OpView::new(**second, file).error("the module holds more than one sdfg.sdfg").into())
        }
    }
}

fn op_name(op: &OperationRef) -> String {
    super::attrs::identifier_text(&op.name()).unwrap_or_default()
}

fn ops_of<'c, 'a>(first: Option<OperationRef<'c, 'a>>) -> Vec<OperationRef<'c, 'a>> {
    let mut out = Vec::new();
    let mut next = first;
    while let Some(op) = next {
        next = op.next_in_block();
        out.push(op);
    }
    out
}

fn region_ops<'c, 'a>(region: Option<RegionRef<'c, 'a>>) -> Vec<OperationRef<'c, 'a>> {
    region.and_then(|r| r.first_block()).map(|b| ops_of(b.first_operation())).unwrap_or_default()
}

fn key(v: &Value) -> usize {
    v.to_raw().ptr as usize
}

type Res<T> = Result<T, Vec<Diagnostic>>;

fn read_sdfg(view: OpView, file: &str) -> Res<Sdfg> {
    let one = |d: Diagnostic| vec![d];
    let mut sdfg = Sdfg {
        name: view.str("sym_name").map_err(one)?,
        arg_names: view.str_array("arg_names").map_err(one)?,
        symbols: Vec::new(),
        containers: Vec::new(),
        constants: Vec::new(),
        experimental_blocks: view.flag("experimental_blocks"),
        cfg: Cfg::default(),
        extra: view.extra().map_err(one)?,
        loc: view.loc.clone(),
    };
    let mut errors = Vec::new();
    let mut cfg_ops = Vec::new();
    for op in region_ops(view.op.region(0).ok()) {
        let v = OpView::new(op, file);
        let result = match v.name().as_str() {
            "sdfg.symbol" => v.str("sym_name").and_then(|n| Ok(sdfg.symbols.push((n, v.str("dtype")?)))),
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
    match read_cfg(cfg_ops, file) {
        Ok(cfg) => sdfg.cfg = cfg,
        Err(mut e) => errors.append(&mut e),
    }
    if errors.is_empty() {
        Ok(sdfg)
    } else {
        Err(errors)
    }
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
    let dtype_text = v.str("dtype")?;
    let dtype = DType::parse(&dtype_text).ok_or_else(|| v.error(format!("unknown dtype '{dtype_text}'")))?;
    let desc = DataDesc {
        kind,
        dtype,
        shape: v.exprs("shape")?.unwrap_or_default(),
        strides: v.exprs("strides")?,
        offset: v.exprs("offset")?,
        total_size: v.opt_expr("total_size")?,
        transient: v.flag("transient"),
        storage: v.opt_str("storage")?.unwrap_or_else(|| "Default".into()),
        lifetime: v.opt_str("lifetime")?.unwrap_or_else(|| "Scope".into()),
        buffer_size: v.opt_expr("buffer_size")?,
        optional: v.opt_bool("optional")?,
        extra: v.extra()?,
        loc: v.loc.clone(),
    };
    Ok((v.str("sym_name")?, desc))
}

fn read_cfg(ops: Vec<OperationRef>, file: &str) -> Res<Cfg> {
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
        match read_block(&v, file) {
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
    let mut assignments = Vec::new();
    for a in v.str_array("assignments")? {
        let (name, value) = a
            .split_once('=')
            .ok_or_else(|| v.error(format!("assignment '{a}' must read 'symbol = expression'")))?;
        assignments.push((name.trim().to_string(), value.trim().to_string()));
    }
    Ok(InterstateEdge {
        src: end(0)?,
        dst: end(1)?,
        condition: v.code("condition", &mut extra)?,
        assignments,
        extra,
        loc: v.loc.clone(),
    })
}

fn read_block(v: &OpView, file: &str) -> Res<Block> {
    let one = |d: Diagnostic| vec![d];
    let mut extra = v.extra().map_err(one)?;
    let body = || region_ops(v.op.region(0).ok());
    let kind = match v.name().as_str() {
        "sdfg.state" => BlockKind::State(read_state(body(), file)?),
        "sdfg.region" => {
            let kind_name = v.str("kind").map_err(one)?;
            let kind = RegionKind::from_type_name(&kind_name)
                .ok_or_else(|| one(v.error(format!("unknown region kind '{kind_name}'"))))?;
            BlockKind::Region { kind, cfg: read_cfg(body(), file)? }
        }
        "sdfg.loop" => BlockKind::Loop(LoopRegion {
            loop_variable: v.opt_str("loop_variable").map_err(one)?.unwrap_or_default(),
            init: v.code("init", &mut extra).map_err(one)?,
            condition: v.code("condition", &mut extra).map_err(one)?,
            update: v.code("update", &mut extra).map_err(one)?,
            inverted: v.flag("inverted"),
            update_before_condition: !v.flag("update_after_condition"),
            cfg: read_cfg(body(), file)?,
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
                    condition: b.code("condition", &mut extra).map_err(one)?,
                    label: b.str("label").map_err(one)?,
                    cfg: read_cfg(region_ops(op.region(0).ok()), file)?,
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

/// Numbering of a state's nodes while its ops are walked.
struct StateReader<'f> {
    file: &'f str,
    state: State,
    handles: HashMap<usize, usize>,
    errors: Vec<Diagnostic>,
}

fn read_state(ops: Vec<OperationRef>, file: &str) -> Res<State> {
    let mut r = StateReader { file, state: State::default(), handles: HashMap::new(), errors: Vec::new() };
    r.region(ops);
    if r.errors.is_empty() {
        Ok(r.state)
    } else {
        Err(r.errors)
    }
}

impl StateReader<'_> {
    fn region(&mut self, ops: Vec<OperationRef>) {
        for op in ops {
            let v = OpView::new(op, self.file);
            let result = if v.name() == "sdfg.memlet" { self.memlet(&v) } else { self.node(&v) };
            if let Err(e) = result {
                self.errors.push(e);
            }
        }
    }

    fn push(&mut self, node: Node, value: Option<Value>) -> usize {
        let i = self.state.nodes.len();
        if let Some(v) = value {
            self.handles.insert(key(&v), i);
        }
        self.state.nodes.push(node);
        i
    }

    fn node(&mut self, v: &OpView) -> Result<(), Diagnostic> {
        let mut extra = v.extra()?;
        let result = v.op.result(0).ok().map(Value::from);
        let mut node = Node {
            label: String::new(),
            kind: NodeKind::Tasklet { code: CodeBlock::python("") },
            in_connectors: v.connectors("ins")?,
            out_connectors: v.connectors("outs")?,
            extra: Extra::new(),
            loc: v.loc.clone(),
        };
        match v.name().as_str() {
            "sdfg.access" => {
                let data = v.str("data")?;
                node.label = match extra.remove("label") {
                    Some(serde_json::Value::String(l)) => l,
                    _ => data.clone(),
                };
                node.kind = NodeKind::Access { data, setzero: v.flag("setzero") };
            }
            "sdfg.tasklet" => {
                node.label = v.str("label")?;
                let language = v.opt_str("language")?.unwrap_or_else(|| "Python".into());
                node.kind = NodeKind::Tasklet { code: CodeBlock { code: v.str("code")?, language } };
            }
            "sdfg.library" => {
                node.label = v.str("label")?;
                let properties = match v.opt_str("properties")? {
                    None => Extra::new(),
                    Some(t) => match serde_json::from_str(&t) {
                        Ok(serde_json::Value::Object(m)) => m,
                        _ => return Err(v.error("attribute 'properties' must hold a JSON object")),
                    },
                };
                node.kind = NodeKind::Library { classpath: v.str("classpath")?, properties };
            }
            "sdfg.nested" => {
                node.label = v.str("label")?;
                let inner = region_ops(v.op.region(0).ok());
                let [sdfg_op] = inner.as_slice() else {
                    return Err(v.error("sdfg.nested must hold exactly one sdfg.sdfg"));
                };
                let sdfg = match read_sdfg(OpView::new(*sdfg_op, self.file), self.file) {
                    Ok(s) => s,
                    Err(mut errors) => {
                        let first = errors.remove(0);
                        self.errors.extend(errors);
                        return Err(first);
                    }
                };
                let mut symbol_mapping = Vec::new();
                for (k, value) in v.dict("symbol_mapping")? {
                    let text = value.ok_or_else(|| v.error(format!("symbol '{k}' maps to nothing")))?;
                    symbol_mapping.push((k, v.expr("symbol_mapping", &text)?));
                }
                node.kind = NodeKind::NestedSdfg { sdfg: Box::new(sdfg), symbol_mapping };
            }
            "sdfg.map" | "sdfg.consume" => return self.scope(v, extra),
            other => return Err(v.error(format!("'{other}' is not a dataflow node"))),
        }
        node.extra = extra;
        self.push(node, result);
        Ok(())
    }

    fn scope(&mut self, v: &OpView, mut extra: Extra) -> Result<(), Diagnostic> {
        let label = v.str("label")?;
        let exit_extra = match extra.remove("exit") {
            Some(serde_json::Value::Object(m)) => m,
            _ => Extra::new(),
        };
        let is_map = v.name() == "sdfg.map";
        let entry_kind = if is_map {
            let range_text = v.str("range")?;
            let range = Subset::parse(&range_text)
                .map_err(|e| v.error(format!("bad map range '{range_text}': {}", e.message)))?;
            let map = MapScope {
                params: v.str_array("params")?,
                range,
                schedule: v.opt_str("schedule")?.unwrap_or_else(|| "Default".into()),
            };
            NodeKind::MapEntry { map, exit: 0 }
        } else {
            let chunk = v.opt_str("chunksize")?.unwrap_or_else(|| "1".into());
            let consume = ConsumeScope {
                pe_index: v.str("pe_index")?,
                num_pes: v.expr("num_pes", &v.str("num_pes")?)?,
                condition: v.code("condition", &mut extra)?,
                schedule: v.opt_str("schedule")?.unwrap_or_else(|| "Default".into()),
                chunksize: chunk.parse().map_err(|_| v.error(format!("bad chunksize '{chunk}'")))?,
            };
            NodeKind::ConsumeEntry { consume, exit: 0 }
        };
        let body = v.op.region(0).ok();
        let block = body.and_then(|r| r.first_block());
        let entry_node = Node {
            label: label.clone(),
            kind: entry_kind,
            in_connectors: v.connectors("ins")?,
            out_connectors: v.connectors("outs")?,
            extra,
            loc: v.loc.clone(),
        };
        let entry = self.push(entry_node, v.op.result(0).ok().map(Value::from));
        if let Some(arg) = block.and_then(|b| b.argument(0).ok()) {
            self.handles.insert(key(&arg.into()), entry);
        }
        // The exit is numbered after the body; its handles are known now.
        let exit_results: Vec<usize> = v.op.result(1).ok().map(|r| key(&r.into())).into_iter().collect();
        let exit_arg: Vec<usize> =
            block.and_then(|b| b.argument(1).ok()).map(|a| key(&a.into())).into_iter().collect();
        let placeholder = self.state.nodes.len() + usize::MAX / 2;
        for k in exit_results.iter().chain(&exit_arg) {
            self.handles.insert(*k, placeholder);
        }
        self.region(region_ops(body));
        let exit_node = Node {
            label,
            kind: if is_map { NodeKind::MapExit { entry } } else { NodeKind::ConsumeExit { entry } },
            in_connectors: v.connectors("exit_ins")?,
            out_connectors: v.connectors("exit_outs")?,
            extra: exit_extra,
            loc: v.loc.clone(),
        };
        let exit = self.push(exit_node, None);
        for k in exit_results.iter().chain(&exit_arg) {
            self.handles.insert(*k, exit);
        }
        for e in &mut self.state.edges {
            if e.src == placeholder {
                e.src = exit;
            }
            if e.dst == placeholder {
                e.dst = exit;
            }
        }
        match &mut self.state.nodes[entry].kind {
            NodeKind::MapEntry { exit: x, .. } | NodeKind::ConsumeEntry { exit: x, .. } => *x = exit,
            _ => {}
        }
        Ok(())
    }

    fn memlet(&mut self, v: &OpView) -> Result<(), Diagnostic> {
        let end = |i: usize| {
            v.op.operand(i)
                .ok()
                .and_then(|o| self.handles.get(&key(&o)).copied())
                .ok_or_else(|| v.error("memlet must connect nodes of the same state"))
        };
        let memlet = Memlet {
            data: v.opt_str("data")?,
            subset: v.subset("subset")?,
            other_subset: v.subset("other_subset")?,
            volume: v.opt_expr("volume")?,
            dynamic: v.flag("dynamic"),
            wcr: v.opt_str("wcr")?,
            is_data_src: v.opt_bool("is_data_src")?,
            extra: v.extra()?,
        };
        let edge = DataEdge {
            src: end(0)?,
            src_conn: v.opt_str("src_conn")?,
            dst: end(1)?,
            dst_conn: v.opt_str("dst_conn")?,
            memlet,
            loc: v.loc.clone(),
        };
        self.state.edges.push(edge);
        Ok(())
    }
}

use crate::model::Extra;
