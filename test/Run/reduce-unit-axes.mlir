// Reduce's axes number every dimension of its input subset, size-1 ones
// included (DaCe's convention): here A[2, 3, 1, 4] reduced over axes 1 and
// 2 gives O[2, 4]. Lowered natively and after our pure expansion.
// RUN: sdfg-run %s --inputs %S/Inputs/reduce-unit-axes.npz --expected %S/Inputs/reduce-unit-axes.npz 2>&1 | FileCheck %s
// RUN: sdfg-opt %s --sdfg-expand-library-nodes -o %t.mlir
// RUN: sdfg-run %t.mlir --inputs %S/Inputs/reduce-unit-axes.npz --expected %S/Inputs/reduce-unit-axes.npz 2>&1 | FileCheck %s
// CHECK: 1 outputs match
sdfg.sdfg "reduce_unit_axes" ["A", "O"] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<2, 3, 1, 4>}
  sdfg.array "O" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<2, 4>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %O = sdfg.access "O"
    %r = sdfg.library "Reduce" {classpath = "dace.libraries.standard.nodes.reduce.Reduce", properties = "{\"axes\": [1, 2], \"identity\": 0, \"wcr\": \"(lambda a, b: a + b)\"}"}
    sdfg.memlet %A -> %r {data = "A", subset = #sdfg.range<0:2, 0:3, 0:1, 0:4>}
    sdfg.memlet %r -> %O {data = "O", subset = #sdfg.range<0:2, 0:4>}
  }
}
