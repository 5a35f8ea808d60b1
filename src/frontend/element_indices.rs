//! Indices that are elements of arrays (`G[k, neigh_idx[a, b]]`): each is
//! first read into a scalar of its own, which then indexes as a computed
//! scalar does (`scalar_indices.rs`: a symbol bound before the state).
//!
//! ```text
//! S[k] += G[k, idx[a, b]]   =>   __index0 = idx[a, b]; S[k] += G[k, __index0]
//! ```

use super::elementwise::Var;
use super::program::Builder;
use rustpython_parser::ast::{self, Expr, Ranged};

impl Builder<'_> {
    /// `e` with every array element used inside an index replaced by a new
    /// name; the names and the elements they stand for, in order.
    pub(super) fn hoist_element_indices(&self, e: &Expr, taken: &mut usize, out: &mut Vec<(Expr, Expr)>) -> Expr {
        match e {
            Expr::Subscript(s) => {
                let mut s = s.clone();
                s.value = Box::new(self.hoist_element_indices(&s.value, taken, out));
                s.slice = Box::new(self.hoist_in_index(&s.slice, taken, out));
                Expr::Subscript(s)
            }
            Expr::BinOp(_) | Expr::UnaryOp(_) => operands_mapped(e, &mut |x| self.hoist_element_indices(x, taken, out)),
            Expr::Call(c) => {
                let mut c = c.clone();
                c.args = c.args.iter().map(|a| self.hoist_element_indices(a, taken, out)).collect();
                Expr::Call(c)
            }
            other => other.clone(),
        }
    }

    /// An index expression with its array elements replaced.
    fn hoist_in_index(&self, index: &Expr, taken: &mut usize, out: &mut Vec<(Expr, Expr)>) -> Expr {
        match index {
            Expr::Tuple(t) => {
                let mut t = t.clone();
                t.elts = t.elts.iter().map(|x| self.hoist_in_index(x, taken, out)).collect();
                Expr::Tuple(t)
            }
            Expr::Subscript(_) if self.is_element(index) => {
                let element = self.hoist_element_indices(index, taken, out);
                let name = self.free_index_name(taken);
                let range = index.range();
                out.push((Expr::Name(ast::ExprName { range, id: name.as_str().into(), ctx: ast::ExprContext::Store }), element));
                Expr::Name(ast::ExprName { range, id: name.as_str().into(), ctx: ast::ExprContext::Load })
            }
            Expr::BinOp(_) | Expr::UnaryOp(_) => operands_mapped(index, &mut |x| self.hoist_in_index(x, taken, out)),
            other => other.clone(),
        }
    }

    /// Whether `e` is one element of an integer array: `idx[a, b]` with an
    /// index per dimension and no slice.
    fn is_element(&self, e: &Expr) -> bool {
        let Expr::Subscript(s) = e else { return false };
        let Expr::Name(n) = &*s.value else { return false };
        let Some(Var::Data { shape, dtype, .. }) = self.vars.get(n.id.as_str()) else { return false };
        let items: Vec<&Expr> = match &*s.slice {
            Expr::Tuple(t) => t.elts.iter().collect(),
            one => vec![one],
        };
        dtype.is_integer() && !shape.is_empty() && items.len() == shape.len() && !items.iter().any(|i| matches!(i, Expr::Slice(_)))
    }

    fn free_index_name(&self, taken: &mut usize) -> String {
        loop {
            let name = format!("__index{}", *taken);
            *taken += 1;
            if !self.vars.contains_key(&name) && self.sdfg.container(&name).is_none() {
                return name;
            }
        }
    }
}

/// An arithmetic expression with `f` applied to its operands.
fn operands_mapped(e: &Expr, f: &mut dyn FnMut(&Expr) -> Expr) -> Expr {
    match e {
        Expr::BinOp(b) => {
            let mut b = b.clone();
            b.left = Box::new(f(&b.left));
            b.right = Box::new(f(&b.right));
            Expr::BinOp(b)
        }
        Expr::UnaryOp(u) => {
            let mut u = u.clone();
            u.operand = Box::new(f(&u.operand));
            Expr::UnaryOp(u)
        }
        other => other.clone(),
    }
}
