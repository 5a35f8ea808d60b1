//! A memlet's write-conflict resolution: the lambda DaCe stores as text
//! (`(lambda a, b: (a + b))`), parsed once where a file or the IR is read.

use crate::tasklet::lambda::{parse_lambda, Lambda, LambdaError, Reduction};
use std::fmt;

/// A parsed write-conflict resolution with its kind and the text it was
/// read from (written back unchanged, so files round-trip exactly). DaCe
/// takes any Python lambda; one whose body is outside the tasklet language
/// (keyword arguments, attributes) is kept, as `Custom`, with the reason,
/// which code generation reports when it needs the body.
#[derive(Clone, Debug)]
pub struct Wcr {
    kind: Reduction,
    lambda: Result<Lambda, LambdaError>,
    text: String,
}

/// A text that is not a write-conflict resolution lambda.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("write-conflict resolution '{text}' {reason}")]
pub struct WcrError {
    pub text: String,
    pub reason: LambdaError,
}

impl Wcr {
    /// Fails when the text is not a two-argument lambda.
    pub fn parse(text: &str) -> Result<Wcr, WcrError> {
        let lambda = match parse_lambda(text) {
            Err(reason @ LambdaError::Shape(_)) => return Err(WcrError { text: text.to_string(), reason }),
            other => other,
        };
        let kind = lambda.as_ref().map_or(Reduction::Custom, Lambda::reduction);
        Ok(Wcr { kind, lambda, text: text.to_string() })
    }

    /// The sum DaCe writes for `+=` (`(lambda x, y: (x + y))`).
    pub fn sum() -> Wcr {
        Wcr::parse("(lambda x, y: (x + y))").expect("a well-formed lambda")
    }

    pub fn kind(&self) -> Reduction {
        self.kind
    }

    /// The parsed lambda; an error when its body is outside the tasklet
    /// language.
    pub fn lambda(&self) -> Result<&Lambda, WcrError> {
        self.lambda.as_ref().map_err(|reason| WcrError { text: self.text.clone(), reason: reason.clone() })
    }

    /// The text as read.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The identity of a sum or a product, as Python literal text.
    pub fn identity(&self) -> Option<&'static str> {
        self.kind.identity()
    }
}

/// The same text is the same lambda; differently spelled lambdas are kept
/// apart, as DaCe compares them.
impl PartialEq for Wcr {
    fn eq(&self, other: &Wcr) -> bool {
        self.text == other.text
    }
}

impl fmt::Display for Wcr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

#[cfg(test)]
mod tests {
    use super::Wcr;
    use crate::tasklet::lambda::Reduction;

    #[test]
    fn parsed_once_with_kind_and_text() {
        let w = Wcr::parse("(lambda a, b: max(b, a))").unwrap();
        assert_eq!((w.kind(), w.text(), w.lambda().unwrap().old.as_str()), (Reduction::Max, "(lambda a, b: max(b, a))", "a"));
        assert_eq!(Wcr::sum().kind(), Reduction::Sum);
        assert_eq!(Wcr::sum().identity(), Some("0"));
        let e = Wcr::parse("lambda a: a").unwrap_err();
        assert_eq!(e.to_string(), "write-conflict resolution 'lambda a: a' does not take two arguments");
        // DaCe's argmax: a lambda, though not one the tasklet language covers.
        let w = Wcr::parse("(lambda x, y: t(val=max(x.val, y.val), idx=y.idx))").unwrap();
        assert_eq!(w.kind(), Reduction::Custom);
        assert!(w.lambda().unwrap_err().to_string().contains("has a body that does not parse"));
    }
}
