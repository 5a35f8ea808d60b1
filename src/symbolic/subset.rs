//! Memlet subsets and map ranges in DaCe's text notation.
//!
//! Text form: dimensions separated by `,`; each is an index `i` or
//! `start:stop[:step[:tile]]` with a Python-style exclusive `stop`. Internally
//! the end is inclusive (`end = stop - 1`), as in DaCe's `Range`.

use super::expr::Expr;
use super::parse::{parse, ParseError};
use std::collections::BTreeSet;
use std::fmt;

/// One dimension: `start..=end` by `step`, each element a tile of `tile`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Dim {
    pub start: Expr,
    /// Inclusive.
    pub end: Expr,
    pub step: Expr,
    pub tile: Expr,
}

impl Dim {
    /// A dimension with all bounds simplified.
    pub fn new(start: Expr, end: Expr, step: Expr, tile: Expr) -> Dim {
        Dim {
            start: start.simplify(),
            end: end.simplify(),
            step: step.simplify(),
            tile: tile.simplify(),
        }
    }

    /// The single index `i` (`i:i+1`).
    pub fn index(i: Expr) -> Dim {
        let i = i.simplify();
        Dim {
            start: i.clone(),
            end: i,
            step: Expr::Int(1),
            tile: Expr::Int(1),
        }
    }

    /// `start..=end` with step and tile 1.
    pub fn range(start: Expr, end: Expr) -> Dim {
        Dim::new(start, end, Expr::Int(1), Expr::Int(1))
    }

    /// The exclusive stop, `end + 1`.
    pub fn stop(&self) -> Expr {
        self.end.add(&Expr::Int(1))
    }

    /// Whether this is a single index (prints without `:`).
    pub fn is_index(&self) -> bool {
        self.step.as_int() == Some(1)
            && self.tile.as_int() == Some(1)
            && self.start.is_symbolically_equal(&self.end)
    }

    /// `ceil((end - start + 1) / step) * tile`, simplified; a negative
    /// constant step counts down from `start` to `end`.
    pub fn num_elements(&self) -> Expr {
        let count = match self.step.simplify() {
            Expr::Int(1) => self.end.sub(&self.start).add(&Expr::Int(1)),
            Expr::Int(-1) => self.start.sub(&self.end).add(&Expr::Int(1)),
            Expr::Int(s) if s < 0 => Expr::call("int_ceil", vec![self.start.sub(&self.end).add(&Expr::Int(1)), Expr::Int(-s)]).simplify(),
            step => Expr::call("int_ceil", vec![self.end.sub(&self.start).add(&Expr::Int(1)), step]).simplify(),
        };
        count.mul(&self.tile)
    }

    fn free_symbols_into(&self, out: &mut BTreeSet<String>) {
        for e in [&self.start, &self.end, &self.step, &self.tile] {
            out.extend(e.free_symbols());
        }
    }
}

impl Dim {
    /// The dimension from the parts of its text form, `start[:stop[:step[:tile]]]`
    /// (stop exclusive); `None` for no part or more than four.
    pub fn from_parts(parts: Vec<Expr>) -> Option<Dim> {
        let mut it = parts.into_iter();
        match (it.next(), it.next(), it.next(), it.next(), it.next()) {
            (Some(i), None, ..) => Some(Dim::index(i)),
            (Some(start), Some(stop), step, tile, None) => {
                let one = || Expr::Int(1);
                let end = Expr::Add(vec![stop, Expr::Int(-1)]);
                Some(Dim::new(start, end, step.unwrap_or_else(one), tile.unwrap_or_else(one)))
            }
            _ => None,
        }
    }

    /// The parts of the text form: the start alone for one element, else
    /// start and exclusive stop, then the step and tile where not 1.
    pub fn parts(&self) -> Vec<Expr> {
        let (start, end) = (self.start.simplify(), self.end.simplify());
        let (step, tile) = (self.step.simplify(), self.tile.simplify());
        let (step1, tile1) = (step == Expr::Int(1), tile == Expr::Int(1));
        if start == end && step1 && tile1 {
            return vec![start];
        }
        let mut parts = vec![start, end.add(&Expr::Int(1))];
        if !step1 || !tile1 {
            parts.push(step);
        }
        if !tile1 {
            parts.push(tile);
        }
        parts
    }
}

impl fmt::Display for Dim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, part) in self.parts().iter().enumerate() {
            if i > 0 {
                f.write_str(":")?;
            }
            write!(f, "{part}")?;
        }
        Ok(())
    }
}

/// A data subset. Only rectangular ranges exist so far.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Subset {
    Range(Vec<Dim>),
}

/// A syntax error at byte `offset` of the subset text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message} (at byte {offset})")]
pub struct SubsetParseError {
    pub offset: usize,
    pub message: String,
}

impl SubsetParseError {
    fn at(base: usize, e: ParseError) -> SubsetParseError {
        SubsetParseError {
            offset: base + e.offset,
            message: e.message,
        }
    }
}

