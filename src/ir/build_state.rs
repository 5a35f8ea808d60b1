//! Builds the dataflow graph of a state: nodes in model order, scopes as
//! regions of their map/consume op, memlets at the end of the region they
//! flow in.

use super::build::{code_attr, OpBuilder};
use super::instrument::{self, Of};
use crate::model::{scope, Loc, Memlet, Node, NodeKind, State};
use melior::ir::{block::BlockLike, Block, Region, RegionLike, Value, ValueLike};
use mlir_sys::MlirValue;

impl<'c> OpBuilder<'c> {
    /// The nodes and memlets of `state`, appended to `block`.
    pub(super) fn state(&self, block: &Block<'c>, state: &State, within: &Loc) -> Result<(), String> {
        let parents = scope::scope_parents(state)?;
        let n = state.nodes.len();
        for e in &state.edges {
            if e.src >= n || e.dst >= n {
                return Err(format!("memlet refers to a missing node ({} -> {})", e.src, e.dst));
            }
        }
        // Per scope (0 = top level, i + 1 = inside entry i): its nodes and the
        // memlets that flow in it, each in model order.
        let mut members = vec![Vec::new(); n + 1];
        for (i, node) in state.nodes.iter().enumerate() {
            if node.kind.scope_entry().is_none() {
                members[slot(parents[i])].push(i);
            }
        }
        let mut flows = vec![Vec::new(); n + 1];
        for (k, e) in state.edges.iter().enumerate() {
            let scope = match &state.nodes[e.src].kind {
                NodeKind::MapEntry { .. } | NodeKind::ConsumeEntry { .. } => Some(e.src),
                NodeKind::MapExit { entry } | NodeKind::ConsumeExit { entry } => parents[*entry],
                _ => parents[e.src],
            };
            flows[slot(scope)].push(k);
        }
        let mut s = StateBuild { state, members, flows, handles: vec![None; n], inner: vec![None; n], within };
        self.scope_body(block, &mut s, None)
    }

    fn scope_body(&self, block: &Block<'c>, s: &mut StateBuild, entry: Option<usize>) -> Result<(), String> {
        for k in 0..s.members[slot(entry)].len() {
            let i = s.members[slot(entry)][k];
            self.node(block, s, i)?;
        }
        for k in 0..s.flows[slot(entry)].len() {
            let e = &s.state.edges[s.flows[slot(entry)][k]];
            let src = s.handle(e.src, entry, true)?;
            let dst = s.handle(e.dst, entry, false)?;
            let mut attrs = self.memlet_attrs(&e.memlet)?;
            attrs.opt_str("src_conn", e.src_conn.as_deref()).opt_str("dst_conn", e.dst_conn.as_deref());
            let loc = e.loc.or(s.state.nodes[e.src].loc.or(s.within));
            // SAFETY: both handles are live values of ops built for this state.
            let operands = unsafe { [Value::from_raw(src), Value::from_raw(dst)] };
            block.append_operation(self.op("sdfg.memlet", attrs, &operands, &[], None, loc)?);
        }
        Ok(())
    }

