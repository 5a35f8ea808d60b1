//! What the newer library nodes share: scalar properties that may be
//! symbolic (`alpha = "2*a"`), operands seen with every dimension, and the
//! choice between a library call and the loop nest.

use super::builder::Val;
use super::function::FnGen;
use super::library::Operand;
use super::types::Ty;
use crate::model::Extra;

impl FnGen<'_, '_> {
    /// A numeric property as a value: a JSON number, or a symbolic
    /// expression over the SDFG's symbols (DaCe's `SymbolicProperty`).
    pub(super) fn scalar_property(&mut self, props: &Extra, key: &str, default: f64) -> Result<Val, String> {
        let expr = match props.get(key) {
            None | Some(serde_json::Value::Null) => crate::symbolic::Expr::float(default),
            Some(serde_json::Value::Number(n)) => match n.as_i64() {
                Some(i) => crate::symbolic::Expr::int(i),
                None => crate::symbolic::Expr::float(n.as_f64().unwrap_or(default)),
            },
            Some(serde_json::Value::String(s)) => {
                crate::symbolic::parse(s).map_err(|e| format!("property '{key}' = '{s}' is not an expression: {e}"))?
            }
            Some(other) => return Err(format!("property '{key}' = {other} is not a number")),
        };
        self.value(&expr)
    }

    /// The operand with all its subset dimensions, unit ones included, so
    /// axes count as in the container (TensorDot axes, einsum terms).
    pub(super) fn full_view(&mut self, o: &Operand) -> Operand {
        let dims = (0..o.start.len())
            .map(|d| match o.dims.iter().find(|(k, _)| *k == d) {
                Some((_, e)) => (d, e.clone()),
                None => (d, self.b.i64(1)),
            })
            .collect();
        Operand { data: o.data.clone(), start: o.start.clone(), dims, wcr: o.wcr.clone() }
    }

    /// The element type of an operand's container.
    pub(super) fn operand_type(&self, o: &Operand) -> Result<Ty, String> {
        Ok(self.container(&o.data)?.ty)
    }
}

impl FnGen<'_, '_> {
    /// The operand seen as a `rank`-dimensional tensor: its non-unit
    /// dimensions when there are `rank` of them, else all of its subset's.
    pub(super) fn shaped_view(&mut self, o: &Operand, rank: usize, what: &str) -> Result<Operand, String> {
        if o.dims.len() == rank {
            return Ok(Operand { data: o.data.clone(), start: o.start.clone(), dims: o.dims.clone(), wcr: o.wcr.clone() });
        }
        if o.start.len() == rank {
            return Ok(self.full_view(o));
        }
        Err(format!("{what} '{}' is {}-dimensional, expected {rank} dimensions", o.data, o.start.len()))
    }

    /// Whether a numeric property is absent or the constant zero.
    pub(super) fn property_is_zero(props: &Extra, key: &str) -> bool {
        match props.get(key) {
            None | Some(serde_json::Value::Null) => true,
            Some(serde_json::Value::Number(n)) => n.as_f64() == Some(0.0),
            Some(serde_json::Value::String(s)) => s.trim().parse::<f64>().is_ok_and(|v| v == 0.0),
            Some(_) => false,
        }
    }
}

/// Loops opened by [`FnGen::independent_loops`], to close in reverse.
pub(super) struct LoopNest {
    sequential: usize,
    parallel: bool,
}

impl FnGen<'_, '_> {
    /// Loops over `extents` whose iterations write distinct elements: the
    /// outermost is an `scf.parallel` (OpenMP) when no parallel map encloses
    /// it, the others `scf.for`.
    pub(super) fn independent_loops(&mut self, extents: &[Val]) -> Result<(LoopNest, Vec<Val>), String> {
        if extents.is_empty() || self.parallel > 0 {
            let (n, ivs) = self.loops(extents)?;
            return Ok((LoopNest { sequential: n, parallel: false }, ivs));
        }
        let zero = self.b.i64(0);
        let one = self.b.i64(1);
        let ivs = self.b.begin_parallel(&[zero], &[extents[0].clone()], &[one]);
        self.parallel += 1;
        let first = self.b.cast(&ivs[0], Ty::I64);
        let (n, rest) = self.loops(&extents[1..])?;
        Ok((LoopNest { sequential: n, parallel: true }, std::iter::once(first).chain(rest).collect()))
    }

    pub(super) fn close_nest(&mut self, nest: LoopNest) {
        self.close(nest.sequential);
        if nest.parallel {
            self.parallel -= 1;
            self.b.end();
        }
    }
}
