// sdfg-redundant-array: a transient copied whole into another container
// goes away; its producer writes that container directly.
// RUN: sdfg-opt %s --split-input-file --sdfg-redundant-array | FileCheck %s
// RUN: sdfg-opt %s --split-input-file --sdfg-list-matches=sdfg-redundant-array | FileCheck %s --check-prefix=MATCHES

// MATCHES: 0: 'T' copied into 'B' in state 's'
// MATCHES: 0: 't' copied into 'B' in state 's'
// MATCHES-COUNT-6: sdfg-redundant-array: no matches
// MATCHES: 0: 'T' copied into 'C' in state 's'
// MATCHES: sdfg-redundant-array: no matches

// A map writes T, which is copied into the middle of B: the map writes B
// at the shifted indices and T is no longer declared.
// CHECK-LABEL: sdfg.sdfg "shifted"
// CHECK-NOT: sdfg.array "T"
// CHECK: sdfg.memlet %t["y"] -> %exit["IN_T"] {data = "B", subset = #sdfg.range<"i + 1">}
// CHECK: sdfg.memlet %m_exit["OUT_T"] -> %B {data = "B", subset = #sdfg.range<1:"N + 1">}
// CHECK-NOT: sdfg.access "T"
sdfg.sdfg "shifted" ["A", "B"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<"N + 2">}
  sdfg.array "T" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>, transient}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %T = sdfg.access "T"
    %B = sdfg.access "B"
    %e, %x = sdfg.map "m" ["i"] = 0:N attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_T}, exit_outs = {OUT_T}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "y = x * 2", ins = {x}, outs = {y}}
      sdfg.memlet %entry["OUT_A"] -> %t["x"] {data = "A", subset = #sdfg.range<i>}
      sdfg.memlet %t["y"] -> %exit["IN_T"] {data = "T", subset = #sdfg.range<i>}
    }
    sdfg.memlet %A -> %e["IN_A"] {data = "A", subset = #sdfg.range<0:N>}
    sdfg.memlet %x["OUT_T"] -> %T {data = "T", subset = #sdfg.range<0:N>}
    sdfg.memlet %T -> %B {data = "B", is_data_src = false, other_subset = #sdfg.range<0:N>, subset = #sdfg.range<1:"N + 1">}
  }
}

// -----

// A scalar written by a tasklet and copied into one element of B.
// CHECK-LABEL: sdfg.sdfg "element"
// CHECK-NOT: sdfg.scalar "t"
// CHECK: sdfg.memlet %k["y"] -> %B {data = "B", subset = #sdfg.range<1, 3>}
// CHECK-NOT: sdfg.access "t"
sdfg.sdfg "element" ["A", "B"] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4, 4>}
  sdfg.scalar "t" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>, transient}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %T = sdfg.access "t"
    %B = sdfg.access "B"
    %k = sdfg.tasklet "k" {code = "y = x + 1", ins = {x}, outs = {y}}
    sdfg.memlet %A -> %k["x"] {data = "A", subset = #sdfg.range<2>}
    sdfg.memlet %k["y"] -> %T {data = "t", subset = #sdfg.range<0>}
    sdfg.memlet %T -> %B {data = "t", other_subset = #sdfg.range<1, 3>, subset = #sdfg.range<0>}
  }
}

// -----

// T is read again in a later state: no match.
// CHECK-LABEL: sdfg.sdfg "reused"
// CHECK: sdfg.memlet %T -> %B {data = "T", subset = #sdfg.range<0:4>}
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

// Only part of T is copied, and T is not transient in the second SDFG:
// no match in either.
// CHECK-LABEL: sdfg.sdfg "partial"
// CHECK: sdfg.memlet %T -> %B {data = "T", subset = #sdfg.range<0:2>}
sdfg.sdfg "partial" ["A", "B"] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>}
  sdfg.array "T" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %T = sdfg.access "T"
    %B = sdfg.access "B"
    sdfg.memlet %A -> %T {data = "A", subset = #sdfg.range<0:4>}
    sdfg.memlet %T -> %B {data = "T", subset = #sdfg.range<0:2>}
  }
}

// -----

// CHECK-LABEL: sdfg.sdfg "global"
// CHECK: sdfg.memlet %T -> %B {data = "T", subset = #sdfg.range<0:4>}
sdfg.sdfg "global" ["A", "B", "T"] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>}
  sdfg.array "T" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %T = sdfg.access "T"
    %B = sdfg.access "B"
    sdfg.memlet %A -> %T {data = "A", subset = #sdfg.range<0:4>}
    sdfg.memlet %T -> %B {data = "T", subset = #sdfg.range<0:4>}
  }
}

// -----

