//! Parts of an expression that are not elementwise: each is computed into
//! a transient by a state of its own before the statement's map, and the
//! expression reads that transient.
//!
//! - `A @ B`, `np.dot`, `np.matmul`: a `MatMul` library node (matrix,
//!   matrix-vector, vector-matrix, or dot product, or a stack of matrix
//!   products, as DaCe expands it);
//! - `np.sum`, `np.prod`, `np.max`/`np.amax`, `np.min`/`np.amin`
//!   (`axis=k`, a tuple of axes, or all): a `Reduce` library node;
//!   `np.mean` is the sum divided by the count;
//! - allocations (`allocations.rs`): a new transient, filled by a map
//!   where a value is given.
//!
//! ```text
//! C[:] = A @ B + C   =>   state 1: A, B -> MatMul -> __tmp0
//!                         state 2: __tmp0, C -> map(__out = __in0 + __in1) -> C
//! ```

use super::dataflow::{window, Write};
use super::elementwise::{full, materialize, materialize_squeezed, Access, Elementwise, Input, Kind, Lowerer, Part, Var};
use super::types;
use crate::model::{DataEdge, LibraryNode, Memlet, Node, NodeKind, ScalarType, State};
use crate::symbolic::{Dim, Expr as Sym, Subset};
use rustpython_parser::ast::{self, Constant, Expr, Ranged};
use serde_json::{json, Map, Value};

const MATMUL: &str = "dace.libraries.blas.nodes.matmul.MatMul";
const REDUCE: &str = "dace.libraries.standard.nodes.reduce.Reduce";


