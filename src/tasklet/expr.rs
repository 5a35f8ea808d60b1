//! Expression parsing by precedence climbing, with Python's operator precedence:
//! `if-else` < `or` < `and` < `not` < comparisons < `|` < `^` < `&` < shifts < `+ -`
//! < `* / // %` < unary `- + ~` < `**` (right-assoc., binds its left operand tighter than
//! unary minus: `-a ** -b == -(a ** (-b))`) < calls and subscripts.

use super::ast::{BinOp, BoolOp, CmpOp, Expr, Span, UnaryOp};
use crate::syntax::Tok;
use super::parser::Parser;
use super::TaskletError;

/// Maximum parser recursion (parentheses, brackets, unary and `**` chains): bounds stack use.
const MAX_DEPTH: usize = 100;
/// Maximum height of an expression tree (`a+b+...` chains grow it without recursion), so
/// that recursive passes over the AST, including `Drop`, stay shallow.
const MAX_HEIGHT: usize = 200;

const OR: u8 = 1;
const AND: u8 = 2;
const NOT: u8 = 3;
const CMP: u8 = 4;
const UNARY: u8 = 11;

enum Infix {
    Bool(BoolOp),
    Cmp,
    Bin(BinOp),
}

// In unoptimised builds every local of a function gets its own stack slot, so functions on
// the recursive path only parse a child and hand the rest to a helper that builds the node.
// This keeps one nesting level to a few kilobytes of stack even in debug builds.

impl<'a> Parser<'a> {
    pub(super) fn enter(&mut self) -> Result<(), TaskletError> {
        if self.depth >= MAX_DEPTH {
            return Err(self.err(
                self.span(),
                format!("expression is nested too deeply (limit {MAX_DEPTH})"),
            ));
        }
        self.depth += 1;
        Ok(())
    }

    /// Records the height of the node just built, rejecting trees that are too tall.
    pub(super) fn set_height(&mut self, h: usize, span: Span) -> Result<(), TaskletError> {
        if h > MAX_HEIGHT {
            return Err(self.err(
                span,
                format!("expression is too complex (nesting deeper than {MAX_HEIGHT})"),
            ));
        }
        self.height = h;
        Ok(())
    }

    /// `disjunction ['if' disjunction 'else' expression]`
    pub(super) fn expr(&mut self) -> Result<Expr, TaskletError> {
        self.enter()?;
        let result = self.ifexp();
        self.depth -= 1;
        result
    }

    fn ifexp(&mut self) -> Result<Expr, TaskletError> {
        let start = self.span();
        let body = self.binary(OR)?;
        if self.is_kw("if") {
            self.ifexp_rest(start, body)
        } else {
            Ok(body)
        }
    }

    fn ifexp_rest(&mut self, start: Span, body: Expr) -> Result<Expr, TaskletError> {
        let mut h = self.height;
        self.bump();
        let test = self.binary(OR)?;
        h = h.max(self.height);
        if !self.is_kw("else") {
            return Err(self.unexpected("'else' in conditional expression"));
        }
        self.bump();
        let orelse = self.expr()?;
        let span = start.to(self.last);
        self.set_height(h.max(self.height) + 1, span)?;
        Ok(Expr::IfExp {
            test: Box::new(test),
            body: Box::new(body),
            orelse: Box::new(orelse),
            span,
        })
    }

    fn infix(&self) -> Option<(u8, Infix)> {
        let (prec, kind) = match self.peek() {
            Tok::Name(n) => match n.as_str() {
                "or" => (OR, Infix::Bool(BoolOp::Or)),
                "and" => (AND, Infix::Bool(BoolOp::And)),
                "in" | "is" => (CMP, Infix::Cmp),
                "not" if matches!(self.nth(1), Tok::Name(n) if n == "in") => (CMP, Infix::Cmp),
                _ => return None,
            },
            Tok::Op("<" | "<=" | ">" | ">=" | "==" | "!=") => (CMP, Infix::Cmp),
            Tok::Op(op) => {
                let op = BinOp::from_token(op).filter(|_| !op.ends_with('='))?;
                let prec = match op {
                    BinOp::BitOr => 5,
                    BinOp::BitXor => 6,
                    BinOp::BitAnd => 7,
                    BinOp::LShift | BinOp::RShift => 8,
                    BinOp::Add | BinOp::Sub => 9,
                    BinOp::Mul | BinOp::Div | BinOp::CDiv | BinOp::FloorDiv | BinOp::Mod => 10,
                    BinOp::Pow => return None,
                };
                (prec, Infix::Bin(op))
            }
            _ => return None,
        };
        Some((prec, kind))
    }

