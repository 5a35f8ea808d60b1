// B[j, k] = T[j-1, k] + T[j+1, k] + T[j, k-1] + T[j, k+1] - 4 T[j, k] over
// the interior, with T = A * A computed on the whole grid by a first map.
sdfg.sdfg "laplace_of_square" ["A", "B"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.symbol "M" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<"N + 2", "M + 2">}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<"N + 2", "M + 2">}
  sdfg.array "T" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<"N + 2", "M + 2">, transient}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %T = sdfg.access "T"
    %B = sdfg.access "B"
    %e1, %x1 = sdfg.map "square" ["i", "j"] = 0:"N + 2", 0:"M + 2" attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_T}, exit_outs = {OUT_T}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t1 = sdfg.tasklet "t1" {code = "y = x * x", ins = {x}, outs = {y}}
      sdfg.memlet %entry["OUT_A"] -> %t1["x"] {data = "A", subset = #sdfg.range<i, j>}
      sdfg.memlet %t1["y"] -> %exit["IN_T"] {data = "T", subset = #sdfg.range<i, j>}
    }
    %e2, %x2 = sdfg.map "laplace" ["k", "l"] = 1:"N + 1", 1:"M + 1" attributes {ins = {IN_T}, outs = {OUT_T}, exit_ins = {IN_B}, exit_outs = {OUT_B}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t2 = sdfg.tasklet "t2" {code = "z = n + s + w + e - 4 * c", ins = {n, s, w, e, c}, outs = {z}}
      sdfg.memlet %entry["OUT_T"] -> %t2["n"] {data = "T", subset = #sdfg.range<"k - 1", l>}
      sdfg.memlet %entry["OUT_T"] -> %t2["s"] {data = "T", subset = #sdfg.range<"k + 1", l>}
      sdfg.memlet %entry["OUT_T"] -> %t2["w"] {data = "T", subset = #sdfg.range<k, "l - 1">}
      sdfg.memlet %entry["OUT_T"] -> %t2["e"] {data = "T", subset = #sdfg.range<k, "l + 1">}
      sdfg.memlet %entry["OUT_T"] -> %t2["c"] {data = "T", subset = #sdfg.range<k, l>}
      sdfg.memlet %t2["z"] -> %exit["IN_B"] {data = "B", subset = #sdfg.range<k, l>}
    }
    sdfg.memlet %A -> %e1["IN_A"] {data = "A", subset = #sdfg.range<0:"N + 2", 0:"M + 2">}
    sdfg.memlet %x1["OUT_T"] -> %T {data = "T", subset = #sdfg.range<0:"N + 2", 0:"M + 2">}
    sdfg.memlet %T -> %e2["IN_T"] {data = "T", subset = #sdfg.range<0:"N + 2", 0:"M + 2">}
    sdfg.memlet %x2["OUT_B"] -> %B {data = "B", subset = #sdfg.range<1:"N + 1", 1:"M + 1">}
  }
}
