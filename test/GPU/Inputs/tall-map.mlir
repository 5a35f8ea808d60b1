sdfg.sdfg "tall_map" ["A", "B"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int64>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, 3>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, 3>}
  sdfg.array "gA" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, 3>, storage = #sdfg.storage<GPU_Global>, transient}
  sdfg.array "gB" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, 3>, storage = #sdfg.storage<GPU_Global>, transient}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %gA = sdfg.access "gA"
    %gB = sdfg.access "gB"
    %B = sdfg.access "B"
    sdfg.memlet %A -> %gA {data = "A", subset = #sdfg.range<0:N, 0:3>}
    %e, %x = sdfg.map "tall" ["i", "j"] = 0:N, 0:3 attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_B}, exit_outs = {OUT_B}, schedule = #sdfg.schedule<GPU_Device>} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %k = sdfg.tasklet "k" {code = "b = 2.0 * a + i", ins = {a}, outs = {b}}
      sdfg.memlet %entry["OUT_A"] -> %k["a"] {data = "gA", subset = #sdfg.range<i, j>}
      sdfg.memlet %k["b"] -> %exit["IN_B"] {data = "gB", subset = #sdfg.range<i, j>}
    }
    sdfg.memlet %gA -> %e["IN_A"] {data = "gA", subset = #sdfg.range<0:N, 0:3>}
    sdfg.memlet %x["OUT_B"] -> %gB {data = "gB", subset = #sdfg.range<0:N, 0:3>}
    sdfg.memlet %gB -> %B {data = "gB", subset = #sdfg.range<0:N, 0:3>}
  }
}
