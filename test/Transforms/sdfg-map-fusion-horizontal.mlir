// sdfg-map-fusion-horizontal: two independent maps over the same range in
// one state become one map holding both bodies.
// RUN: sdfg-opt %s --split-input-file --sdfg-map-fusion-horizontal | FileCheck %s
// RUN: sdfg-opt %s --split-input-file --sdfg-list-matches=sdfg-map-fusion-horizontal | FileCheck %s --check-prefix=MATCHES
// Only the second match of the first case (maps 'b' and 'c'):
// RUN: split-file %s %t && sdfg-opt %t/three.mlir --sdfg-map-fusion-horizontal='match=1' | FileCheck %s --check-prefix=ONE
// RUN: not sdfg-opt %t/three.mlir --sdfg-map-fusion-horizontal='match=2' 2>&1 | FileCheck %s --check-prefix=RANGE
// RUN: not sdfg-opt %t/three.mlir --sdfg-map-fusion-horizontal='order=1' 2>&1 | FileCheck %s --check-prefix=OPTION

// MATCHES: 0: map 'a' with map 'b' in state 's'
// MATCHES-NEXT: 1: map 'b' with map 'c' in state 's'
// MATCHES: 0: map 'a' with map 'b' in state 's'
// MATCHES: 0: map 'a' with map 'b' in state 's'
// MATCHES: 0: map 'p' with map 'q' in state 's'
// MATCHES-NOT: {{[0-9]+}}: map
// RANGE: error: sdfg-map-fusion-horizontal: match 2 does not exist (2 matches)
// OPTION: error: sdfg-map-fusion-horizontal: unknown option 'order' (known: match)

