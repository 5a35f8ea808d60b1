//! Tuple assignments: `a, b = x, y` (each target from its value, in order)
//! and `KE[0], PE[0] = energy(pos)` (a program returning several values,
//! inlined, each value computed into a transient the target reads).
//!
//! ```text
//! KE[0], PE[0] = energy(pos)   =>   (energy's states; __tmp0, __tmp1 := its returns)
//!                                   KE[0] = __tmp0; PE[0] = __tmp1
//! ```

use super::at;
use super::elementwise::Var;
use super::program::Builder;
use crate::diag::Diagnostics;
use crate::model::{Block, Loc};
use rustpython_parser::ast::{self, Expr, Ranged};

impl Builder<'_> {
    pub(super) fn assign_tuple(&mut self, targets: &[Expr], value: &Expr, loc: &Loc) -> Result<Vec<Block>, Diagnostics> {
        match value {
            Expr::Tuple(values) => {
                if values.elts.len() != targets.len() {
                    return Err(at(loc, format!("{} values cannot be unpacked into {} targets", values.elts.len(), targets.len())));
                }
                // Python evaluates every value before assigning: refuse what
                // would tell the two orders apart (`a, b = b, a`).
                let assigned: Vec<&str> = targets.iter().filter_map(base_name).collect();
                if values.elts.iter().any(|v| reads_any(v, &assigned)) {
                    return Err(at(loc, "a tuple assignment whose values read its targets (a, b = b, a) is not supported yet"));
                }
                let mut blocks = Vec::new();
                for (t, v) in targets.iter().zip(&values.elts) {
                    blocks.extend(self.assign(t, v, None, loc)?);
                }
                Ok(blocks)
            }
            Expr::Call(c) if matches!(&*c.func, Expr::Name(n) if self.m.program(n.id.as_str()).is_some()) => {
                let Expr::Name(n) = &*c.func else { unreachable!() };
                self.here = loc.clone();
                let values = self.inline_call_values(n.id.as_str(), c, c.range().start().to_usize()).map_err(|(o, msg)| self.error(o, msg))?;
                if values.len() != targets.len() {
                    return Err(at(loc, format!("'{}' returns {} values, {} targets given", n.id, values.len(), targets.len())));
                }
                let mut blocks = self.take_pending(loc);
                for (t, (input, shape, kind)) in targets.iter().zip(values) {
                    // Read through a name bound to the value's transient.
                    let whole = self.whole(input, &shape, kind).map_err(|(o, msg)| self.error(o, msg))?;
                    blocks.extend(self.take_pending(loc));
                    self.vars.insert(whole.clone(), Var::Data { name: whole.clone(), shape, dtype: kind.ty });
                    let name = Expr::Name(ast::ExprName { range: value.range(), id: whole.as_str().into(), ctx: ast::ExprContext::Load });
                    let result = self.assign(t, &name, None, loc);
                    self.vars.remove(&whole);
                    if let Some(b) = base_name(t) {
                        // A fresh copy, not a view of anything.
                        self.views.remove(b);
                    }
                    blocks.extend(result?);
                }
                Ok(blocks)
            }
            _ => Err(at(loc, "a tuple target takes a tuple of values or a program's returned values")),
        }
    }
}

/// The name a target assigns to (`a` of `a`, `a[i]`).
fn base_name(t: &Expr) -> Option<&str> {
    match t {
        Expr::Name(n) => Some(n.id.as_str()),
        Expr::Subscript(s) => base_name(&s.value),
        _ => None,
    }
}

/// Whether `e` reads one of `names`.
fn reads_any(e: &Expr, names: &[&str]) -> bool {
    match e {
        Expr::Name(n) => names.contains(&n.id.as_str()),
        Expr::Subscript(s) => reads_any(&s.value, names) || reads_any(&s.slice, names),
        Expr::Attribute(a) => reads_any(&a.value, names),
        Expr::BinOp(b) => reads_any(&b.left, names) || reads_any(&b.right, names),
        Expr::UnaryOp(u) => reads_any(&u.operand, names),
        Expr::Call(c) => c.args.iter().any(|a| reads_any(a, names)) || c.keywords.iter().any(|k| reads_any(&k.value, names)),
        Expr::Tuple(t) => t.elts.iter().any(|x| reads_any(x, names)),
        Expr::Constant(_) => false,
        // Anything else: assume it may.
        _ => true,
    }
}
