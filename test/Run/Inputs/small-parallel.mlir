// A light map inside a loop (B[i, :] = 2 A[i, :] for each i), a light 2-D
// map (B += 1), and a map whose iterations loop over a range that depends
// on the iteration (C[j] += sum of A[0:j, j]).
sdfg.sdfg "small_parallel" ["A", "B", "C"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int64>}
  sdfg.symbol "i" {dtype = #sdfg.dtype<int64>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, N>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, N>}
  sdfg.array "C" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  %rows = sdfg.loop "rows" attributes {condition = "(i < N)", init = "i = 0", loop_variable = "i", update = "i = (i + 1)"} {
    %row = sdfg.state "row" {
      %A = sdfg.access "A"
      %B = sdfg.access "B"
      %me, %mx = sdfg.map "row_map" ["j"] = 0:N attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_B}, exit_outs = {OUT_B}, schedule = #sdfg.schedule<CPU_Multicore>} {
      ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
        %t = sdfg.tasklet "double" {code = "b = 2.0 * a", ins = {a}, outs = {b}}
        sdfg.memlet %entry["OUT_A"] -> %t["a"] {data = "A", subset = #sdfg.range<i, j>}
        sdfg.memlet %t["b"] -> %exit["IN_B"] {data = "B", subset = #sdfg.range<i, j>}
      }
      sdfg.memlet %A -> %me["IN_A"] {data = "A", subset = #sdfg.range<i, 0:N>}
      sdfg.memlet %mx["OUT_B"] -> %B {data = "B", subset = #sdfg.range<i, 0:N>}
    }
  }
  %all = sdfg.state "all" {
    %B = sdfg.access "B"
    %B2 = sdfg.access "B"
    %me, %mx = sdfg.map "add_one" ["p", "q"] = 0:N, 0:N attributes {ins = {IN_B}, outs = {OUT_B}, exit_ins = {IN_B}, exit_outs = {OUT_B}, schedule = #sdfg.schedule<CPU_Multicore>} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "inc" {code = "y = x + 1.0", ins = {x}, outs = {y}}
      sdfg.memlet %entry["OUT_B"] -> %t["x"] {data = "B", subset = #sdfg.range<p, q>}
      sdfg.memlet %t["y"] -> %exit["IN_B"] {data = "B", subset = #sdfg.range<p, q>}
    }
    sdfg.memlet %B -> %me["IN_B"] {data = "B", subset = #sdfg.range<0:N, 0:N>}
    sdfg.memlet %mx["OUT_B"] -> %B2 {data = "B", subset = #sdfg.range<0:N, 0:N>}
  }
  %cols = sdfg.state "cols" {
    %A = sdfg.access "A"
    %C = sdfg.access "C"
    %oe, %ox = sdfg.map "cols" ["j"] = 0:N attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_C}, exit_outs = {OUT_C}, schedule = #sdfg.schedule<CPU_Multicore>} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %ie, %ix = sdfg.map "down" ["t"] = 0:j attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_C}, exit_outs = {OUT_C}, schedule = #sdfg.schedule<Sequential>} {
      ^bb0(%entry2: !sdfg.node, %exit2: !sdfg.node):
        %t = sdfg.tasklet "acc" {code = "c = a", ins = {a}, outs = {c}}
        sdfg.memlet %entry2["OUT_A"] -> %t["a"] {data = "A", subset = #sdfg.range<t, j>}
        sdfg.memlet %t["c"] -> %exit2["IN_C"] {data = "C", subset = #sdfg.range<j>, wcr = #sdfg.wcr<Sum, "(lambda x, y: (x + y))">}
      }
      sdfg.memlet %entry["OUT_A"] -> %ie["IN_A"] {data = "A", subset = #sdfg.range<0:N, j>}
      sdfg.memlet %ix["OUT_C"] -> %exit["IN_C"] {data = "C", subset = #sdfg.range<j>, wcr = #sdfg.wcr<Sum, "(lambda x, y: (x + y))">}
    }
    sdfg.memlet %A -> %oe["IN_A"] {data = "A", subset = #sdfg.range<0:N, 0:N>}
    sdfg.memlet %ox["OUT_C"] -> %C {data = "C", subset = #sdfg.range<0:N>, wcr = #sdfg.wcr<Sum, "(lambda x, y: (x + y))">}
  }
  sdfg.edge %rows -> %all
  sdfg.edge %all -> %cols
}
