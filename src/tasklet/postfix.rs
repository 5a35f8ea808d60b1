//! Postfix expressions and atoms: names, dotted calls, subscripts, literals, parentheses.

use super::ast::{Expr, Span};
use crate::syntax::Tok;
use super::parser::{is_keyword, unsupported_keyword, Parser};
use super::TaskletError;

/// Dotted constants that may be read without a call; anything else dotted must be called.
fn dotted_constant(path: &str) -> Option<f64> {
    let (module, name) = path.rsplit_once('.')?;
    if !matches!(module, "math" | "cmath" | "np" | "numpy" | "dace.math") {
        return None;
    }
    Some(match name {
        "pi" => std::f64::consts::PI,
        "e" => std::f64::consts::E,
        "tau" => std::f64::consts::TAU,
        "inf" => f64::INFINITY,
        "nan" => f64::NAN,
        _ => return None,
    })
}

/// CUDA's thread and block coordinates (`threadIdx.x`, `blockDim.y`, ...),
/// which tasklets in GPU kernels read as names.
pub fn is_gpu_index(path: &str) -> bool {
    path.split_once('.').is_some_and(|(base, axis)| {
        matches!(base, "threadIdx" | "blockIdx" | "blockDim" | "gridDim") && matches!(axis, "x" | "y" | "z")
    })
}

impl<'a> Parser<'a> {
    /// A name (with dotted path and call) or another atom, then subscripts.
    pub(super) fn postfix(&mut self) -> Result<Expr, TaskletError> {
        let start = self.span();
        let expr = if matches!(self.peek(), Tok::Name(n) if !is_keyword(n)) {
            self.name_or_call()?
        } else {
            self.atom()?
        };
        self.trailers(start, expr)
    }

    fn trailers(&mut self, start: Span, mut expr: Expr) -> Result<Expr, TaskletError> {
        loop {
            if self.is_op("[") {
                expr = self.index(start, expr)?;
            } else if self.is_op("(") {
                return Err(self.err(
                    self.span(),
                    "calls of anything but named functions (e.g. 'exp' or 'math.exp') are not supported in tasklets",
                ));
            } else if self.is_op(".") {
                return Err(self.err(self.span(), "attribute access is not supported in tasklets"));
            } else {
                return Ok(expr);
            }
        }
    }

    fn index(&mut self, start: Span, expr: Expr) -> Result<Expr, TaskletError> {
        let h = self.height;
        let (value, mut indices) = match expr {
            Expr::Name { id, .. } => (id, Vec::new()),
            Expr::Subscript { value, indices, .. } => (value, indices),
            _ => return Err(self.err(self.span(), "only named arrays can be indexed in tasklets")),
        };
        let h = h.max(self.subscript(&mut indices)? + 1);
        let span = start.to(self.last);
        self.set_height(h, span)?;
        Ok(Expr::Subscript {
            value,
            indices,
            span,
        })
    }

    fn name_or_call(&mut self) -> Result<Expr, TaskletError> {
        let start = self.span();
        let path = self.dotted()?;
        self.height = 1;
        if self.is_op("(") {
            self.call(start, path)
        } else {
            self.name_value(start, path)
        }
    }

    /// `NAME ('.' NAME)*`
    fn dotted(&mut self) -> Result<String, TaskletError> {
        let mut path = String::new();
        loop {
            match self.peek() {
                Tok::Name(n) if !is_keyword(n) => path.push_str(n),
                _ => return Err(self.unexpected("a name after '.'")),
            }
            self.bump();
            if !self.eat_op(".") {
                return Ok(path);
            }
            path.push('.');
        }
    }

    fn name_value(&self, start: Span, path: String) -> Result<Expr, TaskletError> {
        let span = start.to(self.last);
        if !path.contains('.') {
            return Ok(Expr::Name { id: path, span });
        }
        if is_gpu_index(&path) {
            return Ok(Expr::Name { id: path, span });
        }
        match dotted_constant(&path) {
            Some(value) => Ok(Expr::Float { value, span }),
            None => Err(self.err(
                span,
                format!("attribute access ('{path}') is not supported in tasklets; only dotted function names like 'math.exp' may be called"),
            )),
        }
    }

    fn call(&mut self, start: Span, func: String) -> Result<Expr, TaskletError> {
        let (args, h) = self.call_args()?;
        let span = start.to(self.last);
        self.set_height(h + 1, span)?;
        Ok(Expr::Call { func, args, span })
    }

    /// Returns the arguments and the greatest height among them.
    fn call_args(&mut self) -> Result<(Vec<Expr>, usize), TaskletError> {
        self.bump();
        let (mut args, mut h) = (Vec::new(), 0);
        while !self.eat_op(")") {
            args.push(self.expr()?);
            h = h.max(self.height);
            if !self.after_item(")")? {
                break;
            }
        }
        Ok((args, h))
    }

