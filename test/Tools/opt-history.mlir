// Recording the transformations of a run and replaying them on the input.
// RUN: rm -f %t.hist
// RUN: sdfg-opt %s --sdfg-map-expansion='match=0' --sdfg-map-interchange --sdfg-record-history=%t.hist -o %t.direct.mlir
// RUN: FileCheck %s --check-prefix=HIST < %t.hist
// RUN: sdfg-opt %s --sdfg-apply-history=%t.hist -o %t.replayed.mlir
// RUN: diff %t.direct.mlir %t.replayed.mlir
// RUN: FileCheck %s < %t.replayed.mlir
// RUN: printf 'sdfg-map-expansion\n  sdfg-no-such match=1\n' > %t.bad
// RUN: not sdfg-opt %s --sdfg-apply-history=%t.bad 2>&1 | FileCheck %s --check-prefix=BAD

// HIST: sdfg-map-expansion match=0
// HIST-NEXT: sdfg-map-interchange{{$}}

// BAD: opt-history.mlir.tmp.bad:2:3: error: unknown transformation 'sdfg-no-such'

// CHECK: sdfg.map "m" ["j"]
// CHECK: sdfg.map "m" ["i"]
sdfg.sdfg "history" ["A"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, N>}
  %s = sdfg.state "s" {
    %a = sdfg.access "A"
    %e, %x = sdfg.map "m" ["i", "j"] = 0:N, 0:N attributes {exit_ins = {IN_A}, exit_outs = {OUT_A}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "set" {code = "o = 1.0", outs = {o}}
      sdfg.memlet %entry -> %t
      sdfg.memlet %t["o"] -> %exit["IN_A"] {data = "A", subset = #sdfg.range<i, j>}
    }
    sdfg.memlet %x["OUT_A"] -> %a {data = "A", subset = #sdfg.range<0:N, 0:N>}
  }
}
