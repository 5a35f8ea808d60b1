//! Prints a model as `sdfg` dialect text.
//!
//! Blocks and nodes become ops yielding handles; edges become `sdfg.edge` /
//! `sdfg.memlet` ops at the end of the innermost region that sees both ends.
//! Node order inside each region follows the model's node order, so a model
//! read back from this text ([`super::read`]) prints the same text again.
//!
//! Every op carries its element's location (`loc("prog.sdfg":12:7)`): the
//! line and column of its JSON object or of the dialect text it was read
//! from. An element without one (made by a transformation) takes the
//! location of what encloses it: a memlet its source node's, a node its
//! state's, a block its region's.

use super::text::{dict, location, quote, str_array, AttrDict};
use crate::model::{
    scope, Block, BlockKind, Cfg, CodeBlock, Connector, DataDesc, Extra, Loc, Memlet, Node, NodeKind,
    Sdfg, State,
};
use std::fmt::Write;

/// The whole SDFG as a module body (one `sdfg.sdfg` op).
pub fn emit_text(sdfg: &Sdfg) -> Result<String, String> {
    let mut out = Emitter { text: String::new(), next_id: 0 };
    out.sdfg(sdfg, 0, &Loc::Unknown)?;
    Ok(out.text)
}

struct Emitter {
    text: String,
    next_id: usize,
}

fn indent(depth: usize) -> String {
    "  ".repeat(depth)
}

fn extra_attr(attrs: &mut AttrDict, extra: &Extra) {
    if !extra.is_empty() {
        attrs.str("extra", &serde_json::Value::Object(extra.clone()).to_string());
    }
}

/// Code blocks keep their language in `extra` when it is not Python.
fn code_attr(attrs: &mut AttrDict, extra: &mut Extra, key: &str, code: &Option<CodeBlock>) {
    if let Some(c) = code {
        attrs.str(key, &c.code);
        if c.language != "Python" {
            extra.insert(format!("{key}_language"), c.language.clone().into());
        }
    }
}

fn connectors(conns: &[Connector]) -> Option<String> {
    if conns.is_empty() {
        return None;
    }
    Some(dict(conns.iter().map(|(n, t)| (n.as_str(), t.as_ref().map(|t| t.to_string())))))
}

impl Emitter {
    fn fresh(&mut self, prefix: &str) -> String {
        self.next_id += 1;
        format!("%{prefix}{}", self.next_id)
    }

    fn line(&mut self, depth: usize, text: &str) {
        let _ = writeln!(self.text, "{}{text}", indent(depth));
    }

    fn sdfg(&mut self, sdfg: &Sdfg, depth: usize, within: &Loc) -> Result<(), String> {
        let loc = sdfg.loc.or(within);
        let at = location(loc);
        let mut attrs = AttrDict::default();
        attrs.flag("experimental_blocks", sdfg.experimental_blocks);
        extra_attr(&mut attrs, &sdfg.extra);
        let head = format!(
            "sdfg.sdfg {} {}{} {{",
            quote(&sdfg.name),
            str_array(&sdfg.arg_names),
            attrs.with_keyword()
        );
        self.line(depth, &head);
        for (name, dtype) in &sdfg.symbols {
            self.line(depth + 1, &format!("sdfg.symbol {} {{dtype = {}}}{at}", quote(name), quote(dtype)));
        }
        for c in &sdfg.callbacks {
            let dtype = crate::json::callback_json(c).to_string();
            let at = location(c.loc.or(loc));
            self.line(depth + 1, &format!("sdfg.symbol {} {{dtype = {}}}{at}", quote(&c.name), quote(&dtype)));
        }
        for (name, desc) in &sdfg.containers {
            self.data(name, desc, depth + 1, loc);
        }
        for c in &sdfg.constants {
            let mut attrs = AttrDict::default();
            attrs.str("descriptor", &c.descriptor.to_string()).str("value", &c.value.to_string());
            self.line(depth + 1, &format!("sdfg.constant {}{}{at}", quote(&c.name), attrs.plain()));
        }
        self.cfg(&sdfg.cfg, depth + 1, loc)?;
        self.line(depth, &format!("}}{at}"));
        Ok(())
    }

