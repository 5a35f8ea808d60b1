// sdfg-map-unroll: a small constant map becomes one copy of its body per
// iteration.
// RUN: sdfg-opt %s --split-input-file --sdfg-map-unroll | FileCheck %s
// RUN: sdfg-opt %s --split-input-file --sdfg-list-matches=sdfg-map-unroll | FileCheck %s --check-prefix=MATCHES
// RUN: sdfg-opt %s --split-input-file --sdfg-map-unroll='max-iterations=2' | FileCheck %s --check-prefix=SMALL
// RUN: not sdfg-opt %s --split-input-file --sdfg-map-unroll='max-iterations=0' 2>&1 | FileCheck %s --check-prefix=ZERO

// MATCHES: 0: map 'm' [i] in state 's' (3 copies)
// MATCHES: 0: map 'm' [i, j] in state 's' (4 copies)
// MATCHES: sdfg-map-unroll: no matches
// MATCHES: sdfg-map-unroll: no matches
// MATCHES: sdfg-map-unroll: no matches
// ZERO: error: max-iterations: '0' is not a positive integer
// With at most two iterations, the first map stays.
// SMALL-LABEL: sdfg.sdfg "three"
// SMALL: sdfg.map "m"

// CHECK-LABEL: sdfg.sdfg "three"
// CHECK-NOT: sdfg.map
// CHECK-DAG: %[[A:.*]] = sdfg.access "A"
// CHECK-DAG: %[[B:.*]] = sdfg.access "B"
// CHECK-DAG: %[[T0:.*]] = sdfg.tasklet "t" {code = "y = x + (2)"
// CHECK-DAG: %[[T1:.*]] = sdfg.tasklet "t" {code = "y = x + (4)"
// CHECK-DAG: %[[T2:.*]] = sdfg.tasklet "t" {code = "y = x + (6)"
// CHECK-DAG: sdfg.memlet %[[A]] -> %[[T0]]["x"] {data = "A", subset = #sdfg.range<2>}
// CHECK-DAG: sdfg.memlet %[[T0]]["y"] -> %[[B]] {data = "B", subset = #sdfg.range<2>}
// CHECK-DAG: sdfg.memlet %[[A]] -> %[[T2]]["x"] {data = "A", subset = #sdfg.range<6>}
// CHECK-DAG: sdfg.memlet %[[T2]]["y"] -> %[[B]] {data = "B", subset = #sdfg.range<6>}
sdfg.sdfg "three" ["A", "B"] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<8>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<8>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %B = sdfg.access "B"
    %me, %mx = sdfg.map "m" ["i"] = 2:7:2 attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_B}, exit_outs = {OUT_B}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "y = x + i", ins = {x}, outs = {y}}
      sdfg.memlet %entry["OUT_A"] -> %t["x"] {data = "A", subset = #sdfg.range<i>}
      sdfg.memlet %t["y"] -> %exit["IN_B"] {data = "B", subset = #sdfg.range<i>}
    }
    sdfg.memlet %A -> %me["IN_A"] {data = "A", subset = #sdfg.range<2:7>}
    sdfg.memlet %mx["OUT_B"] -> %B {data = "B", subset = #sdfg.range<2:7>}
  }
}

// -----

// Two parameters; the transient inside gets one container per copy.
// CHECK-LABEL: sdfg.sdfg "grid"
// CHECK: sdfg.scalar "T_1"
// CHECK: sdfg.scalar "T_2"
// CHECK: sdfg.scalar "T_3"
// CHECK-NOT: sdfg.map
// CHECK-DAG: {data = "A", subset = #sdfg.range<0, 0>}
// CHECK-DAG: {data = "A", subset = #sdfg.range<0, 1>}
// CHECK-DAG: {data = "A", subset = #sdfg.range<1, 0>}
// CHECK-DAG: {data = "A", subset = #sdfg.range<1, 1>}
// CHECK-DAG: {data = "T_3", subset = #sdfg.range<0>}
sdfg.sdfg "grid" ["A"] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<2, 2>}
  sdfg.scalar "T" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>, transient}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %me, %mx = sdfg.map "m" ["i", "j"] = 0:2, 0:2 attributes {exit_ins = {IN_A}, exit_outs = {OUT_A}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t0 = sdfg.tasklet "t0" {code = "y = i * 2 + j", outs = {y}}
      %T = sdfg.access "T"
      %t1 = sdfg.tasklet "t1" {code = "y = x", ins = {x}, outs = {y}}
      sdfg.memlet %entry -> %t0
      sdfg.memlet %t0["y"] -> %T {data = "T", subset = #sdfg.range<0>}
      sdfg.memlet %T -> %t1["x"] {data = "T", subset = #sdfg.range<0>}
      sdfg.memlet %t1["y"] -> %exit["IN_A"] {data = "A", subset = #sdfg.range<i, j>}
    }
    sdfg.memlet %mx["OUT_A"] -> %A {data = "A", subset = #sdfg.range<0:2, 0:2>}
  }
}

// -----

// A symbolic range: not unrolled.
// CHECK-LABEL: sdfg.sdfg "symbolic"
// CHECK: sdfg.map "m"
sdfg.sdfg "symbolic" ["A"] {
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

// More iterations than the default bound (64).
// CHECK-LABEL: sdfg.sdfg "large"
// CHECK: sdfg.map "m"
sdfg.sdfg "large" ["A"] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<100>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %me, %mx = sdfg.map "m" ["i"] = 0:100 attributes {exit_ins = {IN_A}, exit_outs = {OUT_A}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "y = 1", outs = {y}}
      sdfg.memlet %entry -> %t
      sdfg.memlet %t["y"] -> %exit["IN_A"] {data = "A", subset = #sdfg.range<i>}
    }
    sdfg.memlet %mx["OUT_A"] -> %A {data = "A", subset = #sdfg.range<0:100>}
  }
}

// -----

// A C++ tasklet names the parameter: its code cannot be rewritten.
// CHECK-LABEL: sdfg.sdfg "cpp_uses_param"
// CHECK: sdfg.map "m"
sdfg.sdfg "cpp_uses_param" ["A"] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %me, %mx = sdfg.map "m" ["i"] = 0:4 attributes {exit_ins = {IN_A}, exit_outs = {OUT_A}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "y = i;", language = "CPP", outs = {y}}
      sdfg.memlet %entry -> %t
      sdfg.memlet %t["y"] -> %exit["IN_A"] {data = "A", subset = #sdfg.range<i>}
    }
    sdfg.memlet %mx["OUT_A"] -> %A {data = "A", subset = #sdfg.range<0:4>}
  }
}
