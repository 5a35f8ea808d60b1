// A nested SDFG in a map with connectors its body never uses: input "b"
// (never read), output "d" (only read), input "e" (only written, its
// output stays); "a" and "c" are used.
sdfg.sdfg "prune" ["A", "B", "C", "D", "E"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int64>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "C" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "D" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "E" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %B = sdfg.access "B"
    %D = sdfg.access "D"
    %E = sdfg.access "E"
    %C = sdfg.access "C"
    %D2 = sdfg.access "D"
    %E2 = sdfg.access "E"
    %me, %mx = sdfg.map "m" ["i"] = 0:N attributes {ins = {IN_A, IN_B, IN_D, IN_E}, outs = {OUT_A, OUT_B, OUT_D, OUT_E}, exit_ins = {IN_C, IN_D, IN_E}, exit_outs = {OUT_C, OUT_D, OUT_E}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %n = sdfg.nested "f" attributes {ins = {a, b, d, e}, outs = {c, d, e}} {
        sdfg.sdfg "f" ["a", "b", "c", "d", "e"] {
          sdfg.array "a" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
          sdfg.array "b" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
          sdfg.array "c" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
          sdfg.array "d" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
          sdfg.array "e" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
          %body = sdfg.state "body" {
            %a = sdfg.access "a"
            %d = sdfg.access "d"
            %t = sdfg.tasklet "t" {code = "y = 2.0 * x + z\nw = x", ins = {x, z}, outs = {y, w}}
            %c = sdfg.access "c"
            %e = sdfg.access "e"
            sdfg.memlet %a -> %t["x"] {data = "a", subset = #sdfg.range<0>}
            sdfg.memlet %d -> %t["z"] {data = "d", subset = #sdfg.range<0>}
            sdfg.memlet %t["y"] -> %c {data = "c", subset = #sdfg.range<0>}
            sdfg.memlet %t["w"] -> %e {data = "e", subset = #sdfg.range<0>}
          }
        }
      }
      sdfg.memlet %entry["OUT_A"] -> %n["a"] {data = "A", subset = #sdfg.range<i>}
      sdfg.memlet %entry["OUT_B"] -> %n["b"] {data = "B", subset = #sdfg.range<i>}
      sdfg.memlet %entry["OUT_D"] -> %n["d"] {data = "D", subset = #sdfg.range<i>}
      sdfg.memlet %entry["OUT_E"] -> %n["e"] {data = "E", subset = #sdfg.range<i>}
      sdfg.memlet %n["c"] -> %exit["IN_C"] {data = "C", subset = #sdfg.range<i>}
      sdfg.memlet %n["d"] -> %exit["IN_D"] {data = "D", subset = #sdfg.range<i>}
      sdfg.memlet %n["e"] -> %exit["IN_E"] {data = "E", subset = #sdfg.range<i>}
    }
    sdfg.memlet %A -> %me["IN_A"] {data = "A", subset = #sdfg.range<0:N>}
    sdfg.memlet %B -> %me["IN_B"] {data = "B", subset = #sdfg.range<0:N>}
    sdfg.memlet %D -> %me["IN_D"] {data = "D", subset = #sdfg.range<0:N>}
    sdfg.memlet %E -> %me["IN_E"] {data = "E", subset = #sdfg.range<0:N>}
    sdfg.memlet %mx["OUT_C"] -> %C {data = "C", subset = #sdfg.range<0:N>}
    sdfg.memlet %mx["OUT_D"] -> %D2 {data = "D", subset = #sdfg.range<0:N>}
    sdfg.memlet %mx["OUT_E"] -> %E2 {data = "E", subset = #sdfg.range<0:N>}
  }
}
