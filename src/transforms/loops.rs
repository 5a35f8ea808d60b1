//! Shared helpers for loop transformations: reading a LoopRegion's `for`
//! header, and finding where a name is used in control flow and dataflow.

use super::place::Step;
use crate::model::{Block, BlockKind, Cfg, LoopRegion, LoopStatements, NodeKind, State};
use crate::symbolic::{CmpOp, Expr, Subset};

/// `for var = start; var <= last (or >= last); var += step`, with `last`
/// the inclusive bound (the loop may run zero times).
#[derive(Clone, Debug, PartialEq)]
pub struct Header {
    pub var: String,
    pub start: Expr,
    pub last: Expr,
    pub step: i64,
}

impl Header {
    /// How many times the loop runs, when its bounds are constants.
    pub fn trip_count(&self) -> Option<i128> {
        let (a, last, c) = (self.start.as_int()? as i128, self.last.as_int()? as i128, self.step as i128);
        let span = if c > 0 { last - a } else { a - last };
        Some(if span < 0 { 0 } else { span / c.abs() + 1 })
    }

    /// The values the loop variable takes, when all are constants (at most
    /// `limit` of them; `None` beyond).
    pub fn constant_values(&self, limit: usize) -> Option<Vec<i64>> {
        let (start, last) = (self.start.as_int()?, self.last.as_int()?);
        let mut out = Vec::new();
        let mut v = start;
        while (self.step > 0 && v <= last) || (self.step < 0 && v >= last) {
            if out.len() == limit {
                return None;
            }
            out.push(v);
            v = v.checked_add(self.step)?;
        }
        Some(out)
    }
}

/// The header of a counted, non-inverted loop whose variable only appears
/// as the counter (`i = a`, `i < b`, `i = i + c` with `c` a nonzero constant
/// and `a`, `b` free of `i`); `None` for anything else.
pub fn header(l: &LoopRegion) -> Option<Header> {
    let var = l.loop_variable.as_str();
    if l.inverted || var.is_empty() {
        return None;
    }
    let start = assigned_value(&l.init, var)?.simplify();
    let update = assigned_value(&l.update, var)?.simplify();
    let me = Expr::sym(var);
    let step = update.sub(&me).simplify().as_int().filter(|s| *s != 0)?;
    let Expr::Cmp(op, a, b) = l.condition.as_ref()?.python_expr()?.simplify() else { return None };
    // Put the variable on the left.
    let (op, bound) = if *a == me {
        (op, *b)
    } else if *b == me {
        let flipped = match op {
            CmpOp::Lt => CmpOp::Gt,
            CmpOp::Le => CmpOp::Ge,
            CmpOp::Gt => CmpOp::Lt,
            CmpOp::Ge => CmpOp::Le,
            other => other,
        };
        (flipped, *a)
    } else {
        return None;
    };
    if uses(&start, var) || uses(&bound, var) {
        return None;
    }
    let last = match (op, step > 0) {
        (CmpOp::Lt, true) => bound.sub(&Expr::int(1)).simplify(),
        (CmpOp::Le, true) | (CmpOp::Ge, false) => bound,
        (CmpOp::Gt, false) => bound.add(&Expr::int(1)).simplify(),
        _ => return None,
    };
    Some(Header { var: var.to_string(), start, last, step })
}

/// The right-hand side, as parsed, of a loop's Python `init` or `update`
/// statement `var = rhs`; `None` for any other code.
pub fn assigned_value(code: &Option<LoopStatements>, var: &str) -> Option<Expr> {
    let (name, s) = code.as_ref().filter(|c| c.is_python())?.single()?;
    (name == var).then(|| s.parsed().ok().cloned()).flatten()
}

fn uses(e: &Expr, name: &str) -> bool {
    e.free_symbols().iter().any(|s| s == name)
}

/// Identifiers in a piece of text (code, expressions, JSON): a superset of
/// the names it uses.
pub fn idents(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        if c.is_ascii_alphabetic() || c == b'_' {
            let from = i;
            while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
                i += 1;
            }
            out.push(&text[from..i]);
        } else if c.is_ascii_digit() {
            // Skip numbers such as `1e5` whole.
            while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_' || bytes[i] == b'.') {
                i += 1;
            }
        } else {
            i += 1;
        }
    }
    out
}

pub(super) fn text_uses(text: &str, name: &str) -> bool {
    idents(text).contains(&name)
}

fn subset_uses(s: &Option<Subset>, name: &str) -> bool {
    s.as_ref().is_some_and(|s| s.dims().iter().any(|d| [&d.start, &d.end, &d.step, &d.tile].iter().any(|e| uses(e, name))))
}

