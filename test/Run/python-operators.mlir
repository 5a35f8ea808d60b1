// Interstate edges use Python's operators with Python's semantics on
// negative numbers: `&`, `|`, `^`, `~`, `<<`, `>>`, floor `//`, `%` with the
// divisor's sign, `**` with a negative exponent (a float), `not`/`and`/`or` and chained
// comparisons. Row k holds the values for x = k - 8; the expected file was
// computed by Python (Inputs/python-operators.py).
// RUN: sdfg-run %s --expected %S/Inputs/python-operators-expected.npz 2>&1 | FileCheck %s
// RUN: sdfg-run %s --engine aot --expected %S/Inputs/python-operators-expected.npz 2>&1 | FileCheck %s
// CHECK: 1 outputs match
sdfg.sdfg "python_operators" [] {
  sdfg.symbol "k" {dtype = #sdfg.dtype<int64>}
  sdfg.symbol "x" {dtype = #sdfg.dtype<int64>}
  sdfg.symbol "a" {dtype = #sdfg.dtype<int64>}
  sdfg.symbol "b" {dtype = #sdfg.dtype<int64>}
  sdfg.symbol "c" {dtype = #sdfg.dtype<int64>}
  sdfg.symbol "d" {dtype = #sdfg.dtype<int64>}
  sdfg.symbol "e" {dtype = #sdfg.dtype<int64>}
  sdfg.symbol "f" {dtype = #sdfg.dtype<float64>}
  sdfg.array "__return" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<16, 7>}
  %init = sdfg.state "init" {
  }
  %guard = sdfg.state "guard" {
  }
  %pre = sdfg.state "pre" {
  }
  %body = sdfg.state "body" {
    %r = sdfg.access "__return"
    %t = sdfg.tasklet "t" {code = "o0 = a; o1 = b; o2 = c; o3 = d; o4 = e; o5 = f; o6 = 0", outs = {o0, o1, o2, o3, o4, o5, o6}}
    sdfg.memlet %t["o0"] -> %r {data = "__return", subset = #sdfg.range<k, 0>}
    sdfg.memlet %t["o1"] -> %r {data = "__return", subset = #sdfg.range<k, 1>}
    sdfg.memlet %t["o2"] -> %r {data = "__return", subset = #sdfg.range<k, 2>}
    sdfg.memlet %t["o3"] -> %r {data = "__return", subset = #sdfg.range<k, 3>}
    sdfg.memlet %t["o4"] -> %r {data = "__return", subset = #sdfg.range<k, 4>}
    sdfg.memlet %t["o5"] -> %r {data = "__return", subset = #sdfg.range<k, 5>}
    sdfg.memlet %t["o6"] -> %r {data = "__return", subset = #sdfg.range<k, 6>}
  }
  %marked = sdfg.state "marked" {
    %r = sdfg.access "__return"
    %t = sdfg.tasklet "t" {code = "o = 1", outs = {o}}
    sdfg.memlet %t["o"] -> %r {data = "__return", subset = #sdfg.range<k, 6>}
  }
  %latch = sdfg.state "latch" {
  }
  %done = sdfg.state "done" {
  }
  sdfg.edge %init -> %guard {assignments = #sdfg.assign<k = 0>}
  sdfg.edge %guard -> %pre {condition = "k < 16", assignments = #sdfg.assign<x = "k - 8">}
  sdfg.edge %pre -> %body {assignments = #sdfg.assign<a = "x & 5 | x << 2", b = "~x ^ 3", c = "x >> 1", d = "x // 3 * 100 + x % 3", e = "(x % -3) * 10 + -x // 4 + (1 << 62 >> 60)", f = "2.0 ** -x + 2 ** -3">}
  sdfg.edge %guard -> %done {condition = "not k < 16"}
  sdfg.edge %body -> %marked {condition = "(x & 3 == 1) | (x >> 2 == -1) and x ^ 5 != 0 or -8 < x <= -7"}
  sdfg.edge %body -> %latch {condition = "not ((x & 3 == 1) | (x >> 2 == -1) and x ^ 5 != 0 or -8 < x <= -7)"}
  sdfg.edge %marked -> %latch
  sdfg.edge %latch -> %guard {assignments = #sdfg.assign<k = "k + 1">}
}
