//! `np.linalg.solve`, `np.linalg.inv` and `np.linalg.cholesky`: DaCe's
//! `Solve`, `Inv` and `Cholesky` library nodes, each computed into a
//! transient by a state of its own before the statement's map.
//!
//! ```text
//! X = np.linalg.solve(T, Y)   =>   state 1: T, Y -> Solve(_ain, _bin -> _bout) -> __tmp0
//!                                  state 2: __tmp0 -> map(__out = __in0) -> X
//! ```

use super::elementwise::{full, materialize, Input, Kind, Lowerer, Part};
use crate::model::LibraryNode;
use rustpython_parser::ast;
use serde_json::Map;

const SOLVE: &str = "dace.libraries.linalg.nodes.solve.Solve";
const INV: &str = "dace.libraries.linalg.nodes.inv.Inv";
const CHOLESKY: &str = "dace.libraries.linalg.nodes.cholesky.Cholesky";

impl Lowerer<'_> {
    /// `np.linalg.solve(A, b)`, `np.linalg.inv(A)`, `np.linalg.cholesky(A)`:
    /// DaCe's `Solve`, `Inv` and `Cholesky` library nodes (LAPACK where it
    /// is installed), on floating-point or complex square matrices.
    pub(super) fn linalg(&mut self, op: &str, c: &ast::ExprCall, at: usize) -> Result<Part, (usize, String)> {
        let (classpath, ins, out_conn): (&str, &[&str], &str) = match op {
            "solve" => (SOLVE, &["_ain", "_bin"], "_bout"),
            "inv" => (INV, &["_ain"], "_aout"),
            "cholesky" => (CHOLESKY, &["_a"], "_b"),
            other => return Err((at, format!("np.linalg.{other} is not supported yet"))),
        };
        if c.args.len() != ins.len() || !c.keywords.is_empty() {
            return Err((at, format!("np.linalg.{op} takes {} array argument(s)", ins.len())));
        }
        let mut operands = Vec::new();
        let mut kind: Option<Kind> = None;
        for a in &c.args {
            let (input, shape, k) = materialize(self.m, a, self.host)?;
            kind = Some(kind.map_or(k, |prev| super::elementwise::promote(prev, k)));
            operands.push((input, shape));
        }
        let kind = kind.expect("an argument");
        let square = matches!(operands[0].1.as_slice(), [n, m] if n.is_symbolically_equal(m));
        if !square {
            return Err((at, format!("np.linalg.{op} needs a square matrix")));
        }
        if let Some((_, b)) = operands.get(1) {
            if b.is_empty() || b.len() > 2 || !b[0].is_symbolically_equal(&operands[0].1[0]) {
                return Err((at, "np.linalg.solve's right-hand side must have as many rows as the matrix".into()));
            }
        }
        if !(kind.ty.is_float() || kind.ty.is_complex()) {
            return Err((at, format!("np.linalg.{op} on {} is not supported (floating-point or complex arrays)", kind.ty.name())));
        }
        let shape = operands.last().expect("an operand").1.clone();
        let out = self.host.transient(kind.ty, shape.clone());
        let node = LibraryNode::parse(classpath.into(), Map::new()).map_err(|e| (at, e.to_string()))?;
        let inputs: Vec<(&str, &Input)> = ins.iter().zip(&operands).map(|(conn, (input, _))| (*conn, input)).collect();
        let state = self.library(node, &inputs, out_conn, &out, &shape);
        self.host.before(state);
        let conn = self.input(&out, full(&shape));
        Ok((conn, shape, kind))
    }
}
