// sdfg-array-elimination: access nodes that only read the same data merge;
// transients nothing references are no longer declared.
// RUN: sdfg-opt %s --split-input-file --sdfg-array-elimination | FileCheck %s
// RUN: sdfg-opt %s --split-input-file --sdfg-list-matches=sdfg-array-elimination | FileCheck %s --check-prefix=MATCHES

// MATCHES: 0: 3 access nodes of 'A' in state 's'
// MATCHES-NEXT: 1: 2 access nodes of 'B' in state 's'
// MATCHES-NEXT: 2: unused transients [U]
// MATCHES: 0: 2 access nodes of 'A' in state 's'
// MATCHES: 0: 2 access nodes of 'A' in state 's'
// MATCHES: sdfg-array-elimination: no matches
// MATCHES: sdfg-array-elimination: no matches
// MATCHES: sdfg-array-elimination: no matches

// Three nodes reading A become one, and the two nodes B is written into
// (sinks) too; U is declared but never used.
// CHECK-LABEL: sdfg.sdfg "reads"
// CHECK-NOT: sdfg.array "U"
// CHECK: %s = sdfg.state "s" {
// CHECK-NEXT: %A = sdfg.access "A"
// CHECK-NEXT: %B = sdfg.access "B"
// CHECK-NOT: sdfg.access "{{A|B}}"
// CHECK-DAG: sdfg.memlet %A -> %t["x"] {data = "A", subset = #sdfg.range<0>}
// CHECK-DAG: sdfg.memlet %A -> %t["y"] {data = "A", subset = #sdfg.range<1>}
// CHECK-DAG: sdfg.memlet %A -> %m_entry["IN_A"] {data = "A", subset = #sdfg.range<0:4>}
// CHECK-DAG: sdfg.memlet %m_exit["OUT_B"] -> %B {data = "B", subset = #sdfg.range<1:4>}
sdfg.sdfg "reads" ["A", "B"] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>}
  sdfg.array "U" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %A1 = sdfg.access "A"
    %B = sdfg.access "B"
    %A2 = sdfg.access "A"
    %t = sdfg.tasklet "t" {code = "z = x + y", ins = {x, y}, outs = {z}}
    sdfg.memlet %A -> %t["x"] {data = "A", subset = #sdfg.range<0>}
    sdfg.memlet %A1 -> %t["y"] {data = "A", subset = #sdfg.range<1>}
    sdfg.memlet %t["z"] -> %B {data = "B", subset = #sdfg.range<0>}
    %e, %x = sdfg.map "m" ["i"] = 1:4 attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_B}, exit_outs = {OUT_B}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %u = sdfg.tasklet "u" {code = "y = x", ins = {x}, outs = {y}}
      sdfg.memlet %entry["OUT_A"] -> %u["x"] {data = "A", subset = #sdfg.range<i>}
      sdfg.memlet %u["y"] -> %exit["IN_B"] {data = "B", subset = #sdfg.range<i>}
    }
    %B2 = sdfg.access "B"
    sdfg.memlet %A2 -> %e["IN_A"] {data = "A", subset = #sdfg.range<0:4>}
    sdfg.memlet %x["OUT_B"] -> %B2 {data = "B", subset = #sdfg.range<1:4>}
  }
}

// -----

// A is written in the state: its source nodes still merge (an array is
// read where each consumer runs, so each keeps its order to the write);
// the writing node stays.
// CHECK-LABEL: sdfg.sdfg "written"
// CHECK-COUNT-2: sdfg.access "A"
// CHECK-NOT: sdfg.access "A"
// CHECK: sdfg.memlet %A -> %t["x"]
// CHECK: sdfg.memlet %t["z"] -> %A_0
// CHECK: sdfg.memlet %A -> %u["x"]
sdfg.sdfg "written" ["A", "B"] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %A1 = sdfg.access "A"
    %A2 = sdfg.access "A"
    %B = sdfg.access "B"
    %t = sdfg.tasklet "t" {code = "z = x + 1", ins = {x}, outs = {z}}
    %u = sdfg.tasklet "u" {code = "z = x", ins = {x}, outs = {z}}
    sdfg.memlet %A -> %t["x"] {data = "A", subset = #sdfg.range<0>}
    sdfg.memlet %t["z"] -> %A2 {data = "A", subset = #sdfg.range<1>}
    sdfg.memlet %A1 -> %u["x"] {data = "A", subset = #sdfg.range<1>}
    sdfg.memlet %u["z"] -> %B {data = "B", subset = #sdfg.range<0>}
  }
}

// -----

// One of A's source nodes feeds a view of A: they merge (the view reads
// where it is used).
// CHECK-LABEL: sdfg.sdfg "viewed"
// CHECK-COUNT-1: sdfg.access "A"
// CHECK-NOT: sdfg.access "A"
// CHECK: sdfg.memlet %A -> %t["x"]
// CHECK: sdfg.memlet %A -> %V["views"]
sdfg.sdfg "viewed" ["A", "B"] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>}
  sdfg.view "V" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<2>, strides = #sdfg.exprs<1>, transient}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %A1 = sdfg.access "A"
    %V = sdfg.access "V" {ins = {views}}
    %B = sdfg.access "B"
    %t = sdfg.tasklet "t" {code = "z = x + y", ins = {x, y}, outs = {z}}
    sdfg.memlet %A -> %t["x"] {data = "A", subset = #sdfg.range<0>}
    sdfg.memlet %A1 -> %V["views"] {data = "A", subset = #sdfg.range<1:3>}
    sdfg.memlet %V -> %t["y"] {data = "V", subset = #sdfg.range<1>}
    sdfg.memlet %t["z"] -> %B {data = "B", subset = #sdfg.range<0>}
  }
}

// -----

// A scalar written in the state: its reads are not merged.
// CHECK-LABEL: sdfg.sdfg "written_scalar"
// CHECK-COUNT-3: sdfg.access "s"
sdfg.sdfg "written_scalar" ["s", "B"] {
  sdfg.scalar "s" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>}
  %st = sdfg.state "st" {
    %s = sdfg.access "s"
    %s1 = sdfg.access "s"
    %s2 = sdfg.access "s"
    %B = sdfg.access "B"
    %t = sdfg.tasklet "t" {code = "z = x + 1", ins = {x}, outs = {z}}
    %u = sdfg.tasklet "u" {code = "z = x", ins = {x}, outs = {z}}
    sdfg.memlet %s -> %t["x"] {data = "s", subset = #sdfg.range<0>}
    sdfg.memlet %t["z"] -> %s2 {data = "s", subset = #sdfg.range<0>}
    sdfg.memlet %s1 -> %u["x"] {data = "s", subset = #sdfg.range<0>}
    sdfg.memlet %u["z"] -> %B {data = "B", subset = #sdfg.range<0>}
  }
}

// -----

// Two reads of a stream pop it twice: not merged.
// CHECK-LABEL: sdfg.sdfg "stream"
// CHECK-COUNT-2: sdfg.access "S"
sdfg.sdfg "stream" ["B"] {
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<2>}
  sdfg.stream "S" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>, transient}
  %s = sdfg.state "s" {
    %S = sdfg.access "S"
    %S1 = sdfg.access "S"
    %B = sdfg.access "B"
    %t = sdfg.tasklet "t" {code = "z = x", ins = {x}, outs = {z}}
    %u = sdfg.tasklet "u" {code = "z = x", ins = {x}, outs = {z}}
    sdfg.memlet %S -> %t["x"] {data = "S", subset = #sdfg.range<0>}
    sdfg.memlet %S1 -> %u["x"] {data = "S", subset = #sdfg.range<0>}
    sdfg.memlet %t["z"] -> %B {data = "B", subset = #sdfg.range<0>}
    sdfg.memlet %u["z"] -> %B {data = "B", subset = #sdfg.range<1>}
  }
}

// -----

// c is transient and named only in an interstate condition: it stays
// declared.
// CHECK-LABEL: sdfg.sdfg "condition"
// CHECK: sdfg.scalar "c"
sdfg.sdfg "condition" ["B"] {
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
  sdfg.scalar "c" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>, transient}
  %s = sdfg.state "s" {
  }
  %s2 = sdfg.state "s2" {
    %t = sdfg.tasklet "t" {code = "y = 5.0", outs = {y}}
    %B = sdfg.access "B"
    sdfg.memlet %t["y"] -> %B {data = "B", subset = #sdfg.range<0>}
  }
  sdfg.edge %s -> %s2 {condition = "c > 0"}
}
