sdfg.sdfg "time_loop" ["A", "B", "S"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int64>}
  sdfg.symbol "T" {dtype = #sdfg.dtype<int64>}
  sdfg.symbol "t" {dtype = #sdfg.dtype<int64>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<T, N>}
  sdfg.array "S" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
  sdfg.array "tmp" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>, transient}
  %l = sdfg.loop "for_t" attributes {condition = "t < T", init = "t = 0", loop_variable = "t", update = "t = t + 1"} {
    %s = sdfg.state "body" {
      %A = sdfg.access "A"
      %B = sdfg.access "B"
      %A2 = sdfg.access "A"
      %S = sdfg.access "S"
      %me, %mx = sdfg.map "m" ["j"] = 0:N attributes {ins = {IN_A, IN_B}, outs = {OUT_A, OUT_B}, exit_ins = {IN_A, IN_S}, exit_outs = {OUT_A, OUT_S}} {
      ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
        %step = sdfg.tasklet "step" {code = "y = 0.5 * a + b", ins = {a, b}, outs = {y}}
        %tmp = sdfg.access "tmp"
        %split = sdfg.tasklet "split" {code = "o = y\ns = y", ins = {y}, outs = {o, s}}
        sdfg.memlet %entry["OUT_A"] -> %step["a"] {data = "A", subset = #sdfg.range<j>}
        sdfg.memlet %entry["OUT_B"] -> %step["b"] {data = "B", subset = #sdfg.range<t, j>}
        sdfg.memlet %step["y"] -> %tmp {data = "tmp", subset = #sdfg.range<0>}
        sdfg.memlet %tmp -> %split["y"] {data = "tmp", subset = #sdfg.range<0>}
        sdfg.memlet %split["o"] -> %exit["IN_A"] {data = "A", subset = #sdfg.range<j>}
        sdfg.memlet %split["s"] -> %exit["IN_S"] {data = "S", subset = #sdfg.range<0>, wcr = #sdfg.wcr<Sum, "(lambda a, b: a + b)">}
      }
      sdfg.memlet %A -> %me["IN_A"] {data = "A", subset = #sdfg.range<0:N>}
      sdfg.memlet %B -> %me["IN_B"] {data = "B", subset = #sdfg.range<t, 0:N>}
      sdfg.memlet %mx["OUT_A"] -> %A2 {data = "A", subset = #sdfg.range<0:N>}
      sdfg.memlet %mx["OUT_S"] -> %S {data = "S", subset = #sdfg.range<0>, wcr = #sdfg.wcr<Sum, "(lambda a, b: a + b)">}
    }
  }
}
