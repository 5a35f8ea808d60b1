// sdfg-map-interchange: two directly nested maps swap parameters and ranges.
// RUN: sdfg-opt %s --split-input-file --sdfg-map-interchange | FileCheck %s
// RUN: sdfg-opt %s --split-input-file --sdfg-list-matches=sdfg-map-interchange | FileCheck %s --check-prefix=MATCHES

// MATCHES: 0: map 'outer' around map 'inner' in state 's'
// MATCHES: sdfg-map-interchange: no matches

// CHECK-LABEL: sdfg.sdfg "nested"
// CHECK: sdfg.map "outer" ["j"] = 0:M attributes {{{.*}}schedule = #sdfg.schedule<CPU_Multicore>} {
// CHECK-NEXT: ^bb0(%[[E:.*]]: !sdfg.node, %[[X:.*]]: !sdfg.node):
// CHECK-NEXT: %[[IE:.*]], %[[IX:.*]] = sdfg.map "inner" ["i"] = 0:N attributes {{{.*}}schedule = #sdfg.schedule<Sequential>} {
// The edges between the maps carry the outer memlets now.
// CHECK: sdfg.memlet %[[E]]["OUT_A"] -> %[[IE]]["IN_A"] {data = "A", subset = #sdfg.range<0:N, 0:M>}
// CHECK: sdfg.memlet %[[IX]]["OUT_B"] -> %[[X]]["IN_B"] {data = "B", subset = #sdfg.range<0:N, 0:M>}
sdfg.sdfg "nested" ["A", "B"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.symbol "M" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, M>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, M>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %B = sdfg.access "B"
    %oe, %ox = sdfg.map "outer" ["i"] = 0:N attributes {schedule = #sdfg.schedule<CPU_Multicore>, ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_B}, exit_outs = {OUT_B}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %ie, %ix = sdfg.map "inner" ["j"] = 0:M attributes {schedule = #sdfg.schedule<Sequential>, ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_B}, exit_outs = {OUT_B}} {
      ^bb0(%e2: !sdfg.node, %x2: !sdfg.node):
        %t = sdfg.tasklet "t" {code = "y = x + 1", ins = {x}, outs = {y}}
        sdfg.memlet %e2["OUT_A"] -> %t["x"] {data = "A", subset = #sdfg.range<i, j>}
        sdfg.memlet %t["y"] -> %x2["IN_B"] {data = "B", subset = #sdfg.range<i, j>}
      }
      sdfg.memlet %entry["OUT_A"] -> %ie["IN_A"] {data = "A", subset = #sdfg.range<i, 0:M>}
      sdfg.memlet %ix["OUT_B"] -> %exit["IN_B"] {data = "B", subset = #sdfg.range<i, 0:M>}
    }
    sdfg.memlet %A -> %oe["IN_A"] {data = "A", subset = #sdfg.range<0:N, 0:M>}
    sdfg.memlet %ox["OUT_B"] -> %B {data = "B", subset = #sdfg.range<0:N, 0:M>}
  }
}

// -----

// The inner range depends on the outer parameter: not interchanged.
// CHECK-LABEL: sdfg.sdfg "triangle"
// CHECK: sdfg.map "outer" ["i"] = 0:N
// CHECK: sdfg.map "inner" ["j"] = 0:"i + 1"
sdfg.sdfg "triangle" ["A"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, N>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %oe, %ox = sdfg.map "outer" ["i"] = 0:N attributes {exit_ins = {IN_A}, exit_outs = {OUT_A}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %ie, %ix = sdfg.map "inner" ["j"] = 0:"i + 1" attributes {exit_ins = {IN_A}, exit_outs = {OUT_A}} {
      ^bb0(%e2: !sdfg.node, %x2: !sdfg.node):
        %t = sdfg.tasklet "t" {code = "y = 1", outs = {y}}
        sdfg.memlet %e2 -> %t
        sdfg.memlet %t["y"] -> %x2["IN_A"] {data = "A", subset = #sdfg.range<i, j>}
      }
      sdfg.memlet %entry -> %ie
      sdfg.memlet %ix["OUT_A"] -> %exit["IN_A"] {data = "A", subset = #sdfg.range<i, 0:"i + 1">}
    }
    sdfg.memlet %ox["OUT_A"] -> %A {data = "A", subset = #sdfg.range<0:N, 0:N>}
  }
}
