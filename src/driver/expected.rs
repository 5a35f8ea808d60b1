//! `--verify-diagnostics`: match `// expected-error@+N {{text}}` annotations
//! against the diagnostics an input produced.

use crate::{diag::Diagnostic, model::Loc};

/// One annotation: the line (1-based, in its chunk) it expects a diagnostic
/// on and the text that diagnostic's message must contain.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expectation {
    pub line: usize,
    pub text: String,
    /// Line of the annotation itself, for reporting.
    pub at: usize,
}

/// Reads `expected-error`, `expected-error@+1`, `expected-error@-2` and
/// `expected-error@above`/`@below` annotations.
pub fn parse_expectations(text: &str) -> Result<Vec<Expectation>, (usize, String)> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let at = i + 1;
        let Some(pos) = line.find("expected-error") else { continue };
        let rest = &line[pos + "expected-error".len()..];
        let (offset, rest) = match rest.strip_prefix('@') {
            Some(r) => {
                let end = r.find(|c: char| c.is_whitespace() || c == '{').unwrap_or(r.len());
                let spec = &r[..end];
                let delta: i64 = match spec {
                    "above" => -1,
                    "below" => 1,
                    _ => spec.parse().map_err(|_| (at, format!("bad line offset '@{spec}'")))?,
                };
                (delta, &r[end..])
            }
            None => (0, rest),
        };
        let open = rest.find("{{").ok_or((at, "expected '{{' after expected-error".to_string()))?;
        let close = rest[open..].find("}}").ok_or((at, "missing '}}' in expected-error".to_string()))?;
        let target = at as i64 + offset;
        if target < 1 {
            return Err((at, "expected-error points before the first line".to_string()));
        }
        out.push(Expectation { line: target as usize, text: rest[open + 2..open + close].to_string(), at });
    }
    Ok(out)
}

/// Compares diagnostics with the annotations in `text`; returns the
/// mismatches as diagnostics (empty = all matched).
pub fn check_expected(text: &str, file: &str, line_offset: usize, diags: &[Diagnostic]) -> Vec<Diagnostic> {
    let at = |line: usize| Loc::Text { file: file.to_string(), line: line + line_offset, col: 1 };
    let expectations = match parse_expectations(text) {
        Ok(e) => e,
        Err((line, message)) => return vec![Diagnostic::new(&at(line), message)],
    };
    let mut unmatched: Vec<&Diagnostic> = diags.iter().collect();
    let mut errors = Vec::new();
    for e in &expectations {
        let found = unmatched.iter().position(|d| {
            matches!(&d.loc, Loc::Text { file: f, line, .. } if *line == e.line && f == file) && d.message.contains(&e.text)
        });
        match found {
            Some(i) => {
                unmatched.remove(i);
            }
            None => errors.push(Diagnostic::new(
                &at(e.at),
                format!("expected error \"{}\" was not produced on line {}", e.text, e.line + line_offset),
            )),
        }
    }
    for d in unmatched {
        let loc = match &d.loc {
            Loc::Text { file: f, line, col } if f == file => {
                Loc::Text { file: file.to_string(), line: line + line_offset, col: *col }
            }
            other => other.clone(),
        };
        errors.push(Diagnostic::new(&loc, format!("unexpected error: {}", d.message)));
    }
    errors
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_offsets() {
        let e = parse_expectations("x\n// expected-error@+1 {{bad thing}}\ny\nz // expected-error {{here}}").unwrap();
        assert_eq!(e[0], Expectation { line: 3, text: "bad thing".into(), at: 2 });
        assert_eq!(e[1], Expectation { line: 4, text: "here".into(), at: 4 });
    }

    #[test]
    fn reports_missing_and_unexpected() {
        let diag = Diagnostic::new(&Loc::Text { file: "f".into(), line: 1, col: 1 }, "other");
        let errors = check_expected("// expected-error@+1 {{bad}}\nx", "f", 0, &[diag]);
        assert_eq!(errors.len(), 2);
        assert!(errors[0].message.contains("was not produced"));
        assert!(errors[1].message.contains("unexpected error: other"));
    }
}
