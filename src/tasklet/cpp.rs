//! C++ tasklet code as tasklet statements, for targets that cannot call a
//! compiled C++ function (GPU kernels). The subset DaCe's C++ tasklets
//! use: assignments (plain, compound, `++`/`--`, declarations with an
//! initializer), `if`/`else` and blocks, and expressions with C's
//! operators and precedence, casts, calls of math functions (`std::`,
//! `dace::math::` prefixes dropped) and subscripts:
//!
//! ```text
//! b = (a > 0.5) ? a * a : -a;        =>   b = (a * a) if (a > 0.5) else (-a)
//! ```
//!
//! `/` is C's: truncating on integers, exact on floats ([`BinOp::CDiv`]).

use super::ast::{BinOp, BoolOp, CmpOp, Expr, Span, Stmt, Target, UnaryOp};
use super::TaskletError;
use crate::syntax::{tokenize, Mode, Tok, Token};

/// Type words of declarations and casts, and the dtype a cast to them
/// converts to (`None`: a qualifier).
const TYPES: &[(&str, Option<&str>)] = &[
    ("const", None),
    ("auto", None),
    ("unsigned", Some("uint32")),
    ("signed", Some("int32")),
    ("double", Some("float64")),
    ("float", Some("float32")),
    ("int", Some("int32")),
    ("long", Some("int64")),
    ("short", Some("int16")),
    ("char", Some("int8")),
    ("bool", Some("bool")),
    ("size_t", Some("uint64")),
    ("int8_t", Some("int8")),
    ("int16_t", Some("int16")),
    ("int32_t", Some("int32")),
    ("int64_t", Some("int64")),
    ("uint8_t", Some("uint8")),
    ("uint16_t", Some("uint16")),
    ("uint32_t", Some("uint32")),
    ("uint64_t", Some("uint64")),
];

/// Parses C++ tasklet code into statements.
pub fn parse_cpp(code: &str) -> Result<Vec<Stmt>, TaskletError> {
    let toks = tokenize(code, Mode::Cpp)?;
    let mut p = CppParser { toks, pos: 0, depth: 0 };
    let mut out = Vec::new();
    while !p.at_eof() {
        p.statement(&mut out)?;
    }
    Ok(out)
}

struct CppParser {
    toks: Vec<Token>,
    pos: usize,
    depth: usize,
}

/// How deep expressions and blocks may nest.
const MAX_DEPTH: usize = 200;

fn type_word(t: &Tok) -> Option<Option<&'static str>> {
    match t {
        Tok::Name(n) => TYPES.iter().find(|(w, _)| w == n).map(|(_, d)| *d),
        _ => None,
    }
}

impl CppParser {
    fn peek(&self) -> &Tok {
        &self.toks[self.pos.min(self.toks.len() - 1)].tok
    }

    fn peek_at(&self, n: usize) -> &Tok {
        &self.toks[(self.pos + n).min(self.toks.len() - 1)].tok
    }

    fn span(&self) -> Span {
        self.toks[self.pos.min(self.toks.len() - 1)].span
    }

    fn at_eof(&self) -> bool {
        *self.peek() == Tok::Eof
    }

    fn is_op(&self, op: &str) -> bool {
        matches!(self.peek(), Tok::Op(o) if *o == op)
    }

    fn eat(&mut self, op: &str) -> bool {
        if self.is_op(op) {
            self.pos += 1;
            return true;
        }
        false
    }

    fn expect(&mut self, op: &str) -> Result<(), TaskletError> {
        if self.eat(op) {
            return Ok(());
        }
        Err(TaskletError::at(self.span(), format!("expected '{op}' in C++ tasklet code")))
    }

