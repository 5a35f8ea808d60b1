// sdfg-dead-dataflow-elimination: writes to transients that nothing reads
// go away, with the dataflow that only fed them.
// RUN: sdfg-opt %s --split-input-file --sdfg-dead-dataflow-elimination | FileCheck %s
// RUN: sdfg-opt %s --split-input-file --sdfg-list-matches=sdfg-dead-dataflow-elimination | FileCheck %s --check-prefix=MATCHES

// MATCHES: 0: [t, T, m, u, m, A, U] in state 's'
// MATCHES: 0: [t2, T] in state 's'
// MATCHES: sdfg-dead-dataflow-elimination: no matches
// MATCHES: sdfg-dead-dataflow-elimination: no matches

// T and U are never read: the tasklet and the map writing them go, with
// the second node of A, which only fed the map. A's first node feeds a
// live tasklet too: it stays, and so does everything writing B.
// CHECK-LABEL: sdfg.sdfg "dead"
// CHECK: %s = sdfg.state "s" {
// CHECK-NEXT: %A = sdfg.access "A"
// CHECK-NEXT: %B = sdfg.access "B"
// CHECK-NEXT: %k = sdfg.tasklet "k"
// CHECK-NEXT: sdfg.memlet %A -> %k["x"] {data = "A", subset = #sdfg.range<1>}
// CHECK-NEXT: sdfg.memlet %k["y"] -> %B {data = "B", subset = #sdfg.range<0>}
// CHECK-NEXT: }
sdfg.sdfg "dead" ["A", "B", "C"] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>}
  sdfg.array "C" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>}
  sdfg.scalar "T" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>, transient}
  sdfg.array "U" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %t = sdfg.tasklet "t" {code = "y = x * 2", ins = {x}, outs = {y}}
    %T = sdfg.access "T"
    %B = sdfg.access "B"
    %k = sdfg.tasklet "k" {code = "y = x", ins = {x}, outs = {y}}
    sdfg.memlet %A -> %t["x"] {data = "A", subset = #sdfg.range<0>}
    sdfg.memlet %t["y"] -> %T {data = "T", subset = #sdfg.range<0>}
    sdfg.memlet %A -> %k["x"] {data = "A", subset = #sdfg.range<1>}
    sdfg.memlet %k["y"] -> %B {data = "B", subset = #sdfg.range<0>}
    %e, %x = sdfg.map "m" ["i"] = 0:4 attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_U}, exit_outs = {OUT_U}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %u = sdfg.tasklet "u" {code = "y = x + 1", ins = {x}, outs = {y}}
      sdfg.memlet %entry["OUT_A"] -> %u["x"] {data = "A", subset = #sdfg.range<i>}
      sdfg.memlet %u["y"] -> %exit["IN_U"] {data = "U", subset = #sdfg.range<i>}
    }
    %A2 = sdfg.access "A"
    %U = sdfg.access "U"
    sdfg.memlet %A2 -> %e["IN_A"] {data = "A", subset = #sdfg.range<0:4>}
    sdfg.memlet %x["OUT_U"] -> %U {data = "U", subset = #sdfg.range<0:4>}
  }
}

// -----

// A tasklet with a live output and a dead one stays, and so does the
// dead write it feeds; T is written by another tasklet too, which goes.
// CHECK-LABEL: sdfg.sdfg "partly"
// CHECK: sdfg.tasklet "t"
// CHECK-NOT: sdfg.tasklet "t2"
// CHECK: sdfg.memlet %t["z"] -> %T
sdfg.sdfg "partly" ["A", "B"] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>}
  sdfg.array "T" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %t = sdfg.tasklet "t" {code = "y = x\nz = x", ins = {x}, outs = {y, z}}
    %B = sdfg.access "B"
    %T = sdfg.access "T"
    %t2 = sdfg.tasklet "t2" {code = "z = 1.0", outs = {z}}
    %T2 = sdfg.access "T"
    sdfg.memlet %A -> %t["x"] {data = "A", subset = #sdfg.range<0>}
    sdfg.memlet %t["y"] -> %B {data = "B", subset = #sdfg.range<0>}
    sdfg.memlet %t["z"] -> %T {data = "T", subset = #sdfg.range<0>}
    sdfg.memlet %t2["z"] -> %T2 {data = "T", subset = #sdfg.range<1>}
  }
}

// -----

// Writes to global data, streams and transients read later stay; so do
// C++ tasklets and tasklets that print.
// CHECK-LABEL: sdfg.sdfg "live"
// CHECK-COUNT-4: sdfg.tasklet
sdfg.sdfg "live" ["A", "B"] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>}
  sdfg.array "T" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  sdfg.array "P" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  sdfg.stream "S" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>, transient}
  %s = sdfg.state "s" {
    %a = sdfg.tasklet "a" {code = "y = 1.0", outs = {y}}
    %b = sdfg.tasklet "b" {code = "y = 2.0", outs = {y}}
    %c = sdfg.tasklet "c" {code = "y = 3.0;", language = "CPP", outs = {y}}
    %d = sdfg.tasklet "d" {code = "print(1)\ny = 4.0", outs = {y}}
    %A = sdfg.access "A"
    %T = sdfg.access "T"
    %S = sdfg.access "S"
    %P = sdfg.access "P"
    sdfg.memlet %a["y"] -> %A {data = "A", subset = #sdfg.range<0>}
    sdfg.memlet %b["y"] -> %T {data = "T", subset = #sdfg.range<0>}
    sdfg.memlet %c["y"] -> %S {data = "S", subset = #sdfg.range<0>}
    sdfg.memlet %d["y"] -> %P {data = "P", subset = #sdfg.range<0>}
  }
  %s2 = sdfg.state "s2" {
    %T = sdfg.access "T"
    %B = sdfg.access "B"
    sdfg.memlet %T -> %B {data = "T", subset = #sdfg.range<0:4>}
  }
  sdfg.edge %s -> %s2
}

// -----

// A transient named in an interstate condition is read there: it stays.
// CHECK-LABEL: sdfg.sdfg "condition"
// CHECK: sdfg.tasklet "t"
sdfg.sdfg "condition" ["B"] {
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
  sdfg.scalar "c" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>, transient}
  %s = sdfg.state "s" {
    %t = sdfg.tasklet "t" {code = "y = 1.0", outs = {y}}
    %c = sdfg.access "c"
    sdfg.memlet %t["y"] -> %c {data = "c", subset = #sdfg.range<0>}
  }
  %s2 = sdfg.state "s2" {
    %t = sdfg.tasklet "t" {code = "y = 5.0", outs = {y}}
    %B = sdfg.access "B"
    sdfg.memlet %t["y"] -> %B {data = "B", subset = #sdfg.range<0>}
  }
  sdfg.edge %s -> %s2 {condition = "c > 0"}
}
