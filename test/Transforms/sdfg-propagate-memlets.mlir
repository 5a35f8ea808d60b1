// sdfg-propagate-memlets: outer memlets recomputed from the inner ones.
// RUN: sdfg-opt %s --split-input-file --sdfg-propagate-memlets | FileCheck %s
// RUN: sdfg-opt %s --split-input-file --sdfg-list-matches=sdfg-propagate-memlets | FileCheck %s --check-prefix=MATCHES

// MATCHES: 0: 2 memlet(s) around maps in state 's'
// MATCHES: sdfg-propagate-memlets: no matches
// MATCHES: 0: 1 memlet(s) around maps in state 's'

// A stencil over the interior reads 0:N and writes 1:N - 1, not the whole
// arrays its outer memlets claimed.
// CHECK-LABEL: sdfg.sdfg "stencil"
// CHECK: sdfg.memlet %{{.*}} -> %{{.*}}["IN_A"] {data = "A", subset = #sdfg.range<0:N>, volume = #sdfg.expr<"3*N - 6">}
// CHECK: sdfg.memlet %{{.*}}["OUT_B"] -> %{{.*}} {data = "B", subset = #sdfg.range<1:"N - 1">, volume = #sdfg.expr<"N - 2">}
sdfg.sdfg "stencil" ["A", "B"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  %s = sdfg.state "s" {
    %a = sdfg.access "A"
    %b = sdfg.access "B"
    %e, %x = sdfg.map "m" ["i"] = 1:"N - 1" attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_B}, exit_outs = {OUT_B}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "avg" {code = "o = (w[0] + w[1] + w[2]) / 3", ins = {w}, outs = {o}}
      sdfg.memlet %entry["OUT_A"] -> %t["w"] {data = "A", subset = #sdfg.range<"i - 1":"i + 2">}
      sdfg.memlet %t["o"] -> %exit["IN_B"] {data = "B", subset = #sdfg.range<i>}
    }
    sdfg.memlet %a -> %e["IN_A"] {data = "A", subset = #sdfg.range<0:N>}
    sdfg.memlet %x["OUT_B"] -> %b {data = "B", subset = #sdfg.range<0:N>}
  }
}

// -----

// Already exact: nothing to do.
// CHECK-LABEL: sdfg.sdfg "exact"
// CHECK: sdfg.memlet %{{.*}} -> %{{.*}}["IN_A"] {data = "A", subset = #sdfg.range<0:N>, volume = #sdfg.expr<N>}
sdfg.sdfg "exact" ["A", "B"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  %s = sdfg.state "s" {
    %a = sdfg.access "A"
    %b = sdfg.access "B"
    %e, %x = sdfg.map "m" ["i"] = 0:N attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_B}, exit_outs = {OUT_B}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "copy" {code = "o = a", ins = {a}, outs = {o}}
      sdfg.memlet %entry["OUT_A"] -> %t["a"] {data = "A", subset = #sdfg.range<i>}
      sdfg.memlet %t["o"] -> %exit["IN_B"] {data = "B", subset = #sdfg.range<i>}
    }
    sdfg.memlet %a -> %e["IN_A"] {data = "A", subset = #sdfg.range<0:N>, volume = #sdfg.expr<N>}
    sdfg.memlet %x["OUT_B"] -> %b {data = "B", subset = #sdfg.range<0:N>, volume = #sdfg.expr<N>}
  }
}

// -----

// An index read from data (A[idx[i]]) cannot be bounded: the whole array.
// CHECK-LABEL: sdfg.sdfg "indirect"
// CHECK: sdfg.memlet %{{.*}} -> %{{.*}}["IN_A"] {data = "A", subset = #sdfg.range<0:M>, volume = #sdfg.expr<N>}
sdfg.sdfg "indirect" ["A", "B"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.symbol "M" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<M>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  %s = sdfg.state "s" {
    %a = sdfg.access "A"
    %b = sdfg.access "B"
    %e, %x = sdfg.map "m" ["i"] = 0:N attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_B}, exit_outs = {OUT_B}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "copy" {code = "o = a", ins = {a}, outs = {o}}
      sdfg.memlet %entry["OUT_A"] -> %t["a"] {data = "A", subset = #sdfg.range<"i*i">}
      sdfg.memlet %t["o"] -> %exit["IN_B"] {data = "B", subset = #sdfg.range<i>}
    }
    sdfg.memlet %a -> %e["IN_A"] {data = "A", subset = #sdfg.range<0>}
    sdfg.memlet %x["OUT_B"] -> %b {data = "B", subset = #sdfg.range<0:N>, volume = #sdfg.expr<N>}
  }
}