    fn data(&mut self, name: &str, d: &DataDesc, depth: usize, within: &Loc) {
        let exprs = |v: &[crate::symbolic::Expr]| {
            str_array(&v.iter().map(|e| e.to_string()).collect::<Vec<_>>())
        };
        let mut attrs = AttrDict::default();
        attrs.str("dtype", &d.dtype.to_string()).raw("shape", exprs(&d.shape));
        if let Some(s) = &d.strides {
            attrs.raw("strides", exprs(s));
        }
        if let Some(o) = &d.offset {
            attrs.raw("offset", exprs(o));
        }
        attrs.opt_str("total_size", d.total_size.as_ref().map(|e| e.to_string()).as_deref());
        attrs.flag("transient", d.transient);
        if d.storage != "Default" {
            attrs.str("storage", &d.storage);
        }
        if d.lifetime != "Scope" {
            attrs.str("lifetime", &d.lifetime);
        }
        attrs.opt_str("buffer_size", d.buffer_size.as_ref().map(|e| e.to_string()).as_deref());
        if let Some(o) = d.optional {
            attrs.raw("optional", o.to_string());
        }
        extra_attr(&mut attrs, &d.extra);
        let op = d.kind.op_name();
        self.line(depth, &format!("sdfg.{op} {}{}{}", quote(name), attrs.plain(), location(d.loc.or(within))));
    }

    fn cfg(&mut self, cfg: &Cfg, depth: usize, within: &Loc) -> Result<(), String> {
        let unique_start = {
            let sources: Vec<usize> = (0..cfg.blocks.len())
                .filter(|b| !cfg.edges.iter().any(|e| e.dst == *b))
                .collect();
            (sources.len() == 1).then(|| sources[0])
        };
        let mut handles = Vec::with_capacity(cfg.blocks.len());
        for (i, block) in cfg.blocks.iter().enumerate() {
            // Mark the start only where the graph alone does not tell it.
            let start = cfg.start_block == Some(i) && unique_start != Some(i);
            handles.push(self.block(block, start, depth, within)?);
        }
        for e in &cfg.edges {
            let (Some(src), Some(dst)) = (handles.get(e.src), handles.get(e.dst)) else {
                return Err(format!("interstate edge refers to a missing block ({} -> {})", e.src, e.dst));
            };
            let mut extra = e.extra.clone();
            let mut attrs = AttrDict::default();
            code_attr(&mut attrs, &mut extra, "condition", &e.condition);
            if !e.assignments.is_empty() {
                let items: Vec<String> = e.assignments.iter().map(|(k, v)| format!("{k} = {v}")).collect();
                attrs.raw("assignments", str_array(&items));
            }
            extra_attr(&mut attrs, &extra);
            let at = location(e.loc.or(cfg.blocks[e.src].loc.or(within)));
            self.line(depth, &format!("sdfg.edge {src} -> {dst}{}{at}", attrs.plain()));
        }
        Ok(())
    }

    fn block(&mut self, block: &Block, start: bool, depth: usize, within: &Loc) -> Result<String, String> {
        let handle = self.fresh("b");
        let loc = block.loc.or(within);
        let at = location(loc);
        let mut extra = block.extra.clone();
        let mut attrs = AttrDict::default();
        let label = quote(&block.label);
        let (op, body): (&str, Option<&Cfg>) = match &block.kind {
            BlockKind::State(_) => ("state", None),
            BlockKind::Region { kind, cfg } => {
                attrs.str("kind", kind.type_name());
                ("region", Some(cfg))
            }
            BlockKind::Loop(l) => {
                if !l.loop_variable.is_empty() {
                    attrs.str("loop_variable", &l.loop_variable);
                }
                code_attr(&mut attrs, &mut extra, "init", &l.init);
                code_attr(&mut attrs, &mut extra, "condition", &l.condition);
                code_attr(&mut attrs, &mut extra, "update", &l.update);
                attrs.flag("inverted", l.inverted).flag("update_after_condition", !l.update_before_condition);
                ("loop", Some(&l.cfg))
            }
            BlockKind::Conditional(_) => ("conditional", None),
            BlockKind::Break => ("break", None),
            BlockKind::Continue => ("continue", None),
            BlockKind::Return => ("return", None),
        };
        attrs.flag("start", start);
        extra_attr(&mut attrs, &extra);
        if matches!(block.kind, BlockKind::Break | BlockKind::Continue | BlockKind::Return) {
            self.line(depth, &format!("{handle} = sdfg.{op} {label}{}{at}", attrs.plain()));
            return Ok(handle);
        }
        self.line(depth, &format!("{handle} = sdfg.{op} {label}{} {{", attrs.with_keyword()));
        match (&block.kind, body) {
            (BlockKind::State(state), _) => self.state(state, depth + 1, loc)?,
            (BlockKind::Conditional(branches), _) => {
                for b in branches {
                    let mut extra = b.extra.clone();
                    let mut attrs = AttrDict::default();
                    code_attr(&mut attrs, &mut extra, "condition", &b.condition);
                    extra_attr(&mut attrs, &extra);
                    self.line(depth + 1, &format!("sdfg.branch {}{} {{", quote(&b.label), attrs.with_keyword()));
                    let branch_loc = b.loc.or(loc);
                    self.cfg(&b.cfg, depth + 2, branch_loc)?;
                    self.line(depth + 1, &format!("}}{}", location(branch_loc)));
                }
            }
            (_, Some(cfg)) => self.cfg(cfg, depth + 1, loc)?,
            _ => {}
        }
        self.line(depth, &format!("}}{at}"));
        Ok(handle)
    }

