//! A loop's init and update code, parsed once where it enters the model:
//! `lhs = rhs` statements separated by newlines or `;` (DaCe writes one,
//! `i = (i + 1)`), each side read by the symbolic engine.
//!
//! The text stays as written for the round trip; a side that is not a
//! symbolic expression keeps its parse error.

use super::CodeBlock;
use crate::symbolic::{self, Expr, ParseError};

/// The init or update code of a loop. Reads as its [`CodeBlock`]; there is
/// no way to change the text without parsing it.
#[derive(Clone, Debug, PartialEq)]
pub struct LoopStatements {
    code: CodeBlock,
    statements: Vec<Statement>,
}

impl LoopStatements {
    /// Parsed whatever the language; readers check the language first.
    pub fn new(code: CodeBlock) -> LoopStatements {
        let statements = code.code.split(['\n', ';']).map(str::trim).filter(|s| !s.is_empty()).map(Statement::new).collect();
        LoopStatements { code, statements }
    }

    pub fn python(text: impl Into<String>) -> LoopStatements {
        LoopStatements::new(CodeBlock::python(text))
    }

    pub fn code(&self) -> &CodeBlock {
        &self.code
    }

    pub fn is_python(&self) -> bool {
        self.code.language == "Python"
    }

    /// The non-empty statements, in order.
    pub fn statements(&self) -> &[Statement] {
        &self.statements
    }

    /// The name and the statement of the one plain assignment
    /// `name = value` the whole code is (nothing else, not even a trailing
    /// `;`).
    pub fn single(&self) -> Option<(&str, &Statement)> {
        match self.statements.as_slice() {
            [s] if !s.augmented() && s.text == self.code.code.trim() => Some((s.target()?, s)),
            _ => None,
        }
    }

    /// Changes the code through `f`; the new text is parsed again.
    pub fn edit<E>(&mut self, f: impl FnOnce(&mut CodeBlock) -> Result<(), E>) -> Result<(), E> {
        let mut code = self.code.clone();
        f(&mut code)?;
        if code != self.code {
            *self = LoopStatements::new(code);
        }
        Ok(())
    }
}

impl std::ops::Deref for LoopStatements {
    type Target = CodeBlock;

    fn deref(&self) -> &CodeBlock {
        &self.code
    }
}

/// One statement: an assignment (`lhs = rhs`, or augmented `lhs += rhs`)
/// or, where there is no assignment `=`, any other text.
#[derive(Clone, Debug, PartialEq)]
pub struct Statement {
    /// The statement, trimmed.
    pub text: String,
    assign: Option<Assign>,
    /// The right-hand side; the whole statement where it assigns nothing.
    value: Result<Expr, ParseError>,
}

#[derive(Clone, Debug, PartialEq)]
struct Assign {
    /// Left of the `=`, trimmed at the end (an augmenting operator included).
    lhs: String,
    rhs: String,
    target: Result<Expr, ParseError>,
}

impl Statement {
    fn new(text: &str) -> Statement {
        match split(text) {
            Some((lhs, rhs)) => {
                let (lhs, rhs) = (lhs.to_string(), rhs.trim().to_string());
                let target = symbolic::parse(target_of(&lhs));
                Statement { text: text.to_string(), value: symbolic::parse(&rhs), assign: Some(Assign { lhs, rhs, target }) }
            }
            None => Statement { text: text.to_string(), assign: None, value: symbolic::parse(text) },
        }
    }

    /// The text left of the assignment `=`, operator included (`i +`).
    pub fn lhs(&self) -> Option<&str> {
        self.assign.as_ref().map(|a| a.lhs.as_str())
    }

    /// What is assigned: the left-hand side without its operator.
    pub fn target(&self) -> Option<&str> {
        self.lhs().map(target_of)
    }

    /// `lhs += rhs` and friends, which also read the target.
    pub fn augmented(&self) -> bool {
        self.lhs().is_some_and(|l| target_of(l).len() != l.len())
    }

    /// The target (without its operator) as an expression.
    pub fn target_parsed(&self) -> Option<Result<&Expr, &ParseError>> {
        self.assign.as_ref().map(|a| a.target.as_ref())
    }

    /// The right-hand side, trimmed; the whole statement where it assigns
    /// nothing.
    pub fn value(&self) -> &str {
        self.assign.as_ref().map_or(&self.text, |a| &a.rhs)
    }

    /// [`Statement::value`] as an expression (unsimplified), or why it is
    /// not one.
    pub fn parsed(&self) -> Result<&Expr, &ParseError> {
        self.value.as_ref()
    }
}

/// `lhs = rhs` split at its assignment `=` (`==`, `<=`, `>=`, `!=`
/// compare): the left side trimmed at the end, the right side as is.
fn split(stmt: &str) -> Option<(&str, &str)> {
    let bytes = stmt.as_bytes();
    let at = (0..bytes.len()).find(|&i| {
        bytes[i] == b'='
            && bytes.get(i + 1) != Some(&b'=')
            && !(i > 0 && matches!(bytes[i - 1], b'=' | b'<' | b'>' | b'!'))
    })?;
    Some((stmt[..at].trim_end(), &stmt[at + 1..]))
}

fn target_of(lhs: &str) -> &str {
    lhs.trim_end_matches(['+', '-', '*', '/', '%', '&', '|', '^']).trim_end()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one(text: &str) -> Statement {
        let code = LoopStatements::python(text);
        let [s] = code.statements() else { panic!("one statement expected in {text:?}") };
        s.clone()
    }

    #[test]
    fn splits_assignments() {
        let s = one("i = i + 1");
        assert_eq!((s.target(), s.value(), s.augmented()), (Some("i"), "i + 1", false));
        assert_eq!(s.parsed().ok(), symbolic::parse("i + 1").ok().as_ref());
        let s = one("i //= 2");
        assert_eq!((s.lhs(), s.target(), s.value(), s.augmented()), (Some("i //"), Some("i"), "2", true));
        assert_eq!(s.target_parsed().and_then(Result::ok), Some(&Expr::sym("i")));
        for text in ["i == 2", "i <= 2", "i != 2"] {
            assert_eq!(one(text).lhs(), None, "{text}");
        }
        assert_eq!(one("x = a <= b").value(), "a <= b");
    }

    #[test]
    fn single_is_the_whole_code() {
        assert_eq!(LoopStatements::python("i = 0\n").single().map(|(name, s)| (name, s.value())), Some(("i", "0")));
        assert!(LoopStatements::python("i = 0;").single().is_none());
        assert!(LoopStatements::python("i += 1").single().is_none());
        let two = LoopStatements::python("a = 1; b = f(")
            .statements()
            .iter()
            .map(|s| (s.text.clone(), s.parsed().is_ok()))
            .collect::<Vec<_>>();
        assert_eq!(two, [("a = 1".to_string(), true), ("b = f(".to_string(), false)]);
    }
}
