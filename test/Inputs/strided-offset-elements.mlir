// B = 10 * A + i, where A (3x4, column-major, index offsets -1, -2) is read
// at A[i + 1, j + 2] and B (3x4, rows 6 apart, index offsets -2, -1) is
// written at B[i + 2, j + 1]: both land on element (i, j).
sdfg.sdfg "strided_offset_elements" ["A", "B"] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<3, 4>, strides = #sdfg.exprs<1, 3>, offset = #sdfg.exprs<-1, -2>, total_size = #sdfg.expr<12>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<3, 4>, strides = #sdfg.exprs<6, 1>, offset = #sdfg.exprs<-2, -1>, total_size = #sdfg.expr<18>}
  %s = sdfg.state "s" {
    %a = sdfg.access "A"
    %b = sdfg.access "B"
    %me, %mx = sdfg.map "m" ["i", "j"] = 0:3, 0:4 attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_B}, exit_outs = {OUT_B}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "o = 10.0 * x + i", ins = {x}, outs = {o}}
      sdfg.memlet %entry["OUT_A"] -> %t["x"] {data = "A", subset = #sdfg.range<"i + 1", "j + 2">}
      sdfg.memlet %t["o"] -> %exit["IN_B"] {data = "B", subset = #sdfg.range<"i + 2", "j + 1">}
    }
    sdfg.memlet %a -> %me["IN_A"] {data = "A", subset = #sdfg.range<1:4, 2:6>}
    sdfg.memlet %mx["OUT_B"] -> %b {data = "B", subset = #sdfg.range<2:5, 1:5>}
  }
}
