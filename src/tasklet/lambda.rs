//! Write-conflict resolution lambdas, `(lambda a, b: a + b)`: the shape
//! importers check, the parsed body the lowering compiles, and the kind of
//! reduction (DaCe's `ReductionType`) transformations and atomics switch on.

pub use super::reduction::{Reduction, UnknownReduction};
use super::{BinOp, BoolOp, CmpOp, Expr, Stmt, Target};

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
#[derive(Clone, Debug, PartialEq)]
pub struct Lambda {
    pub old: String,
    pub new: String,
    pub body: Expr,
}

/// Why a text is not a write-conflict resolution lambda; displays as the
/// rest of a sentence about the text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LambdaError {
    #[error("{}", .0.reason())]
    Shape(ShapeError),
    #[error("has a body that does not parse: {0}")]
    Syntax(String),
    #[error("has a body that is not one expression")]
    NotExpression,
}

/// Parses a write-conflict resolution lambda.
pub fn parse_lambda(text: &str) -> Result<Lambda, LambdaError> {
    let (old, new, body) = split(text).map_err(LambdaError::Shape)?;
    let stmts = super::parse(&format!("__wcr = {body}")).map_err(|e| LambdaError::Syntax(e.message))?;
    match <[Stmt; 1]>::try_from(stmts) {
        Ok([Stmt::Assign { target: Target::Name { .. }, op: None, value, .. }]) => {
            Ok(Lambda { old: old.to_string(), new: new.to_string(), body: value })
        }
        _ => Err(LambdaError::NotExpression),
    }
}

impl Lambda {
    /// What the body computes, as DaCe's `detect_reduction_type` names it;
    /// the named kinds apply the operator to the two parameters themselves
    /// (in either order where it commutes), anything else is `Custom`.
    pub fn reduction(&self) -> Reduction {
        let is = |e: &Expr, name: &str| matches!(e, Expr::Name { id, .. } if id == name);
        let ordered = |a: &Expr, b: &Expr| is(a, &self.old) && is(b, &self.new);
        let params = |a: &Expr, b: &Expr| ordered(a, b) || ordered(b, a);
        match &self.body {
            Expr::Binary { op, left, right, .. } if params(left, right) => match op {
                BinOp::Add => Reduction::Sum,
                BinOp::Mul => Reduction::Product,
                BinOp::BitAnd => Reduction::BitwiseAnd,
                BinOp::BitOr => Reduction::BitwiseOr,
                BinOp::BitXor => Reduction::BitwiseXor,
                BinOp::Sub if ordered(left, right) => Reduction::Sub,
                BinOp::Div if ordered(left, right) => Reduction::Div,
                _ => Reduction::Custom,
            },
            Expr::Call { func, args, .. } if args.len() == 2 && params(&args[0], &args[1]) => match func.as_str() {
                "max" => Reduction::Max,
                "min" => Reduction::Min,
                _ => Reduction::Custom,
            },
            Expr::BoolOp { op, values, .. } if values.len() == 2 && params(&values[0], &values[1]) => match op {
                BoolOp::And => Reduction::LogicalAnd,
                BoolOp::Or => Reduction::LogicalOr,
            },
            Expr::Compare { ops, operands, .. } if ops[..] == [CmpOp::Ne] && params(&operands[0], &operands[1]) => {
                Reduction::LogicalXor
            }
            body if is(body, &self.new) => Reduction::Exchange,
            _ => Reduction::Custom,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{parse_lambda, split, LambdaError, Reduction, ShapeError};

    #[test]
    fn malformed_lambdas_are_errors() {
        assert_eq!(parse_lambda("x + y").err(), Some(LambdaError::Shape(ShapeError::NotLambda)));
        assert!(matches!(parse_lambda("lambda a, b: a +"), Err(LambdaError::Syntax(_))));
    }

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
        assert_eq!(r("(lambda a, b: (a + b))"), Reduction::Sum);
        assert_eq!(r("lambda a, b: b * a"), Reduction::Product);
        assert_eq!(r("lambda x, y: min(y, x)"), Reduction::Min);
        assert_eq!(r("lambda x, y: x | y"), Reduction::BitwiseOr);
        assert_eq!(r("lambda x, y: y ^ x"), Reduction::BitwiseXor);
        assert_eq!(r("lambda a, b: a and b"), Reduction::LogicalAnd);
        assert_eq!(r("lambda a, b: (b or a)"), Reduction::LogicalOr);
        assert_eq!(r("lambda a, b: a != b"), Reduction::LogicalXor);
        assert_eq!(r("lambda a, b: b"), Reduction::Exchange);
        assert_eq!(r("lambda x, y: x - y"), Reduction::Sub);
        assert_eq!(r("lambda x, y: y - x"), Reduction::Custom);
        assert_eq!(r("lambda x, y: x / y"), Reduction::Div);
        assert_eq!(r("lambda x, y: x + 1"), Reduction::Custom);
        assert_eq!(r("lambda a, b: a"), Reduction::Custom);
        assert_eq!(r("lambda a, b: a and b and a"), Reduction::Custom);
        assert_eq!(Reduction::Sum.identity(), Some("0"));
        assert_eq!(Reduction::Product.identity(), Some("1"));
        assert_eq!(Reduction::Max.identity(), None);
    }
}
