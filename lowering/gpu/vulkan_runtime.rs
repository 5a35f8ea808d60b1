//! The Vulkan runtime of programs run by `sdfg-run`: the `mgpu*` functions
//! that MLIR's launch lowering calls and our `__sdfg_gpu_*` helpers, over
//! the device [`super::vulkan::open`] finds. They are registered in the JIT
//! under their C names ([`symbols`]).
//!
//! GPU arrays are host-visible, coherent storage buffers kept mapped, so a
//! copy to or from one is a `memcpy`; every launch is submitted and waited
//! for, so host code after it sees its results. Kernel arguments are
//! `memref<?xT>` descriptors (see `buffers`): one that points into a GPU
//! array binds that buffer at the aligned offset at or before the pointer,
//! one that points to host memory (the launch's scalars, last) is copied
//! into a buffer of its own, with the bytes each array's pointer lies past
//! its binding in the first slots and the kernel's status last: a check
//! that fails in the kernel sets it, the runtime copies it back, and the
//! program's `__sdfg_gpu_check` after the launch reports it. Devices run
//! with robust buffer access where they offer it, so that the threads of
//! a failed check read and write nothing outside their arrays. A
//! failure prints what failed, naming the kernel and Vulkan's error code,
//! and ends the process with status 1.

use super::vulkan::{name as vk_name, open};
use ash::vk;
use std::collections::HashMap;
use std::ffi::{c_char, c_void, CStr, CString};
use std::sync::Mutex;

extern "C" {
    fn _exit(status: i32) -> !;
}

/// Reports a runtime failure and ends the process (not unwinding through
/// the compiled program).
fn fail(message: &str) -> ! {
    eprintln!("error: Vulkan: {message}");
    // SAFETY: ends the process without running the program's destructors,
    // which would call back into this runtime.
    unsafe { _exit(1) }
}

struct Buffer {
    buffer: vk::Buffer,
    memory: vk::DeviceMemory,
    bytes: usize,
}

struct Runtime {
    _instance: ash::Instance,
    device: ash::Device,
    queue: vk::Queue,
    pool: vk::CommandPool,
    memory_type: u32,
    limits: vk::PhysicalDeviceLimits,
    /// GPU arrays by their mapped address.
    arrays: HashMap<usize, Buffer>,
    /// The kernel launched last, for reports of its checks.
    last_kernel: String,
    /// Pipelines by kernel and number of bindings.
    pipelines: HashMap<(usize, usize), (vk::DescriptorSetLayout, vk::PipelineLayout, vk::Pipeline)>,
    _entry: ash::Entry,
}

// SAFETY: the handles are used under the mutex only.
unsafe impl Send for Runtime {}

static RUNTIME: Mutex<Option<Runtime>> = Mutex::new(None);

/// A loaded kernel module and a kernel in it, as the launch code holds them.
struct Module {
    shader: vk::ShaderModule,
}
struct Function {
    shader: vk::ShaderModule,
    name: CString,
}

fn check<T>(r: Result<T, vk::Result>, what: &str) -> T {
    r.unwrap_or_else(|e| fail(&format!("{what} failed: {}", vk_name(e))))
}

/// Runs `f` on the runtime, creating it on first use.
fn with_runtime<T>(f: impl FnOnce(&mut Runtime) -> T) -> T {
    let mut guard = RUNTIME.lock().unwrap_or_else(|p| p.into_inner());
    let runtime = guard.get_or_insert_with(|| start().unwrap_or_else(|e| fail(&e)));
    f(runtime)
}

