// `#sdfg.range` (dialect/SDFGRange.cpp, src/ir/range_attr.rs): parts print
// bare when an integer or an identifier and quoted otherwise; a step or tile
// of 1 is dropped; the map's range prints without its wrapper (`<>` when it
// has no dimension). The parts are kept as written; the reader parses them
// (src/ir/tests.rs checks what the builder writes).
// RUN: sdfg-opt %s --no-sdfg-verify | FileCheck %s
// RUN: sdfg-opt %s --no-sdfg-verify --mlir-print-op-generic | sdfg-opt --no-sdfg-verify | FileCheck %s
// RUN: sdfg-opt %s --no-sdfg-verify --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// CHECK-LABEL: sdfg.sdfg "ranges"
sdfg.sdfg "ranges" ["A"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int64>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, N>}
  sdfg.scalar "s" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>, transient}
  %st = sdfg.state "s" {
    %a = sdfg.access "A"
    %s = sdfg.access "s"
    // CHECK: sdfg.map "m" ["i", "j"] = 0:N, "N-1":-1:-2 attributes
    // GENERIC: range = #sdfg.range<0:N, "N-1":-1:-2>
    %me, %mx = sdfg.map "m" ["i", "j"] = 0:N:1:1, "N-1":-1:-2:1 attributes {exit_ins = {IN_A}, exit_outs = {OUT_A}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "x = 1", outs = {x}}
      sdfg.memlet %entry -> %t
      // CHECK: subset = #sdfg.range<i:"i + 1", "j+1">
      sdfg.memlet %t["x"] -> %exit["IN_A"] {data = "A", subset = #sdfg.range<"i":"i + 1", "j+1">}
    }
    // CHECK: sdfg.map "z" [] = <> {
    // GENERIC: range = #sdfg.range<>
    %ze, %zx = sdfg.map "z" [] = <> attributes {} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
    }
    // CHECK: subset = #sdfg.range<0:N, 0:N:1:4, -3:"007":true>
    sdfg.memlet %mx["OUT_A"] -> %a {data = "A", subset = #sdfg.range<0:N, 0:N:1:4, -3:"007":true>}
    // CHECK: other_subset = #sdfg.range<>, subset = #sdfg.range<"A_row[i]":"Min(N, 32)">
    sdfg.memlet %a -> %s {data = "A", subset = #sdfg.range<"A_row[i]":"Min(N, 32)">, other_subset = #sdfg.range<>}
  }
}
