//! Builds a model's ops in memory: the `sdfg.sdfg` op and everything in it.
//!
//! Blocks and nodes become ops yielding handles; edges become `sdfg.edge` /
//! `sdfg.memlet` ops at the end of the innermost region that sees both ends.
//! Node order inside each region follows the model's node order, so a model
//! read back from the ops ([`super::read`]) builds the same ops again.
//!
//! Every op carries its element's location: the line and column of its JSON
//! object or of the dialect text it was read from. An element without one
//! (made by a transformation) takes the location of what encloses it: a
//! memlet its source node's, a node its state's, a block its region's.

use super::attr_list::{location, AttrList};
use super::assign_attr;
use super::instrument::{self, Of};
use crate::model::{Block as SdfgBlock, BlockKind, Cfg, CodeBlock, DType, DataDesc, Extra, Loc, Sdfg};
use melior::{
    ir::{
        block::BlockLike, operation::OperationBuilder, Block, Location, Module, Operation, Region,
        RegionLike, Type, Value,
    },
    Context,
};

/// The ops of `sdfg` in a new module (not yet verified).
pub fn build_module<'c>(context: &'c Context, sdfg: &Sdfg) -> Result<Module<'c>, String> {
    let module = Module::new(Location::unknown(context));
    append_sdfg(context, &module.body(), sdfg)?;
    Ok(module)
}

/// Appends the `sdfg.sdfg` op of `sdfg` to `block`.
pub fn append_sdfg<'c: 'a, 'a>(context: &'c Context, block: &impl BlockLike<'c, 'a>, sdfg: &Sdfg) -> Result<(), String> {
    let builder = OpBuilder::new(context);
    block.append_operation(builder.sdfg(sdfg, &Loc::Unknown)?);
    Ok(())
}

pub(super) struct OpBuilder<'c> {
    pub context: &'c Context,
    pub block_type: Type<'c>,
    pub node_type: Type<'c>,
}

/// Code blocks keep their language in `extra` when it is not Python.
pub(super) fn code_attr(attrs: &mut AttrList, extra: &mut Extra, key: &str, code: Option<&CodeBlock>) {
    if let Some(c) = code {
        attrs.str(key, &c.code);
        if c.language != "Python" {
            extra.insert(format!("{key}_language"), c.language.clone().into());
        }
    }
}

impl<'c> OpBuilder<'c> {
    pub(super) fn new(context: &'c Context) -> Self {
        let parse = |text| Type::parse(context, text).expect("the sdfg dialect is loaded");
        OpBuilder { context, block_type: parse("!sdfg.block"), node_type: parse("!sdfg.node") }
    }

