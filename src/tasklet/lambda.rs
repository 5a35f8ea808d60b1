//! Write-conflict resolution lambdas, `(lambda a, b: a + b)`: the shape the
//! verifier checks, the parsed body the lowering compiles, and the common
//! reductions transformations and atomics recognise.

use super::{BinOp, Expr, Stmt, Target};

/// Why a write-conflict resolution is not a two-argument lambda.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShapeError {
    Unbalanced,
    NotLambda,
    NoColon,
    NotTwoArguments,
    EmptyBody,
}

impl ShapeError {
    pub fn reason(self) -> &'static str {
        match self {
            ShapeError::Unbalanced => "has unbalanced parentheses",
            ShapeError::NotLambda => "is not a lambda",
            ShapeError::NoColon => "has no ':'",
            ShapeError::NotTwoArguments => "does not take two arguments",
            ShapeError::EmptyBody => "has an empty body",
        }
    }
}

/// The two parameter names and the body text of `(lambda a, b: body)`
/// (DaCe wraps lambdas and bodies in parentheses).
pub fn split(text: &str) -> Result<(&str, &str, &str), ShapeError> {
    let mut t = text.trim();
    while t.starts_with('(') && t.ends_with(')') && balanced(&t[1..t.len() - 1]) {
        t = t[1..t.len() - 1].trim();
    }
    if !balanced(t) {
        return Err(ShapeError::Unbalanced);
    }
    let rest = t.strip_prefix("lambda").filter(|r| r.starts_with(char::is_whitespace)).ok_or(ShapeError::NotLambda)?;
    let (params, body) = rest.split_once(':').ok_or(ShapeError::NoColon)?;
    let params: Vec<&str> = params.split(',').map(str::trim).collect();
    let [old, new] = params.as_slice() else { return Err(ShapeError::NotTwoArguments) };
    if !crate::syntax::valid_name(old) || !crate::syntax::valid_name(new) {
        return Err(ShapeError::NotTwoArguments);
    }
    let body = body.trim();
    if body.is_empty() {
        return Err(ShapeError::EmptyBody);
    }
    Ok((old, new, body))
}

/// Whether every `(`/`[` has its partner, in order.
fn balanced(text: &str) -> bool {
    let mut stack = Vec::new();
    for c in text.chars() {
        match c {
            '(' | '[' => stack.push(c),
            ')' if stack.pop() != Some('(') => return false,
            ']' if stack.pop() != Some('[') => return false,
            _ => {}
        }
    }
    stack.is_empty()
}

/// A parsed lambda: parameter names (the value in memory, the value
/// written) and body.
pub struct Lambda {
    pub old: String,
    pub new: String,
    pub body: Expr,
}

/// A reduction of the two parameters in either order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reduction {
    Sum,
    Product,
    Min,
    Max,
    BitAnd,
    BitOr,
    BitXor,
}

/// Parses a write-conflict resolution lambda.
pub fn parse_lambda(text: &str) -> Result<Lambda, String> {
    let (old, new, body) = split(text).map_err(|e| format!("write-conflict resolution '{text}' {}", e.reason()))?;
    let stmts = super::parse(&format!("__wcr = {body}")).map_err(|e| format!("lambda '{text}': {e}"))?;
    match stmts.into_iter().next() {
        Some(Stmt::Assign { target: Target::Name { .. }, op: None, value, .. }) => {
            Ok(Lambda { old: old.to_string(), new: new.to_string(), body: value })
        }
        _ => Err(format!("bad lambda body in '{text}'")),
    }
}

impl Lambda {
    /// The reduction the body performs, when it is one of the common ones
    /// applied to the two parameters.
    pub fn reduction(&self) -> Option<Reduction> {
        let is = |e: &Expr, name: &str| matches!(e, Expr::Name { id, .. } if id == name);
        let params = |a: &Expr, b: &Expr| (is(a, &self.old) && is(b, &self.new)) || (is(a, &self.new) && is(b, &self.old));
        match &self.body {
            Expr::Binary { op, left, right, .. } if params(left, right) => match op {
                BinOp::Add => Some(Reduction::Sum),
                BinOp::Mul => Some(Reduction::Product),
                BinOp::BitAnd => Some(Reduction::BitAnd),
                BinOp::BitOr => Some(Reduction::BitOr),
                BinOp::BitXor => Some(Reduction::BitXor),
                _ => None,
            },
            Expr::Call { func, args, .. } if args.len() == 2 && params(&args[0], &args[1]) => match func.as_str() {
                "max" => Some(Reduction::Max),
                "min" => Some(Reduction::Min),
                _ => None,
            },
            _ => None,
        }
    }

    /// The identity of a sum (`0`) or a product (`1`).
    pub fn identity(&self) -> Option<&'static str> {
        match self.reduction()? {
            Reduction::Sum => Some("0"),
            Reduction::Product => Some("1"),
            _ => None,
        }
    }
}

/// The identity of a write-conflict resolution that sums or multiplies.
pub fn identity_of(text: &str) -> Option<&'static str> {
    parse_lambda(text).ok()?.identity()
}

#[cfg(test)]
mod tests {
    use super::{parse_lambda, split, Reduction, ShapeError};

    #[test]
    fn shapes_are_checked_like_dace_writes_them() {
        assert_eq!(split("(lambda x, y: (x + y))"), Ok(("x", "y", "(x + y)")));
        assert!(split("lambda a, b: max(a, b)").is_ok());
        assert_eq!(split("x + y"), Err(ShapeError::NotLambda));
        assert_eq!(split("lambda x: x"), Err(ShapeError::NotTwoArguments));
        assert_eq!(split("(lambda x, y: (x + y)"), Err(ShapeError::Unbalanced));
        assert_eq!(split("lambdax, y: x"), Err(ShapeError::NotLambda));
        assert_eq!(split("lambda x, y x"), Err(ShapeError::NoColon));
        assert_eq!(split("lambda x, y: "), Err(ShapeError::EmptyBody));
    }

    #[test]
    fn reductions_and_identities() {
        let r = |t: &str| parse_lambda(t).unwrap().reduction();
        assert_eq!(r("(lambda a, b: (a + b))"), Some(Reduction::Sum));
        assert_eq!(r("lambda a, b: b * a"), Some(Reduction::Product));
        assert_eq!(r("lambda x, y: min(y, x)"), Some(Reduction::Min));
        assert_eq!(r("lambda x, y: x | y"), Some(Reduction::BitOr));
        assert_eq!(r("lambda x, y: x - y"), None);
        assert_eq!(r("lambda x, y: x + 1"), None);
        assert_eq!(parse_lambda("lambda a, b: a + b").unwrap().identity(), Some("0"));
        assert_eq!(parse_lambda("lambda a, b: a * b").unwrap().identity(), Some("1"));
        assert_eq!(parse_lambda("lambda a, b: max(a, b)").unwrap().identity(), None);
    }
}
