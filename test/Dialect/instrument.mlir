// DaCe's `instrument` property is a typed attribute: #sdfg.instrument on
// SDFGs, states, scopes, tasklets and nested SDFGs, #sdfg.data_instrument
// on access nodes. Every member survives the dialect
// and the .sdfg round trip; No_Instrumentation, DaCe's default, is not
// written.
// RUN: sdfg-opt %s | sdfg-opt | FileCheck %s
// RUN: sdfg-opt %s --mlir-print-op-generic | sdfg-opt | FileCheck %s
// RUN: sdfg-translate --export-sdfg %s -o %t.sdfg
// RUN: FileCheck %s --check-prefix=JSON < %t.sdfg
// RUN: sdfg-translate --import-sdfg %t.sdfg -o %t.back.mlir
// RUN: FileCheck %s < %t.back.mlir
// RUN: FileCheck %s --check-prefix=BACK < %t.back.mlir
// BACK-NOT: No_Instrumentation

// JSON-DAG: "instrument": "LIKWID_CPU"
// JSON-DAG: "instrument": "Timer"
// JSON-DAG: "instrument": "PAPI_Counters"
// JSON-DAG: "instrument": "LIKWID_GPU"
// JSON-DAG: "instrument": "GPU_Events"
// JSON-DAG: "instrument": "FPGA"
// JSON-DAG: "instrument": "Save"
// JSON-DAG: "instrument": "Restore"
// JSON-DAG: "symbol_instrument": "Restore"
// JSON-NOT: No_Instrumentation

// CHECK-LABEL: sdfg.sdfg "instr" ["A", "B"] attributes {instrument = #sdfg.instrument<LIKWID_CPU>}
sdfg.sdfg "instr" ["A", "B"] attributes {instrument = #sdfg.instrument<LIKWID_CPU>} {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.stream "S" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>, transient}
  // CHECK: sdfg.state "compute" attributes {extra = "{\22symbol_instrument\22:\22Restore\22}", instrument = #sdfg.instrument<Timer>}
  %s0 = sdfg.state "compute" attributes {instrument = #sdfg.instrument<Timer>, extra = "{\"symbol_instrument\":\"Restore\"}"} {
    // CHECK: sdfg.access "A" {instrument = #sdfg.data_instrument<Save>}
    %a = sdfg.access "A" {instrument = #sdfg.data_instrument<Save>}
    // CHECK: sdfg.access "B" {instrument = #sdfg.data_instrument<Restore>}
    %b = sdfg.access "B" {instrument = #sdfg.data_instrument<Restore>}
    // CHECK: sdfg.map "m" ["j"] = 0:N attributes {exit_ins = {IN_B}, exit_outs = {OUT_B}, ins = {IN_A}, instrument = #sdfg.instrument<PAPI_Counters>, outs = {OUT_A}}
    %me, %mx = sdfg.map "m" ["j"] = 0:N attributes {instrument = #sdfg.instrument<PAPI_Counters>, ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_B}, exit_outs = {OUT_B}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      // CHECK: sdfg.tasklet "twice" {code = "y = 2 * x", ins = {x}, instrument = #sdfg.instrument<LIKWID_GPU>, outs = {y}}
      %t = sdfg.tasklet "twice" {code = "y = 2 * x", ins = {x}, outs = {y}, instrument = #sdfg.instrument<LIKWID_GPU>}
      sdfg.memlet %entry["OUT_A"] -> %t["x"] {data = "A", subset = #sdfg.range<j>}
      sdfg.memlet %t["y"] -> %exit["IN_B"] {data = "B", subset = #sdfg.range<j>}
    }
    sdfg.memlet %a -> %me["IN_A"] {data = "A", subset = #sdfg.range<0:N>}
    sdfg.memlet %mx["OUT_B"] -> %b {data = "B", subset = #sdfg.range<0:N>}
  }
  // CHECK: sdfg.state "streams"
  %s1 = sdfg.state "streams" attributes {instrument = #sdfg.instrument<No_Instrumentation>} {
    // CHECK: sdfg.access "S"
    %s = sdfg.access "S" {instrument = #sdfg.data_instrument<No_Instrumentation>}
    %b = sdfg.access "B"
    // CHECK: sdfg.consume "c" attributes {exit_ins = {IN_B}, exit_outs = {OUT_B}, ins = {IN_stream}, instrument = #sdfg.instrument<GPU_Events>, num_pes = #sdfg.expr<2>, outs = {OUT_stream}, pe_index = "p"}
    %ce, %cx = sdfg.consume "c" attributes {instrument = #sdfg.instrument<GPU_Events>, pe_index = "p", num_pes = #sdfg.expr<2>, ins = {IN_stream}, outs = {OUT_stream}, exit_ins = {IN_B}, exit_outs = {OUT_B}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "pop" {code = "o = e", ins = {e}, outs = {o}}
      sdfg.memlet %entry["OUT_stream"] -> %t["e"] {data = "S", subset = #sdfg.range<0>, dynamic}
      sdfg.memlet %t["o"] -> %exit["IN_B"] {data = "B", subset = #sdfg.range<0:N>, dynamic, wcr = #sdfg.wcr<Sum, "lambda a, b: a + b">}
    }
    sdfg.memlet %s -> %ce["IN_stream"] {data = "S", subset = #sdfg.range<0>, dynamic}
    sdfg.memlet %cx["OUT_B"] -> %b {data = "B", subset = #sdfg.range<0:N>, dynamic, wcr = #sdfg.wcr<Sum, "lambda a, b: a + b">}
  }
  %s2 = sdfg.state "calls" {
    %a = sdfg.access "A"
    %b = sdfg.access "B"
    %r = sdfg.library "sum" {classpath = "dace.libraries.standard.nodes.reduce.Reduce", properties = "{\"wcr\":\"lambda a, b: a + b\"}"}
    // CHECK: sdfg.nested "inner" attributes {ins = {X}, instrument = #sdfg.instrument<Timer>, outs = {X}, symbol_mapping = #sdfg.symbols<M = N>} {
    %n = sdfg.nested "inner" attributes {instrument = #sdfg.instrument<Timer>, ins = {X}, outs = {X}, symbol_mapping = #sdfg.symbols<M = N>} {
      // CHECK: sdfg.sdfg "inner" ["X"] attributes {instrument = #sdfg.instrument<PAPI_Counters>} {
      sdfg.sdfg "inner" ["X"] attributes {instrument = #sdfg.instrument<PAPI_Counters>} {
        sdfg.symbol "M" {dtype = #sdfg.dtype<int32>}
        sdfg.array "X" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<M>}
        // CHECK: sdfg.state "empty" attributes {instrument = #sdfg.instrument<FPGA>}
        %e = sdfg.state "empty" attributes {instrument = #sdfg.instrument<FPGA>} {
        }
      }
    }
    sdfg.memlet %a -> %r {data = "A", subset = #sdfg.range<0:N>}
    sdfg.memlet %r -> %b {data = "B", subset = #sdfg.range<0>}
    sdfg.memlet %b -> %n["X"] {data = "B", subset = #sdfg.range<0:N>}
    %b2 = sdfg.access "B"
    sdfg.memlet %n["X"] -> %b2 {data = "B", subset = #sdfg.range<0:N>}
  }
  sdfg.edge %s0 -> %s1
  sdfg.edge %s1 -> %s2
}
