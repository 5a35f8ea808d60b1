//! GPU streams (`GPU_Global` stream containers): kernels push to them and
//! the host empties them into arrays, as DaCe's GPU streams. A stream is a
//! buffer of its `buffer_size` elements and a counter, both in GPU
//! memory. A push takes the next slot with an atomic add on the counter
//! (threads push in no particular order); the host reads the counter,
//! copies that many elements and sets it back to zero:
//!
//! ```text
//! tasklet: b >> ostream (in a kernel)   =>   k = atomic_rmw addi %count[0], 1
//!                                            if k < capacity { data[k] = b } else { stop: "stream is full" }
//! ostream -> out (host)                 =>   n = count; copy n elements data -> out; count = 0
//! ```

use crate::lowering::builder::memory::AtomicOp;
use crate::lowering::builder::Val;
use crate::lowering::function::FnGen;
use crate::lowering::types::Ty;
use crate::model::DataDesc;
use crate::symbolic::Subset;

impl FnGen<'_, '_> {
    /// Allocates the GPU stream `name`: its buffer (returned) and its
    /// counter, set to zero.
    pub fn allocate_gpu_stream(&mut self, name: &str, desc: &DataDesc, ty: Ty) -> Result<Val, String> {
        let capacity = self.gpu_stream_capacity(name, desc)?;
        self.module.declare_gpu_runtime();
        let four = self.b.i64(4);
        let one = self.b.i64(1);
        let label = self.module.string_constant(name);
        let text = self.b.address_of(&label);
        let size = self.b.i64(ty.bytes() as i64);
        let data = self.b.call_external_value("__sdfg_gpu_alloc", &[text.clone(), capacity.clone(), size], Ty::Ptr);
        let count = self.b.call_external_value("__sdfg_gpu_alloc", &[text, one, four], Ty::Ptr);
        self.set_gpu_stream_count(&count, 0);
        self.gpu_frees.push(data.clone());
        self.gpu_frees.push(count.clone());
        self.gpu_streams.insert(name.to_string(), GpuStream { count, capacity, private: false });
        Ok(data)
    }

    /// Allocates in the thread's memory the GPU stream `name` private to a
    /// scope of a kernel: its buffer (returned) and its counter, set to 0.
    pub fn allocate_thread_stream(&mut self, name: &str, desc: &DataDesc, ty: Ty) -> Result<Val, String> {
        let capacity = self.gpu_stream_capacity(name, desc)?;
        let limit = super::rooms::MAX_PRIVATE_ELEMENTS;
        if !desc.buffer_size.as_ref().and_then(|b| b.as_int()).is_some_and(|n| n <= limit) {
            return Err(format!(
                "GPU stream '{name}' private to a scope in a kernel has buffer_size {}: a thread holds up to {limit} elements known when compiling",
                desc.buffer_size.clone().unwrap_or(crate::symbolic::Expr::int(0))
            ));
        }
        let data = self.b.alloca(&capacity, ty);
        let one = self.b.i64(1);
        let count = self.b.alloca(&one, Ty::I64);
        let zero = self.b.int(0, Ty::I64);
        self.b.store(&zero, &count, Ty::I64);
        self.gpu_streams.insert(name.to_string(), GpuStream { count, capacity, private: true });
        Ok(data)
    }

    /// Elements a GPU stream holds: its buffer size (for every stream of
    /// an array of streams). A GPU stream cannot grow.
    fn gpu_stream_capacity(&mut self, name: &str, desc: &DataDesc) -> Result<Val, String> {
        let buffer = desc.buffer_size.clone().filter(|b| b.as_int() != Some(0)).ok_or_else(|| {
            format!("GPU stream '{name}' has no buffer size: a stream in GPU memory holds as many elements as its buffer_size says")
        })?;
        if desc.total_elements().as_int() != Some(1) {
            return Err(format!("GPU stream '{name}' is an array of streams: the GPU back end holds single GPU streams"));
        }
        self.int(&buffer)
    }

