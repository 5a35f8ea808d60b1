// sdfg-constant-propagation: symbols assigned once to an unchanging value are replaced by it.
// RUN: sdfg-opt %s --split-input-file --sdfg-constant-propagation | FileCheck %s
// RUN: sdfg-opt %s --split-input-file --sdfg-list-matches=sdfg-constant-propagation | FileCheck %s --check-prefix=MATCHES

// MATCHES: 0: symbol 'k' = N - 1 on edge 's0' -> 's1'
// MATCHES-NEXT: 1: symbol 'c' = 2 on edge 's0' -> 's1'
// MATCHES: sdfg-constant-propagation: no matches
// MATCHES: sdfg-constant-propagation: no matches
// MATCHES: sdfg-constant-propagation: no matches

// Reads in memlets, tasklets, conditions and later assignments all get the
// value; then 'm = 2 + 1' goes the same way.
// CHECK-LABEL: sdfg.sdfg "single"
// CHECK-NOT: sdfg.symbol "k"
// CHECK-NOT: sdfg.symbol "c"
// CHECK: sdfg.tasklet "scale" {code = "o = i * (2)"
// CHECK: sdfg.memlet %{{.*}} -> %{{.*}}["i"] {data = "A", subset = #sdfg.range<"N - 1">}
// CHECK: sdfg.edge %{{.*}} -> %{{.*}}{{$}}
// CHECK: sdfg.edge %{{.*}} -> %{{.*}} {condition = "(N - 1) > 0"}
sdfg.sdfg "single" ["A", "B"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int64>}
  sdfg.symbol "k" {dtype = #sdfg.dtype<int64>}
  sdfg.symbol "c" {dtype = #sdfg.dtype<int64>}
  sdfg.symbol "m" {dtype = #sdfg.dtype<int64>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
  %s0 = sdfg.state "s0" {
  }
  %s1 = sdfg.state "s1" {
    %a = sdfg.access "A"
    %t = sdfg.tasklet "scale" {code = "o = i * c", ins = {i}, outs = {o}}
    %b = sdfg.access "B"
    sdfg.memlet %a -> %t["i"] {data = "A", subset = #sdfg.range<k>}
    sdfg.memlet %t["o"] -> %b {data = "B", subset = #sdfg.range<0>}
  }
  %s2 = sdfg.state "s2" {
  }
  sdfg.edge %s0 -> %s1 {assignments = #sdfg.assign<k = "N - 1", c = 2>}
  sdfg.edge %s1 -> %s2 {assignments = #sdfg.assign<m = "c + 1">, condition = "k > 0"}
}

// -----

// Assigned twice: the value depends on the path.
// CHECK-LABEL: sdfg.sdfg "twice"
// CHECK: sdfg.symbol "k"
// CHECK: assignments = #sdfg.assign<k = 1>
// CHECK: assignments = #sdfg.assign<k = 2>
sdfg.sdfg "twice" [] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int64>}
  sdfg.symbol "k" {dtype = #sdfg.dtype<int64>}
  %s0 = sdfg.state "s0" {
  }
  %s1 = sdfg.state "s1" {
  }
  %s2 = sdfg.state "s2" {
  }
  sdfg.edge %s0 -> %s1 {assignments = #sdfg.assign<k = 1>, condition = "N > 0"}
  sdfg.edge %s0 -> %s2 {assignments = #sdfg.assign<k = 2>, condition = "not (N > 0)"}
}

// -----

// The value reads data, which can change.
// CHECK-LABEL: sdfg.sdfg "data_dependent"
// CHECK: assignments = #sdfg.assign<k = "A[0]">
sdfg.sdfg "data_dependent" ["A"] {
  sdfg.symbol "k" {dtype = #sdfg.dtype<int64>}
  sdfg.array "A" {dtype = #sdfg.dtype<int64>, shape = #sdfg.exprs<4>}
  %s0 = sdfg.state "s0" {
  }
  %s1 = sdfg.state "s1" {
  }
  sdfg.edge %s0 -> %s1 {assignments = #sdfg.assign<k = "A[0]">}
}

// -----

// Its value reads a symbol that is assigned elsewhere (a loop counter).
// CHECK-LABEL: sdfg.sdfg "reads_counter"
// CHECK: assignments = #sdfg.assign<k = i>
sdfg.sdfg "reads_counter" [] {
  sdfg.symbol "i" {dtype = #sdfg.dtype<int64>}
  sdfg.symbol "k" {dtype = #sdfg.dtype<int64>}
  %s0 = sdfg.state "s0" {
  }
  %s1 = sdfg.state "s1" {
  }
  %s2 = sdfg.state "s2" {
  }
  sdfg.edge %s0 -> %s1 {assignments = #sdfg.assign<i = 0>}
  sdfg.edge %s1 -> %s2 {assignments = #sdfg.assign<k = i>}
  sdfg.edge %s2 -> %s1 {assignments = #sdfg.assign<i = "i + 1">, condition = "i < 3"}
}
