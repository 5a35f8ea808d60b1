// A Gemm whose alpha is text (DaCe's symbolic properties are written as
// text) and whose B is transposed: C = 2 * A @ B^T. The properties are
// typed where the IR is read, so the lowering and the pure expansion use
// the value, through BLAS and natively.
// RUN: sdfg-run %s --inputs %S/Inputs/gemm-scalars.npz --expected %S/Inputs/gemm-scalars.expected.npz 2>&1 | FileCheck %s
// RUN: sdfg-run %s --no-blas --inputs %S/Inputs/gemm-scalars.npz --expected %S/Inputs/gemm-scalars.expected.npz 2>&1 | FileCheck %s
// RUN: sdfg-opt %s --sdfg-expand-library-nodes -o %t.mlir
// RUN: FileCheck %s --check-prefix=EXPANDED < %t.mlir
// RUN: sdfg-run %t.mlir --inputs %S/Inputs/gemm-scalars.npz --expected %S/Inputs/gemm-scalars.expected.npz 2>&1 | FileCheck %s
// CHECK: 1 outputs match
// EXPANDED-NOT: sdfg.library
// EXPANDED: code = "__c = 2 * __a * __b"
sdfg.sdfg "gemm_scalars" ["A", "B", "C"] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<3, 4>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<2, 4>}
  sdfg.array "C" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<3, 2>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %B = sdfg.access "B"
    %C = sdfg.access "C"
    %g = sdfg.library "Gemm" {classpath = "dace.libraries.blas.nodes.gemm.Gemm", ins = {_a, _b}, outs = {_c}, properties = "{\"alpha\": \"2\", \"transB\": true}"}
    sdfg.memlet %A -> %g["_a"] {data = "A", subset = #sdfg.range<0:3, 0:4>}
    sdfg.memlet %B -> %g["_b"] {data = "B", subset = #sdfg.range<0:2, 0:4>}
    sdfg.memlet %g["_c"] -> %C {data = "C", subset = #sdfg.range<0:3, 0:2>}
  }
}