fn start() -> Result<Runtime, String> {
    let o = open()?;
    // SAFETY: the instance and physical device are live; every create-info
    // outlives the call it is passed to.
    unsafe {
        let mut v12 = vk::PhysicalDeviceVulkan12Features::default();
        let mut features = vk::PhysicalDeviceFeatures2::default().push_next(&mut v12);
        o.instance.get_physical_device_features2(o.physical, &mut features);
        let have = features.features;
        let int64_atomics = v12.shader_buffer_int64_atomics;
        let enabled = vk::PhysicalDeviceFeatures::default()
            .shader_float64(have.shader_float64 == vk::TRUE)
            .shader_int64(have.shader_int64 == vk::TRUE)
            .shader_int16(have.shader_int16 == vk::TRUE)
            .robust_buffer_access(have.robust_buffer_access == vk::TRUE);
        let mut enabled12 = vk::PhysicalDeviceVulkan12Features::default().shader_buffer_int64_atomics(int64_atomics == vk::TRUE);
        let priorities = [1.0f32];
        let queues = [vk::DeviceQueueCreateInfo::default().queue_family_index(o.family).queue_priorities(&priorities)];
        let info = vk::DeviceCreateInfo::default().queue_create_infos(&queues).enabled_features(&enabled).push_next(&mut enabled12);
        let device = o.instance.create_device(o.physical, &info, None).map_err(|r| format!("vkCreateDevice failed: {}", vk_name(r)))?;
        let queue = device.get_device_queue(o.family, 0);
        let pool_info = vk::CommandPoolCreateInfo::default().queue_family_index(o.family);
        let pool = device.create_command_pool(&pool_info, None).map_err(|r| format!("vkCreateCommandPool failed: {}", vk_name(r)))?;
        let wanted = vk::MemoryPropertyFlags::HOST_VISIBLE | vk::MemoryPropertyFlags::HOST_COHERENT;
        let memory = o.instance.get_physical_device_memory_properties(o.physical);
        let memory_type = memory.memory_types_as_slice().iter().position(|t| t.property_flags.contains(wanted));
        let Some(memory_type) = memory_type else { return Err(format!("device '{}' has no host-visible memory", o.name)) };
        let limits = o.instance.get_physical_device_properties(o.physical).limits;
        Ok(Runtime {
            _instance: o.instance,
            device,
            queue,
            pool,
            memory_type: memory_type as u32,
            limits,
            arrays: HashMap::new(),
            last_kernel: String::new(),
            pipelines: HashMap::new(),
            _entry: o.entry,
        })
    }
}

impl Runtime {
    /// A mapped storage buffer of `bytes` (at least 16); its address.
    fn buffer(&mut self, bytes: usize, what: &str) -> (usize, Buffer) {
        let size = bytes.max(16) as u64;
        // SAFETY: the device is live; the buffer and memory are bound and
        // mapped once, and freed by `release`.
        unsafe {
            let info = vk::BufferCreateInfo::default()
                .size(size)
                .usage(vk::BufferUsageFlags::STORAGE_BUFFER)
                .sharing_mode(vk::SharingMode::EXCLUSIVE);
            let buffer = check(self.device.create_buffer(&info, None), what);
            let needs = self.device.get_buffer_memory_requirements(buffer);
            if needs.memory_type_bits & (1 << self.memory_type) == 0 {
                fail(&format!("{what}: no host-visible memory for storage buffers"));
            }
            let alloc = vk::MemoryAllocateInfo::default().allocation_size(needs.size).memory_type_index(self.memory_type);
            let memory = check(self.device.allocate_memory(&alloc, None), what);
            check(self.device.bind_buffer_memory(buffer, memory, 0), what);
            let p = check(self.device.map_memory(memory, 0, vk::WHOLE_SIZE, vk::MemoryMapFlags::empty()), what);
            (p as usize, Buffer { buffer, memory, bytes })
        }
    }

    fn release(&self, b: Buffer) {
        // SAFETY: no submitted work uses the buffer (launches are waited for).
        unsafe {
            self.device.unmap_memory(b.memory);
            self.device.destroy_buffer(b.buffer, None);
            self.device.free_memory(b.memory, None);
        }
    }

    /// The GPU array holding `address`: its buffer and the offset in it.
    fn array_at(&self, address: usize) -> Option<(vk::Buffer, u64)> {
        self.arrays.iter().find(|(base, b)| address >= **base && address < **base + b.bytes.max(1)).map(|(base, b)| (b.buffer, (address - base) as u64))
    }

