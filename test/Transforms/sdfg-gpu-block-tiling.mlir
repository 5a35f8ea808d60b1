// sdfg-gpu-block-tiling: a GPU_Device map becomes a map over blocks around
// a GPU_ThreadBlock map over one block (the block recorded as the outer
// map's gpu_block_size); sdfg-in-local-storage between the two then copies
// what a block reads into GPU_Shared memory, a thread's own loop into
// registers. Checked on the IR and by running before and after on Vulkan.

// RUN: sdfg-translate --import-sdfg %corpus/device/vec_add.gpu.sdfg -o %t.vec.mlir
// RUN: sdfg-opt %t.vec.mlir --sdfg-gpu-block-tiling | FileCheck %s
// CHECK: sdfg.map "_Add__map" ["tile___i0"] = 0:N:32 attributes {{{.*}}extra = "{\22gpu_block_size\22:[32,1,1]}"{{.*}}schedule = #sdfg.schedule<GPU_Device>}
// CHECK: sdfg.map "_Add__map" ["__i0"] = tile___i0:"Min(N - 1, tile___i0 + 31) + 1" attributes {{{.*}}schedule = #sdfg.schedule<GPU_ThreadBlock>}
// RUN: sdfg-opt %t.vec.mlir --sdfg-gpu-block-tiling='block-size=64' | FileCheck %s --check-prefix=SIZE
// SIZE: ["tile___i0"] = 0:N:64 attributes {{{.*}}gpu_block_size\22:[64,1,1]
// The last dimension runs along x.
// RUN: sdfg-translate --import-sdfg %corpus/device/jacobi_2d.gpu.sdfg -o %t.jacobi.mlir
// RUN: sdfg-opt %t.jacobi.mlir --sdfg-gpu-block-tiling='block-size=16,4' | FileCheck %s --check-prefix=TWO
// TWO: sdfg.map "_Add__map" ["tile___i0", "tile___i1"] = 0:"N - 2":4, 0:"N - 2":16 attributes {{{.*}}gpu_block_size\22:[16,4,1]

// Tiled once: a map with thread-block maps inside is no match.
// RUN: sdfg-opt %t.vec.mlir --sdfg-gpu-block-tiling -o %t.vec.tiled.mlir
// RUN: sdfg-opt %t.vec.tiled.mlir --sdfg-list-matches=sdfg-gpu-block-tiling | FileCheck %s --check-prefix=ONCE
// ONCE: sdfg-gpu-block-tiling: no matches
// RUN: not sdfg-opt %t.vec.mlir --sdfg-gpu-block-tiling='block-size=64,32' 2>&1 | FileCheck %s --check-prefix=TOOBIG
// TOOBIG: block-size 64x32x1 has more than 1024 threads

// Runs and matches, tiled and with a block's data in shared memory.
// RUN: sdfg-run %t.vec.tiled.mlir --gpu-runtime vulkan --inputs %corpus/vec_add.npz --expected %corpus/vec_add.npz --manifest %corpus/vec_add.json 2>&1 | FileCheck %s --check-prefix=MATCH
// RUN: sdfg-opt %t.jacobi.mlir --sdfg-gpu-block-tiling='block-size=16,4' --sdfg-in-local-storage -o %t.jacobi.shared.mlir
// RUN: FileCheck %s --check-prefix=SHARED < %t.jacobi.shared.mlir
// SHARED: sdfg.array "trans_{{.*}}" {{.*}}storage = #sdfg.storage<GPU_Shared>, transient}
// RUN: sdfg-run %t.jacobi.shared.mlir --gpu-runtime vulkan --inputs %corpus/jacobi_2d.npz --expected %corpus/jacobi_2d.npz --manifest %corpus/jacobi_2d.json 2>&1 | FileCheck %s --check-prefix=MATCH
// MATCH: outputs match
// The block copies into shared memory together, then waits.
// RUN: sdfg-run --emit lowered --gpu-runtime vulkan %t.jacobi.shared.mlir | FileCheck %s --check-prefix=COPY
// COPY: gpu.launch
// COPY: gpu.thread_id z
// COPY: scf.for
// COPY: gpu.barrier
// COPY: gpu.thread_id x
