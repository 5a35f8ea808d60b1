// Arrays private to each iteration of a kernel's map that a GPU thread
// cannot hold (over 4,096 elements, or sized while the program runs) get
// room in GPU memory: one slice per iteration, allocated before the launch.

// A transient private to the kernel's scope (doitgen's `tmp[NK]`) becomes
// a GPU array with one row per iteration.
// RUN: sdfg-run --emit lowered --gpu-runtime vulkan %corpus/device/doitgen.gpu_autoopt.sdfg | FileCheck %s --check-prefix=SCOPE
// SCOPE: llvm.mlir.global internal constant @[[TMP:__sdfg_str_[0-9]+]]("tmp\00")
// SCOPE: %[[NAME:[0-9]+]] = llvm.mlir.addressof @[[TMP]]
// SCOPE: llvm.call @__sdfg_gpu_alloc(%[[NAME]],
// RUN: sdfg-run %corpus/device/doitgen.gpu_autoopt.sdfg --gpu-runtime vulkan --inputs %corpus/doitgen.npz --expected %corpus/doitgen.npz --manifest %corpus/doitgen.json 2>&1 | FileCheck %s --check-prefix=MATCH
// MATCH: outputs match

// A nested SDFG's transient sized by the map parameter (syrk's
// `__tmp2[i + 1]` for i in 0:N) is passed down from a GPU array of N
// elements per iteration.
// RUN: sdfg-translate --import-sdfg %corpus/syrk.cfg.sdfg -o %t.mlir
// RUN: sdfg-opt %t.mlir --sdfg-auto-optimize='device=gpu' -o %t.gpu.mlir
// RUN: sdfg-run --emit lowered --gpu-runtime vulkan %t.gpu.mlir | FileCheck %s --check-prefix=NESTED
// NESTED: llvm.mlir.global internal constant @{{.*}}("__tmp2_per_thread\00")
// RUN: sdfg-run --emit ptx %t.gpu.mlir | FileCheck %s --check-prefix=PTX
// PTX: .visible .entry kernel_
// RUN: sdfg-run %t.gpu.mlir --gpu-runtime vulkan --inputs %corpus/syrk.npz --expected %corpus/syrk.npz --manifest %corpus/syrk.json 2>&1 | FileCheck %s --check-prefix=MATCH

// A size that does not move one way with the parameter has no largest
// value the back end can find: refused at the array, nothing written.
// RUN: sed -e '/sdfg.array "__tmp2"/s/"i + 1"/"i*(N - i) + 1"/' %t.gpu.mlir > %t.bent.mlir
// RUN: rm -f %t.npz
// RUN: not sdfg-run %t.bent.mlir --gpu-runtime vulkan --inputs %corpus/syrk.npz -o %t.npz 2>&1 | FileCheck %s --check-prefix=BENT
// RUN: not test -e %t.npz
// BENT: bent.mlir:[[#]]:[[#]]: error: cannot compile: per-thread array '__tmp2' of {{.*}} elements inside a GPU kernel: the GPU back end sizes per-thread arrays by their largest size, which it finds where the size grows or shrinks steadily with map parameter 'i'

// A size set inside the kernel (the nested SDFG's loop variable) cannot be
// known before the launch.
// RUN: sed -e '/sdfg.array "__tmp2"/s/"i + 1"/"k + 1"/' %t.gpu.mlir > %t.loop.mlir
// RUN: not sdfg-run %t.loop.mlir --gpu-runtime vulkan --inputs %corpus/syrk.npz -o %t.npz 2>&1 | FileCheck %s --check-prefix=LOOP
// RUN: not test -e %t.npz
// LOOP: loop.mlir:[[#]]:[[#]]: error: cannot compile: per-thread array '__tmp2' of k + 1 elements inside a GPU kernel: 'k' changes inside the kernel, and the GPU back end sizes per-thread arrays before the launch

// Integer atomics are relaxed (as CUDA's `atomicAdd`): acquire-release
// ones lose updates on lavapipe in a loop of a workgroup of more than 8
// threads, which histogram's per-thread bins are added to the result in.
// RUN: sdfg-translate --import-sdfg %corpus/histogram.frontend.sdfg -o %t.h.mlir
// RUN: sdfg-opt %t.h.mlir --sdfg-auto-optimize='device=gpu' -o %t.h.gpu.mlir
// RUN: sdfg-run --emit spirv %t.h.gpu.mlir | FileCheck %s --check-prefix=RELAXED
// RELAXED: spirv.AtomicIAdd <Device> <None>
// RUN: sdfg-run %t.h.gpu.mlir --gpu-runtime vulkan --inputs %corpus/histogram.npz --expected %corpus/histogram.npz --manifest %corpus/histogram.json 2>&1 | FileCheck %s --check-prefix=MATCH
