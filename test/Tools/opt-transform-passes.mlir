// Transformations are passes too: a textual pipeline can name them, and
// they give what the flag gives.
// RUN: sdfg-opt %s --sdfg-simplify -o %t.flag.mlir
// RUN: sdfg-opt %s --pass-pipeline='builtin.module(sdfg-simplify,sdfg-verify)' -o %t.pass.mlir
// RUN: diff %t.flag.mlir %t.pass.mlir
// RUN: FileCheck %s < %t.pass.mlir
// In a pipeline they take the options their flags take, checked the same way.
// RUN: not sdfg-opt %s --pass-pipeline='builtin.module(sdfg-map-tiling{tile-size=4})' 2>&1 | FileCheck %s --check-prefix=OPTIONS
// RUN: not sdfg-opt %s --sdfg-map-tiling='tile-size=4' 2>&1 | FileCheck %s --check-prefix=OPTIONS

// OPTIONS: error: sdfg-map-tiling: unknown option 'tile-size' (known: match, tile-sizes)

// CHECK: sdfg.state "a" {
// CHECK-NOT: sdfg.state "b"
sdfg.sdfg "fuse" ["X", "Y"] {
  sdfg.array "X" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
  sdfg.array "Y" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
  %a = sdfg.state "a" {
    %t = sdfg.tasklet "one" {code = "o = 1.0", outs = {o}}
    %x = sdfg.access "X"
    sdfg.memlet %t["o"] -> %x {data = "X", subset = #sdfg.range<0>}
  }
  %b = sdfg.state "b" {
    %t = sdfg.tasklet "two" {code = "o = 2.0", outs = {o}}
    %y = sdfg.access "Y"
    sdfg.memlet %t["o"] -> %y {data = "Y", subset = #sdfg.range<0>}
  }
  sdfg.edge %a -> %b
}
