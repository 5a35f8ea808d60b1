// MLIR tasklets pass through: @mlir_entry is called with the inputs in
// connector order and its results are written to the outputs.
// RUN: sdfg-run %s -o %t.npz
// RUN: sdfg-run %s --expected %S/Inputs/mlir-tasklet-expected.npz 2>&1 | FileCheck %s
// CHECK: 1 outputs match
// RUN: sdfg-run %s --emit lowered | FileCheck %s --check-prefix=LOWERED
// LOWERED: func.func private @__sdfg_mlir_tasklet_1(%{{.*}}: i64) -> i32
// LOWERED: call @__sdfg_mlir_tasklet_1(%{{.*}}) : (i64) -> i32
sdfg.sdfg "squares" [] {
  sdfg.array "__return" {dtype = #sdfg.dtype<int32>, shape = #sdfg.exprs<4>}
  sdfg.scalar "k" {dtype = #sdfg.dtype<int64>, shape = #sdfg.exprs<1>, transient}
  %s = sdfg.state "s" {
    %r = sdfg.access "__return"
    %me, %mx = sdfg.map "m" ["i"] = 0:4 attributes {exit_ins = {IN_r}, exit_outs = {OUT_r}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "sq" {language = "MLIR", ins = {x}, outs = {o}, code = "func.func @mlir_entry(%i: i64) -> i32 {\n  %sq = arith.muli %i, %i : i64\n  %one = arith.constant 1 : i64\n  %r = arith.addi %sq, %one : i64\n  %t = arith.trunci %r : i64 to i32\n  return %t : i32\n}"}
      %pre = sdfg.tasklet "index" {code = "y = i", outs = {y}}
      %kv = sdfg.access "k"
      sdfg.memlet %entry -> %pre
      sdfg.memlet %pre["y"] -> %kv {data = "k", subset = #sdfg.range<0>}
      sdfg.memlet %kv -> %t["x"] {data = "k", subset = #sdfg.range<0>}
      sdfg.memlet %t["o"] -> %exit["IN_r"] {data = "__return", subset = #sdfg.range<i>}
    }
    sdfg.memlet %mx["OUT_r"] -> %r {data = "__return", subset = #sdfg.range<0:4>}
  }
}
