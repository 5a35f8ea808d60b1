// sdfg-fpga-transform-state (DaCe's FPGATransformState): one state runs on
// the FPGA between a pre_ state copying what it reads (the argument b and
// the transient T that the first state writes) into FPGA global copies
// and a post_ state copying what it writes back; the first state stays on
// the host. The result runs in software emulation.
// RUN: sdfg-opt %s --sdfg-list-matches=sdfg-fpga-transform-state | FileCheck %s --check-prefix=MATCHES
// RUN: sdfg-opt %s --sdfg-fpga-transform-state='state=second' -o %t.mlir
// RUN: FileCheck %s < %t.mlir
// RUN: not sdfg-opt %s --sdfg-fpga-transform-state='state=nowhere' 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: python3 %inputs/ramp-npz.py 100 %t.in.npz %t.unused.npz
// RUN: sdfg-run %s --inputs %t.in.npz -o %t.ref.npz
// RUN: sdfg-run %t.mlir --inputs %t.in.npz --expected %t.ref.npz 2>&1 | FileCheck %s --check-prefix=RUNS
// RUNS: note: FPGA kernels run in software emulation on the CPU
// RUNS: outputs match

// MATCHES: 0: state 'first'
// MATCHES-NEXT: 1: state 'second'
// BAD: error: state=nowhere: no such state where the transformation applies

// CHECK-DAG: sdfg.array "fpga_T" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>, storage = #sdfg.storage<FPGA_Global>, transient}
// CHECK-DAG: sdfg.array "fpga_b" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>, storage = #sdfg.storage<FPGA_Global>, transient}
// CHECK-DAG: sdfg.array "fpga_c" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>, storage = #sdfg.storage<FPGA_Global>, transient}
// CHECK: sdfg.state "first"
// CHECK: sdfg.map "double" ["i"] = 0:N {{.*}}{
// CHECK-NOT: FPGA_Device
// CHECK: sdfg.state "second"
// CHECK: sdfg.map "add" ["j"] = 0:N {{.*}}schedule = #sdfg.schedule<FPGA_Device>
// CHECK: sdfg.memlet %entry["OUT_T"] -> %t2["t"] {data = "fpga_T", subset = #sdfg.range<j>}
// CHECK: sdfg.state "pre_second"
// CHECK-DAG: sdfg.memlet %T -> %fpga_T {data = "T", is_data_src = true
// CHECK-DAG: sdfg.memlet %b -> %fpga_b {data = "b", is_data_src = true
// CHECK-DAG: sdfg.memlet %c -> %fpga_c {data = "c", is_data_src = true
// CHECK: sdfg.state "post_second"
// CHECK-NEXT: %fpga_c = sdfg.access "fpga_c"
// CHECK-NEXT: %c = sdfg.access "c"
// CHECK-NEXT: sdfg.memlet %fpga_c -> %c
// CHECK: sdfg.edge %first -> %pre_second
// CHECK: sdfg.edge %pre_second -> %second
// CHECK: sdfg.edge %second -> %post_second

sdfg.sdfg "two" ["a", "b", "c"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int64>}
  sdfg.array "a" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "b" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "c" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "T" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>, transient}
  %first = sdfg.state "first" {
    %a = sdfg.access "a"
    %T = sdfg.access "T"
    %e1, %x1 = sdfg.map "double" ["i"] = 0:N attributes {ins = {IN_a}, outs = {OUT_a}, exit_ins = {IN_T}, exit_outs = {OUT_T}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t1 = sdfg.tasklet "t1" {code = "y = 2 * x", ins = {x}, outs = {y}}
      sdfg.memlet %entry["OUT_a"] -> %t1["x"] {data = "a", subset = #sdfg.range<i>}
      sdfg.memlet %t1["y"] -> %exit["IN_T"] {data = "T", subset = #sdfg.range<i>}
    }
    sdfg.memlet %a -> %e1["IN_a"] {data = "a", subset = #sdfg.range<0:N>}
    sdfg.memlet %x1["OUT_T"] -> %T {data = "T", subset = #sdfg.range<0:N>}
  }
  %second = sdfg.state "second" {
    %T = sdfg.access "T"
    %b = sdfg.access "b"
    %c = sdfg.access "c"
    %e2, %x2 = sdfg.map "add" ["j"] = 0:N attributes {ins = {IN_T, IN_b}, outs = {OUT_T, OUT_b}, exit_ins = {IN_c}, exit_outs = {OUT_c}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t2 = sdfg.tasklet "t2" {code = "z = t + v", ins = {t, v}, outs = {z}}
      sdfg.memlet %entry["OUT_T"] -> %t2["t"] {data = "T", subset = #sdfg.range<j>}
      sdfg.memlet %entry["OUT_b"] -> %t2["v"] {data = "b", subset = #sdfg.range<j>}
      sdfg.memlet %t2["z"] -> %exit["IN_c"] {data = "c", subset = #sdfg.range<j>}
    }
    sdfg.memlet %T -> %e2["IN_T"] {data = "T", subset = #sdfg.range<0:N>}
    sdfg.memlet %b -> %e2["IN_b"] {data = "b", subset = #sdfg.range<0:N>}
    sdfg.memlet %x2["OUT_c"] -> %c {data = "c", subset = #sdfg.range<0:N>}
  }
  sdfg.edge %first -> %second
}
