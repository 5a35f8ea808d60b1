// sdfg-out-local-storage: what a nested map writes goes into a transient
// copied out once per outer iteration.
// RUN: sdfg-opt %s --split-input-file --sdfg-out-local-storage | FileCheck %s
// RUN: sdfg-opt %s --split-input-file --sdfg-list-matches=sdfg-out-local-storage | FileCheck %s --check-prefix=MATCHES
// RUN: not sdfg-opt %s --split-input-file --sdfg-out-local-storage='array=A match=0' 2>&1 | FileCheck %s --check-prefix=BAD

// MATCHES: 0: 'B' from map 'n' out of map 'o' in state 's'
// MATCHES: sdfg-out-local-storage: no matches
// MATCHES: sdfg-out-local-storage: no matches
// MATCHES: sdfg-out-local-storage: no matches
// BAD: error: array=A: no such data written between these map exits here (candidates: B)

// CHECK-LABEL: sdfg.sdfg "tiled"
// CHECK: sdfg.array "trans_B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<32>, transient}
// CHECK: sdfg.memlet %{{.*}}["y"] -> %{{.*}}["IN_B"] {data = "trans_B", subset = #sdfg.range<"i - t">}
// CHECK: %[[L:.*]] = sdfg.access "trans_B"
// CHECK: sdfg.memlet %{{.*}}["OUT_B"] -> %[[L]] {data = "trans_B", subset = #sdfg.range<0:"Min(N - 1, t + 31) - t + 1">}
// CHECK: sdfg.memlet %[[L]] -> %{{.*}}["IN_B"] {data = "B", other_subset = #sdfg.range<0:"Min(N - 1, t + 31) - t + 1">, subset = #sdfg.range<t:"Min(N - 1, t + 31) + 1">}
sdfg.sdfg "tiled" ["A", "B"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %B = sdfg.access "B"
    %oe, %ox = sdfg.map "o" ["t"] = 0:N:32 attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_B}, exit_outs = {OUT_B}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %ne, %nx = sdfg.map "n" ["i"] = t:"Min(N - 1, t + 31) + 1" attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_B}, exit_outs = {OUT_B}} {
      ^bb0(%entry2: !sdfg.node, %exit2: !sdfg.node):
        %k = sdfg.tasklet "k" {code = "y = x * 2", ins = {x}, outs = {y}}
        sdfg.memlet %entry2["OUT_A"] -> %k["x"] {data = "A", subset = #sdfg.range<i>}
        sdfg.memlet %k["y"] -> %exit2["IN_B"] {data = "B", subset = #sdfg.range<i>}
      }
      sdfg.memlet %entry["OUT_A"] -> %ne["IN_A"] {data = "A", subset = #sdfg.range<0:N>}
      sdfg.memlet %nx["OUT_B"] -> %exit["IN_B"] {data = "B", subset = #sdfg.range<0:N>}
    }
    sdfg.memlet %A -> %oe["IN_A"] {data = "A", subset = #sdfg.range<0:N>}
    sdfg.memlet %ox["OUT_B"] -> %B {data = "B", subset = #sdfg.range<0:N>}
  }
}

// -----

// The write may not happen (dynamic): the copy would write back elements
// nothing wrote. No match.
// CHECK-LABEL: sdfg.sdfg "partial"
// CHECK-NOT: trans_B
sdfg.sdfg "partial" ["A", "B"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, N>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, N>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %B = sdfg.access "B"
    %oe, %ox = sdfg.map "o" ["i"] = 0:N attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_B}, exit_outs = {OUT_B}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %ne, %nx = sdfg.map "n" ["j"] = 0:N attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_B}, exit_outs = {OUT_B}} {
      ^bb0(%entry2: !sdfg.node, %exit2: !sdfg.node):
        %k = sdfg.tasklet "k" {code = "if x > 0:\n    y = x", ins = {x}, outs = {y}}
        sdfg.memlet %entry2["OUT_A"] -> %k["x"] {data = "A", subset = #sdfg.range<i, j>}
        sdfg.memlet %k["y"] -> %exit2["IN_B"] {data = "B", subset = #sdfg.range<i, j>, dynamic}
      }
      sdfg.memlet %entry["OUT_A"] -> %ne["IN_A"] {data = "A", subset = #sdfg.range<i, 0:N>}
      sdfg.memlet %nx["OUT_B"] -> %exit["IN_B"] {data = "B", subset = #sdfg.range<i, 0:N>}
    }
    sdfg.memlet %A -> %oe["IN_A"] {data = "A", subset = #sdfg.range<0:N, 0:N>}
    sdfg.memlet %ox["OUT_B"] -> %B {data = "B", subset = #sdfg.range<0:N, 0:N>}
  }
}

// -----

// The inner map reads a neighbour of what it writes: it must see the
// writes of earlier iterations. No match.
// CHECK-LABEL: sdfg.sdfg "neighbour"
// CHECK-NOT: trans_B
sdfg.sdfg "neighbour" ["B"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, "N + 1">}
  %s = sdfg.state "s" {
    %B = sdfg.access "B"
    %B2 = sdfg.access "B"
    %oe, %ox = sdfg.map "o" ["i"] = 0:N attributes {ins = {IN_B}, outs = {OUT_B}, exit_ins = {IN_B}, exit_outs = {OUT_B}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %ne, %nx = sdfg.map "n" ["j"] = 1:"N + 1" attributes {ins = {IN_B}, outs = {OUT_B}, exit_ins = {IN_B}, exit_outs = {OUT_B}, schedule = #sdfg.schedule<Sequential>} {
      ^bb0(%entry2: !sdfg.node, %exit2: !sdfg.node):
        %k = sdfg.tasklet "k" {code = "y = x + 1", ins = {x}, outs = {y}}
        sdfg.memlet %entry2["OUT_B"] -> %k["x"] {data = "B", subset = #sdfg.range<i, "j - 1">}
        sdfg.memlet %k["y"] -> %exit2["IN_B"] {data = "B", subset = #sdfg.range<i, j>}
      }
      sdfg.memlet %entry["OUT_B"] -> %ne["IN_B"] {data = "B", subset = #sdfg.range<i, 0:N>}
      sdfg.memlet %nx["OUT_B"] -> %exit["IN_B"] {data = "B", subset = #sdfg.range<i, 1:"N + 1">}
    }
    sdfg.memlet %B -> %oe["IN_B"] {data = "B", subset = #sdfg.range<0:N, 0:"N + 1">}
    sdfg.memlet %ox["OUT_B"] -> %B2 {data = "B", subset = #sdfg.range<0:N, 0:"N + 1">}
  }
}

// -----

// A write with WCR is for sdfg-accumulate-transient. No match.
// CHECK-LABEL: sdfg.sdfg "wcr"
// CHECK-NOT: trans_C
sdfg.sdfg "wcr" ["A", "C"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, N>}
  sdfg.array "C" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %C = sdfg.access "C"
    %oe, %ox = sdfg.map "o" ["i"] = 0:N attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_C}, exit_outs = {OUT_C}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %ne, %nx = sdfg.map "n" ["k"] = 0:N attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_C}, exit_outs = {OUT_C}} {
      ^bb0(%entry2: !sdfg.node, %exit2: !sdfg.node):
        %t = sdfg.tasklet "t" {code = "y = x", ins = {x}, outs = {y}}
        sdfg.memlet %entry2["OUT_A"] -> %t["x"] {data = "A", subset = #sdfg.range<i, k>}
        sdfg.memlet %t["y"] -> %exit2["IN_C"] {data = "C", subset = #sdfg.range<i>, wcr = #sdfg.wcr<Sum, "(lambda a, b: a + b)">}
      }
      sdfg.memlet %entry["OUT_A"] -> %ne["IN_A"] {data = "A", subset = #sdfg.range<i, 0:N>}
      sdfg.memlet %nx["OUT_C"] -> %exit["IN_C"] {data = "C", subset = #sdfg.range<i>, wcr = #sdfg.wcr<Sum, "(lambda a, b: a + b)">}
    }
    sdfg.memlet %A -> %oe["IN_A"] {data = "A", subset = #sdfg.range<0:N, 0:N>}
    sdfg.memlet %ox["OUT_C"] -> %C {data = "C", subset = #sdfg.range<0:N>, wcr = #sdfg.wcr<Sum, "(lambda a, b: a + b)">}
  }
}
