// A view inside a parallel map is bound to its target at each iteration,
// as a pointer private to the iteration: writes through it land in the
// target (here column j of __return, stride 6), and nothing is allocated
// for it (an allocation of its own 4 elements overflowed at stride 6 and
// never reached __return).
// RUN: sdfg-run %s --emit lowered | FileCheck %s --check-prefix=LOWERED
// LOWERED: scf.parallel
// LOWERED-NOT: malloc
// LOWERED-NOT: llvm.alloca {{.*}} x f64
// LOWERED: return
// __return[i, j] = 10 i + j.
// RUN: env OMP_NUM_THREADS=2 sdfg-run %s --expected %S/Inputs/scope-views-expected.npz 2>&1 | FileCheck %s
// RUN: env OMP_NUM_THREADS=1 sdfg-run %s --engine aot --expected %S/Inputs/scope-views-expected.npz 2>&1 | FileCheck %s
// CHECK: 1 outputs match
sdfg.sdfg "scope_views" ["__return"] {
  sdfg.array "__return" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4, 6>}
  sdfg.view "col" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, strides = #sdfg.exprs<6>, total_size = #sdfg.expr<19>, transient}
  %s = sdfg.state "s" {
    %r = sdfg.access "__return"
    %me, %mx = sdfg.map "cols" ["j"] = 0:6 attributes {exit_ins = {IN_r}, exit_outs = {OUT_r}, schedule = #sdfg.schedule<CPU_Multicore>} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %ie, %ix = sdfg.map "rows" ["i"] = 0:4 attributes {exit_ins = {IN_col}, exit_outs = {OUT_col}, schedule = #sdfg.schedule<Sequential>} {
      ^bb0(%e2: !sdfg.node, %x2: !sdfg.node):
        %t = sdfg.tasklet "put" {code = "v = i * 10 + j", outs = {v}}
        sdfg.memlet %e2 -> %t
        sdfg.memlet %t["v"] -> %x2["IN_col"] {data = "col", subset = #sdfg.range<i>}
      }
      %col = sdfg.access "col" {outs = {views = "pointer<float64>"}}
      sdfg.memlet %entry -> %ie
      sdfg.memlet %ix["OUT_col"] -> %col {data = "col", subset = #sdfg.range<0:4>}
      sdfg.memlet %col["views"] -> %exit["IN_r"] {data = "__return", other_subset = #sdfg.range<0:4>, subset = #sdfg.range<0:4, j>}
    }
    sdfg.memlet %mx["OUT_r"] -> %r {data = "__return", subset = #sdfg.range<0:4, 0:6>}
  }
}
