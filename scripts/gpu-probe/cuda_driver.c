// The mgpu* entry points that MLIR's gpu-to-llvm lowering calls, over the
// CUDA driver API loaded at run time (no CUDA toolkit needed to build).
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

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
  CUresult (*MemcpyAsync)(CUdeviceptr, CUdeviceptr, size_t, CUstream);
  CUresult (*GetErrorString)(CUresult, const char **);
} cu;
static CUcontext context;

static void die(const char *what, CUresult r) {
  const char *msg = "unknown error";
  if (cu.GetErrorString) cu.GetErrorString(r, &msg);
  fprintf(stderr, "error: CUDA %s failed: %s (%d)\n", what, msg, r);
  exit(1);
}
#define CHECK(call, what) do { CUresult r_ = (call); if (r_) die(what, r_); } while (0)

static void *symbol(void *lib, const char *name) {
  void *s = dlsym(lib, name);
  if (!s) { fprintf(stderr, "error: libcuda.so.1 lacks %s\n", name); exit(1); }
  return s;
}

static void ensure_context(void) {
  if (context) { cu.CtxSetCurrent(context); return; }
  const char *path = getenv("SDFG_CUDA_DRIVER");
  void *lib = dlopen(path ? path : "libcuda.so.1", RTLD_NOW);
  if (!lib) { fprintf(stderr, "error: cannot load the CUDA driver: %s\n", dlerror()); exit(1); }
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
  *(void **)&cu.MemcpyAsync = symbol(lib, "cuMemcpyAsync");
  *(void **)&cu.GetErrorString = symbol(lib, "cuGetErrorString");
  int device;
  CHECK(cu.Init(0), "cuInit");
  CHECK(cu.DeviceGet(&device, 0), "cuDeviceGet");
  CHECK(cu.PrimaryCtxRetain(&context, device), "cuDevicePrimaryCtxRetain");
  CHECK(cu.CtxSetCurrent(context), "cuCtxSetCurrent");
}

void *mgpuModuleLoadJIT(void *ptx, int opt_level) {
  ensure_context();
  char log[8192] = {0};
  int keys[] = {5 /* error log */, 6 /* its size */, 7 /* optimization level */};
  void *values[] = {log, (void *)(uintptr_t)sizeof log, (void *)(uintptr_t)opt_level};
  CUmodule module;
  CUresult r = cu.ModuleLoadDataEx(&module, ptx, 3, keys, values);
  if (r) { fprintf(stderr, "PTX JIT log: %s\n", log); die("cuModuleLoadDataEx", r); }
  return module;
}
void mgpuModuleUnload(void *module) {
  if (!module || !cu.ModuleUnload) return; /* never loaded (exit during start-up) */
  CUresult r = cu.ModuleUnload(module);
  /* Unloading runs from a destructor, possibly after the driver shut down. */
  if (r && r != 4 /* CUDA_ERROR_DEINITIALIZED */) die("cuModuleUnload", r);
}
void *mgpuModuleGetFunction(void *module, const char *name) {
  CUfunction f;
  CHECK(cu.ModuleGetFunction(&f, module, name), name);
  return f;
}
void mgpuLaunchKernel(void *f, int64_t gx, int64_t gy, int64_t gz, int64_t bx, int64_t by, int64_t bz,
                      int32_t smem, void *stream, void **params, void **extra, int64_t nparams) {
  (void)nparams;
  CHECK(cu.LaunchKernel(f, gx, gy, gz, bx, by, bz, smem, stream, params, extra), "cuLaunchKernel");
}
void *mgpuStreamCreate(void) {
  ensure_context();
  CUstream s;
  CHECK(cu.StreamCreate(&s, 1 /* non-blocking */), "cuStreamCreate");
  return s;
}
void mgpuStreamDestroy(void *s) { CHECK(cu.StreamDestroy(s), "cuStreamDestroy"); }
void mgpuStreamSynchronize(void *s) { CHECK(cu.StreamSynchronize(s), "cuStreamSynchronize"); }
void *mgpuMemAlloc(uint64_t bytes, void *stream, int8_t host_shared) {
  (void)stream;
  if (host_shared) { fprintf(stderr, "error: host-shared GPU allocations are not supported\n"); exit(1); }
  ensure_context();
  CUdeviceptr p = 0;
  if (bytes) CHECK(cu.MemAlloc(&p, bytes), "cuMemAlloc");
  return (void *)p;
}
void mgpuMemFree(void *p, void *stream) {
  (void)stream;
  if (p) CHECK(cu.MemFree((CUdeviceptr)p), "cuMemFree");
}
void mgpuMemcpy(void *dst, void *src, uint64_t bytes, void *stream) {
  CHECK(cu.MemcpyAsync((CUdeviceptr)dst, (CUdeviceptr)src, bytes, stream), "cuMemcpyAsync");
}
