// sdfg-simplify: DaCe's simplify pipeline to a fixed point.
// RUN: sdfg-opt %s --split-input-file --sdfg-simplify | FileCheck %s
// RUN: sdfg-opt %s --split-input-file --sdfg-list-matches=sdfg-simplify | FileCheck %s --check-prefix=MATCHES

// MATCHES: 0: the whole SDFG; applicable now: sdfg-constant-propagation (1)
// MATCHES: sdfg-simplify: no matches
// MATCHES: 0: the whole SDFG; applicable now: sdfg-state-fusion (1)
// MATCHES: 0: the whole SDFG; applicable now: sdfg-scalar-to-symbol-promotion (1)

// Constant propagation decides the branch; dead state elimination drops the
// other side, and the remaining states fuse into one.
// CHECK-LABEL: sdfg.sdfg "frontend_like"
// CHECK-NOT: sdfg.symbol "flag"
// CHECK: sdfg.state "init" {
// CHECK: sdfg.tasklet "one"
// CHECK: sdfg.tasklet "copy"
// CHECK-NOT: sdfg.state
// CHECK-NOT: sdfg.edge
sdfg.sdfg "frontend_like" ["X", "Y"] {
  sdfg.symbol "flag" {dtype = #sdfg.dtype<int64>}
  sdfg.array "X" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
  sdfg.array "Y" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
  %init = sdfg.state "init" {
  }
  %a = sdfg.state "a" {
    %t = sdfg.tasklet "one" {code = "o = 1.0", outs = {o}}
    %x = sdfg.access "X"
    sdfg.memlet %t["o"] -> %x {data = "X", subset = #sdfg.range<0>}
  }
  %dead = sdfg.state "dead" {
    %t = sdfg.tasklet "two" {code = "o = 2.0", outs = {o}}
    %y = sdfg.access "Y"
    sdfg.memlet %t["o"] -> %y {data = "Y", subset = #sdfg.range<0>}
  }
  %b = sdfg.state "b" {
    %x = sdfg.access "X"
    %t = sdfg.tasklet "copy" {code = "o = i", ins = {i}, outs = {o}}
    %y = sdfg.access "Y"
    sdfg.memlet %x -> %t["i"] {data = "X", subset = #sdfg.range<0>}
    sdfg.memlet %t["o"] -> %y {data = "Y", subset = #sdfg.range<0>}
  }
  sdfg.edge %init -> %a {assignments = #sdfg.assign<flag = 1>}
  sdfg.edge %a -> %b {condition = "flag > 0"}
  sdfg.edge %a -> %dead {condition = "flag <= 0"}
}

// -----

// Nothing to do: the IR comes back unchanged.
// CHECK-LABEL: sdfg.sdfg "simple"
// CHECK: sdfg.state "s" {
sdfg.sdfg "simple" ["X"] {
  sdfg.array "X" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
  %s = sdfg.state "s" {
    %t = sdfg.tasklet "one" {code = "o = 1.0", outs = {o}}
    %x = sdfg.access "X"
    sdfg.memlet %t["o"] -> %x {data = "X", subset = #sdfg.range<0>}
  }
}

// -----

// A temporary written in one state and copied out in the next: the states
// fuse and the map writes the output directly.
// CHECK-LABEL: sdfg.sdfg "temporaries"
// CHECK-NOT: sdfg.array "T"
// CHECK: sdfg.state "a" {
// CHECK: sdfg.memlet %{{.*}}["o"] -> %{{.*}}["IN_T"] {data = "B", subset = #sdfg.range<i>}
// CHECK: sdfg.memlet %{{.*}}["OUT_T"] -> %{{.*}} {data = "B", subset = #sdfg.range<0:4>}
// CHECK-NOT: sdfg.state
sdfg.sdfg "temporaries" ["A", "B"] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>}
  sdfg.array "T" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  %a = sdfg.state "a" {
    %A = sdfg.access "A"
    %T = sdfg.access "T"
    %e, %x = sdfg.map "m" ["i"] = 0:4 attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_T}, exit_outs = {OUT_T}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "inc" {code = "o = i + 1.0", ins = {i}, outs = {o}}
      sdfg.memlet %entry["OUT_A"] -> %t["i"] {data = "A", subset = #sdfg.range<i>}
      sdfg.memlet %t["o"] -> %exit["IN_T"] {data = "T", subset = #sdfg.range<i>}
    }
    sdfg.memlet %A -> %e["IN_A"] {data = "A", subset = #sdfg.range<0:4>}
    sdfg.memlet %x["OUT_T"] -> %T {data = "T", subset = #sdfg.range<0:4>}
  }
  %b = sdfg.state "b" {
    %T = sdfg.access "T"
    %B = sdfg.access "B"
    sdfg.memlet %T -> %B {data = "T", subset = #sdfg.range<0:4>}
  }
  sdfg.edge %a -> %b
}

// -----

// A scalar computed in a tasklet decides a branch: it becomes a symbol,
// constant propagation replaces it by its value, the dead branch and the
// symbol go, and the states fuse.
// CHECK-LABEL: sdfg.sdfg "scalar_branch"
// CHECK-NOT: sdfg.symbol
// CHECK-NOT: sdfg.scalar
// CHECK: sdfg.tasklet "one"
// CHECK-NOT: sdfg.tasklet "two"
// CHECK-NOT: sdfg.edge
sdfg.sdfg "scalar_branch" ["X"] {
  sdfg.array "X" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
  sdfg.scalar "n" {dtype = #sdfg.dtype<int64>, shape = #sdfg.exprs<1>, transient}
  %init = sdfg.state "init" {
    %t = sdfg.tasklet "three" {code = "o = 3", outs = {o}}
    %n = sdfg.access "n"
    sdfg.memlet %t["o"] -> %n {data = "n", subset = #sdfg.range<0>}
  }
  %a = sdfg.state "a" {
    %t = sdfg.tasklet "one" {code = "o = 1.0", outs = {o}}
    %x = sdfg.access "X"
    sdfg.memlet %t["o"] -> %x {data = "X", subset = #sdfg.range<0>}
  }
  %b = sdfg.state "b" {
    %t = sdfg.tasklet "two" {code = "o = 2.0", outs = {o}}
    %x = sdfg.access "X"
    sdfg.memlet %t["o"] -> %x {data = "X", subset = #sdfg.range<0>}
  }
  sdfg.edge %init -> %a {condition = "n > 0"}
  sdfg.edge %init -> %b {condition = "not (n > 0)"}
}
