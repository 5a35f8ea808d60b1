// convert-sdfg-to-scf: maps become loop nests (parallel ones scf.parallel),
// memlets memref loads and stores (one index per dimension), tasklets
// arithmetic; the entry point takes the packed argument array.
// RUN: sdfg-opt %s --convert-sdfg-to-scf | FileCheck %s
// RUN: sdfg-opt %s --pass-pipeline='builtin.module(convert-sdfg-to-scf,canonicalize,convert-scf-to-openmp,finalize-memref-to-llvm,convert-scf-to-cf,convert-to-llvm,reconcile-unrealized-casts)' | FileCheck %s --check-prefix=LLVM

// CHECK-LABEL: func.func @scale(%{{.*}}: !llvm.ptr) attributes {llvm.emit_c_interface}
// CHECK: scf.parallel
// CHECK: %[[X:.*]] = memref.load %{{.*}}[%{{.*}}] : memref<?xf64, strided<[?], offset: ?>>
// CHECK: %[[Y:.*]] = arith.mulf %[[X]], %{{.*}} : f64
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} : i64
// CHECK: arith.addf
// CHECK: memref.store %{{.*}}, %{{.*}}[%{{.*}}] : memref<?xf64, strided<[?], offset: ?>>
// CHECK: return
// CHECK-NOT: sdfg.

// LLVM: llvm.func @scale(
// LLVM: omp.parallel
// LLVM: omp.wsloop
// LLVM-NOT: scf.
// LLVM-NOT: memref.
// LLVM-NOT: unrealized_conversion_cast
sdfg.sdfg "scale" ["A", "B"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, N>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %me, %mx = sdfg.map "m" ["i"] = 0:N attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_A}, exit_outs = {OUT_A}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "twice" {code = "y = x * 2.0", ins = {x}, outs = {y}}
      sdfg.memlet %entry["OUT_A"] -> %t["x"] {data = "A", subset = #sdfg.range<i>}
      sdfg.memlet %t["y"] -> %exit["IN_A"] {data = "A", subset = #sdfg.range<i>}
    }
    %A2 = sdfg.access "A"
    sdfg.memlet %A -> %me["IN_A"] {data = "A", subset = #sdfg.range<0:N>}
    sdfg.memlet %mx["OUT_A"] -> %A2 {data = "A", subset = #sdfg.range<0:N>}
  }
  %t = sdfg.state "rowsum" {
    %B = sdfg.access "B"
    %A = sdfg.access "A"
    %me, %mx = sdfg.map "r" ["i", "j"] = 0:N, 0:N attributes {schedule = #sdfg.schedule<Sequential>, ins = {IN_B}, outs = {OUT_B}, exit_ins = {IN_A}, exit_outs = {OUT_A}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "add" {code = "o = b", ins = {b}, outs = {o}}
      sdfg.memlet %entry["OUT_B"] -> %t["b"] {data = "B", subset = #sdfg.range<i, j>}
      sdfg.memlet %t["o"] -> %exit["IN_A"] {data = "A", subset = #sdfg.range<i>, wcr = #sdfg.wcr<Sum, "(lambda x, y: (x + y))">}
    }
    sdfg.memlet %B -> %me["IN_B"] {data = "B", subset = #sdfg.range<0:N, 0:N>}
    sdfg.memlet %mx["OUT_A"] -> %A {data = "A", subset = #sdfg.range<0:N>, wcr = #sdfg.wcr<Sum, "(lambda x, y: (x + y))">}
  }
  sdfg.edge %s -> %t
}
