//! Reads one state's dataflow ops into the model: nodes numbered in op
//! order (a scope's entry, its body, then its exit), edges in op order.

use super::attrs::{OpView, SubsetCache};
use super::read::{key, read_sdfg, region_ops, Res};
use super::instrument::{self, Of};
use crate::{
    diag::Diagnostic,
    model::{CodeBlock, Condition, ConsumeScope, DataEdge, Extra, LibraryNode, MapScope, Memlet, Node, NodeKind, State},
};
use melior::ir::{
    block::BlockLike,
    operation::{OperationLike, OperationRef},
    RegionLike, Value,
};
use std::collections::HashMap;

/// Numbering of a state's nodes while its ops are walked.
struct StateReader<'f> {
    file: &'f str,
    cache: &'f mut SubsetCache,
    state: State,
    handles: HashMap<usize, usize>,
    errors: Vec<Diagnostic>,
}

pub(super) fn read_state(ops: Vec<OperationRef>, file: &str, cache: &mut SubsetCache) -> Res<State> {
    let mut r = StateReader { file, cache, state: State::default(), handles: HashMap::new(), errors: Vec::new() };
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
                instrument::read(v, &mut extra, Of::Data)?;
            }
            "sdfg.tasklet" => {
                node.label = v.str("label")?;
                let language = v.opt_str("language")?.unwrap_or_else(|| "Python".into());
                node.kind = NodeKind::Tasklet { code: CodeBlock { code: v.str("code")?, language } };
                instrument::read(v, &mut extra, Of::Code)?;
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
                // Typed once here, so an error names the op. A node in error
                // stays as a placeholder, so its memlets are not reported too.
                match LibraryNode::parse(v.str("classpath")?, properties) {
                    Ok(lib) => node.kind = NodeKind::Library(Box::new(lib)),
                    Err(e) => self.errors.push(v.error(e.to_string())),
                }
            }
            "sdfg.nested" => {
                node.label = v.str("label")?;
                let inner = region_ops(v.op.region(0).ok());
                let [sdfg_op] = inner.as_slice() else {
                    return Err(v.error("sdfg.nested must hold exactly one sdfg.sdfg"));
                };
                let sdfg = match read_sdfg(OpView::new(*sdfg_op, self.file), self.file, self.cache) {
                    Ok(s) => s,
                    Err(mut errors) => {
                        let first = errors.remove(0);
                        self.errors.extend(errors);
                        return Err(first);
                    }
                };
                let symbol_mapping = v.symbol_mapping("symbol_mapping")?;
                node.kind = NodeKind::NestedSdfg { sdfg: Box::new(sdfg), symbol_mapping };
                instrument::read(v, &mut extra, Of::Code)?;
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
        instrument::read(v, &mut extra, Of::Code)?;
        let is_map = v.name() == "sdfg.map";
        let entry_kind = if is_map {
            let range = v.subset("range")?.ok_or_else(|| v.error("missing attribute 'range'"))?;
            let map = MapScope {
                params: v.str_array("params")?,
                range,
                schedule: v.enum_or("schedule")?,
            };
            NodeKind::MapEntry { map, exit: 0 }
        } else {
            let consume = ConsumeScope {
                pe_index: v.str("pe_index")?,
                num_pes: v.required_expr("num_pes")?,
                condition: v.code("condition", &mut extra)?.map(Condition::new),
                schedule: v.enum_or("schedule")?,
                chunksize: v.opt_i64("chunksize")?.unwrap_or(1),
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
            subset: v.cached_subset("subset", self.cache)?,
            other_subset: v.cached_subset("other_subset", self.cache)?,
            volume: v.opt_expr("volume")?,
            dynamic: v.flag("dynamic"),
            wcr: v.op.attribute("wcr").ok().map(|a| super::wcr_attr::read(a).map_err(|e| v.error(e.to_string()))).transpose()?,
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

