// sdfg-trivial-map-elimination: map dimensions that run once go away.
// RUN: sdfg-opt %s --split-input-file --sdfg-trivial-map-elimination | FileCheck %s
// RUN: sdfg-opt %s --split-input-file --sdfg-list-matches=sdfg-trivial-map-elimination | FileCheck %s --check-prefix=MATCHES

// MATCHES: 0: map 'm' [j] in state 's'
// MATCHES: 0: map 'm' [i] in state 's'
// MATCHES: sdfg-trivial-map-elimination: no matches

// One trivial dimension: its value replaces the parameter in memlets and
// tasklet code.
// CHECK-LABEL: sdfg.sdfg "partly"
// CHECK: sdfg.map "m" ["i"] = 0:N
// CHECK: sdfg.tasklet "t" {code = "y = x + (3) * i"
// CHECK: sdfg.memlet %{{.*}}["OUT_A"] -> %{{.*}}["x"] {data = "A", subset = #sdfg.range<i, 3>}
// CHECK: sdfg.memlet %{{.*}}["y"] -> %{{.*}}["IN_B"] {data = "B", subset = #sdfg.range<i, 3>}
sdfg.sdfg "partly" ["A", "B"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, 5>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, 5>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %B = sdfg.access "B"
    %me, %mx = sdfg.map "m" ["i", "j"] = 0:N, 3 attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_B}, exit_outs = {OUT_B}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "y = x + j * i", ins = {x}, outs = {y}}
      sdfg.memlet %entry["OUT_A"] -> %t["x"] {data = "A", subset = #sdfg.range<i, j>}
      sdfg.memlet %t["y"] -> %exit["IN_B"] {data = "B", subset = #sdfg.range<i, j>}
    }
    sdfg.memlet %A -> %me["IN_A"] {data = "A", subset = #sdfg.range<0:N, 3>}
    sdfg.memlet %mx["OUT_B"] -> %B {data = "B", subset = #sdfg.range<0:N, 3>}
  }
}

// -----

// Every dimension trivial: the map is removed and the tasklet connected
// to the access nodes with the inner memlets.
// CHECK-LABEL: sdfg.sdfg "whole"
// CHECK-NOT: sdfg.map
// CHECK: sdfg.tasklet "t" {code = "y = x * (N - 1)"
// CHECK-DAG: sdfg.memlet %A -> %t["x"] {data = "A", subset = #sdfg.range<"N - 1">}
// CHECK-DAG: sdfg.memlet %t["y"] -> %B {data = "B", subset = #sdfg.range<"N - 1">}
sdfg.sdfg "whole" ["A", "B"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %B = sdfg.access "B"
    %me, %mx = sdfg.map "m" ["i"] = "N - 1" attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_B}, exit_outs = {OUT_B}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "y = x * i", ins = {x}, outs = {y}}
      sdfg.memlet %entry["OUT_A"] -> %t["x"] {data = "A", subset = #sdfg.range<i>}
      sdfg.memlet %t["y"] -> %exit["IN_B"] {data = "B", subset = #sdfg.range<i>}
    }
    sdfg.memlet %A -> %me["IN_A"] {data = "A", subset = #sdfg.range<"N - 1">}
    sdfg.memlet %mx["OUT_B"] -> %B {data = "B", subset = #sdfg.range<"N - 1">}
  }
}

// -----

// A C++ tasklet naming the parameter cannot be rewritten: no match.
// CHECK-LABEL: sdfg.sdfg "cpp"
// CHECK: sdfg.map "m" ["i"] = 2
sdfg.sdfg "cpp" ["B"] {
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>}
  %s = sdfg.state "s" {
    %B = sdfg.access "B"
    %me, %mx = sdfg.map "m" ["i"] = 2 attributes {exit_ins = {IN_B}, exit_outs = {OUT_B}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "y = i;", language = "CPP", outs = {y}}
      sdfg.memlet %entry -> %t
      sdfg.memlet %t["y"] -> %exit["IN_B"] {data = "B", subset = #sdfg.range<i>}
    }
    sdfg.memlet %mx["OUT_B"] -> %B {data = "B", subset = #sdfg.range<2>}
  }
}
