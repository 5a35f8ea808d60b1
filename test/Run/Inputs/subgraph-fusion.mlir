// Each row of T = 2 * A is divided by its first element, B[k, l] =
// T[k, l] / T[k, 0]: the second map reads an element the same iteration
// of the first does not write, so the maps fuse only over the rows.
sdfg.sdfg "row_scale" ["A", "B"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.symbol "M" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, M>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, M>}
  sdfg.array "T" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, M>, transient}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %T = sdfg.access "T"
    %B = sdfg.access "B"
    %e1, %x1 = sdfg.map "a" ["i", "j"] = 0:N, 0:M attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_T}, exit_outs = {OUT_T}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t1 = sdfg.tasklet "t1" {code = "y = x * 2", ins = {x}, outs = {y}}
      sdfg.memlet %entry["OUT_A"] -> %t1["x"] {data = "A", subset = #sdfg.range<i, j>}
      sdfg.memlet %t1["y"] -> %exit["IN_T"] {data = "T", subset = #sdfg.range<i, j>}
    }
    %e2, %x2 = sdfg.map "b" ["k", "l"] = 0:N, 0:M attributes {ins = {IN_T}, outs = {OUT_T}, exit_ins = {IN_B}, exit_outs = {OUT_B}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t2 = sdfg.tasklet "t2" {code = "z = v / f", ins = {v, f}, outs = {z}}
      sdfg.memlet %entry["OUT_T"] -> %t2["v"] {data = "T", subset = #sdfg.range<k, l>}
      sdfg.memlet %entry["OUT_T"] -> %t2["f"] {data = "T", subset = #sdfg.range<k, 0>}
      sdfg.memlet %t2["z"] -> %exit["IN_B"] {data = "B", subset = #sdfg.range<k, l>}
    }
    sdfg.memlet %A -> %e1["IN_A"] {data = "A", subset = #sdfg.range<0:N, 0:M>}
    sdfg.memlet %x1["OUT_T"] -> %T {data = "T", subset = #sdfg.range<0:N, 0:M>}
    sdfg.memlet %T -> %e2["IN_T"] {data = "T", subset = #sdfg.range<0:N, 0:M>}
    sdfg.memlet %x2["OUT_B"] -> %B {data = "B", subset = #sdfg.range<0:N, 0:M>}
  }
}
