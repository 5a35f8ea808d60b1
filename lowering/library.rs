//! Library nodes: the operands of a node gathered once, then each class
//! lowered to loop nests or library calls (MatMul family, Reduce and the
//! transposes here; BLAS level 1, batched products, contractions, FFTs and
//! linear algebra in files of their own).

use super::builder::Val;
use super::function::FnGen;
use super::state::StateCx;
use super::types::Ty;
use crate::model::{constant, LibraryClass, NodeKind, ProductKind, Wcr};
use crate::symbolic::{Dim, Expr, Value};
use std::collections::HashMap;

/// A library node's connected operand: container, subset start, extents.
pub(super) struct Operand {
    pub(super) data: String,
    pub(super) start: Vec<Val>,
    /// Dimensions of the subset that are not of extent 1, with their extents.
    pub(super) dims: Vec<(usize, Val)>,
    pub(super) wcr: Option<Wcr>,
}

impl FnGen<'_, '_> {
    pub fn library(&mut self, cx: &StateCx, n: usize) -> Result<(), String> {
        let NodeKind::Library(lib) = &cx.state.nodes[n].kind else { unreachable!() };
        let class = lib.class_name();
        let mut ops: HashMap<String, Operand> = HashMap::new();
        for e in cx.state.edges.iter().filter(|e| e.dst == n || e.src == n) {
            let Some(data) = &e.memlet.data else { continue };
            let conn = if e.dst == n { e.dst_conn.clone() } else { e.src_conn.clone() };
            let key = conn.unwrap_or_else(|| if e.dst == n { "_in".into() } else { "_out".into() });
            let shape = self.container(data)?.desc.shape.clone();
            let dims: Vec<Dim> = match &e.memlet.subset {
                Some(s) => s.dims().to_vec(),
                None => shape.iter().map(|d| Dim::range(crate::symbolic::Expr::int(0), d.sub(&crate::symbolic::Expr::int(1)))).collect(),
            };
            let start = dims.iter().map(|d| self.int(&d.start)).collect::<Result<Vec<_>, _>>()?;
            let mut extents = Vec::new();
            for (i, d) in dims.iter().enumerate() {
                if d.num_elements().as_int() != Some(1) {
                    extents.push((i, self.int(&d.num_elements())?));
                }
            }
            ops.insert(key, Operand { data: data.clone(), start, dims: extents, wcr: e.memlet.wcr.clone() });
        }
        let get = |k: &str| ops.get(k).ok_or_else(|| format!("{class} has no '{k}' connection"));
        match lib.class() {
            LibraryClass::Product(p) if p.kind == ProductKind::BatchedMatMul => {
                let factors = (number(class, "alpha", &p.alpha)?, number(class, "beta", &p.beta)?, p.trans_a, p.trans_b);
                let blas = self.library_call_allowed(lib);
                self.batched_matmul(get("_a")?, get("_b")?, get("_c")?, blas, factors)
            }
            LibraryClass::Product(p) => {
                let (a, b, c) = match p.kind {
                    ProductKind::Gemv => (get("_A")?, get("_x")?, get("_y")?),
                    ProductKind::Dot => (get("_x")?, get("_y")?, get("_result")?),
                    _ => (get("_a")?, get("_b")?, get("_c")?),
                };
                let (ta, tb) = (p.trans_a, p.trans_b);
                let cin = if p.kind == ProductKind::Gemm { ops.get("_cin") } else { None };
                let (alpha, beta) = (number(class, "alpha", &p.alpha)?, number(class, "beta", &p.beta)?);
                if c.dims.len() == 3 {
                    // Batched: one matrix product per leading index.
                    let (outer, idx) = self.loops(&[dim(c, 0)?])?;
                    let (a, b, c) = (self.batch(a, &idx[0])?, self.batch(b, &idx[0])?, self.batch(c, &idx[0])?);
                    self.matmul(&a, &b, &c, None, alpha, beta, ta, tb)?;
                    self.close(outer);
                    return Ok(());
                }
                if self.library_call_allowed(lib) && self.try_blas(a, b, c, cin, alpha, beta, ta, tb)? {
                    return Ok(());
                }
                self.matmul(a, b, c, cin, alpha, beta, ta, tb)
            }
            LibraryClass::Reduce { wcr, axes, identity } => {
                let (inp, out) = (get("_in")?, get("_out")?);
                let identity = identity.map(|v| match v {
                    Value::Int(i) => i as f64,
                    Value::Float(f) => f,
                    Value::Bool(b) => f64::from(u8::from(b)),
                });
                self.reduce(inp, out, wcr, axes.clone(), identity)
            }
            LibraryClass::Transpose => {
                let (inp, out) = (get("_inp")?, get("_out")?);
                let (m, k) = (dim(inp, 0)?, dim(inp, 1)?);
                let (outer, inner) = self.loops(&[m, k])?;
                let (i, j) = (inner[0].clone(), inner[1].clone());
                let v = self.element_of(inp, &[i.clone(), j.clone()])?;
                self.store_into(out, &[j, i], &v)?;
                self.close(outer);
                Ok(())
            }
            LibraryClass::TensorTranspose { axes, alpha, beta } => {
                let (inp, out) = (get("_inp_tensor")?, get("_out_tensor")?);
                let axes = axes.clone().unwrap_or_else(|| (0..inp.start.len()).rev().collect());
                self.tensor_transpose(inp, out, &axes, number(class, "alpha", alpha)?, number(class, "beta", beta)?)
            }
            LibraryClass::Ger { alpha } => self.blas_level1(class, &ops, alpha, lib),
            LibraryClass::Axpy { a } => self.blas_level1(class, &ops, a, lib),
            LibraryClass::TensorDot { left_axes, right_axes, permutation } => {
                let axes = (left_axes.as_slice(), right_axes.as_slice(), permutation.as_deref());
                self.tensordot(get("_left_tensor")?, get("_right_tensor")?, get("_out_tensor")?, axes)
            }
            LibraryClass::Einsum { einsum_str, alpha, beta } => self.einsum(&cx.state.nodes[n], &ops, einsum_str, alpha.as_ref(), beta.as_ref()),
            LibraryClass::Fft { inverse, factor } => self.fft(get("_inp")?, get("_out")?, factor.as_ref(), *inverse),
            LibraryClass::Linalg { op, lower } => self.linalg(class, *op, *lower, lib, &ops),
            LibraryClass::Other => Err(format!("library node '{class}' ({}) has no expansion", lib.classpath())),
        }
    }

