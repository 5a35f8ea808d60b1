// DaCe's instrument property: a Timer on a tasklet inside a parallel map,
// on a nested SDFG node and on the state inside it; PAPI counters on a
// state (not measured: a warning says so).
sdfg.sdfg "instrumented" ["A", "B", "C"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int64>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "C" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
  %s = sdfg.state "compute" attributes {instrument = #sdfg.instrument<PAPI_Counters>} {
    %A = sdfg.access "A"
    %B = sdfg.access "B"
    %me, %mx = sdfg.map "m" ["i"] = 0:N attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_B}, exit_outs = {OUT_B}, schedule = #sdfg.schedule<CPU_Multicore>} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "double" {code = "y = 2.0 * x", ins = {x}, outs = {y}, instrument = #sdfg.instrument<Timer>}
      sdfg.memlet %entry["OUT_A"] -> %t["x"] {data = "A", subset = #sdfg.range<i>}
      sdfg.memlet %t["y"] -> %exit["IN_B"] {data = "B", subset = #sdfg.range<i>}
    }
    sdfg.memlet %A -> %me["IN_A"] {data = "A", subset = #sdfg.range<0:N>}
    sdfg.memlet %mx["OUT_B"] -> %B {data = "B", subset = #sdfg.range<0:N>}
  }
  %s2 = sdfg.state "reduce" {
    %B = sdfg.access "B"
    %C = sdfg.access "C"
    %n = sdfg.nested "first" attributes {ins = {b}, outs = {c}, instrument = #sdfg.instrument<Timer>} {
      sdfg.sdfg "first" ["b", "c"] {
        sdfg.array "b" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>}
        sdfg.array "c" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
        %inner = sdfg.state "inner" attributes {instrument = #sdfg.instrument<Timer>} {
          %b = sdfg.access "b"
          %c = sdfg.access "c"
          %t = sdfg.tasklet "pick" {code = "o = v + 1.0", ins = {v}, outs = {o}}
          sdfg.memlet %b -> %t["v"] {data = "b", subset = #sdfg.range<3>}
          sdfg.memlet %t["o"] -> %c {data = "c", subset = #sdfg.range<0>}
        }
      }
    }
    sdfg.memlet %B -> %n["b"] {data = "B", subset = #sdfg.range<0:4>}
    sdfg.memlet %n["c"] -> %C {data = "C", subset = #sdfg.range<0>}
  }
  sdfg.edge %s -> %s2
}
