//! Data containers and element types.

use super::{Extra, Lifetime, Loc, Storage};
use crate::symbolic::Expr;
use std::fmt;

pub use crate::scalar::ScalarType;

/// A DaCe typeclass: a basic type, a pointer, or a compound type kept as JSON.
#[derive(Clone, Debug, PartialEq)]
pub enum DType {
    Scalar(ScalarType),
    Pointer(Box<DType>),
    /// Vectors, opaque and struct types, `pyobject`, ...: kept as DaCe wrote them.
    Other(serde_json::Value),
}

impl DType {
    /// Reads DaCe's JSON encoding of a typeclass.
    pub fn from_json(value: &serde_json::Value) -> DType {
        match value {
            serde_json::Value::String(s) => match ScalarType::from_name(s) {
                Some(t) => DType::Scalar(t),
                None => DType::Other(value.clone()),
            },
            serde_json::Value::Object(o)
                if o.get("type").and_then(|t| t.as_str()) == Some("pointer") && o.len() == 2 =>
            {
                match o.get("dtype") {
                    Some(inner) => DType::Pointer(Box::new(DType::from_json(inner))),
                    None => DType::Other(value.clone()),
                }
            }
            _ => DType::Other(value.clone()),
        }
    }

    pub fn to_json(&self) -> serde_json::Value {
        match self {
            DType::Scalar(t) => serde_json::Value::String(t.name().to_string()),
            DType::Pointer(inner) => serde_json::json!({"type": "pointer", "dtype": inner.to_json()}),
            DType::Other(v) => v.clone(),
        }
    }

    /// Reads the text form printed by `Display` (used in the dialect).
    pub fn parse(text: &str) -> Option<DType> {
        let text = text.trim();
        if let Some(inner) = text.strip_prefix("pointer<").and_then(|t| t.strip_suffix('>')) {
            return DType::parse(inner).map(|d| DType::Pointer(Box::new(d)));
        }
        if let Some(t) = ScalarType::from_name(text) {
            return Some(DType::Scalar(t));
        }
        serde_json::from_str(text).ok().map(DType::Other)
    }
}

impl fmt::Display for DType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DType::Scalar(t) => f.write_str(t.name()),
            DType::Pointer(inner) => write!(f, "pointer<{inner}>"),
            DType::Other(v) => write!(f, "{v}"),
        }
    }
}

/// The kinds of data descriptor DaCe writes in `_arrays`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DataKind {
    Array,
    Scalar,
    Stream,
    View,
    Reference,
}

impl DataKind {
    /// DaCe's `type` names; `View`/`Reference` are the abstract spellings.
    pub fn from_type_name(name: &str) -> Option<DataKind> {
        Some(match name {
            "Array" => DataKind::Array,
            "Scalar" => DataKind::Scalar,
            "Stream" => DataKind::Stream,
            "ArrayView" | "View" => DataKind::View,
            "ArrayReference" | "Reference" => DataKind::Reference,
            _ => return None,
        })
    }

    pub fn type_name(self) -> &'static str {
        match self {
            DataKind::Array => "Array",
            DataKind::Scalar => "Scalar",
            DataKind::Stream => "Stream",
            DataKind::View => "ArrayView",
            DataKind::Reference => "ArrayReference",
        }
    }

    /// The dialect op that declares this kind (`sdfg.array`, ...).
    pub fn op_name(self) -> &'static str {
        match self {
            DataKind::Array => "array",
            DataKind::Scalar => "scalar",
            DataKind::Stream => "stream",
            DataKind::View => "view",
            DataKind::Reference => "reference",
        }
    }
}

/// A data descriptor. Optional fields are `None` when the file left them out
/// (DaCe then derives them), so export reproduces the file.
#[derive(Clone, Debug, PartialEq)]
pub struct DataDesc {
    pub kind: DataKind,
    pub dtype: DType,
    pub shape: Vec<Expr>,
    pub strides: Option<Vec<Expr>>,
    pub offset: Option<Vec<Expr>>,
    pub total_size: Option<Expr>,
    pub transient: bool,
    pub storage: Storage,
    pub lifetime: Lifetime,
    /// Streams only: capacity hint (`0` = unbounded).
    pub buffer_size: Option<Expr>,
    /// Whether an argument may be null (`None` = unknown, DaCe's default).
    pub optional: Option<bool>,
    pub extra: Extra,
    pub loc: Loc,
}

impl DataDesc {
    /// Elements it holds: the total size when given, else the shape product.
    pub fn total_elements(&self) -> Expr {
        self.total_size.clone().unwrap_or_else(|| self.shape.iter().fold(Expr::int(1), |acc, d| acc.mul(d)))
    }

    /// Elements the layout reaches: one past the largest offset the shape
    /// and strides address, and at least the declared total size (a stride
    /// beyond it would otherwise address memory nobody allocated).
    pub fn reach(&self) -> Expr {
        let Some(strides) = &self.strides else { return self.total_elements() };
        let mut last = Expr::int(0);
        for (d, s) in self.shape.iter().zip(strides) {
            last = last.add(&d.sub(&Expr::int(1)).mul(s));
        }
        // An empty array's span is negative: the total size wins.
        let span = last.add(&Expr::int(1));
        Expr::call("Max", vec![self.total_elements(), span]).simplify()
    }

    /// Strides as written, or C-order strides derived from the shape.
    pub fn strides_or_default(&self) -> Vec<Expr> {
        match &self.strides {
            Some(s) => s.clone(),
            None => c_strides(&self.shape),
        }
    }
}

/// C-order (row-major) strides of a shape.
pub fn c_strides(shape: &[Expr]) -> Vec<Expr> {
    let mut strides = vec![Expr::int(1); shape.len()];
    for i in (0..shape.len().saturating_sub(1)).rev() {
        strides[i] = strides[i + 1].mul(&shape[i + 1]);
    }
    strides
}

/// An array of float64 with `shape` and `strides` (expressions as text),
/// transient-free, in default storage: a fixture for tests.
#[cfg(test)]
pub(crate) fn test_array(shape: &[&str], strides: Option<&[&str]>) -> DataDesc {
    let exprs = |v: &[&str]| v.iter().map(|s| crate::symbolic::parse(s).unwrap()).collect::<Vec<_>>();
    DataDesc {
        kind: DataKind::Array,
        dtype: DType::Scalar(ScalarType::F64),
        shape: exprs(shape),
        strides: strides.map(exprs),
        offset: None,
        total_size: None,
        transient: false,
        storage: Storage::Default,
        lifetime: Lifetime::Scope,
        buffer_size: None,
        optional: None,
        extra: Default::default(),
        loc: Default::default(),
    }
}

