// C[1:M, :] += A[1:M, :] @ B, then D += E^T @ B (nested maps, `b * a`).
sdfg.sdfg "products" ["A", "B", "C", "D", "E"] {
  sdfg.symbol "K" {dtype = #sdfg.dtype<int32>}
  sdfg.symbol "M" {dtype = #sdfg.dtype<int32>}
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<M, K>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<K, N>}
  sdfg.array "C" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<M, N>}
  sdfg.array "D" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<M, N>}
  sdfg.array "E" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<K, M>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %B = sdfg.access "B"
    %C = sdfg.access "C"
    %me, %mx = sdfg.map "mm" ["i", "j", "k"] = 1:M, 0:N, 0:K attributes {ins = {IN_A, IN_B}, outs = {OUT_A, OUT_B}, exit_ins = {IN_C}, exit_outs = {OUT_C}, schedule = #sdfg.schedule<CPU_Multicore>} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "mul" {code = "c = (a * b)", ins = {a, b}, outs = {c}}
      sdfg.memlet %entry["OUT_A"] -> %t["a"] {data = "A", subset = #sdfg.range<i, k>}
      sdfg.memlet %entry["OUT_B"] -> %t["b"] {data = "B", subset = #sdfg.range<k, j>}
      sdfg.memlet %t["c"] -> %exit["IN_C"] {data = "C", subset = #sdfg.range<i, j>, wcr = #sdfg.wcr<Sum, "(lambda x, y: (x + y))">}
    }
    sdfg.memlet %A -> %me["IN_A"] {data = "A", subset = #sdfg.range<1:M, 0:K>}
    sdfg.memlet %B -> %me["IN_B"] {data = "B", subset = #sdfg.range<0:K, 0:N>}
    sdfg.memlet %mx["OUT_C"] -> %C {data = "C", subset = #sdfg.range<1:M, 0:N>, wcr = #sdfg.wcr<Sum, "(lambda x, y: (x + y))">}
  }
  %s2 = sdfg.state "s2" {
    %E = sdfg.access "E"
    %B = sdfg.access "B"
    %D = sdfg.access "D"
    %oe, %ox = sdfg.map "outer" ["i", "j"] = 0:M, 0:N attributes {ins = {IN_A, IN_B}, outs = {OUT_A, OUT_B}, exit_ins = {IN_C}, exit_outs = {OUT_C}, schedule = #sdfg.schedule<CPU_Multicore>} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %ie, %ix = sdfg.map "inner" ["k"] = 0:K attributes {ins = {IN_A, IN_B}, outs = {OUT_A, OUT_B}, exit_ins = {IN_C}, exit_outs = {OUT_C}, schedule = #sdfg.schedule<Sequential>} {
      ^bb0(%entry2: !sdfg.node, %exit2: !sdfg.node):
        %t = sdfg.tasklet "mul" {code = "c = b * a", ins = {a, b}, outs = {c}}
        sdfg.memlet %entry2["OUT_A"] -> %t["a"] {data = "E", subset = #sdfg.range<k, i>}
        sdfg.memlet %entry2["OUT_B"] -> %t["b"] {data = "B", subset = #sdfg.range<k, j>}
        sdfg.memlet %t["c"] -> %exit2["IN_C"] {data = "D", subset = #sdfg.range<i, j>, wcr = #sdfg.wcr<Sum, "(lambda x, y: (x + y))">}
      }
      sdfg.memlet %entry["OUT_A"] -> %ie["IN_A"] {data = "E", subset = #sdfg.range<0:K, i>}
      sdfg.memlet %entry["OUT_B"] -> %ie["IN_B"] {data = "B", subset = #sdfg.range<0:K, j>}
      sdfg.memlet %ix["OUT_C"] -> %exit["IN_C"] {data = "D", subset = #sdfg.range<i, j>, wcr = #sdfg.wcr<Sum, "(lambda x, y: (x + y))">}
    }
    sdfg.memlet %E -> %oe["IN_A"] {data = "E", subset = #sdfg.range<0:K, 0:M>}
    sdfg.memlet %B -> %oe["IN_B"] {data = "B", subset = #sdfg.range<0:K, 0:N>}
    sdfg.memlet %ox["OUT_C"] -> %D {data = "D", subset = #sdfg.range<0:M, 0:N>, wcr = #sdfg.wcr<Sum, "(lambda x, y: (x + y))">}
  }
  sdfg.edge %s -> %s2
}
