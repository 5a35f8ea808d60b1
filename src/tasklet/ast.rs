//! Typed AST of tasklet code. Every node carries a [`Span`] into the original code string.

use std::fmt;

pub use crate::syntax::Span;

#[derive(Clone, Debug, PartialEq)]
pub enum Stmt {
    /// `target = value` (`op == None`) or `target op= value`.
    Assign {
        target: Target,
        op: Option<BinOp>,
        value: Expr,
        span: Span,
    },
    /// `if`/`elif` branches in order (at least one), then the `else` body (may be empty).
    If {
        branches: Vec<(Expr, Vec<Stmt>)>,
        orelse: Vec<Stmt>,
        span: Span,
    },
    Pass(Span),
}

/// Assignment target: a plain name or an indexed name (`A[i, j]`, `A[i][j]` flattened).
#[derive(Clone, Debug, PartialEq)]
pub enum Target {
    Name {
        name: String,
        span: Span,
    },
    Subscript {
        name: String,
        indices: Vec<Expr>,
        span: Span,
    },
}

#[derive(Clone, Debug, PartialEq)]
pub enum Expr {
    Int {
        value: i128,
        span: Span,
    },
    Float {
        value: f64,
        span: Span,
    },
    /// Imaginary literal `2.5j`: the value is `0 + imag*i`.
    Complex {
        imag: f64,
        span: Span,
    },
    Bool {
        value: bool,
        span: Span,
    },
    None {
        span: Span,
    },
    Name {
        id: String,
        span: Span,
    },
    Unary {
        op: UnaryOp,
        operand: Box<Expr>,
        span: Span,
    },
    Binary {
        op: BinOp,
        left: Box<Expr>,
        right: Box<Expr>,
        span: Span,
    },
    /// Chained comparison `a < b <= c`: `operands.len() == ops.len() + 1`.
    Compare {
        ops: Vec<CmpOp>,
        operands: Vec<Expr>,
        span: Span,
    },
    /// `a and b and c` (flattened like Python's `ast.BoolOp`), at least two values.
    BoolOp {
        op: BoolOp,
        values: Vec<Expr>,
        span: Span,
    },
    /// `body if test else orelse`.
    IfExp {
        test: Box<Expr>,
        body: Box<Expr>,
        orelse: Box<Expr>,
        span: Span,
    },
    /// Call of a (possibly dotted) function name as written, e.g. `"dace.float64"`.
    /// `span` starts at the function name.
    Call {
        func: String,
        args: Vec<Expr>,
        span: Span,
    },
    /// Indexing of a named array; chained subscripts `A[i][j]` are flattened to `[i, j]`.
    /// `span` starts at the array name.
    Subscript {
        value: String,
        indices: Vec<Expr>,
        span: Span,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnaryOp {
    Neg,
    Pos,
    Not,
    Invert,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
    /// C's `/` (C++ tasklets): truncating on integers, exact on floats.
    CDiv,
    FloorDiv,
    Mod,
    Pow,
    BitAnd,
    BitOr,
    BitXor,
    LShift,
    RShift,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CmpOp {
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
    Ne,
    Is,
    IsNot,
    In,
    NotIn,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BoolOp {
    And,
    Or,
}

impl UnaryOp {
    pub fn as_str(self) -> &'static str {
        match self {
            UnaryOp::Neg => "-",
            UnaryOp::Pos => "+",
            UnaryOp::Not => "not",
            UnaryOp::Invert => "~",
        }
    }
}

impl BinOp {
    pub fn as_str(self) -> &'static str {
        match self {
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Mul => "*",
            BinOp::Div | BinOp::CDiv => "/",
            BinOp::FloorDiv => "//",
            BinOp::Mod => "%",
            BinOp::Pow => "**",
            BinOp::BitAnd => "&",
            BinOp::BitOr => "|",
            BinOp::BitXor => "^",
            BinOp::LShift => "<<",
            BinOp::RShift => ">>",
        }
    }

    /// The operator of a binary operator token (`"+"`), or of the augmented form (`"+="`).
    pub fn from_token(tok: &str) -> Option<BinOp> {
        let op = tok.strip_suffix('=').unwrap_or(tok);
        Some(match op {
            "+" => BinOp::Add,
            "-" => BinOp::Sub,
            "*" => BinOp::Mul,
            "/" => BinOp::Div,
            "//" => BinOp::FloorDiv,
            "%" => BinOp::Mod,
            "**" => BinOp::Pow,
            "&" => BinOp::BitAnd,
            "|" => BinOp::BitOr,
            "^" => BinOp::BitXor,
            "<<" => BinOp::LShift,
            ">>" => BinOp::RShift,
            _ => return None,
        })
    }
}

impl CmpOp {
    pub fn as_str(self) -> &'static str {
        match self {
            CmpOp::Lt => "<",
            CmpOp::Le => "<=",
            CmpOp::Gt => ">",
            CmpOp::Ge => ">=",
            CmpOp::Eq => "==",
            CmpOp::Ne => "!=",
            CmpOp::Is => "is",
            CmpOp::IsNot => "is not",
            CmpOp::In => "in",
            CmpOp::NotIn => "not in",
        }
    }
}

impl BoolOp {
    pub fn as_str(self) -> &'static str {
        match self {
            BoolOp::And => "and",
            BoolOp::Or => "or",
        }
    }
}