    /// `out = alpha * inp.transpose(axes) + beta * out`: output dimension
    /// `k` runs along input dimension `axes[k]`.
    fn tensor_transpose(&mut self, inp: &Operand, out: &Operand, axes: &[usize], alpha: f64, beta: f64) -> Result<(), String> {
        let rank = inp.start.len();
        let mut sorted = axes.to_vec();
        sorted.sort_unstable();
        if out.start.len() != rank || sorted != (0..rank).collect::<Vec<_>>() {
            return Err(format!("TensorTranspose axes {axes:?} do not permute a rank-{rank} tensor"));
        }
        // Loops run over the input's non-unit dimensions; unit ones carry no index.
        let free_in: Vec<usize> = inp.dims.iter().map(|(d, _)| *d).collect();
        let extents: Vec<Val> = inp.dims.iter().map(|(_, e)| e.clone()).collect();
        let (outer, idx) = self.loops(&extents)?;
        let out_idx = axes
            .iter()
            .filter_map(|a| free_in.iter().position(|d| d == a).map(|p| idx[p].clone()))
            .collect::<Vec<_>>();
        if out_idx.len() != out.dims.len() {
            return Err("TensorTranspose input and output extents differ".into());
        }
        let ty = self.container(&out.data)?.ty;
        let mut v = self.element_of(inp, &idx)?;
        v = self.b.cast(&v, ty);
        if alpha != 1.0 {
            let a = self.b.float(alpha, ty);
            v = self.b.binary(super::arith::Op::Mul, &v, &a)?;
        }
        if beta != 0.0 {
            let old = self.element_of(out, &out_idx)?;
            let b = self.b.float(beta, ty);
            let scaled = self.b.binary(super::arith::Op::Mul, &old, &b)?;
            v = self.b.binary(super::arith::Op::Add, &v, &scaled)?;
        }
        self.store_into(out, &out_idx, &v)?;
        self.close(outer);
        Ok(())
    }

