// sdfg-tile-wcr: a parallel map whose WCR writes conflict between
// iterations does fewer atomic updates.
// RUN: sdfg-opt %s --split-input-file --sdfg-tile-wcr='tile-size=32' | FileCheck %s
// RUN: sdfg-opt %s --split-input-file --sdfg-list-matches=sdfg-tile-wcr | FileCheck %s --check-prefix=MATCHES
// RUN: sdfg-opt %s --split-input-file --sdfg-tile-wcr='tile-size=32 partial-parallelism=false' | FileCheck %s --check-prefix=TILED
// RUN: not sdfg-opt %s --split-input-file --sdfg-tile-wcr='tile-size=0' 2>&1 | FileCheck %s --check-prefix=ZERO
// RUN: not sdfg-opt %s --split-input-file --sdfg-tile-wcr='partial-parallelism=maybe' 2>&1 | FileCheck %s --check-prefix=FLAG

// MATCHES: 0: map 'm' [k, i] in state 's': writes conflict over k
// MATCHES: 0: map 'sum' [i] in state 's': writes conflict over i
// MATCHES: 0: map 'small' [i, j] in state 's': writes conflict over i, j
// MATCHES: sdfg-tile-wcr: no matches
// MATCHES: sdfg-tile-wcr: no matches
// MATCHES: sdfg-tile-wcr: no matches
// ZERO: error: tile-size: '0' is not a positive integer
// FLAG: error: partial-parallelism: 'maybe' is not true or false

