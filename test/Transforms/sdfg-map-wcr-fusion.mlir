// sdfg-map-wcr-fusion: a map filling a transient that an expanded reduction
// (a map around one map writing with WCR) reads becomes one map writing with
// that WCR; the transient becomes a scalar.
// RUN: sdfg-opt %s --split-input-file --sdfg-map-wcr-fusion | FileCheck %s
// RUN: sdfg-opt %s --split-input-file --sdfg-list-matches=sdfg-map-wcr-fusion | FileCheck %s --check-prefix=MATCHES

// MATCHES: 0: map 'm' into reduction maps 'r'/'ri' through 'T' in state 's'
// MATCHES: 0: map 'm' into reduction maps 'r'/'ri' through 'T' in state 's'
// MATCHES: sdfg-map-wcr-fusion: no matches
// MATCHES: sdfg-map-wcr-fusion: no matches
// MATCHES: sdfg-map-wcr-fusion: no matches
// MATCHES: sdfg-map-wcr-fusion: no matches

// Row sums: the reduction maps [a] and [b] collapse to [a, b], which lines
// up with [i, j].
// CHECK-LABEL: sdfg.sdfg "rows"
// CHECK: sdfg.scalar "T" {dtype = #sdfg.dtype<float64>, {{.*}}shape = #sdfg.exprs<1>{{.*}}transient}
// CHECK: sdfg.map "m" ["i", "j"] = 0:N, 0:M attributes {exit_ins = {IN_O}, exit_outs = {OUT_O}, ins = {IN_A}, outs = {OUT_A}} {
// CHECK-NEXT: ^bb0(%[[E:.*]]: !sdfg.node, %[[X:.*]]: !sdfg.node):
// CHECK-DAG: %[[T1:.*]] = sdfg.tasklet "t1"
// CHECK-DAG: %[[T2:.*]] = sdfg.tasklet "t2"
// CHECK-DAG: %[[T:.*]] = sdfg.access "T"
// CHECK-DAG: sdfg.memlet %[[T1]]["y"] -> %[[T]] {data = "T", subset = #sdfg.range<0>}
// CHECK-DAG: sdfg.memlet %[[T]] -> %[[T2]]["x"] {data = "T", subset = #sdfg.range<0>}
// CHECK-DAG: sdfg.memlet %[[T2]]["s"] -> %[[X]]["IN_O"] {data = "O", subset = #sdfg.range<i>, wcr = #sdfg.wcr<Sum, "(lambda x, y: x + y)">}
// CHECK: }
// CHECK-NOT: sdfg.map
// CHECK: sdfg.memlet %m_exit["OUT_O"] -> %O {data = "O", subset = #sdfg.range<0:N>, wcr = #sdfg.wcr<Sum, "(lambda x, y: x + y)">}
sdfg.sdfg "rows" ["A", "O"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.symbol "M" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, M>}
  sdfg.array "O" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "T" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, M>, transient}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %T = sdfg.access "T"
    %O = sdfg.access "O"
    %e1, %x1 = sdfg.map "m" ["i", "j"] = 0:N, 0:M attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_T}, exit_outs = {OUT_T}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t1 = sdfg.tasklet "t1" {code = "y = x * 2", ins = {x}, outs = {y}}
      sdfg.memlet %entry["OUT_A"] -> %t1["x"] {data = "A", subset = #sdfg.range<i, j>}
      sdfg.memlet %t1["y"] -> %exit["IN_T"] {data = "T", subset = #sdfg.range<i, j>}
    }
    %e2, %x2 = sdfg.map "r" ["a"] = 0:N attributes {ins = {IN_T}, outs = {OUT_T}, exit_ins = {IN_O}, exit_outs = {OUT_O}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %e3, %x3 = sdfg.map "ri" ["b"] = 0:M attributes {ins = {IN_T}, outs = {OUT_T}, exit_ins = {IN_O}, exit_outs = {OUT_O}} {
      ^bb0(%ie: !sdfg.node, %ix: !sdfg.node):
        %t2 = sdfg.tasklet "t2" {code = "s = x", ins = {x}, outs = {s}}
        sdfg.memlet %ie["OUT_T"] -> %t2["x"] {data = "T", subset = #sdfg.range<a, b>}
        sdfg.memlet %t2["s"] -> %ix["IN_O"] {data = "O", subset = #sdfg.range<a>, wcr = #sdfg.wcr<Sum, "(lambda x, y: x + y)">}
      }
      sdfg.memlet %entry["OUT_T"] -> %e3["IN_T"] {data = "T", subset = #sdfg.range<a, 0:M>}
      sdfg.memlet %x3["OUT_O"] -> %exit["IN_O"] {data = "O", subset = #sdfg.range<a>, wcr = #sdfg.wcr<Sum, "(lambda x, y: x + y)">}
    }
    sdfg.memlet %A -> %e1["IN_A"] {data = "A", subset = #sdfg.range<0:N, 0:M>}
    sdfg.memlet %x1["OUT_T"] -> %T {data = "T", subset = #sdfg.range<0:N, 0:M>}
    sdfg.memlet %T -> %e2["IN_T"] {data = "T", subset = #sdfg.range<0:N, 0:M>}
    sdfg.memlet %x2["OUT_O"] -> %O {data = "O", subset = #sdfg.range<0:N>, wcr = #sdfg.wcr<Sum, "(lambda x, y: x + y)">}
  }
}

// -----

// Column sums of a square matrix: the collapsed map [b, a] has the same
// ranges in either order, but only [a, b] reads T where it is written.
// CHECK-LABEL: sdfg.sdfg "cols"
// CHECK: sdfg.scalar "T"
// CHECK: sdfg.map "m" ["i", "j"] = 0:N, 0:N
// CHECK: sdfg.memlet %{{.*}}["s"] -> %{{.*}}["IN_O"] {data = "O", subset = #sdfg.range<j>, wcr = #sdfg.wcr<Sum, "(lambda x, y: x + y)">}
// CHECK-NOT: sdfg.map
sdfg.sdfg "cols" ["A", "O"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.symbol "M" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, N>}
  sdfg.array "O" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "T" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, N>, transient}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %T = sdfg.access "T"
    %O = sdfg.access "O"
    %e1, %x1 = sdfg.map "m" ["i", "j"] = 0:N, 0:N attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_T}, exit_outs = {OUT_T}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t1 = sdfg.tasklet "t1" {code = "y = x * 2", ins = {x}, outs = {y}}
      sdfg.memlet %entry["OUT_A"] -> %t1["x"] {data = "A", subset = #sdfg.range<i, j>}
      sdfg.memlet %t1["y"] -> %exit["IN_T"] {data = "T", subset = #sdfg.range<i, j>}
    }
    %e2, %x2 = sdfg.map "r" ["b"] = 0:N attributes {ins = {IN_T}, outs = {OUT_T}, exit_ins = {IN_O}, exit_outs = {OUT_O}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %e3, %x3 = sdfg.map "ri" ["a"] = 0:N attributes {ins = {IN_T}, outs = {OUT_T}, exit_ins = {IN_O}, exit_outs = {OUT_O}} {
      ^bb0(%ie: !sdfg.node, %ix: !sdfg.node):
        %t2 = sdfg.tasklet "t2" {code = "s = x", ins = {x}, outs = {s}}
        sdfg.memlet %ie["OUT_T"] -> %t2["x"] {data = "T", subset = #sdfg.range<a, b>}
        sdfg.memlet %t2["s"] -> %ix["IN_O"] {data = "O", subset = #sdfg.range<b>, wcr = #sdfg.wcr<Sum, "(lambda x, y: x + y)">}
      }
      sdfg.memlet %entry["OUT_T"] -> %e3["IN_T"] {data = "T", subset = #sdfg.range<0:N, b>}
      sdfg.memlet %x3["OUT_O"] -> %exit["IN_O"] {data = "O", subset = #sdfg.range<b>, wcr = #sdfg.wcr<Sum, "(lambda x, y: x + y)">}
    }
    sdfg.memlet %A -> %e1["IN_A"] {data = "A", subset = #sdfg.range<0:N, 0:N>}
    sdfg.memlet %x1["OUT_T"] -> %T {data = "T", subset = #sdfg.range<0:N, 0:N>}
    sdfg.memlet %T -> %e2["IN_T"] {data = "T", subset = #sdfg.range<0:N, 0:N>}
    sdfg.memlet %x2["OUT_O"] -> %O {data = "O", subset = #sdfg.range<0:N>, wcr = #sdfg.wcr<Sum, "(lambda x, y: x + y)">}
  }
}

// -----

// Every j writes T[i]: which write the reduction saw is not that
// iteration's, no match.
// CHECK-LABEL: sdfg.sdfg "twice"
// CHECK: sdfg.array "T" {{.*}}transient
// CHECK: sdfg.map "ri" ["b"] = 0:M
sdfg.sdfg "twice" ["A", "O"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.symbol "M" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, M>}
  sdfg.array "O" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "T" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, M>, transient}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %T = sdfg.access "T"
    %O = sdfg.access "O"
    %e1, %x1 = sdfg.map "m" ["i", "j"] = 0:N, 0:M attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_T}, exit_outs = {OUT_T}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t1 = sdfg.tasklet "t1" {code = "y = x * 2", ins = {x}, outs = {y}}
      sdfg.memlet %entry["OUT_A"] -> %t1["x"] {data = "A", subset = #sdfg.range<i, j>}
      sdfg.memlet %t1["y"] -> %exit["IN_T"] {data = "T", subset = #sdfg.range<i, 0>}
    }
    %e2, %x2 = sdfg.map "r" ["a"] = 0:N attributes {ins = {IN_T}, outs = {OUT_T}, exit_ins = {IN_O}, exit_outs = {OUT_O}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %e3, %x3 = sdfg.map "ri" ["b"] = 0:M attributes {ins = {IN_T}, outs = {OUT_T}, exit_ins = {IN_O}, exit_outs = {OUT_O}} {
      ^bb0(%ie: !sdfg.node, %ix: !sdfg.node):
        %t2 = sdfg.tasklet "t2" {code = "s = x", ins = {x}, outs = {s}}
        sdfg.memlet %ie["OUT_T"] -> %t2["x"] {data = "T", subset = #sdfg.range<a, 0>}
        sdfg.memlet %t2["s"] -> %ix["IN_O"] {data = "O", subset = #sdfg.range<a>, wcr = #sdfg.wcr<Sum, "(lambda x, y: x + y)">}
      }
      sdfg.memlet %entry["OUT_T"] -> %e3["IN_T"] {data = "T", subset = #sdfg.range<a, 0>}
      sdfg.memlet %x3["OUT_O"] -> %exit["IN_O"] {data = "O", subset = #sdfg.range<a>, wcr = #sdfg.wcr<Sum, "(lambda x, y: x + y)">}
    }
    sdfg.memlet %A -> %e1["IN_A"] {data = "A", subset = #sdfg.range<0:N, 0:M>}
    sdfg.memlet %x1["OUT_T"] -> %T {data = "T", subset = #sdfg.range<0:N, 0:M>}
    sdfg.memlet %T -> %e2["IN_T"] {data = "T", subset = #sdfg.range<0:N, 0:M>}
    sdfg.memlet %x2["OUT_O"] -> %O {data = "O", subset = #sdfg.range<0:N>, wcr = #sdfg.wcr<Sum, "(lambda x, y: x + y)">}
  }
}

// -----

// No WCR on the reduction's writes: not an expanded reduction, no match.
// CHECK-LABEL: sdfg.sdfg "plain"
// CHECK: sdfg.array "T" {{.*}}transient
// CHECK: sdfg.map "ri" ["b"] = 0:M
sdfg.sdfg "plain" ["A", "O"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.symbol "M" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, M>}
  sdfg.array "O" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, M>}
  sdfg.array "T" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, M>, transient}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %T = sdfg.access "T"
    %O = sdfg.access "O"
    %e1, %x1 = sdfg.map "m" ["i", "j"] = 0:N, 0:M attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_T}, exit_outs = {OUT_T}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t1 = sdfg.tasklet "t1" {code = "y = x * 2", ins = {x}, outs = {y}}
      sdfg.memlet %entry["OUT_A"] -> %t1["x"] {data = "A", subset = #sdfg.range<i, j>}
      sdfg.memlet %t1["y"] -> %exit["IN_T"] {data = "T", subset = #sdfg.range<i, j>}
    }
    %e2, %x2 = sdfg.map "r" ["a"] = 0:N attributes {ins = {IN_T}, outs = {OUT_T}, exit_ins = {IN_O}, exit_outs = {OUT_O}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %e3, %x3 = sdfg.map "ri" ["b"] = 0:M attributes {ins = {IN_T}, outs = {OUT_T}, exit_ins = {IN_O}, exit_outs = {OUT_O}} {
      ^bb0(%ie: !sdfg.node, %ix: !sdfg.node):
        %t2 = sdfg.tasklet "t2" {code = "s = x", ins = {x}, outs = {s}}
        sdfg.memlet %ie["OUT_T"] -> %t2["x"] {data = "T", subset = #sdfg.range<a, b>}
        sdfg.memlet %t2["s"] -> %ix["IN_O"] {data = "O", subset = #sdfg.range<a, b>}
      }
      sdfg.memlet %entry["OUT_T"] -> %e3["IN_T"] {data = "T", subset = #sdfg.range<a, 0:M>}
      sdfg.memlet %x3["OUT_O"] -> %exit["IN_O"] {data = "O", subset = #sdfg.range<a, 0:M>}
    }
    sdfg.memlet %A -> %e1["IN_A"] {data = "A", subset = #sdfg.range<0:N, 0:M>}
    sdfg.memlet %x1["OUT_T"] -> %T {data = "T", subset = #sdfg.range<0:N, 0:M>}
    sdfg.memlet %T -> %e2["IN_T"] {data = "T", subset = #sdfg.range<0:N, 0:M>}
    sdfg.memlet %x2["OUT_O"] -> %O {data = "O", subset = #sdfg.range<0:N, 0:M>}
  }
}

// -----

// T is also read by another tasklet: it must stay, no match.
// CHECK-LABEL: sdfg.sdfg "shared"
// CHECK: sdfg.array "T" {{.*}}transient
// CHECK: sdfg.map "ri" ["b"] = 0:M
sdfg.sdfg "shared" ["A", "O", "R"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.symbol "M" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, M>}
  sdfg.array "O" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "R" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
  sdfg.array "T" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, M>, transient}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %T = sdfg.access "T"
    %O = sdfg.access "O"
    %R = sdfg.access "R"
    %t3 = sdfg.tasklet "copy" {code = "b = a", ins = {a}, outs = {b}}
    %e1, %x1 = sdfg.map "m" ["i", "j"] = 0:N, 0:M attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_T}, exit_outs = {OUT_T}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t1 = sdfg.tasklet "t1" {code = "y = x * 2", ins = {x}, outs = {y}}
      sdfg.memlet %entry["OUT_A"] -> %t1["x"] {data = "A", subset = #sdfg.range<i, j>}
      sdfg.memlet %t1["y"] -> %exit["IN_T"] {data = "T", subset = #sdfg.range<i, j>}
    }
    %e2, %x2 = sdfg.map "r" ["a"] = 0:N attributes {ins = {IN_T}, outs = {OUT_T}, exit_ins = {IN_O}, exit_outs = {OUT_O}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %e3, %x3 = sdfg.map "ri" ["b"] = 0:M attributes {ins = {IN_T}, outs = {OUT_T}, exit_ins = {IN_O}, exit_outs = {OUT_O}} {
      ^bb0(%ie: !sdfg.node, %ix: !sdfg.node):
        %t2 = sdfg.tasklet "t2" {code = "s = x", ins = {x}, outs = {s}}
        sdfg.memlet %ie["OUT_T"] -> %t2["x"] {data = "T", subset = #sdfg.range<a, b>}
        sdfg.memlet %t2["s"] -> %ix["IN_O"] {data = "O", subset = #sdfg.range<a>, wcr = #sdfg.wcr<Sum, "(lambda x, y: x + y)">}
      }
      sdfg.memlet %entry["OUT_T"] -> %e3["IN_T"] {data = "T", subset = #sdfg.range<a, 0:M>}
      sdfg.memlet %x3["OUT_O"] -> %exit["IN_O"] {data = "O", subset = #sdfg.range<a>, wcr = #sdfg.wcr<Sum, "(lambda x, y: x + y)">}
    }
    sdfg.memlet %A -> %e1["IN_A"] {data = "A", subset = #sdfg.range<0:N, 0:M>}
    sdfg.memlet %x1["OUT_T"] -> %T {data = "T", subset = #sdfg.range<0:N, 0:M>}
    sdfg.memlet %T -> %e2["IN_T"] {data = "T", subset = #sdfg.range<0:N, 0:M>}
    sdfg.memlet %T -> %t3["a"] {data = "T", subset = #sdfg.range<0, 0>}
    sdfg.memlet %t3["b"] -> %R {data = "R", subset = #sdfg.range<0>}
    sdfg.memlet %x2["OUT_O"] -> %O {data = "O", subset = #sdfg.range<0:N>, wcr = #sdfg.wcr<Sum, "(lambda x, y: x + y)">}
  }
}

// -----

// The reduction skips the first column: ranges differ, no match.
// CHECK-LABEL: sdfg.sdfg "partial"
// CHECK: sdfg.array "T" {{.*}}transient
// CHECK: sdfg.map "ri" ["b"] = 1:M
sdfg.sdfg "partial" ["A", "O"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.symbol "M" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, M>}
  sdfg.array "O" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "T" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, M>, transient}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %T = sdfg.access "T"
    %O = sdfg.access "O"
    %e1, %x1 = sdfg.map "m" ["i", "j"] = 0:N, 0:M attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_T}, exit_outs = {OUT_T}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t1 = sdfg.tasklet "t1" {code = "y = x * 2", ins = {x}, outs = {y}}
      sdfg.memlet %entry["OUT_A"] -> %t1["x"] {data = "A", subset = #sdfg.range<i, j>}
      sdfg.memlet %t1["y"] -> %exit["IN_T"] {data = "T", subset = #sdfg.range<i, j>}
    }
    %e2, %x2 = sdfg.map "r" ["a"] = 0:N attributes {ins = {IN_T}, outs = {OUT_T}, exit_ins = {IN_O}, exit_outs = {OUT_O}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %e3, %x3 = sdfg.map "ri" ["b"] = 1:M attributes {ins = {IN_T}, outs = {OUT_T}, exit_ins = {IN_O}, exit_outs = {OUT_O}} {
      ^bb0(%ie: !sdfg.node, %ix: !sdfg.node):
        %t2 = sdfg.tasklet "t2" {code = "s = x", ins = {x}, outs = {s}}
        sdfg.memlet %ie["OUT_T"] -> %t2["x"] {data = "T", subset = #sdfg.range<a, b>}
        sdfg.memlet %t2["s"] -> %ix["IN_O"] {data = "O", subset = #sdfg.range<a>, wcr = #sdfg.wcr<Sum, "(lambda x, y: x + y)">}
      }
      sdfg.memlet %entry["OUT_T"] -> %e3["IN_T"] {data = "T", subset = #sdfg.range<a, 1:M>}
      sdfg.memlet %x3["OUT_O"] -> %exit["IN_O"] {data = "O", subset = #sdfg.range<a>, wcr = #sdfg.wcr<Sum, "(lambda x, y: x + y)">}
    }
    sdfg.memlet %A -> %e1["IN_A"] {data = "A", subset = #sdfg.range<0:N, 0:M>}
    sdfg.memlet %x1["OUT_T"] -> %T {data = "T", subset = #sdfg.range<0:N, 0:M>}
    sdfg.memlet %T -> %e2["IN_T"] {data = "T", subset = #sdfg.range<0:N, 0:M>}
    sdfg.memlet %x2["OUT_O"] -> %O {data = "O", subset = #sdfg.range<0:N>, wcr = #sdfg.wcr<Sum, "(lambda x, y: x + y)">}
  }
}
