// sdfg-remove-unused-symbols: symbols nothing reads lose their declaration
// and their interstate assignments.
// RUN: sdfg-opt %s --split-input-file --sdfg-remove-unused-symbols | FileCheck %s
// RUN: sdfg-opt %s --split-input-file --sdfg-list-matches=sdfg-remove-unused-symbols | FileCheck %s --check-prefix=MATCHES

// MATCHES: 0: symbol 'k' (declared, assigned on 2 edge(s))
// MATCHES-NEXT: 1: symbol 'u' (undeclared, assigned on 1 edge(s))
// MATCHES-NEXT: 2: symbol 'z' (declared, assigned on 0 edge(s))
// MATCHES: sdfg-remove-unused-symbols: no matches

// k and u are assigned but never read, z is declared and never read; j is
// read only by k's assignment, so it goes once k has gone. N is an
// argument, M sizes an array, i is read by a memlet, c by a condition and
// t by a tasklet.
// CHECK-LABEL: sdfg.sdfg "unused"
// CHECK-NEXT: sdfg.symbol "N" {dtype = #sdfg.dtype<int64>}
// CHECK-NEXT: sdfg.symbol "M" {dtype = #sdfg.dtype<int64>}
// CHECK-NEXT: sdfg.symbol "i" {dtype = #sdfg.dtype<int64>}
// CHECK-NEXT: sdfg.symbol "c" {dtype = #sdfg.dtype<int64>}
// CHECK-NEXT: sdfg.symbol "t" {dtype = #sdfg.dtype<int64>}
// CHECK-NEXT: sdfg.array
// CHECK: sdfg.edge %s0 -> %s1 {assignments = #sdfg.assign<i = 1, c = 0, t = 2>}
// CHECK-NEXT: sdfg.edge %s1 -> %s2 {condition = "c == 0"}
// CHECK-NEXT: sdfg.edge %s1 -> %s2 {condition = "c != 0"}
sdfg.sdfg "unused" ["A", "N"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int64>}
  sdfg.symbol "M" {dtype = #sdfg.dtype<int64>}
  sdfg.symbol "i" {dtype = #sdfg.dtype<int64>}
  sdfg.symbol "c" {dtype = #sdfg.dtype<int64>}
  sdfg.symbol "t" {dtype = #sdfg.dtype<int64>}
  sdfg.symbol "j" {dtype = #sdfg.dtype<int64>}
  sdfg.symbol "k" {dtype = #sdfg.dtype<int64>}
  sdfg.symbol "z" {dtype = #sdfg.dtype<int64>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<M>}
  %s0 = sdfg.state "s0" {
  }
  %s1 = sdfg.state "s1" {
    %w = sdfg.tasklet "w" {code = "o = t", outs = {o}}
    %a = sdfg.access "A"
    sdfg.memlet %w["o"] -> %a {data = "A", subset = #sdfg.range<i>}
  }
  %s2 = sdfg.state "s2" {
  }
  sdfg.edge %s0 -> %s1 {assignments = #sdfg.assign<i = 1, j = N, c = 0, t = 2, u = 3>}
  sdfg.edge %s1 -> %s2 {condition = "c == 0", assignments = #sdfg.assign<k = "j + 1">}
  sdfg.edge %s1 -> %s2 {condition = "c != 0", assignments = #sdfg.assign<k = 4>}
}

// -----

// Every symbol is read: by a map range, a loop, a nested SDFG's mapping, a
// C++ tasklet and its own update.
// CHECK-LABEL: sdfg.sdfg "used"
// CHECK: sdfg.symbol "a"
// CHECK: sdfg.symbol "b"
// CHECK: sdfg.symbol "d"
// CHECK: sdfg.symbol "e"
// CHECK: assignments = #sdfg.assign<a = 4, b = 2, d = 1, e = 0>
// CHECK: assignments = #sdfg.assign<e = "e + 1">
sdfg.sdfg "used" ["B"] {
  sdfg.symbol "a" {dtype = #sdfg.dtype<int64>}
  sdfg.symbol "b" {dtype = #sdfg.dtype<int64>}
  sdfg.symbol "d" {dtype = #sdfg.dtype<int64>}
  sdfg.symbol "e" {dtype = #sdfg.dtype<int64>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>}
  %s0 = sdfg.state "s0" {
  }
  %s1 = sdfg.state "s1" {
    %e, %x = sdfg.map "m" ["i"] = 0:a attributes {exit_ins = {IN_B}, exit_outs = {OUT_B}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %u = sdfg.tasklet "u" {code = "y = i", outs = {y}}
      sdfg.memlet %entry -> %u
      sdfg.memlet %u["y"] -> %exit["IN_B"] {data = "B", subset = #sdfg.range<i>}
    }
    %bb = sdfg.access "B"
    sdfg.memlet %x["OUT_B"] -> %bb {data = "B", subset = #sdfg.range<0:4>}
    %c = sdfg.tasklet "c" {code = "y = b;", language = "CPP", outs = {y}}
    %b2 = sdfg.access "B"
    sdfg.memlet %c["y"] -> %b2 {data = "B", subset = #sdfg.range<d>}
  }
  sdfg.edge %s0 -> %s1 {assignments = #sdfg.assign<a = 4, b = 2, d = 1, e = 0>}
  sdfg.edge %s1 -> %s1 {assignments = #sdfg.assign<e = "e + 1">, condition = "e < 3"}
}
