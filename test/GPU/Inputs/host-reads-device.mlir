sdfg.sdfg "host_reads_device" ["B"] {
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<8>}
  sdfg.array "gA" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<8>, storage = #sdfg.storage<GPU_Global>, transient}
  %st = sdfg.state "t" {
    %gA = sdfg.access "gA"
    %B = sdfg.access "B"
    %h = sdfg.tasklet "host" {code = "b = a", ins = {a}, outs = {b}}
    sdfg.memlet %gA -> %h["a"] {data = "gA", subset = #sdfg.range<0>}
    sdfg.memlet %h["b"] -> %B {data = "B", subset = #sdfg.range<0>}
  }
}
