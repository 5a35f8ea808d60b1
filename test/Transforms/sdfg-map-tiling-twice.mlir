// Tiling a tiled map: the new tile parameters must not reuse a name bound by
// an enclosing or enclosed map. Reusing `tile_i` once made the innermost
// range refer to the wrong map and drop the outer tile's bound, so tiles of
// 3 inside tiles of 8 ran past the outer tile's end.
// RUN: sdfg-opt %s --sdfg-map-tiling='tile-sizes=8' --sdfg-map-tiling='tile-sizes=3' | FileCheck %s
// CHECK: sdfg.map "m" ["tile_tile_i"] = 0:N:24
// CHECK: sdfg.map "m" ["tile_i"] = tile_tile_i:"Min(N - 1, tile_tile_i + 23) + 1":8
// CHECK: sdfg.map "m" ["_tile_i"] = tile_i:"Min(N - 1, tile_i + 7) + 1":3
// CHECK: sdfg.map "m" ["i"] = _tile_i:"Min(N - 1, _tile_i + 2, tile_i + 7) + 1"
// The results equal the untiled program's.
// RUN: sdfg-run %s --symbol N=13 -o %t.npz
// RUN: sdfg-opt %s --sdfg-map-tiling='tile-sizes=8' --sdfg-map-tiling='tile-sizes=3' -o %t.mlir
// RUN: sdfg-run %t.mlir --symbol N=13 --expected %t.npz 2>&1 | FileCheck %s --check-prefix=SAME
// SAME-NOT: mismatch
// SAME: 1 outputs match
sdfg.sdfg "tiled_twice" [] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int64>}
  sdfg.array "__return" {dtype = #sdfg.dtype<int64>, shape = #sdfg.exprs<N>}
  %s = sdfg.state "s" {
    %r = sdfg.access "__return"
    %me, %mx = sdfg.map "m" ["i"] = 0:N attributes {schedule = #sdfg.schedule<Sequential>, exit_ins = {IN_r}, exit_outs = {OUT_r}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "y = i + 1", outs = {y}}
      sdfg.memlet %entry -> %t
      sdfg.memlet %t["y"] -> %exit["IN_r"] {data = "__return", subset = #sdfg.range<i>}
    }
    sdfg.memlet %mx["OUT_r"] -> %r {data = "__return", subset = #sdfg.range<0:N>}
  }
}
