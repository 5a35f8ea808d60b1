// The GPU runtime of programs built for CUDA: the mgpu* functions that
// MLIR's gpu-to-llvm lowering calls (module loading, kernel launches,
// streams) and the __sdfg_gpu_* helpers of the host code (device memory,
// copies), over the CUDA driver API opened at run time (libcuda.so.1, or
// the library SDFG_CUDA_DRIVER names). A failure prints what failed, with
// the kernel's name and the driver's error, and ends the process with
// status 1. With SDFG_GPU_TIMING=1 every launch is timed with CUDA events
// and each kernel's launches and total time are printed at exit.
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef int CUresult;
typedef void *CUcontext, *CUmodule, *CUfunction, *CUstream;
typedef unsigned long long CUdeviceptr;

static struct {
  CUresult (*Init)(unsigned);
  CUresult (*DeviceGet)(int *, int);
  CUresult (*PrimaryCtxRetain)(CUcontext *, int);
  CUresult (*CtxSetCurrent)(CUcontext);
  CUresult (*ModuleLoadDataEx)(CUmodule *, const void *, unsigned, int *, void **);
  CUresult (*ModuleUnload)(CUmodule);
  CUresult (*ModuleGetFunction)(CUfunction *, CUmodule, const char *);
  CUresult (*LaunchKernel)(CUfunction, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned,
                           unsigned, CUstream, void **, void **);
  CUresult (*StreamCreate)(CUstream *, unsigned);
  CUresult (*StreamDestroy)(CUstream);
  CUresult (*StreamSynchronize)(CUstream);
  CUresult (*MemAlloc)(CUdeviceptr *, size_t);
  CUresult (*MemFree)(CUdeviceptr);
  CUresult (*MemGetAddressRange)(CUdeviceptr *, size_t *, CUdeviceptr);
  CUresult (*Memcpy)(CUdeviceptr, CUdeviceptr, size_t);
  CUresult (*CtxSynchronize)(void);
  CUresult (*GetErrorName)(CUresult, const char **);
  CUresult (*EventCreate)(void **, unsigned);
  CUresult (*EventRecord)(void *, CUstream);
  CUresult (*EventElapsedTime)(float *, void *, void *);
} cu;
static CUcontext context;

// Kernels by function handle, for messages (a program has few).
enum { MAX_KERNELS = 256 };
static struct { CUfunction f; char name[128]; long launches; double ms; } kernels[MAX_KERNELS];
static int kernel_count;
static const char *last_kernel = "";
static int last_index = -1;
// Timing: on when SDFG_GPU_TIMING is set; events around the last launch.
static int timing;
static void *event_start, *event_end;

static void print_timing(void) {
  for (int i = 0; i < kernel_count; i++)
    if (kernels[i].launches)
      dprintf(2, "gpu-timing: %s: %ld launches, %.6f ms\n", kernels[i].name, kernels[i].launches, kernels[i].ms);
}

static void fail(const char *what, const char *detail, CUresult r) {
  const char *name = "unknown error";
  if (cu.GetErrorName) cu.GetErrorName(r, &name);
  dprintf(2, "error: CUDA: %s%s: %s (%d)\n", what, detail, name, r);
  _exit(1);
}
#define CHECK(call, what, detail) do { CUresult r_ = (call); if (r_) fail(what, detail, r_); } while (0)

static void *symbol(void *lib, const char *name) {
  void *s = dlsym(lib, name);
  if (!s) { dprintf(2, "error: the CUDA driver lacks %s\n", name); _exit(1); }
  return s;
}

