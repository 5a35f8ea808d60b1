// sdfg-buffer-tiling: a producer map and the stencil reading its transient
// run per tile of the stencil; the producer computes each tile with its
// halo, and the transient becomes one tile.
// RUN: sdfg-opt %s --split-input-file --sdfg-buffer-tiling='tile-sizes=32' | FileCheck %s
// RUN: sdfg-opt %s --split-input-file --sdfg-list-matches=sdfg-buffer-tiling | FileCheck %s --check-prefix=MATCHES
// RUN: not sdfg-opt %s --split-input-file --sdfg-buffer-tiling='tile-sizes=4,4' 2>&1 | FileCheck %s --check-prefix=SIZES

// MATCHES: 0: map 'a' into map 'b' through 'T' (halo 1, 1) in state 's'
// MATCHES: sdfg-buffer-tiling: no matches
// MATCHES: sdfg-buffer-tiling: no matches
// MATCHES: sdfg-buffer-tiling: no matches
// SIZES: error: {{.*}}tile-sizes has 2 values for maps of 1 parameters

// A three-point stencil over a computed array: tiles of the stencil's
// range, the producer one element wider on each side.
// CHECK-LABEL: sdfg.sdfg "stencil"
// CHECK: sdfg.array "T" {dtype = #sdfg.dtype<float64>, offset = #sdfg.exprs<0>, shape = #sdfg.exprs<34>, strides = #sdfg.exprs<1>, total_size = #sdfg.expr<34>, transient}
// CHECK: sdfg.map "a" ["tile_j"] = 1:N:32 attributes {exit_ins = {IN_C}, exit_outs = {OUT_C}, ins = {IN_A}, outs = {OUT_A}} {
// CHECK: sdfg.map "a" ["i"] = "tile_j - 1":"Min(N, tile_j + 32) + 1" attributes {{.*}}schedule = #sdfg.schedule<Sequential>} {
// CHECK: {data = "A", subset = #sdfg.range<i>}
// CHECK: {data = "T", subset = #sdfg.range<"i - tile_j + 1">}
// CHECK: sdfg.map "b" ["j"] = tile_j:"Min(N - 1, tile_j + 31) + 1" attributes {{.*}}schedule = #sdfg.schedule<Sequential>} {
// CHECK-DAG: -> %[[T2:.*]]["l"] {data = "T", subset = #sdfg.range<"j - tile_j">}
// CHECK-DAG: -> %[[T2]]["r"] {data = "T", subset = #sdfg.range<"j - tile_j + 2">}
// CHECK-DAG: {data = "C", subset = #sdfg.range<j>}
// CHECK: sdfg.access "T"
sdfg.sdfg "stencil" ["A", "C"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<"N + 1">}
  sdfg.array "C" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<"N + 1">}
  sdfg.array "T" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<"N + 1">, transient}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %T = sdfg.access "T"
    %C = sdfg.access "C"
    %e1, %x1 = sdfg.map "a" ["i"] = 0:"N + 1" attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_T}, exit_outs = {OUT_T}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t1 = sdfg.tasklet "t1" {code = "y = x * 2", ins = {x}, outs = {y}}
      sdfg.memlet %entry["OUT_A"] -> %t1["x"] {data = "A", subset = #sdfg.range<i>}
      sdfg.memlet %t1["y"] -> %exit["IN_T"] {data = "T", subset = #sdfg.range<i>}
    }
    %e2, %x2 = sdfg.map "b" ["j"] = 1:N attributes {ins = {IN_T}, outs = {OUT_T}, exit_ins = {IN_C}, exit_outs = {OUT_C}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t2 = sdfg.tasklet "t2" {code = "z = l + r", ins = {l, r}, outs = {z}}
      sdfg.memlet %entry["OUT_T"] -> %t2["l"] {data = "T", subset = #sdfg.range<"j - 1">}
      sdfg.memlet %entry["OUT_T"] -> %t2["r"] {data = "T", subset = #sdfg.range<"j + 1">}
      sdfg.memlet %t2["z"] -> %exit["IN_C"] {data = "C", subset = #sdfg.range<j>}
    }
    sdfg.memlet %A -> %e1["IN_A"] {data = "A", subset = #sdfg.range<0:"N + 1">}
    sdfg.memlet %x1["OUT_T"] -> %T {data = "T", subset = #sdfg.range<0:"N + 1">}
    sdfg.memlet %T -> %e2["IN_T"] {data = "T", subset = #sdfg.range<0:"N + 1">}
    sdfg.memlet %x2["OUT_C"] -> %C {data = "C", subset = #sdfg.range<1:N>}
  }
}

// -----

// A read two elements away, beyond the halo the ranges give (one): the
// producer's tile would not hold it.
// CHECK-LABEL: sdfg.sdfg "beyond_halo"
// CHECK: sdfg.map "a" ["i"] = 0:"N + 1"
// CHECK: sdfg.map "b" ["j"] = 1:N
sdfg.sdfg "beyond_halo" ["A", "C"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<"N + 1">}
  sdfg.array "C" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<"N + 1">}
  sdfg.array "T" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<"N + 1">, transient}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %T = sdfg.access "T"
    %C = sdfg.access "C"
    %e1, %x1 = sdfg.map "a" ["i"] = 0:"N + 1" attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_T}, exit_outs = {OUT_T}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t1 = sdfg.tasklet "t1" {code = "y = x * 2", ins = {x}, outs = {y}}
      sdfg.memlet %entry["OUT_A"] -> %t1["x"] {data = "A", subset = #sdfg.range<i>}
      sdfg.memlet %t1["y"] -> %exit["IN_T"] {data = "T", subset = #sdfg.range<i>}
    }
    %e2, %x2 = sdfg.map "b" ["j"] = 1:N attributes {ins = {IN_T}, outs = {OUT_T}, exit_ins = {IN_C}, exit_outs = {OUT_C}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t2 = sdfg.tasklet "t2" {code = "z = l + r", ins = {l, r}, outs = {z}}
      sdfg.memlet %entry["OUT_T"] -> %t2["l"] {data = "T", subset = #sdfg.range<"j - 1">}
      sdfg.memlet %entry["OUT_T"] -> %t2["r"] {data = "T", subset = #sdfg.range<"j + 2">}
      sdfg.memlet %t2["z"] -> %exit["IN_C"] {data = "C", subset = #sdfg.range<j>}
    }
    sdfg.memlet %A -> %e1["IN_A"] {data = "A", subset = #sdfg.range<0:"N + 1">}
    sdfg.memlet %x1["OUT_T"] -> %T {data = "T", subset = #sdfg.range<0:"N + 1">}
    sdfg.memlet %T -> %e2["IN_T"] {data = "T", subset = #sdfg.range<0:"N + 1">}
    sdfg.memlet %x2["OUT_C"] -> %C {data = "C", subset = #sdfg.range<1:N>}
  }
}

// -----

// The producer also writes D: halo elements would be written again by
// the neighbouring tiles.
// CHECK-LABEL: sdfg.sdfg "second_output"
// CHECK: sdfg.map "a" ["i"] = 0:"N + 1"
// CHECK: sdfg.map "b" ["j"] = 1:N
sdfg.sdfg "second_output" ["A", "C", "D"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<"N + 1">}
  sdfg.array "C" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<"N + 1">}
  sdfg.array "D" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<"N + 1">}
  sdfg.array "T" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<"N + 1">, transient}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %T = sdfg.access "T"
    %C = sdfg.access "C"
    %D = sdfg.access "D"
    %e1, %x1 = sdfg.map "a" ["i"] = 0:"N + 1" attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_T, IN_D}, exit_outs = {OUT_T, OUT_D}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t1 = sdfg.tasklet "t1" {code = "y = x * 2\nd = x", ins = {x}, outs = {y, d}}
      sdfg.memlet %entry["OUT_A"] -> %t1["x"] {data = "A", subset = #sdfg.range<i>}
      sdfg.memlet %t1["y"] -> %exit["IN_T"] {data = "T", subset = #sdfg.range<i>}
      sdfg.memlet %t1["d"] -> %exit["IN_D"] {data = "D", subset = #sdfg.range<i>}
    }
    %e2, %x2 = sdfg.map "b" ["j"] = 1:N attributes {ins = {IN_T}, outs = {OUT_T}, exit_ins = {IN_C}, exit_outs = {OUT_C}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t2 = sdfg.tasklet "t2" {code = "z = l + r", ins = {l, r}, outs = {z}}
      sdfg.memlet %entry["OUT_T"] -> %t2["l"] {data = "T", subset = #sdfg.range<"j - 1">}
      sdfg.memlet %entry["OUT_T"] -> %t2["r"] {data = "T", subset = #sdfg.range<"j + 1">}
      sdfg.memlet %t2["z"] -> %exit["IN_C"] {data = "C", subset = #sdfg.range<j>}
    }
    sdfg.memlet %A -> %e1["IN_A"] {data = "A", subset = #sdfg.range<0:"N + 1">}
    sdfg.memlet %x1["OUT_T"] -> %T {data = "T", subset = #sdfg.range<0:"N + 1">}
    sdfg.memlet %x1["OUT_D"] -> %D {data = "D", subset = #sdfg.range<0:"N + 1">}
    sdfg.memlet %T -> %e2["IN_T"] {data = "T", subset = #sdfg.range<0:"N + 1">}
    sdfg.memlet %x2["OUT_C"] -> %C {data = "C", subset = #sdfg.range<1:N>}
  }
}

// -----

// The producer writes T[i + 1]: an element of T is not where the producer's
// own parameter says, so the halo from the ranges does not hold.
// CHECK-LABEL: sdfg.sdfg "shifted_write"
// CHECK: sdfg.map "a" ["i"] = 0:N
// CHECK: sdfg.map "b" ["j"] = 1:N
sdfg.sdfg "shifted_write" ["A", "C"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<"N + 1">}
  sdfg.array "C" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<"N + 1">}
  sdfg.array "T" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<"N + 1">, transient}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %T = sdfg.access "T"
    %C = sdfg.access "C"
    %e1, %x1 = sdfg.map "a" ["i"] = 0:N attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_T}, exit_outs = {OUT_T}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t1 = sdfg.tasklet "t1" {code = "y = x * 2", ins = {x}, outs = {y}}
      sdfg.memlet %entry["OUT_A"] -> %t1["x"] {data = "A", subset = #sdfg.range<i>}
      sdfg.memlet %t1["y"] -> %exit["IN_T"] {data = "T", subset = #sdfg.range<"i + 1">}
    }
    %e2, %x2 = sdfg.map "b" ["j"] = 1:N attributes {ins = {IN_T}, outs = {OUT_T}, exit_ins = {IN_C}, exit_outs = {OUT_C}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t2 = sdfg.tasklet "t2" {code = "z = l", ins = {l}, outs = {z}}
      sdfg.memlet %entry["OUT_T"] -> %t2["l"] {data = "T", subset = #sdfg.range<j>}
      sdfg.memlet %t2["z"] -> %exit["IN_C"] {data = "C", subset = #sdfg.range<j>}
    }
    sdfg.memlet %A -> %e1["IN_A"] {data = "A", subset = #sdfg.range<0:N>}
    sdfg.memlet %x1["OUT_T"] -> %T {data = "T", subset = #sdfg.range<1:"N + 1">}
    sdfg.memlet %T -> %e2["IN_T"] {data = "T", subset = #sdfg.range<1:N>}
    sdfg.memlet %x2["OUT_C"] -> %C {data = "C", subset = #sdfg.range<1:N>}
  }
}
