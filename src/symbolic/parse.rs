//! Recursive-descent parser for Python / SymPy `str()` expression syntax.
//!
//! The result is structural (not simplified): `a - b` becomes
//! `Add[a, Mul[-1, b]]`, `a / b` becomes `Mul[a, Pow(b, -1)]`. Chains of `+`,
//! `*`, `and`, `or` are flattened so that long sums do not make deep trees.

use super::builtins::build_call;
use super::expr::{CmpOp, Expr, F64};
use crate::syntax::{tokenize, LexError, Mode, Tok, Token};

/// Maximum nesting (parentheses, calls, unary operators, powers) accepted,
/// which bounds the recursion depth of every later pass. Unoptimised builds
/// use ~12 KiB of stack per parenthesis level, so this keeps parsing within
/// the 2 MiB of a spawned thread; DaCe's expressions nest far less.
pub const MAX_DEPTH: usize = 100;

/// A syntax error at byte `offset` of the input.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message} (at byte {offset})")]
pub struct ParseError {
    pub offset: usize,
    pub message: String,
}

impl ParseError {
    pub(crate) fn new(offset: usize, message: impl Into<String>) -> ParseError {
        ParseError {
            offset,
            message: message.into(),
        }
    }
}

impl From<LexError> for ParseError {
    fn from(e: LexError) -> Self {
        ParseError::new(e.span.start, e.message)
    }
}

/// Parses one expression.
pub fn parse(text: &str) -> Result<Expr, ParseError> {
    let mut p = Parser {
        toks: tokenize(text, Mode::Expr)?,
        pos: 0,
        depth: 0,
    };
    if p.peek() == &Tok::Eof {
        return Err(ParseError::new(0, "empty expression"));
    }
    let e = p.expr()?;
    match p.peek() {
        Tok::Eof => Ok(e),
        _ => Err(p.unexpected()),
    }
}

fn one_or(mut v: Vec<Expr>, wrap: impl FnOnce(Vec<Expr>) -> Expr) -> Expr {
    if v.len() == 1 {
        v.pop().unwrap_or(Expr::Int(0))
    } else {
        wrap(v)
    }
}

fn describe(t: &Tok) -> String {
    match t {
        Tok::Int(v) => format!("number `{v}`"),
        Tok::Float(f) => format!("number `{f:?}`"),
        Tok::Imag(f) => format!("number `{f:?}j`"),
        Tok::Name(s) => format!("`{s}`"),
        Tok::Op(o) => format!("`{o}`"),
        // Only `Mode::Block` makes line tokens.
        Tok::Newline | Tok::Indent | Tok::Dedent => "line break".to_string(),
        Tok::Eof => "end of input".to_string(),
    }
}

struct Parser {
    toks: Vec<Token>,
    pos: usize,
    depth: usize,
}

impl Parser {
    // `tokenize` always ends with `Eof` and `bump` never moves past it.
    fn peek(&self) -> &Tok {
        &self.toks[self.pos].tok
    }

    fn peek_at(&self, k: usize) -> &Tok {
        &self.toks[(self.pos + k).min(self.toks.len() - 1)].tok
    }

    fn offset(&self) -> usize {
        self.toks[self.pos].span.start
    }

    fn bump(&mut self) -> Tok {
        let t = self.toks[self.pos].tok.clone();
        if self.pos + 1 < self.toks.len() {
            self.pos += 1;
        }
        t
    }

    fn eat_op(&mut self, op: &str) -> bool {
        let hit = matches!(self.peek(), Tok::Op(o) if *o == op);
        if hit {
            self.bump();
        }
        hit
    }

    fn eat_kw(&mut self, kw: &str) -> bool {
        let hit = matches!(self.peek(), Tok::Name(s) if s == kw);
        if hit {
            self.bump();
        }
        hit
    }

    fn expect_op(&mut self, op: &str) -> Result<(), ParseError> {
        if self.eat_op(op) {
            Ok(())
        } else {
            Err(ParseError::new(
                self.offset(),
                format!("expected `{op}`, found {}", describe(self.peek())),
            ))
        }
    }

