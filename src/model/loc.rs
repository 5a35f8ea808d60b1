//! Where an element of an SDFG came from, for diagnostics.

use std::fmt;

/// A source location: a JSON path inside a `.sdfg` file, or a line and column
/// of dialect text. Both print in the `file:...` form that tools report.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Loc {
    #[default]
    Unknown,
    /// A path such as `nodes[2].nodes[5].attributes.code`, and the line and
    /// column (1-based, in characters) where the element's JSON value starts
    /// when the importer had the file's text. Messages name the path; the
    /// dialect's op locations use the position.
    Json { file: String, path: String, at: Option<(usize, usize)> },
    Text { file: String, line: usize, col: usize },
}

impl Loc {
    pub fn json(file: &str, path: impl Into<String>) -> Loc {
        Loc::Json { file: file.to_string(), path: path.into(), at: None }
    }

    /// The same JSON path, starting at `line:col` of the file.
    pub fn at(self, line: usize, col: usize) -> Loc {
        match self {
            Loc::Json { file, path, .. } => Loc::Json { file, path, at: Some((line, col)) },
            other => other,
        }
    }

    /// A JSON path below this one (`child("nodes[3]")`); text locations stay.
    pub fn child(&self, segment: &str) -> Loc {
        match self {
            Loc::Json { file, path, .. } => Loc::json(file, child_path(path, segment)),
            other => other.clone(),
        }
    }

    /// The JSON path, for JSON locations.
    pub fn json_path(&self) -> Option<&str> {
        match self {
            Loc::Json { path, .. } => Some(path),
            _ => None,
        }
    }

    /// The file, line and column this location points at, when it has them.
    pub fn position(&self) -> Option<(&str, usize, usize)> {
        match self {
            Loc::Json { file, at: Some((line, col)), .. } => Some((file, *line, *col)),
            Loc::Text { file, line, col } => Some((file, *line, *col)),
            _ => None,
        }
    }

    /// This location, or `fallback` when it has no position (an element
    /// made by a transformation takes the location of what encloses it).
    pub fn or<'a>(&'a self, fallback: &'a Loc) -> &'a Loc {
        if self.position().is_some() {
            self
        } else {
            fallback
        }
    }
}

/// The JSON path of `segment` below `path`: `a.b`, `a[3]`, or `b` at the root.
pub fn child_path(path: &str, segment: &str) -> String {
    if path.is_empty() {
        segment.to_string()
    } else if segment.starts_with('[') {
        format!("{path}{segment}")
    } else {
        format!("{path}.{segment}")
    }
}

impl fmt::Display for Loc {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Loc::Unknown => write!(f, "<unknown>"),
            Loc::Json { file, path, .. } if path.is_empty() => write!(f, "{file}"),
            Loc::Json { file, path, .. } => write!(f, "{file}:{path}"),
            Loc::Text { file, line, col } => write!(f, "{file}:{line}:{col}"),
        }
    }
}
