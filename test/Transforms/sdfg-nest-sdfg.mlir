// sdfg-nest-sdfg: the whole SDFG becomes a nested SDFG in a one-state SDFG.
// RUN: sdfg-opt %s --split-input-file --sdfg-nest-sdfg | FileCheck %s
// RUN: sdfg-opt %s --split-input-file --sdfg-list-matches=sdfg-nest-sdfg | FileCheck %s --check-prefix=MATCHES
// RUN: sdfg-opt %s --split-input-file --sdfg-nest-sdfg --sdfg-nest-sdfg | FileCheck %s --check-prefix=TWICE

// MATCHES: 0: the whole SDFG 'f'
// MATCHES: sdfg-nest-sdfg: no matches

// Read A and the scalar s, write B, accumulate into C (an input too: the
// update reads it), never touch U. The transient T and the symbol k that
// an interstate edge assigns move inside; N and s stay arguments.
// CHECK-LABEL: sdfg.sdfg "f" ["A", "B", "C", "U", "s"] {
// CHECK-NEXT: sdfg.symbol "N"
// CHECK-NOT: sdfg.symbol "k"
// CHECK-NOT: transient
// CHECK: %f = sdfg.state "f" {
// CHECK-NEXT: %f_0 = sdfg.nested "f" attributes {ins = {A, C, s}, outs = {B, C}, symbol_mapping = #sdfg.symbols<N = N>} {
// CHECK-NEXT: sdfg.sdfg "f" ["A", "B", "C", "s"] {
// CHECK: sdfg.symbol "k"
// CHECK-NOT: sdfg.array "U"
// CHECK: sdfg.array "T" {{.*}}transient
// CHECK: sdfg.edge %s0 -> %s1 {assignments = #sdfg.assign<k = 1>}
// CHECK: sdfg.memlet %A -> %f_0["A"] {data = "A", subset = #sdfg.range<0:N>}
// CHECK: sdfg.memlet %C -> %f_0["C"] {data = "C", subset = #sdfg.range<0>}
// CHECK: sdfg.memlet %s -> %f_0["s"] {data = "s", subset = #sdfg.range<0>}
// CHECK: sdfg.memlet %f_0["B"] -> %B {data = "B", subset = #sdfg.range<0:N>}
// CHECK: sdfg.memlet %f_0["C"] -> %C_1 {data = "C", subset = #sdfg.range<0>}
// A second request nests the result once more.
// TWICE: sdfg.nested "f" attributes {ins = {A, C, s}, outs = {B, C}
// TWICE: sdfg.nested "f" attributes {ins = {A, C, s}, outs = {B, C}
sdfg.sdfg "f" ["A", "B", "C", "U", "s"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int64>}
  sdfg.symbol "k" {dtype = #sdfg.dtype<int64>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "C" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
  sdfg.array "U" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.scalar "s" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
  sdfg.array "T" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>, transient}
  %s0 = sdfg.state "s0" {
    %A = sdfg.access "A"
    %T = sdfg.access "T"
    sdfg.memlet %A -> %T {data = "A", subset = #sdfg.range<0:N>, other_subset = #sdfg.range<0:N>}
  }
  %s1 = sdfg.state "s1" {
    %T = sdfg.access "T"
    %s = sdfg.access "s"
    %t = sdfg.tasklet "t" {code = "y = x * v; z = x", ins = {x, v}, outs = {y, z}}
    %B = sdfg.access "B"
    %C = sdfg.access "C"
    sdfg.memlet %T -> %t["x"] {data = "T", subset = #sdfg.range<k>}
    sdfg.memlet %s -> %t["v"] {data = "s", subset = #sdfg.range<0>}
    sdfg.memlet %t["y"] -> %B {data = "B", subset = #sdfg.range<k>}
    sdfg.memlet %t["z"] -> %C {data = "C", subset = #sdfg.range<0>, wcr = #sdfg.wcr<Sum, "(lambda a, b: a + b)">}
  }
  sdfg.edge %s0 -> %s1 {assignments = #sdfg.assign<k = 1>}
}

// -----

// Not applied: a stream argument cannot be a nested connector.
// CHECK-LABEL: sdfg.sdfg "streamed"
// CHECK-NOT: sdfg.nested
sdfg.sdfg "streamed" ["Q", "B"] {
  sdfg.stream "Q" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
  %s = sdfg.state "s" {
    %Q = sdfg.access "Q"
    %B = sdfg.access "B"
    sdfg.memlet %Q -> %B {data = "Q", subset = #sdfg.range<0>, other_subset = #sdfg.range<0>}
  }
}