    fn reduce(&mut self, inp: &Operand, out: &Operand, wcr: &Wcr, axes: Option<Vec<usize>>, identity: Option<f64>) -> Result<(), String> {
        // `axes` number every dimension of the input subset, unit ones
        // included (as DaCe's expansion does); the loops run over the
        // non-unit ones, `inp.dims`, and the output window drops the same.
        let axes: Vec<usize> = axes.unwrap_or_else(|| (0..inp.start.len()).collect());
        if let Some(bad) = axes.iter().find(|&&a| a >= inp.start.len()) {
            return Err(format!("Reduce axis {bad} out of range for a {}-dimensional input", inp.start.len()));
        }
        let kept: Vec<usize> = (0..inp.dims.len()).filter(|&i| !axes.contains(&inp.dims[i].0)).collect();
        if self.gpu_pending.is_some() {
            return self.gpu_reduce(inp, out, wcr, &kept, identity);
        }
        let out_ty = self.container(&out.data)?.ty;
        if let Some(id) = identity {
            let extents = kept.iter().map(|&d| dim(inp, d)).collect::<Result<Vec<_>, _>>()?;
            let (outer, idx) = self.loops(&extents)?;
            let v = self.b.float(id, if out_ty.is_int() { Ty::F64 } else { out_ty });
            let idx = if idx.is_empty() { vec![self.b.i64(0)] } else { idx };
            self.store_plain(out, &idx, &v)?;
            self.close(outer);
        }
        let extents = (0..inp.dims.len()).map(|d| dim(inp, d)).collect::<Result<Vec<_>, _>>()?;
        let (outer, idx) = self.loops(&extents)?;
        let v = self.element_of(inp, &idx)?;
        let o_idx: Vec<Val> = kept.iter().map(|&d| idx[d].clone()).collect();
        let o_idx = if o_idx.is_empty() { vec![self.b.i64(0)] } else { o_idx };
        let full = self.operand_indices(out, &o_idx)?;
        let at = self.element_at(&out.data, &full)?;
        // The loops are sequential, so the update needs no atomics.
        let saved = std::mem::replace(&mut self.parallel, 0);
        let r = self.wcr_write(&at, out_ty, &v, wcr);
        self.parallel = saved;
        r?;
        self.close(outer);
        Ok(())
    }

    /// Sequential loops over `extents` from 0; returns the count to close
    /// and the induction variables.
    pub(super) fn loops(&mut self, extents: &[Val]) -> Result<(usize, Vec<Val>), String> {
        let zero = self.b.i64(0);
        let one = self.b.i64(1);
        let mut ivs = Vec::new();
        for e in extents {
            ivs.push(self.b.begin_for(&zero, e, &one, &[]).iv);
        }
        Ok((extents.len(), ivs))
    }

    pub(super) fn close(&mut self, n: usize) {
        for _ in 0..n {
            self.b.end();
        }
    }

    /// Container indices of window indices `idx` of an operand.
    pub(super) fn operand_indices(&mut self, o: &Operand, idx: &[Val]) -> Result<Vec<Val>, String> {
        let free: Vec<usize> = o.dims.iter().map(|(d, _)| *d).collect();
        if free.is_empty() {
            return Ok(o.start.clone());
        }
        self.window_indices(&o.start, &free, idx)
    }

    pub(super) fn element_of(&mut self, o: &Operand, idx: &[Val]) -> Result<Val, String> {
        let full = self.operand_indices(o, idx)?;
        self.load_element(&o.data, &full)
    }

    pub(super) fn store_into(&mut self, o: &Operand, idx: &[Val], v: &Val) -> Result<(), String> {
        let full = self.operand_indices(o, idx)?;
        self.store_element(&o.data, &full, v, o.wcr.as_ref(), false)
    }

    pub(super) fn store_plain(&mut self, o: &Operand, idx: &[Val], v: &Val) -> Result<(), String> {
        let full = self.operand_indices(o, idx)?;
        self.store_element(&o.data, &full, v, None, false)
    }
}

/// The extent of an operand's `i`-th non-unit dimension.
pub(super) fn dim(o: &Operand, i: usize) -> Result<Val, String> {
    o.dims.get(i).map(|(_, v)| v.clone()).ok_or_else(|| format!("operand '{}' has fewer than {} dimensions", o.data, i + 1))
}

/// A scalar property the lowering needs as a number.
fn number(class: &str, key: &str, e: &Expr) -> Result<f64, String> {
    constant(e).ok_or_else(|| format!("{class} property '{key}' = '{e}' is not a number"))
}
