// sdfg-remove-slice-view: views that are windows of what they view go.
// RUN: sdfg-opt %s --split-input-file --sdfg-remove-slice-view | FileCheck %s
// RUN: sdfg-opt %s --split-input-file --sdfg-list-matches=sdfg-remove-slice-view | FileCheck %s --check-prefix=MATCHES

// MATCHES: 0: view 'row' of 'A' in state 's'
// MATCHES: 0: view 'mid' of 'B' in state 's'
// MATCHES: sdfg-remove-slice-view: no matches

// A row of A read in a map: the view's dimension is A's second one (the
// first, of size one, is squeezed away); the memlets through the map
// address A directly and the view's declaration goes.
// CHECK-LABEL: sdfg.sdfg "read_row"
// CHECK-NOT: sdfg.view
// CHECK-NOT: sdfg.access "row"
// CHECK: sdfg.memlet %entry["OUT_row"] -> %t["x"] {data = "A", subset = #sdfg.range<2, j>}
// CHECK: sdfg.memlet %A -> %m_entry["IN_row"] {data = "A", subset = #sdfg.range<2, 0:M>}
sdfg.sdfg "read_row" ["A", "B"] {
  sdfg.symbol "M" {dtype = #sdfg.dtype<int64>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4, M>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<M>}
  sdfg.view "row" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<M>, strides = #sdfg.exprs<1>, transient}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %row = sdfg.access "row" {ins = {views}}
    %B = sdfg.access "B"
    %me, %mx = sdfg.map "m" ["j"] = 0:M attributes {ins = {IN_row}, outs = {OUT_row}, exit_ins = {IN_B}, exit_outs = {OUT_B}} {
    ^bb0(%e: !sdfg.node, %x: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "y = 2 * x", ins = {x}, outs = {y}}
      sdfg.memlet %e["OUT_row"] -> %t["x"] {data = "row", subset = #sdfg.range<j>}
      sdfg.memlet %t["y"] -> %x["IN_B"] {data = "B", subset = #sdfg.range<j>}
    }
    sdfg.memlet %A -> %row["views"] {data = "A", subset = #sdfg.range<2, 0:M>}
    sdfg.memlet %row -> %me["IN_row"] {data = "row", subset = #sdfg.range<0:M>}
    sdfg.memlet %mx["OUT_B"] -> %B {data = "B", subset = #sdfg.range<0:M>}
  }
}

// -----

// A written view of B[1:3], filled by a copy named by its source: the
// copy's other side moves into the window.
// CHECK-LABEL: sdfg.sdfg "write_window"
// CHECK-NOT: sdfg.view
// CHECK: sdfg.memlet %T -> %B {data = "T", other_subset = #sdfg.range<1:3>, subset = #sdfg.range<0:2>}
sdfg.sdfg "write_window" ["T", "B"] {
  sdfg.array "T" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<2>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>}
  sdfg.view "mid" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<2>, strides = #sdfg.exprs<1>, transient}
  %s = sdfg.state "s" {
    %T = sdfg.access "T"
    %mid = sdfg.access "mid" {outs = {views}}
    %B = sdfg.access "B"
    sdfg.memlet %T -> %mid {data = "T", subset = #sdfg.range<0:2>}
    sdfg.memlet %mid["views"] -> %B {data = "B", subset = #sdfg.range<1:3>}
  }
}

// -----

// Kept: a strided view (every other element) is no window with A's
// strides.
// CHECK-LABEL: sdfg.sdfg "strided"
// CHECK: sdfg.view "evens"
// CHECK: sdfg.memlet %A -> %evens["views"]
sdfg.sdfg "strided" ["A", "B"] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<2>}
  sdfg.view "evens" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<2>, strides = #sdfg.exprs<2>, transient}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %evens = sdfg.access "evens" {ins = {views}}
    %B = sdfg.access "B"
    sdfg.memlet %A -> %evens["views"] {data = "A", subset = #sdfg.range<0:4:2>}
    sdfg.memlet %evens -> %B {data = "evens", subset = #sdfg.range<0:2>}
  }
}
