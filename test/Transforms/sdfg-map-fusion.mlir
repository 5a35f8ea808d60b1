// sdfg-map-fusion: a map feeding the next one element by element through a
// transient becomes one map, and the transient a scalar.
// RUN: sdfg-opt %s --split-input-file --sdfg-map-fusion | FileCheck %s
// RUN: sdfg-opt %s --split-input-file --sdfg-list-matches=sdfg-map-fusion | FileCheck %s --check-prefix=MATCHES

// MATCHES: 0: map 'a' into map 'b' through 'T' in state 's'
// MATCHES: sdfg-map-fusion: no matches
// MATCHES: sdfg-map-fusion: no matches
// MATCHES: sdfg-map-fusion: no matches
// MATCHES: sdfg-map-fusion: no matches

// CHECK-LABEL: sdfg.sdfg "chain"
// CHECK: sdfg.scalar "T" {dtype = #sdfg.dtype<float64>, {{.*}}shape = #sdfg.exprs<1>{{.*}}transient}
// CHECK: %[[E:.*]], %[[X:.*]] = sdfg.map "a" ["i"] = 0:N attributes {exit_ins = {IN_C}, exit_outs = {OUT_C}, ins = {IN_A, IN_B}, outs = {OUT_A, OUT_B}} {
// CHECK-NEXT: ^bb0(%[[IE:.*]]: !sdfg.node, %[[IX:.*]]: !sdfg.node):
// CHECK-DAG: %[[T1:.*]] = sdfg.tasklet "t1" {code = "y = x * 2"
// CHECK-DAG: %[[T2:.*]] = sdfg.tasklet "t2" {code = "z = x + w + (i)"
// CHECK-DAG: %[[T:.*]] = sdfg.access "T"
// CHECK-DAG: sdfg.memlet %[[IE]]["OUT_A"] -> %[[T1]]["x"] {data = "A", subset = #sdfg.range<i>}
// CHECK-DAG: sdfg.memlet %[[T1]]["y"] -> %[[T]] {data = "T", subset = #sdfg.range<0>}
// CHECK-DAG: sdfg.memlet %[[T]] -> %[[T2]]["x"] {data = "T", subset = #sdfg.range<0>}
// CHECK-DAG: sdfg.memlet %[[IE]]["OUT_B"] -> %[[T2]]["w"] {data = "B", subset = #sdfg.range<i>}
// CHECK-DAG: sdfg.memlet %[[T2]]["z"] -> %[[IX]]["IN_C"] {data = "C", subset = #sdfg.range<i>}
// CHECK-NOT: sdfg.map
sdfg.sdfg "chain" ["A", "B", "C"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "C" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "T" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>, transient}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %B = sdfg.access "B"
    %T = sdfg.access "T"
    %C = sdfg.access "C"
    %e1, %x1 = sdfg.map "a" ["i"] = 0:N attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_T}, exit_outs = {OUT_T}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t1 = sdfg.tasklet "t1" {code = "y = x * 2", ins = {x}, outs = {y}}
      sdfg.memlet %entry["OUT_A"] -> %t1["x"] {data = "A", subset = #sdfg.range<i>}
      sdfg.memlet %t1["y"] -> %exit["IN_T"] {data = "T", subset = #sdfg.range<i>}
    }
    %e2, %x2 = sdfg.map "b" ["j"] = 0:N attributes {ins = {IN_T, IN_B}, outs = {OUT_T, OUT_B}, exit_ins = {IN_C}, exit_outs = {OUT_C}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t2 = sdfg.tasklet "t2" {code = "z = x + w + j", ins = {x, w}, outs = {z}}
      sdfg.memlet %entry["OUT_T"] -> %t2["x"] {data = "T", subset = #sdfg.range<j>}
      sdfg.memlet %entry["OUT_B"] -> %t2["w"] {data = "B", subset = #sdfg.range<j>}
      sdfg.memlet %t2["z"] -> %exit["IN_C"] {data = "C", subset = #sdfg.range<j>}
    }
    sdfg.memlet %A -> %e1["IN_A"] {data = "A", subset = #sdfg.range<0:N>}
    sdfg.memlet %x1["OUT_T"] -> %T {data = "T", subset = #sdfg.range<0:N>}
    sdfg.memlet %T -> %e2["IN_T"] {data = "T", subset = #sdfg.range<0:N>}
    sdfg.memlet %B -> %e2["IN_B"] {data = "B", subset = #sdfg.range<0:N>}
    sdfg.memlet %x2["OUT_C"] -> %C {data = "C", subset = #sdfg.range<0:N>}
  }
}

// -----

// The second map reads a neighbour (a stencil): not element-wise, no match.
// CHECK-LABEL: sdfg.sdfg "shifted"
// CHECK: sdfg.array "T"
// CHECK: sdfg.map "a"
// CHECK: sdfg.map "b"
sdfg.sdfg "shifted" ["A", "C"] {
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
      %t2 = sdfg.tasklet "t2" {code = "z = x", ins = {x}, outs = {z}}
      sdfg.memlet %entry["OUT_T"] -> %t2["x"] {data = "T", subset = #sdfg.range<"j + 1">}
      sdfg.memlet %t2["z"] -> %exit["IN_C"] {data = "C", subset = #sdfg.range<j>}
    }
    sdfg.memlet %A -> %e1["IN_A"] {data = "A", subset = #sdfg.range<0:N>}
    sdfg.memlet %x1["OUT_T"] -> %T {data = "T", subset = #sdfg.range<0:N>}
    sdfg.memlet %T -> %e2["IN_T"] {data = "T", subset = #sdfg.range<0:"N + 1">}
    sdfg.memlet %x2["OUT_C"] -> %C {data = "C", subset = #sdfg.range<0:N>}
  }
}

// -----

// The intermediate is not transient (the caller sees it): no match.
// CHECK-LABEL: sdfg.sdfg "visible"
// CHECK: sdfg.map "a"
// CHECK: sdfg.map "b"
sdfg.sdfg "visible" ["A", "T", "C"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "C" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "T" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
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
      %t2 = sdfg.tasklet "t2" {code = "z = x", ins = {x}, outs = {z}}
      sdfg.memlet %entry["OUT_T"] -> %t2["x"] {data = "T", subset = #sdfg.range<j>}
      sdfg.memlet %t2["z"] -> %exit["IN_C"] {data = "C", subset = #sdfg.range<j>}
    }
    sdfg.memlet %A -> %e1["IN_A"] {data = "A", subset = #sdfg.range<0:N>}
    sdfg.memlet %x1["OUT_T"] -> %T {data = "T", subset = #sdfg.range<0:N>}
    sdfg.memlet %T -> %e2["IN_T"] {data = "T", subset = #sdfg.range<0:N>}
    sdfg.memlet %x2["OUT_C"] -> %C {data = "C", subset = #sdfg.range<0:N>}
  }
}

// -----

// The second map writes A, which the first reads at a neighbour: fused,
// iteration i would see the new A[i]. No match.
// CHECK-LABEL: sdfg.sdfg "in_place"
// CHECK: sdfg.map "a"
// CHECK: sdfg.map "b"
sdfg.sdfg "in_place" ["A"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<"N + 1">}
  sdfg.array "T" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>, transient}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %T = sdfg.access "T"
    %A2 = sdfg.access "A"
    %e1, %x1 = sdfg.map "a" ["i"] = 0:N attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_T}, exit_outs = {OUT_T}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t1 = sdfg.tasklet "t1" {code = "y = x", ins = {x}, outs = {y}}
      sdfg.memlet %entry["OUT_A"] -> %t1["x"] {data = "A", subset = #sdfg.range<"i + 1">}
      sdfg.memlet %t1["y"] -> %exit["IN_T"] {data = "T", subset = #sdfg.range<i>}
    }
    %e2, %x2 = sdfg.map "b" ["j"] = 0:N attributes {ins = {IN_T}, outs = {OUT_T}, exit_ins = {IN_A}, exit_outs = {OUT_A}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t2 = sdfg.tasklet "t2" {code = "z = x", ins = {x}, outs = {z}}
      sdfg.memlet %entry["OUT_T"] -> %t2["x"] {data = "T", subset = #sdfg.range<j>}
      sdfg.memlet %t2["z"] -> %exit["IN_A"] {data = "A", subset = #sdfg.range<j>}
    }
    sdfg.memlet %A -> %e1["IN_A"] {data = "A", subset = #sdfg.range<1:"N + 1">}
    sdfg.memlet %x1["OUT_T"] -> %T {data = "T", subset = #sdfg.range<0:N>}
    sdfg.memlet %T -> %e2["IN_T"] {data = "T", subset = #sdfg.range<0:N>}
    sdfg.memlet %x2["OUT_A"] -> %A2 {data = "A", subset = #sdfg.range<0:N>}
  }
}

// -----

// The second map's parameter appears in C++ code, which renaming cannot
// reach: not fused.
// CHECK-LABEL: sdfg.sdfg "cpp_param"
// CHECK: sdfg.map "a" ["i"]
// CHECK: sdfg.map "b" ["j"]
sdfg.sdfg "cpp_param" ["A", "C"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "C" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
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
      %t2 = sdfg.tasklet "t2" {code = "z = x + j;", language = "CPP", ins = {x}, outs = {z}}
      sdfg.memlet %entry["OUT_T"] -> %t2["x"] {data = "T", subset = #sdfg.range<j>}
      sdfg.memlet %t2["z"] -> %exit["IN_C"] {data = "C", subset = #sdfg.range<j>}
    }
    sdfg.memlet %A -> %e1["IN_A"] {data = "A", subset = #sdfg.range<0:N>}
    sdfg.memlet %x1["OUT_T"] -> %T {data = "T", subset = #sdfg.range<0:N>}
    sdfg.memlet %T -> %e2["IN_T"] {data = "T", subset = #sdfg.range<0:N>}
    sdfg.memlet %x2["OUT_C"] -> %C {data = "C", subset = #sdfg.range<0:N>}
  }
}