    /// Consumes a comparison operator (one or two tokens) if there is one.
    fn cmp_op(&mut self) -> Option<CmpOp> {
        let op = match self.peek() {
            Tok::Op("<") => CmpOp::Lt,
            Tok::Op("<=") => CmpOp::Le,
            Tok::Op(">") => CmpOp::Gt,
            Tok::Op(">=") => CmpOp::Ge,
            Tok::Op("==") => CmpOp::Eq,
            Tok::Op("!=") => CmpOp::Ne,
            Tok::Name(n) if n == "in" => CmpOp::In,
            Tok::Name(n) if n == "is" => {
                self.bump();
                if self.is_kw("not") {
                    self.bump();
                    return Some(CmpOp::IsNot);
                }
                return Some(CmpOp::Is);
            }
            Tok::Name(n) if n == "not" && matches!(self.nth(1), Tok::Name(m) if m == "in") => {
                self.bump();
                CmpOp::NotIn
            }
            _ => return None,
        };
        self.bump();
        Some(op)
    }

    /// The prefix operator at the current token, if one may start an operand of `min`.
    fn prefix(&self, min: u8) -> Option<(UnaryOp, u8)> {
        match self.peek() {
            Tok::Name(n) if n == "not" && min <= NOT => Some((UnaryOp::Not, NOT)),
            Tok::Op("-") if min <= UNARY => Some((UnaryOp::Neg, UNARY)),
            Tok::Op("+") if min <= UNARY => Some((UnaryOp::Pos, UNARY)),
            Tok::Op("~") if min <= UNARY => Some((UnaryOp::Invert, UNARY)),
            _ => None,
        }
    }

    /// Parses operators binding at least as tightly as `min`.
    fn binary(&mut self, min: u8) -> Result<Expr, TaskletError> {
        let start = self.span();
        let lhs = match self.prefix(min) {
            Some((op, prec)) => self.unary(op, prec, start)?,
            None => self.power()?,
        };
        self.binary_rest(min, start, lhs)
    }

    fn unary(&mut self, op: UnaryOp, prec: u8, start: Span) -> Result<Expr, TaskletError> {
        self.bump();
        self.enter()?;
        let operand = self.binary(prec);
        self.depth -= 1;
        let operand = operand?;
        let span = start.to(self.last);
        self.set_height(self.height + 1, span)?;
        Ok(Expr::Unary {
            op,
            operand: Box::new(operand),
            span,
        })
    }

    fn binary_rest(&mut self, min: u8, start: Span, mut lhs: Expr) -> Result<Expr, TaskletError> {
        let mut h = self.height;
        while let Some((prec, kind)) = self.infix() {
            if prec < min {
                break;
            }
            lhs = match kind {
                Infix::Bool(op) => self.bool_chain(op, prec, start, lhs, &mut h)?,
                Infix::Cmp => self.cmp_chain(start, lhs, &mut h)?,
                Infix::Bin(op) => self.bin_rhs(op, prec, start, lhs, &mut h)?,
            };
            h += 1;
            self.set_height(h, start)?;
        }
        self.height = h;
        Ok(lhs)
    }

    fn bool_chain(
        &mut self,
        op: BoolOp,
        prec: u8,
        start: Span,
        first: Expr,
        h: &mut usize,
    ) -> Result<Expr, TaskletError> {
        let mut values = vec![first];
        while matches!(self.infix(), Some((_, Infix::Bool(o))) if o == op) {
            self.bump();
            values.push(self.binary(prec + 1)?);
            *h = (*h).max(self.height);
        }
        Ok(Expr::BoolOp {
            op,
            values,
            span: start.to(self.last),
        })
    }

    fn cmp_chain(&mut self, start: Span, first: Expr, h: &mut usize) -> Result<Expr, TaskletError> {
        let (mut ops, mut operands) = (Vec::new(), vec![first]);
        while let Some(op) = self.cmp_op() {
            ops.push(op);
            operands.push(self.binary(CMP + 1)?);
            *h = (*h).max(self.height);
        }
        Ok(Expr::Compare {
            ops,
            operands,
            span: start.to(self.last),
        })
    }

    fn bin_rhs(
        &mut self,
        op: BinOp,
        prec: u8,
        start: Span,
        left: Expr,
        h: &mut usize,
    ) -> Result<Expr, TaskletError> {
        self.bump();
        let right = self.binary(prec + 1)?;
        *h = (*h).max(self.height);
        Ok(Expr::Binary {
            op,
            left: Box::new(left),
            right: Box::new(right),
            span: start.to(self.last),
        })
    }

    /// `postfix ['**' unary]`
    fn power(&mut self) -> Result<Expr, TaskletError> {
        let start = self.span();
        let base = self.postfix()?;
        if self.is_op("**") {
            self.power_rest(start, base)
        } else {
            Ok(base)
        }
    }

    fn power_rest(&mut self, start: Span, base: Expr) -> Result<Expr, TaskletError> {
        self.bump();
        let h = self.height;
        self.enter()?;
        let exponent = self.binary(UNARY);
        self.depth -= 1;
        let exponent = exponent?;
        let span = start.to(self.last);
        self.set_height(h.max(self.height) + 1, span)?;
        Ok(Expr::Binary {
            op: BinOp::Pow,
            left: Box::new(base),
            right: Box::new(exponent),
            span,
        })
    }
}