    fn deeper(&mut self) -> Result<(), TaskletError> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(TaskletError::at(self.span(), "C++ tasklet code nests too deeply"));
        }
        Ok(())
    }

    fn statement(&mut self, out: &mut Vec<Stmt>) -> Result<(), TaskletError> {
        self.deeper()?;
        let r = self.statement_inner(out);
        self.depth -= 1;
        r
    }

    fn statement_inner(&mut self, out: &mut Vec<Stmt>) -> Result<(), TaskletError> {
        let span = self.span();
        if self.eat(";") {
            return Ok(());
        }
        if self.eat("{") {
            while !self.eat("}") {
                if self.at_eof() {
                    return Err(TaskletError::at(span, "'{' was never closed in C++ tasklet code"));
                }
                self.statement(out)?;
            }
            return Ok(());
        }
        if *self.peek() == Tok::Name("if".into()) {
            self.pos += 1;
            self.expect("(")?;
            let test = self.expr()?;
            self.expect(")")?;
            let mut body = Vec::new();
            self.statement(&mut body)?;
            let mut orelse = Vec::new();
            if *self.peek() == Tok::Name("else".into()) {
                self.pos += 1;
                self.statement(&mut orelse)?;
            }
            out.push(Stmt::If { branches: vec![(test, body)], orelse, span });
            return Ok(());
        }
        if let Tok::Name(kw) = self.peek() {
            if ["while", "for", "do", "switch", "return", "goto", "break", "continue"].contains(&kw.as_str()) {
                return Err(TaskletError::at(span, format!("'{kw}' is not supported in C++ tasklet code on this target")));
            }
        }
        // A declaration: type words, then the name.
        let mut typed = false;
        while type_word(self.peek()).is_some() && matches!(self.peek_at(1), Tok::Name(_)) {
            self.pos += 1;
            typed = true;
        }
        let target = self.target()?;
        let stmt = if typed && self.is_op(";") {
            // Declared without a value: nothing to do until assigned.
            None
        } else if self.eat("++") || self.eat("--") {
            let op = if matches!(self.toks[self.pos - 1].tok, Tok::Op("++")) { BinOp::Add } else { BinOp::Sub };
            Some(Stmt::Assign { target, op: Some(op), value: Expr::Int { value: 1, span }, span })
        } else {
            let op = match self.peek().clone() {
                Tok::Op("=") => None,
                Tok::Op(o) if o.ends_with('=') && o != "==" => {
                    Some(BinOp::from_token(o).map(c_division).ok_or_else(|| TaskletError::at(self.span(), format!("'{o}' is not an assignment")))?)
                }
                _ => return Err(TaskletError::at(self.span(), "expected an assignment in C++ tasklet code")),
            };
            self.pos += 1;
            let value = self.expr()?;
            Some(Stmt::Assign { target, op, value, span })
        };
        self.expect(";")?;
        out.extend(stmt);
        Ok(())
    }

    fn target(&mut self) -> Result<Target, TaskletError> {
        let span = self.span();
        let Tok::Name(name) = self.peek().clone() else {
            return Err(TaskletError::at(span, "expected a name in C++ tasklet code"));
        };
        self.pos += 1;
        let indices = self.subscripts()?;
        Ok(if indices.is_empty() { Target::Name { name, span } } else { Target::Subscript { name, indices, span } })
    }

    /// `[i][j]` or `[i, j]` after a name.
    fn subscripts(&mut self) -> Result<Vec<Expr>, TaskletError> {
        let mut indices = Vec::new();
        while self.eat("[") {
            indices.push(self.expr()?);
            while self.eat(",") {
                indices.push(self.expr()?);
            }
            self.expect("]")?;
        }
        Ok(indices)
    }

    fn expr(&mut self) -> Result<Expr, TaskletError> {
        self.deeper()?;
        let r = self.conditional();
        self.depth -= 1;
        r
    }

    fn conditional(&mut self) -> Result<Expr, TaskletError> {
        let span = self.span();
        let test = self.binary(0)?;
        if !self.eat("?") {
            return Ok(test);
        }
        let body = self.expr()?;
        self.expect(":")?;
        let orelse = self.expr()?;
        Ok(Expr::IfExp { test: Box::new(test), body: Box::new(body), orelse: Box::new(orelse), span })
    }

    /// Binary operators by C's precedence, lowest first.
    fn binary(&mut self, level: usize) -> Result<Expr, TaskletError> {
        const LEVELS: &[&[&str]] =
            &[&["||"], &["&&"], &["|"], &["^"], &["&"], &["==", "!="], &["<", "<=", ">", ">="], &["<<", ">>"], &["+", "-"], &["*", "/", "%"]];
        if level == LEVELS.len() {
            return self.unary();
        }
        let span = self.span();
        let mut left = self.binary(level + 1)?;
        loop {
            let Tok::Op(op) = self.peek().clone() else { break };
            if !LEVELS[level].contains(&op) {
                break;
            }
            self.pos += 1;
            self.deeper()?;
            let right = self.binary(level + 1);
            self.depth -= 1;
            let right = right?;
            left = match op {
                "||" | "&&" => {
                    let op = if op == "||" { BoolOp::Or } else { BoolOp::And };
                    Expr::BoolOp { op, values: vec![left, right], span }
                }
                "==" | "!=" | "<" | "<=" | ">" | ">=" => {
                    let op = match op {
                        "==" => CmpOp::Eq,
                        "!=" => CmpOp::Ne,
                        "<" => CmpOp::Lt,
                        "<=" => CmpOp::Le,
                        ">" => CmpOp::Gt,
                        _ => CmpOp::Ge,
                    };
                    Expr::Compare { ops: vec![op], operands: vec![left, right], span }
                }
                _ => {
                    let op = BinOp::from_token(op).map(c_division).expect("a binary operator of the table");
                    Expr::Binary { op, left: Box::new(left), right: Box::new(right), span }
                }
            };
        }
        Ok(left)
    }

    fn unary(&mut self) -> Result<Expr, TaskletError> {
        let span = self.span();
        let op = match self.peek() {
            Tok::Op("-") => Some(UnaryOp::Neg),
            Tok::Op("+") => Some(UnaryOp::Pos),
            Tok::Op("!") => Some(UnaryOp::Not),
            Tok::Op("~") => Some(UnaryOp::Invert),
            _ => None,
        };
        if let Some(op) = op {
            self.pos += 1;
            self.deeper()?;
            let operand = self.unary();
            self.depth -= 1;
            return Ok(Expr::Unary { op, operand: Box::new(operand?), span });
        }
        // A cast: `(type) operand`.
        if self.is_op("(") && type_word(self.peek_at(1)).is_some() {
            self.pos += 1;
            let mut dtype = None;
            while let Some(word) = type_word(self.peek()) {
                dtype = word.or(dtype);
                self.pos += 1;
            }
            self.expect(")")?;
            let operand = self.unary()?;
            let Some(dtype) = dtype else { return Ok(operand) };
            return Ok(Expr::Call { func: dtype.to_string(), args: vec![operand], span });
        }
        self.primary()
    }

    fn primary(&mut self) -> Result<Expr, TaskletError> {
        let span = self.span();
        let tok = self.peek().clone();
        self.pos += 1;
        match tok {
            Tok::Int(value) => Ok(Expr::Int { value, span }),
            Tok::Float(value) => Ok(Expr::Float { value, span }),
            Tok::Op("(") => {
                let e = self.expr()?;
                self.expect(")")?;
                Ok(e)
            }
            Tok::Name(n) if n == "true" || n == "false" => Ok(Expr::Bool { value: n == "true", span }),
            Tok::Name(mut name) => {
                while self.is_op("::") && matches!(self.peek_at(1), Tok::Name(_)) {
                    let Tok::Name(part) = self.peek_at(1).clone() else { unreachable!() };
                    name = format!("{name}::{part}");
                    self.pos += 2;
                }
                if name.trim_start_matches("dace::") == "warpReduce" && self.is_op("<") {
                    return self.warp_reduce(span);
                }
                if super::is_gpu_index(&format!("{name}.x")) && self.eat(".") {
                    let Tok::Name(axis) = self.peek().clone() else {
                        return Err(TaskletError::at(self.span(), format!("expected x, y or z after '{name}.'")));
                    };
                    self.pos += 1;
                    let id = format!("{name}.{axis}");
                    if !super::is_gpu_index(&id) {
                        return Err(TaskletError::at(span, format!("'{id}' is not a GPU coordinate (x, y or z)")));
                    }
                    return Ok(Expr::Name { id, span });
                }
                if self.eat("(") {
                    let mut args = Vec::new();
                    if !self.eat(")") {
                        args.push(self.expr()?);
                        while self.eat(",") {
                            args.push(self.expr()?);
                        }
                        self.expect(")")?;
                    }
                    return Ok(Expr::Call { func: function_name(&name), args, span });
                }
                if name.contains("::") {
                    return Err(TaskletError::at(span, format!("'{name}' is not supported in C++ tasklet code on this target")));
                }
                let indices = self.subscripts()?;
                Ok(if indices.is_empty() { Expr::Name { id: name, span } } else { Expr::Subscript { value: name, indices, span } })
            }
            _ => Err(TaskletError::at(span, "expected an expression in C++ tasklet code")),
        }
    }
}