static void ensure_context(void) {
  if (context) { cu.CtxSetCurrent(context); return; }
  const char *path = getenv("SDFG_CUDA_DRIVER");
  void *lib = dlopen(path ? path : "libcuda.so.1", RTLD_NOW);
  if (!lib) { dprintf(2, "error: no CUDA device: cannot load the CUDA driver: %s\n", dlerror()); _exit(1); }
  *(void **)&cu.Init = symbol(lib, "cuInit");
  *(void **)&cu.DeviceGet = symbol(lib, "cuDeviceGet");
  *(void **)&cu.PrimaryCtxRetain = symbol(lib, "cuDevicePrimaryCtxRetain");
  *(void **)&cu.CtxSetCurrent = symbol(lib, "cuCtxSetCurrent");
  *(void **)&cu.ModuleLoadDataEx = symbol(lib, "cuModuleLoadDataEx");
  *(void **)&cu.ModuleUnload = symbol(lib, "cuModuleUnload");
  *(void **)&cu.ModuleGetFunction = symbol(lib, "cuModuleGetFunction");
  *(void **)&cu.LaunchKernel = symbol(lib, "cuLaunchKernel");
  *(void **)&cu.StreamCreate = symbol(lib, "cuStreamCreate");
  *(void **)&cu.StreamDestroy = symbol(lib, "cuStreamDestroy_v2");
  *(void **)&cu.StreamSynchronize = symbol(lib, "cuStreamSynchronize");
  *(void **)&cu.MemAlloc = symbol(lib, "cuMemAlloc_v2");
  *(void **)&cu.MemFree = symbol(lib, "cuMemFree_v2");
  *(void **)&cu.MemGetAddressRange = symbol(lib, "cuMemGetAddressRange_v2");
  *(void **)&cu.Memcpy = symbol(lib, "cuMemcpy");
  *(void **)&cu.CtxSynchronize = symbol(lib, "cuCtxSynchronize");
  *(void **)&cu.GetErrorName = symbol(lib, "cuGetErrorName");
  *(void **)&cu.EventCreate = symbol(lib, "cuEventCreate");
  *(void **)&cu.EventRecord = symbol(lib, "cuEventRecord");
  *(void **)&cu.EventElapsedTime = symbol(lib, "cuEventElapsedTime");
  int device;
  CHECK(cu.Init(0), "cuInit", "");
  CHECK(cu.DeviceGet(&device, 0), "cuDeviceGet", "");
  CHECK(cu.PrimaryCtxRetain(&context, device), "cuDevicePrimaryCtxRetain", "");
  CHECK(cu.CtxSetCurrent(context), "cuCtxSetCurrent", "");
  const char *t = getenv("SDFG_GPU_TIMING");
  if (t && *t && *t != '0') {
    timing = 1;
    CHECK(cu.EventCreate(&event_start, 0), "cuEventCreate", "");
    CHECK(cu.EventCreate(&event_end, 0), "cuEventCreate", "");
    atexit(print_timing);
  }
}

void *mgpuModuleLoadJIT(void *ptx, int opt_level) {
  ensure_context();
  char log[8192] = {0};
  int keys[] = {5 /* error log */, 6 /* its size */, 7 /* optimization level */};
  void *values[] = {log, (void *)(uintptr_t)sizeof log, (void *)(uintptr_t)opt_level};
  CUmodule module;
  CUresult r = cu.ModuleLoadDataEx(&module, ptx, 3, keys, values);
  if (r) { dprintf(2, "PTX JIT log: %s\n", log); fail("loading the kernels' PTX", "", r); }
  return module;
}

void *mgpuModuleLoad(void *data, size_t size) {
  (void)size;
  return mgpuModuleLoadJIT(data, 3);
}

void mgpuModuleUnload(void *module) {
  if (!module || !cu.ModuleUnload) return; /* never loaded */
  CUresult r = cu.ModuleUnload(module);
  /* Unloading runs from a destructor, possibly after the driver shut down. */
  if (r && r != 4 /* CUDA_ERROR_DEINITIALIZED */) fail("unloading the kernels", "", r);
}

void *mgpuModuleGetFunction(void *module, const char *name) {
  CUfunction f;
  CHECK(cu.ModuleGetFunction(&f, module, name), "no kernel ", name);
  int known = 0;
  for (int i = 0; i < kernel_count; i++) known |= kernels[i].f == f;
  if (!known && kernel_count < MAX_KERNELS) {
    kernels[kernel_count].f = f;
    snprintf(kernels[kernel_count].name, sizeof kernels[0].name, "%s", name);
    kernel_count++;
  }
  return f;
}

static int kernel_index(CUfunction f) {
  for (int i = 0; i < kernel_count; i++)
    if (kernels[i].f == f) return i;
  return -1;
}