// The producer accumulates into T (write-conflict resolution): no match.
// CHECK-LABEL: sdfg.sdfg "accumulate"
// CHECK: sdfg.memlet %T -> %B {data = "T", subset = #sdfg.range<0>}
sdfg.sdfg "accumulate" ["A", "B"] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
  sdfg.array "T" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>, transient}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %T = sdfg.access "T"
    %B = sdfg.access "B"
    %e, %x = sdfg.map "m" ["i"] = 0:4 attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_T}, exit_outs = {OUT_T}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "y = x", ins = {x}, outs = {y}}
      sdfg.memlet %entry["OUT_A"] -> %t["x"] {data = "A", subset = #sdfg.range<i>}
      sdfg.memlet %t["y"] -> %exit["IN_T"] {data = "T", subset = #sdfg.range<0>, wcr = #sdfg.wcr<Sum, "lambda a, b: a + b">}
    }
    sdfg.memlet %A -> %e["IN_A"] {data = "A", subset = #sdfg.range<0:4>}
    sdfg.memlet %x["OUT_T"] -> %T {data = "T", subset = #sdfg.range<0>, wcr = #sdfg.wcr<Sum, "lambda a, b: a + b">}
    sdfg.memlet %T -> %B {data = "T", subset = #sdfg.range<0>}
  }
}

// -----

// The map reads B, which the copy overwrites afterwards: writing B
// directly would let the map see its own writes. No match.
// CHECK-LABEL: sdfg.sdfg "in_place"
// CHECK: sdfg.memlet %T -> %B_0 {data = "T", subset = #sdfg.range<0:4>}
sdfg.sdfg "in_place" ["B"] {
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<5>}
  sdfg.array "T" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  %s = sdfg.state "s" {
    %B = sdfg.access "B"
    %T = sdfg.access "T"
    %B2 = sdfg.access "B"
    %e, %x = sdfg.map "m" ["i"] = 0:4 attributes {ins = {IN_B}, outs = {OUT_B}, exit_ins = {IN_T}, exit_outs = {OUT_T}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "y = x", ins = {x}, outs = {y}}
      sdfg.memlet %entry["OUT_B"] -> %t["x"] {data = "B", subset = #sdfg.range<"i + 1">}
      sdfg.memlet %t["y"] -> %exit["IN_T"] {data = "T", subset = #sdfg.range<i>}
    }
    sdfg.memlet %B -> %e["IN_B"] {data = "B", subset = #sdfg.range<1:5>}
    sdfg.memlet %x["OUT_T"] -> %T {data = "T", subset = #sdfg.range<0:4>}
    sdfg.memlet %T -> %B2 {data = "T", subset = #sdfg.range<0:4>}
  }
}

// -----

// A library node writes T, which is copied into part of B: the library
// node sees the layout, so no match.
// CHECK-LABEL: sdfg.sdfg "library"
// CHECK: sdfg.memlet %T -> %B {data = "T", other_subset = #sdfg.range<0:4, 2:6>, subset = #sdfg.range<0:4, 0:4>}
sdfg.sdfg "library" ["A", "B"] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4, 4>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4, 8>}
  sdfg.array "T" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4, 4>, transient}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %T = sdfg.access "T"
    %B = sdfg.access "B"
    %mm = sdfg.library "mm" {classpath = "dace.libraries.blas.nodes.matmul.MatMul", ins = {_a, _b}, outs = {_c}, properties = "{}"}
    sdfg.memlet %A -> %mm["_a"] {data = "A", subset = #sdfg.range<0:4, 0:4>}
    sdfg.memlet %A -> %mm["_b"] {data = "A", subset = #sdfg.range<0:4, 0:4>}
    sdfg.memlet %mm["_c"] -> %T {data = "T", subset = #sdfg.range<0:4, 0:4>}
    sdfg.memlet %T -> %B {data = "T", subset = #sdfg.range<0:4, 0:4>, other_subset = #sdfg.range<0:4, 2:6>}
  }
}

// -----

// C is read before the copy, but that read is over before T's producer
// starts (the producer needs U, computed from it): the producer writes C.
// A producer that reads C itself keeps its transient (next case).
// CHECK-LABEL: sdfg.sdfg "read_before"
// CHECK-NOT: sdfg.access "T"
// CHECK: sdfg.memlet %add["o"] -> %C_0 {data = "C", subset = #sdfg.range<0>}
sdfg.sdfg "read_before" ["C"] {
  sdfg.array "C" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
  sdfg.array "U" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>, transient}
  sdfg.array "T" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>, transient}
  %s = sdfg.state "s" {
    %c = sdfg.access "C"
    %scale = sdfg.tasklet "scale" {code = "o = 2 * i", ins = {i}, outs = {o}}
    %u = sdfg.access "U"
    %add = sdfg.tasklet "add" {code = "o = i + 1", ins = {i}, outs = {o}}
    %t = sdfg.access "T"
    %c2 = sdfg.access "C"
    sdfg.memlet %c -> %scale["i"] {data = "C", subset = #sdfg.range<0>}
    sdfg.memlet %scale["o"] -> %u {data = "U", subset = #sdfg.range<0>}
    sdfg.memlet %u -> %add["i"] {data = "U", subset = #sdfg.range<0>}
    sdfg.memlet %add["o"] -> %t {data = "T", subset = #sdfg.range<0>}
    sdfg.memlet %t -> %c2 {data = "T", subset = #sdfg.range<0>, other_subset = #sdfg.range<0>}
  }
}

// -----

// CHECK-LABEL: sdfg.sdfg "read_by_producer"
// CHECK: sdfg.access "T"
sdfg.sdfg "read_by_producer" ["C"] {
  sdfg.array "C" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<2>}
  sdfg.array "T" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>, transient}
  %s = sdfg.state "s" {
    %c = sdfg.access "C"
    %add = sdfg.tasklet "add" {code = "o = i + 1", ins = {i}, outs = {o}}
    %t = sdfg.access "T"
    %c2 = sdfg.access "C"
    sdfg.memlet %c -> %add["i"] {data = "C", subset = #sdfg.range<1>}
    sdfg.memlet %add["o"] -> %t {data = "T", subset = #sdfg.range<0>}
    sdfg.memlet %t -> %c2 {data = "T", subset = #sdfg.range<0>, other_subset = #sdfg.range<0>}
  }
}
