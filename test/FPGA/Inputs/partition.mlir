// c = a + b through two on-chip arrays filled by unrolled maps: T in
// FPGA-local memory (split so that the 8 iterations write at once) and R in
// registers.
sdfg.sdfg "part" ["a", "b", "c"] {
  sdfg.array "a" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<8>}
  sdfg.array "b" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<8>}
  sdfg.array "c" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<8>}
  sdfg.array "fpga_a" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<8>, storage = #sdfg.storage<FPGA_Global>, transient}
  sdfg.array "fpga_b" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<8>, storage = #sdfg.storage<FPGA_Global>, transient}
  sdfg.array "fpga_c" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<8>, storage = #sdfg.storage<FPGA_Global>, transient}
  sdfg.array "T" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<8>, storage = #sdfg.storage<FPGA_Local>, transient}
  sdfg.array "R" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<8>, storage = #sdfg.storage<FPGA_Registers>, transient}
  %pre = sdfg.state "pre" {
    %a = sdfg.access "a"
    %fa = sdfg.access "fpga_a"
    %b = sdfg.access "b"
    %fb = sdfg.access "fpga_b"
    sdfg.memlet %a -> %fa {data = "a", is_data_src = true, subset = #sdfg.range<0:8>}
    sdfg.memlet %b -> %fb {data = "b", is_data_src = true, subset = #sdfg.range<0:8>}
  }
  %k = sdfg.state "k" {
    %fpga_a = sdfg.access "fpga_a"
    %fpga_b = sdfg.access "fpga_b"
    %T = sdfg.access "T"
    %R = sdfg.access "R"
    %fpga_c = sdfg.access "fpga_c"
    %e1, %x1 = sdfg.map "load_a" ["i"] = 0:8 attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_T}, exit_outs = {OUT_T}, extra = "{\22unroll\22:true}", schedule = #sdfg.schedule<FPGA_Device>} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t1 = sdfg.tasklet "t1" {code = "y = x", ins = {x}, outs = {y}}
      sdfg.memlet %entry["OUT_A"] -> %t1["x"] {data = "fpga_a", subset = #sdfg.range<i>}
      sdfg.memlet %t1["y"] -> %exit["IN_T"] {data = "T", subset = #sdfg.range<i>}
    }
    %e2, %x2 = sdfg.map "load_b" ["i"] = 0:8 attributes {ins = {IN_B}, outs = {OUT_B}, exit_ins = {IN_R}, exit_outs = {OUT_R}, extra = "{\22unroll\22:true}", schedule = #sdfg.schedule<FPGA_Device>} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t2 = sdfg.tasklet "t2" {code = "y = x", ins = {x}, outs = {y}}
      sdfg.memlet %entry["OUT_B"] -> %t2["x"] {data = "fpga_b", subset = #sdfg.range<i>}
      sdfg.memlet %t2["y"] -> %exit["IN_R"] {data = "R", subset = #sdfg.range<i>}
    }
    %e3, %x3 = sdfg.map "add" ["j"] = 0:8 attributes {ins = {IN_T, IN_R}, outs = {OUT_T, OUT_R}, exit_ins = {IN_C}, exit_outs = {OUT_C}, schedule = #sdfg.schedule<FPGA_Device>} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t3 = sdfg.tasklet "t3" {code = "z = t + r", ins = {t, r}, outs = {z}}
      sdfg.memlet %entry["OUT_T"] -> %t3["t"] {data = "T", subset = #sdfg.range<j>}
      sdfg.memlet %entry["OUT_R"] -> %t3["r"] {data = "R", subset = #sdfg.range<j>}
      sdfg.memlet %t3["z"] -> %exit["IN_C"] {data = "fpga_c", subset = #sdfg.range<j>}
    }
    sdfg.memlet %fpga_a -> %e1["IN_A"] {data = "fpga_a", subset = #sdfg.range<0:8>}
    sdfg.memlet %fpga_b -> %e2["IN_B"] {data = "fpga_b", subset = #sdfg.range<0:8>}
    sdfg.memlet %x1["OUT_T"] -> %T {data = "T", subset = #sdfg.range<0:8>}
    sdfg.memlet %x2["OUT_R"] -> %R {data = "R", subset = #sdfg.range<0:8>}
    sdfg.memlet %T -> %e3["IN_T"] {data = "T", subset = #sdfg.range<0:8>}
    sdfg.memlet %R -> %e3["IN_R"] {data = "R", subset = #sdfg.range<0:8>}
    sdfg.memlet %x3["OUT_C"] -> %fpga_c {data = "fpga_c", subset = #sdfg.range<0:8>}
  }
  %post = sdfg.state "post" {
    %fc = sdfg.access "fpga_c"
    %c = sdfg.access "c"
    sdfg.memlet %fc -> %c {data = "fpga_c", is_data_src = true, subset = #sdfg.range<0:8>}
  }
  sdfg.edge %pre -> %k
  sdfg.edge %k -> %post
}
