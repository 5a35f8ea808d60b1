sdfg.sdfg "gpu_big_block" ["A"] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<8>, storage = #sdfg.storage<GPU_Global>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %A2 = sdfg.access "A"
    %e, %x = sdfg.map "wide" ["i"] = 0:8 attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_B}, exit_outs = {OUT_B}, extra = "{\22gpu_block_size\22:[64,32,1]}", schedule = #sdfg.schedule<GPU_Device>} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %k = sdfg.tasklet "k" {code = "b = a + 1", ins = {a}, outs = {b}}
      sdfg.memlet %entry["OUT_A"] -> %k["a"] {data = "A", subset = #sdfg.range<i>}
      sdfg.memlet %k["b"] -> %exit["IN_B"] {data = "A", subset = #sdfg.range<i>}
    }
    sdfg.memlet %A -> %e["IN_A"] {data = "A", subset = #sdfg.range<0:8>}
    sdfg.memlet %x["OUT_B"] -> %A2 {data = "A", subset = #sdfg.range<0:8>}
  }
}
