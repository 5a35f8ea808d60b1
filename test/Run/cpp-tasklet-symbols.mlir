// A C++ tasklet sees the SDFG symbols and enclosing map parameters it names
// as `const` locals holding their values at the call (as in DaCe's C++);
// members (`v.size`), comments and string literals are not names.
// Out[i, j] = a * N + 10 * i + j + K, with a = Out's input value, K = 100.
// RUN: sdfg-run %s --symbol N=3 --symbol K=100 --inputs %S/Inputs/cpp-tasklet-symbols.npz --expected %S/Inputs/cpp-tasklet-symbols.npz 2>&1 | FileCheck %s
// RUN: sdfg-run %s --symbol N=3 --symbol K=100 --engine aot --inputs %S/Inputs/cpp-tasklet-symbols.npz --expected %S/Inputs/cpp-tasklet-symbols.npz 2>&1 | FileCheck %s
// CHECK: 2 outputs match
sdfg.sdfg "cpp_symbols" ["A", "Out"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int64>}
  sdfg.symbol "K" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<int64>, shape = #sdfg.exprs<N, N>}
  sdfg.array "Out" {dtype = #sdfg.dtype<int64>, shape = #sdfg.exprs<N, N>}
  %s = sdfg.state "s" {
    %a = sdfg.access "A"
    %o = sdfg.access "Out"
    %me, %mx = sdfg.map "m" ["i", "__j"] = 0:N, 0:N attributes {ins = {IN_a}, outs = {OUT_a}, exit_ins = {IN_o}, exit_outs = {OUT_o}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "t" {language = "CPP", ins = {a}, outs = {o}, code = "\0A  struct { long long size; } v{K}; // N i\0A  const char *s = \"N\";\0A  o = a * N + 10 * i + __j + v.size;\0A"}
      sdfg.memlet %entry["OUT_a"] -> %t["a"] {data = "A", subset = #sdfg.range<i, __j>}
      sdfg.memlet %t["o"] -> %exit["IN_o"] {data = "Out", subset = #sdfg.range<i, __j>}
    }
    sdfg.memlet %a -> %me["IN_a"] {data = "A", subset = #sdfg.range<0:N, 0:N>}
    sdfg.memlet %mx["OUT_o"] -> %o {data = "Out", subset = #sdfg.range<0:N, 0:N>}
  }
}