    fn pipeline(&mut self, f: &Function, bindings: usize) -> (vk::DescriptorSetLayout, vk::PipelineLayout, vk::Pipeline) {
        let key = (f as *const Function as usize, bindings);
        if let Some(p) = self.pipelines.get(&key) {
            return *p;
        }
        let kernel = f.name.to_string_lossy();
        let what = format!("creating the pipeline of kernel '{kernel}'");
        // SAFETY: the device and shader are live; create-infos outlive the calls.
        let p = unsafe {
            let slots: Vec<_> = (0..bindings)
                .map(|i| {
                    vk::DescriptorSetLayoutBinding::default()
                        .binding(i as u32)
                        .descriptor_type(vk::DescriptorType::STORAGE_BUFFER)
                        .descriptor_count(1)
                        .stage_flags(vk::ShaderStageFlags::COMPUTE)
                })
                .collect();
            let set = check(self.device.create_descriptor_set_layout(&vk::DescriptorSetLayoutCreateInfo::default().bindings(&slots), None), &what);
            let sets = [set];
            let layout = check(self.device.create_pipeline_layout(&vk::PipelineLayoutCreateInfo::default().set_layouts(&sets), None), &what);
            let stage = vk::PipelineShaderStageCreateInfo::default().stage(vk::ShaderStageFlags::COMPUTE).module(f.shader).name(&f.name);
            let info = vk::ComputePipelineCreateInfo::default().stage(stage).layout(layout);
            let pipelines = self.device.create_compute_pipelines(vk::PipelineCache::null(), &[info], None).map_err(|(_, r)| r);
            (set, layout, check(pipelines, &what)[0])
        };
        self.pipelines.insert(key, p);
        p
    }

    /// Runs `f` on a grid of workgroups with these storage buffers bound
    /// in order, and waits for it.
    fn dispatch(&mut self, f: &Function, grid: [u32; 3], bound: &[(vk::Buffer, u64)]) {
        let (set_layout, layout, pipeline) = self.pipeline(f, bound.len());
        let what = format!("running kernel '{}'", f.name.to_string_lossy());
        let d = &self.device;
        // SAFETY: every handle is live; the work is waited for before the
        // pool, command buffer and fence are destroyed.
        unsafe {
            let sizes = [vk::DescriptorPoolSize::default().ty(vk::DescriptorType::STORAGE_BUFFER).descriptor_count(bound.len().max(1) as u32)];
            let pool = check(d.create_descriptor_pool(&vk::DescriptorPoolCreateInfo::default().max_sets(1).pool_sizes(&sizes), None), &what);
            let layouts = [set_layout];
            let set = check(d.allocate_descriptor_sets(&vk::DescriptorSetAllocateInfo::default().descriptor_pool(pool).set_layouts(&layouts)), &what)[0];
            let infos: Vec<_> = bound.iter().map(|(b, offset)| [vk::DescriptorBufferInfo::default().buffer(*b).offset(*offset).range(vk::WHOLE_SIZE)]).collect();
            let writes: Vec<_> = infos
                .iter()
                .enumerate()
                .map(|(i, info)| {
                    vk::WriteDescriptorSet::default().dst_set(set).dst_binding(i as u32).descriptor_type(vk::DescriptorType::STORAGE_BUFFER).buffer_info(info)
                })
                .collect();
            d.update_descriptor_sets(&writes, &[]);
            let alloc = vk::CommandBufferAllocateInfo::default().command_pool(self.pool).level(vk::CommandBufferLevel::PRIMARY).command_buffer_count(1);
            let cb = check(d.allocate_command_buffers(&alloc), &what)[0];
            check(d.begin_command_buffer(cb, &vk::CommandBufferBeginInfo::default().flags(vk::CommandBufferUsageFlags::ONE_TIME_SUBMIT)), &what);
            d.cmd_bind_pipeline(cb, vk::PipelineBindPoint::COMPUTE, pipeline);
            d.cmd_bind_descriptor_sets(cb, vk::PipelineBindPoint::COMPUTE, layout, 0, &[set], &[]);
            d.cmd_dispatch(cb, grid[0], grid[1], grid[2]);
            // The kernel's writes visible to host reads after the fence.
            let barrier = vk::MemoryBarrier::default().src_access_mask(vk::AccessFlags::SHADER_WRITE).dst_access_mask(vk::AccessFlags::HOST_READ);
            d.cmd_pipeline_barrier(cb, vk::PipelineStageFlags::COMPUTE_SHADER, vk::PipelineStageFlags::HOST, vk::DependencyFlags::empty(), &[barrier], &[], &[]);
            check(d.end_command_buffer(cb), &what);
            let fence = check(d.create_fence(&vk::FenceCreateInfo::default(), None), &what);
            let cbs = [cb];
            check(d.queue_submit(self.queue, &[vk::SubmitInfo::default().command_buffers(&cbs)], fence), &what);
            check(d.wait_for_fences(&[fence], true, u64::MAX), &what);
            d.destroy_fence(fence, None);
            d.free_command_buffers(self.pool, &cbs);
            d.destroy_descriptor_pool(pool, None);
        }
    }
}

