// A large scope-private transient is allocated on the heap per iteration
// (thread stacks are small), a small one on the stack.
// RUN: sdfg-run %s --emit lowered | FileCheck %s --check-prefix=LOWERED
// LOWERED: scf.parallel
// LOWERED-DAG: llvm.alloca {{.*}} x f64
// LOWERED-DAG: func.call @__sdfg_alloc
// LOWERED: llvm.call @free
// RUN: sdfg-run %s --expected %S/Inputs/scope-locals-heap-expected.npz 2>&1 | FileCheck %s
// CHECK: 1 outputs match
sdfg.sdfg "heap_locals" ["__return"] {
  sdfg.array "__return" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<64>}
  sdfg.array "small" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  sdfg.array "big" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<20000>, transient}
  %s = sdfg.state "s" {
    %o = sdfg.access "__return"
    %me, %mx = sdfg.map "rows" ["i"] = 0:64 attributes {exit_ins = {IN_r}, exit_outs = {OUT_r}, schedule = #sdfg.schedule<CPU_Multicore>} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %se, %sx = sdfg.map "fill_small" ["j"] = 0:4 attributes {exit_ins = {IN_s}, exit_outs = {OUT_s}, schedule = #sdfg.schedule<Sequential>} {
      ^bb0(%e2: !sdfg.node, %x2: !sdfg.node):
        %t = sdfg.tasklet "put" {code = "v = i + j", outs = {v}}
        sdfg.memlet %e2 -> %t
        sdfg.memlet %t["v"] -> %x2["IN_s"] {data = "small", subset = #sdfg.range<j>}
      }
      %be, %bx = sdfg.map "fill_big" ["k"] = 0:20000 attributes {exit_ins = {IN_b}, exit_outs = {OUT_b}, schedule = #sdfg.schedule<Sequential>} {
      ^bb0(%e3: !sdfg.node, %x3: !sdfg.node):
        %t = sdfg.tasklet "put" {code = "v = i", outs = {v}}
        sdfg.memlet %e3 -> %t
        sdfg.memlet %t["v"] -> %x3["IN_b"] {data = "big", subset = #sdfg.range<k>}
      }
      %sm = sdfg.access "small"
      %bg = sdfg.access "big"
      %sum = sdfg.tasklet "sum" {code = "r = s[0] + s[3] + b[0] + b[19999]", ins = {s, b}, outs = {r}}
      sdfg.memlet %entry -> %se
      sdfg.memlet %entry -> %be
      sdfg.memlet %sx["OUT_s"] -> %sm {data = "small", subset = #sdfg.range<0:4>}
      sdfg.memlet %bx["OUT_b"] -> %bg {data = "big", subset = #sdfg.range<0:20000>}
      sdfg.memlet %sm -> %sum["s"] {data = "small", subset = #sdfg.range<0:4>}
      sdfg.memlet %bg -> %sum["b"] {data = "big", subset = #sdfg.range<0:20000>}
      sdfg.memlet %sum["r"] -> %exit["IN_r"] {data = "__return", subset = #sdfg.range<i>}
    }
    sdfg.memlet %mx["OUT_r"] -> %o {data = "__return", subset = #sdfg.range<0:64>}
  }
}
