// sdfg-symbol-propagation: states reached only through an assignment read
// the assigned value.
// RUN: sdfg-opt %s --split-input-file --sdfg-symbol-propagation | FileCheck %s
// RUN: sdfg-opt %s --split-input-file --sdfg-list-matches=sdfg-symbol-propagation | FileCheck %s --check-prefix=MATCHES

// MATCHES: 0: symbol 'j' = i + 1 after edge 'guard' -> 'body'
// MATCHES: sdfg-symbol-propagation: no matches
// MATCHES: sdfg-symbol-propagation: no matches

// In a loop, `j` tracks the counter: the body reads `i + 1` directly, but
// the latch edge keeps reading `j`, as it assigns `i` (DaCe rejects an
// assignment that reads a symbol assigned on the same edge).
// CHECK-LABEL: sdfg.sdfg "in_loop"
// CHECK: sdfg.memlet %{{.*}} -> %{{.*}} {data = "A", subset = #sdfg.range<"i + 1">}
// CHECK: sdfg.edge %{{.*}} -> %{{.*}} {assignments = #sdfg.assign<j = "i + 1">, condition = "i < N - 1"}
// CHECK: sdfg.edge %{{.*}} -> %{{.*}} {assignments = #sdfg.assign<k = "j * 2", i = "i + 1", m = j>}
sdfg.sdfg "in_loop" ["A"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int64>}
  sdfg.symbol "i" {dtype = #sdfg.dtype<int64>}
  sdfg.symbol "j" {dtype = #sdfg.dtype<int64>}
  sdfg.symbol "k" {dtype = #sdfg.dtype<int64>}
  sdfg.symbol "m" {dtype = #sdfg.dtype<int64>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  %init = sdfg.state "init" {
  }
  %guard = sdfg.state "guard" {
  }
  %body = sdfg.state "body" {
    %t = sdfg.tasklet "one" {code = "o = 1.0", outs = {o}}
    %a = sdfg.access "A"
    sdfg.memlet %t["o"] -> %a {data = "A", subset = #sdfg.range<j>}
  }
  %end = sdfg.state "end" {
  }
  sdfg.edge %init -> %guard {assignments = #sdfg.assign<i = 0>}
  sdfg.edge %guard -> %body {assignments = #sdfg.assign<j = "i + 1">, condition = "i < N - 1"}
  sdfg.edge %guard -> %end {condition = "not (i < N - 1)"}
  sdfg.edge %body -> %guard {assignments = #sdfg.assign<k = "j * 2", i = "i + 1", m = j>}
}

// -----

// The state after a join is reached another way too: kept.
// CHECK-LABEL: sdfg.sdfg "join"
// CHECK: subset = #sdfg.range<j>
sdfg.sdfg "join" ["A"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int64>}
  sdfg.symbol "j" {dtype = #sdfg.dtype<int64>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  %a = sdfg.state "a" {
  }
  %b = sdfg.state "b" {
  }
  %c = sdfg.state "c" {
    %t = sdfg.tasklet "one" {code = "o = 1.0", outs = {o}}
    %x = sdfg.access "A"
    sdfg.memlet %t["o"] -> %x {data = "A", subset = #sdfg.range<j>}
  }
  sdfg.edge %a -> %b {assignments = #sdfg.assign<j = 1>, condition = "N > 2"}
  sdfg.edge %a -> %c {assignments = #sdfg.assign<j = 2>, condition = "not (N > 2)"}
  sdfg.edge %b -> %c
}

// -----

// The value reads data, which the state could change first.
// CHECK-LABEL: sdfg.sdfg "reads_data"
// CHECK: subset = #sdfg.range<j>
sdfg.sdfg "reads_data" ["A", "X"] {
  sdfg.symbol "j" {dtype = #sdfg.dtype<int64>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>}
  sdfg.scalar "X" {dtype = #sdfg.dtype<int64>, shape = #sdfg.exprs<1>}
  %a = sdfg.state "a" {
  }
  %b = sdfg.state "b" {
    %t = sdfg.tasklet "one" {code = "o = 1.0", outs = {o}}
    %x = sdfg.access "A"
    sdfg.memlet %t["o"] -> %x {data = "A", subset = #sdfg.range<j>}
  }
  sdfg.edge %a -> %b {assignments = #sdfg.assign<j = X>}
}
