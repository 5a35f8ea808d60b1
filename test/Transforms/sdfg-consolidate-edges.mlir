// sdfg-consolidate-edges: edges between one access node and one map merge
// into one edge with the bounding box of their subsets.
// RUN: sdfg-opt %s --split-input-file --sdfg-consolidate-edges | FileCheck %s
// RUN: sdfg-opt %s --split-input-file --sdfg-list-matches=sdfg-consolidate-edges | FileCheck %s --check-prefix=MATCHES

// MATCHES: 0: MapEntry 'm' ['A' x2] in state 's'
// MATCHES-NEXT: 1: MapExit 'm' ['B' x2] in state 's'
// MATCHES: sdfg-consolidate-edges: no matches
// MATCHES: sdfg-consolidate-edges: no matches

// Two reads of A (a stencil) and two writes of B.
// CHECK-LABEL: sdfg.sdfg "stencil"
// CHECK: sdfg.map "m" ["i"] = 1:N attributes {exit_ins = {IN_B}, exit_outs = {OUT_B}, ins = {IN_A}, outs = {OUT_A}}
// CHECK-DAG: sdfg.memlet %entry["OUT_A"] -> %t["x"] {data = "A", subset = #sdfg.range<"i - 1">}
// CHECK-DAG: sdfg.memlet %entry["OUT_A"] -> %t["y"] {data = "A", subset = #sdfg.range<"i + 1">}
// CHECK-DAG: sdfg.memlet %t["z"] -> %exit["IN_B"] {data = "B", subset = #sdfg.range<i>}
// CHECK-DAG: sdfg.memlet %t["w"] -> %exit["IN_B"] {data = "B", subset = #sdfg.range<"i + 2">}
// CHECK-DAG: sdfg.memlet %A -> %m_entry["IN_A"] {data = "A", subset = #sdfg.range<0:"N + 1">, volume = #sdfg.expr<"N + 1">}
// CHECK-DAG: sdfg.memlet %m_exit["OUT_B"] -> %B {data = "B", subset = #sdfg.range<1:"N + 2">, volume = #sdfg.expr<"N + 1">}
sdfg.sdfg "stencil" ["A", "B"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<"N + 1">}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<"N + 2">}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %B = sdfg.access "B"
    %e, %x = sdfg.map "m" ["i"] = 1:N attributes {ins = {IN_A, IN_A_1}, outs = {OUT_A, OUT_A_1}, exit_ins = {IN_B, IN_B_1}, exit_outs = {OUT_B, OUT_B_1}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "z = x + y\nw = x - y", ins = {x, y}, outs = {z, w}}
      sdfg.memlet %entry["OUT_A"] -> %t["x"] {data = "A", subset = #sdfg.range<"i - 1">}
      sdfg.memlet %entry["OUT_A_1"] -> %t["y"] {data = "A", subset = #sdfg.range<"i + 1">}
      sdfg.memlet %t["z"] -> %exit["IN_B"] {data = "B", subset = #sdfg.range<i>}
      sdfg.memlet %t["w"] -> %exit["IN_B_1"] {data = "B", subset = #sdfg.range<"i + 2">}
    }
    sdfg.memlet %A -> %e["IN_A"] {data = "A", subset = #sdfg.range<0:"N - 1">}
    sdfg.memlet %A -> %e["IN_A_1"] {data = "A", subset = #sdfg.range<2:"N + 1">}
    sdfg.memlet %x["OUT_B"] -> %B {data = "B", subset = #sdfg.range<1:N>}
    sdfg.memlet %x["OUT_B_1"] -> %B {data = "B", subset = #sdfg.range<3:"N + 2">}
  }
}

// -----

// The bounds differ by a symbol (no constant order): no match.
// CHECK-LABEL: sdfg.sdfg "symbolic"
// CHECK: ins = {IN_A, IN_A_1}
sdfg.sdfg "symbolic" ["A", "B"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.symbol "M" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<"N + M">}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %B = sdfg.access "B"
    %e, %x = sdfg.map "m" ["i"] = 0:N attributes {ins = {IN_A, IN_A_1}, outs = {OUT_A, OUT_A_1}, exit_ins = {IN_B}, exit_outs = {OUT_B}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "z = x + y", ins = {x, y}, outs = {z}}
      sdfg.memlet %entry["OUT_A"] -> %t["x"] {data = "A", subset = #sdfg.range<i>}
      sdfg.memlet %entry["OUT_A_1"] -> %t["y"] {data = "A", subset = #sdfg.range<"i + M">}
      sdfg.memlet %t["z"] -> %exit["IN_B"] {data = "B", subset = #sdfg.range<i>}
    }
    sdfg.memlet %A -> %e["IN_A"] {data = "A", subset = #sdfg.range<0:N>}
    sdfg.memlet %A -> %e["IN_A_1"] {data = "A", subset = #sdfg.range<M:"N + M">}
    sdfg.memlet %x["OUT_B"] -> %B {data = "B", subset = #sdfg.range<0:N>}
  }
}

// -----

// The writes differ in write-conflict resolution: no match.
// CHECK-LABEL: sdfg.sdfg "wcr"
// CHECK: exit_ins = {IN_B, IN_B_1}
sdfg.sdfg "wcr" ["A", "B"] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<2>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %B = sdfg.access "B"
    %e, %x = sdfg.map "m" ["i"] = 0:4 attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_B, IN_B_1}, exit_outs = {OUT_B, OUT_B_1}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "z = x\nw = x", ins = {x}, outs = {z, w}}
      sdfg.memlet %entry["OUT_A"] -> %t["x"] {data = "A", subset = #sdfg.range<i>}
      sdfg.memlet %t["z"] -> %exit["IN_B"] {data = "B", subset = #sdfg.range<0>, wcr = #sdfg.wcr<Sum, "lambda a, b: a + b">}
      sdfg.memlet %t["w"] -> %exit["IN_B_1"] {data = "B", subset = #sdfg.range<1>, dynamic}
    }
    sdfg.memlet %A -> %e["IN_A"] {data = "A", subset = #sdfg.range<0:4>}
    sdfg.memlet %x["OUT_B"] -> %B {data = "B", subset = #sdfg.range<0>, wcr = #sdfg.wcr<Sum, "lambda a, b: a + b">}
    sdfg.memlet %x["OUT_B_1"] -> %B {data = "B", subset = #sdfg.range<1>, dynamic}
  }
}
