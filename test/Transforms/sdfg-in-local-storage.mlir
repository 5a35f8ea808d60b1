// sdfg-in-local-storage: the data a nested map reads is copied into a
// transient once per outer iteration.
// RUN: sdfg-opt %s --split-input-file --sdfg-in-local-storage | FileCheck %s
// RUN: sdfg-opt %s --split-input-file --sdfg-list-matches=sdfg-in-local-storage | FileCheck %s --check-prefix=MATCHES
// RUN: sdfg-opt %s --split-input-file --sdfg-in-local-storage='array=B' | FileCheck %s --check-prefix=ONLY
// RUN: not sdfg-opt %s --split-input-file --sdfg-in-local-storage='array=Z match=0' 2>&1 | FileCheck %s --check-prefix=BAD

// MATCHES: 0: 'A', 'B' from map 'o' into map 'n' in state 's'
// MATCHES: sdfg-in-local-storage: no matches
// MATCHES: sdfg-in-local-storage: no matches
// MATCHES: sdfg-in-local-storage: no matches
// BAD: error: array=Z: no such data read between these map entries here (candidates: A, B)

// A tile of A (with a neighbour) and a row of B: copies of fixed size.
// CHECK-LABEL: sdfg.sdfg "tiled"
// CHECK-DAG: sdfg.array "trans_A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<33>, transient}
// CHECK-DAG: sdfg.array "trans_B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1, M>, transient}
// CHECK: sdfg.map "n" ["i"]
// CHECK: sdfg.memlet %{{.*}}["OUT_A"] -> %{{.*}}["x"] {data = "trans_A", subset = #sdfg.range<"i - t">}
// CHECK: sdfg.memlet %{{.*}}["OUT_A"] -> %{{.*}}["z"] {data = "trans_A", subset = #sdfg.range<"i - t + 1">}
// CHECK: sdfg.memlet %{{.*}}["OUT_B"] -> %{{.*}}["w"] {data = "trans_B", subset = #sdfg.range<0, 0:M>}
// CHECK: %[[LA:.*]] = sdfg.access "trans_A"
// CHECK: %[[LB:.*]] = sdfg.access "trans_B"
// CHECK: sdfg.memlet %{{.*}}["OUT_A"] -> %[[LA]] {data = "A", other_subset = #sdfg.range<0:"Min(N - 1, t + 31) - t + 2">, subset = #sdfg.range<t:"Min(N - 1, t + 31) + 2">}
// CHECK: sdfg.memlet %{{.*}}["OUT_B"] -> %[[LB]] {data = "B", other_subset = #sdfg.range<0, 0:M>, subset = #sdfg.range<t, 0:M>}
// CHECK: sdfg.memlet %[[LA]] -> %{{.*}}["IN_A"] {data = "trans_A", subset = #sdfg.range<0:"Min(N - 1, t + 31) - t + 2">}
// CHECK: sdfg.memlet %[[LB]] -> %{{.*}}["IN_B"] {data = "trans_B", subset = #sdfg.range<0, 0:M>}
// ONLY-LABEL: sdfg.sdfg "tiled"
// ONLY-NOT: trans_A
// ONLY: sdfg.array "trans_B"
// ONLY-NOT: trans_A
sdfg.sdfg "tiled" ["A", "B", "C"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.symbol "M" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<"N + 1">}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, M>}
  sdfg.array "C" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %B = sdfg.access "B"
    %C = sdfg.access "C"
    %oe, %ox = sdfg.map "o" ["t"] = 0:N:32 attributes {ins = {IN_A, IN_B}, outs = {OUT_A, OUT_B}, exit_ins = {IN_C}, exit_outs = {OUT_C}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %ne, %nx = sdfg.map "n" ["i"] = t:"Min(N - 1, t + 31) + 1" attributes {ins = {IN_A, IN_B}, outs = {OUT_A, OUT_B}, exit_ins = {IN_C}, exit_outs = {OUT_C}} {
      ^bb0(%entry2: !sdfg.node, %exit2: !sdfg.node):
        %k = sdfg.tasklet "k" {code = "y = x + z + w[0]", ins = {x, z, w}, outs = {y}}
        sdfg.memlet %entry2["OUT_A"] -> %k["x"] {data = "A", subset = #sdfg.range<i>}
        sdfg.memlet %entry2["OUT_A"] -> %k["z"] {data = "A", subset = #sdfg.range<"i + 1">}
        sdfg.memlet %entry2["OUT_B"] -> %k["w"] {data = "B", subset = #sdfg.range<t, 0:M>}
        sdfg.memlet %k["y"] -> %exit2["IN_C"] {data = "C", subset = #sdfg.range<i>}
      }
      sdfg.memlet %entry["OUT_A"] -> %ne["IN_A"] {data = "A", subset = #sdfg.range<0:"N + 1">}
      sdfg.memlet %entry["OUT_B"] -> %ne["IN_B"] {data = "B", subset = #sdfg.range<t, 0:M>}
      sdfg.memlet %nx["OUT_C"] -> %exit["IN_C"] {data = "C", subset = #sdfg.range<0:N>}
    }
    sdfg.memlet %A -> %oe["IN_A"] {data = "A", subset = #sdfg.range<0:"N + 1">}
    sdfg.memlet %B -> %oe["IN_B"] {data = "B", subset = #sdfg.range<0:N, 0:M>}
    sdfg.memlet %ox["OUT_C"] -> %C {data = "C", subset = #sdfg.range<0:N>}
  }
}

// -----

// The outer map writes A too: a copy would miss its updates. No match.
// CHECK-LABEL: sdfg.sdfg "written"
// CHECK-NOT: trans_A
sdfg.sdfg "written" ["A"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, N>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %A2 = sdfg.access "A"
    %oe, %ox = sdfg.map "o" ["i"] = 0:N attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_A}, exit_outs = {OUT_A}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %ne, %nx = sdfg.map "n" ["j"] = 0:N attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_A}, exit_outs = {OUT_A}} {
      ^bb0(%entry2: !sdfg.node, %exit2: !sdfg.node):
        %k = sdfg.tasklet "k" {code = "y = x + 1", ins = {x}, outs = {y}}
        sdfg.memlet %entry2["OUT_A"] -> %k["x"] {data = "A", subset = #sdfg.range<i, j>}
        sdfg.memlet %k["y"] -> %exit2["IN_A"] {data = "A", subset = #sdfg.range<i, j>}
      }
      sdfg.memlet %entry["OUT_A"] -> %ne["IN_A"] {data = "A", subset = #sdfg.range<i, 0:N>}
      sdfg.memlet %nx["OUT_A"] -> %exit["IN_A"] {data = "A", subset = #sdfg.range<i, 0:N>}
    }
    sdfg.memlet %A -> %oe["IN_A"] {data = "A", subset = #sdfg.range<0:N, 0:N>}
    sdfg.memlet %ox["OUT_A"] -> %A2 {data = "A", subset = #sdfg.range<0:N, 0:N>}
  }
}

// -----

// The copy's size would change with the outer parameter. No match.
// CHECK-LABEL: sdfg.sdfg "triangle"
// CHECK-NOT: trans_A
sdfg.sdfg "triangle" ["A", "C"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "C" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, N>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %C = sdfg.access "C"
    %oe, %ox = sdfg.map "o" ["i"] = 0:N attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_C}, exit_outs = {OUT_C}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %ne, %nx = sdfg.map "n" ["j"] = 0:"i + 1" attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_C}, exit_outs = {OUT_C}} {
      ^bb0(%entry2: !sdfg.node, %exit2: !sdfg.node):
        %k = sdfg.tasklet "k" {code = "y = x", ins = {x}, outs = {y}}
        sdfg.memlet %entry2["OUT_A"] -> %k["x"] {data = "A", subset = #sdfg.range<j>}
        sdfg.memlet %k["y"] -> %exit2["IN_C"] {data = "C", subset = #sdfg.range<i, j>}
      }
      sdfg.memlet %entry["OUT_A"] -> %ne["IN_A"] {data = "A", subset = #sdfg.range<0:"i + 1">}
      sdfg.memlet %nx["OUT_C"] -> %exit["IN_C"] {data = "C", subset = #sdfg.range<i, 0:"i + 1">}
    }
    sdfg.memlet %A -> %oe["IN_A"] {data = "A", subset = #sdfg.range<0:N>}
    sdfg.memlet %ox["OUT_C"] -> %C {data = "C", subset = #sdfg.range<0:N, 0:N>}
  }
}

// -----

// One map only: nothing between two entries. No match.
// CHECK-LABEL: sdfg.sdfg "flat"
// CHECK-NOT: trans_A
sdfg.sdfg "flat" ["A", "C"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "C" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %C = sdfg.access "C"
    %oe, %ox = sdfg.map "o" ["i"] = 0:N attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_C}, exit_outs = {OUT_C}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %k = sdfg.tasklet "k" {code = "y = x", ins = {x}, outs = {y}}
      sdfg.memlet %entry["OUT_A"] -> %k["x"] {data = "A", subset = #sdfg.range<i>}
      sdfg.memlet %k["y"] -> %exit["IN_C"] {data = "C", subset = #sdfg.range<i>}
    }
    sdfg.memlet %A -> %oe["IN_A"] {data = "A", subset = #sdfg.range<0:N>}
    sdfg.memlet %ox["OUT_C"] -> %C {data = "C", subset = #sdfg.range<0:N>}
  }
}
