// A systolic matrix multiplication on 4 processing elements: C += A @ B
// for A of 4 rows. A feeder streams B's columns into the first element;
// element p (an iteration of the unrolled map "pes") multiplies each value
// with its row of A, accumulates C[p, j] and forwards the value to element
// p + 1; a drain writes what leaves the last element into D (= B).
sdfg.sdfg "systolic_mm" ["A", "B", "C", "D"] {
  sdfg.symbol "K" {dtype = #sdfg.dtype<int64>}
  sdfg.symbol "M" {dtype = #sdfg.dtype<int64>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4, K>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<K, M>}
  sdfg.array "C" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4, M>}
  sdfg.array "D" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<K, M>}
  sdfg.stream "pipe" {buffer_size = #sdfg.expr<2>, dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<5>, storage = #sdfg.storage<FPGA_Local>, transient}
  %s = sdfg.state "systolic" {
    %B = sdfg.access "B"
    %pipe_fed = sdfg.access "pipe"
    %fe, %fx = sdfg.map "feed" ["j", "k"] = 0:M, 0:K attributes {ins = {IN_B}, outs = {OUT_B}, exit_ins = {IN_pipe}, exit_outs = {OUT_pipe}, schedule = #sdfg.schedule<FPGA_Device>} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "feed" {code = "out = b", ins = {b}, outs = {out}}
      sdfg.memlet %entry["OUT_B"] -> %t["b"] {data = "B", subset = #sdfg.range<k, j>}
      sdfg.memlet %t["out"] -> %exit["IN_pipe"] {data = "pipe", subset = #sdfg.range<0>}
    }
    sdfg.memlet %B -> %fe["IN_B"] {data = "B", subset = #sdfg.range<0:K, 0:M>}
    sdfg.memlet %fx["OUT_pipe"] -> %pipe_fed {data = "pipe", subset = #sdfg.range<0>}

    %A = sdfg.access "A"
    %pipe_in = sdfg.access "pipe"
    %pipe_out = sdfg.access "pipe"
    %C = sdfg.access "C"
    %pe, %px = sdfg.map "pes" ["p"] = 0:4 attributes {ins = {IN_A, IN_pipe}, outs = {OUT_A, OUT_pipe}, exit_ins = {IN_pipe, IN_C}, exit_outs = {OUT_pipe, OUT_C}, extra = "{\22unroll\22:true}", schedule = #sdfg.schedule<FPGA_Device>} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %ce, %cx = sdfg.map "compute" ["j", "k"] = 0:M, 0:K attributes {ins = {IN_A, IN_pipe}, outs = {OUT_A, OUT_pipe}, exit_ins = {IN_pipe, IN_C}, exit_outs = {OUT_pipe, OUT_C}} {
      ^bb0(%ientry: !sdfg.node, %iexit: !sdfg.node):
        %t = sdfg.tasklet "multiply_forward" {code = "c = a * b\nforward = b", ins = {a, b}, outs = {c, forward}}
        sdfg.memlet %ientry["OUT_A"] -> %t["a"] {data = "A", subset = #sdfg.range<p, k>}
        sdfg.memlet %ientry["OUT_pipe"] -> %t["b"] {data = "pipe", subset = #sdfg.range<p>}
        sdfg.memlet %t["forward"] -> %iexit["IN_pipe"] {data = "pipe", subset = #sdfg.range<"p + 1">}
        sdfg.memlet %t["c"] -> %iexit["IN_C"] {data = "C", subset = #sdfg.range<p, j>, wcr = #sdfg.wcr<Sum, "(lambda x, y: x + y)">}
      }
      sdfg.memlet %entry["OUT_A"] -> %ce["IN_A"] {data = "A", subset = #sdfg.range<p, 0:K>}
      sdfg.memlet %entry["OUT_pipe"] -> %ce["IN_pipe"] {data = "pipe", subset = #sdfg.range<p>}
      sdfg.memlet %cx["OUT_pipe"] -> %exit["IN_pipe"] {data = "pipe", subset = #sdfg.range<"p + 1">}
      sdfg.memlet %cx["OUT_C"] -> %exit["IN_C"] {data = "C", subset = #sdfg.range<p, 0:M>, wcr = #sdfg.wcr<Sum, "(lambda x, y: x + y)">}
    }
    sdfg.memlet %A -> %pe["IN_A"] {data = "A", subset = #sdfg.range<0:4, 0:K>}
    sdfg.memlet %pipe_in -> %pe["IN_pipe"] {data = "pipe", subset = #sdfg.range<0:4>}
    sdfg.memlet %px["OUT_pipe"] -> %pipe_out {data = "pipe", subset = #sdfg.range<1:5>}
    sdfg.memlet %px["OUT_C"] -> %C {data = "C", subset = #sdfg.range<0:4, 0:M>, wcr = #sdfg.wcr<Sum, "(lambda x, y: x + y)">}

    %pipe_last = sdfg.access "pipe"
    %D = sdfg.access "D"
    %de, %dx = sdfg.map "drain" ["j", "k"] = 0:M, 0:K attributes {ins = {IN_pipe}, outs = {OUT_pipe}, exit_ins = {IN_D}, exit_outs = {OUT_D}, schedule = #sdfg.schedule<FPGA_Device>} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "drain" {code = "d = b", ins = {b}, outs = {d}}
      sdfg.memlet %entry["OUT_pipe"] -> %t["b"] {data = "pipe", subset = #sdfg.range<4>}
      sdfg.memlet %t["d"] -> %exit["IN_D"] {data = "D", subset = #sdfg.range<k, j>}
    }
    sdfg.memlet %pipe_last -> %de["IN_pipe"] {data = "pipe", subset = #sdfg.range<4>}
    sdfg.memlet %dx["OUT_D"] -> %D {data = "D", subset = #sdfg.range<0:K, 0:M>}
  }
}
