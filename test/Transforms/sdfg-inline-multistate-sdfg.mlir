// sdfg-inline-multistate-sdfg: a state holding only a nested SDFG becomes the nested SDFG's control flow.
// RUN: sdfg-opt %s --split-input-file --sdfg-inline-multistate-sdfg | FileCheck %s
// RUN: sdfg-opt %s --split-input-file --sdfg-list-matches=sdfg-inline-multistate-sdfg | FileCheck %s --check-prefix=MATCHES

// MATCHES: 0: nested SDFG 'g' in state 's'
// MATCHES: sdfg-inline-multistate-sdfg: no matches
// MATCHES: sdfg-inline-multistate-sdfg: no matches
// MATCHES: sdfg-inline-multistate-sdfg: no matches

// A loop over the window A[2:N]: the loop symbol k clashes with an outer
// symbol and becomes k_1, L becomes N - 2 in the condition, and x[k] is
// A[k_1 + 2]. The edge into `s` now enters `init`; the one out of it
// leaves `done`.
// CHECK-LABEL: sdfg.sdfg "loop"
// CHECK: sdfg.symbol "k_1" {dtype = #sdfg.dtype<int64>}
// CHECK-NOT: sdfg.nested
// CHECK: %[[PRE:.*]] = sdfg.state "pre"
// CHECK: %[[INIT:.*]] = sdfg.state "init"
// CHECK: %[[GUARD:.*]] = sdfg.state "guard"
// CHECK: %[[BODY:.*]] = sdfg.state "body"
// CHECK: sdfg.memlet %{{.*}} -> %{{.*}}["v"] {data = "A", subset = #sdfg.range<"k_1 + 2">}
// CHECK: sdfg.memlet %{{.*}}["w"] -> %{{.*}} {data = "A", subset = #sdfg.range<"k_1 + 2">}
// CHECK: %[[DONE:.*]] = sdfg.state "done"
// CHECK: %[[END:.*]] = sdfg.state "end"
// CHECK-DAG: sdfg.edge %[[PRE]] -> %[[INIT]]{{$}}
// CHECK-DAG: sdfg.edge %[[DONE]] -> %[[END]] {condition = "k > 0"}
// CHECK-DAG: sdfg.edge %[[INIT]] -> %[[GUARD]] {assignments = #sdfg.assign<k_1 = 0>}
// CHECK-DAG: sdfg.edge %[[GUARD]] -> %[[BODY]] {condition = "k_1 < (N - 2)"}
// CHECK-DAG: sdfg.edge %[[GUARD]] -> %[[DONE]] {condition = "not (k_1 < (N - 2))"}
// CHECK-DAG: sdfg.edge %[[BODY]] -> %[[GUARD]] {assignments = #sdfg.assign<k_1 = "k_1 + 1">}
sdfg.sdfg "loop" ["A"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.symbol "k" {dtype = #sdfg.dtype<int64>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  %pre = sdfg.state "pre" {
  }
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %A2 = sdfg.access "A"
    %n = sdfg.nested "g" attributes {ins = {x}, outs = {x}, symbol_mapping = #sdfg.symbols<L = "N - 2">} {
      sdfg.sdfg "g" ["x"] {
        sdfg.symbol "L" {dtype = #sdfg.dtype<int32>}
        sdfg.symbol "k" {dtype = #sdfg.dtype<int64>}
        sdfg.array "x" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<L>}
        %init = sdfg.state "init" {
        }
        %guard = sdfg.state "guard" {
        }
        %body = sdfg.state "body" {
          %xr = sdfg.access "x"
          %t = sdfg.tasklet "inc" {code = "w = v + 1", ins = {v}, outs = {w}}
          %xw = sdfg.access "x"
          sdfg.memlet %xr -> %t["v"] {data = "x", subset = #sdfg.range<k>}
          sdfg.memlet %t["w"] -> %xw {data = "x", subset = #sdfg.range<k>}
        }
        %done = sdfg.state "done" {
        }
        sdfg.edge %init -> %guard {assignments = #sdfg.assign<k = 0>}
        sdfg.edge %guard -> %body {condition = "k < L"}
        sdfg.edge %guard -> %done {condition = "not (k < L)"}
        sdfg.edge %body -> %guard {assignments = #sdfg.assign<k = "k + 1">}
      }
    }
    sdfg.memlet %A -> %n["x"] {data = "A", subset = #sdfg.range<2:N>}
    sdfg.memlet %n["x"] -> %A2 {data = "A", subset = #sdfg.range<2:N>}
  }
  %end = sdfg.state "end" {
  }
  sdfg.edge %pre -> %s
  sdfg.edge %s -> %end {condition = "k > 0"}
}

// -----

// Another node shares the state: kept.
// CHECK-LABEL: sdfg.sdfg "crowded"
// CHECK: sdfg.nested "g2"
sdfg.sdfg "crowded" ["A", "B"] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %B = sdfg.access "B"
    %t = sdfg.tasklet "one" {code = "o = 1.0", outs = {o}}
    sdfg.memlet %t["o"] -> %B {data = "B", subset = #sdfg.range<0>}
    %n = sdfg.nested "g2" attributes {outs = {x}} {
      sdfg.sdfg "g2" ["x"] {
        sdfg.array "x" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
        %a = sdfg.state "a" {
          %t0 = sdfg.tasklet "one" {code = "o = 1.0", outs = {o}}
          %x = sdfg.access "x"
          sdfg.memlet %t0["o"] -> %x {data = "x", subset = #sdfg.range<0>}
        }
      }
    }
    sdfg.memlet %n["x"] -> %A {data = "A", subset = #sdfg.range<0>}
  }
}

// -----

// An interstate condition reads an array connector: its index would need
// the window too. Kept.
// CHECK-LABEL: sdfg.sdfg "data_condition"
// CHECK: sdfg.nested "g3"
sdfg.sdfg "data_condition" ["A", "B"] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %B = sdfg.access "B"
    %n = sdfg.nested "g3" attributes {ins = {x}, outs = {y}} {
      sdfg.sdfg "g3" ["x", "y"] {
        sdfg.array "x" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<2>}
        sdfg.array "y" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
        %a = sdfg.state "a" {
        }
        %b = sdfg.state "b" {
          %t = sdfg.tasklet "one" {code = "o = 1.0", outs = {o}}
          %y = sdfg.access "y"
          sdfg.memlet %t["o"] -> %y {data = "y", subset = #sdfg.range<0>}
        }
        %c = sdfg.state "c" {
        }
        sdfg.edge %a -> %b {condition = "x[0] > 0"}
        sdfg.edge %a -> %c {condition = "not (x[0] > 0)"}
      }
    }
    sdfg.memlet %A -> %n["x"] {data = "A", subset = #sdfg.range<2:4>}
    sdfg.memlet %n["y"] -> %B {data = "B", subset = #sdfg.range<0>}
  }
}

// -----

// The nested SDFG may stop in "a" (when N <= 0) and then go on after
// the state; dissolved into the outer CFG it would stop there. Kept.
// CHECK-LABEL: sdfg.sdfg "may_stop"
// CHECK: sdfg.nested "g4"
sdfg.sdfg "may_stop" ["B"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
  %s = sdfg.state "s" {
    %B = sdfg.access "B"
    %n = sdfg.nested "g4" attributes {outs = {y}, symbol_mapping = #sdfg.symbols<N = N>} {
      sdfg.sdfg "g4" ["y"] {
        sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
        sdfg.array "y" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
        %a = sdfg.state "a" {
        }
        %b = sdfg.state "b" {
          %t = sdfg.tasklet "one" {code = "o = 1.0", outs = {o}}
          %y = sdfg.access "y"
          sdfg.memlet %t["o"] -> %y {data = "y", subset = #sdfg.range<0>}
        }
        sdfg.edge %a -> %b {condition = "N > 0"}
      }
    }
    sdfg.memlet %n["y"] -> %B {data = "B", subset = #sdfg.range<0>}
  }
  %end = sdfg.state "end" {
  }
  sdfg.edge %s -> %end
}