    fn unexpected(&self) -> ParseError {
        ParseError::new(
            self.offset(),
            format!("unexpected {}", describe(self.peek())),
        )
    }

    fn enter(&mut self) -> Result<(), ParseError> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(self.too_deep());
        }
        Ok(())
    }

    #[inline(never)]
    fn too_deep(&self) -> ParseError {
        ParseError::new(
            self.offset(),
            format!("expression nested deeper than {MAX_DEPTH} levels"),
        )
    }

    fn expr(&mut self) -> Result<Expr, ParseError> {
        self.enter()?;
        let e = self.or()?;
        self.depth -= 1;
        Ok(e)
    }

    fn or(&mut self) -> Result<Expr, ParseError> {
        let mut v = vec![self.and()?];
        while self.eat_kw("or") {
            v.push(self.and()?);
        }
        Ok(one_or(v, Expr::Or))
    }

    fn and(&mut self) -> Result<Expr, ParseError> {
        let mut v = vec![self.not()?];
        while self.eat_kw("and") {
            v.push(self.not()?);
        }
        Ok(one_or(v, Expr::And))
    }

    fn not(&mut self) -> Result<Expr, ParseError> {
        if !self.eat_kw("not") {
            return self.cmp();
        }
        self.enter()?;
        let x = self.not()?;
        self.depth -= 1;
        Ok(Expr::Not(Box::new(x)))
    }

    fn cmp_op(&mut self) -> Option<CmpOp> {
        let op = match self.peek() {
            Tok::Op("<") => CmpOp::Lt,
            Tok::Op("<=") => CmpOp::Le,
            Tok::Op(">") => CmpOp::Gt,
            Tok::Op(">=") => CmpOp::Ge,
            Tok::Op("==") => CmpOp::Eq,
            Tok::Op("!=") => CmpOp::Ne,
            _ => return None,
        };
        self.bump();
        Some(op)
    }

    /// Python chains `a < b < c` mean `a < b and b < c`.
    fn cmp(&mut self) -> Result<Expr, ParseError> {
        let mut lhs = self.bitwise(0)?;
        let mut parts = Vec::new();
        while let Some(op) = self.cmp_op() {
            let rhs = self.bitwise(0)?;
            parts.push(Expr::Cmp(op, Box::new(lhs), Box::new(rhs.clone())));
            lhs = rhs;
        }
        Ok(if parts.is_empty() {
            lhs
        } else {
            one_or(parts, Expr::And)
        })
    }

    /// `|`, `^`, `&` (loosest first) at `level` 0, 1, 2; each is associative,
    /// so a chain becomes one call.
    fn bitwise(&mut self, level: usize) -> Result<Expr, ParseError> {
        const LEVELS: [(&str, &str); 3] = [
            ("|", "bitwise_or"),
            ("^", "bitwise_xor"),
            ("&", "bitwise_and"),
        ];
        let Some(&(op, name)) = LEVELS.get(level) else {
            return self.shift();
        };
        let mut v = vec![self.bitwise(level + 1)?];
        while self.eat_op(op) {
            v.push(self.bitwise(level + 1)?);
        }
        Ok(one_or(v, |v| Expr::Call(name.to_string(), v)))
    }

    /// `<<`, `>>`, left-associative.
    fn shift(&mut self) -> Result<Expr, ParseError> {
        let mut lhs = self.sum()?;
        let mut nested = 0;
        loop {
            let name = match self.peek() {
                Tok::Op("<<") => "left_shift",
                Tok::Op(">>") => "right_shift",
                _ => return Ok(lhs),
            };
            self.bump();
            let rhs = self.sum()?;
            nested += 1;
            if self.depth + nested > MAX_DEPTH {
                return Err(self.too_deep());
            }
            lhs = Expr::Call(name.to_string(), vec![lhs, rhs]);
        }
    }

    fn sum(&mut self) -> Result<Expr, ParseError> {
        let mut terms = vec![self.term()?];
        loop {
            if self.eat_op("+") {
                terms.push(self.term()?);
            } else if self.eat_op("-") {
                terms.push(Expr::Mul(vec![Expr::Int(-1), self.term()?]));
            } else {
                return Ok(one_or(terms, Expr::Add));
            }
        }
    }

    fn term(&mut self) -> Result<Expr, ParseError> {
        let mut factors = vec![self.unary()?];
        let mut nested = 0;
        loop {
            if self.eat_op("*") {
                factors.push(self.unary()?);
            } else if self.eat_op("/") {
                factors.push(Expr::Pow(Box::new(self.unary()?), Box::new(Expr::Int(-1))));
            } else if matches!(self.peek(), Tok::Op("//") | Tok::Op("%")) {
                // Left-associative with `*`: `a * b // c` is `int_floor(a*b, c)`.
                let f = if self.bump() == Tok::Op("//") {
                    "int_floor"
                } else {
                    "Mod"
                };
                let rhs = self.unary()?;
                nested += 1;
                if self.depth + nested > MAX_DEPTH {
                    return Err(self.too_deep());
                }
                let lhs = one_or(std::mem::take(&mut factors), Expr::Mul);
                factors.push(Expr::Call(f.to_string(), vec![lhs, rhs]));
            } else {
                return Ok(one_or(factors, Expr::Mul));
            }
        }
    }

    fn unary(&mut self) -> Result<Expr, ParseError> {
        if self.eat_op("-") {
            // i64::MIN only exists as a negated literal.
            if self.peek() == &Tok::Int(1 << 63) && self.peek_at(1) != &Tok::Op("**") {
                self.bump();
                return Ok(Expr::Int(i64::MIN));
            }
            self.enter()?;
            let x = self.unary()?;
            self.depth -= 1;
            return Ok(match x {
                Expr::Int(v) if v.checked_neg().is_some() => Expr::Int(-v),
                Expr::Float(f) => Expr::Float(F64(-f.0)),
                other => Expr::Mul(vec![Expr::Int(-1), other]),
            });
        }
        if self.eat_op("~") {
            self.enter()?;
            let x = self.unary()?;
            self.depth -= 1;
            return Ok(Expr::Call("bitwise_invert".to_string(), vec![x]));
        }
        if self.eat_op("+") {
            self.enter()?;
            let x = self.unary()?;
            self.depth -= 1;
            return Ok(x);
        }
        self.power()
    }

    /// `**` is right-associative and binds tighter than a unary minus on its
    /// left (`-x**2` is `-(x**2)`) but accepts one on its right (`2**-1`).
    fn power(&mut self) -> Result<Expr, ParseError> {
        let base = self.primary()?;
        if !self.eat_op("**") {
            return Ok(base);
        }
        self.enter()?;
        let exp = self.unary()?;
        self.depth -= 1;
        Ok(Expr::Pow(Box::new(base), Box::new(exp)))
    }

    fn primary(&mut self) -> Result<Expr, ParseError> {
        let off = self.offset();
        match self.bump() {
            Tok::Int(v) => i64::try_from(v)
                .map(Expr::Int)
                .map_err(|_| ParseError::new(off, "integer literal is too large")),
            Tok::Float(f) if f.is_finite() => Ok(Expr::Float(F64(f))),
            Tok::Float(_) => Err(ParseError::new(off, "float literal is out of range")),
            Tok::Op("(") => {
                let e = self.expr()?;
                self.expect_op(")")?;
                Ok(e)
            }
            Tok::Name(name) => self.ident(name, off),
            other => Err(ParseError::new(
                off,
                format!("unexpected {}", describe(&other)),
            )),
        }
    }

    fn ident(&mut self, name: String, off: usize) -> Result<Expr, ParseError> {
        match name.as_str() {
            "True" => return Ok(Expr::Bool(true)),
            "False" => return Ok(Expr::Bool(false)),
            "and" | "or" | "not" => {
                return Err(ParseError::new(off, format!("unexpected keyword `{name}`")))
            }
            _ => {}
        }
        if self.eat_op("(") {
            let args = self.list(")")?;
            return build_call(name, args, off);
        }
        if self.peek() != &Tok::Op("[") {
            return Ok(Expr::Sym(name));
        }
        // `A[i][j]` indexes like `A[i, j]` (NumPy semantics).
        let mut indices = Vec::new();
        while self.eat_op("[") {
            let part = self.list("]")?;
            if part.is_empty() {
                return Err(ParseError::new(off, format!("empty index on `{name}`")));
            }
            indices.extend(part);
        }
        Ok(Expr::Index(name, indices))
    }

    /// Comma-separated expressions up to the closing `close`.
    fn list(&mut self, close: &str) -> Result<Vec<Expr>, ParseError> {
        let mut out = Vec::new();
        if self.eat_op(close) {
            return Ok(out);
        }
        loop {
            out.push(self.expr()?);
            if !self.eat_op(",") {
                self.expect_op(close)?;
                return Ok(out);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(s: &str) -> Expr {
        parse(s).unwrap_or_else(|e| panic!("{s:?}: {e}"))
    }

    #[test]
    fn parses_corpus_examples() {
        // Examples separated by "; ".
        let cases = [
            "N; i + 1; N - 1; 2*i + 1; (N - 2)**2; M*N; 2*ceiling(N/2); int_floor(N - 1, 2)",
            "int_ceil(a, b); Min(N, 32); Max(a, b); Mod(a, b); Abs(x); a // b; a % b",
            "(t < T); (not (n != 1)); t + 1; __tmp2; x[0]; A_row[i + 1]; (a > 0) and (b <= 3) or not c",
            "a == b; True; False; 2.0; 1e-05; A_row[i]; __map_117_b0; __i0; Eq(a, b)",
            "Ne(a, b); floor(x); sqrt(x); exp(-x); -x; 2**-1; A[i, j]; A[i][j]; f(); a < b < c",
            "math.sqrt(2)",
        ];
        for c in cases.iter().flat_map(|l| l.split("; ")) {
            ok(c);
        }
    }

    #[test]
    fn structure() {
        let (n, one) = (Expr::sym("N"), Expr::Int(1));
        assert_eq!(
            ok("N - 1"),
            Expr::Add(vec![n.clone(), Expr::Mul(vec![Expr::Int(-1), one.clone()])])
        );
        assert_eq!(ok("-x**2"), Expr::Mul(vec![Expr::Int(-1), ok("x**2")]));
        assert_eq!(
            ok("2**3**2"),
            Expr::Pow(Box::new(Expr::Int(2)), Box::new(ok("3**2")))
        );
        assert_eq!(
            ok("a // b"),
            Expr::call("int_floor", vec![Expr::sym("a"), Expr::sym("b")])
        );
        assert_eq!(
            ok("a * b % c"),
            Expr::call("Mod", vec![ok("a*b"), Expr::sym("c")])
        );
        assert_eq!(ok("Eq(a, b)"), ok("a == b"));
        assert_eq!(ok("A[i][j]"), ok("A[i, j]"));
        assert_eq!(ok("-9223372036854775808"), Expr::Int(i64::MIN));
        assert_eq!(ok("min(a, b)"), ok("Min(a, b)"));
        // Python's literal forms, from the shared tokenizer.
        assert_eq!(
            ok("0x10 + 1_000"),
            Expr::Add(vec![Expr::Int(16), Expr::Int(1000)])
        );
        assert_eq!(ok("a < b < c"), ok("(a < b) and (b < c)"));
        assert_eq!(
            ok("(a > 0) and (b <= 3) or not c"),
            ok("((a > 0) and (b <= 3)) or (not c)")
        );
    }

    #[test]
    fn errors() {
        for (s, off) in [
            ("", 0),
            ("a +", 3),
            ("(a", 2),
            ("a b", 2),
            ("Min()", 0),
            ("int_floor(a)", 0),
            ("x[]", 0),
        ] {
            let e = parse(s).unwrap_err();
            assert_eq!(e.offset, off, "{s:?}: {e}");
        }
        assert!(parse("9223372036854775808").is_err());
        assert_eq!(parse("2j").unwrap_err().message, "unexpected number `2.0j`");
        assert_eq!(
            parse("1e999").unwrap_err().message,
            "float literal is out of range"
        );
        assert!(parse("a and").is_err());
        assert!(parse("not").is_err());
        assert!(parse("1 + not 2").is_err());
    }
}
