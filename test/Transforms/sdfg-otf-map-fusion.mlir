// sdfg-otf-map-fusion: a map filling a transient element by element is
// recomputed where the next map reads each element; the transient goes.
// RUN: sdfg-opt %s --split-input-file --sdfg-otf-map-fusion | FileCheck %s
// RUN: sdfg-opt %s --split-input-file --sdfg-list-matches=sdfg-otf-map-fusion | FileCheck %s --check-prefix=MATCHES

// MATCHES: 0: map 'a' into map 'b' through 'T' (2 copies) in state 's'
// MATCHES: 0: map 'a' into map 'b' through 'T' (1 copies) in state 's'
// MATCHES: 0: map 'a' into map 'b' through 'T' (1 copies) in state 's'
// MATCHES: sdfg-otf-map-fusion: no matches
// MATCHES: sdfg-otf-map-fusion: no matches
// MATCHES: sdfg-otf-map-fusion: no matches
// MATCHES: 0: map 'a' into map 'b' through 'T' (1 copies) in state 's'

// A three-point stencil on a computed array: one copy of the first body
// per neighbour read, its parameter bound to the read index.
// CHECK-LABEL: sdfg.sdfg "stencil"
// CHECK-NOT: sdfg.array "T"
// CHECK-DAG: sdfg.scalar "T_otf0" {dtype = #sdfg.dtype<float64>
// CHECK-DAG: sdfg.scalar "T_otf1" {dtype = #sdfg.dtype<float64>
// CHECK: %[[E:.*]], %[[X:.*]] = sdfg.map "b" ["j"] = 0:N attributes {exit_ins = {IN_C}, exit_outs = {OUT_C}, ins = {IN_A}, outs = {OUT_A}} {
// CHECK-NEXT: ^bb0(%[[IE:.*]]: !sdfg.node, %[[IX:.*]]: !sdfg.node):
// CHECK-DAG: %[[T2:.*]] = sdfg.tasklet "t2" {code = "z = l + r"
// CHECK-DAG: %[[C0:.*]] = sdfg.tasklet "t1" {code = "y = x * 2"
// CHECK-DAG: %[[C1:.*]] = sdfg.tasklet "t1" {code = "y = x * 2"
// CHECK-DAG: %[[S0:.*]] = sdfg.access "T_otf0"
// CHECK-DAG: %[[S1:.*]] = sdfg.access "T_otf1"
// CHECK-DAG: sdfg.memlet %[[IE]]["OUT_A"] -> %[[C0]]["x"] {data = "A", subset = #sdfg.range<j>}
// CHECK-DAG: sdfg.memlet %[[C0]]["y"] -> %[[S0]] {data = "T_otf0", subset = #sdfg.range<0>
// CHECK-DAG: sdfg.memlet %[[S0]] -> %[[T2]]["l"] {data = "T_otf0", subset = #sdfg.range<0>
// CHECK-DAG: sdfg.memlet %[[IE]]["OUT_A"] -> %[[C1]]["x"] {data = "A", subset = #sdfg.range<"j + 1">}
// CHECK-DAG: sdfg.memlet %[[C1]]["y"] -> %[[S1]] {data = "T_otf1", subset = #sdfg.range<0>
// CHECK-DAG: sdfg.memlet %[[S1]] -> %[[T2]]["r"] {data = "T_otf1", subset = #sdfg.range<0>
// CHECK-NOT: sdfg.map
// CHECK: sdfg.memlet %{{.*}} -> %[[E]]["IN_A"] {data = "A", subset = #sdfg.range<0:"N + 1">}
sdfg.sdfg "stencil" ["A", "C"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<"N + 1">}
  sdfg.array "C" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "T" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<"N + 1">, transient}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %T = sdfg.access "T"
    %C = sdfg.access "C"
    %e1, %x1 = sdfg.map "a" ["i"] = 0:"N + 1" attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_T}, exit_outs = {OUT_T}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t1 = sdfg.tasklet "t1" {code = "y = x * 2", ins = {x}, outs = {y}}
      sdfg.memlet %entry["OUT_A"] -> %t1["x"] {data = "A", subset = #sdfg.range<i>}
      sdfg.memlet %t1["y"] -> %exit["IN_T"] {data = "T", subset = #sdfg.range<i>}
    }
    %e2, %x2 = sdfg.map "b" ["j"] = 0:N attributes {ins = {IN_T}, outs = {OUT_T}, exit_ins = {IN_C}, exit_outs = {OUT_C}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t2 = sdfg.tasklet "t2" {code = "z = l + r", ins = {l, r}, outs = {z}}
      sdfg.memlet %entry["OUT_T"] -> %t2["l"] {data = "T", subset = #sdfg.range<j>}
      sdfg.memlet %entry["OUT_T"] -> %t2["r"] {data = "T", subset = #sdfg.range<"j + 1">}
      sdfg.memlet %t2["z"] -> %exit["IN_C"] {data = "C", subset = #sdfg.range<j>}
    }
    sdfg.memlet %A -> %e1["IN_A"] {data = "A", subset = #sdfg.range<0:"N + 1">}
    sdfg.memlet %x1["OUT_T"] -> %T {data = "T", subset = #sdfg.range<0:"N + 1">}
    sdfg.memlet %T -> %e2["IN_T"] {data = "T", subset = #sdfg.range<0:"N + 1">}
    sdfg.memlet %x2["OUT_C"] -> %C {data = "C", subset = #sdfg.range<0:N>}
  }
}

// -----

// A transposed 2-D producer: i and k solve to the second map's y and x.
// CHECK-LABEL: sdfg.sdfg "transposed"
// CHECK-NOT: sdfg.array "T"
// CHECK: sdfg.map "b" ["x", "y"] = 0:M, 0:N
// CHECK-DAG: sdfg.memlet %{{.*}}["OUT_A"] -> %{{.*}}["v"] {data = "A", subset = #sdfg.range<y, x>}
// CHECK-DAG: sdfg.tasklet "t1" {code = "w = v + (y)"
// CHECK-NOT: sdfg.map "a"
sdfg.sdfg "transposed" ["A", "C"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.symbol "M" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, M>}
  sdfg.array "C" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<M, N>}
  sdfg.array "T" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, M>, transient}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %T = sdfg.access "T"
    %C = sdfg.access "C"
    %e1, %x1 = sdfg.map "a" ["i", "k"] = 0:N, 0:M attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_T}, exit_outs = {OUT_T}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t1 = sdfg.tasklet "t1" {code = "w = v + i", ins = {v}, outs = {w}}
      sdfg.memlet %entry["OUT_A"] -> %t1["v"] {data = "A", subset = #sdfg.range<i, k>}
      sdfg.memlet %t1["w"] -> %exit["IN_T"] {data = "T", subset = #sdfg.range<i, k>}
    }
    %e2, %x2 = sdfg.map "b" ["x", "y"] = 0:M, 0:N attributes {ins = {IN_T}, outs = {OUT_T}, exit_ins = {IN_C}, exit_outs = {OUT_C}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t2 = sdfg.tasklet "t2" {code = "o = a", ins = {a}, outs = {o}}
      sdfg.memlet %entry["OUT_T"] -> %t2["a"] {data = "T", subset = #sdfg.range<y, x>}
      sdfg.memlet %t2["o"] -> %exit["IN_C"] {data = "C", subset = #sdfg.range<x, y>}
    }
    sdfg.memlet %A -> %e1["IN_A"] {data = "A", subset = #sdfg.range<0:N, 0:M>}
    sdfg.memlet %x1["OUT_T"] -> %T {data = "T", subset = #sdfg.range<0:N, 0:M>}
    sdfg.memlet %T -> %e2["IN_T"] {data = "T", subset = #sdfg.range<0:N, 0:M>}
    sdfg.memlet %x2["OUT_C"] -> %C {data = "C", subset = #sdfg.range<0:M, 0:N>}
  }
}

// -----

// T is also copied out: the second map recomputes, the first map stays.
// CHECK-LABEL: sdfg.sdfg "kept"
// CHECK: sdfg.array "T"
// CHECK: sdfg.map "a"
// CHECK: sdfg.map "b"
// CHECK: sdfg.access "T_otf0"
// CHECK: sdfg.memlet %{{.*}} -> %{{.*}} {data = "T", subset = #sdfg.range<0:N>}
sdfg.sdfg "kept" ["A", "C", "D"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "C" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "D" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "T" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>, transient}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %T = sdfg.access "T"
    %C = sdfg.access "C"
    %D = sdfg.access "D"
    %e1, %x1 = sdfg.map "a" ["i"] = 0:N attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_T}, exit_outs = {OUT_T}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t1 = sdfg.tasklet "t1" {code = "y = x * 2", ins = {x}, outs = {y}}
      sdfg.memlet %entry["OUT_A"] -> %t1["x"] {data = "A", subset = #sdfg.range<i>}
      sdfg.memlet %t1["y"] -> %exit["IN_T"] {data = "T", subset = #sdfg.range<i>}
    }
    %e2, %x2 = sdfg.map "b" ["j"] = 0:N attributes {ins = {IN_T}, outs = {OUT_T}, exit_ins = {IN_C}, exit_outs = {OUT_C}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t2 = sdfg.tasklet "t2" {code = "z = l", ins = {l}, outs = {z}}
      sdfg.memlet %entry["OUT_T"] -> %t2["l"] {data = "T", subset = #sdfg.range<j>}
      sdfg.memlet %t2["z"] -> %exit["IN_C"] {data = "C", subset = #sdfg.range<j>}
    }
    sdfg.memlet %A -> %e1["IN_A"] {data = "A", subset = #sdfg.range<0:N>}
    sdfg.memlet %x1["OUT_T"] -> %T {data = "T", subset = #sdfg.range<0:N>}
    sdfg.memlet %T -> %e2["IN_T"] {data = "T", subset = #sdfg.range<0:N>}
    sdfg.memlet %T -> %D {data = "T", subset = #sdfg.range<0:N>}
    sdfg.memlet %x2["OUT_C"] -> %C {data = "C", subset = #sdfg.range<0:N>}
  }
}

// -----

// The second map reads past what the first writes: no match.
// CHECK-LABEL: sdfg.sdfg "uncovered"
// CHECK: sdfg.array "T"
// CHECK: sdfg.map "a"
sdfg.sdfg "uncovered" ["A", "C"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "C" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "T" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<"N + 1">, transient}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %T = sdfg.access "T"
    %C = sdfg.access "C"
    %e1, %x1 = sdfg.map "a" ["i"] = 0:N attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_T}, exit_outs = {OUT_T}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t1 = sdfg.tasklet "t1" {code = "y = x", ins = {x}, outs = {y}}
      sdfg.memlet %entry["OUT_A"] -> %t1["x"] {data = "A", subset = #sdfg.range<i>}
      sdfg.memlet %t1["y"] -> %exit["IN_T"] {data = "T", subset = #sdfg.range<i>}
    }
    %e2, %x2 = sdfg.map "b" ["j"] = 0:N attributes {ins = {IN_T}, outs = {OUT_T}, exit_ins = {IN_C}, exit_outs = {OUT_C}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t2 = sdfg.tasklet "t2" {code = "z = l", ins = {l}, outs = {z}}
      sdfg.memlet %entry["OUT_T"] -> %t2["l"] {data = "T", subset = #sdfg.range<"j + 1">}
      sdfg.memlet %t2["z"] -> %exit["IN_C"] {data = "C", subset = #sdfg.range<j>}
    }
    sdfg.memlet %A -> %e1["IN_A"] {data = "A", subset = #sdfg.range<0:N>}
    sdfg.memlet %x1["OUT_T"] -> %T {data = "T", subset = #sdfg.range<0:N>}
    sdfg.memlet %T -> %e2["IN_T"] {data = "T", subset = #sdfg.range<1:"N + 1">}
    sdfg.memlet %x2["OUT_C"] -> %C {data = "C", subset = #sdfg.range<0:N>}
  }
}

// -----

// The second map overwrites what the first reads: recomputing would see
// the new values. No match.
// CHECK-LABEL: sdfg.sdfg "overwritten"
// CHECK: sdfg.map "a"
sdfg.sdfg "overwritten" ["A"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "T" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>, transient}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %T = sdfg.access "T"
    %A2 = sdfg.access "A"
    %e1, %x1 = sdfg.map "a" ["i"] = 0:N attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_T}, exit_outs = {OUT_T}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t1 = sdfg.tasklet "t1" {code = "y = x", ins = {x}, outs = {y}}
      sdfg.memlet %entry["OUT_A"] -> %t1["x"] {data = "A", subset = #sdfg.range<i>}
      sdfg.memlet %t1["y"] -> %exit["IN_T"] {data = "T", subset = #sdfg.range<i>}
    }
    %e2, %x2 = sdfg.map "b" ["j"] = 0:N attributes {ins = {IN_T}, outs = {OUT_T}, exit_ins = {IN_A}, exit_outs = {OUT_A}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t2 = sdfg.tasklet "t2" {code = "z = l + 1", ins = {l}, outs = {z}}
      sdfg.memlet %entry["OUT_T"] -> %t2["l"] {data = "T", subset = #sdfg.range<j>}
      sdfg.memlet %t2["z"] -> %exit["IN_A"] {data = "A", subset = #sdfg.range<j>}
    }
    sdfg.memlet %A -> %e1["IN_A"] {data = "A", subset = #sdfg.range<0:N>}
    sdfg.memlet %x1["OUT_T"] -> %T {data = "T", subset = #sdfg.range<0:N>}
    sdfg.memlet %T -> %e2["IN_T"] {data = "T", subset = #sdfg.range<0:N>}
    sdfg.memlet %x2["OUT_A"] -> %A2 {data = "A", subset = #sdfg.range<0:N>}
  }
}

// -----

// Each iteration writes T[2 * i]: not solvable by a shift. No match.
// CHECK-LABEL: sdfg.sdfg "strided"
// CHECK: sdfg.map "a"
sdfg.sdfg "strided" ["A", "C"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "C" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "T" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<"2 * N">, transient}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %T = sdfg.access "T"
    %C = sdfg.access "C"
    %e1, %x1 = sdfg.map "a" ["i"] = 0:N attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_T}, exit_outs = {OUT_T}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t1 = sdfg.tasklet "t1" {code = "y = x", ins = {x}, outs = {y}}
      sdfg.memlet %entry["OUT_A"] -> %t1["x"] {data = "A", subset = #sdfg.range<i>}
      sdfg.memlet %t1["y"] -> %exit["IN_T"] {data = "T", subset = #sdfg.range<"2 * i">}
    }
    %e2, %x2 = sdfg.map "b" ["j"] = 0:N attributes {ins = {IN_T}, outs = {OUT_T}, exit_ins = {IN_C}, exit_outs = {OUT_C}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t2 = sdfg.tasklet "t2" {code = "z = l", ins = {l}, outs = {z}}
      sdfg.memlet %entry["OUT_T"] -> %t2["l"] {data = "T", subset = #sdfg.range<"2 * j">}
      sdfg.memlet %t2["z"] -> %exit["IN_C"] {data = "C", subset = #sdfg.range<j>}
    }
    sdfg.memlet %A -> %e1["IN_A"] {data = "A", subset = #sdfg.range<0:N>}
    sdfg.memlet %x1["OUT_T"] -> %T {data = "T", subset = #sdfg.range<0:"2 * N - 1":2>}
    sdfg.memlet %T -> %e2["IN_T"] {data = "T", subset = #sdfg.range<0:"2 * N - 1":2>}
    sdfg.memlet %x2["OUT_C"] -> %C {data = "C", subset = #sdfg.range<0:N>}
  }
}

// -----

// A later state reads T too: the first map stays to fill it.
// CHECK-LABEL: sdfg.sdfg "later"
// CHECK: sdfg.array "T"
// CHECK: sdfg.map "a"
// CHECK: sdfg.map "b"
// CHECK: sdfg.access "T_otf0"
// CHECK: sdfg.state "s2"
sdfg.sdfg "later" ["A", "C", "D"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "C" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "D" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "T" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>, transient}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %T = sdfg.access "T"
    %C = sdfg.access "C"
    %e1, %x1 = sdfg.map "a" ["i"] = 0:N attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_T}, exit_outs = {OUT_T}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t1 = sdfg.tasklet "t1" {code = "y = x * 2", ins = {x}, outs = {y}}
      sdfg.memlet %entry["OUT_A"] -> %t1["x"] {data = "A", subset = #sdfg.range<i>}
      sdfg.memlet %t1["y"] -> %exit["IN_T"] {data = "T", subset = #sdfg.range<i>}
    }
    %e2, %x2 = sdfg.map "b" ["j"] = 0:N attributes {ins = {IN_T}, outs = {OUT_T}, exit_ins = {IN_C}, exit_outs = {OUT_C}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t2 = sdfg.tasklet "t2" {code = "z = l", ins = {l}, outs = {z}}
      sdfg.memlet %entry["OUT_T"] -> %t2["l"] {data = "T", subset = #sdfg.range<j>}
      sdfg.memlet %t2["z"] -> %exit["IN_C"] {data = "C", subset = #sdfg.range<j>}
    }
    sdfg.memlet %A -> %e1["IN_A"] {data = "A", subset = #sdfg.range<0:N>}
    sdfg.memlet %x1["OUT_T"] -> %T {data = "T", subset = #sdfg.range<0:N>}
    sdfg.memlet %T -> %e2["IN_T"] {data = "T", subset = #sdfg.range<0:N>}
    sdfg.memlet %x2["OUT_C"] -> %C {data = "C", subset = #sdfg.range<0:N>}
  }
  %s2 = sdfg.state "s2" {
    %T = sdfg.access "T"
    %D = sdfg.access "D"
    sdfg.memlet %T -> %D {data = "T", subset = #sdfg.range<0:N>}
  }
  sdfg.edge %s -> %s2
}