impl Lowerer<'_> {
    /// `left @ right`.
    pub(super) fn matmul(&mut self, left: &Expr, right: &Expr, at: usize) -> Result<Part, (usize, String)> {
        let (a, ashape, akind) = materialize_squeezed(self.m, left, self.host)?;
        let (b, bshape, bkind) = materialize_squeezed(self.m, right, self.host)?;
        let inner_ok = |x: &Sym, y: &Sym| x.is_symbolically_equal(y);
        let shape = match (ashape.as_slice(), bshape.as_slice()) {
            ([m, k], [k2, n]) if inner_ok(k, k2) => vec![m.clone(), n.clone()],
            ([m, k], [k2]) if inner_ok(k, k2) => vec![m.clone()],
            ([k], [k2, n]) if inner_ok(k, k2) => vec![n.clone()],
            ([k], [k2]) if inner_ok(k, k2) => Vec::new(),
            // Batched, as NumPy broadcasts a matrix over a stack of them.
            ([b, m, k], [k2, n]) if inner_ok(k, k2) => vec![b.clone(), m.clone(), n.clone()],
            ([m, k], [b, k2, n]) if inner_ok(k, k2) => vec![b.clone(), m.clone(), n.clone()],
            ([b, m, k], [b2, k2, n]) if inner_ok(k, k2) && b.is_symbolically_equal(b2) => vec![b.clone(), m.clone(), n.clone()],
            (x, y) if x.len() <= 3 && y.len() <= 3 && !x.is_empty() && !y.is_empty() => {
                return Err((at, "the operands' inner dimensions differ".into()))
            }
            _ => return Err((at, "matrix products of operands of up to three dimensions (a stack of matrices) only, so far".into())),
        };
        let kind = super::elementwise::promote(akind, bkind);
        let out = self.host.transient(kind.ty, shape.clone());
        let node = LibraryNode::parse(MATMUL.into(), Map::new()).map_err(|e| (at, e.to_string()))?;
        let state = self.library(node, &[("_a", &a), ("_b", &b)], "_c", &out, &shape);
        self.host.before(state);
        let conn = self.input(&out, full(&shape));
        Ok((conn, shape, kind))
    }

    /// NumPy calls that are not elementwise; `None` for other names.
    pub(super) fn hoisted_call(&mut self, name: &str, c: &ast::ExprCall, at: usize) -> Result<Option<Part>, (usize, String)> {
        Ok(Some(match name {
            "dot" | "matmul" => match c.args.as_slice() {
                [a, b] => self.matmul(a, b, at)?,
                _ => return Err((at, format!("np.{name} takes two arguments"))),
            },
            "sum" | "prod" | "max" | "amax" | "min" | "amin" | "mean" => self.reduction(name, c, at)?,
            "transpose" => {
                let Some(operand) = c.args.first() else { return Err((at, "np.transpose needs an array".into())) };
                let axes = match c.args.get(1).or(c.keywords.iter().find(|k| k.arg.as_deref() == Some("axes")).map(|k| &k.value)) {
                    None => None,
                    Some(Expr::Tuple(t)) => Some(t.elts.iter().collect::<Vec<_>>()),
                    Some(Expr::List(l)) => Some(l.elts.iter().collect::<Vec<_>>()),
                    Some(other) => return Err((other.range().start().to_usize(), "axes must be a tuple".into())),
                };
                self.transpose(operand, axes.as_deref(), at)?
            }
            "cumsum" => self.cumsum(c, at)?,
            "reshape" => match c.args.as_slice() {
                [operand, shape] => self.reshape(operand, shape, at)?,
                _ => return Err((at, "np.reshape takes an array and a shape".into())),
            },
            _ if super::allocations::ALLOCATIONS.contains(&name) => {
                let (ty, shape, fill) = self.allocation(name, c, at)?;
                let out = self.host.transient(ty, shape.clone());
                self.fill(&out, &shape, fill);
                let conn = self.input(&out, full(&shape));
                (conn, shape, Kind { ty, weak: false })
            }
            _ => return Ok(None),
        }))
    }

    /// `np.transpose(e, axes)` / `e.T`: a copy with permuted dimensions
    /// (reversed without `axes`).
    pub(super) fn transpose(&mut self, operand: &Expr, axes: Option<&[&Expr]>, at: usize) -> Result<Part, (usize, String)> {
        let (input, shape, kind) = materialize(self.m, operand, self.host)?;
        let rank = shape.len();
        let perm: Vec<usize> = match axes {
            None => (0..rank).rev().collect(),
            Some(list) => list.iter().map(|e| self.axis(e, rank)).collect::<Result<_, _>>()?,
        };
        let mut sorted = perm.clone();
        sorted.sort();
        if sorted != (0..rank).collect::<Vec<_>>() {
            return Err((at, "axes must be a permutation of the dimensions".into()));
        }
        // Output dimension k runs along input dimension perm[k].
        let new_shape: Vec<Sym> = perm.iter().map(|&j| shape[j].clone()).collect();
        let position = |j: usize| perm.iter().position(|&p| p == j).expect("a permutation");
        let index = |j: usize| Sym::sym(&format!("__i{}", position(j)));
        self.rearranged(input, &new_shape, kind, &index)
    }

    /// A shape argument: `(N, M)`, `[N * M]`, `N` (sizes over symbols) or
    /// another array's `A.shape`.
    pub(super) fn shape_arg(&self, e: &Expr) -> Result<Vec<Sym>, (usize, String)> {
        if let Expr::Attribute(a) = e {
            if let (Expr::Name(n), "shape") = (&*a.value, a.attr.as_str()) {
                return match self.host.lookup(n.id.as_str()) {
                    Some(Var::Data { shape, .. }) => Ok(shape),
                    _ => Err((e.range().start().to_usize(), format!("'{}' is not an array", n.id))),
                };
            }
        }
        let dims: Vec<&Expr> = match e {
            Expr::Tuple(t) => t.elts.iter().collect(),
            Expr::List(l) => l.elts.iter().collect(),
            one => vec![one],
        };
        let host = &*self.host;
        let local = |n: &str| match host.lookup(n) {
            Some(Var::Symbol(s)) => Some(s),
            _ => None,
        };
        dims.iter().map(|d| types::symbolic(self.m, d, &local).map_err(|e| (d.range().start().to_usize(), e))).collect()
    }

    /// `np.reshape(e, shape)`: a copy in C order.
    fn reshape(&mut self, operand: &Expr, shape: &Expr, at: usize) -> Result<Part, (usize, String)> {
        let (input, old_shape, kind) = materialize(self.m, operand, self.host)?;
        let new_shape = self.shape_arg(shape)?;
        let size = |s: &[Sym]| s.iter().fold(Sym::int(1), |a, d| a.mul(d)).simplify();
        // A size in symbols of its own (`C_before_fc1`, given at the call)
        // is taken on trust, as DaCe does; otherwise the counts must agree.
        let (new_size, old_size) = (size(&new_shape), size(&old_shape));
        let trusted = !new_size.free_symbols().is_subset(&old_size.free_symbols());
        if !trusted && !new_size.is_symbolically_equal(&old_size) {
            return Err((at, "the new shape holds a different number of elements".into()));
        }
        // The flat index of an output element, then the input's indices of it.
        let flat = (0..new_shape.len()).fold(Sym::int(0), |acc, k| acc.add(&Sym::sym(&format!("__i{k}")).mul(&size(&new_shape[k + 1..]))));
        let index = |j: usize| {
            let divisor = size(&old_shape[j + 1..]);
            let below = if divisor.as_int() == Some(1) { flat.clone() } else { Sym::call("int_floor", vec![flat.clone(), divisor]) };
            if j == 0 { below } else { Sym::call("Mod", vec![below, old_shape[j].clone()]) }
        };
        self.rearranged(input, &new_shape, kind, &index)
    }

    /// A new transient of `shape` holding `input` read at `index(j)` along
    /// its dimension `j` (an expression of the map's `__i0`, `__i1`, ...).
    fn rearranged(&mut self, input: Input, shape: &[Sym], kind: Kind, index: &dyn Fn(usize) -> Sym) -> Result<Part, (usize, String)> {
        let mut ranges = 0;
        let dims: Vec<Access> = input
            .dims
            .iter()
            .map(|d| match d {
                Access::Range { start, step, .. } => {
                    let i = start.add(&step.mul(&index(ranges)));
                    ranges += 1;
                    Access::Index(i.simplify())
                }
                other => other.clone(),
            })
            .collect();
        let out = self.host.transient(kind.ty, shape.to_vec());
        let ew = Elementwise { code: "__in0".into(), inputs: vec![Input { data: input.data, dims }], shape: shape.to_vec(), kind };
        let state = super::dataflow::state(self.host.sdfg(), Write { data: out.clone(), dims: full(shape) }, ew, &self.host.loc());
        self.host.before(state);
        let conn = self.input(&out, full(shape));
        Ok((conn, shape.to_vec(), kind))
    }


    pub(super) fn reduction(&mut self, name: &str, c: &ast::ExprCall, at: usize) -> Result<Part, (usize, String)> {
        let Some(operand) = c.args.first() else { return Err((at, format!("np.{name} needs an array"))) };
        let (input, shape, kind) = materialize(self.m, operand, self.host)?;
        let keyword = |k: &str| c.keywords.iter().find(|kw| kw.arg.as_deref() == Some(k)).map(|kw| &kw.value);
        let axis = keyword("axis").or(c.args.get(1));
        let keepdims = matches!(keyword("keepdims"), Some(Expr::Constant(ast::ExprConstant { value: Constant::Bool(true), .. })));
        let initial = match keyword("initial") {
            Some(v) => Some(self.literal(v)?),
            None => None,
        };
        let axes: Vec<usize> = match axis {
            None => (0..shape.len()).collect(),
            Some(Expr::Constant(ast::ExprConstant { value: Constant::None, .. })) => (0..shape.len()).collect(),
            Some(Expr::Tuple(t)) => t.elts.iter().map(|e| self.axis(e, shape.len())).collect::<Result<_, _>>()?,
            Some(e) => vec![self.axis(e, shape.len())?],
        };
        if let Some(k) = c.keywords.iter().find(|k| !matches!(k.arg.as_deref(), Some("axis" | "keepdims" | "initial"))) {
            return Err((k.range().start().to_usize(), format!("np.{name} takes axis, keepdims and initial only, so far")));
        }
        let out_shape: Vec<Sym> = shape.iter().enumerate().filter(|(k, _)| !axes.contains(k)).map(|(_, s)| s.clone()).collect();
        let float = matches!(kind.ty, ScalarType::F16 | ScalarType::F32 | ScalarType::F64);
        let (wcr, identity) = match name {
            "sum" | "mean" => ("(lambda x, y: (x + y))", json!(0)),
            "prod" => ("(lambda x, y: (x * y))", json!(1)),
            "max" | "amax" => ("(lambda x, y: max(x, y))", if float { json!(f64::MIN) } else { json!(i64::MIN) }),
            _ => ("(lambda x, y: min(x, y))", if float { json!(f64::MAX) } else { json!(i64::MAX) }),
        };
        let ty = match (name, kind.ty) {
            ("mean", _) if !float => ScalarType::F64,
            ("sum" | "prod", ScalarType::Bool | ScalarType::I8 | ScalarType::I16 | ScalarType::I32) => ScalarType::I64,
            (_, t) => t,
        };
        let out = self.host.transient(ty, out_shape.clone());
        let mut props = Map::new();
        props.insert("wcr".into(), Value::String(wcr.into()));
        let identity = match initial.as_deref().map(|t| t.replace(['(', ')'], "")) {
            Some(t) => serde_json::from_str::<Value>(&t).map_err(|_| (at, "initial must be a number".to_string()))?,
            None => identity,
        };
        props.insert("identity".into(), identity);
        if axes.len() < shape.len() {
            props.insert("axes".into(), json!(axes));
        }
        let node = LibraryNode::parse(REDUCE.into(), props).map_err(|e| (at, e.to_string()))?;
        let state = self.library(node, &[("", &input)], "", &out, &out_shape);
        self.host.before(state);
        let conn = self.input(&out, full(&out_shape));
        // keepdims: the reduced dimensions stay, as new axes of one.
        let result_shape = if keepdims {
            let mut kept = full(&out_shape).into_iter();
            *self.last_input_dims() = (0..shape.len()).map(|k| if axes.contains(&k) { Access::NewAxis } else { kept.next().expect("kept") }).collect();
            shape.iter().enumerate().map(|(k, s)| if axes.contains(&k) { Sym::int(1) } else { s.clone() }).collect()
        } else {
            out_shape
        };
        if name != "mean" {
            return Ok((conn, result_shape, Kind { ty, weak: false }));
        }
        let count = axes.iter().fold(Sym::int(1), |acc, &k| acc.mul(&shape[k])).simplify();
        Ok((format!("({conn} / float({count}))"), result_shape, Kind { ty, weak: false }))
    }

    fn axis(&self, e: &Expr, rank: usize) -> Result<usize, (usize, String)> {
        let at = e.range().start().to_usize();
        let v = types::symbolic(self.m, e, &|_| None).ok().and_then(|v| v.as_int()).ok_or((at, "an axis must be an integer constant".to_string()))?;
        let k = if v < 0 { v + rank as i64 } else { v };
        usize::try_from(k).ok().filter(|k| *k < rank).ok_or((at, format!("axis {v} is out of bounds for {rank} dimensions")))
    }

    /// A state running library node `node` on `inputs` (connector, data)
    /// into `out` of `shape` (connector `out_conn`; empty names: none).
    pub(super) fn library(&mut self, node: LibraryNode, inputs: &[(&str, &Input)], out_conn: &str, out: &str, shape: &[Sym]) -> State {
        let loc = self.host.loc();
        let mut st = State::default();
        let conn = |c: &str| (!c.is_empty()).then(|| c.to_string());
        let ins: Vec<String> = inputs.iter().filter(|(c, _)| !c.is_empty()).map(|(c, _)| c.to_string()).collect();
        let outs: Vec<String> = conn(out_conn).into_iter().collect();
        let label = format!("_{}_", node.class_name());
        st.nodes.push(Node::new(&label, NodeKind::Library(Box::new(node)), &ins, &outs, &loc));
        let mut read: Vec<(String, usize)> = Vec::new();
        for (c, input) in inputs {
            let src = match read.iter().find(|(d, _)| *d == input.data) {
                Some((_, n)) => *n,
                None => {
                    st.nodes.push(access(&input.data, &loc));
                    read.push((input.data.clone(), st.nodes.len() - 1));
                    st.nodes.len() - 1
                }
            };
            let memlet = Memlet { data: Some(input.data.clone()), subset: Some(window(&input.dims)), ..Default::default() };
            st.edges.push(DataEdge { src, src_conn: None, dst: 0, dst_conn: conn(c), memlet, loc: loc.clone() });
        }
        st.nodes.push(access(out, &loc));
        let dst = st.nodes.len() - 1;
        let subset = if shape.is_empty() { Subset::Range(vec![Dim::index(Sym::int(0))]) } else { window(&full(shape)) };
        let memlet = Memlet { data: Some(out.to_string()), subset: Some(subset), ..Default::default() };
        st.edges.push(DataEdge { src: 0, src_conn: conn(out_conn), dst, dst_conn: None, memlet, loc });
        st
    }
}

fn access(data: &str, loc: &crate::model::Loc) -> Node {
    Node::new(data, NodeKind::Access { data: data.to_string(), setzero: false }, &[] as &[&str], &[], loc)
}
