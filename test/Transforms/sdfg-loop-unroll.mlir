// sdfg-loop-unroll: a loop with constant bounds becomes one copy of its
// body per iteration.
// RUN: sdfg-opt %s --split-input-file --sdfg-loop-unroll | FileCheck %s
// RUN: sdfg-opt %s --split-input-file --sdfg-list-matches=sdfg-loop-unroll | FileCheck %s --check-prefix=MATCHES
// RUN: sdfg-opt %s --split-input-file --sdfg-loop-unroll='max-iterations=2' | FileCheck %s --check-prefix=SMALL
// RUN: not sdfg-opt %s --split-input-file --sdfg-loop-unroll='max-iterations=0' 2>&1 | FileCheck %s --check-prefix=ZERO

// MATCHES: 0: loop 'l' over i (3 copies)
// MATCHES: 0: loop 'down' over k (2 copies)
// MATCHES: sdfg-loop-unroll: no matches
// MATCHES: sdfg-loop-unroll: no matches
// MATCHES: sdfg-loop-unroll: no matches
// ZERO: error: max-iterations: '0' is not a positive integer
// SMALL-LABEL: sdfg.sdfg "three"
// SMALL: sdfg.loop "l"

// CHECK-LABEL: sdfg.sdfg "three"
// CHECK: %[[R:.*]] = sdfg.region "l" attributes {kind = "ControlFlowRegion"} {
// CHECK-NEXT: %[[I:.*]] = sdfg.state "l_init" {
// CHECK: %[[R0:.*]] = sdfg.region "l_0" attributes {kind = "ControlFlowRegion"} {
// CHECK: sdfg.state "body_0"
// CHECK: {data = "A", subset = "0"}
// CHECK: %[[R1:.*]] = sdfg.region "l_1" attributes {kind = "ControlFlowRegion"} {
// CHECK: {data = "A", subset = "1"}
// CHECK: %[[R2:.*]] = sdfg.region "l_2" attributes {kind = "ControlFlowRegion"} {
// CHECK: sdfg.tasklet "t" {code = "y = i"
// CHECK: {data = "A", subset = "2"}
// CHECK: %[[E:.*]] = sdfg.state "l_end" {
// CHECK: sdfg.edge %[[I]] -> %[[R0]] {assignments = ["i = 0"]}
// CHECK-NEXT: sdfg.edge %[[R0]] -> %[[R1]] {assignments = ["i = 1"]}
// CHECK-NEXT: sdfg.edge %[[R1]] -> %[[R2]] {assignments = ["i = 2"]}
// CHECK-NEXT: sdfg.edge %[[R2]] -> %[[E]] {assignments = ["i = 3"]}
// CHECK-NOT: sdfg.loop
sdfg.sdfg "three" ["A"] attributes {experimental_blocks} {
  sdfg.symbol "i" {dtype = "int64"}
  sdfg.array "A" {dtype = "float64", shape = ["3"]}
  %l = sdfg.loop "l" attributes {condition = "i < 3", init = "i = 0", loop_variable = "i", update = "i = i + 1"} {
    %s = sdfg.state "body" {
      %a = sdfg.access "A"
      %t = sdfg.tasklet "t" {code = "y = i", outs = {y}}
      sdfg.memlet %t["y"] -> %a {data = "A", subset = "i"}
    }
  }
}

// -----

// Counting down: k = 5, 3.
// CHECK-LABEL: sdfg.sdfg "down"
// CHECK: {data = "A", subset = "5"}
// CHECK: {data = "A", subset = "3"}
// CHECK: sdfg.edge %{{.*}} -> %{{.*}} {assignments = ["k = 1"]}
sdfg.sdfg "down" ["A"] attributes {experimental_blocks} {
  sdfg.symbol "k" {dtype = "int64"}
  sdfg.array "A" {dtype = "float64", shape = ["6"]}
  %l = sdfg.loop "down" attributes {condition = "k >= 2", init = "k = 5", loop_variable = "k", update = "k = k - 2"} {
    %s = sdfg.state "body" {
      %a = sdfg.access "A"
      %t = sdfg.tasklet "t" {code = "y = 1", outs = {y}}
      sdfg.memlet %t["y"] -> %a {data = "A", subset = "k"}
    }
  }
}

// -----

// Symbolic bounds: not unrolled.
// CHECK-LABEL: sdfg.sdfg "symbolic"
// CHECK: sdfg.loop
sdfg.sdfg "symbolic" ["A"] attributes {experimental_blocks} {
  sdfg.symbol "N" {dtype = "int32"}
  sdfg.symbol "i" {dtype = "int64"}
  sdfg.array "A" {dtype = "float64", shape = ["N"]}
  %l = sdfg.loop "l" attributes {condition = "i < N", init = "i = 0", loop_variable = "i", update = "i = i + 1"} {
    %s = sdfg.state "body" {
    }
  }
}

// -----

// The body assigns the loop variable.
// CHECK-LABEL: sdfg.sdfg "assigns_var"
// CHECK: sdfg.loop
sdfg.sdfg "assigns_var" [] attributes {experimental_blocks} {
  sdfg.symbol "i" {dtype = "int64"}
  %l = sdfg.loop "l" attributes {condition = "i < 4", init = "i = 0", loop_variable = "i", update = "i = i + 1"} {
    %s = sdfg.state "a" {
    }
    %s2 = sdfg.state "b" {
    }
    sdfg.edge %s -> %s2 {assignments = ["i = i + 1"]}
  }
}

// -----

// A break leaves the loop early.
// CHECK-LABEL: sdfg.sdfg "with_break"
// CHECK: sdfg.loop
sdfg.sdfg "with_break" [] attributes {experimental_blocks} {
  sdfg.symbol "i" {dtype = "int64"}
  %l = sdfg.loop "l" attributes {condition = "i < 4", init = "i = 0", loop_variable = "i", update = "i = i + 1"} {
    %s = sdfg.state "a" {
    }
    %b = sdfg.break "stop"
    sdfg.edge %s -> %b {condition = "i == 2"}
  }
}
