//! Assignments: `X[...] = value`, `X = value` (a new name: a transient of
//! the value's shape and type), `X[...] op= value` and boolean masks
//! (`A[A > 0] = v`), each as the state that computes it (`dataflow.rs`),
//! through a temporary where the value reads the written data elsewhere.

use super::at;
use super::dataflow::{self, Write};
use super::elementwise::{self, Access, Var};
use super::program::Builder;
use crate::diag::Diagnostics;
use crate::model::{Block, BlockKind, Loc, ScalarType};
use crate::symbolic::Expr as Sym;
use rustpython_parser::ast::{self, Expr, Ranged};

impl Builder<'_> {
    /// `target = value` or `target op= value` as a state.
    pub(super) fn assign(&mut self, target: &Expr, value: &Expr, op: Option<ast::Operator>, loc: &Loc) -> Result<Vec<Block>, Diagnostics> {
        let (mut taken, mut elements) = (0, Vec::new());
        let hoisted_target = self.hoist_element_indices(target, &mut taken, &mut elements);
        let hoisted_value = self.hoist_element_indices(value, &mut taken, &mut elements);
        if !elements.is_empty() {
            let mut blocks = Vec::new();
            for (name, element) in &elements {
                blocks.extend(self.assign(name, element, None, loc)?);
            }
            blocks.extend(self.assign(&hoisted_target, &hoisted_value, op, loc)?);
            return Ok(blocks);
        }
        // `A[mask] = v` (a boolean array as the index): `A = v if mask else A`.
        if let Expr::Subscript(s) = target {
            if self.is_mask(&s.slice) {
                let whole = (*s.value).clone();
                let value = match op {
                    Some(op) => Expr::BinOp(ast::ExprBinOp { range: value.range(), left: Box::new(whole.clone()), op, right: Box::new(value.clone()) }),
                    None => value.clone(),
                };
                let range = target.range();
                let chosen = Expr::IfExp(ast::ExprIfExp { range, test: s.slice.clone(), body: Box::new(value), orelse: Box::new(whole.clone()) });
                return self.assign(&whole, &chosen, None, loc);
            }
        }
        if let Some((name, base)) = self.written_view(target, op.is_some()) {
            return Err(at(loc, format!("'{name}' is a view of '{base}' in NumPy, which writing into it would change; writing into a view is not supported yet")));
        }
        if let (Expr::Name(n), None) = (target, op) {
            match self.viewed(value) {
                Some(base) => self.views.insert(n.id.to_string(), base),
                None => self.views.remove(n.id.as_str()),
            };
        }
        // `x op= v` reads `x` as `x op v` does.
        let combined;
        let value = match op {
            Some(op) => {
                combined = Expr::BinOp(ast::ExprBinOp { range: value.range(), left: Box::new(target.clone()), op, right: Box::new(value.clone()) });
                &combined
            }
            None => value,
        };
        self.here = loc.clone();
        if let (Expr::Name(n), Expr::Call(call), None) = (target, value, op) {
            if !self.vars.contains_key(n.id.as_str()) {
                if let Some((ty, shape, fill)) = super::allocations::allocate(self.m, self, call).map_err(|(o, msg)| self.error(o, msg))? {
                    let mut blocks = self.take_pending(loc);
                    let data = self.add_container(n.id.as_str(), ty, shape.clone(), true, loc);
                    if let Some(code) = fill {
                        let ew = elementwise::Elementwise { code, inputs: Vec::new(), shape: shape.clone(), kind: elementwise::Kind { ty, weak: false } };
                        let label = self.label("assign", loc);
                        blocks.extend(self.write(&label, Write { data, dims: elementwise::full(&shape) }, ew, loc)?);
                    }
                    return Ok(blocks);
                }
            }
        }
        let ew = elementwise::lower(self.m, value, self).map_err(|(o, msg)| self.error(o, msg))?;
        let mut blocks = self.take_pending(loc);
        let (name, index) = match target {
            Expr::Name(n) => (n.id.to_string(), None),
            Expr::Subscript(s) => match &*s.value {
                Expr::Name(n) => (n.id.to_string(), Some(&*s.slice)),
                _ => return Err(at(loc, "only a named array can be assigned to by index")),
            },
            other => return Err(at(&self.m.loc(other), format!("assigning to {} is not supported yet", elementwise::describe(other)))),
        };
        let (data, dims) = match self.vars.get(&name).cloned() {
            Some(Var::Data { shape, name: data, .. }) => {
                let dims = elementwise::accesses(self.m, &shape, index, &self.lookup());
                (data, dims.map_err(|(o, msg)| self.error(o, msg))?)
            }
            Some(Var::Symbol(_)) => return Err(at(loc, format!("'{name}' is a symbol: it cannot be assigned to"))),
            None if index.is_some() || op.is_some() => return Err(at(loc, format!("'{name}' is not defined"))),
            None => {
                // A new name: a transient of the value's shape and type.
                let data = self.add_container(&name, ew.kind.ty, ew.shape.clone(), true, loc);
                (data, elementwise::full(&ew.shape))
            }
        };
        let label = self.label("assign", loc);
        blocks.extend(self.write(&label, Write { data, dims }, ew, loc)?);
        Ok(blocks)
    }

    /// The view and its array when assigning to `target` writes into a
    /// view: by index, or in place (`v += 1`).
    fn written_view(&self, target: &Expr, in_place: bool) -> Option<(String, String)> {
        let name = match target {
            Expr::Subscript(s) => match &*s.value {
                Expr::Name(n) => n.id.as_str(),
                _ => return None,
            },
            Expr::Name(n) if in_place => n.id.as_str(),
            _ => return None,
        };
        self.views.get(name).map(|base| (name.to_string(), base.clone()))
    }

    /// The array whose reshaped or transposed view NumPy makes of `value`
    /// (`np.reshape(A, s)`, `A.reshape(s)`, `A.T`, `np.transpose(A)`). Slices
    /// bound to a name (`v = A[:, k]`) are views in NumPy too, but programs
    /// use them as buffers (NPBench's vadv), which the copy serves.
    fn viewed(&self, value: &Expr) -> Option<String> {
        let array = |e: &Expr| match e {
            Expr::Name(n) => match self.vars.get(n.id.as_str()) {
                Some(Var::Data { shape, .. }) if !shape.is_empty() => Some(n.id.to_string()),
                _ => None,
            },
            _ => None,
        };
        match value {
            Expr::Attribute(a) if a.attr.as_str() == "T" => array(&a.value),
            Expr::Call(c) => match &*c.func {
                Expr::Attribute(a) if self.m.is_numpy(&a.value) && matches!(a.attr.as_str(), "reshape" | "transpose") => c.args.first().and_then(array),
                Expr::Attribute(a) if matches!(a.attr.as_str(), "reshape" | "transpose" | "view") => array(&a.value),
                _ => None,
            },
            _ => None,
        }
    }

    /// Whether an index is a boolean array (`A[I]`, `A[A > 0]`), which
    /// selects elements rather than a window.
    fn is_mask(&self, index: &Expr) -> bool {
        match index {
            Expr::Name(n) => matches!(self.vars.get(n.id.as_str()), Some(Var::Data { shape, dtype: ScalarType::Bool, .. }) if !shape.is_empty()),
            Expr::Compare(_) | Expr::BoolOp(_) => true,
            Expr::UnaryOp(u) => u.op == ast::UnaryOp::Not || (u.op == ast::UnaryOp::Invert && self.is_mask(&u.operand)),
            _ => false,
        }
    }

    /// The states that compute `ew` into `write`; through a temporary when
    /// the value reads the written data elsewhere than it writes (NumPy
    /// evaluates the whole value first).
    pub(super) fn write(&mut self, label: &str, write: Write, ew: elementwise::Elementwise, loc: &Loc) -> Result<Vec<Block>, Diagnostics> {
        if write.dims.contains(&Access::NewAxis) {
            return Err(at(loc, "an assignment target cannot have new axes"));
        }
        let shape: Vec<Sym> = write.dims.iter().filter_map(Access::len).collect();
        let mut squeezed = None;
        if elementwise::broadcast(&shape, &ew.shape).is_none_or(|b| b.len() != shape.len() || !b.iter().zip(&shape).all(|(x, y)| x.is_symbolically_equal(y))) {
            // DaCe copies a value whose shape differs from the target's by
            // dimensions of one only (`A[:, :, k] = B.reshape(R, S, 1)`).
            squeezed = Some(squeeze_onto(&ew.shape, &shape).ok_or_else(|| {
                let show = |s: &[Sym]| s.iter().map(|e| e.to_string()).collect::<Vec<_>>().join(", ");
                at(loc, format!("a value of shape ({}) cannot be assigned to a target of shape ({})", show(&ew.shape), show(&shape)))
            })?);
        }
        let overlaps = squeezed.is_some() || ew.inputs.iter().any(|i| i.data == write.data && i.dims != write.dims);
        let state = |builder: &mut Self, label: String, write: Write, ew| Block {
            label,
            kind: BlockKind::State(dataflow::state(&builder.sdfg, write, ew, loc)),
            extra: Default::default(),
            loc: loc.clone(),
        };
        if !overlaps {
            return Ok(vec![state(self, label.to_string(), write, ew)]);
        }
        let tmp_shape = if squeezed.is_some() { ew.shape.clone() } else { shape.clone() };
        let tmp = self.add_container("__tmp", ew.kind.ty, tmp_shape.clone(), true, loc);
        let full = elementwise::full(&tmp_shape);
        let first = state(self, label.to_string(), Write { data: tmp.clone(), dims: full.clone() }, ew);
        let copy = elementwise::Elementwise {
            code: "__in0".into(),
            inputs: vec![elementwise::Input { data: tmp, dims: squeezed.unwrap_or(full) }],
            shape,
            kind: elementwise::Kind { ty: ScalarType::F64, weak: false },
        };
        let second = state(self, format!("{label}_copy"), write, copy);
        Ok(vec![first, second])
    }
}

