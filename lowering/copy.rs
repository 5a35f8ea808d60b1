//! Copies between access nodes: subset to other subset, element by element
//! in row-major order (shapes may differ when the counts agree), with type
//! conversion, write-conflict resolution, and streams drained or filled.

use super::arith::Op;
use super::builder::Val;
use super::function::FnGen;
use crate::model::{DataEdge, DataKind, Wcr};
use crate::symbolic::{Dim, Expr, Subset};

impl FnGen<'_, '_> {
    /// Copies along edge `e` from container `src` to container `dst`
    /// (access nodes, or the outer container a scope's memlet names).
    pub fn copy(&mut self, e: &DataEdge, src: &str, dst: &str) -> Result<(), String> {
        let (src, dst) = (src.to_string(), dst.to_string());
        let src_sub = self.copy_subset(e, &src, true)?;
        let dst_sub = self.copy_subset(e, &dst, false)?;
        if self.is_gpu_copy(&src, &dst) {
            return self.gpu_copy(e, &src, &src_sub, &dst, &dst_sub);
        }
        let (src_kind, dst_kind) = (self.container(&src)?.desc.kind, self.container(&dst)?.desc.kind);
        if src_kind == DataKind::Stream && self.container(&src)?.desc.storage.is_gpu() {
            return self.gpu_stream_drain(&src, &dst, &dst_sub);
        }
        if src_kind == DataKind::Stream {
            return self.drain(&src, &dst, &dst_sub);
        }
        let src_dims = src_sub.dims().to_vec();
        let dst_dims = dst_sub.dims().to_vec();
        let sizes = |dims: &[Dim]| -> Vec<Expr> { dims.iter().map(|d| d.num_elements()).collect() };
        let (ss, ds) = (sizes(&src_dims), sizes(&dst_dims));
        // Same extents (ignoring unit dimensions): one loop nest indexes both.
        let squeeze = |v: &[Expr]| -> Vec<Expr> { v.iter().filter(|e| e.as_int() != Some(1)).cloned().collect() };
        let count = ss.iter().fold(Expr::int(1), |a, b| a.mul(b));
        let mut n = self.int(&count)?;
        if e.memlet.other_subset.is_some() && dst_kind != DataKind::Stream {
            let to = ds.iter().fold(Expr::int(1), |a, b| a.mul(b));
            self.check_copy_count(e, &src, &dst, &count, &n, &to)?;
        }
        // An array filled from a stream passes on as many elements as it got
        // (DaCe's local-stream pattern: stream -> array -> outer stream),
        // from its first element on.
        let filled = if dst_kind == DataKind::Stream { self.fill_counts.get(&src).cloned() } else { None };
        if let Some(f) = &filled {
            n = f.clone();
        }
        let zero = self.b.i64(0);
        let one = self.b.i64(1);
        let shared = self.block_share_of_copy(&src, &dst)?;
        if squeeze(&ss) == squeeze(&ds) && dst_kind != DataKind::Stream && shared.is_none() {
            return self.copy_nest(&src, &src_dims, &dst, &dst_dims, e.memlet.wcr.as_ref());
        }
        // Different shapes (or the threads of a block sharing the copy):
        // walk the flat element index of both subsets.
        let (first, stride) = shared.clone().unwrap_or((zero, one));
        let kv = self.b.begin_for(&first, &n, &stride, &[]).iv;
        let from = match filled {
            Some(_) => vec![kv.clone()],
            None => self.unravel(&kv, &src_dims)?,
        };
        let value = self.load_at(&src, &from)?;
        if dst_kind == DataKind::Stream {
            self.push_to_stream(&dst, &value)?;
        } else {
            let to = self.unravel(&kv, &dst_dims)?;
            self.store_at(&dst, &to, &value, e.memlet.wcr.as_ref())?;
        }
        self.b.end();
        if shared.is_some() {
            self.b.gpu_barrier();
        }
        Ok(())
    }

