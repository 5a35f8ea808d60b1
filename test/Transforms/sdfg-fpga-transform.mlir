// sdfg-fpga-transform (DaCe's FPGATransformSDFG): the program becomes an
// FPGA_Device nested SDFG between a state copying the array arguments into
// FPGA_Global copies and one copying the written ones back; top-level maps
// run on the FPGA. The result runs in software emulation.
// RUN: sdfg-opt %s --sdfg-fpga-transform | FileCheck %s
// RUN: sdfg-opt %s --sdfg-list-matches=sdfg-fpga-transform | FileCheck %s --check-prefix=MATCHES
// RUN: sdfg-opt %s --sdfg-fpga-transform -o %t.fpga.mlir
// RUN: sdfg-opt %t.fpga.mlir --sdfg-list-matches=sdfg-fpga-transform | FileCheck %s --check-prefix=AGAIN
// RUN: sdfg-translate --emit-hls %t.fpga.mlir -o %t.hls
// RUN: FileCheck %s --check-prefix=HLS < %t.hls/kernel_scale.cpp

// Symbols the program assigns stay inside; a consume scope is refused.
// RUN: sdfg-translate --import-sdfg %corpus/syrk.frontend.sdfg -o %t.syrk.mlir
// RUN: sdfg-opt %t.syrk.mlir --sdfg-fpga-transform -o %t.syrk.fpga.mlir
// RUN: sdfg-run %t.syrk.fpga.mlir --inputs %corpus/syrk.npz --expected %corpus/syrk.npz --manifest %corpus/syrk.json 2>&1 | FileCheck %s --check-prefix=RUNS
// RUNS: note: FPGA kernels run in software emulation on the CPU
// RUNS: outputs match
// RUN: sdfg-translate --import-sdfg %corpus/consume_fib.simplified.sdfg -o %t.fib.mlir
// RUN: not sdfg-opt %t.fib.mlir --sdfg-fpga-transform 2>&1 | FileCheck %s --check-prefix=CONSUME
// CONSUME: error: sdfg-fpga-transform: consume scope '{{.*}}' has no FPGA form (DaCe refuses it too)

// MATCHES: 0: the whole SDFG
// AGAIN: sdfg-fpga-transform: no matches

// CHECK-LABEL: sdfg.sdfg "scale" ["A", "B"]
// CHECK-NOT: sdfg.array "T"
// CHECK: sdfg.array "fpga_A" {{.*}}storage = #sdfg.storage<FPGA_Global>, transient}
// CHECK: sdfg.array "fpga_B" {{.*}}storage = #sdfg.storage<FPGA_Global>, transient}
// CHECK: sdfg.state "pre_scale"
// CHECK-DAG: sdfg.memlet %A -> %fpga_A {data = "A", is_data_src = true
// CHECK-DAG: sdfg.memlet %B -> %fpga_B {data = "B", is_data_src = true
// CHECK: sdfg.nested "scale" attributes {extra = "{\22schedule\22:\22FPGA_Device\22}", ins = {A, B}, outs = {B}, symbol_mapping = #sdfg.symbols<N = N>}
// CHECK: sdfg.array "T" {{.*}}transient}
// CHECK: sdfg.map "double" ["i"] = 0:N {{.*}}schedule = #sdfg.schedule<FPGA_Device>
// CHECK: sdfg.memlet %fpga_A -> %{{.*}}["A"] {data = "fpga_A"
// CHECK: sdfg.state "post_scale"
// CHECK-NEXT: %fpga_B = sdfg.access "fpga_B"
// CHECK-NEXT: %B = sdfg.access "B"
// CHECK-NEXT: sdfg.memlet %fpga_B -> %B {data = "fpga_B", is_data_src = true
// CHECK-NOT: %A = sdfg.access "A"

// HLS: #pragma HLS PIPELINE II=1
// HLS: extern "C" void kernel_scale(double* fpga_A, double* fpga_B, long long N) {
sdfg.sdfg "scale" ["A", "B"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int64>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "T" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>, transient}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %T = sdfg.access "T"
    %B = sdfg.access "B"
    %e, %x = sdfg.map "double" ["i"] = 0:N attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_T}, exit_outs = {OUT_T}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "b = 2 * a", ins = {a}, outs = {b}}
      sdfg.memlet %entry["OUT_A"] -> %t["a"] {data = "A", subset = #sdfg.range<i>}
      sdfg.memlet %t["b"] -> %exit["IN_T"] {data = "T", subset = #sdfg.range<i>}
    }
    sdfg.memlet %A -> %e["IN_A"] {data = "A", subset = #sdfg.range<0:N>}
    sdfg.memlet %x["OUT_T"] -> %T {data = "T", subset = #sdfg.range<0:N>}
    sdfg.memlet %T -> %B {data = "T", subset = #sdfg.range<0:N>, other_subset = #sdfg.range<0:N>}
  }
}
