// The GPU runtime is chosen when the program runs (--gpu-runtime
// auto|cuda|vulkan); one that is not usable stops the program with an error
// naming it, before anything runs and without an output file.
// RUN: rm -f %t.npz
// RUN: env SDFG_CUDA_DRIVER=/nonexistent/libcuda.so.1 not sdfg-run %corpus/device/vec_add.gpu.sdfg --inputs %corpus/vec_add.npz --gpu-runtime cuda -o %t.npz 2>&1 | FileCheck %s --check-prefix=CUDA
// RUN: not test -e %t.npz
// CUDA: vec_add.gpu.sdfg: error: no CUDA device: cannot load /nonexistent/libcuda.so.1:
// The Vulkan loader pointed at no driver: no device (or no loader at all).
// RUN: env VK_ICD_FILENAMES=/nonexistent.json not sdfg-run %corpus/device/vec_add.gpu.sdfg --inputs %corpus/vec_add.npz --gpu-runtime vulkan -o %t.npz 2>&1 | FileCheck %s --check-prefix=VULKAN
// RUN: not test -e %t.npz
// VULKAN: vec_add.gpu.sdfg: error: no Vulkan device: {{vkCreateInstance failed: VK_ERROR_INCOMPATIBLE_DRIVER \(-9\)|cannot load the Vulkan loader}}
// RUN: env SDFG_CUDA_DRIVER=/nonexistent/libcuda.so.1 VK_ICD_FILENAMES=/nonexistent.json not sdfg-run %corpus/device/vec_add.gpu.sdfg --inputs %corpus/vec_add.npz 2>&1 | FileCheck %s --check-prefix=AUTO
// AUTO: vec_add.gpu.sdfg: error: no GPU runtime is usable: no CUDA device (cannot load /nonexistent/libcuda.so.1: {{.*}}); no Vulkan device: 
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
// --gpu-block-size sets the block of maps that give none (DaCe's default
// is 32,1,1); a size over 1,024 threads is refused.
// RUN: sdfg-run --emit lowered --gpu-block-size 256 %corpus/device/vec_add.gpu.sdfg | FileCheck %s --check-prefix=BLOCK
// BLOCK: %[[B:.*]] = arith.constant 256 : i64
// BLOCK: arith.index_cast %[[B]] : i64 to index
// BLOCK: gpu.launch
// RUN: not sdfg-run --emit ptx --gpu-block-size 2048 %corpus/device/vec_add.gpu.sdfg 2>&1 | FileCheck %s --check-prefix=BADBLOCK
// BADBLOCK: vec_add.gpu.sdfg: error: bad GPU block size '2048': give X, X,Y or X,Y,Z (positive, at most 1024 threads)
// Library nodes on GPU memory are kernels: a matrix product one thread per
// output element; a reduction a block of threads per output (see
// GPU/reduce.mlir).
// RUN: sdfg-run --emit ptx %corpus/device/gemm.gpu.sdfg 2>&1 | FileCheck %s --check-prefix=MATMUL
// MATMUL-NOT: warning
// MATMUL: .visible .entry kernel__MatMult_(
// RUN: sdfg-run --emit ptx %corpus/device/reduce_sum.gpu.sdfg 2>&1 | FileCheck %s --check-prefix=REDUCE
// REDUCE-NOT: warning
// REDUCE: .visible .entry kernel_Reduce(
// REDUCE: bar.sync
// DaCe's GPU auto-optimize calls cuBLAS from C++ tasklets: the calls it
// writes are the library nodes they expand, run as kernels.
// RUN: sdfg-run --emit ptx %corpus/device/gemm.gpu_autoopt.sdfg 2>&1 | FileCheck %s --check-prefix=CUBLAS
// CUBLAS-NOT: error
// CUBLAS: .visible .entry kernel__MatMult_gemm(
// Other C++ on GPU memory is refused at the tasklet.
// RUN: python3 %inputs/mutate-sdfg.py %corpus/device/gemm.gpu_autoopt.sdfg %t-trsm.sdfg 't = d["nodes"][0]["nodes"][19]["attributes"]["code"]; t["string_data"] = t["string_data"].replace("cublasDgemm", "cublasDtrsm")'
// RUN: not sdfg-run --emit ptx %t-trsm.sdfg 2>&1 | FileCheck %s --check-prefix=OTHER
// OTHER: .sdfg:nodes[0].nodes[19]: error: in block 'progs_polybench_gemm_copyin': node '_MatMult_gemm': a C++ tasklet on GPU memory: C++ tasklets run on the host, and this one is not a cuBLAS call the GPU back end recognises (DaCe's gemm, gemv, dot and geam)