    /// After a call argument or index: rejects keyword arguments, slices and comprehensions,
    /// then consumes `,` (true) or the closing bracket (false).
    fn after_item(&mut self, close: &str) -> Result<bool, TaskletError> {
        if close == ")" && self.is_op("=") {
            return Err(self.err(
                self.span(),
                "keyword arguments are not supported in tasklets",
            ));
        }
        if close == "]" && self.is_op(":") {
            return Err(self.err(self.span(), "slices are not supported in tasklets"));
        }
        self.no_comprehension()?;
        if self.eat_op(",") {
            return Ok(true);
        }
        self.expect_op(close, &format!("',' or '{close}'"))?;
        Ok(false)
    }

    /// `'[' index (',' index)* [','] ']'`; a parenthesised tuple as the whole index is spliced
    /// (`A[(i, j)]` is `A[i, j]` in Python). Appends to `indices` to flatten `A[i][j]`.
    /// Returns the greatest height among the new indices.
    fn subscript(&mut self, indices: &mut Vec<Expr>) -> Result<usize, TaskletError> {
        let open = self.bump();
        let (mut count, mut h) = (0, 0);
        while !self.eat_op("]") {
            if self.is_op(":") {
                return Err(self.err(self.span(), "slices are not supported in tasklets"));
            }
            if count == 0 && self.paren_tuple_index() {
                h = h.max(self.tuple_index(indices)?);
            } else {
                indices.push(self.expr()?);
                h = h.max(self.height);
            }
            count += 1;
            if !self.after_item("]")? {
                break;
            }
        }
        if count == 0 {
            return Err(self.err(open, "empty subscript"));
        }
        Ok(h)
    }

    fn tuple_index(&mut self, indices: &mut Vec<Expr>) -> Result<usize, TaskletError> {
        self.bump();
        let mut h = 0;
        while !self.eat_op(")") {
            indices.push(self.expr()?);
            h = h.max(self.height);
            if !self.eat_op(",") {
                self.expect_op(")", "',' or ')'")?;
                break;
            }
        }
        Ok(h)
    }

    /// True if the current `(` opens a tuple (top-level comma) that is directly followed by
    /// `]`. The lexer guarantees brackets are balanced, so the scan always terminates.
    fn paren_tuple_index(&self) -> bool {
        if !self.is_op("(") {
            return false;
        }
        let (mut depth, mut comma) = (0usize, false);
        for (i, t) in self.toks[self.pos..].iter().enumerate() {
            match t.tok {
                Tok::Op("(" | "[" | "{") => depth += 1,
                Tok::Op(")" | "]" | "}") => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        let next = self.toks.get(self.pos + i + 1).map(|t| &t.tok);
                        return comma && matches!(next, Some(Tok::Op("]")));
                    }
                }
                Tok::Op(",") if depth == 1 => comma = true,
                _ => {}
            }
        }
        false
    }

    fn no_comprehension(&self) -> Result<(), TaskletError> {
        if self.is_kw("for") || self.is_kw("async") {
            return Err(self.err(
                self.span(),
                "comprehensions and generator expressions are not supported in tasklets",
            ));
        }
        Ok(())
    }

    fn atom(&mut self) -> Result<Expr, TaskletError> {
        if self.is_op("(") {
            return self.paren();
        }
        let expr = self.literal()?;
        self.bump();
        self.height = 1;
        Ok(expr)
    }

    fn literal(&self) -> Result<Expr, TaskletError> {
        let span = self.span();
        let msg = match self.peek() {
            Tok::Int(v) => return Ok(Expr::Int { value: *v, span }),
            Tok::Float(v) => return Ok(Expr::Float { value: *v, span }),
            Tok::Imag(v) => return Ok(Expr::Complex { imag: *v, span }),
            Tok::Name(n) => match n.as_str() {
                "True" => return Ok(Expr::Bool { value: true, span }),
                "False" => return Ok(Expr::Bool { value: false, span }),
                "None" => return Ok(Expr::None { span }),
                "not" => "'not' must be parenthesized here".to_string(),
                kw => match unsupported_keyword(kw) {
                    Some(msg) => msg,
                    None => return Err(self.unexpected("an expression")),
                },
            },
            Tok::Op("[") => "lists are not supported in tasklets".into(),
            Tok::Op("{") => "dicts and sets are not supported in tasklets".into(),
            Tok::Op("*") => "starred expressions are not supported in tasklets".into(),
            Tok::Op("**") => "'**' unpacking is not supported in tasklets".into(),
            Tok::Op("...") => "'...' (Ellipsis) is not supported in tasklets".into(),
            _ => return Err(self.unexpected("an expression")),
        };
        Err(self.err(span, msg))
    }

    fn paren(&mut self) -> Result<Expr, TaskletError> {
        self.bump();
        if self.is_op(")") {
            return Err(self.err(self.span(), "empty tuples are not supported in tasklets"));
        }
        let inner = self.expr()?;
        self.paren_close()?;
        Ok(inner)
    }

    fn paren_close(&mut self) -> Result<(), TaskletError> {
        if self.is_op(",") {
            return Err(self.err(
                self.span(),
                "tuples are not supported in tasklets (except as subscript indices)",
            ));
        }
        self.no_comprehension()?;
        self.expect_op(")", "')'")?;
        Ok(())
    }
}
