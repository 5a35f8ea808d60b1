// sdfg-auto-optimize{device=fpga} (DaCe's FPGA recipe): the CPU recipe's
// simplification and fusion, then the FPGA transform; the transient T of
// the kernel's one state (64 doubles) moves into FPGA-local memory, and the
// FPGA global arrays are spread over the memory banks, which the emitted
// build connects each kernel port to. sdfg-fpga-local-storage alone does
// the same move, bounded by max-size.
// RUN: sdfg-opt %s --sdfg-auto-optimize='device=fpga' -o %t.mlir
// RUN: FileCheck %s < %t.mlir
// RUN: sdfg-opt %s --sdfg-list-matches='sdfg-auto-optimize device=fpga' | FileCheck %s --check-prefix=MATCHES
// RUN: sdfg-translate --emit-hls %t.mlir -o %t.hls
// RUN: FileCheck %s --check-prefix=BANKS < %t.hls/connectivity.cfg
// RUN: FileCheck %s --check-prefix=MAKE < %t.hls/Makefile
// RUN: FileCheck %s --check-prefix=HLS < %t.hls/kernel_reverse.cpp

// Differential: the optimized program computes what the original computes.
// RUN: python3 %inputs/ramp-npz.py 64 %t.in.npz %t.unused.npz
// RUN: sdfg-run %s --inputs %t.in.npz -o %t.ref.npz
// RUN: sdfg-run %t.mlir --inputs %t.in.npz --expected %t.ref.npz 2>&1 | FileCheck %s --check-prefix=RUNS
// RUNS: note: FPGA kernels run in software emulation on the CPU
// RUNS: outputs match

// The local-storage step alone, after the FPGA transform; max-size in bytes.
// RUN: sdfg-opt %s --sdfg-fpga-transform -o %t.fpga.mlir
// RUN: sdfg-opt %t.fpga.mlir --sdfg-list-matches=sdfg-fpga-local-storage | FileCheck %s --check-prefix=LOCAL
// RUN: sdfg-opt %t.fpga.mlir --sdfg-list-matches='sdfg-fpga-local-storage max-size=256' | FileCheck %s --check-prefix=SMALL
// RUN: sdfg-opt %t.fpga.mlir --sdfg-fpga-local-storage | FileCheck %s --check-prefix=MOVED
// LOCAL: 0: in nested SDFG 'reverse': transient 'T'
// SMALL: sdfg-fpga-local-storage: no matches
// MOVED: sdfg.array "T" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<64>, storage = #sdfg.storage<FPGA_Local>, transient}

// MATCHES: 0: the whole SDFG; for the FPGA

// CHECK: sdfg.array "fpga_a" {dtype = #sdfg.dtype<float64>, extra = "{\22location\22:{\22bank\22:\220\22}}", shape = #sdfg.exprs<64>, storage = #sdfg.storage<FPGA_Global>, transient}
// CHECK: sdfg.array "fpga_c" {dtype = #sdfg.dtype<float64>, extra = "{\22location\22:{\22bank\22:\221\22}}", shape = #sdfg.exprs<64>, storage = #sdfg.storage<FPGA_Global>, transient}
// CHECK: sdfg.nested "reverse" attributes {extra = "{\22schedule\22:\22FPGA_Device\22}"
// CHECK: sdfg.array "T" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<64>, storage = #sdfg.storage<FPGA_Local>, transient}
// CHECK: schedule = #sdfg.schedule<FPGA_Device>

// BANKS: [connectivity]
// BANKS-NEXT: sp=kernel_reverse_1.fpga_a:DDR[0]
// BANKS-NEXT: sp=kernel_reverse_1.fpga_c:DDR[1]
// MAKE: v++ -l -t $(TARGET) --platform $(PLATFORM) --config connectivity.cfg -o $@ $^
// HLS: double T[64] = {};
// HLS: T[i] = y;

sdfg.sdfg "reverse" ["a", "c"] {
  sdfg.array "a" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<64>}
  sdfg.array "c" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<64>}
  sdfg.array "T" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<64>, transient}
  %s = sdfg.state "s" {
    %a = sdfg.access "a"
    %T = sdfg.access "T"
    %c = sdfg.access "c"
    %e1, %x1 = sdfg.map "double" ["i"] = 0:64 attributes {ins = {IN_a}, outs = {OUT_a}, exit_ins = {IN_T}, exit_outs = {OUT_T}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t1 = sdfg.tasklet "t1" {code = "y = 2 * x", ins = {x}, outs = {y}}
      sdfg.memlet %entry["OUT_a"] -> %t1["x"] {data = "a", subset = #sdfg.range<i>}
      sdfg.memlet %t1["y"] -> %exit["IN_T"] {data = "T", subset = #sdfg.range<i>}
    }
    %e2, %x2 = sdfg.map "flip" ["j"] = 0:64 attributes {ins = {IN_T}, outs = {OUT_T}, exit_ins = {IN_c}, exit_outs = {OUT_c}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t2 = sdfg.tasklet "t2" {code = "z = t + 1", ins = {t}, outs = {z}}
      sdfg.memlet %entry["OUT_T"] -> %t2["t"] {data = "T", subset = #sdfg.range<"63 - j">}
      sdfg.memlet %t2["z"] -> %exit["IN_c"] {data = "c", subset = #sdfg.range<j>}
    }
    sdfg.memlet %a -> %e1["IN_a"] {data = "a", subset = #sdfg.range<0:64>}
    sdfg.memlet %x1["OUT_T"] -> %T {data = "T", subset = #sdfg.range<0:64>}
    sdfg.memlet %T -> %e2["IN_T"] {data = "T", subset = #sdfg.range<0:64>}
    sdfg.memlet %x2["OUT_c"] -> %c {data = "c", subset = #sdfg.range<0:64>}
  }
}