    /// The GPU stream `name` held here: its counter and capacity.
    pub fn gpu_stream(&self, name: &str) -> Result<GpuStream, String> {
        self.gpu_streams.get(name).cloned().ok_or_else(|| format!("GPU stream '{name}' is not allocated here"))
    }

    /// Pushes `v` to the stream `name`: a GPU stream from a kernel, a
    /// host stream from anywhere.
    pub fn push_to_stream(&mut self, name: &str, v: &Val) -> Result<(), String> {
        let c = self.container(name)?.clone();
        if !c.desc.storage.is_gpu() {
            let s = self.base(name)?;
            self.module.stream_push(&mut self.b, &s, v, c.ty);
            return Ok(());
        }
        if self.kernel.is_none() {
            return Err(format!("host code pushes to GPU stream '{name}': only kernels push to GPU streams"));
        }
        self.gpu_stream_push(name, v)
    }

    fn set_gpu_stream_count(&mut self, count: &Val, value: i64) {
        let slot = self.b.slot(Ty::I32);
        let v = self.b.int(value, Ty::I32);
        self.b.store(&v, &slot, Ty::I32);
        let four = self.b.i64(4);
        self.b.call_external("__sdfg_gpu_copy", &[count.clone(), slot, four], None);
    }

    /// Pushes `v` to the GPU stream `name` from a kernel.
    fn gpu_stream_push(&mut self, name: &str, v: &Val) -> Result<(), String> {
        let GpuStream { count, capacity, private } = self.gpu_stream(name)?;
        let c = self.container(name)?.clone();
        let data = self.base(name)?;
        let zero = self.b.i64(0);
        let one = self.b.i64(1);
        // A thread's own counter is 64-bit: with a 32-bit one in private
        // memory, lavapipe read values no push had written.
        let counter_ty = if private { Ty::I64 } else { Ty::I32 };
        let counter = self.flat_view(&count, counter_ty, &one);
        let step = self.b.int(1, counter_ty);
        let taken = if private {
            let taken = self.b.memref_load(&counter, &[zero.clone()]);
            let next = self.b.binary(crate::lowering::arith::Op::Add, &taken, &step)?;
            self.b.memref_store(&next, &counter, &[zero.clone()]);
            taken
        } else {
            self.b.memref_atomic_rmw(AtomicOp::Add, &counter, &[zero.clone()], &step)
        };
        let k = self.b.cast(&taken, Ty::I64);
        let room = self.b.compare("lt", &k, &capacity);
        self.b.begin_if(&room, &[]);
        let slots = self.flat_view(&data, c.ty, &capacity);
        self.b.memref_store(v, &slots, &[k]);
        self.b.begin_else(&[]);
        let text = format!("error: GPU stream '{name}' is full: it holds {} elements (its buffer_size)", c.desc.buffer_size.clone().unwrap_or(crate::symbolic::Expr::int(0)));
        let label = self.module.string_constant(&text);
        self.b.trap(&label);
        self.b.end();
        Ok(())
    }

    /// A one-dimensional view of `size` elements of GPU memory at `base`.
    fn flat_view(&mut self, base: &Val, ty: Ty, size: &Val) -> crate::lowering::builder::memref::MemRef {
        let one = self.b.i64(1);
        if self.module.gpu == Some(super::Target::Vulkan) {
            return self.b.flat_memref_view(base, ty, &[one]);
        }
        let zero = self.b.i64(0);
        self.b.memref_view(base, ty, &[size.clone()], &[one], &zero)
    }

