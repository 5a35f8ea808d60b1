// Kernels whose threads work in blocks: a GPU_Device map holding
// GPU_ThreadBlock maps runs a block per iteration; each thread takes its
// share of a thread-block map, which ends with a barrier; DaCe's
// warpReduce combines a warp's values; a block's GPU_Shared array gets a
// slice of GPU memory per block. Both corpus programs DaCe's GPU
// auto-optimize writes this way run on Vulkan and match.

// RUN: sdfg-run %corpus/device/softmax.gpu_autoopt.sdfg --gpu-runtime vulkan --inputs %corpus/softmax.npz --expected %corpus/softmax.npz --manifest %corpus/softmax.json 2>&1 | FileCheck %s --check-prefix=MATCH
// RUN: sdfg-run %corpus/device/histogram.gpu_autoopt.sdfg --gpu-runtime vulkan --inputs %corpus/histogram.npz --expected %corpus/histogram.npz --manifest %corpus/histogram.json 2>&1 | FileCheck %s --check-prefix=MATCH
// MATCH: outputs match

// The block is the thread-block map's 32 threads; thread t takes t, t + 32, ...
// RUN: sdfg-run --emit lowered --gpu-runtime vulkan %corpus/device/softmax.gpu_autoopt.sdfg | FileCheck %s --check-prefix=LOWERED
// LOWERED: llvm.call @__sdfg_gpu_alloc
// LOWERED: gpu.launch blocks({{.*}}) threads(%{{.*}}, %{{.*}}, %{{.*}}) in (%{{.*}} = %[[X:.*]], %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) module(@kernel_grid)
// LOWERED: %[[TID:.*]] = gpu.thread_id x
// LOWERED: %[[T:.*]] = arith.index_cast %[[TID]] : index to i64
// LOWERED: scf.for %{{.*}} = %[[T]] to %{{.*}} step %c32_i64
// The warp's values meet in the scratch buffer between two barriers.
// LOWERED: gpu.barrier
// LOWERED: scf.for {{.*}} iter_args({{.*}}) -> (f32)
// LOWERED: gpu.barrier
// The thread-block map's own barrier, then `if threadIdx.x == 0` for every thread.
// LOWERED: gpu.barrier
// LOWERED: gpu.thread_id x
// LOWERED: llvm.call @__sdfg_gpu_free

// On Vulkan the barriers order storage buffers too (shared arrays live there).
// RUN: sdfg-run --emit spirv --gpu-runtime vulkan %corpus/device/softmax.gpu_autoopt.sdfg | FileCheck %s --check-prefix=SPIRV
// SPIRV: spirv.ControlBarrier <Workgroup>, <Workgroup>, <AcquireRelease|UniformMemory|WorkgroupMemory>

// A block's shared array: one slice per block, written with atomics, and
// the copy out of it shared among the block's threads.
// RUN: sdfg-run --emit lowered --gpu-runtime vulkan %corpus/device/histogram.gpu_autoopt.sdfg | FileCheck %s --check-prefix=SHARED
// SHARED: memref.atomic_rmw addi
// SHARED: gpu.barrier
// SHARED: gpu.launch
// SHARED: func.call @__sdfg_nested_
// SHARED: gpu.thread_id z
// SHARED: %[[LANE:.*]] = arith.addi
// SHARED-NEXT: arith.constant 32
// SHARED-NEXT: scf.for %{{.*}} = %[[LANE]] to %{{.*}} step %c32_i64
// SHARED: memref.atomic_rmw addi
// SHARED: gpu.barrier

// warpReduce needs every thread of the block: a thread-block map of N
// iterations in a block of 32 is refused at the tasklet.
// RUN: sdfg-translate --import-sdfg %corpus/device/softmax.gpu_autoopt.sdfg -o %t.mlir
// RUN: sed -e 's|\["tid"\] = 0:32|["tid"] = 0:M|' %t.mlir > %t.ragged.mlir
// RUN: not sdfg-run %t.ragged.mlir --gpu-runtime vulkan --inputs %corpus/softmax.npz 2>&1 | FileCheck %s --check-prefix=RAGGED
// RAGGED: ragged.mlir:[[#]]:[[#]]: error: cannot compile: {{.*}}warpReduce where not every thread of the block arrives

// A thread-block map needs a kernel around it.
// RUN: sed -e 's|"grid" \["_o0"\] = 0:N attributes {exit_ins = {IN__out}, exit_outs = {OUT__out}, ins = {IN__in}, outs = {OUT__in}, schedule = #sdfg.schedule<GPU_Device>}|"grid" ["_o0"] = 0:N attributes {exit_ins = {IN__out}, exit_outs = {OUT__out}, ins = {IN__in}, outs = {OUT__in}, schedule = #sdfg.schedule<Sequential>}|' %t.mlir > %t.host.mlir
// RUN: not sdfg-run %t.host.mlir --gpu-runtime vulkan --inputs %corpus/softmax.npz 2>&1 | FileCheck %s --check-prefix=HOST
// HOST: host.mlir:[[#]]:[[#]]: error: cannot compile: {{.*}}GPU_ThreadBlock map 'thread_block' outside a GPU_Device map
