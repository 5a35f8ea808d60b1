// Read-modify-write tasklets: a free one (S[0] += A[1]) and one in a
// sequential map whose write does not name its parameter
// (S[1] = max(S[1], A[i])), and S[2] -= A[i] in another.
sdfg.sdfg "aug" ["A", "S"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int64>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "S" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<3>}
  %s1 = sdfg.state "free" {
    %A = sdfg.access "A"
    %S = sdfg.access "S"
    %S2 = sdfg.access "S"
    %t = sdfg.tasklet "add" {code = "out = inp + 2.0 * v", ins = {inp, v}, outs = {out}}
    sdfg.memlet %S -> %t["inp"] {data = "S", subset = #sdfg.range<0>}
    sdfg.memlet %A -> %t["v"] {data = "A", subset = #sdfg.range<1>}
    sdfg.memlet %t["out"] -> %S2 {data = "S", subset = #sdfg.range<0>}
  }
  %s2 = sdfg.state "in_map" {
    %A = sdfg.access "A"
    %S = sdfg.access "S"
    %S2 = sdfg.access "S"
    %me, %mx = sdfg.map "m" ["i"] = 0:N attributes {ins = {IN_A, IN_S}, outs = {OUT_A, OUT_S}, exit_ins = {IN_S}, exit_outs = {OUT_S}, schedule = #sdfg.schedule<Sequential>} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "largest" {code = "out = max(v, inp)", ins = {inp, v}, outs = {out}}
      sdfg.memlet %entry["OUT_S"] -> %t["inp"] {data = "S", subset = #sdfg.range<1>}
      sdfg.memlet %entry["OUT_A"] -> %t["v"] {data = "A", subset = #sdfg.range<i>}
      sdfg.memlet %t["out"] -> %exit["IN_S"] {data = "S", subset = #sdfg.range<1>}
    }
    sdfg.memlet %A -> %me["IN_A"] {data = "A", subset = #sdfg.range<0:N>}
    sdfg.memlet %S -> %me["IN_S"] {data = "S", subset = #sdfg.range<1>}
    sdfg.memlet %mx["OUT_S"] -> %S2 {data = "S", subset = #sdfg.range<1>}
  }
  %s3 = sdfg.state "minus" {
    %A = sdfg.access "A"
    %S = sdfg.access "S"
    %S2 = sdfg.access "S"
    %me, %mx = sdfg.map "m" ["i"] = 0:N attributes {ins = {IN_A, IN_S}, outs = {OUT_A, OUT_S}, exit_ins = {IN_S}, exit_outs = {OUT_S}, schedule = #sdfg.schedule<Sequential>} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "sub" {code = "out = inp - v * v", ins = {inp, v}, outs = {out}}
      sdfg.memlet %entry["OUT_S"] -> %t["inp"] {data = "S", subset = #sdfg.range<2>}
      sdfg.memlet %entry["OUT_A"] -> %t["v"] {data = "A", subset = #sdfg.range<i>}
      sdfg.memlet %t["out"] -> %exit["IN_S"] {data = "S", subset = #sdfg.range<2>}
    }
    sdfg.memlet %A -> %me["IN_A"] {data = "A", subset = #sdfg.range<0:N>}
    sdfg.memlet %S -> %me["IN_S"] {data = "S", subset = #sdfg.range<2>}
    sdfg.memlet %mx["OUT_S"] -> %S2 {data = "S", subset = #sdfg.range<2>}
  }
  sdfg.edge %s1 -> %s2
  sdfg.edge %s2 -> %s3
}
