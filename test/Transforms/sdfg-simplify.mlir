// sdfg-simplify: DaCe's simplify pipeline to a fixed point.
// RUN: sdfg-opt %s --split-input-file --sdfg-simplify | FileCheck %s
// RUN: sdfg-opt %s --split-input-file --sdfg-list-matches=sdfg-simplify | FileCheck %s --check-prefix=MATCHES

// MATCHES: 0: the whole SDFG; applicable now: sdfg-constant-propagation (1)
// MATCHES: sdfg-simplify: no matches

// Constant propagation decides the branch; dead state elimination drops the
// other side, and the remaining states fuse into one.
// CHECK-LABEL: sdfg.sdfg "frontend_like"
// CHECK-NOT: sdfg.symbol "flag"
// CHECK: sdfg.state "init" {
// CHECK: sdfg.tasklet "one"
// CHECK: sdfg.tasklet "copy"
// CHECK-NOT: sdfg.state
// CHECK-NOT: sdfg.edge
sdfg.sdfg "frontend_like" ["X", "Y"] {
  sdfg.symbol "flag" {dtype = "int64"}
  sdfg.array "X" {dtype = "float64", shape = ["1"]}
  sdfg.array "Y" {dtype = "float64", shape = ["1"]}
  %init = sdfg.state "init" {
  }
  %a = sdfg.state "a" {
    %t = sdfg.tasklet "one" {code = "o = 1.0", outs = {o}}
    %x = sdfg.access "X"
    sdfg.memlet %t["o"] -> %x {data = "X", subset = "0"}
  }
  %dead = sdfg.state "dead" {
    %t = sdfg.tasklet "two" {code = "o = 2.0", outs = {o}}
    %y = sdfg.access "Y"
    sdfg.memlet %t["o"] -> %y {data = "Y", subset = "0"}
  }
  %b = sdfg.state "b" {
    %x = sdfg.access "X"
    %t = sdfg.tasklet "copy" {code = "o = i", ins = {i}, outs = {o}}
    %y = sdfg.access "Y"
    sdfg.memlet %x -> %t["i"] {data = "X", subset = "0"}
    sdfg.memlet %t["o"] -> %y {data = "Y", subset = "0"}
  }
  sdfg.edge %init -> %a {assignments = ["flag = 1"]}
  sdfg.edge %a -> %b {condition = "flag > 0"}
  sdfg.edge %a -> %dead {condition = "flag <= 0"}
}

// -----

// Nothing to do: the IR comes back unchanged.
// CHECK-LABEL: sdfg.sdfg "simple"
// CHECK: sdfg.state "s" {
sdfg.sdfg "simple" ["X"] {
  sdfg.array "X" {dtype = "float64", shape = ["1"]}
  %s = sdfg.state "s" {
    %t = sdfg.tasklet "one" {code = "o = 1.0", outs = {o}}
    %x = sdfg.access "X"
    sdfg.memlet %t["o"] -> %x {data = "X", subset = "0"}
  }
}
