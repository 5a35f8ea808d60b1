// A transient used only inside a parallel map of a nested SDFG is private
// to each iteration: it is allocated inside the parallel loop's body, not
// once for the whole nested call, where threads would share it.
// RUN: sdfg-run %s --emit lowered | FileCheck %s --check-prefix=LOWERED
// LOWERED: func.func private @__sdfg_nested_1_inner(
// LOWERED-NOT: x f64
// LOWERED: scf.parallel
// LOWERED: llvm.alloca {{.*}} x f64
// LOWERED: func.func @outer(
// __return[i] = 16 i + 6 on every run.
// RUN: sdfg-run %s --expected %S/Inputs/nested-scope-locals-expected.npz 2>&1 | FileCheck %s
// CHECK: 1 outputs match
sdfg.sdfg "outer" ["__return"] {
  sdfg.array "__return" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<256>}
  %s = sdfg.state "s" {
    %o = sdfg.access "__return"
    %n = sdfg.nested "inner" attributes {outs = {y}} {
      sdfg.sdfg "inner" ["y"] {
        sdfg.array "y" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<256>}
        sdfg.array "buf" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
        %b = sdfg.state "body" {
          %y = sdfg.access "y"
          %me, %mx = sdfg.map "rows" ["i"] = 0:256 attributes {exit_ins = {IN_y}, exit_outs = {OUT_y}, schedule = #sdfg.schedule<CPU_Multicore>} {
          ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
            %ie, %ix = sdfg.map "fill" ["j"] = 0:4 attributes {exit_ins = {IN_buf}, exit_outs = {OUT_buf}, schedule = #sdfg.schedule<Sequential>} {
            ^bb0(%e2: !sdfg.node, %x2: !sdfg.node):
              %t = sdfg.tasklet "put" {code = "v = i * 4 + j", outs = {v}}
              sdfg.memlet %e2 -> %t
              sdfg.memlet %t["v"] -> %x2["IN_buf"] {data = "buf", subset = #sdfg.range<j>}
            }
            %buf = sdfg.access "buf"
            %sum = sdfg.tasklet "sum" {code = "s = b[0] + b[1] + b[2] + b[3]", ins = {b}, outs = {s}}
            sdfg.memlet %entry -> %ie
            sdfg.memlet %ix["OUT_buf"] -> %buf {data = "buf", subset = #sdfg.range<0:4>}
            sdfg.memlet %buf -> %sum["b"] {data = "buf", subset = #sdfg.range<0:4>}
            sdfg.memlet %sum["s"] -> %exit["IN_y"] {data = "y", subset = #sdfg.range<i>}
          }
          sdfg.memlet %mx["OUT_y"] -> %y {data = "y", subset = #sdfg.range<0:256>}
        }
      }
    }
    sdfg.memlet %n["y"] -> %o {data = "__return", subset = #sdfg.range<0:256>}
  }
}
