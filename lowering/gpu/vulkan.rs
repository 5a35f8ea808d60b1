//! The Vulkan runtime (`vulkan_runtime.c`, compiled with the crate): the
//! `mgpu*` functions that MLIR's launch lowering calls and our
//! `__sdfg_gpu_*` helpers, over the Vulkan loader (`libvulkan.so.1`)
//! opened at run time. The JIT finds them in this process ([`symbols`]);
//! libraries link their archive ([`runtime_archive`]). [`probe`] finds a
//! device the same way the runtime does: where there is none, the error
//! says why, from the loader missing to an instance the driver refuses
//! (pointing `VK_ICD_FILENAMES` at no driver fails at `vkCreateInstance`).

use std::ffi::{c_char, c_void, CStr};
use std::path::{Path, PathBuf};

/// The runtime's archive, as built with the crate.
const RUNTIME_ARCHIVE: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/libsdfg_vulkan_runtime.a"));

extern "C" {
    fn sdfg_vulkan_probe(out: *mut c_char, n: usize) -> i32;
    fn mgpuModuleLoad(data: *mut c_void, size: usize) -> *mut c_void;
    fn mgpuModuleUnload(module: *mut c_void);
    fn mgpuModuleGetFunction(module: *mut c_void, name: *const c_char) -> *mut c_void;
    fn mgpuLaunchKernel();
    fn mgpuStreamCreate() -> *mut c_void;
    fn mgpuStreamSynchronize(stream: *mut c_void);
    fn mgpuStreamDestroy(stream: *mut c_void);
    fn __sdfg_gpu_alloc(name: *const c_char, count: i64, size: i64) -> *mut c_void;
    fn __sdfg_gpu_free(p: *mut c_void);
    fn __sdfg_gpu_realloc(name: *const c_char, count: i64, size: i64, old: *mut c_void) -> *mut c_void;
    fn __sdfg_gpu_copy(dst: *mut c_void, src: *const c_void, bytes: i64);
    fn __sdfg_gpu_check(status: i64, message: *const c_char);
}

/// A Vulkan device found by [`probe`].
pub struct Device {
    /// The device's name (`llvmpipe (LLVM 15.0.6, 256 bits)`).
    pub name: String,
}

/// The first Vulkan device that can run compute work.
pub fn probe() -> Result<Device, String> {
    let mut text = [0 as c_char; 512];
    // SAFETY: the runtime writes a NUL-terminated text of at most `n` bytes.
    let status = unsafe { sdfg_vulkan_probe(text.as_mut_ptr(), text.len()) };
    // SAFETY: as above.
    let text = unsafe { CStr::from_ptr(text.as_ptr()) }.to_string_lossy().into_owned();
    if status == 0 {
        Ok(Device { name: text })
    } else {
        Err(text)
    }
}

/// The runtime's functions by the C names the compiled program calls.
pub fn symbols() -> Vec<(&'static str, *mut ())> {
    vec![
        ("mgpuModuleLoad", mgpuModuleLoad as *mut ()),
        ("mgpuModuleUnload", mgpuModuleUnload as *mut ()),
        ("mgpuModuleGetFunction", mgpuModuleGetFunction as *mut ()),
        ("mgpuLaunchKernel", mgpuLaunchKernel as *mut ()),
        ("mgpuStreamCreate", mgpuStreamCreate as *mut ()),
        ("mgpuStreamSynchronize", mgpuStreamSynchronize as *mut ()),
        ("mgpuStreamDestroy", mgpuStreamDestroy as *mut ()),
        ("__sdfg_gpu_alloc", __sdfg_gpu_alloc as *mut ()),
        ("__sdfg_gpu_free", __sdfg_gpu_free as *mut ()),
        ("__sdfg_gpu_realloc", __sdfg_gpu_realloc as *mut ()),
        ("__sdfg_gpu_copy", __sdfg_gpu_copy as *mut ()),
        ("__sdfg_gpu_check", __sdfg_gpu_check as *mut ()),
    ]
}

/// Writes the runtime's archive into `work`, for linking into a library
/// (which then needs only `libvulkan.so.1` where it runs).
pub fn runtime_archive(work: &Path) -> Result<PathBuf, String> {
    std::fs::create_dir_all(work).map_err(|e| format!("cannot create {}: {e}", work.display()))?;
    let path = work.join("libsdfg_vulkan_runtime.a");
    std::fs::write(&path, RUNTIME_ARCHIVE).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    Ok(path)
}
