// Copying tasklets in the three places TrivialTaskletElimination handles:
// between access nodes, from a map entry, into a map exit.
sdfg.sdfg "copies" ["A", "B", "C", "D"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int64>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "C" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "D" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<3>}
  sdfg.array "T" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>, transient}
  sdfg.array "U" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>, transient}
  %s1 = sdfg.state "pick" {
    %A = sdfg.access "A"
    %D = sdfg.access "D"
    %t = sdfg.tasklet "pick" {code = "out = inp", ins = {inp}, outs = {out}}
    sdfg.memlet %A -> %t["inp"] {data = "A", subset = #sdfg.range<2>}
    sdfg.memlet %t["out"] -> %D {data = "D", subset = #sdfg.range<1>}
  }
  %s2 = sdfg.state "from_entry" {
    %A = sdfg.access "A"
    %B = sdfg.access "B"
    %me, %mx = sdfg.map "m" ["i"] = 0:N attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_B}, exit_outs = {OUT_B}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %c = sdfg.tasklet "load" {code = "out = inp", ins = {inp}, outs = {out}}
      %T = sdfg.access "T"
      %q = sdfg.tasklet "square" {code = "y = x * x", ins = {x}, outs = {y}}
      sdfg.memlet %entry["OUT_A"] -> %c["inp"] {data = "A", subset = #sdfg.range<i>}
      sdfg.memlet %c["out"] -> %T {data = "T", subset = #sdfg.range<i>}
      sdfg.memlet %T -> %q["x"] {data = "T", subset = #sdfg.range<i>}
      sdfg.memlet %q["y"] -> %exit["IN_B"] {data = "B", subset = #sdfg.range<i>}
    }
    sdfg.memlet %A -> %me["IN_A"] {data = "A", subset = #sdfg.range<0:N>}
    sdfg.memlet %mx["OUT_B"] -> %B {data = "B", subset = #sdfg.range<0:N>}
  }
  %s3 = sdfg.state "into_exit" {
    %A = sdfg.access "A"
    %C = sdfg.access "C"
    %me, %mx = sdfg.map "m" ["i"] = 0:N attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_C}, exit_outs = {OUT_C}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %d = sdfg.tasklet "double" {code = "y = 2.0 * x", ins = {x}, outs = {y}}
      %U = sdfg.access "U"
      %c = sdfg.tasklet "store" {code = "out = inp", ins = {inp}, outs = {out}}
      sdfg.memlet %entry["OUT_A"] -> %d["x"] {data = "A", subset = #sdfg.range<"N - 1 - i">}
      sdfg.memlet %d["y"] -> %U {data = "U", subset = #sdfg.range<i>}
      sdfg.memlet %U -> %c["inp"] {data = "U", subset = #sdfg.range<i>}
      sdfg.memlet %c["out"] -> %exit["IN_C"] {data = "C", subset = #sdfg.range<i>}
    }
    sdfg.memlet %A -> %me["IN_A"] {data = "A", subset = #sdfg.range<0:N>}
    sdfg.memlet %mx["OUT_C"] -> %C {data = "C", subset = #sdfg.range<0:N>}
  }
  sdfg.edge %s1 -> %s2
  sdfg.edge %s2 -> %s3
}
