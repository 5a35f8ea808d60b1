// Declared strides are honoured at both ends: an argument in column-major
// order (A: shape 3x4, strides 1, 3) is laid out that way from the C-order
// NumPy input and read back, and a transient whose stride reaches past its
// total size (T: 4 elements 1000 apart, total_size 4) gets all the memory
// it addresses (3001 elements) instead of 4.
// RUN: sdfg-run %s --emit lowered | FileCheck %s --check-prefix=LOWERED
// LOWERED: arith.constant 3001 : i64
// B = A + T-sum-of-row-index, A given in C order.
// RUN: sdfg-run %s --inputs %S/Inputs/strided-layouts.npz --expected %S/Inputs/strided-layouts.npz -o %t.npz 2>&1 | FileCheck %s
// CHECK: 2 outputs match
sdfg.sdfg "strided_layouts" ["A", "B"] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<3, 4>, strides = #sdfg.exprs<1, 3>, total_size = #sdfg.expr<12>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<3, 4>}
  sdfg.array "T" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, strides = #sdfg.exprs<1000>, total_size = #sdfg.expr<4>, transient}
  %s0 = sdfg.state "fill" {
    %t = sdfg.access "T"
    %me, %mx = sdfg.map "fill" ["k"] = 0:4 attributes {exit_ins = {IN_T}, exit_outs = {OUT_T}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %w = sdfg.tasklet "w" {code = "o = 10 * k", outs = {o}}
      sdfg.memlet %entry -> %w
      sdfg.memlet %w["o"] -> %exit["IN_T"] {data = "T", subset = #sdfg.range<k>}
    }
    sdfg.memlet %mx["OUT_T"] -> %t {data = "T", subset = #sdfg.range<0:4>}
  }
  %s1 = sdfg.state "add" {
    %a = sdfg.access "A"
    %t = sdfg.access "T"
    %b = sdfg.access "B"
    %me, %mx = sdfg.map "add" ["i", "j"] = 0:3, 0:4 attributes {ins = {IN_A, IN_T}, outs = {OUT_A, OUT_T}, exit_ins = {IN_B}, exit_outs = {OUT_B}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %p = sdfg.tasklet "p" {code = "o = x + y", ins = {x, y}, outs = {o}}
      sdfg.memlet %entry["OUT_A"] -> %p["x"] {data = "A", subset = #sdfg.range<i, j>}
      sdfg.memlet %entry["OUT_T"] -> %p["y"] {data = "T", subset = #sdfg.range<j>}
      sdfg.memlet %p["o"] -> %exit["IN_B"] {data = "B", subset = #sdfg.range<i, j>}
    }
    sdfg.memlet %a -> %me["IN_A"] {data = "A", subset = #sdfg.range<0:3, 0:4>}
    sdfg.memlet %t -> %me["IN_T"] {data = "T", subset = #sdfg.range<0:4>}
    sdfg.memlet %mx["OUT_B"] -> %b {data = "B", subset = #sdfg.range<0:3, 0:4>}
  }
  sdfg.edge %s0 -> %s1
}
