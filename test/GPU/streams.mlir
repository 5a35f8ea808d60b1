// GPU streams: kernels push to a buffer of the stream's buffer_size
// elements in GPU memory, taking slots with an atomic add on a counter;
// the host copies what they pushed into the array the stream empties into.

// RUN: sdfg-translate --import-sdfg %corpus/device/filter_stream.gpu.sdfg -o %t.mlir
// RUN: sdfg-run --emit lowered --gpu-runtime vulkan %t.mlir | FileCheck %s --check-prefix=PUSH
// PUSH: gpu.launch
// PUSH: %[[SLOT:.*]] = memref.atomic_rmw addi %{{.*}} : (i32, memref<?xi32>) -> i32
// PUSH: arith.extsi %[[SLOT]] : i32 to i64
// PUSH: intr.trap
// RUN: sdfg-run --emit ptx %t.mlir | FileCheck %s --check-prefix=PTX
// PTX: atom.global.add.u32

// Pushed in any order; the manifest compares the filled part as a set.
// RUN: sdfg-run %t.mlir --gpu-runtime vulkan --inputs %corpus/filter_stream.npz --expected %corpus/filter_stream.npz --manifest %corpus/filter_stream.json 2>&1 | FileCheck %s --check-prefix=MATCH
// MATCH: outputs match

// Our GPU transform moves a transient stream that kernels push to into GPU
// memory; a nested SDFG in the kernel pushes to it through its argument.
// RUN: sdfg-translate --import-sdfg %corpus/filter_stream.frontend.sdfg -o %t.f.mlir
// RUN: sdfg-opt %t.f.mlir --sdfg-gpu-transform -o %t.f.gpu.mlir
// RUN: FileCheck %s --check-prefix=MOVED < %t.f.gpu.mlir
// MOVED: sdfg.stream "ostream" {{.*}}storage = #sdfg.storage<GPU_Global>
// RUN: sdfg-run %t.f.gpu.mlir --gpu-runtime vulkan --inputs %corpus/filter_stream.npz --expected %corpus/filter_stream.npz --manifest %corpus/filter_stream.json 2>&1 | FileCheck %s --check-prefix=MATCH

// A full stream stops the program with the stream's name, nothing written.
// RUN: sed -e 's/buffer_size = #sdfg.expr<N>/buffer_size = #sdfg.expr<4>/' %t.mlir > %t.small.mlir
// RUN: rm -f %t.npz
// RUN: not sdfg-run %t.small.mlir --gpu-runtime vulkan --inputs %corpus/filter_stream.npz -o %t.npz 2>&1 | FileCheck %s --check-prefix=FULL
// RUN: not test -e %t.npz
// FULL: error: GPU stream 'ostream' is full: it holds 4 elements (its buffer_size) (in GPU kernel 'kernel_progs_advanced_filter_stream_63', for some thread)

// A GPU stream cannot grow: one without a buffer size is refused.
// RUN: sed -e 's/buffer_size = #sdfg.expr<N>, //' %t.mlir > %t.unsized.mlir
// RUN: not sdfg-run %t.unsized.mlir --gpu-runtime vulkan --inputs %corpus/filter_stream.npz -o %t.npz 2>&1 | FileCheck %s --check-prefix=UNSIZED
// RUN: not test -e %t.npz
// UNSIZED: unsized.mlir:[[#]]:[[#]]: error: cannot compile: GPU stream 'ostream' has no buffer size: a stream in GPU memory holds as many elements as its buffer_size says

// A thread's own stream (DaCe's GPU auto-optimize buffers each tile's
// pushes in one, then empties it into a register array and pushes that on):
// in the thread's memory, with a plain 64-bit counter, no atomics.
// RUN: sdfg-translate --import-sdfg %corpus/device/filter_stream.gpu_autoopt.sdfg -o %t.auto.mlir
// RUN: sdfg-run %t.auto.mlir --gpu-runtime vulkan --inputs %corpus/filter_stream.npz --expected %corpus/filter_stream.npz --manifest %corpus/filter_stream.json 2>&1 | FileCheck %s --check-prefix=MATCH
// RUN: sdfg-run --emit lowered --gpu-runtime vulkan %t.auto.mlir | FileCheck %s --check-prefix=OWN
// OWN: gpu.launch
// OWN: %[[COUNT:.*]] = llvm.alloca %{{.*}} x i64
// OWN: %[[VIEW:.*]] = builtin.unrealized_conversion_cast %[[COUNT]] : !llvm.ptr to memref<?xi64>
// OWN: %[[TAKEN:.*]] = memref.load %[[VIEW]]
// OWN: memref.store %{{.*}}, %[[VIEW]]
// OWN: memref.atomic_rmw addi %{{.*}} : (i32, memref<?xi32>) -> i32
// A thread holds a stream of a size known when compiling.
// RUN: sed -e 's/buffer_size = #sdfg.expr<128>/buffer_size = #sdfg.expr<N>/' %t.auto.mlir > %t.auto.n.mlir
// RUN: not sdfg-run %t.auto.n.mlir --gpu-runtime vulkan --inputs %corpus/filter_stream.npz 2>&1 | FileCheck %s --check-prefix=OWN-SIZE
// OWN-SIZE: auto.n.mlir:[[#]]:[[#]]: error: cannot compile: {{.*}}GPU stream 'trans_ostream' private to a scope in a kernel has buffer_size N: a thread holds up to 4096 elements known when compiling
