// sdfg-loop-peeling: the first or last iterations run as body copies.
// RUN: sdfg-opt %s --split-input-file --sdfg-loop-peeling | FileCheck %s
// RUN: sdfg-opt %s --split-input-file --pass-pipeline='builtin.module(sdfg-loop-peeling{begin=false})' | FileCheck %s --check-prefix=END
// RUN: sdfg-opt %s --split-input-file --sdfg-list-matches=sdfg-loop-peeling | FileCheck %s --check-prefix=MATCHES
// RUN: not sdfg-opt %s --split-input-file --pass-pipeline='builtin.module(sdfg-loop-peeling{begin=maybe})' 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: begin: 'maybe' is not true or false

// MATCHES: 0: loop 'l' over i (first 1)
// MATCHES: sdfg-loop-peeling: no matches
// MATCHES: sdfg-loop-peeling: no matches
// MATCHES: 0: loop 'l' over i (first 1, guarded)

// Constant bounds running at least once: no guard; the copy gets the
// value; the loop starts one step later. Counting down by 2 from 10.
// CHECK-LABEL: sdfg.sdfg "constant"
// CHECK: sdfg.region "l_peeled"
// CHECK: sdfg.region "l_peel_0_if"
// CHECK: sdfg.memlet %A -> %t["x"] {data = "A", subset = #sdfg.range<10>}
// CHECK: sdfg.edge %l_peel_set_0 -> %l_peel_0 {assignments = #sdfg.assign<i = 10>}
// CHECK: sdfg.loop "l" attributes {condition = "i > 0", init = "i = 8", loop_variable = "i", update = "i = i - 2"}
// At the end: the loop stops one step early, the copy takes the last
// value (2), and the variable ends at 0 as after the loop.
// END-LABEL: sdfg.sdfg "constant"
// END: sdfg.loop "l" attributes {condition = "i >= 3", init = "i = 10"
// END: sdfg.edge %l_peel_set_0 -> %l_peel_0 {assignments = #sdfg.assign<i = 2>}
// END: sdfg.edge %l_peel_0_if -> %l_peel_end {assignments = #sdfg.assign<i = 0>}
sdfg.sdfg "constant" ["A"] attributes {experimental_blocks} {
  sdfg.symbol "i" {dtype = #sdfg.dtype<int64>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<11>}
  %l = sdfg.loop "l" attributes {condition = "i > 0", init = "i = 10", loop_variable = "i", update = "i = i - 2"} {
    %s = sdfg.state "body" {
      %a = sdfg.access "A"
      %b = sdfg.access "A"
      %t = sdfg.tasklet "t" {code = "y = x + 1", ins = {x}, outs = {y}}
      sdfg.memlet %a -> %t["x"] {data = "A", subset = #sdfg.range<i>}
      sdfg.memlet %t["y"] -> %b {data = "A", subset = #sdfg.range<i>}
    }
  }
}

// -----

// Refused: a symbolic bound (copies need guards) while the variable is
// read after the loop.
// CHECK-LABEL: sdfg.sdfg "used_after"
// CHECK-NOT: peel
sdfg.sdfg "used_after" ["A"] attributes {experimental_blocks} {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int64>}
  sdfg.symbol "i" {dtype = #sdfg.dtype<int64>}
  sdfg.symbol "k" {dtype = #sdfg.dtype<int64>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  %l = sdfg.loop "l" attributes {condition = "i < N", init = "i = 0", loop_variable = "i", update = "i = i + 1"} {
    %s = sdfg.state "body" {
      %t = sdfg.tasklet "t" {code = "y = 1.0", outs = {y}}
      %a = sdfg.access "A"
      sdfg.memlet %t["y"] -> %a {data = "A", subset = #sdfg.range<i>}
    }
  }
  %after = sdfg.state "after" {
  }
  sdfg.edge %l -> %after {assignments = #sdfg.assign<k = i>}
}

// -----

// Refused: the body changes the bound.
// CHECK-LABEL: sdfg.sdfg "moving_bound"
// CHECK-NOT: peel
sdfg.sdfg "moving_bound" ["A"] attributes {experimental_blocks} {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int64>}
  sdfg.symbol "i" {dtype = #sdfg.dtype<int64>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<100>}
  %l = sdfg.loop "l" attributes {condition = "i < N", init = "i = 0", loop_variable = "i", update = "i = i + 1"} {
    %s = sdfg.state "body" {
    }
    %s2 = sdfg.state "shrink" {
    }
    sdfg.edge %s -> %s2 {assignments = #sdfg.assign<N = "N - 1">}
  }
}

// -----

// Guarded copies with a symbolic bound.
// CHECK-LABEL: sdfg.sdfg "guarded"
// CHECK: sdfg.branch "l_peel_0_if_then" attributes {condition = "0 <= N - 1"}
// END-LABEL: sdfg.sdfg "guarded"
// END: sdfg.loop "l" attributes {condition = "i <= N - 2"
// END: sdfg.branch "l_peel_0_if_then" attributes {condition = "i <= N - 1"}
// END-NOT: l_peel_end
sdfg.sdfg "guarded" ["A"] attributes {experimental_blocks} {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int64>}
  sdfg.symbol "i" {dtype = #sdfg.dtype<int64>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  %l = sdfg.loop "l" attributes {condition = "i < N", init = "i = 0", loop_variable = "i", update = "i = i + 1"} {
    %s = sdfg.state "body" {
      %t = sdfg.tasklet "t" {code = "y = 1.0", outs = {y}}
      %a = sdfg.access "A"
      sdfg.memlet %t["y"] -> %a {data = "A", subset = #sdfg.range<i>}
    }
  }
}
