// sdfg-map-to-for-loop: a top-level map becomes a nested SDFG running its
// body in one sequential loop per parameter.
// RUN: sdfg-opt %s --split-input-file --sdfg-map-to-for-loop | FileCheck %s
// RUN: sdfg-opt %s --split-input-file --sdfg-list-matches=sdfg-map-to-for-loop | FileCheck %s --check-prefix=MATCHES

// MATCHES: 0: map 'm' [i] in state 's'
// MATCHES: 0: map 'outer' [i, j] in state 's'
// MATCHES-NOT: inner
// MATCHES: sdfg-map-to-for-loop: no matches
// MATCHES: sdfg-map-to-for-loop: no matches

// CHECK-LABEL: sdfg.sdfg "one_dim"
// CHECK: %[[A:.*]] = sdfg.access "A"
// CHECK: %[[N:.*]] = sdfg.nested "m" attributes {ins = {A}, outs = {B}, symbol_mapping = #sdfg.symbols<N = N>} {
// CHECK: sdfg.sdfg "m" ["A", "B"] attributes {experimental_blocks} {
// CHECK: sdfg.symbol "i" {dtype = #sdfg.dtype<int64>}
// CHECK: sdfg.loop "m_i" attributes {condition = "i < N", init = "i = 0", loop_variable = "i", update = "i = i + 2"} {
// CHECK: sdfg.state "m" {
// CHECK-DAG: %[[IA:.*]] = sdfg.access "A"
// CHECK-DAG: %[[T:.*]] = sdfg.tasklet "t"
// CHECK-DAG: %[[IB:.*]] = sdfg.access "B"
// CHECK-DAG: sdfg.memlet %[[IA]] -> %[[T]]["x"] {data = "A", subset = #sdfg.range<i>}
// CHECK-DAG: sdfg.memlet %[[T]]["y"] -> %[[IB]] {data = "B", subset = #sdfg.range<i>}
// CHECK: sdfg.memlet %[[A]] -> %[[N]]["A"] {data = "A", subset = #sdfg.range<0:N>}
// CHECK: sdfg.memlet %[[N]]["B"] -> %{{.*}} {data = "B", subset = #sdfg.range<0:N>}
// CHECK-NOT: sdfg.map
sdfg.sdfg "one_dim" ["A", "B"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %B = sdfg.access "B"
    %me, %mx = sdfg.map "m" ["i"] = 0:N:2 attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_B}, exit_outs = {OUT_B}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "y = x + 1", ins = {x}, outs = {y}}
      sdfg.memlet %entry["OUT_A"] -> %t["x"] {data = "A", subset = #sdfg.range<i>}
      sdfg.memlet %t["y"] -> %exit["IN_B"] {data = "B", subset = #sdfg.range<i>}
    }
    sdfg.memlet %A -> %me["IN_A"] {data = "A", subset = #sdfg.range<0:N>}
    sdfg.memlet %mx["OUT_B"] -> %B {data = "B", subset = #sdfg.range<0:N>}
  }
}

// -----

// Two parameters give two nested loops; the transient private to the map
// moves into the nested SDFG. Applied everywhere, the inner map, now at the
// top level of the nested SDFG's state, becomes a loop of its own too.
// CHECK-LABEL: sdfg.sdfg "two_dims"
// CHECK-NOT: sdfg.scalar "T"
// CHECK: sdfg.nested "outer"
// CHECK: sdfg.scalar "T" {{.*}}transient
// CHECK: sdfg.loop "outer_i" attributes {condition = "i < N", init = "i = 0", loop_variable = "i", update = "i = i + 1"} {
// CHECK-NEXT: sdfg.loop "outer_j" attributes {condition = "j < M", init = "j = 1", loop_variable = "j", update = "j = j + 1"} {
// CHECK: sdfg.nested "inner"
// CHECK: sdfg.loop "inner_k" attributes {condition = "k < 4", init = "k = 0", loop_variable = "k", update = "k = k + 1"} {
sdfg.sdfg "two_dims" ["A"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.symbol "M" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, M, 4>}
  sdfg.scalar "T" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>, transient}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %me, %mx = sdfg.map "outer" ["i", "j"] = 0:N, 1:M attributes {exit_ins = {IN_A}, exit_outs = {OUT_A}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t0 = sdfg.tasklet "t0" {code = "y = 2", outs = {y}}
      %T = sdfg.access "T"
      sdfg.memlet %entry -> %t0
      sdfg.memlet %t0["y"] -> %T {data = "T", subset = #sdfg.range<0>}
      %ie, %ix = sdfg.map "inner" ["k"] = 0:4 attributes {ins = {IN_T}, outs = {OUT_T}, exit_ins = {IN_A}, exit_outs = {OUT_A}} {
      ^bb0(%e2: !sdfg.node, %x2: !sdfg.node):
        %t = sdfg.tasklet "t" {code = "y = x", ins = {x}, outs = {y}}
        sdfg.memlet %e2["OUT_T"] -> %t["x"] {data = "T", subset = #sdfg.range<0>}
        sdfg.memlet %t["y"] -> %x2["IN_A"] {data = "A", subset = #sdfg.range<i, j, k>}
      }
      sdfg.memlet %T -> %ie["IN_T"] {data = "T", subset = #sdfg.range<0>}
      sdfg.memlet %ix["OUT_A"] -> %exit["IN_A"] {data = "A", subset = #sdfg.range<i, j, 0:4>}
    }
    sdfg.memlet %mx["OUT_A"] -> %A {data = "A", subset = #sdfg.range<0:N, 1:M, 0:4>}
  }
}

// -----

// A dynamic range input (the bound is read from data): not handled.
// CHECK-LABEL: sdfg.sdfg "dynamic_range"
// CHECK: sdfg.map "m"
sdfg.sdfg "dynamic_range" ["A", "n"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.scalar "n" {dtype = #sdfg.dtype<int64>, shape = #sdfg.exprs<1>}
  %s = sdfg.state "s" {
    %n = sdfg.access "n"
    %A = sdfg.access "A"
    %me, %mx = sdfg.map "m" ["i"] = 0:nn attributes {ins = {nn}, exit_ins = {IN_A}, exit_outs = {OUT_A}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "y = 1", outs = {y}}
      sdfg.memlet %entry -> %t
      sdfg.memlet %t["y"] -> %exit["IN_A"] {data = "A", subset = #sdfg.range<i>}
    }
    sdfg.memlet %n -> %me["nn"] {data = "n", subset = #sdfg.range<0>}
    sdfg.memlet %mx["OUT_A"] -> %A {data = "A", subset = #sdfg.range<0:N>}
  }
}

// -----

// One container through two connectors: not handled.
// CHECK-LABEL: sdfg.sdfg "two_connectors"
// CHECK: sdfg.map "m"
sdfg.sdfg "two_connectors" ["A", "B"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %B = sdfg.access "B"
    %me, %mx = sdfg.map "m" ["i"] = 1:N attributes {ins = {IN_A, IN_A2}, outs = {OUT_A, OUT_A2}, exit_ins = {IN_B}, exit_outs = {OUT_B}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "y = x + z", ins = {x, z}, outs = {y}}
      sdfg.memlet %entry["OUT_A"] -> %t["x"] {data = "A", subset = #sdfg.range<i>}
      sdfg.memlet %entry["OUT_A2"] -> %t["z"] {data = "A", subset = #sdfg.range<"i - 1">}
      sdfg.memlet %t["y"] -> %exit["IN_B"] {data = "B", subset = #sdfg.range<i>}
    }
    sdfg.memlet %A -> %me["IN_A"] {data = "A", subset = #sdfg.range<1:N>}
    sdfg.memlet %A -> %me["IN_A2"] {data = "A", subset = #sdfg.range<0:"N - 1">}
    sdfg.memlet %mx["OUT_B"] -> %B {data = "B", subset = #sdfg.range<1:N>}
  }
}
