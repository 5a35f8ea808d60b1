//! Small helpers for writing MLIR attribute syntax.

/// An MLIR string literal: quotes, backslashes and non-printable bytes escaped.
pub fn quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for b in s.bytes() {
        match b {
            b'"' => out.push_str("\\\""),
            b'\\' => out.push_str("\\\\"),
            b'\n' => out.push_str("\\n"),
            b'\t' => out.push_str("\\t"),
            0x20..=0x7e => out.push(b as char),
            _ => out.push_str(&format!("\\{b:02X}")),
        }
    }
    out.push('"');
    out
}

/// `["a", "b"]`
pub fn str_array<S: AsRef<str>>(items: &[S]) -> String {
    let parts: Vec<String> = items.iter().map(|s| quote(s.as_ref())).collect();
    format!("[{}]", parts.join(", "))
}

/// Builds an attribute dictionary `{k = v, flag, ...}` in insertion order.
#[derive(Default)]
pub struct AttrDict {
    entries: Vec<String>,
}

impl AttrDict {
    pub fn str(&mut self, key: &str, value: &str) -> &mut Self {
        self.entries.push(format!("{key} = {}", quote(value)));
        self
    }

    pub fn opt_str(&mut self, key: &str, value: Option<&str>) -> &mut Self {
        if let Some(v) = value {
            self.str(key, v);
        }
        self
    }

    pub fn raw(&mut self, key: &str, value: String) -> &mut Self {
        self.entries.push(format!("{key} = {value}"));
        self
    }

    pub fn flag(&mut self, key: &str, on: bool) -> &mut Self {
        if on {
            self.entries.push(key.to_string());
        }
        self
    }

    /// `{...}`, or nothing when empty.
    pub fn plain(&self) -> String {
        if self.entries.is_empty() {
            String::new()
        } else {
            format!(" {{{}}}", self.entries.join(", "))
        }
    }

    /// `attributes {...}`, for ops whose syntax continues with a region.
    pub fn with_keyword(&self) -> String {
        if self.entries.is_empty() {
            String::new()
        } else {
            format!(" attributes {{{}}}", self.entries.join(", "))
        }
    }
}

/// A dictionary attribute `{"k" = "v", "flag"}` from ordered pairs.
pub fn dict<'a>(items: impl Iterator<Item = (&'a str, Option<String>)>) -> String {
    let parts: Vec<String> = items
        .map(|(k, v)| match v {
            Some(v) => format!("{} = {}", quote(k), quote(&v)),
            None => quote(k),
        })
        .collect();
    format!("{{{}}}", parts.join(", "))
}

/// An op's trailing location: `loc("file":line:col)`, or `loc(unknown)` for
/// an element with no known origin (so the parser does not invent a
/// position in the emitted text).
pub fn location(loc: &crate::model::Loc) -> String {
    match loc.position() {
        Some((file, line, col)) => format!(" loc({}:{line}:{col})", quote(file)),
        None => " loc(unknown)".to_string(),
    }
}
