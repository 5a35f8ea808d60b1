// The GPU runtime is chosen when the program runs (--gpu-runtime
// auto|cuda|vulkan); one that is not usable stops the program with an error
// naming it, before anything runs and without an output file.
// RUN: rm -f %t.npz
// RUN: env SDFG_CUDA_DRIVER=/nonexistent/libcuda.so.1 not sdfg-run %corpus/device/vec_add.gpu.sdfg --inputs %corpus/vec_add.npz --gpu-runtime cuda -o %t.npz 2>&1 | FileCheck %s --check-prefix=CUDA
// RUN: not test -e %t.npz
// CUDA: vec_add.gpu.sdfg: error: no CUDA device: cannot load /nonexistent/libcuda.so.1:
// RUN: not sdfg-run %corpus/device/vec_add.gpu.sdfg --inputs %corpus/vec_add.npz --gpu-runtime vulkan 2>&1 | FileCheck %s --check-prefix=VULKAN
// VULKAN: vec_add.gpu.sdfg: error: no Vulkan runtime: Vulkan: this build does not run programs on Vulkan yet
// The host code: GPU arrays allocated and freed by the runtime, copies
// through it, and one launch per GPU_Device map, named after the map.
// RUN: sdfg-run --emit lowered %corpus/device/vec_add.gpu.sdfg | FileCheck %s --check-prefix=HOST
// HOST-COUNT-3: llvm.call @__sdfg_gpu_alloc(
// HOST-COUNT-2: llvm.call @__sdfg_gpu_copy(
// HOST: gpu.launch blocks({{.*}}) in ({{.*}}) threads({{.*}}) in ({{.*}}) module(@kernel__Add__map) function(@kernel__Add__map) {
// HOST: llvm.call @__sdfg_gpu_copy(
// HOST-COUNT-3: llvm.call @__sdfg_gpu_free(
// A library built for CUDA holds its kernels and the runtime that loads
// them (over the driver opened at run time).
// RUN: rm -rf %t.lib && mkdir %t.lib
// RUN: sdfg-compile %corpus/device/vec_add.gpu.sdfg --gpu-runtime cuda -o %t.lib
// RUN: llvm-nm -D --defined-only %t.lib/libprogs_basic_vec_add.so | FileCheck %s --check-prefix=LIB
// LIB-DAG: T __sdfg_gpu_alloc
// LIB-DAG: T mgpuLaunchKernel
// LIB-DAG: T progs_basic_vec_add
// RUN: llvm-strings %t.lib/libprogs_basic_vec_add.so | FileCheck %s --check-prefix=PTX
// PTX: .visible .entry kernel__Add__map(
