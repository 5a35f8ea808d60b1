// A loop's init and update are each one `name = value` statement. Anything
// else is refused by name: `i += 1` must not assign a symbol called `i +`
// (the loop would never end).
// RUN: not sdfg-run %s 2>&1 | FileCheck %s
// CHECK: error: {{.*}}loop statement 'i += 1' is not an assignment
sdfg.sdfg "augmented_update" [] {
  sdfg.symbol "i" {dtype = #sdfg.dtype<int64>}
  sdfg.array "__return" {dtype = #sdfg.dtype<int64>, shape = #sdfg.exprs<1>}
  %l = sdfg.loop "count" attributes {condition = "i < 3", init = "i = 0", loop_variable = "i", update = "i += 1"} {
    %body = sdfg.state "body" {
      %r = sdfg.access "__return"
      %t = sdfg.tasklet "t" {code = "y = i", outs = {y}}
      sdfg.memlet %t["y"] -> %r {data = "__return", subset = #sdfg.range<0>}
    }
  }
}