    /// Empties the GPU stream `stream` into `dst` from the subset's first
    /// element on (host code).
    pub fn gpu_stream_drain(&mut self, stream: &str, dst: &str, dst_sub: &Subset) -> Result<(), String> {
        let GpuStream { count, capacity, private } = self.gpu_stream(stream)?;
        if private {
            return self.thread_stream_drain(stream, dst, dst_sub);
        }
        if self.kernel.is_some() {
            return Err(format!("a kernel empties GPU stream '{stream}': the host empties GPU streams (or a thread its own)"));
        }
        let (s, d) = (self.container(stream)?.clone(), self.container(dst)?.clone());
        if s.ty != d.ty {
            return Err(format!("a copy from GPU stream '{stream}' to '{dst}' that converts its elements"));
        }
        if !super::copy::contiguous(&d.desc, dst_sub) {
            return Err(format!("GPU stream '{stream}' emptied into '{dst}' [{dst_sub}], which is not contiguous"));
        }
        let slot = self.b.slot(Ty::I32);
        let four = self.b.i64(4);
        self.b.call_external("__sdfg_gpu_copy", &[slot.clone(), count.clone(), four], None);
        let held = self.b.load(&slot, Ty::I32);
        let held = self.b.cast(&held, Ty::I64);
        let n = self.b.binary(crate::lowering::arith::Op::Min, &held, &capacity)?;
        let size = self.b.i64(s.ty.bytes() as i64);
        let bytes = self.b.binary(crate::lowering::arith::Op::Mul, &n, &size)?;
        let start: Vec<Val> = dst_sub.dims().iter().map(|d| self.int(&d.start)).collect::<Result<_, _>>()?;
        let to = self.address_unchecked(dst, &start)?;
        let from = self.base(stream)?;
        self.b.call_external("__sdfg_gpu_copy", &[to, from, bytes], None);
        self.set_gpu_stream_count(&count, 0);
        self.fill_counts.insert(dst.to_string(), n);
        Ok(())
    }
}

impl FnGen<'_, '_> {
    /// Empties a thread's own GPU stream `stream` into `dst` from the
    /// subset's first element on, in the order of the pushes.
    fn thread_stream_drain(&mut self, stream: &str, dst: &str, dst_sub: &Subset) -> Result<(), String> {
        let GpuStream { count, capacity, .. } = self.gpu_stream(stream)?;
        let ty = self.container(stream)?.ty;
        let zero = self.b.i64(0);
        let one = self.b.i64(1);
        let counter = self.flat_view(&count, Ty::I64, &one);
        let held = self.b.memref_load(&counter, &[zero.clone()]);
        let held = self.b.cast(&held, Ty::I64);
        let n = self.b.binary(crate::lowering::arith::Op::Min, &held, &capacity)?;
        let data = self.base(stream)?;
        let slots = self.flat_view(&data, ty, &capacity);
        let start: Vec<Val> = dst_sub.dims().iter().map(|d| self.int(&d.start)).collect::<Result<_, _>>()?;
        let k = self.b.begin_for(&zero, &n, &one, &[]).iv;
        let v = self.b.memref_load(&slots, &[k.clone()]);
        let mut at = start.clone();
        let [first] = at.as_mut_slice() else {
            return Err(format!("GPU stream '{stream}' emptied into '{dst}' [{dst_sub}]: a thread empties its stream into one dimension"));
        };
        *first = self.b.binary(crate::lowering::arith::Op::Add, first, &k)?;
        self.store_at(dst, &at, &v, None)?;
        self.b.end();
        let none = self.b.int(0, Ty::I64);
        self.b.memref_store(&none, &counter, &[zero]);
        self.fill_counts.insert(dst.to_string(), n);
        Ok(())
    }
}

/// Where a GPU stream's counter is and how many elements it holds
/// (evaluated where it is allocated: a nested SDFG gets both from its
/// caller, as its buffer size is in the caller's symbols).
#[derive(Clone)]
pub struct GpuStream {
    pub count: Val,
    pub capacity: Val,
    /// A stream of one GPU thread (private to a scope in a kernel): in the
    /// thread's memory, which takes no atomics.
    pub private: bool,
}
