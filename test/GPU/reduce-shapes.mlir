// Reduce on GPU memory, checked against the CPU. Over rows (the input's
// last dimension stays): a thread per output, neighbouring threads on
// neighbouring outputs, the rows split among the grid's y blocks and
// combined atomically: float64 sums, a max over two dimensions with no
// identity (the output's value takes part), int64 sums, with enough rows
// that each output is split among blocks. Over the last dimension: a block
// per output, its partial results combined in two rounds, with more
// outputs than blocks (5000 sums of 3) and one output from 100 values.
// RUN: python3 %S/Inputs/reduce-shapes-npz.py %t-in.npz
// RUN: sdfg-run %s --inputs %t-in.npz -o %t-cpu.npz
// RUN: sdfg-opt %s --sdfg-gpu-transform -o %t.gpu.mlir
// RUN: sdfg-run %t.gpu.mlir --gpu-runtime vulkan --inputs %t-in.npz --expected %t-cpu.npz 2>&1 | FileCheck %s --check-prefix=MATCH
// MATCH: 9 outputs match

// RUN: sdfg-run --emit lowered --gpu-runtime vulkan %t.gpu.mlir 2>&1 | FileCheck %s
// CHECK-NOT: warning
// CHECK: module(@kernel_kernel_sum_rows_init)
// No scratch buffer and no barrier: each thread writes its own output.
// CHECK-NOT: __sdfg_gpu_alloc
// CHECK: module(@kernel_sum_rows)
// CHECK: scf.for {{.*}} iter_args({{.*}}) -> (f64)
// CHECK: arith.addf
// CHECK: memref.atomic_rmw addf
// CHECK-NOT: gpu.barrier
// CHECK: module(@kernel_max_rows)
// CHECK: memref.atomic_rmw maxnumf
// CHECK-NOT: gpu.barrier
// CHECK: module(@kernel_int_sum_rows)
// CHECK: memref.atomic_rmw addi
// CHECK-NOT: gpu.barrier
// CHECK: module(@kernel_sum_last)
// CHECK: gpu.barrier
// CHECK: gpu.barrier
// CHECK: gpu.barrier
// CHECK: module(@kernel_max_all)
sdfg.sdfg "reduce_shapes" ["A", "B", "C", "D", "S", "M", "T", "U", "V"] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1000, 2, 7>}
  sdfg.array "B" {dtype = #sdfg.dtype<int64>, shape = #sdfg.exprs<1000, 33>}
  sdfg.array "C" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<5000, 3>}
  sdfg.array "D" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<100>}
  sdfg.array "U" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<5000>}
  sdfg.array "V" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
  sdfg.array "S" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<2, 7>}
  sdfg.array "M" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<7>}
  sdfg.array "T" {dtype = #sdfg.dtype<int64>, shape = #sdfg.exprs<33>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %B = sdfg.access "B"
    %S = sdfg.access "S"
    %M = sdfg.access "M"
    %T = sdfg.access "T"
    %C = sdfg.access "C"
    %D = sdfg.access "D"
    %U = sdfg.access "U"
    %V = sdfg.access "V"
    %sum = sdfg.library "sum_rows" {classpath = "dace.libraries.standard.nodes.reduce.Reduce", properties = "{\"axes\": [0], \"identity\": 0, \"wcr\": \"(lambda a, b: a + b)\"}"}
    %max = sdfg.library "max_rows" {classpath = "dace.libraries.standard.nodes.reduce.Reduce", properties = "{\"axes\": [0, 1], \"wcr\": \"(lambda a, b: max(a, b))\"}"}
    %isum = sdfg.library "int_sum_rows" {classpath = "dace.libraries.standard.nodes.reduce.Reduce", properties = "{\"axes\": [0], \"identity\": 0, \"wcr\": \"(lambda a, b: a + b)\"}"}
    %last = sdfg.library "sum_last" {classpath = "dace.libraries.standard.nodes.reduce.Reduce", properties = "{\"axes\": [1], \"identity\": 0, \"wcr\": \"(lambda a, b: a + b)\"}"}
    %all = sdfg.library "max_all" {classpath = "dace.libraries.standard.nodes.reduce.Reduce", properties = "{\"wcr\": \"(lambda a, b: max(a, b))\"}"}
    sdfg.memlet %C -> %last {data = "C", subset = #sdfg.range<0:5000, 0:3>}
    sdfg.memlet %last -> %U {data = "U", subset = #sdfg.range<0:5000>}
    sdfg.memlet %D -> %all {data = "D", subset = #sdfg.range<0:100>}
    sdfg.memlet %all -> %V {data = "V", subset = #sdfg.range<0>}
    sdfg.memlet %A -> %sum {data = "A", subset = #sdfg.range<0:1000, 0:2, 0:7>}
    sdfg.memlet %sum -> %S {data = "S", subset = #sdfg.range<0:2, 0:7>}
    sdfg.memlet %A -> %max {data = "A", subset = #sdfg.range<0:1000, 0:2, 0:7>}
    sdfg.memlet %max -> %M {data = "M", subset = #sdfg.range<0:7>}
    sdfg.memlet %B -> %isum {data = "B", subset = #sdfg.range<0:1000, 0:33>}
    sdfg.memlet %isum -> %T {data = "T", subset = #sdfg.range<0:33>}
  }
}
