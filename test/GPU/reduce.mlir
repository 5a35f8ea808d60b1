// Reduce on GPU memory: a block of 256 threads per output (per part of
// one where outputs are few and values many); each thread combines every
// 256th value, the partial results meet in a scratch buffer (16 threads
// combine 16 each, then the first thread those), and the block's first
// thread writes the result into the output with the Reduce's
// write-conflict resolution. An identity is set by a kernel before.
// Reductions that keep the last dimension: reduce-shapes.mlir.

// RUN: sdfg-run %corpus/device/reduce_sum.gpu.sdfg --gpu-runtime vulkan --inputs %corpus/reduce_sum.npz --expected %corpus/reduce_sum.npz --manifest %corpus/reduce_sum.json 2>&1 | FileCheck %s --check-prefix=MATCH
// RUN: sdfg-run %corpus/device/softmax.gpu.sdfg --gpu-runtime vulkan --inputs %corpus/softmax.npz --expected %corpus/softmax.npz --manifest %corpus/softmax.json 2>&1 | FileCheck %s --check-prefix=MATCH
// MATCH: outputs match

// RUN: sdfg-run --emit lowered --gpu-runtime vulkan %corpus/device/reduce_sum.gpu.sdfg 2>&1 | FileCheck %s --check-prefix=LOWERED
// LOWERED-NOT: warning
// LOWERED: gpu.launch {{.*}} module(@kernel_kernel_Reduce_init)
// LOWERED: llvm.call @__sdfg_gpu_alloc
// LOWERED: %[[C256:.*]] = arith.constant 256 : i64
// LOWERED: %[[T:.*]] = arith.index_cast %[[C256]] : i64 to index
// LOWERED: gpu.launch {{.*}} threads(%{{.*}}, %{{.*}}, %{{.*}}) in (%{{.*}} = %[[T]], {{.*}} module(@kernel_Reduce)
// The thread's partial result: its first value, then every 256th.
// LOWERED: scf.for {{.*}} iter_args({{.*}}) -> (f64)
// LOWERED: arith.addf
// LOWERED: gpu.barrier
// Sixteen threads combine sixteen partial results each, then the first
// thread combines theirs into the output.
// LOWERED: scf.for {{.*}} iter_args({{.*}}) -> (f64)
// LOWERED: gpu.barrier
// LOWERED: scf.for {{.*}} iter_args({{.*}}) -> (f64)
// LOWERED: memref.atomic_rmw addf
// LOWERED: gpu.barrier
// LOWERED: llvm.call @__sdfg_gpu_free

// A loop that carries a value and runs no iteration (a thread with one
// value) yields its initial value: on Vulkan the result's variable is set
// before the loop.
// RUN: sdfg-run --emit spirv --gpu-runtime vulkan %corpus/device/reduce_sum.gpu.sdfg 2>&1 | FileCheck %s --check-prefix=SPIRV
// SPIRV-LABEL: spirv.func @kernel_Reduce()
// SPIRV: %[[V:.*]] = spirv.Variable : !spirv.ptr<f64, Function>
// SPIRV-NEXT: spirv.Store "Function" %[[V]], %{{.*}} : f64
// SPIRV-NEXT: spirv.mlir.loop
