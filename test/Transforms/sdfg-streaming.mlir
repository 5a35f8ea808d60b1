// sdfg-streaming-composition and sdfg-streaming-memory (DaCe's
// StreamingComposition and StreamingMemory): the transient between two maps
// that write and read it in the same order becomes a stream, and the reads
// of fpga_a and fpga_b and the writes of fpga_c move into reader and writer
// maps feeding streams. The program still computes c = 2 * a + b, now as
// processing elements running at once in emulation.
// RUN: sdfg-opt %s --sdfg-list-matches=sdfg-streaming-composition | FileCheck %s --check-prefix=COMPOSE-MATCHES
// RUN: sdfg-opt %s --sdfg-list-matches=sdfg-streaming-memory | FileCheck %s --check-prefix=MEMORY-MATCHES
// RUN: sdfg-opt %s --sdfg-streaming-composition='storage=FPGA_Local' | FileCheck %s --check-prefix=COMPOSE
// RUN: sdfg-opt %s --sdfg-streaming-composition='storage=FPGA_Local' --sdfg-streaming-memory='storage=FPGA_Local buffer-size=4' -o %t.mlir
// RUN: FileCheck %s --check-prefix=MEMORY < %t.mlir
// RUN: sdfg-opt %t.mlir --sdfg-list-matches=sdfg-streaming-memory | FileCheck %s --check-prefix=AGAIN
// RUN: sdfg-opt %t.mlir --sdfg-list-matches=sdfg-streaming-composition | FileCheck %s --check-prefix=AGAIN-COMPOSE
// RUN: sdfg-translate --emit-hls %t.mlir -o %t.hls
// RUN: FileCheck %s --check-prefix=HLS < %t.hls/kernel_k.cpp

// Differential: the streamed program computes what the original computes.
// RUN: python3 %inputs/ramp-npz.py 1000 %t.in.npz %t.unused.npz
// RUN: sdfg-run %s --inputs %t.in.npz -o %t.ref.npz
// RUN: sdfg-run %t.mlir --inputs %t.in.npz --expected %t.ref.npz 2>&1 | FileCheck %s --check-prefix=RUNS
// RUNS: note: FPGA kernels run in software emulation on the CPU
// RUNS: outputs match

// Bad options.
// RUN: not sdfg-opt %s --sdfg-streaming-memory='storage=Nowhere' 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: error: storage=Nowhere: unknown storage `Nowhere`
// RUN: rm -f %t.none.mlir
// RUN: not sdfg-opt %s --sdfg-streaming-composition='buffer-size=0' -o %t.none.mlir 2>&1 | FileCheck %s --check-prefix=ZERO
// ZERO: error: buffer-size: '0' is not a positive integer
// RUN: not test -e %t.none.mlir

// COMPOSE-MATCHES: 0: 'T' in state 'k'
// COMPOSE-MATCHES-NOT: 1:
// MEMORY-MATCHES: 0: reads of 'fpga_a' in state 'k'
// MEMORY-MATCHES-NEXT: 1: reads of 'fpga_b' in state 'k'
// MEMORY-MATCHES-NEXT: 2: writes of 'fpga_c' in state 'k'
// MEMORY-MATCHES-NOT: 3:
// AGAIN: sdfg-streaming-memory: no matches
// AGAIN-COMPOSE: sdfg-streaming-composition: no matches

// COMPOSE-NOT: sdfg.array "T"
// COMPOSE: sdfg.stream "stream_T" {buffer_size = #sdfg.expr<1>, dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>, storage = #sdfg.storage<FPGA_Local>, transient}
// COMPOSE: sdfg.memlet %t1["y"] -> %exit["IN_T"] {data = "stream_T", subset = #sdfg.range<0>}
// COMPOSE: sdfg.memlet %entry["OUT_T"] -> %t2["t"] {data = "stream_T", subset = #sdfg.range<0>}
// COMPOSE-DAG: sdfg.memlet %{{.*}}["OUT_T"] -> %stream_T {data = "stream_T", subset = #sdfg.range<0>}
// COMPOSE-DAG: sdfg.memlet %stream_T_{{[0-9]+}} -> %{{.*}}["IN_T"] {data = "stream_T", subset = #sdfg.range<0>}