    fn state(&mut self, state: &State, depth: usize, within: &Loc) -> Result<(), String> {
        let parents = scope::scope_parents(state)?;
        for e in &state.edges {
            if e.src >= state.nodes.len() || e.dst >= state.nodes.len() {
                return Err(format!("memlet refers to a missing node ({} -> {})", e.src, e.dst));
            }
        }
        let mut scope = StateScope { state, parents: &parents, handles: vec![None; state.nodes.len()], within };
        self.scope_body(&mut scope, None, depth)
    }

    /// Emits the nodes whose innermost scope is `entry`, then the edges that
    /// flow inside that scope.
    fn scope_body(&mut self, s: &mut StateScope, entry: Option<usize>, depth: usize) -> Result<(), String> {
        for (i, node) in s.state.nodes.iter().enumerate() {
            if s.parents[i] != entry || node.kind.scope_entry().is_some() {
                continue;
            }
            self.node(s, i, node, depth)?;
        }
        for e in &s.state.edges {
            if flow_scope(s, e.src) != entry {
                continue;
            }
            let src = s.handle(e.src, entry, true)?;
            let dst = s.handle(e.dst, entry, false)?;
            let conn = |c: &Option<String>| c.as_ref().map(|c| format!("[{}]", quote(c))).unwrap_or_default();
            let attrs = memlet_attrs(&e.memlet);
            let at = location(e.loc.or(s.state.nodes[e.src].loc.or(s.within)));
            self.line(
                depth,
                &format!("sdfg.memlet {src}{} -> {dst}{}{}{at}", conn(&e.src_conn), conn(&e.dst_conn), attrs.plain()),
            );
        }
        Ok(())
    }

    fn node(&mut self, s: &mut StateScope, i: usize, node: &Node, depth: usize) -> Result<(), String> {
        let mut attrs = AttrDict::default();
        let mut extra = node.extra.clone();
        let label = quote(&node.label);
        let conns = |attrs: &mut AttrDict, ins: &[Connector], outs: &[Connector], prefix: &str| {
            if let Some(d) = connectors(ins) {
                attrs.raw(&format!("{prefix}ins"), d);
            }
            if let Some(d) = connectors(outs) {
                attrs.raw(&format!("{prefix}outs"), d);
            }
        };
        let handle = self.fresh("n");
        s.handles[i] = Some(handle.clone());
        let loc = node.loc.or(s.within);
        let at = location(loc);
        match &node.kind {
            NodeKind::Access { data, setzero } => {
                attrs.flag("setzero", *setzero);
                conns(&mut attrs, &node.in_connectors, &node.out_connectors, "");
                if node.label != *data {
                    extra.insert("label".into(), node.label.clone().into());
                }
                extra_attr(&mut attrs, &extra);
                self.line(depth, &format!("{handle} = sdfg.access {}{}{at}", quote(data), attrs.plain()));
            }
            NodeKind::Tasklet { code } => {
                attrs.str("code", &code.code);
                if code.language != "Python" {
                    attrs.str("language", &code.language);
                }
                conns(&mut attrs, &node.in_connectors, &node.out_connectors, "");
                extra_attr(&mut attrs, &extra);
                self.line(depth, &format!("{handle} = sdfg.tasklet {label}{}{at}", attrs.plain()));
            }
            NodeKind::Library { classpath, properties } => {
                attrs.str("classpath", classpath);
                if !properties.is_empty() {
                    attrs.str("properties", &serde_json::Value::Object(properties.clone()).to_string());
                }
                conns(&mut attrs, &node.in_connectors, &node.out_connectors, "");
                extra_attr(&mut attrs, &extra);
                self.line(depth, &format!("{handle} = sdfg.library {label}{}{at}", attrs.plain()));
            }
            NodeKind::NestedSdfg { sdfg, symbol_mapping } => {
                if !symbol_mapping.is_empty() {
                    let items = symbol_mapping.iter().map(|(k, v)| (k.as_str(), Some(v.to_string())));
                    attrs.raw("symbol_mapping", dict(items));
                }
                conns(&mut attrs, &node.in_connectors, &node.out_connectors, "");
                extra_attr(&mut attrs, &extra);
                self.line(depth, &format!("{handle} = sdfg.nested {label}{} {{", attrs.with_keyword()));
                self.sdfg(sdfg, depth + 1, loc)?;
                self.line(depth, &format!("}}{at}"));
            }
            NodeKind::MapEntry { exit, .. } | NodeKind::ConsumeEntry { exit, .. } => {
                let exit_node = s.state.nodes.get(*exit).ok_or("scope entry without exit")?;
                let exit_handle = format!("{handle}x");
                s.handles[*exit] = Some(exit_handle.clone());
                let head = match &node.kind {
                    NodeKind::MapEntry { map, .. } => {
                        if map.schedule != "Default" {
                            attrs.str("schedule", &map.schedule);
                        }
                        format!(
                            "{handle}, {exit_handle} = sdfg.map {label} {} = {}",
                            str_array(&map.params),
                            quote(&map.range.to_string())
                        )
                    }
                    NodeKind::ConsumeEntry { consume, .. } => {
                        attrs.str("pe_index", &consume.pe_index).str("num_pes", &consume.num_pes.to_string());
                        code_attr(&mut attrs, &mut extra, "condition", &consume.condition);
                        if consume.schedule != "Default" {
                            attrs.str("schedule", &consume.schedule);
                        }
                        if consume.chunksize != 1 {
                            attrs.str("chunksize", &consume.chunksize.to_string());
                        }
                        format!("{handle}, {exit_handle} = sdfg.consume {label}")
                    }
                    _ => unreachable!("matched an entry node"),
                };
                conns(&mut attrs, &node.in_connectors, &node.out_connectors, "");
                conns(&mut attrs, &exit_node.in_connectors, &exit_node.out_connectors, "exit_");
                if !exit_node.extra.is_empty() {
                    extra.insert("exit".into(), serde_json::Value::Object(exit_node.extra.clone()));
                }
                extra_attr(&mut attrs, &extra);
                self.line(depth, &format!("{head}{} {{", attrs.with_keyword()));
                self.line(depth, &format!("^bb0({handle}e: !sdfg.node{at}, {handle}xe: !sdfg.node{at}):"));
                self.scope_body(s, Some(i), depth + 1)?;
                self.line(depth, &format!("}}{at}"));
            }
            NodeKind::MapExit { .. } | NodeKind::ConsumeExit { .. } => {}
        }
        Ok(())
    }
}