/// Splits at `sep` outside parentheses and brackets: `(offset, piece)` pairs.
fn split_top(text: &str, sep: u8) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let (mut depth, mut start) = (0i64, 0);
    for (i, &c) in text.as_bytes().iter().enumerate() {
        match c {
            b'(' | b'[' => depth += 1,
            b')' | b']' => depth -= 1,
            _ if c == sep && depth == 0 => {
                out.push((start, &text[start..i]));
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push((start, &text[start..]));
    out
}

impl Subset {
    /// Parses the text form; the empty string is the 0-dimensional subset.
    pub fn parse(text: &str) -> Result<Subset, SubsetParseError> {
        if text.trim().is_empty() {
            return Ok(Subset::Range(Vec::new()));
        }
        let mut dims = Vec::new();
        for (dim_off, dim_text) in split_top(text, b',') {
            let mut parts = Vec::new();
            for (off, part) in split_top(dim_text, b':') {
                let base = dim_off + off;
                if part.trim().is_empty() {
                    return Err(SubsetParseError {
                        offset: base,
                        message: "empty bound".into(),
                    });
                }
                parts.push(parse(part).map_err(|e| SubsetParseError::at(base, e))?);
            }
            let Some(dim) = Dim::from_parts(parts) else {
                let message = "a dimension has at most 4 parts (start:stop:step:tile)".into();
                return Err(SubsetParseError { offset: dim_off, message });
            };
            dims.push(dim);
        }
        Ok(Subset::Range(dims))
    }

    pub fn dims(&self) -> &[Dim] {
        match self {
            Subset::Range(d) => d,
        }
    }

    /// Product of the element counts of all dimensions (1 for no dimensions).
    pub fn num_elements(&self) -> Expr {
        self.dims()
            .iter()
            .fold(Expr::Int(1), |acc, d| acc.mul(&d.num_elements()))
    }

    pub fn free_symbols(&self) -> BTreeSet<String> {
        let mut out = BTreeSet::new();
        self.dims()
            .iter()
            .for_each(|d| d.free_symbols_into(&mut out));
        out
    }
}

impl std::str::FromStr for Subset {
    type Err = SubsetParseError;
    fn from_str(s: &str) -> Result<Subset, SubsetParseError> {
        Subset::parse(s)
    }
}

impl fmt::Display for Subset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, d) in self.dims().iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rt(text: &str) -> String {
        let s = Subset::parse(text).unwrap_or_else(|e| panic!("{text:?}: {e}"));
        let printed = s.to_string();
        let again = Subset::parse(&printed).unwrap();
        assert_eq!(again, s, "{text:?}");
        assert_eq!(again.to_string(), printed, "{text:?}");
        printed
    }

    #[test]
    fn round_trips() {
        let cases = [
            ("0:N", "0:N"),
            ("i", "i"),
            ("i + 1", "i + 1"),
            ("0:N, j", "0:N, j"),
            ("1:N - 1", "1:N - 1"),
            ("1:N - 1, 0:M:2", "1:N - 1, 0:M:2"),
            ("0:N:2", "0:N:2"),
            ("0:N:1:4", "0:N:1:4"),
            ("A_row[i]:A_row[i + 1]", "A_row[i]:A_row[i + 1]"),
            ("0:int_floor(N, 2)", "0:int_floor(N, 2)"),
            ("0:Min(N, 32), A[i, j]", "0:Min(32, N), A[i, j]"),
            ("i:i + 1", "i"),
            ("0:__map_117_e1", "0:__map_117_e1"),
            ("", ""),
            ("  0 : N ,i", "0:N, i"),
        ];
        for (input, want) in cases {
            assert_eq!(rt(input), want);
        }
    }

    #[test]
    fn bounds() {
        let s = Subset::parse("0:N, A_row[i]:A_row[i + 1]").unwrap();
        assert_eq!(s.dims()[0].end.to_string(), "N - 1");
        assert_eq!(s.dims()[1].end.to_string(), "A_row[i + 1] - 1");
        let d = Dim::range(Expr::Int(0), parse("__map_117_e1 - 1").unwrap());
        assert_eq!(Subset::Range(vec![d]).to_string(), "0:__map_117_e1");
        let syms: Vec<_> = s.free_symbols().into_iter().collect();
        assert_eq!(syms, ["A_row", "N", "i"]);
    }

    #[test]
    fn num_elements() {
        let n = |t: &str| Subset::parse(t).unwrap().num_elements().to_string();
        assert_eq!(n("0:N"), "N");
        assert_eq!(n("0:N:2"), "int_ceil(N, 2)");
        assert_eq!(n("0:10:3"), "4");
        // Counting down, end inclusive: 9, 8, ..., 0 and 9, 7, ..., 1.
        assert_eq!(Dim::new(Expr::int(9), Expr::int(0), Expr::int(-1), Expr::int(1)).num_elements().to_string(), "10");
        assert_eq!(Dim::new(Expr::int(9), Expr::int(0), Expr::int(-2), Expr::int(1)).num_elements().to_string(), "5");
        assert_eq!(n("0:N, 1:M - 1"), "M*N - 2*N");
        assert_eq!(n("i, j"), "1");
        assert_eq!(n("0:N:1:4"), "4*N");
        assert_eq!(n(""), "1");
        assert_eq!(n("A_row[i]:A_row[i + 1]"), "A_row[i + 1] - A_row[i]");
    }

    #[test]
    fn errors() {
        let e = |t: &str| Subset::parse(t).unwrap_err().offset;
        assert_eq!(e("0:N, "), 4);
        assert_eq!(e("0:N, 1:"), 7);
        assert_eq!(e("0:N, 1:2:3:4:5"), 4);
        assert_eq!(e("0:N, 1:$"), 7);
        assert!(Subset::parse("A[i:j]").is_err());
        assert!(Subset::parse("(0:N").is_err());
        assert!(Subset::parse("0:N)").is_err());
    }
}
