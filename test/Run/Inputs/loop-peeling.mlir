// A loop whose body reads its variable in a memlet and in C++ code:
// B[i] = A[i] * i + (first iteration ? 100 : 0).
sdfg.sdfg "peel" ["A", "B"] attributes {experimental_blocks} {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int64>}
  sdfg.symbol "i" {dtype = #sdfg.dtype<int64>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  %l = sdfg.loop "l" attributes {condition = "i < N", init = "i = 0", loop_variable = "i", update = "i = i + 1"} {
    %s = sdfg.state "body" {
      %a = sdfg.access "A"
      %b = sdfg.access "B"
      %t = sdfg.tasklet "t" {code = "y = x * i + (100.0 if i == 0 else 0.0)", ins = {x}, outs = {y}}
      sdfg.memlet %a -> %t["x"] {data = "A", subset = #sdfg.range<i>}
      sdfg.memlet %t["y"] -> %b {data = "B", subset = #sdfg.range<i>}
    }
  }
}
