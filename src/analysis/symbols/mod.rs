//! Symbol definitions and uses, per state, interstate edge, control-flow
//! region and SDFG.
//!
//! Three sets describe a piece of an SDFG:
//! - `assigned`: symbols it sets for what runs afterwards (interstate
//!   assignments, loop variables and the names loop headers assign);
//! - `bound`: symbols it binds only inside a scope (map parameters, dynamic
//!   map-range inputs, consume PE indices);
//! - `used`: symbols it reads from outside, i.e. not bound by an enclosing
//!   scope of the same state nor assigned on every path before the read.
//!
//! Uses come from memlet subsets, map ranges, consume PE counts and
//! conditions, nested-SDFG symbol mappings (and the symbols a nested SDFG
//! declares without a mapping, which come from outside by name), the shapes
//! of the containers a state accesses, interstate conditions and right-hand
//! sides, loop headers and branch conditions. Tasklet code and library-node
//! properties count where they name a symbol the SDFG knows (declared,
//! assigned or bound somewhere): code is not parsed. Container and constant
//! names are never symbols (data read in conditions is what `rwsets` reports).
//! Memlet volumes only describe and are left out. Nested SDFGs see outer
//! symbols only through their mappings, so their insides are not included.

mod region;

use region::{block_sets, branch_sets, cfg_sets, edge_sets};

use crate::model::scope::scope_parents;
use crate::model::{Block, BlockKind, Branch, Cfg, Condition, LoopStatements, InterstateEdge, Node, NodeKind, Sdfg, State};
use crate::symbolic::Expr;
use std::collections::BTreeSet;

/// What a block, edge or region defines and uses (see the module doc).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SymbolSets {
    pub assigned: BTreeSet<String>,
    pub bound: BTreeSet<String>,
    pub used: BTreeSet<String>,
}

impl SymbolSets {
    /// Everything it defines, assigned or bound.
    pub fn defined(&self) -> BTreeSet<String> {
        self.assigned.union(&self.bound).cloned().collect()
    }
}

/// Entry in-connectors that are not `IN_x` data inputs: dynamic range symbols.
pub fn dynamic_inputs(node: &Node) -> Vec<String> {
    if node.kind.scope_exit().is_none() {
        return Vec::new();
    }
    crate::model::conn::plain_inputs(node).map(str::to_string).collect()
}

/// What an entry node binds for its scope: dynamic inputs, then map
/// parameters or the consume PE index.
pub fn entry_symbols(node: &Node) -> Vec<String> {
    let mut out = dynamic_inputs(node);
    match &node.kind {
        NodeKind::MapEntry { map, .. } => out.extend(map.params.iter().cloned()),
        NodeKind::ConsumeEntry { consume, .. } if !consume.pe_index.is_empty() => out.push(consume.pe_index.clone()),
        _ => {}
    }
    out
}

/// Symbols that the scopes from `scope` outwards bind (`parents` as
/// `model::scope::scope_parents` gives them).
pub fn scope_locals(s: &State, parents: &[Option<usize>], mut scope: Option<usize>) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for _ in 0..=s.nodes.len() {
        let Some(entry) = scope else { break };
        let Some(node) = s.nodes.get(entry) else { break };
        out.extend(entry_symbols(node));
        scope = parents.get(entry).copied().flatten();
    }
    out
}

/// Names assigned anywhere in a CFG: interstate edges and loop statements.
pub fn assigned(cfg: &Cfg, out: &mut BTreeSet<String>) {
    for e in &cfg.edges {
        out.extend(e.assignments.iter().map(|a| a.symbol.clone()));
    }
    for b in &cfg.blocks {
        match &b.kind {
            BlockKind::Region { cfg, .. } => assigned(cfg, out),
            BlockKind::Loop(l) => {
                if !l.loop_variable.is_empty() {
                    out.insert(l.loop_variable.clone());
                }
                for code in [&l.init, &l.update].into_iter().flatten() {
                    out.extend(code.statements().iter().filter_map(|s| s.target()).map(str::to_string));
                }
                assigned(&l.cfg, out);
            }
            BlockKind::Conditional(branches) => branches.iter().for_each(|br| assigned(&br.cfg, out)),
            _ => {}
        }
    }
}