impl CppParser {
    /// `dace::warpReduce<dace::ReductionType::KIND, T>::reduce(value)`,
    /// DaCe's reduction over the 32 threads of a warp, after its name: the
    /// call [`WARP_REDUCE`]`KIND` (the element type is the value's).
    fn warp_reduce(&mut self, span: Span) -> Result<Expr, TaskletError> {
        self.expect("<")?;
        // The reduction is the last name before the ',' (the type follows).
        let mut kind = None;
        while !self.is_op(",") && !self.is_op(">") && !self.at_eof() {
            if let Tok::Name(word) = self.peek() {
                kind = Some(word.clone());
            }
            self.pos += 1;
        }
        while !self.eat(">") {
            if self.at_eof() {
                return Err(TaskletError::at(span, "'<' of warpReduce was never closed"));
            }
            self.pos += 1;
        }
        let kind = kind.ok_or_else(|| TaskletError::at(span, "warpReduce without a reduction type"))?;
        kind.parse::<super::reduction::Reduction>().map_err(|e| TaskletError::at(span, e.to_string()))?;
        self.expect("::")?;
        if *self.peek() != Tok::Name("reduce".into()) {
            return Err(TaskletError::at(self.span(), "expected 'reduce' after warpReduce<...>::"));
        }
        self.pos += 1;
        self.expect("(")?;
        let value = self.expr()?;
        self.expect(")")?;
        Ok(Expr::Call { func: format!("{WARP_REDUCE}{kind}"), args: vec![value], span })
    }
}

