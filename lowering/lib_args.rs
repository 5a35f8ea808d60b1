//! What the newer library nodes share: operands seen with every dimension
//! and loops whose iterations are independent.

use super::builder::Val;
use super::function::FnGen;
use super::library::Operand;
use super::types::Ty;

impl FnGen<'_, '_> {
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
