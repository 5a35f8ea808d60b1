//! Where an element of an SDFG came from, for diagnostics.

use std::fmt;

/// A source location: a JSON path inside a `.sdfg` file, or a line and column
/// of dialect text. Both print in the `file:...` form that tools report.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Loc {
    #[default]
    Unknown,
    /// A path such as `nodes[2].nodes[5].attributes.code`.
    Json { file: String, path: String },
    Text { file: String, line: usize, col: usize },
}

impl Loc {
    pub fn json(file: &str, path: impl Into<String>) -> Loc {
        Loc::Json { file: file.to_string(), path: path.into() }
    }

    /// A JSON path below this one (`child("nodes[3]")`); text locations stay.
    pub fn child(&self, segment: &str) -> Loc {
        match self {
            Loc::Json { file, path } if path.is_empty() => Loc::json(file, segment),
            Loc::Json { file, path } if segment.starts_with('[') => {
                Loc::json(file, format!("{path}{segment}"))
            }
            Loc::Json { file, path } => Loc::json(file, format!("{path}.{segment}")),
            other => other.clone(),
        }
    }
}

impl fmt::Display for Loc {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Loc::Unknown => write!(f, "<unknown>"),
            Loc::Json { file, path } if path.is_empty() => write!(f, "{file}"),
            Loc::Json { file, path } => write!(f, "{file}:{path}"),
            Loc::Text { file, line, col } => write!(f, "{file}:{line}:{col}"),
        }
    }
}
