// sdfg-map-dim-shuffle: the parameters of a map are reordered.
// RUN: sdfg-opt %s --split-input-file --sdfg-map-dim-shuffle | FileCheck %s
// RUN: sdfg-opt %s --split-input-file --sdfg-map-dim-shuffle="order=k,i,j" | FileCheck %s --check-prefix=ORDER
// RUN: sdfg-opt %s --split-input-file --sdfg-list-matches=sdfg-map-dim-shuffle | FileCheck %s --check-prefix=MATCHES
// RUN: not sdfg-opt %s --split-input-file --sdfg-map-dim-shuffle="order=i,x,j" 2>&1 | FileCheck %s --check-prefix=BAD

// MATCHES: 0: map 'm' [i, j, k] in state 's'
// MATCHES: sdfg-map-dim-shuffle: no matches
// MATCHES: sdfg-map-dim-shuffle: no matches
// BAD: order: 'x' is not a parameter of the map (i, j, k)

// By default the order is reversed; each parameter keeps its range and the
// body is unchanged.
// CHECK-LABEL: sdfg.sdfg "three"
// CHECK: sdfg.map "m" ["k", "j", "i"] = 0:2, 0:M, 0:N
// CHECK: {data = "A", subset = #sdfg.range<i, j, k>}
// ORDER-LABEL: sdfg.sdfg "three"
// ORDER: sdfg.map "m" ["k", "i", "j"] = 0:2, 0:N, 0:M
sdfg.sdfg "three" ["A", "B"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.symbol "M" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, M, 2>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, M, 2>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %B = sdfg.access "B"
    %me, %mx = sdfg.map "m" ["i", "j", "k"] = 0:N, 0:M, 0:2 attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_B}, exit_outs = {OUT_B}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "y = x + 1", ins = {x}, outs = {y}}
      sdfg.memlet %entry["OUT_A"] -> %t["x"] {data = "A", subset = #sdfg.range<i, j, k>}
      sdfg.memlet %t["y"] -> %exit["IN_B"] {data = "B", subset = #sdfg.range<i, j, k>}
    }
    sdfg.memlet %A -> %me["IN_A"] {data = "A", subset = #sdfg.range<0:N, 0:M, 0:2>}
    sdfg.memlet %mx["OUT_B"] -> %B {data = "B", subset = #sdfg.range<0:N, 0:M, 0:2>}
  }
}

// -----

// One parameter: nothing to reorder.
// CHECK-LABEL: sdfg.sdfg "one"
// CHECK: sdfg.map "m" ["i"] = 0:N
sdfg.sdfg "one" ["A"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %me, %mx = sdfg.map "m" ["i"] = 0:N attributes {exit_ins = {IN_A}, exit_outs = {OUT_A}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "y = 1", outs = {y}}
      sdfg.memlet %entry -> %t
      sdfg.memlet %t["y"] -> %exit["IN_A"] {data = "A", subset = #sdfg.range<i>}
    }
    sdfg.memlet %mx["OUT_A"] -> %A {data = "A", subset = #sdfg.range<0:N>}
  }
}

// -----

// A dynamic range input (the range depends on data): no match.
// CHECK-LABEL: sdfg.sdfg "dynamic"
// CHECK: sdfg.map "m" ["i", "j"] = 0:N, 0:n
sdfg.sdfg "dynamic" ["A", "L"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, N>}
  sdfg.array "L" {dtype = #sdfg.dtype<int32>, shape = #sdfg.exprs<1>}
  %s = sdfg.state "s" {
    %L = sdfg.access "L"
    %A = sdfg.access "A"
    %me, %mx = sdfg.map "m" ["i", "j"] = 0:N, 0:n attributes {ins = {n}, exit_ins = {IN_A}, exit_outs = {OUT_A}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "y = 1", outs = {y}}
      sdfg.memlet %entry -> %t
      sdfg.memlet %t["y"] -> %exit["IN_A"] {data = "A", subset = #sdfg.range<i, j>}
    }
    sdfg.memlet %L -> %me["n"] {data = "L", subset = #sdfg.range<0>}
    sdfg.memlet %mx["OUT_A"] -> %A {data = "A", subset = #sdfg.range<0:N, 0:N>}
  }
}
