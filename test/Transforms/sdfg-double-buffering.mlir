// sdfg-double-buffering: a for loop loading a tile into a transient gets a
// two-slot buffer, an initial fill and a prefetch of the next tile.
// RUN: sdfg-opt %s --split-input-file --sdfg-double-buffering | FileCheck %s
// RUN: sdfg-opt %s --split-input-file --sdfg-list-matches=sdfg-double-buffering | FileCheck %s --check-prefix=MATCHES

// MATCHES: 0: loop 'l' buffer 'B'
// MATCHES: 0: loop 'l' buffer 't'
// MATCHES: sdfg-double-buffering: no matches
// MATCHES: sdfg-double-buffering: no matches

// A row of A per iteration: B doubles, the compute reads slot Mod(k, 2),
// each iteration first prefetches row k + 1 into the other slot, and a
// guarded fill before the loop loads row 0.
// CHECK-LABEL: sdfg.sdfg "rows"
// CHECK: sdfg.array "B" {dtype = #sdfg.dtype<float64>, offset = #sdfg.exprs<0, 0>, shape = #sdfg.exprs<2, M>, strides = #sdfg.exprs<M, 1>, total_size = #sdfg.expr<"2*M">, transient}
// CHECK: %[[L:.*]] = sdfg.loop "l"
// CHECK: %[[S:.*]] = sdfg.state "s"
// CHECK-NOT: %A
// CHECK: sdfg.memlet %{{.*}}["OUT_B"] -> %{{.*}}["x"] {data = "B", subset = #sdfg.range<"Mod(k, 2)", j>}
// CHECK: sdfg.memlet %{{.*}} -> %{{.*}}["IN_B"] {data = "B", subset = #sdfg.range<"Mod(k, 2)", 0:M>}
// CHECK: %[[P:.*]] = sdfg.conditional "l_prefetch_guard"
// CHECK-NEXT: sdfg.branch "l_prefetch_branch" attributes {condition = "(k + 1) < N"}
// CHECK: sdfg.memlet %{{.*}} -> %{{.*}} {data = "A", other_subset = #sdfg.range<"Mod(k + 1, 2)", 0:M>, subset = #sdfg.range<"k + 1", 0:M>}
// CHECK: sdfg.edge %[[P]] -> %[[S]]
// CHECK: %[[I:.*]] = sdfg.conditional "l_init_guard"
// CHECK-NEXT: sdfg.branch "l_init_branch" attributes {condition = "(0) < N"}
// CHECK: sdfg.memlet %{{.*}} -> %{{.*}} {data = "A", other_subset = #sdfg.range<0, 0:M>, subset = #sdfg.range<0, 0:M>}
// CHECK: sdfg.edge %{{.*}} -> %[[I]]
// CHECK: sdfg.edge %[[I]] -> %[[L]]
sdfg.sdfg "rows" ["A", "C"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.symbol "M" {dtype = #sdfg.dtype<int32>}
  sdfg.symbol "k" {dtype = #sdfg.dtype<int64>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, M>}
  sdfg.array "C" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, M>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<M>, transient}
  %init = sdfg.state "init" {
  }
  %l = sdfg.loop "l" attributes {condition = "k < N", init = "k = 0", loop_variable = "k", update = "k = k + 1"} {
    %s = sdfg.state "s" {
      %A = sdfg.access "A"
      %B = sdfg.access "B"
      %C = sdfg.access "C"
      %me, %mx = sdfg.map "m" ["j"] = 0:M attributes {ins = {IN_B}, outs = {OUT_B}, exit_ins = {IN_C}, exit_outs = {OUT_C}} {
      ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
        %t = sdfg.tasklet "t" {code = "y = x * 2", ins = {x}, outs = {y}}
        sdfg.memlet %entry["OUT_B"] -> %t["x"] {data = "B", subset = #sdfg.range<j>}
        sdfg.memlet %t["y"] -> %exit["IN_C"] {data = "C", subset = #sdfg.range<k, j>}
      }
      sdfg.memlet %A -> %B {data = "A", subset = #sdfg.range<k, 0:M>, other_subset = #sdfg.range<0:M>}
      sdfg.memlet %B -> %me["IN_B"] {data = "B", subset = #sdfg.range<0:M>}
      sdfg.memlet %mx["OUT_C"] -> %C {data = "C", subset = #sdfg.range<k, 0:M>}
    }
  }
  sdfg.edge %init -> %l
}

// -----

// A scalar, a loop from 1 in steps of 2: the slot counts iterations.
// CHECK-LABEL: sdfg.sdfg "stepped"
// CHECK: sdfg.array "t" {dtype = #sdfg.dtype<float64>, offset = #sdfg.exprs<0, 0>, shape = #sdfg.exprs<2, 1>
// CHECK: {data = "t", subset = #sdfg.range<"Mod(int_floor(k - 1, 2), 2)", 0>}
// CHECK: other_subset = #sdfg.range<"Mod(int_floor(k + 1, 2), 2)", 0>, subset = #sdfg.range<"k + 2">}
sdfg.sdfg "stepped" ["A", "C"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.symbol "k" {dtype = #sdfg.dtype<int64>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "C" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.scalar "t" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>, transient}
  %l = sdfg.loop "l" attributes {condition = "k < N", init = "k = 1", loop_variable = "k", update = "k = k + 2"} {
    %s = sdfg.state "s" {
      %A = sdfg.access "A"
      %T = sdfg.access "t"
      %C = sdfg.access "C"
      %t = sdfg.tasklet "t" {code = "y = x + 1", ins = {x}, outs = {y}}
      sdfg.memlet %A -> %T {data = "A", subset = #sdfg.range<k>, other_subset = #sdfg.range<0>}
      sdfg.memlet %T -> %t["x"] {data = "t", subset = #sdfg.range<0>}
      sdfg.memlet %t["y"] -> %C {data = "C", subset = #sdfg.range<k>}
    }
  }
}

// -----

// The body writes A (in place): a prefetch would read stale data. No match.
// CHECK-LABEL: sdfg.sdfg "in_place"
// CHECK: sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<M>, transient}
// CHECK-NOT: sdfg.conditional
sdfg.sdfg "in_place" ["A"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.symbol "M" {dtype = #sdfg.dtype<int32>}
  sdfg.symbol "k" {dtype = #sdfg.dtype<int64>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, M>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<M>, transient}
  %l = sdfg.loop "l" attributes {condition = "k < N - 1", init = "k = 0", loop_variable = "k", update = "k = k + 1"} {
    %s = sdfg.state "s" {
      %A = sdfg.access "A"
      %B = sdfg.access "B"
      %A2 = sdfg.access "A"
      sdfg.memlet %A -> %B {data = "A", subset = #sdfg.range<k, 0:M>, other_subset = #sdfg.range<0:M>}
      sdfg.memlet %B -> %A2 {data = "B", subset = #sdfg.range<0:M>, other_subset = #sdfg.range<"k + 1", 0:M>}
    }
  }
}

// -----

// Only part of B is loaded (the rest would come from two iterations ago
// instead of the last one). No match.
// CHECK-LABEL: sdfg.sdfg "partial"
// CHECK: sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<M>, transient}
// CHECK-NOT: sdfg.conditional
sdfg.sdfg "partial" ["A", "C"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.symbol "M" {dtype = #sdfg.dtype<int32>}
  sdfg.symbol "k" {dtype = #sdfg.dtype<int64>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, M>}
  sdfg.array "C" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, M>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<M>, transient}
  %l = sdfg.loop "l" attributes {condition = "k < N", init = "k = 0", loop_variable = "k", update = "k = k + 1"} {
    %s = sdfg.state "s" {
      %A = sdfg.access "A"
      %B = sdfg.access "B"
      %C = sdfg.access "C"
      sdfg.memlet %A -> %B {data = "A", subset = #sdfg.range<k, 1:M>, other_subset = #sdfg.range<1:M>}
      sdfg.memlet %B -> %C {data = "B", subset = #sdfg.range<0:M>, other_subset = #sdfg.range<k, 0:M>}
    }
  }
}
