// sdfg-redundant-second-array: a transient that is a whole copy of
// another container, only read afterwards, goes away; its readers read the
// source.
// RUN: sdfg-opt %s --split-input-file --sdfg-redundant-second-array | FileCheck %s
// RUN: sdfg-opt %s --split-input-file --sdfg-list-matches=sdfg-redundant-second-array | FileCheck %s --check-prefix=MATCHES

// MATCHES: 0: 'T' copied from 'A' in state 's'
// MATCHES: 0: 't' copied from 'A' in state 's'
// MATCHES-COUNT-4: sdfg-redundant-second-array: no matches

// A slice of A copied into T and read by a map: the map reads A at the
// shifted indices.
// CHECK-LABEL: sdfg.sdfg "slice"
// CHECK-NOT: sdfg.array "T"
// CHECK: sdfg.memlet %entry["OUT_T"] -> %t["x"] {data = "A", subset = #sdfg.range<"i + 2">}
// CHECK: sdfg.memlet %A -> %m_entry["IN_T"] {data = "A", subset = #sdfg.range<2:"N + 2">}
// CHECK-NOT: sdfg.access "T"
sdfg.sdfg "slice" ["A", "B"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<"N + 2">}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "T" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>, transient}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %T = sdfg.access "T"
    %B = sdfg.access "B"
    %e, %x = sdfg.map "m" ["i"] = 0:N attributes {ins = {IN_T}, outs = {OUT_T}, exit_ins = {IN_B}, exit_outs = {OUT_B}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "y = x * 2", ins = {x}, outs = {y}}
      sdfg.memlet %entry["OUT_T"] -> %t["x"] {data = "T", subset = #sdfg.range<i>}
      sdfg.memlet %t["y"] -> %exit["IN_B"] {data = "B", subset = #sdfg.range<i>}
    }
    sdfg.memlet %A -> %T {data = "A", other_subset = #sdfg.range<0:N>, subset = #sdfg.range<2:"N + 2">}
    sdfg.memlet %T -> %e["IN_T"] {data = "T", subset = #sdfg.range<0:N>}
    sdfg.memlet %x["OUT_B"] -> %B {data = "B", subset = #sdfg.range<0:N>}
  }
}

// -----

// One element of A copied into a scalar read by a tasklet and by a copy.
// CHECK-LABEL: sdfg.sdfg "element"
// CHECK-NOT: sdfg.scalar "t"
// CHECK-DAG: sdfg.memlet %A -> %k["x"] {data = "A", subset = #sdfg.range<1, 3>}
// CHECK-DAG: sdfg.memlet %A -> %C {data = "C", other_subset = #sdfg.range<1, 3>, subset = #sdfg.range<2>}
sdfg.sdfg "element" ["A", "B", "C"] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4, 4>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>}
  sdfg.array "C" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>}
  sdfg.scalar "t" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>, transient}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %T = sdfg.access "t"
    %B = sdfg.access "B"
    %C = sdfg.access "C"
    %k = sdfg.tasklet "k" {code = "y = x + 1", ins = {x}, outs = {y}}
    sdfg.memlet %A -> %T {data = "A", other_subset = #sdfg.range<0>, subset = #sdfg.range<1, 3>}
    sdfg.memlet %T -> %k["x"] {data = "t", subset = #sdfg.range<0>}
    sdfg.memlet %k["y"] -> %B {data = "B", subset = #sdfg.range<2>}
    sdfg.memlet %T -> %C {data = "C", other_subset = #sdfg.range<0>, subset = #sdfg.range<2>}
  }
}

// -----

// A is overwritten in the same state after the copy: readers of T must
// see the old values. No match.
// CHECK-LABEL: sdfg.sdfg "overwritten"
// CHECK: sdfg.array "T"
// CHECK: sdfg.memlet %T -> %k["x"]
sdfg.sdfg "overwritten" ["A", "B"] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>}
  sdfg.array "T" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %T = sdfg.access "T"
    %B = sdfg.access "B"
    %A2 = sdfg.access "A"
    %k = sdfg.tasklet "k" {code = "y = x", ins = {x}, outs = {y}}
    %z = sdfg.tasklet "z" {code = "y = 0", outs = {y}}
    sdfg.memlet %A -> %T {data = "A", subset = #sdfg.range<0:4>}
    sdfg.memlet %T -> %k["x"] {data = "T", subset = #sdfg.range<1>}
    sdfg.memlet %k["y"] -> %B {data = "B", subset = #sdfg.range<1>}
    sdfg.memlet %z["y"] -> %A2 {data = "A", subset = #sdfg.range<1>}
  }
}

// -----

// T is read again in a later state: no match.
// CHECK-LABEL: sdfg.sdfg "reused"
// CHECK: sdfg.memlet %A -> %T
sdfg.sdfg "reused" ["A", "B", "C"] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>}
  sdfg.array "C" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>}
  sdfg.array "T" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %T = sdfg.access "T"
    %B = sdfg.access "B"
    sdfg.memlet %A -> %T {data = "A", subset = #sdfg.range<0:4>}
    sdfg.memlet %T -> %B {data = "T", subset = #sdfg.range<0:4>}
  }
  %s2 = sdfg.state "s2" {
    %T = sdfg.access "T"
    %C = sdfg.access "C"
    sdfg.memlet %T -> %C {data = "T", subset = #sdfg.range<0:4>}
  }
  sdfg.edge %s -> %s2
}

// -----

// The copy converts the element type: no match.
// CHECK-LABEL: sdfg.sdfg "convert"
// CHECK: sdfg.memlet %A -> %T
sdfg.sdfg "convert" ["A", "B"] {
  sdfg.array "A" {dtype = #sdfg.dtype<float32>, shape = #sdfg.exprs<4>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>}
  sdfg.array "T" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %T = sdfg.access "T"
    %B = sdfg.access "B"
    sdfg.memlet %A -> %T {data = "A", subset = #sdfg.range<0:4>}
    sdfg.memlet %T -> %B {data = "T", subset = #sdfg.range<0:4>}
  }
}

// -----

// A nested SDFG reads T, a slice of A: it sees the layout, so no match.
// CHECK-LABEL: sdfg.sdfg "nested"
// CHECK: sdfg.memlet %A -> %T
sdfg.sdfg "nested" ["A", "B"] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4, 8>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4, 4>}
  sdfg.array "T" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4, 4>, transient}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %T = sdfg.access "T"
    %B = sdfg.access "B"
    %n = sdfg.nested "inner" attributes {ins = {x}, outs = {y}} {
      sdfg.sdfg "inner" ["x", "y"] {
        sdfg.array "x" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4, 4>}
        sdfg.array "y" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4, 4>}
        %t = sdfg.state "t" {
          %x = sdfg.access "x"
          %y = sdfg.access "y"
          sdfg.memlet %x -> %y {data = "x", subset = #sdfg.range<0:4, 0:4>}
        }
      }
    }
    sdfg.memlet %A -> %T {data = "A", subset = #sdfg.range<0:4, 2:6>, other_subset = #sdfg.range<0:4, 0:4>}
    sdfg.memlet %T -> %n["x"] {data = "T", subset = #sdfg.range<0:4, 0:4>}
    sdfg.memlet %n["y"] -> %B {data = "B", subset = #sdfg.range<0:4, 0:4>}
  }
}