/// The call a warp reduction becomes, before its kind (`warpReduce.Sum`).
pub const WARP_REDUCE: &str = "warpReduce.";

/// C's `/` (and `/=`).
fn c_division(op: BinOp) -> BinOp {
    if op == BinOp::Div {
        BinOp::CDiv
    } else {
        op
    }
}

/// The tasklet function a C++ call names (`std::sqrt` is `sqrt`).
fn function_name(name: &str) -> String {
    let bare = name.trim_start_matches("std::").trim_start_matches("dace::math::").trim_start_matches("dace::");
    match bare {
        "fmin" => "min".into(),
        "fmax" => "max".into(),
        "fabsf" | "fabs" => "fabs".into(),
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn show(code: &str) -> String {
        parse_cpp(code).unwrap().iter().map(|s| format!("{s:?}")).collect::<Vec<_>>().join("\n")
    }

    #[test]
    fn ternaries_casts_and_calls() {
        let s = show("b = (a > 0.5f) ? a * a : -a; // square\n c += (double) std::sqrt(x) / 2;");
        assert!(s.contains("IfExp"), "{s}");
        assert!(s.contains("Call { func: \"float64\""), "{s}");
        assert!(s.contains("Call { func: \"sqrt\""), "{s}");
        assert!(s.contains("op: CDiv"), "{s}");
        assert!(s.contains("op: Some(Add)"), "{s}");
    }

    #[test]
    fn declarations_blocks_and_conditions() {
        let stmts = parse_cpp("/* scale */ const double t = x * 2; if (t > 1 && !flag) { y = t; } else y = 0; i++;").unwrap();
        assert_eq!(stmts.len(), 3);
        assert!(matches!(&stmts[1], Stmt::If { orelse, .. } if orelse.len() == 1));
    }

    #[test]
    fn warp_reductions_and_thread_coordinates() {
        let s = show("__out = dace::warpReduce<dace::ReductionType::Max, float>::reduce(__a);");
        assert!(s.contains("Call { func: \"warpReduce.Max\", args: [Name { id: \"__a\""), "{s}");
        let s = show("if (threadIdx.x == 0) { o = blockIdx.y + blockDim.z; }");
        for name in ["threadIdx.x", "blockIdx.y", "blockDim.z"] {
            assert!(s.contains(&format!("id: \"{name}\"")), "{s}");
        }
        let e = parse_cpp("o = dace::warpReduce<dace::ReductionType::Median, float>::reduce(a);").unwrap_err();
        assert!(e.message.contains("Median"), "{}", e.message);
        assert!(parse_cpp("o = threadIdx.w;").is_err());
        assert!(parse_cpp("o = dace::warpReduce<dace::ReductionType::Sum, float>::gather(a);").is_err());
    }

    #[test]
    fn bad_code_is_an_error_at_its_place() {
        let e = parse_cpp("b = a +;").unwrap_err();
        assert_eq!((e.line, e.col), (1, 8));
        assert!(parse_cpp("b = (a > 0 ? 1 : 2;").is_err());
        assert!(parse_cpp("while (x) { }").is_err());
    }
}
