//! Element accesses of containers. A container is seen as a `memref` view
//! (sizes = its shape, strides = its descriptor's strides, both evaluated
//! where the element is accessed, since symbols change while the program
//! runs), and an element is read and written with `memref.load` /
//! `memref.store`, one index per dimension. DaCe's index offset is added to
//! each index: the indices then lie in `[0, shape)`, as `memref.load`
//! requires (folding the offset into the view's offset would leave them
//! outside it, which its lowering marks as undefined).

use super::builder::memref::MemRef;
use super::builder::Val;
use super::function::FnGen;
use super::types::Ty;
use crate::model::Wcr;
use crate::symbolic::Expr;

/// An element of a container in memory, located but not yet accessed.
#[derive(Clone, Debug)]
pub struct Element {
    pub name: String,
    pub ty: Ty,
    /// The indices as the SDFG gives them (for [`FnGen::address`]).
    pub at: Vec<Val>,
    /// How to view the container; none for elements `memref` cannot hold
    /// (pointers), which are accessed through their address.
    layout: Option<Layout>,
}

/// What a `memref` view of a container is made of, and the element's
/// position in it.
#[derive(Clone, Debug)]
struct Layout {
    base: Val,
    sizes: Vec<Val>,
    strides: Vec<Val>,
    indices: Vec<Val>,
}

impl FnGen<'_, '_> {
    /// The address of element `indices` of a container (row-major with the
    /// descriptor's strides and offsets). Element reads and writes go
    /// through [`FnGen::element_at`]; a raw pointer is kept for what
    /// needs one: library calls (BLAS, LAPACK, memcpy), nested SDFG and C++
    /// tasklet arguments, views' targets, streams and runtime helpers.
    pub fn address(&mut self, name: &str, indices: &[Val]) -> Result<Val, String> {
        self.check_reachable(name)?;
        self.address_unchecked(name, indices)
    }

    /// As [`FnGen::address`], where host code may take the address of GPU
    /// memory (for the GPU runtime's copies).
    pub fn address_unchecked(&mut self, name: &str, indices: &[Val]) -> Result<Val, String> {
        let c = self.container(name)?.clone();
        let strides = c.desc.strides_or_default();
        let offsets = c.desc.offset.clone().unwrap_or_default();
        let mut linear = self.b.i64(0);
        for (d, idx) in indices.iter().enumerate() {
            let i = self.shifted_index(idx, offsets.get(d))?;
            let stride = match strides.get(d) {
                Some(s) => self.int(s)?,
                None => self.b.i64(1),
            };
            let term = self.b.binary(super::arith::Op::Mul, &i, &stride)?;
            linear = self.b.binary(super::arith::Op::Add, &linear, &term)?;
        }
        let base = self.base(name)?;
        Ok(self.b.gep(&base, &linear, c.ty))
    }

    /// Element `indices` of a container, to read or write: with bounds
    /// checking on, an index outside the container's shape stops the
    /// program here with a message naming the container.
    pub fn element_at(&mut self, name: &str, indices: &[Val]) -> Result<Element, String> {
        self.check_reachable(name)?;
        if self.module.check_bounds {
            self.check_bounds(name, indices)?;
        }
        let c = self.container(name)?;
        let (ty, desc) = (c.ty, c.desc.clone());
        let at = indices.to_vec();
        if ty == Ty::Ptr {
            return Ok(Element { name: name.to_string(), ty, at, layout: None });
        }
        let strides = desc.strides_or_default();
        let offsets = desc.offset.clone().unwrap_or_default();
        // Dimensions the access leaves out are at index 0 (as `address`
        // takes them); a container without dimensions is one element.
        let rank = desc.shape.len().max(indices.len()).max(1);
        let mut layout = Layout { base: self.base(name)?, sizes: Vec::new(), strides: Vec::new(), indices: Vec::new() };
        for d in 0..rank {
            let i = match indices.get(d) {
                Some(i) => self.shifted_index(i, offsets.get(d))?,
                None => self.b.i64(0),
            };
            let size = match desc.shape.get(d) {
                Some(s) => self.int(s)?,
                None => self.b.i64(1),
            };
            let stride = match strides.get(d) {
                Some(s) => self.int(s)?,
                None => self.b.i64(1),
            };
            layout.indices.push(i);
            layout.sizes.push(size);
            layout.strides.push(stride);
        }
        Ok(Element { name: name.to_string(), ty, at, layout: Some(layout) })
    }