unsafe extern "C" fn module_load(data: *const u8, size: usize) -> *mut c_void {
    let bytes = std::slice::from_raw_parts(data, size);
    if size % 4 != 0 {
        fail("a kernel module is not SPIR-V (its size is not a multiple of 4)");
    }
    let words: Vec<u32> = bytes.chunks_exact(4).map(|w| u32::from_le_bytes([w[0], w[1], w[2], w[3]])).collect();
    let shader = with_runtime(|rt| check(rt.device.create_shader_module(&vk::ShaderModuleCreateInfo::default().code(&words), None), "loading a kernel module"));
    Box::into_raw(Box::new(Module { shader })) as *mut c_void
}

unsafe extern "C" fn module_unload(module: *mut c_void) {
    // Runs at exit, possibly after the runtime is gone: the process ends anyway.
    if !module.is_null() {
        drop(Box::from_raw(module as *mut Module));
    }
}

unsafe extern "C" fn module_get_function(module: *mut c_void, name: *const c_char) -> *mut c_void {
    let module = &*(module as *const Module);
    let name = CStr::from_ptr(name).to_owned();
    Box::into_raw(Box::new(Function { shader: module.shader, name })) as *mut c_void
}

#[allow(clippy::too_many_arguments)]
unsafe extern "C" fn launch_kernel(
    f: *mut c_void,
    gx: isize,
    gy: isize,
    gz: isize,
    bx: isize,
    by: isize,
    bz: isize,
    _smem: i32,
    _stream: *mut c_void,
    params: *mut *mut c_void,
    _extra: *mut *mut c_void,
    count: usize,
) {
    let f = &*(f as *const Function);
    let kernel = f.name.to_string_lossy().into_owned();
    // Every argument is a `memref<?xT>`: allocated and aligned pointers,
    // offset, size, stride.
    if count % 5 != 0 {
        fail(&format!("kernel '{kernel}': {count} launch parameters are not whole memref descriptors"));
    }
    let groups: Vec<(usize, i64)> = (0..count / 5)
        .map(|g| (*(*params.add(5 * g + 1) as *const usize), *(*params.add(5 * g + 3) as *const i64)))
        .collect();
    with_runtime(|rt| {
        let l = rt.limits;
        let grid = [gx, gy, gz];
        if (0..3).any(|a| grid[a] < 0 || grid[a] as u64 > l.max_compute_work_group_count[a] as u64) {
            fail(&format!(
                "kernel '{kernel}': a grid of {gx} x {gy} x {gz} workgroups is more than the device allows ({:?})",
                l.max_compute_work_group_count
            ));
        }
        if bx * by * bz > l.max_compute_work_group_invocations as isize {
            fail(&format!("kernel '{kernel}': blocks of {bx} x {by} x {bz} threads are more than the device's {}", l.max_compute_work_group_invocations));
        }
        let mut temporary = Vec::new();
        let mut bound = Vec::new();
        // Where each GPU array's pointer lies past its binding, which
        // starts at the device's offset alignment at or before it.
        let mut past = Vec::new();
        for (address, elements) in groups {
            match rt.array_at(address) {
                Some((buffer, offset)) => {
                    let skew = offset % l.min_storage_buffer_offset_alignment;
                    bound.push((buffer, offset - skew));
                    past.push(skew as i64);
                }
                None => {
                    // Host memory: the launch's scalar buffer, 8 bytes a
                    // slot, the first ones for the arrays' offsets.
                    let bytes = elements.max(0) as usize * 8;
                    let (p, b) = rt.buffer(bytes, &format!("kernel '{kernel}': its scalars"));
                    std::ptr::copy_nonoverlapping(address as *const u8, p as *mut u8, bytes);
                    let slots = std::slice::from_raw_parts_mut(p as *mut i64, elements.max(0) as usize);
                    if slots.len() < past.len() {
                        fail(&format!("kernel '{kernel}': its scalar buffer has no room for the arrays' offsets"));
                    }
                    slots[..past.len()].copy_from_slice(&past);
                    if let Some(status) = slots.last_mut() {
                        *status = 0;
                    }
                    bound.push((b.buffer, 0));
                    temporary.push((address, elements.max(0) as usize, p, b));
                }
            }
        }
        if grid.iter().all(|g| *g > 0) {
            rt.dispatch(f, [gx as u32, gy as u32, gz as u32], &bound);
        }
        for (address, elements, p, b) in temporary {
            // The status, back to the program.
            if elements > 0 {
                *(address as *mut i64).add(elements - 1) = *(p as *const i64).add(elements - 1);
            }
            rt.release(b);
        }
        rt.last_kernel = kernel;
    });
}

