// The mgpu* memory calls of MLIR's async gpu.alloc/memcpy/dealloc, which
// the probe's programs use, over the CUDA runtime of the lowering
// (lowering/gpu/cuda_runtime.c, linked beside this file). The runtime's
// copies are synchronous, so the stream's earlier work is waited for first.
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

void *__sdfg_gpu_alloc(const char *name, int64_t count, int64_t size);
void __sdfg_gpu_free(void *p);
void __sdfg_gpu_copy(void *dst, const void *src, int64_t bytes);
void mgpuStreamSynchronize(void *stream);

void *mgpuMemAlloc(uint64_t bytes, void *stream, int8_t host_shared) {
  (void)stream;
  if (host_shared) { fprintf(stderr, "error: host-shared GPU allocations are not supported\n"); exit(1); }
  return __sdfg_gpu_alloc("probe array", (int64_t)bytes, 1);
}
void mgpuMemFree(void *p, void *stream) {
  mgpuStreamSynchronize(stream);
  __sdfg_gpu_free(p);
}
void mgpuMemcpy(void *dst, void *src, uint64_t bytes, void *stream) {
  mgpuStreamSynchronize(stream);
  __sdfg_gpu_copy(dst, src, (int64_t)bytes);
}
