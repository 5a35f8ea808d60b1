//! Parse-time handling of known function names: SymPy/Python spellings are
//! mapped onto the tree and the arity of foldable functions is checked, so
//! later passes can index their arguments without checks.

use super::expr::{CmpOp, Expr};
use super::parse::ParseError;

/// Maps SymPy/Python spellings onto the tree (`Eq(a, b)` -> `a == b`,
/// `min` -> `Min`, ...) and checks the arity of the functions that folding knows.
pub(crate) fn build_call(
    name: String,
    mut args: Vec<Expr>,
    off: usize,
) -> Result<Expr, ParseError> {
    let (min, max) = match name.as_str() {
        "Min" | "min" | "Max" | "max" | "And" | "Or" => (1, usize::MAX),
        "Abs" | "abs" | "floor" | "ceiling" | "ceil" | "Not" | "bitwise_invert" | "BitwiseNot" => (1, 1),
        "int_floor" | "int_ceil" | "Mod" | "Eq" | "Ne" | "Lt" | "Le" | "Gt" | "Ge" | "AND" | "OR" => (2, 2),
        "left_shift" | "right_shift" | "LeftShift" | "RightShift" => (2, 2),
        "bitwise_and" | "bitwise_or" | "bitwise_xor" | "BitwiseAnd" | "BitwiseOr" | "BitwiseXor" => (2, usize::MAX),
        _ => (0, usize::MAX),
    };
    if args.len() < min || args.len() > max {
        let n = args.len();
        return Err(ParseError::new(
            off,
            format!("`{name}` does not take {n} argument(s)"),
        ));
    }
    let cmp = |op, mut args: Vec<Expr>| {
        let b = args.pop().unwrap_or(Expr::Int(0));
        let a = args.pop().unwrap_or(Expr::Int(0));
        Expr::Cmp(op, Box::new(a), Box::new(b))
    };
    Ok(match name.as_str() {
        "min" => Expr::Call("Min".into(), args),
        "max" => Expr::Call("Max".into(), args),
        "abs" => Expr::Call("Abs".into(), args),
        "ceil" => Expr::Call("ceiling".into(), args),
        // DaCe's symbolic layer writes these spellings too.
        "BitwiseAnd" => Expr::Call("bitwise_and".into(), args),
        "BitwiseOr" => Expr::Call("bitwise_or".into(), args),
        "BitwiseXor" => Expr::Call("bitwise_xor".into(), args),
        "BitwiseNot" => Expr::Call("bitwise_invert".into(), args),
        "LeftShift" => Expr::Call("left_shift".into(), args),
        "RightShift" => Expr::Call("right_shift".into(), args),
        "Eq" => cmp(CmpOp::Eq, args),
        "Ne" => cmp(CmpOp::Ne, args),
        "Lt" => cmp(CmpOp::Lt, args),
        "Le" => cmp(CmpOp::Le, args),
        "Gt" => cmp(CmpOp::Gt, args),
        "Ge" => cmp(CmpOp::Ge, args),
        "And" | "AND" => Expr::And(args),
        "Or" | "OR" => Expr::Or(args),
        "Not" => Expr::Not(Box::new(args.pop().unwrap_or(Expr::Bool(false)))),
        _ => Expr::Call(name, args),
    })
}

#[cfg(test)]
mod tests {
    use crate::symbolic::{parse, Expr};

    #[test]
    fn spellings_and_arity() {
        assert_eq!(parse("max(a, b)").unwrap(), parse("Max(a, b)").unwrap());
        assert_eq!(
            parse("abs(x)").unwrap(),
            Expr::call("Abs", vec![Expr::sym("x")])
        );
        assert_eq!(parse("Ge(a, b)").unwrap(), parse("a >= b").unwrap());
        assert_eq!(
            parse("Not(And(a, Or(b, c)))").unwrap(),
            parse("not (a and (b or c))").unwrap()
        );
        assert_eq!(parse("foo(1, 2, 3)").unwrap().to_string(), "foo(1, 2, 3)");
        for bad in [
            "Mod(a)",
            "Abs(a, b)",
            "Eq(a)",
            "ceiling()",
            "Not(a, b)",
            "And()",
        ] {
            assert!(parse(bad).is_err(), "{bad}");
        }
    }
}