/// Names some map, consume scope or loop of the SDFG binds (not inside
/// nested SDFGs).
pub fn scope_bound(sdfg: &Sdfg) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    crate::transforms::place::visit_cfgs(&sdfg.cfg, &mut Vec::new(), &mut |_, cfg| {
        for b in &cfg.blocks {
            match &b.kind {
                BlockKind::Loop(l) => {
                    out.insert(l.loop_variable.clone());
                }
                BlockKind::State(s) => {
                    for n in &s.nodes {
                        match &n.kind {
                            NodeKind::MapEntry { map, .. } => out.extend(map.params.iter().cloned()),
                            NodeKind::ConsumeEntry { consume, .. } => {
                                out.insert(consume.pe_index.clone());
                            }
                            _ => {}
                        }
                    }
                }
                _ => {}
            }
        }
    });
    out
}

/// Names a new parameter of scope `entry` in `state` must avoid: symbols,
/// containers, names assigned or bound by loops, and the parameters of the
/// scopes around and inside `entry` (a second tiling must not reuse `tile_i`
/// of the first). Checked name by name, so a transformation applied at each
/// of many maps does not collect the whole SDFG's names every time.
pub struct TakenNames<'a> {
    sdfg: &'a Sdfg,
    scope_params: BTreeSet<String>,
}

pub fn names_taken<'a>(sdfg: &'a Sdfg, state: &State, entry: usize) -> TakenNames<'a> {
    let mut scope_params = BTreeSet::new();
    if let Ok(parents) = crate::model::scope::scope_parents(state) {
        let encloses = |outer: usize, mut inner: usize| {
            while let Some(p) = parents[inner] {
                if p == outer {
                    return true;
                }
                inner = p;
            }
            false
        };
        for (n, node) in state.nodes.iter().enumerate() {
            let related = n == entry || encloses(n, entry) || encloses(entry, n);
            match &node.kind {
                NodeKind::MapEntry { map, .. } if related => scope_params.extend(map.params.iter().cloned()),
                NodeKind::ConsumeEntry { consume, .. } if related => {
                    scope_params.insert(consume.pe_index.clone());
                }
                _ => {}
            }
        }
    }
    TakenNames { sdfg, scope_params }
}

impl TakenNames<'_> {
    pub fn contains(&self, name: &str) -> bool {
        self.scope_params.contains(name)
            || self.sdfg.symbols.iter().any(|(n, _)| n == name)
            || self.sdfg.containers.contains(name)
            || is_assigned(&self.sdfg.cfg, name)
    }

    /// `base`, with underscores put in front until no one has it.
    pub fn fresh(&self, base: &str) -> String {
        let mut name = base.to_string();
        while self.contains(&name) {
            name.insert(0, '_');
        }
        name
    }
}

/// Whether an interstate edge or a loop of `cfg` assigns `name` (what
/// [`assigned`] collects).
fn is_assigned(cfg: &Cfg, name: &str) -> bool {
    cfg.edges.iter().any(|e| e.assignments.iter().any(|a| a.symbol == name))
        || cfg.blocks.iter().any(|b| match &b.kind {
            BlockKind::Region { cfg, .. } => is_assigned(cfg, name),
            BlockKind::Loop(l) => {
                l.loop_variable == name
                    || [&l.init, &l.update]
                        .into_iter()
                        .flatten()
                        .any(|code| code.statements().iter().any(|s| s.target() == Some(name)))
                    || is_assigned(&l.cfg, name)
            }
            BlockKind::Conditional(branches) => branches.iter().any(|br| is_assigned(&br.cfg, name)),
            _ => false,
        })
}

/// Which names of an SDFG are symbols.
struct Names<'a> {
    sdfg: &'a Sdfg,
    /// Declared, assigned and scope-bound names: what code may read.
    known: BTreeSet<String>,
}

