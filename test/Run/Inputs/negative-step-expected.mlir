// What test/Run/negative-step.mlir computes, with upward ranges only.
sdfg.sdfg "negative_steps" [] {
  sdfg.array "__return" {dtype = #sdfg.dtype<int64>, shape = #sdfg.exprs<3, 10>}
  %s0 = sdfg.state "by_one" {
    %r = sdfg.access "__return"
    %me, %mx = sdfg.map "by_one" ["i"] = 0:10 attributes {exit_ins = {IN_r}, exit_outs = {OUT_r}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "y = i + 1", outs = {y}}
      sdfg.memlet %entry -> %t
      sdfg.memlet %t["y"] -> %exit["IN_r"] {data = "__return", subset = #sdfg.range<0, i>}
    }
    sdfg.memlet %mx["OUT_r"] -> %r {data = "__return", subset = #sdfg.range<0, 0:10>}
  }
  %s1 = sdfg.state "by_two" {
    %r = sdfg.access "__return"
    %me, %mx = sdfg.map "by_two" ["i"] = 0:10 attributes {exit_ins = {IN_r}, exit_outs = {OUT_r}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "y = 2 - i % 2", outs = {y}}
      sdfg.memlet %entry -> %t
      sdfg.memlet %t["y"] -> %exit["IN_r"] {data = "__return", subset = #sdfg.range<1, i>}
    }
    sdfg.memlet %mx["OUT_r"] -> %r {data = "__return", subset = #sdfg.range<1, 0:10>}
  }
  %s2 = sdfg.state "clear" {
    %r = sdfg.access "__return"
    %me, %mx = sdfg.map "clear" ["j"] = 0:10 attributes {exit_ins = {IN_r}, exit_outs = {OUT_r}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "y = 0", outs = {y}}
      sdfg.memlet %entry -> %t
      sdfg.memlet %t["y"] -> %exit["IN_r"] {data = "__return", subset = #sdfg.range<2, j>}
    }
    sdfg.memlet %mx["OUT_r"] -> %r {data = "__return", subset = #sdfg.range<2, 0:10>}
  }
  %s3 = sdfg.state "by_three" {
    %r = sdfg.access "__return"
    %me, %mx = sdfg.map "by_three" ["i"] = 0:10:3 attributes {exit_ins = {IN_r}, exit_outs = {OUT_r}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "y = i + 1", outs = {y}}
      sdfg.memlet %entry -> %t
      sdfg.memlet %t["y"] -> %exit["IN_r"] {data = "__return", subset = #sdfg.range<2, i>}
    }
    sdfg.memlet %mx["OUT_r"] -> %r {data = "__return", subset = #sdfg.range<2, 0:10>}
  }
  sdfg.edge %s0 -> %s1
  sdfg.edge %s1 -> %s2
  sdfg.edge %s2 -> %s3
}