// The conflict-free dimension i becomes the parallel map, k a sequential
// map inside it.
// CHECK-LABEL: sdfg.sdfg "partial"
// CHECK: sdfg.map "m" ["i"] = 0:N
// CHECK: sdfg.map "m" ["k"] = 0:K attributes {{{.*}}schedule = #sdfg.schedule<Sequential>}
// CHECK: sdfg.memlet %{{.*}}["y"] -> %{{.*}}["IN_C"] {data = "C", subset = #sdfg.range<i>, wcr = #sdfg.wcr<Sum, "(lambda a, b: a + b)">}
// Without partial parallelism: tiles over both dimensions, one accumulator
// per tile.
// TILED-LABEL: sdfg.sdfg "partial"
// TILED: sdfg.array "trans_C" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<32>, transient}
// TILED: sdfg.map "m" ["tile_k", "tile_i"] = 0:K:32, 0:N:32
// TILED: sdfg.map "m" ["k", "i"] = tile_k:"Min(K - 1, tile_k + 31) + 1", tile_i:"Min(N - 1, tile_i + 31) + 1" attributes {{{.*}}schedule = #sdfg.schedule<Sequential>}
// TILED: data = "trans_C"
// TILED: data = "C", other_subset
sdfg.sdfg "partial" ["A", "C"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.symbol "K" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<K, N>}
  sdfg.array "C" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %C = sdfg.access "C"
    %e, %x = sdfg.map "m" ["k", "i"] = 0:K, 0:N attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_C}, exit_outs = {OUT_C}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "y = x", ins = {x}, outs = {y}}
      sdfg.memlet %entry["OUT_A"] -> %t["x"] {data = "A", subset = #sdfg.range<k, i>}
      sdfg.memlet %t["y"] -> %exit["IN_C"] {data = "C", subset = #sdfg.range<i>, wcr = #sdfg.wcr<Sum, "(lambda a, b: a + b)">}
    }
    sdfg.memlet %A -> %e["IN_A"] {data = "A", subset = #sdfg.range<0:K, 0:N>}
    sdfg.memlet %x["OUT_C"] -> %C {data = "C", subset = #sdfg.range<0:N>, wcr = #sdfg.wcr<Sum, "(lambda a, b: a + b)">}
  }
}

// -----

// Every dimension conflicts: tiles, each summing into its own accumulator
// set to 0, added to S once per tile.
// CHECK-LABEL: sdfg.sdfg "total"
// CHECK: sdfg.array "trans_S" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>, transient}
// CHECK: sdfg.map "sum" ["tile_i"] = 0:N:32
// CHECK: sdfg.map "sum" ["i"] = tile_i:"Min(N - 1, tile_i + 31) + 1" attributes {{{.*}}schedule = #sdfg.schedule<Sequential>}
// CHECK: sdfg.tasklet "init" {code = "__out = 0"
// CHECK: data = "trans_S", subset = #sdfg.range<0>, wcr = #sdfg.wcr<Sum, "(lambda a, b: a + b)">
// CHECK: sdfg.memlet %{{.*}} -> %{{.*}}["IN_S"] {data = "S", other_subset = #sdfg.range<0>, subset = #sdfg.range<0>, wcr = #sdfg.wcr<Sum, "(lambda a, b: a + b)">}
sdfg.sdfg "total" ["A", "S"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "S" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %S = sdfg.access "S"
    %e, %x = sdfg.map "sum" ["i"] = 0:N attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_S}, exit_outs = {OUT_S}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "y = x", ins = {x}, outs = {y}}
      sdfg.memlet %entry["OUT_A"] -> %t["x"] {data = "A", subset = #sdfg.range<i>}
      sdfg.memlet %t["y"] -> %exit["IN_S"] {data = "S", subset = #sdfg.range<0>, wcr = #sdfg.wcr<Sum, "(lambda a, b: a + b)">}
    }
    sdfg.memlet %A -> %e["IN_A"] {data = "A", subset = #sdfg.range<0:N>}
    sdfg.memlet %x["OUT_S"] -> %S {data = "S", subset = #sdfg.range<0>, wcr = #sdfg.wcr<Sum, "(lambda a, b: a + b)">}
  }
}

// -----

// Every dimension is shorter than a tile: the map just runs sequentially.
// CHECK-LABEL: sdfg.sdfg "small"
// CHECK: sdfg.map "small" ["i", "j"] = 0:8, 0:4 attributes {{{.*}}schedule = #sdfg.schedule<Sequential>}
// CHECK-NOT: trans_
sdfg.sdfg "small" ["A", "S"] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<8, 4>}
  sdfg.array "S" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %S = sdfg.access "S"
    %e, %x = sdfg.map "small" ["i", "j"] = 0:8, 0:4 attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_S}, exit_outs = {OUT_S}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "y = x", ins = {x}, outs = {y}}
      sdfg.memlet %entry["OUT_A"] -> %t["x"] {data = "A", subset = #sdfg.range<i, j>}
      sdfg.memlet %t["y"] -> %exit["IN_S"] {data = "S", subset = #sdfg.range<0>, wcr = #sdfg.wcr<Product, "(lambda a, b: a * b)">}
    }
    sdfg.memlet %A -> %e["IN_A"] {data = "A", subset = #sdfg.range<0:8, 0:4>}
    sdfg.memlet %x["OUT_S"] -> %S {data = "S", subset = #sdfg.range<0>, wcr = #sdfg.wcr<Product, "(lambda a, b: a * b)">}
  }
}

// -----

// Not matched: writes that never collide (2 * i + 1 is injective), a WCR
// without a known identity (max), and a sequential map.
// CHECK-LABEL: sdfg.sdfg "free"
// CHECK: sdfg.map "m" ["i"] = 0:N attributes
// CHECK-NOT: trans_
sdfg.sdfg "free" ["A", "C"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "C" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<"2 * N + 1">}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %C = sdfg.access "C"
    %e, %x = sdfg.map "m" ["i"] = 0:N attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_C}, exit_outs = {OUT_C}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "y = x", ins = {x}, outs = {y}}
      sdfg.memlet %entry["OUT_A"] -> %t["x"] {data = "A", subset = #sdfg.range<i>}
      sdfg.memlet %t["y"] -> %exit["IN_C"] {data = "C", subset = #sdfg.range<"2 * i + 1">, wcr = #sdfg.wcr<Sum, "(lambda a, b: a + b)">}
    }
    sdfg.memlet %A -> %e["IN_A"] {data = "A", subset = #sdfg.range<0:N>}
    sdfg.memlet %x["OUT_C"] -> %C {data = "C", subset = #sdfg.range<1:"2 * N">, wcr = #sdfg.wcr<Sum, "(lambda a, b: a + b)">}
  }
}

// -----

// CHECK-LABEL: sdfg.sdfg "maximum"
// CHECK: sdfg.map "m" ["i"] = 0:N attributes
// CHECK-NOT: trans_
sdfg.sdfg "maximum" ["A", "S"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "S" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %S = sdfg.access "S"
    %e, %x = sdfg.map "m" ["i"] = 0:N attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_S}, exit_outs = {OUT_S}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "y = x", ins = {x}, outs = {y}}
      sdfg.memlet %entry["OUT_A"] -> %t["x"] {data = "A", subset = #sdfg.range<i>}
      sdfg.memlet %t["y"] -> %exit["IN_S"] {data = "S", subset = #sdfg.range<0>, wcr = #sdfg.wcr<Max, "(lambda a, b: max(a, b))">}
    }
    sdfg.memlet %A -> %e["IN_A"] {data = "A", subset = #sdfg.range<0:N>}
    sdfg.memlet %x["OUT_S"] -> %S {data = "S", subset = #sdfg.range<0>, wcr = #sdfg.wcr<Max, "(lambda a, b: max(a, b))">}
  }
}

// -----

// CHECK-LABEL: sdfg.sdfg "ordered"
// CHECK: sdfg.map "m" ["i"] = 0:N attributes {{{.*}}schedule = #sdfg.schedule<Sequential>}
// CHECK-NOT: trans_
sdfg.sdfg "ordered" ["A", "S"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "S" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %S = sdfg.access "S"
    %e, %x = sdfg.map "m" ["i"] = 0:N attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_S}, exit_outs = {OUT_S}, schedule = #sdfg.schedule<Sequential>} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "y = x", ins = {x}, outs = {y}}
      sdfg.memlet %entry["OUT_A"] -> %t["x"] {data = "A", subset = #sdfg.range<i>}
      sdfg.memlet %t["y"] -> %exit["IN_S"] {data = "S", subset = #sdfg.range<0>, wcr = #sdfg.wcr<Sum, "(lambda a, b: a + b)">}
    }
    sdfg.memlet %A -> %e["IN_A"] {data = "A", subset = #sdfg.range<0:N>}
    sdfg.memlet %x["OUT_S"] -> %S {data = "S", subset = #sdfg.range<0>, wcr = #sdfg.wcr<Sum, "(lambda a, b: a + b)">}
  }
}
