// Complex values cross into C++ tasklets as std::complex<float> and
// std::complex<double> (DaCe's dace::complex64/128): scalars by value,
// scalar outputs by reference, array windows by pointer.
// O[i] = conj(Z[i]) * Z[i] (complex128); P[i] = W[i] * 2 + V[0] (complex64,
// V passed as a pointer to the whole array).
// RUN: sdfg-run %s --inputs %S/Inputs/cpp-tasklet-complex.npz --expected %S/Inputs/cpp-tasklet-complex.npz 2>&1 | FileCheck %s
// RUN: sdfg-run %s --engine aot --inputs %S/Inputs/cpp-tasklet-complex.npz --expected %S/Inputs/cpp-tasklet-complex.npz 2>&1 | FileCheck %s
// CHECK: 5 outputs match
sdfg.sdfg "cpp_complex" ["Z", "O", "W", "V", "P"] {
  sdfg.array "Z" {dtype = #sdfg.dtype<complex128>, shape = #sdfg.exprs<4>}
  sdfg.array "O" {dtype = #sdfg.dtype<complex128>, shape = #sdfg.exprs<4>}
  sdfg.array "W" {dtype = #sdfg.dtype<complex64>, shape = #sdfg.exprs<4>}
  sdfg.array "V" {dtype = #sdfg.dtype<complex64>, shape = #sdfg.exprs<2>}
  sdfg.array "P" {dtype = #sdfg.dtype<complex64>, shape = #sdfg.exprs<4>}
  %s = sdfg.state "s" {
    %z = sdfg.access "Z"
    %o = sdfg.access "O"
    %me, %mx = sdfg.map "m" ["i"] = 0:4 attributes {ins = {IN_z}, outs = {OUT_z}, exit_ins = {IN_o}, exit_outs = {OUT_o}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "t" {language = "CPP", ins = {z}, outs = {o}, code = "o = std::conj(z) * z;"}
      sdfg.memlet %entry["OUT_z"] -> %t["z"] {data = "Z", subset = #sdfg.range<i>}
      sdfg.memlet %t["o"] -> %exit["IN_o"] {data = "O", subset = #sdfg.range<i>}
    }
    sdfg.memlet %z -> %me["IN_z"] {data = "Z", subset = #sdfg.range<0:4>}
    sdfg.memlet %mx["OUT_o"] -> %o {data = "O", subset = #sdfg.range<0:4>}
  }
  %s2 = sdfg.state "s2" {
    %w = sdfg.access "W"
    %v = sdfg.access "V"
    %p = sdfg.access "P"
    %me, %mx = sdfg.map "m2" ["i"] = 0:4 attributes {ins = {IN_w, IN_v}, outs = {OUT_w, OUT_v}, exit_ins = {IN_p}, exit_outs = {OUT_p}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "t2" {language = "CPP", ins = {w, v}, outs = {p}, code = "p = w * 2.0f + v[0];"}
      sdfg.memlet %entry["OUT_w"] -> %t["w"] {data = "W", subset = #sdfg.range<i>}
      sdfg.memlet %entry["OUT_v"] -> %t["v"] {data = "V", subset = #sdfg.range<0:2>}
      sdfg.memlet %t["p"] -> %exit["IN_p"] {data = "P", subset = #sdfg.range<i>}
    }
    sdfg.memlet %w -> %me["IN_w"] {data = "W", subset = #sdfg.range<0:4>}
    sdfg.memlet %v -> %me["IN_v"] {data = "V", subset = #sdfg.range<0:2>}
    sdfg.memlet %mx["OUT_p"] -> %p {data = "P", subset = #sdfg.range<0:4>}
  }
  sdfg.edge %s -> %s2
}
