// sdfg-auto-optimize: simplify, loops to maps, collapse and fuse maps.
// RUN: sdfg-opt %s --split-input-file --sdfg-auto-optimize | FileCheck %s
// RUN: sdfg-opt %s --split-input-file --sdfg-auto-optimize='device=cpu' | FileCheck %s
// RUN: not sdfg-opt %s --split-input-file --sdfg-auto-optimize='device=fpga' 2>&1 | FileCheck %s --check-prefix=DEVICE
// RUN: sdfg-opt %s --split-input-file --sdfg-list-matches=sdfg-auto-optimize | FileCheck %s --check-prefix=MATCHES

// DEVICE: error: sdfg-auto-optimize: device 'fpga' has no back end (known: cpu)
// MATCHES: 0: the whole SDFG; applicable now: sdfg-loop-to-map (1)

// A frontend-style loop (guard and latch states) over independent
// iterations becomes one parallel map whose body is the loop body, inlined.
// CHECK-LABEL: sdfg.sdfg "frontend_loop"
// CHECK-NOT: sdfg.loop
// CHECK-NOT: sdfg.nested
// CHECK: sdfg.map "{{.*}}" ["i"] = "0:N"
// CHECK: sdfg.tasklet "t" {code = "y = x + 1"
// CHECK-NOT: sdfg.state
sdfg.sdfg "frontend_loop" ["A", "B"] {
  sdfg.symbol "N" {dtype = "int32"}
  sdfg.symbol "i" {dtype = "int64"}
  sdfg.array "A" {dtype = "float64", shape = ["N"]}
  sdfg.array "B" {dtype = "float64", shape = ["N"]}
  %init = sdfg.state "init" {
  }
  %guard = sdfg.state "guard" {
  }
  %body = sdfg.state "body" {
    %a = sdfg.access "A"
    %b = sdfg.access "B"
    %t = sdfg.tasklet "t" {code = "y = x + 1", ins = {x}, outs = {y}}
    sdfg.memlet %a -> %t["x"] {data = "A", subset = "i"}
    sdfg.memlet %t["y"] -> %b {data = "B", subset = "i"}
  }
  %end = sdfg.state "end" {
  }
  sdfg.edge %init -> %guard {assignments = ["i = 0"]}
  sdfg.edge %guard -> %body {condition = "i < N"}
  sdfg.edge %guard -> %end {condition = "not (i < N)"}
  sdfg.edge %body -> %guard {assignments = ["i = i + 1"]}
}
