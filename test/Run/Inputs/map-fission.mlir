sdfg.sdfg "chain" ["A", "B", "C"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int64>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "C" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, 4>}
  sdfg.scalar "t" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>, transient}
  sdfg.array "V" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %B = sdfg.access "B"
    %C = sdfg.access "C"
    %me, %mx = sdfg.map "m" ["i"] = 1:N:2 attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_B, IN_C}, exit_outs = {OUT_B, OUT_C}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %sq = sdfg.tasklet "square" {code = "out = inp * inp", ins = {inp}, outs = {out}}
      %t = sdfg.access "t"
      %dbl = sdfg.tasklet "double" {code = "out = 2 * inp", ins = {inp}, outs = {out}}
      sdfg.memlet %entry["OUT_A"] -> %sq["inp"] {data = "A", subset = #sdfg.range<i>}
      sdfg.memlet %sq["out"] -> %t {data = "t", subset = #sdfg.range<0>}
      sdfg.memlet %t -> %dbl["inp"] {data = "t", subset = #sdfg.range<0>}
      sdfg.memlet %dbl["out"] -> %exit["IN_B"] {data = "B", subset = #sdfg.range<i>}
      %V = sdfg.access "V"
      %fill = sdfg.tasklet "fill" {code = "o0 = inp\no1 = inp + 1\no2 = inp + 2\no3 = inp + 3", ins = {inp}, outs = {o0, o1, o2, o3}}
      sdfg.memlet %entry["OUT_A"] -> %fill["inp"] {data = "A", subset = #sdfg.range<i>}
      sdfg.memlet %fill["o0"] -> %V {data = "V", subset = #sdfg.range<0>}
      sdfg.memlet %fill["o1"] -> %V {data = "V", subset = #sdfg.range<1>}
      sdfg.memlet %fill["o2"] -> %V {data = "V", subset = #sdfg.range<2>}
      sdfg.memlet %fill["o3"] -> %V {data = "V", subset = #sdfg.range<3>}
      %ie, %ix = sdfg.map "inner" ["j"] = 0:3 attributes {ins = {IN_V}, outs = {OUT_V}, exit_ins = {IN_C}, exit_outs = {OUT_C}} {
      ^bb0(%ientry: !sdfg.node, %iexit: !sdfg.node):
        %neg = sdfg.tasklet "neg" {code = "out = -inp", ins = {inp}, outs = {out}}
        sdfg.memlet %ientry["OUT_V"] -> %neg["inp"] {data = "V", subset = #sdfg.range<"3 - j">}
        sdfg.memlet %neg["out"] -> %iexit["IN_C"] {data = "C", subset = #sdfg.range<i, j>}
      }
      sdfg.memlet %V -> %ie["IN_V"] {data = "V", subset = #sdfg.range<0:3>}
      sdfg.memlet %ix["OUT_C"] -> %exit["IN_C"] {data = "C", subset = #sdfg.range<i, 0:3>}
    }
    sdfg.memlet %A -> %me["IN_A"] {data = "A", subset = #sdfg.range<1:"N - 1">}
    sdfg.memlet %mx["OUT_B"] -> %B {data = "B", subset = #sdfg.range<1:"N - 1">}
    sdfg.memlet %mx["OUT_C"] -> %C {data = "C", subset = #sdfg.range<1:"N - 1", 0:3>}
  }
}
