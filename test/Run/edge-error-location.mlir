// A lowering error on an interstate edge is reported at the edge (its
// line and column), not at the whole SDFG.
// RUN: not sdfg-run %s 2>&1 | FileCheck %s -DFILE=%s
// CHECK: {{^}}[[FILE]]:12:3: error: cannot compile: function 'no_such_function' is not supported in expressions
sdfg.sdfg "edge_error" [] {
  sdfg.symbol "i" {dtype = #sdfg.dtype<int64>}
  sdfg.array "__return" {dtype = #sdfg.dtype<int64>, shape = #sdfg.exprs<1>}
  %a = sdfg.state "first" {
  }
  %b = sdfg.state "second" {
  }
  sdfg.edge %a -> %b {assignments = #sdfg.assign<i = "no_such_function(3)">}
}
