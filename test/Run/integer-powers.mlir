// `x ** k` with a constant integer k multiplies, in the order NumPy does, so
// that a Mandelbrot-like iteration z = z**2 + c (and z**3 + z**5, f**2)
// matches NumPy bit for bit instead of going through the polar complex `pow`
// (z is squared as DaCe writes NumPy's `z ** 2`: `z ** dace.complex128(2)`).
// A negative power divides by the positive one (`complex.div` rounds unlike
// NumPy's division, so W is only compared with a tolerance).
// The inputs and expected results come from Inputs/integer-powers.py.
// RUN: sdfg-run %s --inputs %S/Inputs/integer-powers.npz --expected %S/Inputs/integer-powers.npz --rtol 0 --atol 0 2>&1 | FileCheck %s
// CHECK: 3 outputs match
// RUN: sdfg-run %s --inputs %S/Inputs/integer-powers.npz --expected %S/Inputs/integer-powers-negative.npz --rtol 1e-15 --atol 0 2>&1 | FileCheck %s --check-prefix=NEAR
// NEAR: 1 outputs match
// RUN: sdfg-run %s --emit lowered | FileCheck %s --check-prefix=LOWERED
// LOWERED-NOT: complex.pow
// LOWERED-NOT: math.fpowi
sdfg.sdfg "integer_powers" ["C", "Z", "Z3", "W", "F"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int64>}
  sdfg.symbol "t" {dtype = #sdfg.dtype<int64>}
  sdfg.array "C" {dtype = #sdfg.dtype<complex128>, shape = #sdfg.exprs<N>}
  sdfg.array "Z" {dtype = #sdfg.dtype<complex128>, shape = #sdfg.exprs<N>}
  sdfg.array "Z3" {dtype = #sdfg.dtype<complex128>, shape = #sdfg.exprs<N>}
  sdfg.array "W" {dtype = #sdfg.dtype<complex128>, shape = #sdfg.exprs<N>}
  sdfg.array "F" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  %init = sdfg.state "init" {
  }
  %guard = sdfg.state "guard" {
  }
  %body = sdfg.state "body" {
    %c = sdfg.access "C"
    %z = sdfg.access "Z"
    %z2 = sdfg.access "Z"
    %me, %mx = sdfg.map "step" ["i"] = 0:N attributes {ins = {IN_c, IN_z}, outs = {OUT_c, OUT_z}, exit_ins = {IN_z}, exit_outs = {OUT_z}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "zo = zi ** dace.complex128(2) + ci", ins = {ci, zi}, outs = {zo}}
      sdfg.memlet %entry["OUT_c"] -> %t["ci"] {data = "C", subset = #sdfg.range<i>}
      sdfg.memlet %entry["OUT_z"] -> %t["zi"] {data = "Z", subset = #sdfg.range<i>}
      sdfg.memlet %t["zo"] -> %exit["IN_z"] {data = "Z", subset = #sdfg.range<i>}
    }
    sdfg.memlet %c -> %me["IN_c"] {data = "C", subset = #sdfg.range<0:N>}
    sdfg.memlet %z -> %me["IN_z"] {data = "Z", subset = #sdfg.range<0:N>}
    sdfg.memlet %mx["OUT_z"] -> %z2 {data = "Z", subset = #sdfg.range<0:N>}
  }
  %other = sdfg.state "other" {
    %c = sdfg.access "C"
    %z3 = sdfg.access "Z3"
    %w = sdfg.access "W"
    %f = sdfg.access "F"
    %me, %mx = sdfg.map "powers" ["i"] = 0:N attributes {ins = {IN_c}, outs = {OUT_c}, exit_ins = {IN_z3, IN_w, IN_f}, exit_outs = {OUT_z3, OUT_w, OUT_f}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "z3 = ci ** 3 + ci ** 5; w = ci ** -2; f = real(ci) ** 2 - imag(ci) ** 2.0", ins = {ci}, outs = {z3, w, f}}
      sdfg.memlet %entry["OUT_c"] -> %t["ci"] {data = "C", subset = #sdfg.range<i>}
      sdfg.memlet %t["z3"] -> %exit["IN_z3"] {data = "Z3", subset = #sdfg.range<i>}
      sdfg.memlet %t["w"] -> %exit["IN_w"] {data = "W", subset = #sdfg.range<i>}
      sdfg.memlet %t["f"] -> %exit["IN_f"] {data = "F", subset = #sdfg.range<i>}
    }
    sdfg.memlet %c -> %me["IN_c"] {data = "C", subset = #sdfg.range<0:N>}
    sdfg.memlet %mx["OUT_z3"] -> %z3 {data = "Z3", subset = #sdfg.range<0:N>}
    sdfg.memlet %mx["OUT_w"] -> %w {data = "W", subset = #sdfg.range<0:N>}
    sdfg.memlet %mx["OUT_f"] -> %f {data = "F", subset = #sdfg.range<0:N>}
  }
  sdfg.edge %init -> %guard {assignments = #sdfg.assign<t = 0>}
  sdfg.edge %guard -> %body {condition = "t < 6"}
  sdfg.edge %body -> %guard {assignments = #sdfg.assign<t = "t + 1">}
  sdfg.edge %guard -> %other {condition = "not t < 6"}
}