    pub fn attrs(&self) -> AttrList<'c> {
        AttrList::new(self.context)
    }

    pub fn loc(&self, loc: &Loc) -> Location<'c> {
        location(self.context, loc)
    }

    /// An op without regions or results.
    pub fn leaf(&self, name: &str, attrs: AttrList<'c>, loc: &Loc) -> Result<Operation<'c>, String> {
        self.op(name, attrs, &[], &[], None, loc)
    }

    pub fn op(
        &self,
        name: &str,
        attrs: AttrList<'c>,
        operands: &[Value<'c, '_>],
        results: &[Type<'c>],
        region: Option<Region<'c>>,
        loc: &Loc,
    ) -> Result<Operation<'c>, String> {
        let mut b = OperationBuilder::new(name, self.loc(loc))
            .add_attributes(&attrs.entries)
            .add_operands(operands)
            .add_results(results);
        if let Some(r) = region {
            b = b.add_regions([r]);
        }
        b.build().map_err(|e| format!("cannot build {name}: {e}"))
    }

    /// A region of one block without arguments, filled by `fill`.
    pub fn region(&self, fill: impl FnOnce(&Block<'c>) -> Result<(), String>) -> Result<Region<'c>, String> {
        let block = Block::new(&[]);
        fill(&block)?;
        let region = Region::new();
        region.append_block(block);
        Ok(region)
    }

    pub fn sdfg(&self, sdfg: &Sdfg, within: &Loc) -> Result<Operation<'c>, String> {
        let loc = sdfg.loc.or(within);
        let mut attrs = self.attrs();
        attrs.str("sym_name", &sdfg.name).str_array("arg_names", &sdfg.arg_names);
        let mut extra = sdfg.extra.clone();
        instrument::build(&mut attrs, &mut extra, Of::Code)?;
        attrs.flag("experimental_blocks", sdfg.experimental_blocks).extra(&extra);
        let body = self.region(|block| {
            for op in self.declarations(sdfg, loc)? {
                block.append_operation(op);
            }
            self.cfg(block, &sdfg.cfg, loc)
        })?;
        self.op("sdfg.sdfg", attrs, &[], &[], Some(body), loc)
    }

    /// The ops that declare the symbols, callbacks, containers and constants
    /// of `sdfg`, in the order they open its body.
    pub fn declarations(&self, sdfg: &Sdfg, loc: &Loc) -> Result<Vec<Operation<'c>>, String> {
        let mut ops = Vec::with_capacity(sdfg.symbols.len() + sdfg.containers.len() + sdfg.constants.len());
        for (name, t) in &sdfg.symbols {
            ops.push(self.symbol(name, &DType::Scalar(*t), loc)?);
        }
        for c in &sdfg.callbacks {
            let dtype = DType::Other(crate::json::callback_json(c));
            ops.push(self.symbol(&c.name, &dtype, c.loc.or(loc))?);
        }
        for (name, desc) in &sdfg.containers {
            ops.push(self.data(name, desc, loc)?);
        }
        for c in &sdfg.constants {
            let mut attrs = self.attrs();
            attrs.str("sym_name", &c.name);
            attrs.str("descriptor", &c.descriptor.to_string()).str("value", &c.value.to_string());
            ops.push(self.leaf("sdfg.constant", attrs, loc)?);
        }
        Ok(ops)
    }

    fn symbol(&self, name: &str, dtype: &DType, loc: &Loc) -> Result<Operation<'c>, String> {
        let mut attrs = self.attrs();
        attrs.str("sym_name", name).dtype("dtype", dtype)?;
        self.leaf("sdfg.symbol", attrs, loc)
    }

    fn data(&self, name: &str, d: &DataDesc, within: &Loc) -> Result<Operation<'c>, String> {
        let mut attrs = self.attrs();
        attrs.str("sym_name", name).dtype("dtype", &d.dtype)?.exprs("shape", &d.shape);
        if let Some(s) = &d.strides {
            attrs.exprs("strides", s);
        }
        if let Some(o) = &d.offset {
            attrs.exprs("offset", o);
        }
        attrs.opt_expr("total_size", d.total_size.as_ref());
        attrs.flag("transient", d.transient);
        if !d.storage.is_default() {
            attrs.enumerated("storage", d.storage.as_str())?;
        }
        if !d.lifetime.is_default() {
            attrs.enumerated("lifetime", d.lifetime.as_str())?;
        }
        attrs.opt_expr("buffer_size", d.buffer_size.as_ref());
        if let Some(o) = d.optional {
            attrs.bool("optional", o);
        }
        attrs.extra(&d.extra);
        self.leaf(&format!("sdfg.{}", d.kind.op_name()), attrs, d.loc.or(within))
    }

    /// The blocks of `cfg`, then its interstate edges, appended to `block`.
    pub fn cfg<'a>(&self, block: &impl BlockLike<'c, 'a>, cfg: &Cfg, within: &Loc) -> Result<(), String>
    where
        'c: 'a,
    {
        let mut has_in = vec![false; cfg.blocks.len()];
        for e in &cfg.edges {
            if let Some(slot) = has_in.get_mut(e.dst) {
                *slot = true;
            }
        }
        let mut sources = (0..cfg.blocks.len()).filter(|b| !has_in[*b]);
        let unique_start = match (sources.next(), sources.next()) {
            (Some(only), None) => Some(only),
            _ => None,
        };
        let mut handles = Vec::with_capacity(cfg.blocks.len());
        for (i, b) in cfg.blocks.iter().enumerate() {
            // Mark the start only where the graph alone does not tell it.
            let start = cfg.start_block == Some(i) && unique_start != Some(i);
            let op = block.append_operation(self.block(b, start, within)?);
            handles.push(op.result(0).map_err(|e| e.to_string())?.into());
        }
        for e in &cfg.edges {
            let (Some(src), Some(dst)) = (handles.get(e.src), handles.get(e.dst)) else {
                return Err(format!("interstate edge refers to a missing block ({} -> {})", e.src, e.dst));
            };
            let mut extra = e.extra.clone();
            let mut attrs = self.attrs();
            code_attr(&mut attrs, &mut extra, "condition", e.condition.as_deref());
            if !e.assignments.is_empty() {
                attrs.attr("assignments", assign_attr::build(self.context, &e.assignments));
            }
            attrs.extra(&extra);
            let loc = e.loc.or(cfg.blocks[e.src].loc.or(within));
            let operands: [Value; 2] = [*src, *dst];
            block.append_operation(self.op("sdfg.edge", attrs, &operands, &[], None, loc)?);
        }
        Ok(())
    }

    pub(super) fn block(&self, block: &SdfgBlock, start: bool, within: &Loc) -> Result<Operation<'c>, String> {
        let loc = block.loc.or(within);
        let mut extra = block.extra.clone();
        let mut attrs = self.attrs();
        attrs.str("label", &block.label);
        let (name, body) = match &block.kind {
            BlockKind::State(state) => {
                instrument::build(&mut attrs, &mut extra, Of::Code)?;
                ("sdfg.state", Some(self.region(|b| self.state(b, state, loc))?))
            }
            BlockKind::Region { kind, cfg } => {
                attrs.str("kind", kind.type_name());
                ("sdfg.region", Some(self.region(|b| self.cfg(b, cfg, loc))?))
            }
            BlockKind::Loop(l) => {
                if !l.loop_variable.is_empty() {
                    attrs.str("loop_variable", &l.loop_variable);
                }
                code_attr(&mut attrs, &mut extra, "init", l.init.as_deref());
                code_attr(&mut attrs, &mut extra, "condition", l.condition.as_deref());
                code_attr(&mut attrs, &mut extra, "update", l.update.as_deref());
                attrs.flag("inverted", l.inverted).flag("update_after_condition", !l.update_before_condition);
                ("sdfg.loop", Some(self.region(|b| self.cfg(b, &l.cfg, loc))?))
            }
            BlockKind::Conditional(branches) => {
                let body = self.region(|b| {
                    for branch in branches {
                        let mut extra = branch.extra.clone();
                        let mut attrs = self.attrs();
                        attrs.str("label", &branch.label);
                        code_attr(&mut attrs, &mut extra, "condition", branch.condition.as_deref());
                        attrs.extra(&extra);
                        let branch_loc = branch.loc.or(loc);
                        let cfg = self.region(|inner| self.cfg(inner, &branch.cfg, branch_loc))?;
                        b.append_operation(self.op("sdfg.branch", attrs, &[], &[], Some(cfg), branch_loc)?);
                    }
                    Ok(())
                })?;
                ("sdfg.conditional", Some(body))
            }
            BlockKind::Break => ("sdfg.break", None),
            BlockKind::Continue => ("sdfg.continue", None),
            BlockKind::Return => ("sdfg.return", None),
        };
        attrs.flag("start", start).extra(&extra);
        self.op(name, attrs, &[], &[self.block_type], body, loc)
    }
}
