// Matrix products on GPU memory: a thread computes 8 rows of one column of
// C. Checked against the CPU (BLAS) with M = 13 (a band past M's end), a
// Gemm with transposed A, alpha and beta, and a MatMul-shaped Gemm with
// transposed B.
// RUN: python3 %S/Inputs/matmul-npz.py %t-in.npz
// RUN: sdfg-run %s --inputs %t-in.npz -o %t-cpu.npz
// RUN: sdfg-opt %s --sdfg-gpu-transform -o %t.gpu.mlir
// RUN: sdfg-run %t.gpu.mlir --gpu-runtime vulkan --inputs %t-in.npz --expected %t-cpu.npz 2>&1 | FileCheck %s --check-prefix=MATCH
// MATCH: 8 outputs match

// RUN: sdfg-run --emit lowered --gpu-runtime vulkan %t.gpu.mlir 2>&1 | FileCheck %s
// CHECK-NOT: warning
// CHECK: module(@kernel_mm)
// CHECK: scf.for {{.*}} iter_args({{.*}}) -> (f64, f64, f64, f64, f64, f64, f64, f64)
// CHECK-COUNT-8: arith.mulf
// CHECK: scf.yield
// CHECK-COUNT-8: scf.if
sdfg.sdfg "matmul" ["A", "B", "E", "H", "D", "C", "F", "G"] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<13, 7>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<7, 37>}
  sdfg.array "E" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<7, 13>}
  sdfg.array "H" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<37, 7>}
  sdfg.array "D" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<13, 37>}
  sdfg.array "C" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<13, 37>}
  sdfg.array "F" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<13, 37>}
  sdfg.array "G" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<13, 37>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %B = sdfg.access "B"
    %E = sdfg.access "E"
    %H = sdfg.access "H"
    %D = sdfg.access "D"
    %C = sdfg.access "C"
    %F = sdfg.access "F"
    %G = sdfg.access "G"
    %mm = sdfg.library "mm" {classpath = "dace.libraries.blas.nodes.matmul.MatMul", ins = {_a, _b}, outs = {_c}, properties = "{}"}
    sdfg.memlet %A -> %mm["_a"] {data = "A", subset = #sdfg.range<0:13, 0:7>}
    sdfg.memlet %B -> %mm["_b"] {data = "B", subset = #sdfg.range<0:7, 0:37>}
    sdfg.memlet %mm["_c"] -> %C {data = "C", subset = #sdfg.range<0:13, 0:37>}
    %ta = sdfg.library "gemm_ta" {classpath = "dace.libraries.blas.nodes.gemm.Gemm", ins = {_a, _b, _cin}, outs = {_c}, properties = "{\"alpha\": 2.5, \"beta\": 0.5, \"transA\": true}"}
    sdfg.memlet %E -> %ta["_a"] {data = "E", subset = #sdfg.range<0:7, 0:13>}
    sdfg.memlet %B -> %ta["_b"] {data = "B", subset = #sdfg.range<0:7, 0:37>}
    sdfg.memlet %D -> %ta["_cin"] {data = "D", subset = #sdfg.range<0:13, 0:37>}
    sdfg.memlet %ta["_c"] -> %F {data = "F", subset = #sdfg.range<0:13, 0:37>}
    %tb = sdfg.library "gemm_tb" {classpath = "dace.libraries.blas.nodes.gemm.Gemm", ins = {_a, _b}, outs = {_c}, properties = "{\"transB\": true}"}
    sdfg.memlet %A -> %tb["_a"] {data = "A", subset = #sdfg.range<0:13, 0:7>}
    sdfg.memlet %H -> %tb["_b"] {data = "H", subset = #sdfg.range<0:37, 0:7>}
    sdfg.memlet %tb["_c"] -> %G {data = "G", subset = #sdfg.range<0:13, 0:37>}
  }
}
