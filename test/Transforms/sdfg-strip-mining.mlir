// sdfg-strip-mining: one map dimension becomes a dimension over strips and
// a sequential map over the offsets inside a strip.
// RUN: sdfg-opt %s --split-input-file --sdfg-strip-mining='tile-size=32' | FileCheck %s
// RUN: split-file %s %t && sdfg-opt %t/first.mlir --sdfg-strip-mining='dimension=0 tile-size=8' | FileCheck %s --check-prefix=DIM0
// RUN: sdfg-opt %s --split-input-file --sdfg-list-matches=sdfg-strip-mining | FileCheck %s --check-prefix=MATCHES
// RUN: not sdfg-opt %t/first.mlir --sdfg-strip-mining='tile-size=0' 2>&1 | FileCheck %s --check-prefix=ZERO
// RUN: not sdfg-opt %t/first.mlir --sdfg-strip-mining='dimension=x' 2>&1 | FileCheck %s --check-prefix=BADDIM
// RUN: not sdfg-opt %t/first.mlir --sdfg-strip-mining='dimension=2 match=0' 2>&1 | FileCheck %s --check-prefix=NOMATCH

// MATCHES: 0: map 'm' [i, j] on j in state 's'
// MATCHES: 0: map 'm' [i] on i in state 's'
// MATCHES: sdfg-strip-mining: no matches
// ZERO: error: tile-size: '0' is not a positive integer
// BADDIM: error: dimension: 'x' is not a non-negative integer
// NOMATCH: error: sdfg-strip-mining: match 0 does not exist (0 matches)

//--- first.mlir
// CHECK-LABEL: sdfg.sdfg "two_dims"
// CHECK: sdfg.map "m" ["i", "tile_j"] = 0:N, 0:M:32 attributes {{{.*}}schedule = #sdfg.schedule<CPU_Multicore>} {
// CHECK: sdfg.map "m" ["j"] = 0:"Min(31, M - tile_j - 1) + 1" attributes {{{.*}}schedule = #sdfg.schedule<Sequential>} {
// CHECK: %[[T:.*]] = sdfg.tasklet "t" {code = "y = x + (j + tile_j)"
// CHECK: sdfg.memlet %{{.*}}["OUT_A"] -> %[[T]]["x"] {data = "A", subset = #sdfg.range<i, "j + tile_j">}
// CHECK: sdfg.memlet %[[T]]["y"] -> %{{.*}}["IN_B"] {data = "B", subset = #sdfg.range<i, "j + tile_j">}
// DIM0: sdfg.map "m" ["tile_i", "j"] = 0:N:8, 0:M
// DIM0: sdfg.map "m" ["i"] = 0:"Min(7, N - tile_i - 1) + 1"
// DIM0: subset = #sdfg.range<"i + tile_i", j>
sdfg.sdfg "two_dims" ["A", "B"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.symbol "M" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, M>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, M>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %B = sdfg.access "B"
    %me, %mx = sdfg.map "m" ["i", "j"] = 0:N, 0:M attributes {schedule = #sdfg.schedule<CPU_Multicore>, ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_B}, exit_outs = {OUT_B}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "y = x + j", ins = {x}, outs = {y}}
      sdfg.memlet %entry["OUT_A"] -> %t["x"] {data = "A", subset = #sdfg.range<i, j>}
      sdfg.memlet %t["y"] -> %exit["IN_B"] {data = "B", subset = #sdfg.range<i, j>}
    }
    sdfg.memlet %A -> %me["IN_A"] {data = "A", subset = #sdfg.range<0:N, 0:M>}
    sdfg.memlet %mx["OUT_B"] -> %B {data = "B", subset = #sdfg.range<0:N, 0:M>}
  }
}

// -----
//--- second.mlir

// A step of 2: strips of 64 elements, offsets in steps of 2.
// CHECK-LABEL: sdfg.sdfg "strided"
// CHECK: sdfg.map "m" ["tile_i"] = 1:N:64
// CHECK: sdfg.map "m" ["i"] = 0:"Min(63, N - tile_i - 1) + 1":2
// CHECK: subset = #sdfg.range<"i + tile_i">
sdfg.sdfg "strided" ["A"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %me, %mx = sdfg.map "m" ["i"] = 1:N:2 attributes {exit_ins = {IN_A}, exit_outs = {OUT_A}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "y = 1", outs = {y}}
      sdfg.memlet %entry -> %t
      sdfg.memlet %t["y"] -> %exit["IN_A"] {data = "A", subset = #sdfg.range<i>}
    }
    sdfg.memlet %mx["OUT_A"] -> %A {data = "A", subset = #sdfg.range<1:N>}
  }
}

// -----
//--- third.mlir

// A C++ tasklet names the parameter: not strip-mined.
// CHECK-LABEL: sdfg.sdfg "cpp_uses_param"
// CHECK: sdfg.map "m" ["i"] = 0:N attributes
// CHECK-NOT: tile_i
sdfg.sdfg "cpp_uses_param" ["A"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %me, %mx = sdfg.map "m" ["i"] = 0:N attributes {exit_ins = {IN_A}, exit_outs = {OUT_A}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "y = i;", language = "CPP", outs = {y}}
      sdfg.memlet %entry -> %t
      sdfg.memlet %t["y"] -> %exit["IN_A"] {data = "A", subset = #sdfg.range<i>}
    }
    sdfg.memlet %mx["OUT_A"] -> %A {data = "A", subset = #sdfg.range<0:N>}
  }
}
