// Maps counting down: ranges are inclusive (`begin:end:step` in DaCe; the
// text form here writes `end + 1`), so "9:1:-1" runs i = 9, 8, ..., 0 and
// "9:1:-2" runs 9, 7, 5, 3, 1 (the end need not be reached); "9:1:s" with
// s = -3 runs 9, 6, 3, 0 (a step of unknown sign counts its iterations as
// floor((end - start) / step) + 1). The results must equal those of a
// program computing the same with upward ranges.
// RUN: sdfg-run %S/Inputs/negative-step-expected.mlir -o %t.npz
// RUN: sdfg-run %s --symbol s=-3 --expected %t.npz 2>&1 | FileCheck %s
// RUN: sdfg-run %s --symbol s=-3 --engine aot --expected %t.npz 2>&1 | FileCheck %s
// CHECK: 1 outputs match
// RUN: sdfg-run %s --symbol s=-3 --emit lowered | FileCheck %s --check-prefix=LOWERED
// LOWERED: arith.floordivsi
// LOWERED: scf.parallel
sdfg.sdfg "negative_steps" [] {
  sdfg.symbol "s" {dtype = #sdfg.dtype<int64>}
  sdfg.array "__return" {dtype = #sdfg.dtype<int64>, shape = #sdfg.exprs<3, 10>}
  %s0 = sdfg.state "by_one" {
    %r = sdfg.access "__return"
    %me, %mx = sdfg.map "by_one" ["i"] = 9:1:-1 attributes {exit_ins = {IN_r}, exit_outs = {OUT_r}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "y = i + 1", outs = {y}}
      sdfg.memlet %entry -> %t
      sdfg.memlet %t["y"] -> %exit["IN_r"] {data = "__return", subset = #sdfg.range<0, i>}
    }
    sdfg.memlet %mx["OUT_r"] -> %r {data = "__return", subset = #sdfg.range<0, 0:10>}
  }
  %s1 = sdfg.state "by_two" {
    %r = sdfg.access "__return"
    %me, %mx = sdfg.map "by_two" ["i"] = 9:1:-2 attributes {schedule = #sdfg.schedule<Sequential>, exit_ins = {IN_r}, exit_outs = {OUT_r}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "y = 1; z = 2", outs = {y, z}}
      sdfg.memlet %entry -> %t
      sdfg.memlet %t["y"] -> %exit["IN_r"] {data = "__return", subset = #sdfg.range<1, i>}
      sdfg.memlet %t["z"] -> %exit["IN_r"] {data = "__return", subset = #sdfg.range<1, "i - 1">}
    }
    sdfg.memlet %mx["OUT_r"] -> %r {data = "__return", subset = #sdfg.range<1, 0:10>}
  }
  %s2 = sdfg.state "clear" {
    %r = sdfg.access "__return"
    %me, %mx = sdfg.map "clear" ["j"] = 0:10 attributes {exit_ins = {IN_r}, exit_outs = {OUT_r}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "y = 0", outs = {y}}
      sdfg.memlet %entry -> %t
      sdfg.memlet %t["y"] -> %exit["IN_r"] {data = "__return", subset = #sdfg.range<2, j>}
    }
    sdfg.memlet %mx["OUT_r"] -> %r {data = "__return", subset = #sdfg.range<2, 0:10>}
  }
  %s3 = sdfg.state "by_s" {
    %r = sdfg.access "__return"
    %me, %mx = sdfg.map "by_s" ["i"] = 9:1:s attributes {exit_ins = {IN_r}, exit_outs = {OUT_r}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "y = i + 1", outs = {y}}
      sdfg.memlet %entry -> %t
      sdfg.memlet %t["y"] -> %exit["IN_r"] {data = "__return", subset = #sdfg.range<2, i>}
    }
    sdfg.memlet %mx["OUT_r"] -> %r {data = "__return", subset = #sdfg.range<2, 0:10>}
  }
  sdfg.edge %s0 -> %s1
  sdfg.edge %s1 -> %s2
  sdfg.edge %s2 -> %s3
}