    /// The subset of one end of a copy (see [`crate::model::Memlet::copy_subset`]).
    fn copy_subset(&mut self, e: &DataEdge, name: &str, is_src: bool) -> Result<Subset, String> {
        let shape = self.container(name)?.desc.shape.clone();
        Ok(e.memlet.copy_subset(name, is_src, &shape))
    }

    /// Nested loops over the non-unit dimensions shared by both subsets.
    fn copy_nest(&mut self, src: &str, sd: &[Dim], dst: &str, dd: &[Dim], wcr: Option<&Wcr>) -> Result<(), String> {
        let free_src: Vec<usize> = (0..sd.len()).filter(|&i| sd[i].num_elements().as_int() != Some(1)).collect();
        let free_dst: Vec<usize> = (0..dd.len()).filter(|&i| dd[i].num_elements().as_int() != Some(1)).collect();
        let mut from: Vec<Val> = sd.iter().map(|d| self.int(&d.start)).collect::<Result<_, _>>()?;
        let mut to: Vec<Val> = dd.iter().map(|d| self.int(&d.start)).collect::<Result<_, _>>()?;
        let zero = self.b.i64(0);
        let one = self.b.i64(1);
        for (a, b) in free_src.iter().zip(&free_dst) {
            let n = self.int(&sd[*a].num_elements())?;
            let kv = self.b.begin_for(&zero, &n, &one, &[]).iv;
            from[*a] = self.strided(&from[*a], &kv, &sd[*a].step)?;
            to[*b] = self.strided(&to[*b], &kv, &dd[*b].step)?;
        }
        let value = self.load_at(src, &from)?;
        self.store_at(dst, &to, &value, wcr)?;
        for _ in &free_src {
            self.b.end();
        }
        Ok(())
    }

    /// `start + k * step`.
    fn strided(&mut self, start: &Val, k: &Val, step: &Expr) -> Result<Val, String> {
        let off = if step.as_int() == Some(1) {
            k.clone()
        } else {
            let s = self.int(step)?;
            self.b.binary(Op::Mul, k, &s)?
        };
        self.b.binary(Op::Add, start, &off)
    }

    /// Indices of flat element `k` of a subset (row-major).
    fn unravel(&mut self, k: &Val, dims: &[Dim]) -> Result<Vec<Val>, String> {
        let mut rest = k.clone();
        let mut out = vec![rest.clone(); dims.len()];
        for (i, d) in dims.iter().enumerate().rev() {
            let n = self.int(&d.num_elements())?;
            let q = self.b.binary(Op::FloorDiv, &rest, &n)?;
            let r = self.b.binary(Op::Rem, &rest, &n)?;
            let start = self.int(&d.start)?;
            out[i] = self.strided(&start, &r, &d.step)?;
            rest = q;
        }
        Ok(out)
    }

    fn load_at(&mut self, data: &str, idx: &[Val]) -> Result<Val, String> {
        self.load_element(data, idx)
    }

    pub(crate) fn store_at(&mut self, data: &str, idx: &[Val], v: &Val, wcr: Option<&Wcr>) -> Result<(), String> {
        self.store_element(data, idx, v, wcr, false)
    }

    /// Empties a stream into an array, from the subset's first element on.
    fn drain(&mut self, stream: &str, dst: &str, dst_sub: &Subset) -> Result<(), String> {
        let s = self.base(stream)?;
        let ty = self.container(stream)?.ty;
        let start: Vec<Val> = dst_sub.dims().iter().map(|d| self.int(&d.start)).collect::<Result<_, _>>()?;
        let base = self.address(dst, &start)?;
        let len = self.module.stream_len(&mut self.b, &s);
        let zero = self.b.i64(0);
        let one = self.b.i64(1);
        let k = self.b.begin_for(&zero, &len, &one, &[]).iv;
        let v = self.module.stream_pop(&mut self.b, &s, ty);
        let dty = self.container(dst)?.ty;
        let at = self.b.gep(&base, &k, dty);
        self.b.store(&v, &at, dty);
        self.b.end();
        self.fill_counts.insert(dst.to_string(), len);
        Ok(())
    }
}