// MEMORY: sdfg.stream "stream_fpga_a" {buffer_size = #sdfg.expr<4>
// MEMORY: sdfg.stream "stream_fpga_b" {buffer_size = #sdfg.expr<4>
// MEMORY: sdfg.stream "stream_fpga_c" {buffer_size = #sdfg.expr<4>
// MEMORY: sdfg.map "__sread_stream_fpga_a" ["i"] = 0:N attributes {{.*}}schedule = #sdfg.schedule<FPGA_Device>}
// MEMORY: sdfg.tasklet "read_stream_fpga_a" {code = "__out0 = __inp", ins = {__inp}, outs = {__out0}}
// MEMORY-NEXT: sdfg.memlet %entry["OUT_fpga_a"] -> %read_stream_fpga_a["__inp"] {data = "fpga_a", subset = #sdfg.range<i>}
// MEMORY-NEXT: sdfg.memlet %read_stream_fpga_a["__out0"] -> %exit["IN_stream_fpga_a"] {data = "stream_fpga_a", subset = #sdfg.range<0>}
// MEMORY: sdfg.map "__swrite_stream_fpga_c" ["j"] = 0:N
// MEMORY: sdfg.tasklet "write_stream_fpga_c" {code = "__out = __inp0", ins = {__inp0}, outs = {__out}}
// MEMORY-DAG: sdfg.memlet %fpga_a -> %__sread_stream_fpga_a_entry["IN_fpga_a"] {data = "fpga_a", subset = #sdfg.range<0:N>, volume = #sdfg.expr<N>}
// MEMORY-DAG: sdfg.memlet %__swrite_stream_fpga_c_exit["OUT_fpga_c"] -> %fpga_c {data = "fpga_c", subset = #sdfg.range<0:N>, volume = #sdfg.expr<N>}

// HLS: hls::stream<double> stream_fpga_a
// HLS-NEXT: #pragma HLS STREAM variable=stream_fpga_a depth=4
// HLS: #pragma HLS DATAFLOW
// HLS: SDFG_HLS_DATAFLOW_CALL(kernel_k_pe_{{[0-9]}}, fpga_a, stream_fpga_a, N);

sdfg.sdfg "twice" ["a", "b", "c"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int64>}
  sdfg.array "a" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "b" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "c" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "fpga_a" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>, storage = #sdfg.storage<FPGA_Global>, transient}
  sdfg.array "fpga_b" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>, storage = #sdfg.storage<FPGA_Global>, transient}
  sdfg.array "fpga_c" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>, storage = #sdfg.storage<FPGA_Global>, transient}
  sdfg.array "T" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>, storage = #sdfg.storage<FPGA_Global>, transient}
  %pre = sdfg.state "pre" {
    %a = sdfg.access "a"
    %fa = sdfg.access "fpga_a"
    %b = sdfg.access "b"
    %fb = sdfg.access "fpga_b"
    sdfg.memlet %a -> %fa {data = "a", is_data_src = true, subset = #sdfg.range<0:N>}
    sdfg.memlet %b -> %fb {data = "b", is_data_src = true, subset = #sdfg.range<0:N>}
  }
  %k = sdfg.state "k" {
    %fpga_a = sdfg.access "fpga_a"
    %fpga_b = sdfg.access "fpga_b"
    %T = sdfg.access "T"
    %fpga_c = sdfg.access "fpga_c"
    %e1, %x1 = sdfg.map "double" ["i"] = 0:N attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_T}, exit_outs = {OUT_T}, schedule = #sdfg.schedule<FPGA_Device>} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t1 = sdfg.tasklet "t1" {code = "y = 2 * x", ins = {x}, outs = {y}}
      sdfg.memlet %entry["OUT_A"] -> %t1["x"] {data = "fpga_a", subset = #sdfg.range<i>}
      sdfg.memlet %t1["y"] -> %exit["IN_T"] {data = "T", subset = #sdfg.range<i>}
    }
    %e2, %x2 = sdfg.map "add" ["j"] = 0:N attributes {ins = {IN_T, IN_B}, outs = {OUT_T, OUT_B}, exit_ins = {IN_C}, exit_outs = {OUT_C}, schedule = #sdfg.schedule<FPGA_Device>} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t2 = sdfg.tasklet "t2" {code = "z = t + v", ins = {t, v}, outs = {z}}
      sdfg.memlet %entry["OUT_T"] -> %t2["t"] {data = "T", subset = #sdfg.range<j>}
      sdfg.memlet %entry["OUT_B"] -> %t2["v"] {data = "fpga_b", subset = #sdfg.range<j>}
      sdfg.memlet %t2["z"] -> %exit["IN_C"] {data = "fpga_c", subset = #sdfg.range<j>}
    }
    sdfg.memlet %fpga_a -> %e1["IN_A"] {data = "fpga_a", subset = #sdfg.range<0:N>}
    sdfg.memlet %x1["OUT_T"] -> %T {data = "T", subset = #sdfg.range<0:N>}
    sdfg.memlet %T -> %e2["IN_T"] {data = "T", subset = #sdfg.range<0:N>}
    sdfg.memlet %fpga_b -> %e2["IN_B"] {data = "fpga_b", subset = #sdfg.range<0:N>}
    sdfg.memlet %x2["OUT_C"] -> %fpga_c {data = "fpga_c", subset = #sdfg.range<0:N>}
  }
  %post = sdfg.state "post" {
    %fc = sdfg.access "fpga_c"
    %c = sdfg.access "c"
    sdfg.memlet %fc -> %c {data = "fpga_c", is_data_src = true, subset = #sdfg.range<0:N>}
  }
  sdfg.edge %pre -> %k
  sdfg.edge %k -> %post
}