/// How a value of shape `value` is read to fill a target of shape `target`
/// when the two differ by dimensions of one only: the value's extra ones
/// are read at index 0, the target's extra ones are new axes. `None` when
/// the shapes differ otherwise.
fn squeeze_onto(value: &[Sym], target: &[Sym]) -> Option<Vec<Access>> {
    let one = |s: &Sym| s.as_int() == Some(1);
    let (mut i, mut j) = (0, 0);
    let mut dims = Vec::new();
    while i < value.len() || j < target.len() {
        match (value.get(i), target.get(j)) {
            (Some(v), Some(t)) if v.is_symbolically_equal(t) => {
                dims.push(Access::Range { start: Sym::int(0), len: v.clone(), step: Sym::int(1) });
                (i, j) = (i + 1, j + 1);
            }
            (Some(v), _) if one(v) => {
                dims.push(Access::Index(Sym::int(0)));
                i += 1;
            }
            (_, Some(t)) if one(t) => {
                dims.push(Access::NewAxis);
                j += 1;
            }
            _ => return None,
        }
    }
    Some(dims)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::frontend::elementwise::tests::shape;

    #[test]
    fn shapes_that_differ_by_ones_are_squeezed() {
        let dims = squeeze_onto(&shape(&["R", "S", "1"]), &shape(&["R", "S"])).unwrap();
        assert!(matches!(dims.as_slice(), [Access::Range { .. }, Access::Range { .. }, Access::Index(_)]));
        let dims = squeeze_onto(&shape(&["R"]), &shape(&["1", "R"])).unwrap();
        assert!(matches!(dims.as_slice(), [Access::NewAxis, Access::Range { .. }]));
        assert!(squeeze_onto(&shape(&["R", "2"]), &shape(&["R"])).is_none());
        assert!(squeeze_onto(&shape(&["S", "R"]), &shape(&["R", "S"])).is_none());
    }
}
