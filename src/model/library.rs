//! Library nodes: the classes the compiler understands, with their
//! properties parsed once where a node is read (JSON import and the IR
//! reader). The properties as read stay beside the typed values and are
//! what export writes, so files round-trip exactly; a class the compiler
//! does not know keeps only those.

use super::{Extra, Schedule, UnknownValue, Wcr, WcrError};
use crate::symbolic::{self, Expr, ParseError, Value};
use serde_json::Value as Json;

/// A library node: its DaCe class, its properties as read, and their
/// typed values.
#[derive(Clone, Debug, PartialEq)]
pub struct LibraryNode {
    classpath: String,
    properties: Extra,
    class: LibraryClass,
    implementation: Option<String>,
    schedule: Schedule,
}

/// The classes the compiler lowers or expands, by the last part of the
/// classpath, each with the properties that code reads.
#[derive(Clone, Debug, PartialEq)]
pub enum LibraryClass {
    /// `Reduce`: `axes` count the input subset's dimensions (`None`: all).
    Reduce { wcr: Wcr, axes: Option<Vec<usize>>, identity: Option<Value> },
    /// `MatMul`, `Gemm`, `Gemv`, `Dot` and `BatchedMatMul`.
    Product(Product),
    /// `Transpose` of a matrix.
    Transpose,
    /// `TensorTranspose`: output dimension `k` runs along input dimension
    /// `axes[k]` (`None`: reversed), `out = alpha * inp^T + beta * out`.
    TensorTranspose { axes: Option<Vec<usize>>, alpha: Expr, beta: Expr },
    TensorDot { left_axes: Vec<usize>, right_axes: Vec<usize>, permutation: Option<Vec<usize>> },
    /// `Einsum`: `out = alpha * einsum(...) + beta * out`; `None` where the
    /// file leaves a factor out.
    Einsum { einsum_str: String, alpha: Option<Expr>, beta: Option<Expr> },
    /// `FFT` and `IFFT`, scaled by `factor` when present.
    Fft { inverse: bool, factor: Option<Expr> },
    /// `Ger`: `res = alpha * x y^T + A`.
    Ger { alpha: Expr },
    /// `Axpy`: `res = a * x + y`.
    Axpy { a: Expr },
    /// The linear-algebra nodes; `lower` selects the triangle a Cholesky
    /// factorisation fills.
    Linalg { op: LinalgOp, lower: bool },
    /// A class the compiler does not interpret.
    Other,
}

/// Which product a [`LibraryClass::Product`] node computes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProductKind {
    MatMul,
    Gemm,
    Gemv,
    Dot,
    BatchedMatMul,
}

/// `C = alpha * op(A) @ op(B) + beta * C`.
#[derive(Clone, Debug, PartialEq)]
pub struct Product {
    pub kind: ProductKind,
    pub alpha: Expr,
    pub beta: Expr,
    pub trans_a: bool,
    pub trans_b: bool,
}

/// DaCe's linear-algebra library nodes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LinalgOp {
    Solve,
    Inv,
    Cholesky,
    Getrf,
    Getrs,
    Getri,
    Potrf,
}

/// A property of a known class whose value is not what the class takes.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[error("{class} property '{key}' {reason}")]
pub struct PropertyError {
    pub class: String,
    /// The property's key, under the node's `attributes` in a `.sdfg` file.
    pub key: &'static str,
    pub reason: PropertyReason,
}

#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum PropertyReason {
    #[error("is {found}, not {expected}")]
    Type { found: String, expected: &'static str },
    #[error("is not an expression: {0}")]
    Expr(ParseError),
    #[error("holds a write-conflict resolution that is not a lambda: {0}")]
    Wcr(WcrError),
    #[error("is not a schedule: {0}")]
    Schedule(UnknownValue),
}

impl LibraryNode {
    /// Parses the properties of a node of class `classpath`.
    pub fn parse(classpath: String, properties: Extra) -> Result<LibraryNode, PropertyError> {
        let name = classpath.rsplit('.').next().unwrap_or(&classpath).to_string();
        let p = Props { map: &properties, class: &name };
        let class = p.class()?;
        let implementation = p.opt_string("implementation")?;
        let schedule = match p.opt_string("schedule")? {
            None => Schedule::default(),
            Some(s) => s.parse().map_err(|e| p.error("schedule", PropertyReason::Schedule(e)))?,
        };
        Ok(LibraryNode { classpath, properties, class, implementation, schedule })
    }

