// Transformations keep where each op came from: ops imported from a .sdfg
// keep its line:col, the ops a transformation makes take the location of
// what they were made from (the tiled map's inner map and its memlets that
// of the original map and memlets), and ops read from dialect text keep
// their text location, through a pass pipeline too.
// RUN: rm -rf %t && mkdir -p %t
// RUN: sdfg-translate --import-sdfg %inputs/loc-vec-add.sdfg --mlir-print-debuginfo -o %t/in.mlir
// RUN: sdfg-opt %t/in.mlir --sdfg-map-tiling='tile-sizes=4' --mlir-print-debuginfo | FileCheck %s
// RUN: sdfg-opt %t/in.mlir --pass-pipeline='builtin.module(sdfg-map-tiling)' --mlir-print-debuginfo | FileCheck %s
// RUN: sdfg-opt %t/in.mlir --sdfg-simplify --mlir-print-debuginfo | FileCheck %s --check-prefix=SIMP
// RUN: sdfg-opt %s --sdfg-map-tiling='tile-sizes=4' --mlir-print-debuginfo | FileCheck %s --check-prefix=TEXT
// RUN: sdfg-opt %s --pass-pipeline='builtin.module(sdfg-map-tiling)' --mlir-print-debuginfo | FileCheck %s --check-prefix=TEXT

// CHECK-NOT:  rewritten
// CHECK:      sdfg.map "m" ["tile_i"]
// CHECK-NEXT: ^bb0(%entry: !sdfg.node loc("{{.*}}loc-vec-add.sdfg":10:5), %exit: !sdfg.node loc("{{.*}}loc-vec-add.sdfg":10:5)):
// CHECK-NEXT:   sdfg.map "m" ["i"]
// CHECK-NEXT:   ^bb0(%entry_2: !sdfg.node loc("{{.*}}loc-vec-add.sdfg":10:5), %exit_3: !sdfg.node loc("{{.*}}loc-vec-add.sdfg":10:5)):
// CHECK-NEXT:     sdfg.tasklet "t" {{.*}} loc([[T:#loc[0-9]*]])
// CHECK-NEXT:     sdfg.memlet %entry_2{{.*}} loc([[M1:#loc[0-9]*]])
// CHECK-NEXT:     sdfg.memlet %t{{.*}} loc([[M2:#loc[0-9]*]])
// CHECK-NEXT:   } loc([[MAP:#loc[0-9]*]])
// CHECK-NEXT:   sdfg.memlet %entry[{{.*}} loc([[M0:#loc[0-9]*]])
// CHECK-NEXT:   sdfg.memlet %m_exit_1{{.*}} loc([[M3:#loc[0-9]*]])
// CHECK-NEXT: } loc([[MAP]])
// CHECK:      sdfg.memlet %a{{.*}} loc([[M0]])
// CHECK-NEXT: sdfg.memlet %m_exit{{.*}} loc([[M3]])
// CHECK-DAG:  [[T]] = loc("{{.*}}loc-vec-add.sdfg":13:5)
// CHECK-DAG:  [[M0]] = loc("{{.*}}loc-vec-add.sdfg":17:5)
// CHECK-DAG:  [[M1]] = loc("{{.*}}loc-vec-add.sdfg":18:5)
// CHECK-DAG:  [[M2]] = loc("{{.*}}loc-vec-add.sdfg":19:5)
// CHECK-DAG:  [[M3]] = loc("{{.*}}loc-vec-add.sdfg":20:5)

// The two states fused into one: the result is located at the first.
// SIMP:      %init = sdfg.state "init" {
// SIMP:        sdfg.tasklet "t" {{.*}} loc([[T:#loc[0-9]*]])
// SIMP:      sdfg.memlet %m_exit{{.*}}
// SIMP-NEXT: } loc([[S:#loc[0-9]*]])
// SIMP-DAG:  [[T]] = loc("{{.*}}loc-vec-add.sdfg":13:5)
// SIMP-DAG:  [[S]] = loc("{{.*}}loc-vec-add.sdfg":7:3)

// TEXT-NOT:  rewritten
// TEXT:      ^bb0(%entry: !sdfg.node loc("{{.*}}locations.mlir":55:23), %exit: !sdfg.node loc("{{.*}}locations.mlir":55:23)):
// TEXT:        ^bb0(%entry_2: !sdfg.node loc("{{.*}}locations.mlir":55:23), %exit_3: !sdfg.node loc("{{.*}}locations.mlir":55:23)):
// TEXT-NEXT:     sdfg.tasklet "t" {{.*}} loc([[T:#loc[0-9]*]])
// TEXT-NEXT:     sdfg.memlet %entry_2{{.*}} loc([[M:#loc[0-9]*]])
// TEXT-DAG:  [[T]] = loc("{{.*}}locations.mlir":57:12)
// TEXT-DAG:  [[M]] = loc("{{.*}}locations.mlir":58:7)

sdfg.sdfg "text" ["a", "b"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.array "a" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "b" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  %s = sdfg.state "s" {
  %m_entry, %m_exit = sdfg.map "m" ["i"] = 0:N attributes {exit_ins = {IN_b}, exit_outs = {OUT_b}, ins = {IN_a}, outs = {OUT_a}} {
    ^bb0(%e: !sdfg.node, %x: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "o = i1 + 1", ins = {i1}, outs = {o}}
      sdfg.memlet %e["OUT_a"] -> %t["i1"] {data = "a", subset = #sdfg.range<i>}
      sdfg.memlet %t["o"] -> %x["IN_b"] {data = "b", subset = #sdfg.range<i>}
    }
    %a = sdfg.access "a"
    %b = sdfg.access "b"
    sdfg.memlet %a -> %m_entry["IN_a"] {data = "a", subset = #sdfg.range<0:N>}
    sdfg.memlet %m_exit["OUT_b"] -> %b {data = "b", subset = #sdfg.range<0:N>}
  }
}
