// sdfg-vectorization: the innermost map dimension is strip-mined into
// vector-length chunks for the back end's vectorizer.
// RUN: sdfg-opt %s --split-input-file --sdfg-vectorization | FileCheck %s
// RUN: sdfg-opt %s --split-input-file --sdfg-vectorization="vector-length=8" | FileCheck %s --check-prefix=EIGHT
// RUN: sdfg-opt %s --split-input-file --sdfg-list-matches=sdfg-vectorization | FileCheck %s --check-prefix=MATCHES
// RUN: not sdfg-opt %s --split-input-file --sdfg-vectorization="vector-length=1" 2>&1 | FileCheck %s --check-prefix=BAD

// MATCHES: 0: map 'm' [j] in state 's'
// MATCHES: 0: map 'm' [i] in state 's'
// MATCHES: sdfg-vectorization: no matches
// MATCHES: sdfg-vectorization: no matches
// BAD: vector-length: give one integer of at least 2

// 16 elements, a multiple of 4: chunks of exactly 4 (Unrolled), and the
// memlets between the maps cover one chunk.
// CHECK-LABEL: sdfg.sdfg "exact"
// CHECK: sdfg.map "m" ["i", "j_vec"] = 0:N, 0:16:4
// CHECK: sdfg.map "m" ["j"] = j_vec:"j_vec + 4" attributes {{{.*}}schedule = #sdfg.schedule<Unrolled>}
// CHECK: sdfg.memlet %{{.*}}["OUT_A"] -> %{{.*}}["x"] {data = "A", subset = #sdfg.range<i, "j + 1">}
// CHECK: sdfg.memlet %{{.*}}["OUT_A"] -> %{{.*}}["IN_A"] {data = "A", subset = #sdfg.range<i, "j_vec + 1":"j_vec + 5">}
// CHECK: sdfg.memlet %{{.*}}["OUT_B"] -> %{{.*}}["IN_B"] {data = "B", subset = #sdfg.range<i, j_vec:"j_vec + 4">}
// EIGHT-LABEL: sdfg.sdfg "exact"
// EIGHT: sdfg.map "m" ["i", "j_vec"] = 0:N, 0:16:8
// EIGHT: sdfg.map "m" ["j"] = j_vec:"j_vec + 8" attributes {{{.*}}schedule = #sdfg.schedule<Unrolled>}
sdfg.sdfg "exact" ["A", "B"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, 17>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, 16>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %B = sdfg.access "B"
    %me, %mx = sdfg.map "m" ["i", "j"] = 0:N, 0:16 attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_B}, exit_outs = {OUT_B}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "y = x * 2", ins = {x}, outs = {y}}
      sdfg.memlet %entry["OUT_A"] -> %t["x"] {data = "A", subset = #sdfg.range<i, "j + 1">}
      sdfg.memlet %t["y"] -> %exit["IN_B"] {data = "B", subset = #sdfg.range<i, j>}
    }
    sdfg.memlet %A -> %me["IN_A"] {data = "A", subset = #sdfg.range<0:N, 1:17>}
    sdfg.memlet %mx["OUT_B"] -> %B {data = "B", subset = #sdfg.range<0:N, 0:16>}
  }
}

// -----

// N elements: the last chunk may be shorter (Sequential, Min bound).
// CHECK-LABEL: sdfg.sdfg "remainder"
// CHECK: sdfg.map "m" ["i_vec"] = 0:N:4
// CHECK: sdfg.map "m" ["i"] = i_vec:"Min(N - 1, i_vec + 3) + 1" attributes {{{.*}}schedule = #sdfg.schedule<Sequential>}
// CHECK: {data = "A", subset = #sdfg.range<i_vec:"Min(N - 1, i_vec + 3) + 1">}
sdfg.sdfg "remainder" ["A"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %A2 = sdfg.access "A"
    %me, %mx = sdfg.map "m" ["i"] = 0:N attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_A}, exit_outs = {OUT_A}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "y = x + 1", ins = {x}, outs = {y}}
      sdfg.memlet %entry["OUT_A"] -> %t["x"] {data = "A", subset = #sdfg.range<i>}
      sdfg.memlet %t["y"] -> %exit["IN_A"] {data = "A", subset = #sdfg.range<i>}
    }
    sdfg.memlet %A -> %me["IN_A"] {data = "A", subset = #sdfg.range<0:N>}
    sdfg.memlet %mx["OUT_A"] -> %A2 {data = "A", subset = #sdfg.range<0:N>}
  }
}

// -----

// Strided access (2 * i): no match.
// CHECK-LABEL: sdfg.sdfg "strided"
// CHECK: sdfg.map "m" ["i"] = 0:N
// CHECK-NOT: sdfg.map
sdfg.sdfg "strided" ["A", "B"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<"2 * N">}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %B = sdfg.access "B"
    %me, %mx = sdfg.map "m" ["i"] = 0:N attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_B}, exit_outs = {OUT_B}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "y = x", ins = {x}, outs = {y}}
      sdfg.memlet %entry["OUT_A"] -> %t["x"] {data = "A", subset = #sdfg.range<"2 * i">}
      sdfg.memlet %t["y"] -> %exit["IN_B"] {data = "B", subset = #sdfg.range<i>}
    }
    sdfg.memlet %A -> %me["IN_A"] {data = "A", subset = #sdfg.range<0:"2 * N">}
    sdfg.memlet %mx["OUT_B"] -> %B {data = "B", subset = #sdfg.range<0:N>}
  }
}

// -----

// The innermost parameter indexes the first dimension (a transpose): no
// match.
// CHECK-LABEL: sdfg.sdfg "transposed"
// CHECK: sdfg.map "m" ["i", "j"] = 0:N, 0:N
// CHECK-NOT: sdfg.map
sdfg.sdfg "transposed" ["A", "B"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, N>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, N>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %B = sdfg.access "B"
    %me, %mx = sdfg.map "m" ["i", "j"] = 0:N, 0:N attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_B}, exit_outs = {OUT_B}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "y = x", ins = {x}, outs = {y}}
      sdfg.memlet %entry["OUT_A"] -> %t["x"] {data = "A", subset = #sdfg.range<j, i>}
      sdfg.memlet %t["y"] -> %exit["IN_B"] {data = "B", subset = #sdfg.range<i, j>}
    }
    sdfg.memlet %A -> %me["IN_A"] {data = "A", subset = #sdfg.range<0:N, 0:N>}
    sdfg.memlet %mx["OUT_B"] -> %B {data = "B", subset = #sdfg.range<0:N, 0:N>}
  }
}
