//! Returns at the ends of both branches of a final `if`/`else` become
//! assignments to one variable, returned after the branch:
//!
//! ```text
//! if b1 + b2 == 3:        if b1 + b2 == 3:
//!     return 1        =>      __return_value = 1
//! else:                   else:
//!     return 0                __return_value = 0
//!                         return __return_value
//! ```
//!
//! Other returns (early, inside loops, of tuples) stay unsupported.

use rustpython_parser::ast::{self, Expr, Ranged, Stmt};

const RESULT: &str = "__return_value";

/// `body` rewritten so that it returns once, at its end; `None` when its
/// returns are not all at the ends of a final `if`/`else`'s branches.
pub fn single_return(body: &[Stmt]) -> Option<Vec<Stmt>> {
    let Some(Stmt::If(last)) = body.last() else { return None };
    let rewritten = assign_returns(&Stmt::If(last.clone()))?;
    let mut out = body[..body.len() - 1].to_vec();
    out.push(rewritten);
    let range = last.range();
    out.push(Stmt::Return(ast::StmtReturn { range, value: Some(Box::new(name(RESULT, range, ast::ExprContext::Load))) }));
    Some(out)
}

/// `s` (a branch's last statement) with its returns made assignments.
fn assign_returns(s: &Stmt) -> Option<Stmt> {
    match s {
        Stmt::Return(r) => {
            let value = r.value.as_deref()?;
            if matches!(value, Expr::Tuple(_)) {
                return None;
            }
            Some(Stmt::Assign(ast::StmtAssign {
                range: r.range,
                targets: vec![name(RESULT, r.range, ast::ExprContext::Store)],
                value: Box::new(value.clone()),
                type_comment: None,
            }))
        }
        Stmt::If(i) if !i.orelse.is_empty() => {
            let mut i = i.clone();
            i.body = branch(&i.body)?;
            i.orelse = branch(&i.orelse)?;
            Some(Stmt::If(i))
        }
        _ => None,
    }
}

/// A branch ending in a return, with no other return in it.
fn branch(body: &[Stmt]) -> Option<Vec<Stmt>> {
    let (last, rest) = body.split_last()?;
    if rest.iter().any(returns) {
        return None;
    }
    let mut out = rest.to_vec();
    out.push(assign_returns(last)?);
    Some(out)
}

/// Whether `s` contains a return.
fn returns(s: &Stmt) -> bool {
    match s {
        Stmt::Return(_) => true,
        Stmt::If(i) => i.body.iter().chain(&i.orelse).any(returns),
        Stmt::For(f) => f.body.iter().chain(&f.orelse).any(returns),
        Stmt::While(w) => w.body.iter().chain(&w.orelse).any(returns),
        Stmt::With(w) => w.body.iter().any(returns),
        _ => false,
    }
}

fn name(id: &str, range: rustpython_parser::text_size::TextRange, ctx: ast::ExprContext) -> Expr {
    Expr::Name(ast::ExprName { range, id: id.into(), ctx })
}

#[cfg(test)]
mod tests {
    use super::*;
    use rustpython_parser::Parse;

    fn body(text: &str) -> Vec<Stmt> {
        ast::Suite::parse(text, "t.py").unwrap()
    }

    #[test]
    fn returns_in_both_branches_become_one() {
        let out = single_return(&body("x = 1\nif a:\n    return 1\nelif b:\n    y = 2\n    return y\nelse:\n    return 0\n")).unwrap();
        assert_eq!(out.len(), 3);
        assert!(matches!(out.last(), Some(Stmt::Return(_))));
        assert!(!out[..2].iter().any(returns));
    }

    #[test]
    fn other_returns_are_left_alone() {
        assert!(single_return(&body("if a:\n    return 1\nreturn 0\n")).is_none());
        assert!(single_return(&body("if a:\n    return 1\n")).is_none());
        assert!(single_return(&body("if a:\n    return 1, 2\nelse:\n    return 0, 1\n")).is_none());
        assert!(single_return(&body("if a:\n    return 1\n    x = 2\nelse:\n    return 0\n")).is_none());
    }
}
