//! `np.cumsum` of a one-dimensional array: a sequential loop before the
//! statement's map, each iteration adding one element to the previous sum.
//!
//! ```text
//! s = np.cumsum(x)   =>   loop __k = 0 .. N: __tmp0[__k] = (__tmp0[__k - 1] if __k > 0 else 0) + x[__k]
//!                         state: __tmp0 -> map(__out = __in0) -> s
//! ```

use super::dataflow::Write;
use super::elementwise::{full, materialize, Access, Elementwise, Input, Kind, Lowerer, Part};
use crate::model::ScalarType;
use crate::symbolic::Expr as Sym;
use rustpython_parser::ast::{self, Constant, Expr};

impl Lowerer<'_> {
    /// `np.cumsum(x)` of a one-dimensional `x`: a sequential loop,
    /// `out[k] = (out[k - 1] if k > 0 else 0) + x[k]`, in NumPy's result
    /// type (integers and booleans sum in int64).
    pub(super) fn cumsum(&mut self, c: &ast::ExprCall, at: usize) -> Result<Part, (usize, String)> {
        let [operand] = c.args.as_slice() else { return Err((at, "np.cumsum takes one array".into())) };
        if c.keywords.iter().any(|k| !(k.arg.as_deref() == Some("axis") && matches!(&k.value, Expr::Constant(v) if matches!(v.value, Constant::None | Constant::Int(_))))) {
            return Err((at, "np.cumsum takes only axis= (of a one-dimensional array), so far".into()));
        }
        let (input, shape, kind) = materialize(self.m, operand, self.host)?;
        let [len] = shape.as_slice() else { return Err((at, "np.cumsum of one-dimensional arrays only, so far".into())) };
        let ty = if kind.ty.is_float() || kind.ty.is_complex() { kind.ty } else { ScalarType::I64 };
        let out = self.host.transient(ty, shape.clone());
        let loc = self.host.loc();
        let element = |k: &Sym| -> Vec<Access> {
            input
                .dims
                .iter()
                .map(|d| match d {
                    Access::Range { start, step, .. } => Access::Index(start.add(&step.mul(k)).simplify()),
                    other => other.clone(),
                })
                .collect()
        };
        let out_name = out.clone();
        self.host.before_loop(len.clone(), &|sdfg, k| {
            let previous = Input { data: out_name.clone(), dims: vec![Access::Index(Sym::call("Max", vec![k.sub(&Sym::int(1)), Sym::int(0)]))] };
            let current = Input { data: input.data.clone(), dims: element(k) };
            let ew = Elementwise { code: format!("((__in0 if {k} > 0 else 0) + __in1)"), inputs: vec![previous, current], shape: Vec::new(), kind: Kind { ty, weak: false } };
            super::dataflow::state(sdfg, Write { data: out_name.clone(), dims: vec![Access::Index(k.clone())] }, ew, &loc)
        });
        let conn = self.input(&out, full(&shape));
        Ok((conn, shape, Kind { ty, weak: false }))
    }
}
