//! Copies that host code makes to, from or between GPU containers: runtime
//! copies (`__sdfg_gpu_copy(dst, src, bytes)`, host<->device or
//! device<->device) of contiguous runs. Where both ends are contiguous the
//! whole copy is one call; else one call per run of the innermost
//! dimension (DaCe's 2-D strided copies), or per element where the
//! innermost dimension is itself strided.

use crate::lowering::arith::Op;
use crate::lowering::builder::Val;
use crate::lowering::function::FnGen;
use crate::model::{DataDesc, DataEdge, DataKind};
use crate::symbolic::{Dim, Expr, Subset};

impl FnGen<'_, '_> {
    /// Whether the host must copy along `e` with the GPU runtime.
    pub fn is_gpu_copy(&self, src: &str, dst: &str) -> bool {
        let gpu = |n: &str| self.containers.get(n).is_some_and(|c| c.desc.storage.is_gpu());
        self.kernel.is_none() && (gpu(src) || gpu(dst))
    }

    /// Copies subset `ss` of `src` to subset `ds` of `dst` (same extents,
    /// unit dimensions aside) with runtime copies.
    pub fn gpu_copy(&mut self, e: &DataEdge, src: &str, ss: &Subset, dst: &str, ds: &Subset) -> Result<(), String> {
        let (s, d) = (self.container(src)?.clone(), self.container(dst)?.clone());
        if s.desc.kind == DataKind::Stream && s.desc.storage.is_gpu() {
            return self.gpu_stream_drain(src, dst, ds);
        }
        if s.desc.kind == DataKind::Stream || d.desc.kind == DataKind::Stream {
            return Err(format!("a copy from '{src}' to '{dst}' between a stream and GPU memory: the host empties GPU streams into arrays only"));
        }
        if e.memlet.wcr.is_some() {
            return Err(format!("a copy from '{src}' to '{dst}' with write-conflict resolution between host and GPU memory"));
        }
        if s.ty != d.ty {
            return Err(format!("a copy between host and GPU memory that converts '{src}' ({:?}) to '{dst}' ({:?})", s.ty, d.ty));
        }
        let free = |sub: &Subset| -> Vec<Dim> { sub.dims().iter().filter(|d| d.num_elements().as_int() != Some(1)).cloned().collect() };
        let (sf, df) = (free(ss), free(ds));
        let counts_agree = sf.len() == df.len() && sf.iter().zip(&df).all(|(a, b)| a.num_elements().sub(&b.num_elements()).simplify().as_int() == Some(0));
        if !counts_agree {
            return Err(format!("a copy from '{src}' [{ss}] to '{dst}' [{ds}] between host and GPU memory reshapes; the GPU back end copies equal extents"));
        }
        self.module.declare_gpu_runtime();
        let bytes = self.b.i64(s.ty.bytes() as i64);
        if contiguous(&s.desc, ss) && contiguous(&d.desc, ds) {
            let count = sf.iter().fold(Expr::int(1), |a, d| a.mul(&d.num_elements()));
            let n = self.int(&count)?;
            let size = self.b.binary(Op::Mul, &n, &bytes)?;
            let from = self.start_address(src, ss)?;
            let to = self.start_address(dst, ds)?;
            self.b.call_external("__sdfg_gpu_copy", &[to, from, size], None);
            return Ok(());
        }
        // Runs of the innermost free dimension where it is unit-stride at
        // both ends, else single elements.
        let runs = sf.last().zip(df.last()).is_some_and(|(a, b)| {
            a.step.as_int() == Some(1) && b.step.as_int() == Some(1) && innermost_unit(&s.desc, ss) && innermost_unit(&d.desc, ds)
        });
        let looped = if runs { sf.len() - 1 } else { sf.len() };
        let mut from: Vec<Val> = ss.dims().iter().map(|d| self.int(&d.start)).collect::<Result<_, _>>()?;
        let mut to: Vec<Val> = ds.dims().iter().map(|d| self.int(&d.start)).collect::<Result<_, _>>()?;
        let s_free: Vec<usize> = (0..ss.dims().len()).filter(|&i| ss.dims()[i].num_elements().as_int() != Some(1)).collect();
        let d_free: Vec<usize> = (0..ds.dims().len()).filter(|&i| ds.dims()[i].num_elements().as_int() != Some(1)).collect();
        let (zero, one) = (self.b.i64(0), self.b.i64(1));
        for k in 0..looped {
            let (a, b) = (s_free[k], d_free[k]);
            let n = self.int(&ss.dims()[a].num_elements())?;
            let kv = self.b.begin_for(&zero, &n, &one, &[]).iv;
            from[a] = self.step_from(&from[a], &kv, &ss.dims()[a].step)?;
            to[b] = self.step_from(&to[b], &kv, &ds.dims()[b].step)?;
        }
        let run = if runs { self.int(&sf[sf.len() - 1].num_elements())? } else { one.clone() };
        let size = self.b.binary(Op::Mul, &run, &bytes)?;
        let p = self.address_unchecked(src, &from)?;
        let q = self.address_unchecked(dst, &to)?;
        self.b.call_external("__sdfg_gpu_copy", &[q, p, size], None);
        for _ in 0..looped {
            self.b.end();
        }
        Ok(())
    }