impl Stmt {
    pub fn span(&self) -> Span {
        match self {
            Stmt::Assign { span, .. } | Stmt::If { span, .. } | Stmt::Pass(span) => *span,
        }
    }
}

impl Target {
    pub fn name(&self) -> &str {
        match self {
            Target::Name { name, .. } | Target::Subscript { name, .. } => name,
        }
    }

    pub fn span(&self) -> Span {
        match self {
            Target::Name { span, .. } | Target::Subscript { span, .. } => *span,
        }
    }
}

impl Expr {
    pub fn span(&self) -> Span {
        match self {
            Expr::Int { span, .. }
            | Expr::Float { span, .. }
            | Expr::Complex { span, .. }
            | Expr::Bool { span, .. }
            | Expr::None { span }
            | Expr::Name { span, .. }
            | Expr::Unary { span, .. }
            | Expr::Binary { span, .. }
            | Expr::Compare { span, .. }
            | Expr::BoolOp { span, .. }
            | Expr::IfExp { span, .. }
            | Expr::Call { span, .. }
            | Expr::Subscript { span, .. } => *span,
        }
    }
}

fn join(f: &mut fmt::Formatter<'_>, items: &[Expr], sep: &str) -> fmt::Result {
    for (i, e) in items.iter().enumerate() {
        if i > 0 {
            f.write_str(sep)?;
        }
        write!(f, "{e}")?;
    }
    Ok(())
}

/// Fully parenthesised Python source, so the tree structure is visible in messages and tests.
impl fmt::Display for Expr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Expr::Int { value, .. } => write!(f, "{value}"),
            Expr::Float { value, .. } => write!(f, "{value:?}"),
            Expr::Complex { imag, .. } => write!(f, "{imag:?}j"),
            Expr::Bool { value, .. } => f.write_str(if *value { "True" } else { "False" }),
            Expr::None { .. } => f.write_str("None"),
            Expr::Name { id, .. } => f.write_str(id),
            Expr::Unary {
                op: UnaryOp::Not,
                operand,
                ..
            } => write!(f, "(not {operand})"),
            Expr::Unary { op, operand, .. } => write!(f, "({}{operand})", op.as_str()),
            Expr::Binary {
                op, left, right, ..
            } => write!(f, "({left} {} {right})", op.as_str()),
            Expr::Compare { ops, operands, .. } => {
                f.write_str("(")?;
                for (i, e) in operands.iter().enumerate() {
                    if i > 0 {
                        write!(f, " {} ", ops.get(i - 1).map_or("?", |o| o.as_str()))?;
                    }
                    write!(f, "{e}")?;
                }
                f.write_str(")")
            }
            Expr::BoolOp { op, values, .. } => {
                f.write_str("(")?;
                join(f, values, &format!(" {} ", op.as_str()))?;
                f.write_str(")")
            }
            Expr::IfExp {
                test, body, orelse, ..
            } => write!(f, "({body} if {test} else {orelse})"),
            Expr::Call { func, args, .. } => {
                write!(f, "{func}(")?;
                join(f, args, ", ")?;
                f.write_str(")")
            }
            Expr::Subscript { value, indices, .. } => {
                write!(f, "{value}[")?;
                join(f, indices, ", ")?;
                f.write_str("]")
            }
        }
    }
}