    /// DaCe's full class path (`dace.libraries.blas.nodes.matmul.MatMul`).
    pub fn classpath(&self) -> &str {
        &self.classpath
    }

    /// The class name: the last part of the classpath.
    pub fn class_name(&self) -> &str {
        self.classpath.rsplit('.').next().unwrap_or(&self.classpath)
    }

    pub fn class(&self) -> &LibraryClass {
        &self.class
    }

    /// The properties as read, written back unchanged on export.
    pub fn properties(&self) -> &Extra {
        &self.properties
    }

    /// The properties as JSON text, for the scans that look for names in
    /// them (symbols, map parameters).
    pub fn properties_text(&self) -> String {
        Json::Object(self.properties.clone()).to_string()
    }

    /// DaCe's `implementation` (`pure`, `OpenBLAS`, ...), if one is chosen.
    pub fn implementation(&self) -> Option<&str> {
        self.implementation.as_deref()
    }

    pub fn schedule(&self) -> Schedule {
        self.schedule
    }
}

/// A scalar property's value if it folds to a number.
pub fn constant(e: &Expr) -> Option<f64> {
    match e.eval(&|_| None) {
        Ok(Value::Int(i)) => Some(i as f64),
        Ok(Value::Float(f)) => Some(f),
        _ => None,
    }
}

/// The properties of one node, read for its class.
struct Props<'a> {
    map: &'a Extra,
    class: &'a str,
}