void mgpuLaunchKernel(void *f, int64_t gx, int64_t gy, int64_t gz, int64_t bx, int64_t by, int64_t bz,
                      int32_t smem, void *stream, void **params, void **extra, int64_t nparams) {
  (void)nparams;
  last_index = kernel_index(f);
  last_kernel = last_index >= 0 ? kernels[last_index].name : "?";
  char detail[160];
  snprintf(detail, sizeof detail, "%s' (grid %lld x %lld x %lld, block %lld x %lld x %lld)", last_kernel,
           (long long)gx, (long long)gy, (long long)gz, (long long)bx, (long long)by, (long long)bz);
  if (timing) CHECK(cu.EventRecord(event_start, stream), "cuEventRecord", "");
  CHECK(cu.LaunchKernel(f, gx, gy, gz, bx, by, bz, smem, stream, params, extra), "launching kernel '", detail);
  if (timing) CHECK(cu.EventRecord(event_end, stream), "cuEventRecord", "");
}

void *mgpuStreamCreate(void) {
  ensure_context();
  CUstream s;
  CHECK(cu.StreamCreate(&s, 1 /* non-blocking */), "cuStreamCreate", "");
  return s;
}
void mgpuStreamDestroy(void *s) { CHECK(cu.StreamDestroy(s), "cuStreamDestroy", ""); }
void mgpuStreamSynchronize(void *s) {
  CUresult r = cu.StreamSynchronize(s);
  if (r) {
    char detail[160];
    snprintf(detail, sizeof detail, "%s' failed", last_kernel);
    fail("kernel '", detail, r);
  }
  if (timing && last_index >= 0) {
    float ms = 0;
    CHECK(cu.EventElapsedTime(&ms, event_start, event_end), "cuEventElapsedTime", "");
    kernels[last_index].launches++;
    kernels[last_index].ms += ms;
  }
}

void *__sdfg_gpu_alloc(const char *name, int64_t count, int64_t size) {
  ensure_context();
  if (count < 0 || (size > 0 && count > INT64_MAX / size)) {
    dprintf(2, "error: GPU array '%s' of %lld elements of %lld bytes: invalid size\n", name, (long long)count,
            (long long)size);
    _exit(1);
  }
  CUdeviceptr p = 0;
  size_t bytes = (size_t)(count * size);
  if (bytes) CHECK(cu.MemAlloc(&p, bytes), "allocating GPU array ", name);
  return (void *)p;
}

void __sdfg_gpu_free(void *p) {
  if (p) CHECK(cu.MemFree((CUdeviceptr)p), "cuMemFree", "");
}

void __sdfg_gpu_copy(void *dst, const void *src, int64_t bytes);

/* A GPU array sized again for the symbols of now: the same one where its
   size is unchanged, else a new one holding what the old one held (as far
   as both reach). */
void *__sdfg_gpu_realloc(const char *name, int64_t count, int64_t size, void *old) {
  size_t held = 0;
  ensure_context();
  if (old) {
    CUdeviceptr base = 0;
    CHECK(cu.MemGetAddressRange(&base, &held, (CUdeviceptr)old), "sizing GPU array ", name);
    if (count >= 0 && size > 0 && count <= INT64_MAX / size && held == (size_t)(count * size)) return old;
  }
  void *p = __sdfg_gpu_alloc(name, count, size);
  if (old) {
    size_t wanted = (size_t)(count * size);
    __sdfg_gpu_copy(p, old, (int64_t)(held < wanted ? held : wanted));
    __sdfg_gpu_free(old);
  }
  return p;
}

void __sdfg_gpu_copy(void *dst, const void *src, int64_t bytes) {
  if (bytes <= 0) return;
  ensure_context();
  CHECK(cu.Memcpy((CUdeviceptr)dst, (CUdeviceptr)src, (size_t)bytes), "copying to or from GPU memory", "");
  /* From pageable memory cuMemcpy may return before the data reaches the
     device, and kernels run on non-blocking streams that do not wait for
     it: the copy is complete when this returns. */
  CHECK(cu.CtxSynchronize(), "copying to or from GPU memory", "");
}