/// After a launch: reports the failed check `message` when `status` says
/// one failed.
unsafe extern "C" fn gpu_check(status: i64, message: *const c_char) {
    if status == 0 {
        return;
    }
    let text = if message.is_null() { "a run-time check failed".into() } else { CStr::from_ptr(message).to_string_lossy().into_owned() };
    let kernel = with_runtime(|rt| rt.last_kernel.clone());
    eprintln!("{text} (in GPU kernel '{kernel}', for some thread)");
    _exit(1);
}

unsafe extern "C" fn stream_create() -> *mut c_void {
    // Launches complete before they return: one stream, in order.
    std::ptr::NonNull::<c_void>::dangling().as_ptr()
}

unsafe extern "C" fn stream_nop(_stream: *mut c_void) {}

unsafe extern "C" fn gpu_alloc(name: *const c_char, count: i64, size: i64) -> *mut c_void {
    let name = CStr::from_ptr(name).to_string_lossy().into_owned();
    let bytes = count.checked_mul(size).filter(|b| *b >= 0).unwrap_or_else(|| fail(&format!("GPU array '{name}' of {count} elements of {size} bytes: invalid size")));
    with_runtime(|rt| {
        let max = rt.limits.max_storage_buffer_range as i64;
        if bytes > max {
            fail(&format!("GPU array '{name}' of {bytes} bytes is larger than the device's storage buffers ({max} bytes)"));
        }
        let (p, b) = rt.buffer(bytes as usize, &format!("allocating GPU array '{name}'"));
        rt.arrays.insert(p, b);
        p as *mut c_void
    })
}

/// A GPU array sized again for the symbols of now: the same one where its
/// size is unchanged, else a new one holding what the old one held (as far
/// as both reach).
unsafe extern "C" fn gpu_realloc(name: *const c_char, count: i64, size: i64, old: *mut c_void) -> *mut c_void {
    let held = with_runtime(|rt| rt.arrays.get(&(old as usize)).map(|b| b.bytes));
    if held.is_some_and(|bytes| count.checked_mul(size) == Some(bytes as i64)) {
        return old;
    }
    let p = gpu_alloc(name, count, size);
    if let Some(bytes) = held {
        let keep = bytes.min((count * size) as usize);
        std::ptr::copy_nonoverlapping(old as *const u8, p as *mut u8, keep);
        gpu_free(old);
    }
    p
}

unsafe extern "C" fn gpu_free(p: *mut c_void) {
    with_runtime(|rt| {
        if let Some(b) = rt.arrays.remove(&(p as usize)) {
            rt.release(b);
        }
    });
}

unsafe extern "C" fn gpu_copy(dst: *mut c_void, src: *const c_void, bytes: i64) {
    // GPU arrays are mapped host memory and no kernel is running.
    if bytes > 0 {
        std::ptr::copy(src as *const u8, dst as *mut u8, bytes as usize);
    }
}

/// The runtime's functions by the C names the compiled program calls.
pub fn symbols() -> Vec<(&'static str, *mut ())> {
    vec![
        ("mgpuModuleLoad", module_load as *mut ()),
        ("mgpuModuleUnload", module_unload as *mut ()),
        ("mgpuModuleGetFunction", module_get_function as *mut ()),
        ("mgpuLaunchKernel", launch_kernel as *mut ()),
        ("mgpuStreamCreate", stream_create as *mut ()),
        ("mgpuStreamSynchronize", stream_nop as *mut ()),
        ("mgpuStreamDestroy", stream_nop as *mut ()),
        ("__sdfg_gpu_alloc", gpu_alloc as *mut ()),
        ("__sdfg_gpu_free", gpu_free as *mut ()),
        ("__sdfg_gpu_realloc", gpu_realloc as *mut ()),
        ("__sdfg_gpu_copy", gpu_copy as *mut ()),
        ("__sdfg_gpu_check", gpu_check as *mut ()),
    ]
}