    /// The container of `e` viewed with elements of `elem` (its own type,
    /// or an integer of the same width for atomic updates), and the
    /// element's indices in it.
    pub fn view(&mut self, e: &Element, elem: Ty) -> Option<(MemRef, Vec<Val>)> {
        let l = e.layout.as_ref()?;
        if self.kernel.is_some() && self.module.gpu == Some(super::gpu::Target::Vulkan) {
            let m = self.b.flat_memref_view(&l.base, elem, &l.strides);
            return Some((m, l.indices.clone()));
        }
        let offset = self.b.i64(0);
        let m = self.b.memref_view(&l.base, elem, &l.sizes, &l.strides, &offset);
        Some((m, l.indices.clone()))
    }

    /// Reads an element from memory.
    pub fn read(&mut self, e: &Element) -> Result<Val, String> {
        match self.view(e, e.ty) {
            Some((m, idx)) => Ok(self.b.memref_load(&m, &idx)),
            None => {
                let p = self.address(&e.name, &e.at)?;
                Ok(self.b.load(&p, e.ty))
            }
        }
    }

    /// Writes an element to memory (`v` converted to its type).
    pub fn write_plain(&mut self, e: &Element, v: &Val) -> Result<(), String> {
        match self.view(e, e.ty) {
            Some((m, idx)) => self.b.memref_store(v, &m, &idx),
            None => {
                let p = self.address(&e.name, &e.at)?;
                self.b.store(v, &p, e.ty);
            }
        }
        Ok(())
    }

    /// An index plus DaCe's index offset of its dimension, as `i64`.
    fn shifted_index(&mut self, idx: &Val, offset: Option<&Expr>) -> Result<Val, String> {
        let i = self.b.cast(idx, Ty::I64);
        match offset.filter(|o| o.as_int() != Some(0)) {
            Some(o) => {
                let o = self.int(o)?;
                self.b.binary(super::arith::Op::Add, &i, &o)
            }
            None => Ok(i),
        }
    }

    /// Stops the program when an index (plus its offset) is outside the
    /// container's shape.
    fn check_bounds(&mut self, name: &str, indices: &[Val]) -> Result<(), String> {
        let desc = &self.container(name)?.desc;
        let (shape, offsets) = (desc.shape.clone(), desc.offset.clone().unwrap_or_default());
        // With index offsets the position checked is index + offset.
        let shifted = offsets.iter().any(|o| o.as_int() != Some(0));
        let note = if shifted { " (index plus its offset)" } else { "" };
        let label = self.module.string_constant(&format!("error: out-of-bounds access to '{name}'{note}"));
        for (d, (idx, size)) in indices.iter().zip(&shape).enumerate() {
            let i = self.shifted_index(idx, offsets.get(d))?;
            let n = self.int(size)?;
            let zero = self.b.i64(0);
            let below = self.b.compare("lt", &i, &zero);
            let above = self.b.compare("ge", &i, &n);
            let out = self.b.logic(false, &below, &above);
            let dim = self.b.i64(d as i64);
            self.b.begin_if(&out, &[]);
            let n = self.b.cast(&n, Ty::I64);
            self.report_failure("__sdfg_out_of_bounds", &label, &[dim, i, n]);
            self.b.end();
        }
        Ok(())
    }

    /// Reads an element (a register's current value, or memory).
    pub fn load_element(&mut self, name: &str, indices: &[Val]) -> Result<Val, String> {
        let ty = self.container(name)?.ty;
        if let Some(current) = self.registers.get(name) {
            return Ok(match current.clone() {
                Some(v) => v,
                None => self.b.zero(ty),
            });
        }
        let e = self.element_at(name, indices)?;
        self.read(&e)
    }

    /// Writes an element, combining with write-conflict resolution `wcr`
    /// (atomically inside parallel maps unless `exclusive`).
    pub fn store_element(&mut self, name: &str, indices: &[Val], v: &Val, wcr: Option<&Wcr>, exclusive: bool) -> Result<(), String> {
        let ty = self.container(name)?.ty;
        if self.registers.contains_key(name) {
            let value = match wcr {
                Some(w) => {
                    let old = self.load_element(name, indices)?;
                    self.wcr_combine(w, &old, v, ty)?
                }
                None => self.b.cast(v, ty),
            };
            self.registers.insert(name.to_string(), Some(value));
            return Ok(());
        }
        let e = self.element_at(name, indices)?;
        match wcr {
            None => self.write_plain(&e, v),
            Some(w) if exclusive || self.private.contains(name) => self.wcr_update(&e, ty, v, w),
            Some(w) => self.wcr_write(&e, ty, v, w),
        }
    }
}