//--- three.mlir
// Three maps without inputs (ordering edges from the entries) become one.
// CHECK-LABEL: sdfg.sdfg "three"
// CHECK: %[[E:.*]], %[[X:.*]] = sdfg.map "a" ["i"] = 0:N attributes {exit_ins = {IN_B, IN_C, IN_D}, exit_outs = {OUT_B, OUT_C, OUT_D}} {
// CHECK-NEXT: ^bb0(%[[IE:.*]]: !sdfg.node, %[[IX:.*]]: !sdfg.node):
// CHECK-DAG: %[[T0:.*]] = sdfg.tasklet "t" {code = "y = 0"
// CHECK-DAG: %[[T1:.*]] = sdfg.tasklet "t" {code = "y = 1"
// CHECK-DAG: %[[T2:.*]] = sdfg.tasklet "t" {code = "y = (i)"
// CHECK-DAG: sdfg.memlet %[[IE]] -> %[[T0]]
// CHECK-DAG: sdfg.memlet %[[IE]] -> %[[T1]]
// CHECK-DAG: sdfg.memlet %[[IE]] -> %[[T2]]
// CHECK-DAG: sdfg.memlet %[[T1]]["y"] -> %[[IX]]["IN_C"] {data = "C", subset = #sdfg.range<i>}
// CHECK-DAG: sdfg.memlet %[[T2]]["y"] -> %[[IX]]["IN_D"] {data = "D", subset = #sdfg.range<i>}
// CHECK: }
// CHECK-NOT: sdfg.map
// CHECK-DAG: sdfg.memlet %[[X]]["OUT_C"] -> %C {data = "C", subset = #sdfg.range<0:N>}
// CHECK-DAG: sdfg.memlet %[[X]]["OUT_D"] -> %D {data = "D", subset = #sdfg.range<0:N>}
// ONE-LABEL: sdfg.sdfg "three"
// ONE: sdfg.map "a" ["i"] = 0:N attributes {exit_ins = {IN_B}, exit_outs = {OUT_B}}
// ONE: sdfg.map "b" ["j"] = 0:N attributes {exit_ins = {IN_C, IN_D}, exit_outs = {OUT_C, OUT_D}}
// ONE: sdfg.tasklet "t" {code = "y = (j)"
// ONE-NOT: sdfg.map
sdfg.sdfg "three" ["B", "C", "D"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "C" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "D" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  %s = sdfg.state "s" {
    %B = sdfg.access "B"
    %C = sdfg.access "C"
    %D = sdfg.access "D"
    %e1, %x1 = sdfg.map "a" ["i"] = 0:N attributes {exit_ins = {IN_B}, exit_outs = {OUT_B}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "y = 0", outs = {y}}
      sdfg.memlet %entry -> %t
      sdfg.memlet %t["y"] -> %exit["IN_B"] {data = "B", subset = #sdfg.range<i>}
    }
    %e2, %x2 = sdfg.map "b" ["j"] = 0:N attributes {exit_ins = {IN_C}, exit_outs = {OUT_C}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "y = 1", outs = {y}}
      sdfg.memlet %entry -> %t
      sdfg.memlet %t["y"] -> %exit["IN_C"] {data = "C", subset = #sdfg.range<j>}
    }
    %e3, %x3 = sdfg.map "c" ["k"] = 0:N attributes {exit_ins = {IN_D}, exit_outs = {OUT_D}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "y = k", outs = {y}}
      sdfg.memlet %entry -> %t
      sdfg.memlet %t["y"] -> %exit["IN_D"] {data = "D", subset = #sdfg.range<k>}
    }
    sdfg.memlet %x1["OUT_B"] -> %B {data = "B", subset = #sdfg.range<0:N>}
    sdfg.memlet %x2["OUT_C"] -> %C {data = "C", subset = #sdfg.range<0:N>}
    sdfg.memlet %x3["OUT_D"] -> %D {data = "D", subset = #sdfg.range<0:N>}
  }
}

// -----
//--- others.mlir
// Two maps reading A from one access node: A's edges merge (bounding box),
// the second map's j becomes i.
// The second map's exit connector IN_B (for C) is renamed IN_B_1.
// CHECK-LABEL: sdfg.sdfg "shared"
// CHECK: %[[E:.*]], %[[X:.*]] = sdfg.map "a" ["i"] = 0:N attributes {exit_ins = {IN_B, IN_B_1}, exit_outs = {OUT_B, OUT_B_1}, ins = {IN_A, IN_D}, outs = {OUT_A, OUT_D}} {
// CHECK-NEXT: ^bb0(%[[IE:.*]]: !sdfg.node, %[[IX:.*]]: !sdfg.node):
// CHECK-DAG: %[[T1:.*]] = sdfg.tasklet "t1" {code = "y = x * 2"
// CHECK-DAG: %[[T2:.*]] = sdfg.tasklet "t2" {code = "z = x + w + (i)"
// CHECK-DAG: sdfg.memlet %[[IE]]["OUT_A"] -> %[[T1]]["x"] {data = "A", subset = #sdfg.range<i>}
// CHECK-DAG: sdfg.memlet %[[IE]]["OUT_A"] -> %[[T2]]["x"] {data = "A", subset = #sdfg.range<"i + 1">}
// CHECK-DAG: sdfg.memlet %[[IE]]["OUT_D"] -> %[[T2]]["w"] {data = "D", subset = #sdfg.range<i>}
// CHECK-DAG: sdfg.memlet %[[T1]]["y"] -> %[[IX]]["IN_B"] {data = "B", subset = #sdfg.range<i>}
// CHECK-DAG: sdfg.memlet %[[T2]]["z"] -> %[[IX]]["IN_B_1"] {data = "C", subset = #sdfg.range<i>}
// CHECK: }
// CHECK-NOT: sdfg.map
// CHECK-DAG: sdfg.memlet %A -> %[[E]]["IN_A"] {data = "A", subset = #sdfg.range<0:"N + 1">, volume = #sdfg.expr<"N + 1">}
// CHECK-DAG: sdfg.memlet %D -> %[[E]]["IN_D"] {data = "D", subset = #sdfg.range<0:N>}
// CHECK-DAG: sdfg.memlet %[[X]]["OUT_B"] -> %B {data = "B", subset = #sdfg.range<0:N>}
// CHECK-DAG: sdfg.memlet %[[X]]["OUT_B_1"] -> %C {data = "C", subset = #sdfg.range<0:N>}
sdfg.sdfg "shared" ["A", "D", "B", "C"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<"N + 1">}
  sdfg.array "D" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "C" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %D = sdfg.access "D"
    %B = sdfg.access "B"
    %C = sdfg.access "C"
    %e1, %x1 = sdfg.map "a" ["i"] = 0:N attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_B}, exit_outs = {OUT_B}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t1 = sdfg.tasklet "t1" {code = "y = x * 2", ins = {x}, outs = {y}}
      sdfg.memlet %entry["OUT_A"] -> %t1["x"] {data = "A", subset = #sdfg.range<i>}
      sdfg.memlet %t1["y"] -> %exit["IN_B"] {data = "B", subset = #sdfg.range<i>}
    }
    %e2, %x2 = sdfg.map "b" ["j"] = 0:N attributes {ins = {IN_A, IN_D}, outs = {OUT_A, OUT_D}, exit_ins = {IN_B}, exit_outs = {OUT_B}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t2 = sdfg.tasklet "t2" {code = "z = x + w + j", ins = {x, w}, outs = {z}}
      sdfg.memlet %entry["OUT_A"] -> %t2["x"] {data = "A", subset = #sdfg.range<"j + 1">}
      sdfg.memlet %entry["OUT_D"] -> %t2["w"] {data = "D", subset = #sdfg.range<j>}
      sdfg.memlet %t2["z"] -> %exit["IN_B"] {data = "C", subset = #sdfg.range<j>}
    }
    sdfg.memlet %A -> %e1["IN_A"] {data = "A", subset = #sdfg.range<0:N>}
    sdfg.memlet %x1["OUT_B"] -> %B {data = "B", subset = #sdfg.range<0:N>}
    sdfg.memlet %A -> %e2["IN_A"] {data = "A", subset = #sdfg.range<1:"N + 1">}
    sdfg.memlet %D -> %e2["IN_D"] {data = "D", subset = #sdfg.range<0:N>}
    sdfg.memlet %x2["OUT_B"] -> %C {data = "C", subset = #sdfg.range<0:N>}
  }
}

// -----

// Two access nodes of read-only A, and ranges matched by permutation: the
// second map's (k, l) become (j, i); one A node is left.
// CHECK-LABEL: sdfg.sdfg "permuted"
// CHECK: %A = sdfg.access "A"
// CHECK-NOT: sdfg.access "A"
// CHECK: %[[E:.*]], %[[X:.*]] = sdfg.map "a" ["i", "j"] = 0:N, 0:M attributes {exit_ins = {IN_B, IN_C}, exit_outs = {OUT_B, OUT_C}, ins = {IN_A}, outs = {OUT_A}} {
// CHECK-NEXT: ^bb0(%[[IE:.*]]: !sdfg.node, %[[IX:.*]]: !sdfg.node):
// CHECK-DAG: %[[T2:.*]] = sdfg.tasklet "t2" {code = "z = x + (j)"
// CHECK-DAG: sdfg.memlet %[[IE]]["OUT_A"] -> %[[T2]]["x"] {data = "A", subset = #sdfg.range<i, j>}
// CHECK-DAG: sdfg.memlet %[[T2]]["z"] -> %[[IX]]["IN_C"] {data = "C", subset = #sdfg.range<j, i>}
// CHECK: }
// CHECK-NOT: sdfg.access "A"
// CHECK: sdfg.memlet %A -> %[[E]]["IN_A"] {data = "A", subset = #sdfg.range<0:N, 0:M>
// CHECK-NOT: sdfg.memlet %A
// CHECK: sdfg.memlet %[[X]]["OUT_C"] -> %C {data = "C", subset = #sdfg.range<0:M, 0:N>}
sdfg.sdfg "permuted" ["A", "B", "C"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.symbol "M" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, M>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, M>}
  sdfg.array "C" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<M, N>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %A2 = sdfg.access "A"
    %B = sdfg.access "B"
    %C = sdfg.access "C"
    %e1, %x1 = sdfg.map "a" ["i", "j"] = 0:N, 0:M attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_B}, exit_outs = {OUT_B}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t1 = sdfg.tasklet "t1" {code = "y = x", ins = {x}, outs = {y}}
      sdfg.memlet %entry["OUT_A"] -> %t1["x"] {data = "A", subset = #sdfg.range<i, j>}
      sdfg.memlet %t1["y"] -> %exit["IN_B"] {data = "B", subset = #sdfg.range<i, j>}
    }
    %e2, %x2 = sdfg.map "b" ["k", "l"] = 0:M, 0:N attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_C}, exit_outs = {OUT_C}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t2 = sdfg.tasklet "t2" {code = "z = x + k", ins = {x}, outs = {z}}
      sdfg.memlet %entry["OUT_A"] -> %t2["x"] {data = "A", subset = #sdfg.range<l, k>}
      sdfg.memlet %t2["z"] -> %exit["IN_C"] {data = "C", subset = #sdfg.range<k, l>}
    }
    sdfg.memlet %A -> %e1["IN_A"] {data = "A", subset = #sdfg.range<0:N, 0:M>}
    sdfg.memlet %x1["OUT_B"] -> %B {data = "B", subset = #sdfg.range<0:N, 0:M>}
    sdfg.memlet %A2 -> %e2["IN_A"] {data = "A", subset = #sdfg.range<0:N, 0:M>}
    sdfg.memlet %x2["OUT_C"] -> %C {data = "C", subset = #sdfg.range<0:M, 0:N>}
  }
}

// -----

// Two maps inside one outer map, and a third at top level: the inner two
// fuse (sharing the outer connector), the top-level one stays apart.
// CHECK-LABEL: sdfg.sdfg "nested"
// CHECK: sdfg.map "outer" ["i"] = 0:N
// CHECK-NEXT: ^bb0(%[[OE:.*]]: !sdfg.node, %[[OX:.*]]: !sdfg.node):
// CHECK-NEXT: %[[E:.*]], %[[X:.*]] = sdfg.map "p" ["j"] = 0:M attributes {exit_ins = {IN_B, IN_C}, exit_outs = {OUT_B, OUT_C}, ins = {IN_A}, outs = {OUT_A}} {
// CHECK-NEXT: ^bb0(%[[IE:.*]]: !sdfg.node, %[[IX:.*]]: !sdfg.node):
// CHECK-DAG: %[[U:.*]] = sdfg.tasklet "u" {code = "y = x * 3"
// CHECK-DAG: sdfg.memlet %[[IE]]["OUT_A"] -> %[[U]]["x"] {data = "A", subset = #sdfg.range<i, j>}
// CHECK-DAG: sdfg.memlet %[[U]]["y"] -> %[[IX]]["IN_C"] {data = "C", subset = #sdfg.range<i, j>}
// CHECK: }
// CHECK-NEXT: sdfg.memlet %[[OE]]["OUT_A"] -> %[[E]]["IN_A"] {data = "A", subset = #sdfg.range<i, 0:M>
// CHECK-NEXT: sdfg.memlet %[[X]]["OUT_B"] -> %[[OX]]["IN_B"] {data = "B", subset = #sdfg.range<i, 0:M>}
// CHECK-NEXT: sdfg.memlet %[[X]]["OUT_C"] -> %[[OX]]["IN_C"] {data = "C", subset = #sdfg.range<i, 0:M>}
// CHECK-NEXT: }
// CHECK: sdfg.map "top" ["j"] = 0:M
sdfg.sdfg "nested" ["A", "B", "C", "D"] {
  sdfg.array "D" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<M>}
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.symbol "M" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, M>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, M>}
  sdfg.array "C" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, M>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %B = sdfg.access "B"
    %C = sdfg.access "C"
    %oe, %ox = sdfg.map "outer" ["i"] = 0:N attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_B, IN_C}, exit_outs = {OUT_B, OUT_C}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %ie1, %ix1 = sdfg.map "p" ["j"] = 0:M attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_B}, exit_outs = {OUT_B}} {
      ^bb0(%e: !sdfg.node, %x: !sdfg.node):
        %t = sdfg.tasklet "t" {code = "y = x + 1", ins = {x}, outs = {y}}
        sdfg.memlet %e["OUT_A"] -> %t["x"] {data = "A", subset = #sdfg.range<i, j>}
        sdfg.memlet %t["y"] -> %x["IN_B"] {data = "B", subset = #sdfg.range<i, j>}
      }
      %ie2, %ix2 = sdfg.map "q" ["k"] = 0:M attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_C}, exit_outs = {OUT_C}} {
      ^bb0(%e: !sdfg.node, %x: !sdfg.node):
        %u = sdfg.tasklet "u" {code = "y = x * 3", ins = {x}, outs = {y}}
        sdfg.memlet %e["OUT_A"] -> %u["x"] {data = "A", subset = #sdfg.range<i, k>}
        sdfg.memlet %u["y"] -> %x["IN_C"] {data = "C", subset = #sdfg.range<i, k>}
      }
      sdfg.memlet %entry["OUT_A"] -> %ie1["IN_A"] {data = "A", subset = #sdfg.range<i, 0:M>}
      sdfg.memlet %entry["OUT_A"] -> %ie2["IN_A"] {data = "A", subset = #sdfg.range<i, 0:M>}
      sdfg.memlet %ix1["OUT_B"] -> %exit["IN_B"] {data = "B", subset = #sdfg.range<i, 0:M>}
      sdfg.memlet %ix2["OUT_C"] -> %exit["IN_C"] {data = "C", subset = #sdfg.range<i, 0:M>}
    }
    %D = sdfg.access "D"
    %te, %tx = sdfg.map "top" ["j"] = 0:M attributes {exit_ins = {IN_D}, exit_outs = {OUT_D}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %z = sdfg.tasklet "z" {code = "y = 0", outs = {y}}
      sdfg.memlet %entry -> %z
      sdfg.memlet %z["y"] -> %exit["IN_D"] {data = "D", subset = #sdfg.range<j>}
    }
    sdfg.memlet %A -> %oe["IN_A"] {data = "A", subset = #sdfg.range<0:N, 0:M>}
    sdfg.memlet %ox["OUT_B"] -> %B {data = "B", subset = #sdfg.range<0:N, 0:M>}
    sdfg.memlet %ox["OUT_C"] -> %C {data = "C", subset = #sdfg.range<0:N, 0:M>}
    sdfg.memlet %tx["OUT_D"] -> %D {data = "D", subset = #sdfg.range<0:M>}
  }
}
// -----

// Both maps write B (through two access nodes): no match.
// CHECK-LABEL: sdfg.sdfg "same_output"
// CHECK: sdfg.map "a"
// CHECK: sdfg.map "b"
sdfg.sdfg "same_output" ["A", "B"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %B = sdfg.access "B"
    %B2 = sdfg.access "B"
    %e1, %x1 = sdfg.map "a" ["i"] = 0:N attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_B}, exit_outs = {OUT_B}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "y = x", ins = {x}, outs = {y}}
      sdfg.memlet %entry["OUT_A"] -> %t["x"] {data = "A", subset = #sdfg.range<i>}
      sdfg.memlet %t["y"] -> %exit["IN_B"] {data = "B", subset = #sdfg.range<i>}
    }
    %e2, %x2 = sdfg.map "b" ["i"] = 0:N attributes {exit_ins = {IN_B}, exit_outs = {OUT_B}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "y = 1", outs = {y}}
      sdfg.memlet %entry -> %t
      sdfg.memlet %t["y"] -> %exit["IN_B"] {data = "B", subset = #sdfg.range<i>}
    }
    sdfg.memlet %A -> %e1["IN_A"] {data = "A", subset = #sdfg.range<0:N>}
    sdfg.memlet %x1["OUT_B"] -> %B {data = "B", subset = #sdfg.range<0:N>}
    sdfg.memlet %x2["OUT_B"] -> %B2 {data = "B", subset = #sdfg.range<0:N>}
  }
}

// -----

// The first map writes A, which the second reads from another access node
// (an order without a path): no match.
// CHECK-LABEL: sdfg.sdfg "read_write"
// CHECK: sdfg.map "a"
// CHECK: sdfg.map "b"
sdfg.sdfg "read_write" ["A", "C"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<"N + 1">}
  sdfg.array "C" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %A2 = sdfg.access "A"
    %C = sdfg.access "C"
    %e1, %x1 = sdfg.map "a" ["i"] = 0:N attributes {exit_ins = {IN_A}, exit_outs = {OUT_A}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "y = 1", outs = {y}}
      sdfg.memlet %entry -> %t
      sdfg.memlet %t["y"] -> %exit["IN_A"] {data = "A", subset = #sdfg.range<i>}
    }
    %e2, %x2 = sdfg.map "b" ["i"] = 0:N attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_C}, exit_outs = {OUT_C}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "y = x", ins = {x}, outs = {y}}
      sdfg.memlet %entry["OUT_A"] -> %t["x"] {data = "A", subset = #sdfg.range<"i + 1">}
      sdfg.memlet %t["y"] -> %exit["IN_C"] {data = "C", subset = #sdfg.range<i>}
    }
    sdfg.memlet %x1["OUT_A"] -> %A {data = "A", subset = #sdfg.range<0:N>}
    sdfg.memlet %A2 -> %e2["IN_A"] {data = "A", subset = #sdfg.range<1:"N + 1">}
    sdfg.memlet %x2["OUT_C"] -> %C {data = "C", subset = #sdfg.range<0:N>}
  }
}

// -----

// A path from the first map to the second (producer and consumer): no match.
// CHECK-LABEL: sdfg.sdfg "path"
// CHECK: sdfg.map "a"
// CHECK: sdfg.map "b"
sdfg.sdfg "path" ["A", "C"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "T" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>, transient}
  sdfg.array "C" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %T = sdfg.access "T"
    %C = sdfg.access "C"
    %e1, %x1 = sdfg.map "a" ["i"] = 0:N attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_T}, exit_outs = {OUT_T}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "y = x", ins = {x}, outs = {y}}
      sdfg.memlet %entry["OUT_A"] -> %t["x"] {data = "A", subset = #sdfg.range<i>}
      sdfg.memlet %t["y"] -> %exit["IN_T"] {data = "T", subset = #sdfg.range<i>}
    }
    %e2, %x2 = sdfg.map "b" ["i"] = 0:N attributes {ins = {IN_T}, outs = {OUT_T}, exit_ins = {IN_C}, exit_outs = {OUT_C}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "y = x", ins = {x}, outs = {y}}
      sdfg.memlet %entry["OUT_T"] -> %t["x"] {data = "T", subset = #sdfg.range<i>}
      sdfg.memlet %t["y"] -> %exit["IN_C"] {data = "C", subset = #sdfg.range<i>}
    }
    sdfg.memlet %A -> %e1["IN_A"] {data = "A", subset = #sdfg.range<0:N>}
    sdfg.memlet %x1["OUT_T"] -> %T {data = "T", subset = #sdfg.range<0:N>}
    sdfg.memlet %T -> %e2["IN_T"] {data = "T", subset = #sdfg.range<0:N>}
    sdfg.memlet %x2["OUT_C"] -> %C {data = "C", subset = #sdfg.range<0:N>}
  }
}

// -----

// Different ranges, and different schedules: no match.
// CHECK-LABEL: sdfg.sdfg "ranges"
// CHECK: sdfg.map "a" ["i"] = 0:N
// CHECK: sdfg.map "b" ["i"] = 1:N
// CHECK: sdfg.map "c" ["i"] = 0:N
sdfg.sdfg "ranges" ["B", "C", "D"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "C" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "D" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  %s = sdfg.state "s" {
    %B = sdfg.access "B"
    %C = sdfg.access "C"
    %D = sdfg.access "D"
    %e1, %x1 = sdfg.map "a" ["i"] = 0:N attributes {exit_ins = {IN_B}, exit_outs = {OUT_B}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "y = 0", outs = {y}}
      sdfg.memlet %entry -> %t
      sdfg.memlet %t["y"] -> %exit["IN_B"] {data = "B", subset = #sdfg.range<i>}
    }
    %e2, %x2 = sdfg.map "b" ["i"] = 1:N attributes {exit_ins = {IN_C}, exit_outs = {OUT_C}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "y = 1", outs = {y}}
      sdfg.memlet %entry -> %t
      sdfg.memlet %t["y"] -> %exit["IN_C"] {data = "C", subset = #sdfg.range<i>}
    }
    %e3, %x3 = sdfg.map "c" ["i"] = 0:N attributes {exit_ins = {IN_D}, exit_outs = {OUT_D}, schedule = #sdfg.schedule<Sequential>} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "y = 2", outs = {y}}
      sdfg.memlet %entry -> %t
      sdfg.memlet %t["y"] -> %exit["IN_D"] {data = "D", subset = #sdfg.range<i>}
    }
    sdfg.memlet %x1["OUT_B"] -> %B {data = "B", subset = #sdfg.range<0:N>}
    sdfg.memlet %x2["OUT_C"] -> %C {data = "C", subset = #sdfg.range<1:N>}
    sdfg.memlet %x3["OUT_D"] -> %D {data = "D", subset = #sdfg.range<0:N>}
  }
}

// -----

// The second body reads a symbol named like the first map's parameter:
// renaming j to i would capture it. No match.
// CHECK-LABEL: sdfg.sdfg "capture"
// CHECK: sdfg.map "a" ["i"]
// CHECK: sdfg.map "b" ["j"]
// CHECK: sdfg.tasklet "t" {code = "y = i + j"
sdfg.sdfg "capture" ["B", "C"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.symbol "i" {dtype = #sdfg.dtype<int32>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "C" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  %s = sdfg.state "s" {
    %B = sdfg.access "B"
    %C = sdfg.access "C"
    %e1, %x1 = sdfg.map "a" ["i"] = 0:N attributes {exit_ins = {IN_B}, exit_outs = {OUT_B}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "y = 0", outs = {y}}
      sdfg.memlet %entry -> %t
      sdfg.memlet %t["y"] -> %exit["IN_B"] {data = "B", subset = #sdfg.range<i>}
    }
    %e2, %x2 = sdfg.map "b" ["j"] = 0:N attributes {exit_ins = {IN_C}, exit_outs = {OUT_C}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "y = i + j", outs = {y}}
      sdfg.memlet %entry -> %t
      sdfg.memlet %t["y"] -> %exit["IN_C"] {data = "C", subset = #sdfg.range<j>}
    }
    sdfg.memlet %x1["OUT_B"] -> %B {data = "B", subset = #sdfg.range<0:N>}
    sdfg.memlet %x2["OUT_C"] -> %C {data = "C", subset = #sdfg.range<0:N>}
  }
}

// -----

// The first map writes a view of A, the second reads A: no match.
// CHECK-LABEL: sdfg.sdfg "view"
// CHECK: sdfg.map "a"
// CHECK: sdfg.map "b"
sdfg.sdfg "view" ["A", "C"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<"N + 1">}
  sdfg.view "V" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>, transient}
  sdfg.array "C" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %V = sdfg.access "V" {outs = {views}}
    %A2 = sdfg.access "A"
    %C = sdfg.access "C"
    %e1, %x1 = sdfg.map "a" ["i"] = 0:N attributes {exit_ins = {IN_V}, exit_outs = {OUT_V}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "y = 1", outs = {y}}
      sdfg.memlet %entry -> %t
      sdfg.memlet %t["y"] -> %exit["IN_V"] {data = "V", subset = #sdfg.range<i>}
    }
    %e2, %x2 = sdfg.map "b" ["i"] = 0:N attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_C}, exit_outs = {OUT_C}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "y = x", ins = {x}, outs = {y}}
      sdfg.memlet %entry["OUT_A"] -> %t["x"] {data = "A", subset = #sdfg.range<i>}
      sdfg.memlet %t["y"] -> %exit["IN_C"] {data = "C", subset = #sdfg.range<i>}
    }
    sdfg.memlet %x1["OUT_V"] -> %V {data = "V", subset = #sdfg.range<0:N>}
    sdfg.memlet %V["views"] -> %A {data = "A", subset = #sdfg.range<1:"N + 1">, other_subset = #sdfg.range<0:N>}
    sdfg.memlet %A2 -> %e2["IN_A"] {data = "A", subset = #sdfg.range<0:N>}
    sdfg.memlet %x2["OUT_C"] -> %C {data = "C", subset = #sdfg.range<0:N>}
  }
}

// -----

// The second map runs after a copy into B; the first reads B from another
// node: fused, it would see the copy. No match.
// CHECK-LABEL: sdfg.sdfg "inherited_order"
// CHECK: sdfg.map "a"
// CHECK: sdfg.map "b"
sdfg.sdfg "inherited_order" ["A", "B", "C", "D"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "C" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "D" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %B0 = sdfg.access "B"
    %B1 = sdfg.access "B"
    %C = sdfg.access "C"
    %D = sdfg.access "D"
    sdfg.memlet %A -> %B1 {data = "A", subset = #sdfg.range<0:N>, other_subset = #sdfg.range<0:N>}
    %e1, %x1 = sdfg.map "a" ["i"] = 0:N attributes {ins = {IN_B}, outs = {OUT_B}, exit_ins = {IN_C}, exit_outs = {OUT_C}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "y = x", ins = {x}, outs = {y}}
      sdfg.memlet %entry["OUT_B"] -> %t["x"] {data = "B", subset = #sdfg.range<i>}
      sdfg.memlet %t["y"] -> %exit["IN_C"] {data = "C", subset = #sdfg.range<i>}
    }
    %e2, %x2 = sdfg.map "b" ["i"] = 0:N attributes {ins = {IN_B}, outs = {OUT_B}, exit_ins = {IN_D}, exit_outs = {OUT_D}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "y = x", ins = {x}, outs = {y}}
      sdfg.memlet %entry["OUT_B"] -> %t["x"] {data = "B", subset = #sdfg.range<i>}
      sdfg.memlet %t["y"] -> %exit["IN_D"] {data = "D", subset = #sdfg.range<i>}
    }
    sdfg.memlet %B0 -> %e1["IN_B"] {data = "B", subset = #sdfg.range<0:N>}
    sdfg.memlet %x1["OUT_C"] -> %C {data = "C", subset = #sdfg.range<0:N>}
    sdfg.memlet %B1 -> %e2["IN_B"] {data = "B", subset = #sdfg.range<0:N>}
    sdfg.memlet %x2["OUT_D"] -> %D {data = "D", subset = #sdfg.range<0:N>}
  }
}