    fn start_address(&mut self, name: &str, sub: &Subset) -> Result<Val, String> {
        let start: Vec<Val> = sub.dims().iter().map(|d| self.int(&d.start)).collect::<Result<_, _>>()?;
        self.address_unchecked(name, &start)
    }

    /// `start + k * step`.
    fn step_from(&mut self, start: &Val, k: &Val, step: &Expr) -> Result<Val, String> {
        let s = self.int(step)?;
        let off = self.b.binary(Op::Mul, k, &s)?;
        self.b.binary(Op::Add, start, &off)
    }
}

/// Whether a subset of a container is one contiguous run of memory: row-major
/// strides, unit steps, and every dimension after the first that is not a
/// single index spans its whole extent.
pub(super) fn contiguous(desc: &DataDesc, sub: &Subset) -> bool {
    if !row_major(desc) {
        return false;
    }
    let dims = sub.dims();
    if dims.len() != desc.shape.len() && !(dims.len() <= 1 && desc.shape.len() <= 1) {
        return false;
    }
    let first = dims.iter().position(|d| d.num_elements().as_int() != Some(1));
    let Some(first) = first else { return true };
    dims.iter().enumerate().skip(first).all(|(i, d)| {
        let whole = i == first || d.num_elements().sub(&desc.shape[i]).simplify().as_int() == Some(0);
        d.step.as_int() == Some(1) && whole
    })
}

/// Whether the subset's last free dimension has stride 1 in the container.
fn innermost_unit(desc: &DataDesc, sub: &Subset) -> bool {
    let strides = desc.strides_or_default();
    let Some(pos) = sub.dims().iter().rposition(|d| d.num_elements().as_int() != Some(1)) else { return false };
    strides.get(pos).and_then(|s| s.as_int()) == Some(1)
}

/// Whether the descriptor's strides are C order.
fn row_major(desc: &DataDesc) -> bool {
    let strides = desc.strides_or_default();
    let mut expect = Expr::int(1);
    for (i, s) in strides.iter().enumerate().rev() {
        if s.sub(&expect).simplify().as_int() != Some(0) {
            return false;
        }
        expect = expect.mul(&desc.shape[i]);
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::model::test_array as array;

    /// A subset in Python's slice notation (end excluded).
    fn sub(text: &str) -> Subset {
        Subset::parse(text).unwrap()
    }

    #[test]
    fn whole_rows_are_one_run_of_memory() {
        let a = array(&["N", "M"], None);
        assert!(contiguous(&a, &sub("0:N, 0:M")));
        assert!(contiguous(&a, &sub("2:6, 0:M")));
        assert!(contiguous(&a, &sub("3, 1:5")));
        assert!(!contiguous(&a, &sub("0:N, 1:5")));
        assert!(!contiguous(&a, &sub("0:N:2, 0:M")));
        assert!(!contiguous(&a, &sub("1, 0:M:2")));
    }

    #[test]
    fn strided_layouts_are_not_contiguous() {
        let transposed = array(&["N", "M"], Some(&["1", "N"]));
        assert!(!contiguous(&transposed, &sub("0:N, 0:M")));
        assert!(innermost_unit(&array(&["N", "M"], None), &sub("0:N, 1:5")));
        assert!(!innermost_unit(&transposed, &sub("0:N, 1:5")));
    }
}
