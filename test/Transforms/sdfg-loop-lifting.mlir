// sdfg-loop-lifting: guard/latch state machines become LoopRegions.
// RUN: sdfg-opt %s --split-input-file --sdfg-loop-lifting | FileCheck %s

// CHECK-LABEL: sdfg.sdfg "counted" [] attributes {experimental_blocks}
// CHECK: %[[INIT:.*]] = sdfg.state "init"
// CHECK: %[[LOOP:.*]] = sdfg.loop "guard" attributes {condition = "i < N", init = "i = 0", loop_variable = "i", update = "i = i + 1"} {
// CHECK-NEXT: %[[BODY:.*]] = sdfg.state "body" {
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: %[[END:.*]] = sdfg.state "end" {
// CHECK-NEXT: }
// CHECK-NEXT: sdfg.edge %[[INIT]] -> %[[LOOP]]
// CHECK-NEXT: sdfg.edge %[[LOOP]] -> %[[END]]
// CHECK-NOT: sdfg.edge
sdfg.sdfg "counted" [] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.symbol "i" {dtype = #sdfg.dtype<int64>}
  %init = sdfg.state "init" {
  }
  %guard = sdfg.state "guard" {
  }
  %body = sdfg.state "body" {
  }
  %end = sdfg.state "end" {
  }
  sdfg.edge %init -> %guard {assignments = #sdfg.assign<i = 0>}
  sdfg.edge %guard -> %body {condition = "i < N"}
  sdfg.edge %guard -> %end {condition = "not (i < N)"}
  sdfg.edge %body -> %guard {assignments = #sdfg.assign<i = "i + 1">}
}

// -----

// A second way out of the body (a break): not a counted loop.
// CHECK-LABEL: sdfg.sdfg "with_break"
// CHECK-NOT: sdfg.loop
sdfg.sdfg "with_break" [] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.symbol "i" {dtype = #sdfg.dtype<int64>}
  %init = sdfg.state "init" {
  }
  %guard = sdfg.state "guard" {
  }
  %body = sdfg.state "body" {
  }
  %end = sdfg.state "end" {
  }
  sdfg.edge %init -> %guard {assignments = #sdfg.assign<i = 0>}
  sdfg.edge %guard -> %body {condition = "i < N"}
  sdfg.edge %guard -> %end {condition = "not (i < N)"}
  sdfg.edge %body -> %guard {assignments = #sdfg.assign<i = "i + 1">}
  sdfg.edge %body -> %end {condition = "i == 3"}
}

// -----

// The guard has work to do (a non-empty state): not lifted.
// CHECK-LABEL: sdfg.sdfg "busy_guard"
// CHECK-NOT: sdfg.loop
sdfg.sdfg "busy_guard" ["A"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.symbol "i" {dtype = #sdfg.dtype<int64>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  %init = sdfg.state "init" {
  }
  %guard = sdfg.state "guard" {
    %t = sdfg.tasklet "zero" {code = "o = 0", outs = {o}}
    %a = sdfg.access "A"
    sdfg.memlet %t["o"] -> %a {data = "A", subset = #sdfg.range<0>}
  }
  %body = sdfg.state "body" {
  }
  %end = sdfg.state "end" {
  }
  sdfg.edge %init -> %guard {assignments = #sdfg.assign<i = 0>}
  sdfg.edge %guard -> %body {condition = "i < N"}
  sdfg.edge %guard -> %end {condition = "not (i < N)"}
  sdfg.edge %body -> %guard {assignments = #sdfg.assign<i = "i + 1">}
}

// -----

// The update is not an increment (a while loop): not lifted.
// CHECK-LABEL: sdfg.sdfg "halving"
// CHECK-NOT: sdfg.loop
sdfg.sdfg "halving" [] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.symbol "i" {dtype = #sdfg.dtype<int64>}
  %init = sdfg.state "init" {
  }
  %guard = sdfg.state "guard" {
  }
  %body = sdfg.state "body" {
  }
  %end = sdfg.state "end" {
  }
  sdfg.edge %init -> %guard {assignments = #sdfg.assign<i = N>}
  sdfg.edge %guard -> %body {condition = "i > 1"}
  sdfg.edge %guard -> %end {condition = "not (i > 1)"}
  sdfg.edge %body -> %guard {assignments = #sdfg.assign<i = "int_floor(i, 2)">}
}
