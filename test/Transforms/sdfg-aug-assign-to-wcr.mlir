// sdfg-aug-assign-to-wcr: read-modify-write tasklets become WCR writes.
// RUN: sdfg-opt %s --split-input-file --sdfg-aug-assign-to-wcr | FileCheck %s
// RUN: sdfg-opt %s --split-input-file --sdfg-list-matches=sdfg-aug-assign-to-wcr | FileCheck %s --check-prefix=MATCHES

// MATCHES: 0: tasklet 'scale' (Product into 'S') in state 's'
// MATCHES-NOT: 1:
// MATCHES: sdfg-aug-assign-to-wcr: no matches

// The input's access node goes with the read; the rest of the product
// stays in the tasklet.
// CHECK-LABEL: sdfg.sdfg "product"
// CHECK-NEXT: sdfg.array "A"
// CHECK-NEXT: sdfg.array "S"
// CHECK-NEXT: sdfg.state "s" {
// CHECK-NEXT: %A = sdfg.access "A"
// CHECK-NEXT: %S = sdfg.access "S"
// CHECK-NEXT: %scale = sdfg.tasklet "scale" {code = "out = v", ins = {v}, outs = {out}}
// CHECK-NEXT: sdfg.memlet %A -> %scale["v"] {data = "A", subset = #sdfg.range<3>}
// CHECK-NEXT: sdfg.memlet %scale["out"] -> %S {data = "S", subset = #sdfg.range<1>, wcr = #sdfg.wcr<Product, "(lambda x, y: (x * y))">}
sdfg.sdfg "product" ["A", "S"] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>}
  sdfg.array "S" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<2>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %S = sdfg.access "S"
    %S2 = sdfg.access "S"
    %t = sdfg.tasklet "scale" {code = "out = v * inp", ins = {inp, v}, outs = {out}}
    sdfg.memlet %S -> %t["inp"] {data = "S", subset = #sdfg.range<1>}
    sdfg.memlet %A -> %t["v"] {data = "A", subset = #sdfg.range<3>}
    sdfg.memlet %t["out"] -> %S2 {data = "S", subset = #sdfg.range<1>}
  }
}

// -----

// Left alone: the input on the right of a difference, the input read
// twice, another element written, a typed connector, an input node
// written earlier in the state, a map whose write names its parameter,
// and a map inside another.
// CHECK-LABEL: sdfg.sdfg "kept"
// CHECK-NOT: wcr
sdfg.sdfg "kept" ["A", "S", "I"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int64>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "S" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "I" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<2>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %S = sdfg.access "S"
    %S2 = sdfg.access "S"
    %t1 = sdfg.tasklet "right" {code = "out = v - inp", ins = {inp, v}, outs = {out}}
    sdfg.memlet %S -> %t1["inp"] {data = "S", subset = #sdfg.range<0>}
    sdfg.memlet %A -> %t1["v"] {data = "A", subset = #sdfg.range<0>}
    sdfg.memlet %t1["out"] -> %S2 {data = "S", subset = #sdfg.range<0>}
    %t2 = sdfg.tasklet "twice" {code = "out = inp + inp * v", ins = {inp, v}, outs = {out}}
    sdfg.memlet %S -> %t2["inp"] {data = "S", subset = #sdfg.range<1>}
    sdfg.memlet %A -> %t2["v"] {data = "A", subset = #sdfg.range<1>}
    sdfg.memlet %t2["out"] -> %S2 {data = "S", subset = #sdfg.range<1>}
    %t3 = sdfg.tasklet "other" {code = "out = inp + v", ins = {inp, v}, outs = {out}}
    sdfg.memlet %S -> %t3["inp"] {data = "S", subset = #sdfg.range<2>}
    sdfg.memlet %A -> %t3["v"] {data = "A", subset = #sdfg.range<2>}
    sdfg.memlet %t3["out"] -> %S2 {data = "S", subset = #sdfg.range<3>}
    %t4 = sdfg.tasklet "typed" {code = "out = inp + v", ins = {inp = #sdfg.dtype<int32>, v}, outs = {out}}
    sdfg.memlet %S -> %t4["inp"] {data = "S", subset = #sdfg.range<4>}
    sdfg.memlet %A -> %t4["v"] {data = "A", subset = #sdfg.range<4>}
    sdfg.memlet %t4["out"] -> %S2 {data = "S", subset = #sdfg.range<4>}
    %w = sdfg.tasklet "init" {code = "o = 0.0", outs = {o}}
    %I = sdfg.access "I"
    %I2 = sdfg.access "I"
    %t5 = sdfg.tasklet "after" {code = "out = inp + v", ins = {inp, v}, outs = {out}}
    sdfg.memlet %w["o"] -> %I {data = "I", subset = #sdfg.range<0>}
    sdfg.memlet %I -> %t5["inp"] {data = "I", subset = #sdfg.range<0>}
    sdfg.memlet %A -> %t5["v"] {data = "A", subset = #sdfg.range<5>}
    sdfg.memlet %t5["out"] -> %I2 {data = "I", subset = #sdfg.range<0>}
  }
  %m = sdfg.state "maps" {
    %A = sdfg.access "A"
    %S = sdfg.access "S"
    %S2 = sdfg.access "S"
    %me, %mx = sdfg.map "own" ["i"] = 0:N attributes {ins = {IN_A, IN_S}, outs = {OUT_A, OUT_S}, exit_ins = {IN_S}, exit_outs = {OUT_S}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "own" {code = "out = inp + v", ins = {inp, v}, outs = {out}}
      sdfg.memlet %entry["OUT_S"] -> %t["inp"] {data = "S", subset = #sdfg.range<i>}
      sdfg.memlet %entry["OUT_A"] -> %t["v"] {data = "A", subset = #sdfg.range<i>}
      sdfg.memlet %t["out"] -> %exit["IN_S"] {data = "S", subset = #sdfg.range<i>}
    }
    sdfg.memlet %A -> %me["IN_A"] {data = "A", subset = #sdfg.range<0:N>}
    sdfg.memlet %S -> %me["IN_S"] {data = "S", subset = #sdfg.range<0:N>}
    sdfg.memlet %mx["OUT_S"] -> %S2 {data = "S", subset = #sdfg.range<0:N>}
    %A3 = sdfg.access "A"
    %I = sdfg.access "I"
    %I2 = sdfg.access "I"
    %oe, %ox = sdfg.map "outer" ["j"] = 0:2 attributes {ins = {IN_A, IN_I}, outs = {OUT_A, OUT_I}, exit_ins = {IN_I}, exit_outs = {OUT_I}} {
    ^bb0(%oentry: !sdfg.node, %oexit: !sdfg.node):
      %ie, %ix = sdfg.map "inner" ["i"] = 0:N attributes {ins = {IN_A, IN_I}, outs = {OUT_A, OUT_I}, exit_ins = {IN_I}, exit_outs = {OUT_I}, schedule = #sdfg.schedule<Sequential>} {
      ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
        %t = sdfg.tasklet "nested" {code = "out = inp + v", ins = {inp, v}, outs = {out}}
        sdfg.memlet %entry["OUT_I"] -> %t["inp"] {data = "I", subset = #sdfg.range<j>}
        sdfg.memlet %entry["OUT_A"] -> %t["v"] {data = "A", subset = #sdfg.range<i>}
        sdfg.memlet %t["out"] -> %exit["IN_I"] {data = "I", subset = #sdfg.range<j>}
      }
      sdfg.memlet %oentry["OUT_A"] -> %ie["IN_A"] {data = "A", subset = #sdfg.range<0:N>}
      sdfg.memlet %oentry["OUT_I"] -> %ie["IN_I"] {data = "I", subset = #sdfg.range<j>}
      sdfg.memlet %ix["OUT_I"] -> %oexit["IN_I"] {data = "I", subset = #sdfg.range<j>}
    }
    sdfg.memlet %A3 -> %oe["IN_A"] {data = "A", subset = #sdfg.range<0:N>}
    sdfg.memlet %I -> %oe["IN_I"] {data = "I", subset = #sdfg.range<0:2>}
    sdfg.memlet %ox["OUT_I"] -> %I2 {data = "I", subset = #sdfg.range<0:2>}
  }
  sdfg.edge %s -> %m
}