impl<'a> Names<'a> {
    fn new(sdfg: &'a Sdfg) -> Names<'a> {
        let mut known: BTreeSet<String> = sdfg.symbols.iter().map(|(n, _)| n.clone()).collect();
        assigned(&sdfg.cfg, &mut known);
        known.extend(scope_bound(sdfg));
        Names { sdfg, known }
    }

    fn is_symbol(&self, name: &str) -> bool {
        !name.is_empty()
            && self.sdfg.container(name).is_none()
            && !self.sdfg.constants.iter().any(|c| c.name == name)
            && !matches!(name, "None" | "True" | "False" | "inf" | "nan" | "pi" | "oo" | "zoo")
    }

    fn expr(&self, e: &Expr, out: &mut BTreeSet<String>) {
        out.extend(e.free_symbols().into_iter().filter(|s| self.is_symbol(s)));
    }

    fn expr_list<'e>(&self, exprs: impl Iterator<Item = &'e Expr>, out: &mut BTreeSet<String>) {
        exprs.for_each(|e| self.expr(e, out));
    }

    /// `text` read as `parsed`; the known symbols it names when it is not
    /// an expression.
    fn parsed(&self, parsed: Option<&Expr>, text: &str, out: &mut BTreeSet<String>) {
        match parsed {
            Some(e) => self.expr(e, out),
            None => self.words(text, out),
        }
    }

    /// Known symbols named as words of any text (code, JSON).
    fn words(&self, text: &str, out: &mut BTreeSet<String>) {
        out.extend(words(text).filter(|w| self.known.contains(*w) && self.is_symbol(w)).map(str::to_string));
    }

    fn condition(&self, c: &Condition, out: &mut BTreeSet<String>) {
        if c.is_python() {
            self.parsed(c.parsed().ok(), &c.code, out);
        } else {
            self.words(&c.code, out);
        }
    }

    /// The uses of `lhs = rhs` statements (also `lhs += rhs`, which reads lhs).
    fn statements(&self, c: &LoopStatements, out: &mut BTreeSet<String>) {
        for s in c.statements() {
            if s.lhs().is_none() {
                self.words(&s.text, out);
                continue;
            }
            self.parsed(s.parsed().ok(), s.value(), out);
            if let (true, Some(target), Some(parsed)) = (s.augmented(), s.target(), s.target_parsed()) {
                self.parsed(parsed.ok(), target, out);
            }
        }
    }
}

/// Identifiers of a text (numbers skipped).
pub(crate) fn words(text: &str) -> impl Iterator<Item = &str> {
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    text.split(move |c: char| !ident(c)).filter(|w| w.chars().next().is_some_and(|c| !c.is_ascii_digit()))
}

/// The symbols of one state.
pub fn state_symbols(sdfg: &Sdfg, state: &State) -> SymbolSets {
    state_sets(&Names::new(sdfg), state)
}

/// The symbols of one interstate edge.
pub fn edge_symbols(sdfg: &Sdfg, edge: &InterstateEdge) -> SymbolSets {
    edge_sets(&Names::new(sdfg), edge)
}

/// The symbols of a block as seen from outside it.
pub fn block_symbols(sdfg: &Sdfg, block: &Block) -> SymbolSets {
    block_sets(&Names::new(sdfg), block)
}

/// The symbols of one branch of a conditional, its condition included.
pub fn branch_symbols(sdfg: &Sdfg, br: &Branch) -> SymbolSets {
    branch_sets(&Names::new(sdfg), br)
}

/// The symbols of a control-flow region (its blocks and edges).
pub fn cfg_symbols(sdfg: &Sdfg, cfg: &Cfg) -> SymbolSets {
    cfg_sets(&Names::new(sdfg), cfg)
}

/// The symbols of a whole SDFG: `used` are those its caller must supply,
/// including the ones its containers' shapes, strides and sizes need.
pub fn sdfg_symbols(sdfg: &Sdfg) -> SymbolSets {
    let names = Names::new(sdfg);
    let mut out = cfg_sets(&names, &sdfg.cfg);
    for (_, d) in &sdfg.containers {
        let exprs = d.shape.iter().chain(d.strides.iter().flatten()).chain(d.offset.iter().flatten());
        exprs.chain(d.total_size.iter()).chain(d.buffer_size.iter()).for_each(|e| names.expr(e, &mut out.used));
    }
    out
}

