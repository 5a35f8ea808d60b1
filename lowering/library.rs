//! Library nodes: the operands of a node gathered once, then each class
//! lowered to loop nests or library calls (MatMul family, Reduce and the
//! transposes here; BLAS level 1, batched products, contractions, FFTs and
//! linear algebra in files of their own).

use super::builder::Val;
use super::function::FnGen;
use super::state::StateCx;
use super::types::Ty;
use crate::model::{NodeKind, Wcr};
use crate::symbolic::Dim;
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
        let NodeKind::Library { classpath, properties } = &cx.state.nodes[n].kind else { unreachable!() };
        let class = classpath.rsplit('.').next().unwrap_or(classpath);
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
        match class {
            "MatMul" | "Gemm" | "Gemv" | "Dot" => {
                let (a, b, c) = match class {
                    "Gemv" => (get("_A")?, get("_x")?, get("_y")?),
                    "Dot" => (get("_x")?, get("_y")?, get("_result")?),
                    _ => (get("_a")?, get("_b")?, get("_c")?),
                };
                let num = |k: &str, d: f64| properties.get(k).and_then(|v| v.as_f64()).unwrap_or(d);
                let flag = |k: &str| properties.get(k).and_then(|v| v.as_bool()).unwrap_or(false);
                let (ta, tb) = (flag("transA"), flag("transB"));
                let cin = if class == "Gemm" { ops.get("_cin") } else { None };
                let (alpha, beta) = (num("alpha", 1.0), num("beta", 0.0));
                if c.dims.len() == 3 {
                    // Batched: one matrix product per leading index.
                    let (outer, idx) = self.loops(&[dim(c, 0)?])?;
                    let (a, b, c) = (self.batch(a, &idx[0])?, self.batch(b, &idx[0])?, self.batch(c, &idx[0])?);
                    self.matmul(&a, &b, &c, None, alpha, beta, ta, tb)?;
                    self.close(outer);
                    return Ok(());
                }
                if self.library_call_allowed(properties) && self.try_blas(a, b, c, cin, alpha, beta, ta, tb)? {
                    return Ok(());
                }
                self.matmul(a, b, c, cin, alpha, beta, ta, tb)
            }
            "Reduce" => {
                let (inp, out) = (get("_in")?, get("_out")?);
                let wcr = Wcr::parse(properties.get("wcr").and_then(|v| v.as_str()).unwrap_or("(lambda a, b: a)")).map_err(|e| e.to_string())?;
                let axes = axes_property(properties);
                let identity = properties.get("identity").and_then(|v| v.as_f64());
                self.reduce(inp, out, &wcr, axes, identity)
            }
            "Transpose" => {
                let (inp, out) = (get("_inp")?, get("_out")?);
                let (m, k) = (dim(inp, 0)?, dim(inp, 1)?);
                let (outer, inner) = self.loops(&[m, k])?;
                let (i, j) = (inner[0].clone(), inner[1].clone());
                let v = self.element_of(inp, &[i.clone(), j.clone()])?;
                self.store_into(out, &[j, i], &v)?;
                self.close(outer);
                Ok(())
            }
            "TensorTranspose" => {
                let (inp, out) = (get("_inp_tensor")?, get("_out_tensor")?);
                let axes = axes_property(properties).unwrap_or_else(|| (0..inp.start.len()).rev().collect());
                let num = |k: &str, d: f64| properties.get(k).and_then(|v| v.as_f64()).unwrap_or(d);
                self.tensor_transpose(inp, out, &axes, num("alpha", 1.0), num("beta", 0.0))
            }
            "Ger" | "Axpy" => self.blas_level1(class, &ops, properties),
            "BatchedMatMul" => self.batched_matmul(get("_a")?, get("_b")?, get("_c")?, properties),
            "TensorDot" => self.tensordot(get("_left_tensor")?, get("_right_tensor")?, get("_out_tensor")?, properties),
            "Einsum" => self.einsum(&cx.state.nodes[n], &ops, properties),
            "FFT" | "IFFT" => self.fft(get("_inp")?, get("_out")?, properties, class == "IFFT"),
            "Solve" | "Inv" | "Cholesky" | "Getrf" | "Getrs" | "Getri" | "Potrf" => self.linalg(class, properties, &ops),
            other => Err(format!("library node '{other}' ({classpath}) has no expansion")),
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

/// A library node's `axes` property.
fn axes_property(properties: &crate::model::Extra) -> Option<Vec<usize>> {
    let axes = properties.get("axes")?.as_array()?;
    Some(axes.iter().filter_map(|x| x.as_u64().map(|x| x as usize)).collect())
}