struct StateScope<'a> {
    state: &'a State,
    parents: &'a [Option<usize>],
    handles: Vec<Option<String>>,
    /// The state's location, for nodes that have none.
    within: &'a Loc,
}

impl StateScope<'_> {
    /// The SSA name of node `i` as seen from inside scope `region`: an entry or
    /// exit seen from its own body is the body's block argument.
    fn handle(&self, i: usize, region: Option<usize>, is_src: bool) -> Result<String, String> {
        let base = |n: usize| self.handles[n].clone().ok_or_else(|| format!("node {n} is not placed in any scope"));
        match &self.state.nodes[i].kind {
            NodeKind::MapEntry { .. } | NodeKind::ConsumeEntry { .. } if is_src && region == Some(i) => {
                Ok(format!("{}e", base(i)?))
            }
            NodeKind::MapExit { entry } | NodeKind::ConsumeExit { entry } if !is_src && region == Some(*entry) => {
                Ok(format!("{}xe", base(*entry)?))
            }
            _ => base(i),
        }
    }
}

/// The scope an edge leaving `src` flows in.
fn flow_scope(s: &StateScope, src: usize) -> Option<usize> {
    match &s.state.nodes[src].kind {
        NodeKind::MapEntry { .. } | NodeKind::ConsumeEntry { .. } => Some(src),
        NodeKind::MapExit { entry } | NodeKind::ConsumeExit { entry } => s.parents[*entry],
        _ => s.parents[src],
    }
}

fn memlet_attrs(m: &Memlet) -> AttrDict {
    let mut attrs = AttrDict::default();
    attrs.opt_str("data", m.data.as_deref());
    attrs.opt_str("subset", m.subset.as_ref().map(|s| s.to_string()).as_deref());
    attrs.opt_str("other_subset", m.other_subset.as_ref().map(|s| s.to_string()).as_deref());
    attrs.opt_str("volume", m.volume.as_ref().map(|s| s.to_string()).as_deref());
    attrs.flag("dynamic", m.dynamic);
    attrs.opt_str("wcr", m.wcr.as_deref());
    if let Some(b) = m.is_data_src {
        attrs.raw("is_data_src", b.to_string());
    }
    extra_attr(&mut attrs, &m.extra);
    attrs
}