impl Props<'_> {
    fn class(&self) -> Result<LibraryClass, PropertyError> {
        let product = |kind| -> Result<LibraryClass, PropertyError> {
            Ok(LibraryClass::Product(Product {
                kind,
                alpha: self.scalar("alpha", 1)?,
                beta: self.scalar("beta", 0)?,
                trans_a: self.flag("transA", false)?,
                trans_b: self.flag("transB", false)?,
            }))
        };
        let linalg = |op| -> Result<LibraryClass, PropertyError> { Ok(LibraryClass::Linalg { op, lower: self.flag("lower", true)? }) };
        Ok(match self.class {
            "Reduce" => {
                let text = self.opt_string("wcr")?.unwrap_or_else(|| "(lambda a, b: a)".into());
                let wcr = Wcr::parse(&text).map_err(|e| self.error("wcr", PropertyReason::Wcr(e)))?;
                LibraryClass::Reduce { wcr, axes: self.axes("axes")?, identity: self.literal("identity")? }
            }
            "MatMul" => product(ProductKind::MatMul)?,
            "Gemm" => product(ProductKind::Gemm)?,
            "Gemv" => product(ProductKind::Gemv)?,
            "Dot" => product(ProductKind::Dot)?,
            "BatchedMatMul" => product(ProductKind::BatchedMatMul)?,
            "Transpose" => LibraryClass::Transpose,
            "TensorTranspose" => LibraryClass::TensorTranspose {
                axes: self.axes("axes")?,
                alpha: self.scalar("alpha", 1)?,
                beta: self.scalar("beta", 0)?,
            },
            "TensorDot" => LibraryClass::TensorDot {
                left_axes: self.axes("left_axes")?.unwrap_or_default(),
                right_axes: self.axes("right_axes")?.unwrap_or_default(),
                permutation: self.axes("permutation")?.filter(|p| !p.is_empty()),
            },
            "Einsum" => LibraryClass::Einsum {
                einsum_str: self.opt_string("einsum_str")?.ok_or_else(|| self.type_error("einsum_str", "null", "a string"))?,
                alpha: self.opt_scalar("alpha")?,
                beta: self.opt_scalar("beta")?,
            },
            "FFT" | "IFFT" => LibraryClass::Fft { inverse: self.class == "IFFT", factor: self.opt_scalar("factor")? },
            "Ger" => LibraryClass::Ger { alpha: self.scalar("alpha", 1)? },
            "Axpy" => LibraryClass::Axpy { a: self.scalar("a", 1)? },
            "Solve" => linalg(LinalgOp::Solve)?,
            "Inv" => linalg(LinalgOp::Inv)?,
            "Cholesky" => linalg(LinalgOp::Cholesky)?,
            "Getrf" => linalg(LinalgOp::Getrf)?,
            "Getrs" => linalg(LinalgOp::Getrs)?,
            "Getri" => linalg(LinalgOp::Getri)?,
            "Potrf" => linalg(LinalgOp::Potrf)?,
            _ => LibraryClass::Other,
        })
    }

    /// The value, `None` when absent or `null` (DaCe's "not set").
    fn get(&self, key: &str) -> Option<&Json> {
        self.map.get(key).filter(|v| !v.is_null())
    }

    fn error(&self, key: &'static str, reason: PropertyReason) -> PropertyError {
        PropertyError { class: self.class.to_string(), key, reason }
    }

    fn type_error(&self, key: &'static str, found: &str, expected: &'static str) -> PropertyError {
        self.error(key, PropertyReason::Type { found: found.to_string(), expected })
    }

    fn opt_string(&self, key: &'static str) -> Result<Option<String>, PropertyError> {
        match self.get(key) {
            None => Ok(None),
            Some(Json::String(s)) => Ok(Some(s.clone())),
            Some(v) => Err(self.type_error(key, &v.to_string(), "a string")),
        }
    }

    fn flag(&self, key: &'static str, default: bool) -> Result<bool, PropertyError> {
        match self.get(key) {
            None => Ok(default),
            Some(Json::Bool(b)) => Ok(*b),
            Some(v) => Err(self.type_error(key, &v.to_string(), "true or false")),
        }
    }

    /// A list of axes (dimension numbers).
    fn axes(&self, key: &'static str) -> Result<Option<Vec<usize>>, PropertyError> {
        let Some(v) = self.get(key) else { return Ok(None) };
        let list = v.as_array().and_then(|xs| xs.iter().map(|x| x.as_u64().and_then(|x| usize::try_from(x).ok())).collect::<Option<Vec<_>>>());
        list.map(Some).ok_or_else(|| self.type_error(key, &v.to_string(), "a list of axes"))
    }

    /// A number or a symbolic expression over the SDFG's symbols (DaCe's
    /// `SymbolicProperty`, written as text).
    fn opt_scalar(&self, key: &'static str) -> Result<Option<Expr>, PropertyError> {
        match self.get(key) {
            None => Ok(None),
            Some(Json::Number(n)) => match (n.as_i64(), n.as_f64()) {
                (Some(i), _) => Ok(Some(Expr::int(i))),
                (None, Some(f)) => Ok(Some(Expr::float(f))),
                (None, None) => Err(self.type_error(key, &n.to_string(), "a number of 64 bits")),
            },
            Some(Json::String(s)) => symbolic::parse(s).map(Some).map_err(|e| self.error(key, PropertyReason::Expr(e))),
            Some(v) => Err(self.type_error(key, &v.to_string(), "a number or an expression")),
        }
    }

    fn scalar(&self, key: &'static str, default: i64) -> Result<Expr, PropertyError> {
        Ok(self.opt_scalar(key)?.unwrap_or_else(|| Expr::int(default)))
    }

    /// A literal value (a Reduce's identity).
    fn literal(&self, key: &'static str) -> Result<Option<Value>, PropertyError> {
        match self.get(key) {
            None => Ok(None),
            Some(Json::Bool(b)) => Ok(Some(Value::Bool(*b))),
            Some(Json::Number(n)) => match (n.as_i64(), n.as_f64()) {
                (Some(i), _) => Ok(Some(Value::Int(i))),
                (None, Some(f)) => Ok(Some(Value::Float(f))),
                (None, None) => Err(self.type_error(key, &n.to_string(), "a number of 64 bits")),
            },
            Some(v) => Err(self.type_error(key, &v.to_string(), "a number")),
        }
    }
}

/// A Reduce identity as tasklet code, a number as the file writes it;
/// `None` for a boolean or a float that is not finite, which code written
/// from text cannot hold.
pub fn identity_code(v: &Value) -> Option<String> {
    match *v {
        Value::Int(i) => Some(i.to_string()),
        Value::Float(f) => serde_json::Number::from_f64(f).map(|n| n.to_string()),
        Value::Bool(_) => None,
    }
}
