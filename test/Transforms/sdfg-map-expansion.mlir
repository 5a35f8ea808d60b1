// sdfg-map-expansion: a map over several parameters becomes nested maps.
// RUN: sdfg-opt %s --split-input-file --sdfg-map-expansion | FileCheck %s
// RUN: sdfg-opt %s --split-input-file --sdfg-list-matches=sdfg-map-expansion | FileCheck %s --check-prefix=MATCHES
// RUN: not sdfg-opt %s --split-input-file --sdfg-map-expansion='match=5' 2>&1 | FileCheck %s --check-prefix=RANGE
// RUN: not sdfg-opt %s --split-input-file --sdfg-map-expansion='tile=2' 2>&1 | FileCheck %s --check-prefix=OPTION

// MATCHES: 0: map 'm' [i, j] in state 's'
// MATCHES: sdfg-map-expansion: no matches
// MATCHES: sdfg-map-expansion: no matches
// RANGE: error: sdfg-map-expansion: match 5 does not exist (1 matches)
// OPTION: error: sdfg-map-expansion: unknown option 'tile' (known: match)

// CHECK-LABEL: sdfg.sdfg "two_d"
// CHECK: %[[E:.*]], %[[X:.*]] = sdfg.map "m" ["i"] = 0:N attributes {exit_ins = {IN_B}, exit_outs = {OUT_B}, ins = {IN_A}, outs = {OUT_A}, schedule = #sdfg.schedule<CPU_Multicore>} {
// CHECK-NEXT: ^bb0(%[[OE:.*]]: !sdfg.node, %[[OX:.*]]: !sdfg.node):
// CHECK-NEXT: %[[E2:.*]], %[[X2:.*]] = sdfg.map "m" ["j"] = 0:M attributes {exit_ins = {IN_B}, exit_outs = {OUT_B}, ins = {IN_A}, outs = {OUT_A}, schedule = #sdfg.schedule<Sequential>} {
// CHECK: sdfg.memlet %{{.*}}["OUT_A"] -> %{{.*}}["x"] {data = "A", subset = #sdfg.range<i, j>}
// CHECK: sdfg.memlet %[[OE]]["OUT_A"] -> %[[E2]]["IN_A"] {data = "A", subset = #sdfg.range<0:N, 0:M>}
// CHECK: sdfg.memlet %[[X2]]["OUT_B"] -> %[[OX]]["IN_B"] {data = "B", subset = #sdfg.range<0:N, 0:M>}
sdfg.sdfg "two_d" ["A", "B"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.symbol "M" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, M>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, M>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %B = sdfg.access "B"
    %me, %mx = sdfg.map "m" ["i", "j"] = 0:N, 0:M attributes {schedule = #sdfg.schedule<CPU_Multicore>, ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_B}, exit_outs = {OUT_B}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "y = x + 1", ins = {x}, outs = {y}}
      sdfg.memlet %entry["OUT_A"] -> %t["x"] {data = "A", subset = #sdfg.range<i, j>}
      sdfg.memlet %t["y"] -> %exit["IN_B"] {data = "B", subset = #sdfg.range<i, j>}
    }
    sdfg.memlet %A -> %me["IN_A"] {data = "A", subset = #sdfg.range<0:N, 0:M>}
    sdfg.memlet %mx["OUT_B"] -> %B {data = "B", subset = #sdfg.range<0:N, 0:M>}
  }
}

// -----

// One parameter: nothing to expand.
// CHECK-LABEL: sdfg.sdfg "one_d"
// CHECK: sdfg.map "m" ["i"] = 0:N
// CHECK-NOT: sdfg.map
sdfg.sdfg "one_d" ["A"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %me, %mx = sdfg.map "m" ["i"] = 0:N attributes {exit_ins = {IN_A}, exit_outs = {OUT_A}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "y = 0", outs = {y}}
      sdfg.memlet %entry -> %t
      sdfg.memlet %t["y"] -> %exit["IN_A"] {data = "A", subset = #sdfg.range<i>}
    }
    sdfg.memlet %mx["OUT_A"] -> %A {data = "A", subset = #sdfg.range<0:N>}
  }
}

// -----

// A dynamic range input (the bounds read from data): not expanded.
// CHECK-LABEL: sdfg.sdfg "dynamic"
// CHECK: sdfg.map "m" ["i", "j"] = 0:2, 0:n
sdfg.sdfg "dynamic" ["A", "K"] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<2, 8>}
  sdfg.array "K" {dtype = #sdfg.dtype<int64>, shape = #sdfg.exprs<1>}
  %s = sdfg.state "s" {
    %K = sdfg.access "K"
    %A = sdfg.access "A"
    %me, %mx = sdfg.map "m" ["i", "j"] = 0:2, 0:n attributes {ins = {n}, exit_ins = {IN_A}, exit_outs = {OUT_A}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "y = 0", outs = {y}}
      sdfg.memlet %entry -> %t
      sdfg.memlet %t["y"] -> %exit["IN_A"] {data = "A", subset = #sdfg.range<i, j>}
    }
    sdfg.memlet %K -> %me["n"] {data = "K", subset = #sdfg.range<0>}
    sdfg.memlet %mx["OUT_A"] -> %A {data = "A", subset = #sdfg.range<0:2, 0:8>}
  }
}
