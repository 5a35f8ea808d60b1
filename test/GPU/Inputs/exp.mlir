sdfg.sdfg "gpu_exp" ["A"] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<8>, storage = #sdfg.storage<GPU_Global>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %A2 = sdfg.access "A"
    %e, %x = sdfg.map "exp" ["i"] = 0:8 attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_B}, exit_outs = {OUT_B}, schedule = #sdfg.schedule<GPU_Device>} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %k = sdfg.tasklet "k" {code = "b = math.exp(a)", ins = {a}, outs = {b}}
      sdfg.memlet %entry["OUT_A"] -> %k["a"] {data = "A", subset = #sdfg.range<i>}
      sdfg.memlet %k["b"] -> %exit["IN_B"] {data = "A", subset = #sdfg.range<i>}
    }
    sdfg.memlet %A -> %e["IN_A"] {data = "A", subset = #sdfg.range<0:8>}
    sdfg.memlet %x["OUT_B"] -> %A2 {data = "A", subset = #sdfg.range<0:8>}
  }
}