    fn node(&self, block: &Block<'c>, s: &mut StateBuild, i: usize) -> Result<(), String> {
        let node: &Node = &s.state.nodes[i];
        let mut attrs = self.attrs();
        let mut extra = node.extra.clone();
        let loc = node.loc.or(s.within);
        let (name, results, body) = match &node.kind {
            NodeKind::Access { data, setzero } => {
                attrs.str("data", data).flag("setzero", *setzero);
                if node.label != *data {
                    extra.insert("label".into(), node.label.clone().into());
                }
                instrument::build(&mut attrs, &mut extra, Of::Data)?;
                ("sdfg.access", 1, None)
            }
            NodeKind::Tasklet { code } => {
                attrs.str("label", &node.label).str("code", &code.code);
                if code.language != "Python" {
                    attrs.str("language", &code.language);
                }
                instrument::build(&mut attrs, &mut extra, Of::Code)?;
                ("sdfg.tasklet", 1, None)
            }
            NodeKind::Library(lib) => {
                attrs.str("label", &node.label).str("classpath", lib.classpath());
                if !lib.properties().is_empty() {
                    attrs.str("properties", &lib.properties_text());
                }
                ("sdfg.library", 1, None)
            }
            NodeKind::NestedSdfg { sdfg, symbol_mapping } => {
                attrs.str("label", &node.label);
                if !symbol_mapping.is_empty() {
                    attrs.attr("symbol_mapping", super::symbols_attr::build(self.context, symbol_mapping));
                }
                instrument::build(&mut attrs, &mut extra, Of::Code)?;
                let inner = self.region(|b| {
                    b.append_operation(self.sdfg(sdfg, loc)?);
                    Ok(())
                })?;
                ("sdfg.nested", 1, Some(inner))
            }
            NodeKind::MapEntry { exit, .. } | NodeKind::ConsumeEntry { exit, .. } => {
                let exit_node = s.state.nodes.get(*exit).ok_or("scope entry without exit")?;
                attrs.str("label", &node.label);
                instrument::build(&mut attrs, &mut extra, Of::Code)?;
                let name = match &node.kind {
                    NodeKind::MapEntry { map, .. } => {
                        attrs.str_array("params", &map.params).range("range", &map.range);
                        if !map.schedule.is_default() {
                            attrs.enumerated("schedule", map.schedule.as_str())?;
                        }
                        "sdfg.map"
                    }
                    NodeKind::ConsumeEntry { consume, .. } => {
                        attrs.str("pe_index", &consume.pe_index).opt_expr("num_pes", Some(&consume.num_pes));
                        code_attr(&mut attrs, &mut extra, "condition", consume.condition.as_deref());
                        if !consume.schedule.is_default() {
                            attrs.enumerated("schedule", consume.schedule.as_str())?;
                        }
                        if consume.chunksize != 1 {
                            attrs.i64("chunksize", consume.chunksize);
                        }
                        "sdfg.consume"
                    }
                    _ => unreachable!("matched an entry node"),
                };
                attrs.connectors("exit_ins", &exit_node.in_connectors)?;
                attrs.connectors("exit_outs", &exit_node.out_connectors)?;
                if !exit_node.extra.is_empty() {
                    extra.insert("exit".into(), serde_json::Value::Object(exit_node.extra.clone()));
                }
                let at = self.loc(loc);
                let body = Block::new(&[(self.node_type, at), (self.node_type, at)]);
                let arg = |k| body.argument(k).map(|a| a.to_raw()).map_err(|e| e.to_string());
                s.inner[i] = Some((arg(0)?, arg(1)?));
                self.scope_body(&body, s, Some(i))?;
                let region = Region::new();
                region.append_block(body);
                (name, 2, Some(region))
            }
            NodeKind::MapExit { .. } | NodeKind::ConsumeExit { .. } => return Ok(()),
        };
        attrs.connectors("ins", &node.in_connectors)?.connectors("outs", &node.out_connectors)?;
        attrs.extra(&extra);
        let types = [self.node_type; 2];
        let op = block.append_operation(self.op(name, attrs, &[], &types[..results], body, loc)?);
        let result = |k| op.result(k).map(|r| r.to_raw()).map_err(|e| e.to_string());
        s.handles[i] = Some(result(0)?);
        if let Some(exit) = node.kind.scope_exit() {
            s.handles[exit] = Some(result(1)?);
        }
        Ok(())
    }

    fn memlet_attrs(&self, m: &Memlet) -> Result<super::attr_list::AttrList<'c>, String> {
        let mut attrs = self.attrs();
        attrs.opt_str("data", m.data.as_deref());
        attrs.opt_range("subset", m.subset.as_ref());
        attrs.opt_range("other_subset", m.other_subset.as_ref());
        attrs.opt_expr("volume", m.volume.as_ref());
        attrs.flag("dynamic", m.dynamic);
        if let Some(w) = &m.wcr {
            attrs.attr("wcr", super::wcr_attr::build(self.context, w)?);
        }
        if let Some(b) = m.is_data_src {
            attrs.bool("is_data_src", b);
        }
        attrs.extra(&m.extra);
        Ok(attrs)
    }
}

/// The index of a scope in the per-scope lists.
fn slot(entry: Option<usize>) -> usize {
    entry.map_or(0, |e| e + 1)
}

struct StateBuild<'s> {
    state: &'s State,
    members: Vec<Vec<usize>>,
    flows: Vec<Vec<usize>>,
    /// The value each placed node yields (an exit: its map's second result).
    handles: Vec<Option<MlirValue>>,
    /// Inside an entry's body: the block arguments standing for the entry and
    /// its exit.
    inner: Vec<Option<(MlirValue, MlirValue)>>,
    /// The state's location, for nodes that have none.
    within: &'s Loc,
}

impl StateBuild<'_> {
    /// The value of node `i` as seen from inside scope `region`: an entry or
    /// exit seen from its own body is the body's block argument.
    fn handle(&self, i: usize, region: Option<usize>, is_src: bool) -> Result<MlirValue, String> {
        let placed = |n: usize| self.handles[n].ok_or_else(|| format!("node {n} is not placed in any scope"));
        let inner = |entry: usize| self.inner[entry].ok_or_else(|| format!("node {entry} has no body"));
        match &self.state.nodes[i].kind {
            NodeKind::MapEntry { .. } | NodeKind::ConsumeEntry { .. } if is_src && region == Some(i) => Ok(inner(i)?.0),
            NodeKind::MapExit { entry } | NodeKind::ConsumeExit { entry } if !is_src && region == Some(*entry) => {
                Ok(inner(*entry)?.1)
            }
            _ => placed(i),
        }
    }
}