/// Whether a state uses `name`: as data, in memlets, map ranges, code,
/// nested-SDFG symbol mappings or library-node properties.
pub fn state_uses(state: &State, name: &str) -> bool {
    let nodes = state.nodes.iter().any(|n| match &n.kind {
        NodeKind::Access { data, .. } => data == name,
        NodeKind::Tasklet { code } => text_uses(&code.code, name),
        NodeKind::MapEntry { map, .. } => map.params.iter().any(|p| p == name) || subset_uses(&Some(map.range.clone()), name),
        NodeKind::ConsumeEntry { consume, .. } => {
            consume.pe_index == name
                || uses(&consume.num_pes, name)
                || consume.condition.as_ref().is_some_and(|c| text_uses(&c.code, name))
        }
        NodeKind::NestedSdfg { symbol_mapping, .. } => symbol_mapping.iter().any(|(_, e)| uses(e, name)),
        NodeKind::Library(lib) => text_uses(&lib.properties_text(), name),
        NodeKind::MapExit { .. } | NodeKind::ConsumeExit { .. } => false,
    }) || state.nodes.iter().any(|n| n.in_connectors.iter().chain(&n.out_connectors).any(|(c, _)| c == name));
    nodes
        || state.edges.iter().any(|e| {
            let m = &e.memlet;
            m.data.as_deref() == Some(name)
                || subset_uses(&m.subset, name)
                || subset_uses(&m.other_subset, name)
                || m.volume.as_ref().is_some_and(|v| uses(v, name))
                || m.wcr.as_ref().is_some_and(|w| text_uses(w.text(), name))
        })
}

/// Whether `name` is used anywhere in `cfg` (assignment targets do not
/// count) outside the blocks for which `skip` holds.
pub fn cfg_uses(cfg: &Cfg, name: &str, path: &mut Vec<Step>, skip: &dyn Fn(&[Step], &Block) -> bool) -> bool {
    let edges = cfg.edges.iter().any(|e| {
        e.condition.as_ref().is_some_and(|c| text_uses(&c.code, name)) || e.assignments.iter().any(|a| text_uses(a.value(), name))
    });
    if edges {
        return true;
    }
    for (i, b) in cfg.blocks.iter().enumerate() {
        path.push(Step::Block(i));
        let used = !skip(path, b)
            && match &b.kind {
                BlockKind::State(s) => state_uses(s, name),
                BlockKind::Region { cfg, .. } => cfg_uses(cfg, name, path, skip),
                BlockKind::Loop(l) => {
                    [l.init.as_deref(), l.condition.as_deref(), l.update.as_deref()].into_iter().flatten().any(|c| text_uses(&c.code, name))
                        || cfg_uses(&l.cfg, name, path, skip)
                }
                BlockKind::Conditional(brs) => brs.iter().enumerate().any(|(k, br)| {
                    path.push(Step::Branch(k));
                    let u = br.condition.as_ref().is_some_and(|c| text_uses(&c.code, name)) || cfg_uses(&br.cfg, name, path, skip);
                    path.pop();
                    u
                }),
                BlockKind::Break | BlockKind::Continue | BlockKind::Return => false,
            };
        path.pop();
        if used {
            return true;
        }
    }
    false
}

/// Whether a loop sets `var` itself before its body runs (so uses inside it
/// do not see an earlier value).
pub fn redefines(b: &Block, var: &str) -> bool {
    match &b.kind {
        BlockKind::Loop(l) => {
            let first = l.init.as_ref().and_then(|c| c.statements().first());
            l.loop_variable == var && first.is_some_and(|s| !s.augmented() && s.target() == Some(var))
        }
        _ => false,
    }
}

/// Whether a CFG (recursively) contains break, continue or return blocks
/// that are not inside a nested loop, or assigns `var`.
pub fn escapes_or_assigns(cfg: &Cfg, var: &str) -> bool {
    cfg.edges.iter().any(|e| e.assignments.iter().any(|a| a.symbol == var))
        || cfg.blocks.iter().any(|b| match &b.kind {
            BlockKind::Break | BlockKind::Continue | BlockKind::Return => true,
            BlockKind::Region { cfg, .. } => escapes_or_assigns(cfg, var),
            BlockKind::Conditional(brs) => brs.iter().any(|br| escapes_or_assigns(&br.cfg, var)),
            // Breaks inside an inner loop stay there; a return does not.
            BlockKind::Loop(l) => l.loop_variable == var || has_return(&l.cfg) || assigns(&l.cfg, var),
            BlockKind::State(_) => false,
        })
}

fn has_return(cfg: &Cfg) -> bool {
    cfg.blocks.iter().any(|b| match &b.kind {
        BlockKind::Return => true,
        BlockKind::Region { cfg, .. } => has_return(cfg),
        BlockKind::Loop(l) => has_return(&l.cfg),
        BlockKind::Conditional(brs) => brs.iter().any(|br| has_return(&br.cfg)),
        _ => false,
    })
}

fn assigns(cfg: &Cfg, var: &str) -> bool {
    let mut names = std::collections::BTreeSet::new();
    crate::analysis::symbols::assigned(cfg, &mut names);
    names.contains(var)
}
