// sdfg-map-tiling: a map over tiles around a sequential map over one tile.
// RUN: sdfg-opt %s --split-input-file --sdfg-map-tiling='tile-sizes=32' | FileCheck %s
// One size per parameter (on the first case only):
// RUN: split-file %s %t && sdfg-opt %t/first.mlir --sdfg-map-tiling='tile-sizes=8,4 match=0' | FileCheck %s --check-prefix=TWO
// RUN: not sdfg-opt %s --split-input-file --sdfg-map-tiling='tile-sizes=0' 2>&1 | FileCheck %s --check-prefix=ZERO
// RUN: not sdfg-opt %s --split-input-file --sdfg-map-tiling='tile-sizes=2,2,2' 2>&1 | FileCheck %s --check-prefix=COUNT

// ZERO: error: tile-sizes: '0' is not a positive integer
// COUNT: error: tile-sizes has 3 values for a map of 2 parameters

//--- first.mlir
// CHECK-LABEL: sdfg.sdfg "tiled"
// CHECK: %[[E:.*]], %[[X:.*]] = sdfg.map "m" ["tile_i", "tile_j"] = 0:N:32, 0:M:32 attributes {{{.*}}schedule = #sdfg.schedule<CPU_Multicore>} {
// CHECK-NEXT: ^bb0(%{{.*}}: !sdfg.node, %{{.*}}: !sdfg.node):
// CHECK-NEXT: sdfg.map "m" ["i", "j"] = tile_i:"Min(N - 1, tile_i + 31) + 1", tile_j:"Min(M - 1, tile_j + 31) + 1" attributes {{{.*}}schedule = #sdfg.schedule<Sequential>} {
// TWO: sdfg.map "m" ["tile_i", "tile_j"] = 0:N:8, 0:M:4
// TWO: sdfg.map "m" ["i", "j"] = tile_i:"Min(N - 1, tile_i + 7) + 1", tile_j:"Min(M - 1, tile_j + 3) + 1"
sdfg.sdfg "tiled" ["A", "B"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.symbol "M" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, M>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, M>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %B = sdfg.access "B"
    %me, %mx = sdfg.map "m" ["i", "j"] = 0:N, 0:M attributes {schedule = #sdfg.schedule<CPU_Multicore>, ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_B}, exit_outs = {OUT_B}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "y = x + 1", ins = {x}, outs = {y}}
      sdfg.memlet %entry["OUT_A"] -> %t["x"] {data = "A", subset = #sdfg.range<i, j>}
      sdfg.memlet %t["y"] -> %exit["IN_B"] {data = "B", subset = #sdfg.range<i, j>}
    }
    sdfg.memlet %A -> %me["IN_A"] {data = "A", subset = #sdfg.range<0:N, 0:M>}
    sdfg.memlet %mx["OUT_B"] -> %B {data = "B", subset = #sdfg.range<0:N, 0:M>}
  }
}

// -----
//--- second.mlir

// A step of 2 tiles in steps of 2.
// CHECK-LABEL: sdfg.sdfg "strided"
// CHECK: sdfg.map "m" ["tile_i"] = 0:N:64
// CHECK: sdfg.map "m" ["i"] = tile_i:"Min(N - 1, tile_i + 63) + 1":2
sdfg.sdfg "strided" ["A"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %me, %mx = sdfg.map "m" ["i"] = 0:N:2 attributes {exit_ins = {IN_A}, exit_outs = {OUT_A}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "y = 1", outs = {y}}
      sdfg.memlet %entry -> %t
      sdfg.memlet %t["y"] -> %exit["IN_A"] {data = "A", subset = #sdfg.range<i>}
    }
    sdfg.memlet %mx["OUT_A"] -> %A {data = "A", subset = #sdfg.range<0:N>}
  }
}

// -----

// A map counting down is not tiled.
// CHECK-LABEL: sdfg.sdfg "down"
// CHECK: sdfg.map "m" ["i"] = 9:0:-1
// CHECK-NOT: tile_i
sdfg.sdfg "down" ["A"] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<10>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %me, %mx = sdfg.map "m" ["i"] = 9:0:-1 attributes {exit_ins = {IN_A}, exit_outs = {OUT_A}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "y = i", outs = {y}}
      sdfg.memlet %entry -> %t
      sdfg.memlet %t["y"] -> %exit["IN_A"] {data = "A", subset = #sdfg.range<i>}
    }
    sdfg.memlet %mx["OUT_A"] -> %A {data = "A", subset = #sdfg.range<0:10>}
  }
}
