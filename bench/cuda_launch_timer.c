// Preloaded into a program that launches kernels through the CUDA runtime
// (libcudart.so, as DaCe's generated code does with cudaLaunchKernel):
// times each launch with events on its stream and prints the count and the
// sum at exit, as "launch-timing: LAUNCHES launches, MS ms". Used by
// bench/dace_cuda.py to read DaCe's kernel time the way our runtime's
// SDFG_GPU_TIMING reads ours.
#define _GNU_SOURCE
#include <cuda_runtime.h>
#include <dlfcn.h>
#include <stdio.h>

typedef cudaError_t (*launch_fn)(const void *, dim3, dim3, void **, size_t, cudaStream_t);

static double total_ms;
static long launches;

cudaError_t cudaLaunchKernel(const void *f, dim3 grid, dim3 block, void **args, size_t shared, cudaStream_t stream) {
  static launch_fn real;
  if (!real) real = (launch_fn)dlsym(RTLD_NEXT, "cudaLaunchKernel");
  cudaEvent_t start, end;
  cudaEventCreate(&start);
  cudaEventCreate(&end);
  cudaEventRecord(start, stream);
  cudaError_t r = real(f, grid, block, args, shared, stream);
  cudaEventRecord(end, stream);
  cudaEventSynchronize(end);
  float ms = 0;
  cudaEventElapsedTime(&ms, start, end);
  total_ms += ms;
  launches++;
  cudaEventDestroy(start);
  cudaEventDestroy(end);
  return r;
}

__attribute__((destructor)) static void report(void) {
  fprintf(stderr, "launch-timing: %ld launches, %.6f ms\n", launches, total_ms);
}