fn state_sets(names: &Names, state: &State) -> SymbolSets {
    let mut out = SymbolSets::default();
    let parents = scope_parents(state).ok();
    let all_bound: BTreeSet<String> = state.nodes.iter().flat_map(entry_symbols).collect();
    // Without a scope tree, anything bound in the state counts as bound everywhere.
    let locals = |scope: Option<usize>| match &parents {
        Some(p) => scope_locals(state, p, scope),
        None => all_bound.clone(),
    };
    let parent = |i: usize| parents.as_ref().and_then(|p| p.get(i).copied().flatten());
    let mut add = |found: BTreeSet<String>, local: &BTreeSet<String>| out.used.extend(found.into_iter().filter(|s| !local.contains(s)));
    for (i, node) in state.nodes.iter().enumerate() {
        let mut found = BTreeSet::new();
        let mut local = locals(parent(i));
        match &node.kind {
            NodeKind::MapEntry { map, .. } => {
                local.extend(dynamic_inputs(node));
                names.expr_list(map.range.dims().iter().flat_map(|d| [&d.start, &d.end, &d.step, &d.tile]), &mut found);
            }
            NodeKind::ConsumeEntry { consume, .. } => {
                names.expr(&consume.num_pes, &mut found);
                let mut inner = BTreeSet::new();
                consume.condition.iter().for_each(|c| names.condition(c, &mut inner));
                inner.retain(|s| !entry_symbols(node).contains(s));
                found.extend(inner);
            }
            NodeKind::NestedSdfg { sdfg: inner, symbol_mapping } => {
                symbol_mapping.iter().for_each(|(_, e)| names.expr(e, &mut found));
                let mapped = |n: &str| symbol_mapping.iter().any(|(k, _)| k == n);
                found.extend(inner.symbols.iter().filter(|(n, _)| !mapped(n) && names.is_symbol(n)).map(|(n, _)| n.clone()));
            }
            NodeKind::Tasklet { code } => {
                names.words(&code.code, &mut found);
                let connectors: Vec<&String> = node.in_connectors.iter().chain(&node.out_connectors).map(|(c, _)| c).collect();
                found.retain(|s| !connectors.contains(&s));
            }
            NodeKind::Library(lib) => names.words(&lib.properties_text(), &mut found),
            NodeKind::Access { data, .. } => {
                if let Some(d) = names.sdfg.container(data) {
                    let exprs = d.shape.iter().chain(d.strides.iter().flatten()).chain(d.offset.iter().flatten());
                    names.expr_list(exprs.chain(d.total_size.iter()), &mut found);
                }
            }
            NodeKind::MapExit { .. } | NodeKind::ConsumeExit { .. } => {}
        }
        add(found, &local);
    }
    for e in &state.edges {
        let (Some(src), Some(dst)) = (state.nodes.get(e.src), state.nodes.get(e.dst)) else { continue };
        // The scope the edge runs in: inside an entry it leaves or an exit it enters.
        let scope = match (&src.kind, &dst.kind) {
            (NodeKind::MapEntry { .. } | NodeKind::ConsumeEntry { .. }, _) => Some(e.src),
            (NodeKind::MapExit { entry } | NodeKind::ConsumeExit { entry }, _) => parent(*entry),
            (_, NodeKind::MapExit { entry } | NodeKind::ConsumeExit { entry }) => Some(*entry),
            _ => parent(e.src),
        };
        let mut local = locals(scope);
        // Memlets entering a map may use its dynamic range symbols.
        if matches!(dst.kind, NodeKind::MapEntry { .. }) {
            local.extend(dynamic_inputs(dst));
        }
        let mut found = BTreeSet::new();
        for s in e.memlet.subset.iter().chain(e.memlet.other_subset.iter()) {
            names.expr_list(s.dims().iter().flat_map(|d| [&d.start, &d.end, &d.step, &d.tile]), &mut found);
        }
        add(found, &local);
    }
    out.bound = all_bound;
    out
}

#[cfg(test)]
mod tests;
