// sdfg-auto-optimize: simplify, loops to maps, collapse and fuse maps.
// RUN: sdfg-opt %s --split-input-file --sdfg-auto-optimize | FileCheck %s
// RUN: sdfg-opt %s --split-input-file --sdfg-auto-optimize='device=cpu' | FileCheck %s
// RUN: not sdfg-opt %s --split-input-file --sdfg-auto-optimize='device=tpu' 2>&1 | FileCheck %s --check-prefix=DEVICE
// RUN: sdfg-opt %s --split-input-file --sdfg-list-matches=sdfg-auto-optimize | FileCheck %s --check-prefix=MATCHES

// DEVICE: error: sdfg-auto-optimize: device 'tpu' has no back end (known: cpu, gpu, fpga)
// MATCHES: 0: the whole SDFG; applicable now: sdfg-loop-to-map (1)
// MATCHES: 0: the whole SDFG; applicable now: sdfg-simplify (1), sdfg-tile-wcr (1)
// MATCHES: sdfg-auto-optimize: no matches
// MATCHES: 0: the whole SDFG; applicable now: sdfg-map-to-gemm (1), sdfg-tile-wcr (1)

// A frontend-style loop (guard and latch states) over independent
// iterations becomes one parallel map whose body is the loop body, inlined.
// CHECK-LABEL: sdfg.sdfg "frontend_loop"
// CHECK-NOT: sdfg.loop
// CHECK-NOT: sdfg.nested
// CHECK: sdfg.map "{{.*}}" ["i"] = 0:N attributes {{{.*}}schedule = #sdfg.schedule<CPU_Multicore>}
// CHECK: sdfg.tasklet "t" {code = "y = x + 1"
// CHECK-NOT: sdfg.state
sdfg.sdfg "frontend_loop" ["A", "B"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.symbol "i" {dtype = #sdfg.dtype<int64>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  %init = sdfg.state "init" {
  }
  %guard = sdfg.state "guard" {
  }
  %body = sdfg.state "body" {
    %a = sdfg.access "A"
    %b = sdfg.access "B"
    %t = sdfg.tasklet "t" {code = "y = x + 1", ins = {x}, outs = {y}}
    sdfg.memlet %a -> %t["x"] {data = "A", subset = #sdfg.range<i>}
    sdfg.memlet %t["y"] -> %b {data = "B", subset = #sdfg.range<i>}
  }
  %end = sdfg.state "end" {
  }
  sdfg.edge %init -> %guard {assignments = #sdfg.assign<i = 0>}
  sdfg.edge %guard -> %body {condition = "i < N"}
  sdfg.edge %guard -> %end {condition = "not (i < N)"}
  sdfg.edge %body -> %guard {assignments = #sdfg.assign<i = "i + 1">}
}

// -----

// A sum over a parallel map is tiled with a per-tile accumulator; the
// intermediate array, sized by the SDFG's own symbol and used only outside
// maps, becomes persistent; the small accumulator goes to registers.
// CHECK-LABEL: sdfg.sdfg "total"
// CHECK: sdfg.array "T" {dtype = #sdfg.dtype<float64>, lifetime = #sdfg.lifetime<Persistent>, shape = #sdfg.exprs<N>, transient}
// CHECK: sdfg.array "trans_S" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>, storage = #sdfg.storage<Register>, transient}
// CHECK: sdfg.map "sum" ["tile_i"] = 0:N:128 attributes {{{.*}}schedule = #sdfg.schedule<CPU_Multicore>}
// CHECK: sdfg.map "sum" ["i"] = tile_i:"Min(N - 1, tile_i + 127) + 1" attributes {{{.*}}schedule = #sdfg.schedule<Sequential>}
sdfg.sdfg "total" ["A", "S"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "T" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>, transient}
  sdfg.array "S" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %T = sdfg.access "T"
    %c = sdfg.tasklet "copy" {code = "y = x", ins = {x}, outs = {y}}
    sdfg.memlet %A -> %c["x"] {data = "A", subset = #sdfg.range<0>}
    sdfg.memlet %c["y"] -> %T {data = "T", subset = #sdfg.range<0>}
  }
  %s2 = sdfg.state "s2" {
    %A = sdfg.access "A"
    %T = sdfg.access "T"
    %S = sdfg.access "S"
    %e, %x = sdfg.map "sum" ["i"] = 0:N attributes {ins = {IN_A, IN_T}, outs = {OUT_A, OUT_T}, exit_ins = {IN_S}, exit_outs = {OUT_S}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "y = x + w", ins = {x, w}, outs = {y}}
      sdfg.memlet %entry["OUT_A"] -> %t["x"] {data = "A", subset = #sdfg.range<i>}
      sdfg.memlet %entry["OUT_T"] -> %t["w"] {data = "T", subset = #sdfg.range<0>}
      sdfg.memlet %t["y"] -> %exit["IN_S"] {data = "S", subset = #sdfg.range<0>, wcr = #sdfg.wcr<Sum, "(lambda a, b: a + b)">}
    }
    sdfg.memlet %A -> %e["IN_A"] {data = "A", subset = #sdfg.range<0:N>}
    sdfg.memlet %T -> %e["IN_T"] {data = "T", subset = #sdfg.range<0>}
    sdfg.memlet %x["OUT_S"] -> %S {data = "S", subset = #sdfg.range<0>, wcr = #sdfg.wcr<Sum, "(lambda a, b: a + b)">}
  }
  sdfg.edge %s -> %s2
}

// -----

// Nothing left to do: a parallel map without transients.
// CHECK-LABEL: sdfg.sdfg "done"
// CHECK: sdfg.map "m" ["i"] = 0:N attributes {{{.*}}schedule = #sdfg.schedule<CPU_Multicore>}
sdfg.sdfg "done" ["A", "B"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %B = sdfg.access "B"
    %e, %x = sdfg.map "m" ["i"] = 0:N attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_B}, exit_outs = {OUT_B}, schedule = #sdfg.schedule<CPU_Multicore>} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "y = x + 1", ins = {x}, outs = {y}}
      sdfg.memlet %entry["OUT_A"] -> %t["x"] {data = "A", subset = #sdfg.range<i>}
      sdfg.memlet %t["y"] -> %exit["IN_B"] {data = "B", subset = #sdfg.range<i>}
    }
    sdfg.memlet %A -> %e["IN_A"] {data = "A", subset = #sdfg.range<0:N>}
    sdfg.memlet %x["OUT_B"] -> %B {data = "B", subset = #sdfg.range<0:N>}
  }
}

// -----

// A map accumulating a matrix product becomes a Gemm node (a BLAS call).
// CHECK-LABEL: sdfg.sdfg "explicit_product"
// CHECK-NOT: sdfg.map
// CHECK: sdfg.library "mm_gemm" {classpath = "dace.libraries.blas.nodes.gemm.Gemm"
sdfg.sdfg "explicit_product" ["A", "B", "C"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, N>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, N>}
  sdfg.array "C" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, N>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %B = sdfg.access "B"
    %C = sdfg.access "C"
    %me, %mx = sdfg.map "mm" ["i", "j", "k"] = 0:N, 0:N, 0:N attributes {ins = {IN_A, IN_B}, outs = {OUT_A, OUT_B}, exit_ins = {IN_C}, exit_outs = {OUT_C}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "mul" {code = "c = (a * b)", ins = {a, b}, outs = {c}}
      sdfg.memlet %entry["OUT_A"] -> %t["a"] {data = "A", subset = #sdfg.range<i, k>}
      sdfg.memlet %entry["OUT_B"] -> %t["b"] {data = "B", subset = #sdfg.range<k, j>}
      sdfg.memlet %t["c"] -> %exit["IN_C"] {data = "C", subset = #sdfg.range<i, j>, wcr = #sdfg.wcr<Sum, "(lambda x, y: (x + y))">}
    }
    sdfg.memlet %A -> %me["IN_A"] {data = "A", subset = #sdfg.range<0:N, 0:N>}
    sdfg.memlet %B -> %me["IN_B"] {data = "B", subset = #sdfg.range<0:N, 0:N>}
    sdfg.memlet %mx["OUT_C"] -> %C {data = "C", subset = #sdfg.range<0:N, 0:N>, wcr = #sdfg.wcr<Sum, "(lambda x, y: (x + y))">}
  }
}
