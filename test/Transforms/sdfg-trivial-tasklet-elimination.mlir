// sdfg-trivial-tasklet-elimination: tasklets that copy become copy edges.
// RUN: sdfg-opt %s --split-input-file --sdfg-trivial-tasklet-elimination | FileCheck %s
// RUN: sdfg-opt %s --split-input-file --sdfg-list-matches=sdfg-trivial-tasklet-elimination | FileCheck %s --check-prefix=MATCHES

// MATCHES: 0: tasklet 'pick' (A -> D) in state 's'
// MATCHES-NEXT: 1: tasklet 'load' (m -> T) in state 's'
// MATCHES-NEXT: 2: tasklet 'store' (T -> m) in state 's'
// MATCHES: sdfg-trivial-tasklet-elimination: no matches

// Between access nodes the copy names the source; from a map entry too;
// into a map exit it names the data the exit writes.
// CHECK-LABEL: sdfg.sdfg "copies"
// CHECK-NOT: sdfg.tasklet
// CHECK: sdfg.memlet %entry["OUT_A"] -> %T {data = "A", other_subset = #sdfg.range<i>, subset = #sdfg.range<"i + 1">}
// CHECK-NEXT: sdfg.memlet %T -> %exit["IN_B"] {data = "B", other_subset = #sdfg.range<i>, subset = #sdfg.range<"N - i - 1">}
// CHECK: sdfg.memlet %A -> %D {data = "A", other_subset = #sdfg.range<1>, subset = #sdfg.range<2>}
sdfg.sdfg "copies" ["A", "B", "D"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int64>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<"N + 1">}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "D" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<3>}
  sdfg.array "T" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>, transient}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %D = sdfg.access "D"
    %t = sdfg.tasklet "pick" {code = "out = inp", ins = {inp}, outs = {out}}
    sdfg.memlet %A -> %t["inp"] {data = "A", subset = #sdfg.range<2>}
    sdfg.memlet %t["out"] -> %D {data = "D", subset = #sdfg.range<1>}
    %A2 = sdfg.access "A"
    %B = sdfg.access "B"
    %me, %mx = sdfg.map "m" ["i"] = 0:N attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_B}, exit_outs = {OUT_B}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %c = sdfg.tasklet "load" {code = "out = inp", ins = {inp}, outs = {out}}
      %T = sdfg.access "T"
      %w = sdfg.tasklet "store" {code = "out = inp", ins = {inp}, outs = {out}}
      sdfg.memlet %entry["OUT_A"] -> %c["inp"] {data = "A", subset = #sdfg.range<"i + 1">}
      sdfg.memlet %c["out"] -> %T {data = "T", subset = #sdfg.range<i>}
      sdfg.memlet %T -> %w["inp"] {data = "T", subset = #sdfg.range<i>}
      sdfg.memlet %w["out"] -> %exit["IN_B"] {data = "B", subset = #sdfg.range<"N - 1 - i">}
    }
    sdfg.memlet %A2 -> %me["IN_A"] {data = "A", subset = #sdfg.range<1:"N + 1">}
    sdfg.memlet %mx["OUT_B"] -> %B {data = "B", subset = #sdfg.range<0:N>}
  }
}

// -----

// Left alone: code that computes, a cast (int32 into float64, or through a
// typed connector), write-conflict resolution, a map entry straight into
// a map exit, different element counts.
// CHECK-LABEL: sdfg.sdfg "kept"
// CHECK-COUNT-6: sdfg.tasklet
sdfg.sdfg "kept" ["A", "I", "D"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int64>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "I" {dtype = #sdfg.dtype<int32>, shape = #sdfg.exprs<N>}
  sdfg.array "D" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %I = sdfg.access "I"
    %D = sdfg.access "D"
    %t1 = sdfg.tasklet "computes" {code = "out = inp + 1", ins = {inp}, outs = {out}}
    sdfg.memlet %A -> %t1["inp"] {data = "A", subset = #sdfg.range<0>}
    sdfg.memlet %t1["out"] -> %D {data = "D", subset = #sdfg.range<0>}
    %t2 = sdfg.tasklet "casts" {code = "out = inp", ins = {inp}, outs = {out}}
    sdfg.memlet %I -> %t2["inp"] {data = "I", subset = #sdfg.range<1>}
    sdfg.memlet %t2["out"] -> %D {data = "D", subset = #sdfg.range<1>}
    %t3 = sdfg.tasklet "typed" {code = "out = inp", ins = {inp = #sdfg.dtype<int32>}, outs = {out}}
    sdfg.memlet %A -> %t3["inp"] {data = "A", subset = #sdfg.range<2>}
    sdfg.memlet %t3["out"] -> %D {data = "D", subset = #sdfg.range<2>}
    %t4 = sdfg.tasklet "accumulates" {code = "out = inp", ins = {inp}, outs = {out}}
    sdfg.memlet %A -> %t4["inp"] {data = "A", subset = #sdfg.range<3>}
    sdfg.memlet %t4["out"] -> %D {data = "D", subset = #sdfg.range<3>, wcr = #sdfg.wcr<Sum, "(lambda a, b: a + b)">}
    %t5 = sdfg.tasklet "sizes" {code = "out = inp", ins = {inp}, outs = {out}}
    sdfg.memlet %A -> %t5["inp"] {data = "A", subset = #sdfg.range<0:2>}
    sdfg.memlet %t5["out"] -> %D {data = "D", subset = #sdfg.range<4>}
    %A2 = sdfg.access "A"
    %D2 = sdfg.access "D"
    %me, %mx = sdfg.map "m" ["i"] = 0:N attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_D}, exit_outs = {OUT_D}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %c = sdfg.tasklet "through" {code = "out = inp", ins = {inp}, outs = {out}}
      sdfg.memlet %entry["OUT_A"] -> %c["inp"] {data = "A", subset = #sdfg.range<i>}
      sdfg.memlet %c["out"] -> %exit["IN_D"] {data = "D", subset = #sdfg.range<i>}
    }
    sdfg.memlet %A2 -> %me["IN_A"] {data = "A", subset = #sdfg.range<0:N>}
    sdfg.memlet %mx["OUT_D"] -> %D2 {data = "D", subset = #sdfg.range<0:N>}
  }
}
