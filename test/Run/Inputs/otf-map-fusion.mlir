// A three-point stencil over a computed transient (Run/otf-map-fusion.test).
sdfg.sdfg "stencil" ["A", "C"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<"N + 1">}
  sdfg.array "C" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "T" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<"N + 1">, transient}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %T = sdfg.access "T"
    %C = sdfg.access "C"
    %e1, %x1 = sdfg.map "a" ["i"] = 0:"N + 1" attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_T}, exit_outs = {OUT_T}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t1 = sdfg.tasklet "t1" {code = "y = x * 2", ins = {x}, outs = {y}}
      sdfg.memlet %entry["OUT_A"] -> %t1["x"] {data = "A", subset = #sdfg.range<i>}
      sdfg.memlet %t1["y"] -> %exit["IN_T"] {data = "T", subset = #sdfg.range<i>}
    }
    %e2, %x2 = sdfg.map "b" ["j"] = 0:N attributes {ins = {IN_T}, outs = {OUT_T}, exit_ins = {IN_C}, exit_outs = {OUT_C}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t2 = sdfg.tasklet "t2" {code = "z = l + r", ins = {l, r}, outs = {z}}
      sdfg.memlet %entry["OUT_T"] -> %t2["l"] {data = "T", subset = #sdfg.range<j>}
      sdfg.memlet %entry["OUT_T"] -> %t2["r"] {data = "T", subset = #sdfg.range<"j + 1">}
      sdfg.memlet %t2["z"] -> %exit["IN_C"] {data = "C", subset = #sdfg.range<j>}
    }
    sdfg.memlet %A -> %e1["IN_A"] {data = "A", subset = #sdfg.range<0:"N + 1">}
    sdfg.memlet %x1["OUT_T"] -> %T {data = "T", subset = #sdfg.range<0:"N + 1">}
    sdfg.memlet %T -> %e2["IN_T"] {data = "T", subset = #sdfg.range<0:"N + 1">}
    sdfg.memlet %x2["OUT_C"] -> %C {data = "C", subset = #sdfg.range<0:N>}
  }
}
