// sdfg-subgraph-fusion: a producer and a consumer map fuse over their
// shared leading dimensions; the transient between them shrinks to one
// slice per outer iteration.
// RUN: sdfg-opt %s --split-input-file --sdfg-subgraph-fusion | FileCheck %s
// RUN: sdfg-opt %s --split-input-file --sdfg-list-matches=sdfg-subgraph-fusion | FileCheck %s --check-prefix=MATCHES

// MATCHES: 0: map 'a' into map 'b' through 'T' over 'i' in state 's'
// MATCHES: 0: map 'a' into map 'b' through 'T' over 'i' in state 's'
// MATCHES: sdfg-subgraph-fusion: no matches
// MATCHES: sdfg-subgraph-fusion: no matches
// MATCHES: sdfg-subgraph-fusion: no matches
// MATCHES: sdfg-subgraph-fusion: no matches

// Rows: the second map reads T[k, 0] beside T[k, l], so only the rows are
// shared; each map keeps its columns as an inner sequential map.
// CHECK-LABEL: sdfg.sdfg "row_scale"
// CHECK: sdfg.array "T" {dtype = #sdfg.dtype<float64>, offset = #sdfg.exprs<0>, shape = #sdfg.exprs<M>, strides = #sdfg.exprs<1>, total_size = #sdfg.expr<M>, transient}
// CHECK: %[[E:.*]], %[[X:.*]] = sdfg.map "a" ["i"] = 0:N attributes {exit_ins = {IN_B}, exit_outs = {OUT_B}, ins = {IN_A}, outs = {OUT_A}} {
// CHECK: %[[E1:.*]], %[[X1:.*]] = sdfg.map "a" ["j"] = 0:M attributes {{.*}}schedule = #sdfg.schedule<Sequential>} {
// CHECK: sdfg.memlet %{{.*}}["OUT_A"] -> %[[T1:.*]]["x"] {data = "A", subset = #sdfg.range<i, j>}
// CHECK: sdfg.memlet %[[T1]]["y"] -> %{{.*}}["IN_T"] {data = "T", subset = #sdfg.range<j>}
// CHECK: %[[E2:.*]], %[[X2:.*]] = sdfg.map "b" ["l"] = 0:M attributes {{.*}}schedule = #sdfg.schedule<Sequential>} {
// CHECK-DAG: sdfg.memlet %{{.*}}["OUT_T"] -> %[[T2:.*]]["v"] {data = "T", subset = #sdfg.range<l>}
// CHECK-DAG: sdfg.memlet %{{.*}}["OUT_T"] -> %[[T2]]["f"] {data = "T", subset = #sdfg.range<0>}
// CHECK-DAG: sdfg.memlet %[[T2]]["z"] -> %{{.*}}["IN_B"] {data = "B", subset = #sdfg.range<i, l>}
// CHECK: %[[T:.*]] = sdfg.access "T"
// CHECK-DAG: sdfg.memlet %[[X1]]["OUT_T"] -> %[[T]] {data = "T", subset = #sdfg.range<0:M>
// CHECK-DAG: sdfg.memlet %[[T]] -> %[[E2]]["IN_T"] {data = "T"
// CHECK-DAG: sdfg.memlet %[[X2]]["OUT_B"] -> %{{.*}}["IN_B"] {data = "B", subset = #sdfg.range<i, 0:M>
// CHECK-DAG: sdfg.memlet %{{.*}} -> %[[E]]["IN_A"] {data = "A", subset = #sdfg.range<0:N, 0:M>}
// CHECK-DAG: sdfg.memlet %[[X]]["OUT_B"] -> %{{.*}} {data = "B", subset = #sdfg.range<0:N, 0:M>}
sdfg.sdfg "row_scale" ["A", "B"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.symbol "M" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, M>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, M>}
  sdfg.array "T" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, M>, transient}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %T = sdfg.access "T"
    %B = sdfg.access "B"
    %e1, %x1 = sdfg.map "a" ["i", "j"] = 0:N, 0:M attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_T}, exit_outs = {OUT_T}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t1 = sdfg.tasklet "t1" {code = "y = x * 2", ins = {x}, outs = {y}}
      sdfg.memlet %entry["OUT_A"] -> %t1["x"] {data = "A", subset = #sdfg.range<i, j>}
      sdfg.memlet %t1["y"] -> %exit["IN_T"] {data = "T", subset = #sdfg.range<i, j>}
    }
    %e2, %x2 = sdfg.map "b" ["k", "l"] = 0:N, 0:M attributes {ins = {IN_T}, outs = {OUT_T}, exit_ins = {IN_B}, exit_outs = {OUT_B}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t2 = sdfg.tasklet "t2" {code = "z = v / f", ins = {v, f}, outs = {z}}
      sdfg.memlet %entry["OUT_T"] -> %t2["v"] {data = "T", subset = #sdfg.range<k, l>}
      sdfg.memlet %entry["OUT_T"] -> %t2["f"] {data = "T", subset = #sdfg.range<k, 0>}
      sdfg.memlet %t2["z"] -> %exit["IN_B"] {data = "B", subset = #sdfg.range<k, l>}
    }
    sdfg.memlet %A -> %e1["IN_A"] {data = "A", subset = #sdfg.range<0:N, 0:M>}
    sdfg.memlet %x1["OUT_T"] -> %T {data = "T", subset = #sdfg.range<0:N, 0:M>}
    sdfg.memlet %T -> %e2["IN_T"] {data = "T", subset = #sdfg.range<0:N, 0:M>}
    sdfg.memlet %x2["OUT_B"] -> %B {data = "B", subset = #sdfg.range<0:N, 0:M>}
  }
}

// -----

// Different inner ranges: the second map reads a window of each row;
// the first map's other output leaves through the fused exit, and the
// second map's other input enters through the fused entry.
// CHECK-LABEL: sdfg.sdfg "windows"
// CHECK: sdfg.array "T" {dtype = #sdfg.dtype<float64>, offset = #sdfg.exprs<0>, shape = #sdfg.exprs<"M + 1">
// CHECK: %[[E:.*]], %[[X:.*]] = sdfg.map "a" ["i"] = 0:N attributes {exit_ins = {IN_B, IN_C}, exit_outs = {OUT_B, OUT_C}, ins = {IN_A, IN_W}, outs = {OUT_A, OUT_W}} {
// CHECK: sdfg.map "a" ["j"] = 0:"M + 1"
// CHECK-DAG: {data = "T", subset = #sdfg.range<j>}
// CHECK-DAG: {data = "B", subset = #sdfg.range<i, j>}
// CHECK: sdfg.map "b" ["l"] = 0:M
// CHECK-DAG: {data = "T", subset = #sdfg.range<l>}
// CHECK-DAG: {data = "T", subset = #sdfg.range<"l + 1">}
// CHECK-DAG: {data = "W", subset = #sdfg.range<l>}
// CHECK-DAG: {data = "C", subset = #sdfg.range<i, l>}
sdfg.sdfg "windows" ["A", "W", "B", "C"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.symbol "M" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, "M + 1">}
  sdfg.array "W" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<M>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, "M + 1">}
  sdfg.array "C" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, M>}
  sdfg.array "T" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, "M + 1">, transient}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %W = sdfg.access "W"
    %T = sdfg.access "T"
    %B = sdfg.access "B"
    %C = sdfg.access "C"
    %e1, %x1 = sdfg.map "a" ["i", "j"] = 0:N, 0:"M + 1" attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_T, IN_B}, exit_outs = {OUT_T, OUT_B}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t1 = sdfg.tasklet "t1" {code = "y = x * x\nb = x + 1", ins = {x}, outs = {y, b}}
      sdfg.memlet %entry["OUT_A"] -> %t1["x"] {data = "A", subset = #sdfg.range<i, j>}
      sdfg.memlet %t1["y"] -> %exit["IN_T"] {data = "T", subset = #sdfg.range<i, j>}
      sdfg.memlet %t1["b"] -> %exit["IN_B"] {data = "B", subset = #sdfg.range<i, j>}
    }
    %e2, %x2 = sdfg.map "b" ["k", "l"] = 0:N, 0:M attributes {ins = {IN_T, IN_W}, outs = {OUT_T, OUT_W}, exit_ins = {IN_C}, exit_outs = {OUT_C}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t2 = sdfg.tasklet "t2" {code = "z = (u + v) * w", ins = {u, v, w}, outs = {z}}
      sdfg.memlet %entry["OUT_T"] -> %t2["u"] {data = "T", subset = #sdfg.range<k, l>}
      sdfg.memlet %entry["OUT_T"] -> %t2["v"] {data = "T", subset = #sdfg.range<k, "l + 1">}
      sdfg.memlet %entry["OUT_W"] -> %t2["w"] {data = "W", subset = #sdfg.range<l>}
      sdfg.memlet %t2["z"] -> %exit["IN_C"] {data = "C", subset = #sdfg.range<k, l>}
    }
    sdfg.memlet %A -> %e1["IN_A"] {data = "A", subset = #sdfg.range<0:N, 0:"M + 1">}
    sdfg.memlet %x1["OUT_T"] -> %T {data = "T", subset = #sdfg.range<0:N, 0:"M + 1">}
    sdfg.memlet %x1["OUT_B"] -> %B {data = "B", subset = #sdfg.range<0:N, 0:"M + 1">}
    sdfg.memlet %T -> %e2["IN_T"] {data = "T", subset = #sdfg.range<0:N, 0:"M + 1">}
    sdfg.memlet %W -> %e2["IN_W"] {data = "W", subset = #sdfg.range<0:M>}
    sdfg.memlet %x2["OUT_C"] -> %C {data = "C", subset = #sdfg.range<0:N, 0:M>}
  }
}

// -----

// The second map reads the row before its own: the rows are not private
// to an iteration, and nothing fuses.
// CHECK-LABEL: sdfg.sdfg "previous_row"
// CHECK: sdfg.array "T" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<"N + 1", M>, transient}
// CHECK: sdfg.map "a" ["i", "j"]
// CHECK: sdfg.map "b" ["k", "l"]
sdfg.sdfg "previous_row" ["A", "B"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.symbol "M" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<"N + 1", M>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<"N + 1", M>}
  sdfg.array "T" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<"N + 1", M>, transient}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %T = sdfg.access "T"
    %B = sdfg.access "B"
    %e1, %x1 = sdfg.map "a" ["i", "j"] = 0:"N + 1", 0:M attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_T}, exit_outs = {OUT_T}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t1 = sdfg.tasklet "t1" {code = "y = x * 2", ins = {x}, outs = {y}}
      sdfg.memlet %entry["OUT_A"] -> %t1["x"] {data = "A", subset = #sdfg.range<i, j>}
      sdfg.memlet %t1["y"] -> %exit["IN_T"] {data = "T", subset = #sdfg.range<i, j>}
    }
    %e2, %x2 = sdfg.map "b" ["k", "l"] = 1:"N + 1", 0:M attributes {ins = {IN_T}, outs = {OUT_T}, exit_ins = {IN_B}, exit_outs = {OUT_B}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t2 = sdfg.tasklet "t2" {code = "z = v - u", ins = {u, v}, outs = {z}}
      sdfg.memlet %entry["OUT_T"] -> %t2["u"] {data = "T", subset = #sdfg.range<"k - 1", l>}
      sdfg.memlet %entry["OUT_T"] -> %t2["v"] {data = "T", subset = #sdfg.range<k, l>}
      sdfg.memlet %t2["z"] -> %exit["IN_B"] {data = "B", subset = #sdfg.range<k, l>}
    }
    sdfg.memlet %A -> %e1["IN_A"] {data = "A", subset = #sdfg.range<0:"N + 1", 0:M>}
    sdfg.memlet %x1["OUT_T"] -> %T {data = "T", subset = #sdfg.range<0:"N + 1", 0:M>}
    sdfg.memlet %T -> %e2["IN_T"] {data = "T", subset = #sdfg.range<0:"N + 1", 0:M>}
    sdfg.memlet %x2["OUT_B"] -> %B {data = "B", subset = #sdfg.range<1:"N + 1", 0:M>}
  }
}

// -----

// Only the trailing dimension is shared (the rows differ): the fused map
// would run over columns, so nothing fuses.
// CHECK-LABEL: sdfg.sdfg "trailing_only"
// CHECK: sdfg.map "a" ["i", "j"]
// CHECK: sdfg.map "b" ["k", "l"]
sdfg.sdfg "trailing_only" ["A", "B"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.symbol "M" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, M>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, M>}
  sdfg.array "T" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, M>, transient}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %T = sdfg.access "T"
    %B = sdfg.access "B"
    %e1, %x1 = sdfg.map "a" ["i", "j"] = 0:N, 0:M attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_T}, exit_outs = {OUT_T}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t1 = sdfg.tasklet "t1" {code = "y = x * 2", ins = {x}, outs = {y}}
      sdfg.memlet %entry["OUT_A"] -> %t1["x"] {data = "A", subset = #sdfg.range<i, j>}
      sdfg.memlet %t1["y"] -> %exit["IN_T"] {data = "T", subset = #sdfg.range<i, j>}
    }
    %e2, %x2 = sdfg.map "b" ["k", "l"] = 1:N, 0:M attributes {ins = {IN_T}, outs = {OUT_T}, exit_ins = {IN_B}, exit_outs = {OUT_B}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t2 = sdfg.tasklet "t2" {code = "z = v + 1", ins = {v}, outs = {z}}
      sdfg.memlet %entry["OUT_T"] -> %t2["v"] {data = "T", subset = #sdfg.range<k, l>}
      sdfg.memlet %t2["z"] -> %exit["IN_B"] {data = "B", subset = #sdfg.range<k, l>}
    }
    sdfg.memlet %A -> %e1["IN_A"] {data = "A", subset = #sdfg.range<0:N, 0:M>}
    sdfg.memlet %x1["OUT_T"] -> %T {data = "T", subset = #sdfg.range<0:N, 0:M>}
    sdfg.memlet %T -> %e2["IN_T"] {data = "T", subset = #sdfg.range<0:N, 0:M>}
    sdfg.memlet %x2["OUT_B"] -> %B {data = "B", subset = #sdfg.range<1:N, 0:M>}
  }
}

// -----

// The second map writes A, which the first reads: fused, row i + 1 would
// read what row i wrote.
// CHECK-LABEL: sdfg.sdfg "overwrites_input"
// CHECK: sdfg.map "a" ["i", "j"]
// CHECK: sdfg.map "b" ["k", "l"]
sdfg.sdfg "overwrites_input" ["A"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.symbol "M" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, M>}
  sdfg.array "T" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, M>, transient}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %T = sdfg.access "T"
    %A2 = sdfg.access "A"
    %e1, %x1 = sdfg.map "a" ["i", "j"] = 0:N, 0:M attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_T}, exit_outs = {OUT_T}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t1 = sdfg.tasklet "t1" {code = "y = x * 2", ins = {x}, outs = {y}}
      sdfg.memlet %entry["OUT_A"] -> %t1["x"] {data = "A", subset = #sdfg.range<i, j>}
      sdfg.memlet %t1["y"] -> %exit["IN_T"] {data = "T", subset = #sdfg.range<i, j>}
    }
    %e2, %x2 = sdfg.map "b" ["k", "l"] = 0:N, 0:M attributes {ins = {IN_T}, outs = {OUT_T}, exit_ins = {IN_A}, exit_outs = {OUT_A}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t2 = sdfg.tasklet "t2" {code = "z = v / f", ins = {v, f}, outs = {z}}
      sdfg.memlet %entry["OUT_T"] -> %t2["v"] {data = "T", subset = #sdfg.range<k, l>}
      sdfg.memlet %entry["OUT_T"] -> %t2["f"] {data = "T", subset = #sdfg.range<k, 0>}
      sdfg.memlet %t2["z"] -> %exit["IN_A"] {data = "A", subset = #sdfg.range<k, l>}
    }
    sdfg.memlet %A -> %e1["IN_A"] {data = "A", subset = #sdfg.range<0:N, 0:M>}
    sdfg.memlet %x1["OUT_T"] -> %T {data = "T", subset = #sdfg.range<0:N, 0:M>}
    sdfg.memlet %T -> %e2["IN_T"] {data = "T", subset = #sdfg.range<0:N, 0:M>}
    sdfg.memlet %x2["OUT_A"] -> %A2 {data = "A", subset = #sdfg.range<0:N, 0:M>}
  }
}

// -----

// T is read again in a later state: it must stay whole.
// CHECK-LABEL: sdfg.sdfg "read_later"
// CHECK: sdfg.map "a" ["i", "j"]
// CHECK: sdfg.map "b" ["k", "l"]
sdfg.sdfg "read_later" ["A", "B", "C"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.symbol "M" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, M>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, M>}
  sdfg.array "C" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, M>}
  sdfg.array "T" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, M>, transient}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %T = sdfg.access "T"
    %B = sdfg.access "B"
    %e1, %x1 = sdfg.map "a" ["i", "j"] = 0:N, 0:M attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_T}, exit_outs = {OUT_T}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t1 = sdfg.tasklet "t1" {code = "y = x * 2", ins = {x}, outs = {y}}
      sdfg.memlet %entry["OUT_A"] -> %t1["x"] {data = "A", subset = #sdfg.range<i, j>}
      sdfg.memlet %t1["y"] -> %exit["IN_T"] {data = "T", subset = #sdfg.range<i, j>}
    }
    %e2, %x2 = sdfg.map "b" ["k", "l"] = 0:N, 0:M attributes {ins = {IN_T}, outs = {OUT_T}, exit_ins = {IN_B}, exit_outs = {OUT_B}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t2 = sdfg.tasklet "t2" {code = "z = v / f", ins = {v, f}, outs = {z}}
      sdfg.memlet %entry["OUT_T"] -> %t2["v"] {data = "T", subset = #sdfg.range<k, l>}
      sdfg.memlet %entry["OUT_T"] -> %t2["f"] {data = "T", subset = #sdfg.range<k, 0>}
      sdfg.memlet %t2["z"] -> %exit["IN_B"] {data = "B", subset = #sdfg.range<k, l>}
    }
    sdfg.memlet %A -> %e1["IN_A"] {data = "A", subset = #sdfg.range<0:N, 0:M>}
    sdfg.memlet %x1["OUT_T"] -> %T {data = "T", subset = #sdfg.range<0:N, 0:M>}
    sdfg.memlet %T -> %e2["IN_T"] {data = "T", subset = #sdfg.range<0:N, 0:M>}
    sdfg.memlet %x2["OUT_B"] -> %B {data = "B", subset = #sdfg.range<0:N, 0:M>}
  }
  %s2 = sdfg.state "s2" {
    %T = sdfg.access "T"
    %C = sdfg.access "C"
    sdfg.memlet %T -> %C {data = "T", subset = #sdfg.range<0:N, 0:M>}
  }
  sdfg.edge %s -> %s2
}
