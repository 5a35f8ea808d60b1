// A loop that sums into S (S[0] = S[0] + A[i] * A[i]) and takes a maximum
// into M: parallel once the updates carry write-conflict resolution.
sdfg.sdfg "loop_reduction" ["A", "S", "M"] attributes {experimental_blocks} {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int64>}
  sdfg.symbol "i" {dtype = #sdfg.dtype<int64>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "S" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
  sdfg.array "M" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
  %l = sdfg.loop "for_i" attributes {condition = "i < N", init = "i = 0", loop_variable = "i", update = "i = i + 1"} {
    %s = sdfg.state "body" {
      %a = sdfg.access "A"
      %s0 = sdfg.access "S"
      %s1 = sdfg.access "S"
      %t = sdfg.tasklet "acc" {code = "out = inp + x * x", ins = {inp, x}, outs = {out}}
      sdfg.memlet %s0 -> %t["inp"] {data = "S", subset = #sdfg.range<0>}
      sdfg.memlet %a -> %t["x"] {data = "A", subset = #sdfg.range<i>}
      sdfg.memlet %t["out"] -> %s1 {data = "S", subset = #sdfg.range<0>}
      %m0 = sdfg.access "M"
      %m1 = sdfg.access "M"
      %u = sdfg.tasklet "most" {code = "out = max(inp, x)", ins = {inp, x}, outs = {out}}
      sdfg.memlet %m0 -> %u["inp"] {data = "M", subset = #sdfg.range<0>}
      sdfg.memlet %a -> %u["x"] {data = "A", subset = #sdfg.range<i>}
      sdfg.memlet %u["out"] -> %m1 {data = "M", subset = #sdfg.range<0>}
    }
  }
}
