// One pass manager: transformations and upstream passes run in the order of
// the command line, each may take options, and each shows in the IR dumps
// and the timings.
// RUN: sdfg-opt %s --canonicalize --sdfg-map-tiling='tile-sizes=8' --cse --mlir-print-ir-after-all -o /dev/null 2>&1 | FileCheck %s --check-prefix=ORDER
// RUN: sdfg-opt %s --sdfg-map-tiling='tile-sizes=8' --canonicalize --mlir-print-ir-after-all -o /dev/null 2>&1 | FileCheck %s --check-prefix=REVERSED
// RUN: sdfg-opt %s --sdfg-map-tiling='tile-sizes=8' --sdfg-map-tiling='tile-sizes=2' --mlir-print-ir-after-all -o /dev/null 2>&1 | FileCheck %s --check-prefix=TWICE
// Options in a textual pipeline give what the flag gives.
// RUN: sdfg-opt %s --sdfg-map-tiling='tile-sizes=8' -o %t.flag.mlir
// RUN: sdfg-opt %s --pass-pipeline='builtin.module(canonicalize,sdfg-map-tiling{tile-sizes=8})' -o %t.pipeline.mlir
// RUN: diff %t.flag.mlir %t.pipeline.mlir
// RUN: sdfg-opt %s --canonicalize --sdfg-map-tiling='tile-sizes=8' --sdfg-timing -o /dev/null 2>&1 | FileCheck %s --check-prefix=TIMING
// RUN: sdfg-opt %s --canonicalize --sdfg-map-tiling='tile-sizes=8' --mlir-timing -o /dev/null 2>&1 | FileCheck %s --check-prefix=MLIR-TIMING

// ORDER: IR Dump After Canonicalizer (canonicalize)
// ORDER: sdfg.map "m" ["i"] = 0:N
// ORDER: IR Dump After sdfg-map-tiling (sdfg-map-tiling)
// ORDER: sdfg.map "m" ["tile_i"] = 0:N:8
// ORDER: IR Dump After CSE (cse)
// ORDER-NOT: IR Dump After

// REVERSED: IR Dump After sdfg-map-tiling (sdfg-map-tiling)
// REVERSED: IR Dump After Canonicalizer (canonicalize)
// REVERSED-NOT: IR Dump After

// TWICE: IR Dump After sdfg-map-tiling (sdfg-map-tiling)
// TWICE: sdfg.map "m" ["tile_i"] = 0:N:8
// TWICE: IR Dump After sdfg-map-tiling (sdfg-map-tiling)
// TWICE: sdfg.map "m" ["tile_tile_i"] = 0:N:16

// TIMING: timing: parse: {{[0-9.]+}} s
// TIMING-NEXT: timing: verify: {{[0-9.]+}} s
// TIMING-NEXT: timing: canonicalize: {{[0-9.]+}} s
// TIMING-NEXT: timing: sdfg-map-tiling: {{[0-9.]+}} s
// TIMING-NEXT: timing: verify: {{[0-9.]+}} s
// TIMING-NEXT: timing: print: {{[0-9.]+}} s

// MLIR-TIMING: Execution time report
// MLIR-TIMING: Canonicalizer
// MLIR-TIMING: sdfg-map-tiling

sdfg.sdfg "tiled" ["A", "B"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %B = sdfg.access "B"
    %me, %mx = sdfg.map "m" ["i"] = 0:N attributes {schedule = #sdfg.schedule<CPU_Multicore>, ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_B}, exit_outs = {OUT_B}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "y = x + 1", ins = {x}, outs = {y}}
      sdfg.memlet %entry["OUT_A"] -> %t["x"] {data = "A", subset = #sdfg.range<i>}
      sdfg.memlet %t["y"] -> %exit["IN_B"] {data = "B", subset = #sdfg.range<i>}
    }
    sdfg.memlet %A -> %me["IN_A"] {data = "A", subset = #sdfg.range<0:N>}
    sdfg.memlet %mx["OUT_B"] -> %B {data = "B", subset = #sdfg.range<0:N>}
  }
}
