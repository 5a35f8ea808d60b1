// sdfg-map-reduce-fusion: a map filling a transient that a Reduce reduces
// becomes one map writing into the output with the Reduce's WCR.
// RUN: sdfg-opt %s --split-input-file --sdfg-map-reduce-fusion | FileCheck %s
// RUN: sdfg-opt %s --split-input-file --sdfg-list-matches=sdfg-map-reduce-fusion | FileCheck %s --check-prefix=MATCHES

// MATCHES: 0: map 'm' and reduce 'Reduce' through 'T' into 'O' in state 's'
// MATCHES: 0: map 'm' and reduce 'Reduce' through 'T' into 'O' in state 's'
// MATCHES: sdfg-map-reduce-fusion: no matches
// MATCHES: sdfg-map-reduce-fusion: no matches

// Row sums with identity 0: the output is set to 0 first.
// CHECK-LABEL: sdfg.sdfg "rows"
// CHECK-NOT: sdfg.array "T"
// CHECK: %[[O:.*]] = sdfg.access "O"
// CHECK: sdfg.memlet %{{.*}}["y"] -> %{{.*}}["IN_T"] {data = "O", subset = #sdfg.range<i>, wcr = #sdfg.wcr<Sum, "(lambda a, b: a + b)">}
// CHECK: %[[O0:.*]] = sdfg.access "O"
// CHECK: sdfg.map "init" ["__init0"] = 0:N
// CHECK: sdfg.tasklet "init" {code = "__out = 0", outs = {__out}}
// CHECK-NOT: Reduce
// CHECK-DAG: sdfg.memlet %m_exit["OUT_T"] -> %[[O]] {data = "O", subset = #sdfg.range<0:N>, wcr = #sdfg.wcr<Sum, "(lambda a, b: a + b)">}
// CHECK-DAG: sdfg.memlet %[[O0]] -> %m_entry
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
    %me, %mx = sdfg.map "m" ["i", "j"] = 0:N, 0:M attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_T}, exit_outs = {OUT_T}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "y = x * 2", ins = {x}, outs = {y}}
      sdfg.memlet %entry["OUT_A"] -> %t["x"] {data = "A", subset = #sdfg.range<i, j>}
      sdfg.memlet %t["y"] -> %exit["IN_T"] {data = "T", subset = #sdfg.range<i, j>}
    }
    %r = sdfg.library "Reduce" {classpath = "dace.libraries.standard.nodes.reduce.Reduce", properties = "{\"axes\": [1], \"identity\": 0, \"wcr\": \"(lambda a, b: a + b)\"}"}
    sdfg.memlet %A -> %me["IN_A"] {data = "A", subset = #sdfg.range<0:N, 0:M>}
    sdfg.memlet %mx["OUT_T"] -> %T {data = "T", subset = #sdfg.range<0:N, 0:M>}
    sdfg.memlet %T -> %r {data = "T", subset = #sdfg.range<0:N, 0:M>}
    sdfg.memlet %r -> %O {data = "O", subset = #sdfg.range<0:N>}
  }
}

// -----

// Without an identity the Reduce combines into what O holds: so do the
// WCR writes, and nothing is initialised.
// CHECK-LABEL: sdfg.sdfg "noinit"
// CHECK: sdfg.memlet %{{.*}}["y"] -> %{{.*}}["IN_T"] {data = "O", subset = #sdfg.range<i>, wcr = #sdfg.wcr<Sum, "(lambda a, b: a + b)">}
// CHECK-NOT: sdfg.map "init"
// CHECK-NOT: Reduce
sdfg.sdfg "noinit" ["A", "O"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.symbol "M" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, M>}
  sdfg.array "O" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "T" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, M>, transient}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %T = sdfg.access "T"
    %O = sdfg.access "O"
    %me, %mx = sdfg.map "m" ["i", "j"] = 0:N, 0:M attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_T}, exit_outs = {OUT_T}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "y = x * 2", ins = {x}, outs = {y}}
      sdfg.memlet %entry["OUT_A"] -> %t["x"] {data = "A", subset = #sdfg.range<i, j>}
      sdfg.memlet %t["y"] -> %exit["IN_T"] {data = "T", subset = #sdfg.range<i, j>}
    }
    %r = sdfg.library "Reduce" {classpath = "dace.libraries.standard.nodes.reduce.Reduce", properties = "{\"axes\": [1], \"identity\": null, \"wcr\": \"(lambda a, b: a + b)\"}"}
    sdfg.memlet %A -> %me["IN_A"] {data = "A", subset = #sdfg.range<0:N, 0:M>}
    sdfg.memlet %mx["OUT_T"] -> %T {data = "T", subset = #sdfg.range<0:N, 0:M>}
    sdfg.memlet %T -> %r {data = "T", subset = #sdfg.range<0:N, 0:M>}
    sdfg.memlet %r -> %O {data = "O", subset = #sdfg.range<0:N>}
  }
}

// -----

// Every j writes the same element of T (the last one wins): with WCR all
// would be added. No match.
// CHECK-LABEL: sdfg.sdfg "overwrite"
// CHECK: sdfg.array "T"
// CHECK: Reduce
sdfg.sdfg "overwrite" ["A", "O"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.symbol "M" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, M>}
  sdfg.array "O" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "T" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, M>, transient}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %T = sdfg.access "T"
    %O = sdfg.access "O"
    %me, %mx = sdfg.map "m" ["i", "j"] = 0:N, 0:M attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_T}, exit_outs = {OUT_T}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "y = x * 2", ins = {x}, outs = {y}}
      sdfg.memlet %entry["OUT_A"] -> %t["x"] {data = "A", subset = #sdfg.range<i, j>}
      sdfg.memlet %t["y"] -> %exit["IN_T"] {data = "T", subset = #sdfg.range<i, 0>}
    }
    %r = sdfg.library "Reduce" {classpath = "dace.libraries.standard.nodes.reduce.Reduce", properties = "{\"axes\": [1], \"identity\": 0, \"wcr\": \"(lambda a, b: a + b)\"}"}
    sdfg.memlet %A -> %me["IN_A"] {data = "A", subset = #sdfg.range<0:N, 0:M>}
    sdfg.memlet %mx["OUT_T"] -> %T {data = "T", subset = #sdfg.range<0:N, 0:M>}
    sdfg.memlet %T -> %r {data = "T", subset = #sdfg.range<0:N, 0:M>}
    sdfg.memlet %r -> %O {data = "O", subset = #sdfg.range<0:N>}
  }
}

// -----

// T is read by something else too. No match.
// CHECK-LABEL: sdfg.sdfg "shared"
// CHECK: sdfg.array "T"
// CHECK: Reduce
sdfg.sdfg "shared" ["A", "O"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.symbol "M" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, M>}
  sdfg.array "O" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "T" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, M>, transient}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %T = sdfg.access "T"
    %O = sdfg.access "O"
    %me, %mx = sdfg.map "m" ["i", "j"] = 0:N, 0:M attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_T}, exit_outs = {OUT_T}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "y = x * 2", ins = {x}, outs = {y}}
      sdfg.memlet %entry["OUT_A"] -> %t["x"] {data = "A", subset = #sdfg.range<i, j>}
      sdfg.memlet %t["y"] -> %exit["IN_T"] {data = "T", subset = #sdfg.range<i, j>}
    }
    %r = sdfg.library "Reduce" {classpath = "dace.libraries.standard.nodes.reduce.Reduce", properties = "{\"axes\": [1], \"identity\": 0, \"wcr\": \"(lambda a, b: a + b)\"}"}
    sdfg.memlet %A -> %me["IN_A"] {data = "A", subset = #sdfg.range<0:N, 0:M>}
    sdfg.memlet %mx["OUT_T"] -> %T {data = "T", subset = #sdfg.range<0:N, 0:M>}
    sdfg.memlet %T -> %r {data = "T", subset = #sdfg.range<0:N, 0:M>}
    sdfg.memlet %r -> %O {data = "O", subset = #sdfg.range<0:N>}
    %T2 = sdfg.access "T"
    %c = sdfg.tasklet "c" {code = "z = w", ins = {w}, outs = {z}}
    sdfg.memlet %T2 -> %c["w"] {data = "T", subset = #sdfg.range<0, 0>}
    %A2 = sdfg.access "A"
    sdfg.memlet %c["z"] -> %A2 {data = "A", subset = #sdfg.range<0, 0>}
  }
}
