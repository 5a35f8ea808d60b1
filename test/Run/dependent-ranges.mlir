// A map range may use the map's earlier parameters (DaCe's validation and
// code generator allow it; its expanded GPU reductions write
// `_j0 + tid : Min(N - 1, _j0 + 1023)`): the dependent dimension loops inside
// the one it depends on, and only the independent outer one runs in parallel.
// Row 0..4 of T is the triangle j >= i (value 10*i + j + 1); B[k] is the
// start of k's block of 3.
// RUN: sdfg-run %s --symbol N=5 --inputs %S/Inputs/dependent-ranges-expected.npz --expected %S/Inputs/dependent-ranges-expected.npz 2>&1 | FileCheck %s
// RUN: sdfg-run %s --symbol N=5 --engine aot --inputs %S/Inputs/dependent-ranges-expected.npz --expected %S/Inputs/dependent-ranges-expected.npz 2>&1 | FileCheck %s
// CHECK: 2 outputs match
// RUN: sdfg-run %s --symbol N=5 --emit lowered | FileCheck %s --check-prefix=LOWERED
// LOWERED: scf.parallel
// LOWERED-NEXT: arith.index_cast
// LOWERED: scf.for
// The range round-trips through DaCe's JSON.
// RUN: sdfg-translate --export-sdfg %s | sdfg-translate --import-sdfg | FileCheck %s --check-prefix=BACK
// BACK: sdfg.map "triangle" ["i", "j"] = 0:N, i:N
// BACK: sdfg.map "blocks" ["j0", "k"] = 0:N:3, j0:"Min(N - 1, j0 + 2) + 1"
sdfg.sdfg "dependent_ranges" ["T", "B"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int64>}
  sdfg.array "T" {dtype = #sdfg.dtype<int64>, shape = #sdfg.exprs<N, N>}
  sdfg.array "B" {dtype = #sdfg.dtype<int64>, shape = #sdfg.exprs<N>}
  %s0 = sdfg.state "triangle" {
    %r = sdfg.access "T"
    %me, %mx = sdfg.map "triangle" ["i", "j"] = 0:N, i:N attributes {exit_ins = {IN_r}, exit_outs = {OUT_r}, schedule = #sdfg.schedule<CPU_Multicore>} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "y = 10 * i + j + 1", outs = {y}}
      sdfg.memlet %entry -> %t
      sdfg.memlet %t["y"] -> %exit["IN_r"] {data = "T", subset = #sdfg.range<i, j>}
    }
    sdfg.memlet %mx["OUT_r"] -> %r {data = "T", subset = #sdfg.range<0:N, 0:N>}
  }
  %s1 = sdfg.state "blocks" {
    %r = sdfg.access "B"
    %me, %mx = sdfg.map "blocks" ["j0", "k"] = 0:N:3, j0:"Min(N - 1, j0 + 2) + 1" attributes {exit_ins = {IN_r}, exit_outs = {OUT_r}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "y = j0", outs = {y}}
      sdfg.memlet %entry -> %t
      sdfg.memlet %t["y"] -> %exit["IN_r"] {data = "B", subset = #sdfg.range<k>}
    }
    sdfg.memlet %mx["OUT_r"] -> %r {data = "B", subset = #sdfg.range<0:N>}
  }
  sdfg.edge %s0 -> %s1
}
