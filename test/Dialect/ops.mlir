// Every op parses, verifies, prints and parses again, in the custom and the
// generic form.
// RUN: sdfg-opt %s | sdfg-opt | FileCheck %s
// RUN: sdfg-opt %s --mlir-print-op-generic | sdfg-opt | FileCheck %s

// CHECK-LABEL: sdfg.sdfg "ops" ["A", "B", "n"]
sdfg.sdfg "ops" ["A", "B", "n"] {
  // CHECK: sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.symbol "i" {dtype = #sdfg.dtype<int64>}
  // CHECK: sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>, strides = #sdfg.exprs<1>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>, strides = #sdfg.exprs<1>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  // CHECK: sdfg.scalar "n" {dtype = #sdfg.dtype<int32>, shape = #sdfg.exprs<1>}
  sdfg.scalar "n" {dtype = #sdfg.dtype<int32>, shape = #sdfg.exprs<1>}
  // CHECK: sdfg.scalar "t" {dtype = #sdfg.dtype<bool>, lifetime = #sdfg.lifetime<Persistent>, shape = #sdfg.exprs<1>, storage = #sdfg.storage<CPU_Heap>, transient}
  sdfg.scalar "t" {dtype = #sdfg.dtype<bool>, shape = #sdfg.exprs<1>, transient, storage = #sdfg.storage<CPU_Heap>, lifetime = #sdfg.lifetime<Persistent>}
  // CHECK: sdfg.stream "S" {buffer_size = #sdfg.expr<N>, dtype = #sdfg.dtype<float32>, shape = #sdfg.exprs<1>, transient}
  sdfg.stream "S" {dtype = #sdfg.dtype<float32>, shape = #sdfg.exprs<1>, buffer_size = #sdfg.expr<N>, transient}
  // CHECK: sdfg.view "V" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<"N - 1">, strides = #sdfg.exprs<1>, transient}
  sdfg.view "V" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<"N - 1">, strides = #sdfg.exprs<1>, transient}
  // CHECK: sdfg.reference "R" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>, transient}
  sdfg.reference "R" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>, transient}
  // CHECK: sdfg.constant "K" {descriptor = "{\22type\22:\22Scalar\22}", value = "4"}
  sdfg.constant "K" {descriptor = "{\"type\":\"Scalar\"}", value = "4"}

  // CHECK: %[[S0:compute]] = sdfg.state "compute" {
  %s0 = sdfg.state "compute" {
    // CHECK: %[[A:A]] = sdfg.access "A"
    %a = sdfg.access "A"
    %b = sdfg.access "B"
    // CHECK: %m_entry, %m_exit = sdfg.map "m" ["j"] = 0:N attributes {exit_ins = {IN_B}, exit_outs = {OUT_B}, ins = {IN_A}, outs = {OUT_A}, schedule = #sdfg.schedule<CPU_Multicore>} {
    // CHECK-NEXT: ^bb0(%[[E:.*]]: !sdfg.node, %[[X:.*]]: !sdfg.node):
    %me, %mx = sdfg.map "m" ["j"] = 0:N attributes {schedule = #sdfg.schedule<CPU_Multicore>, ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_B}, exit_outs = {OUT_B}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      // CHECK: %[[T:.*]] = sdfg.tasklet "twice" {code = "y = 2 * x", ins = {x = #sdfg.dtype<float64>}, outs = {y}}
      %t = sdfg.tasklet "twice" {code = "y = 2 * x", ins = {x = #sdfg.dtype<float64>}, outs = {y}}
      // CHECK: sdfg.memlet %[[E]]["OUT_A"] -> %[[T]]["x"] {data = "A", subset = #sdfg.range<j>}
      sdfg.memlet %entry["OUT_A"] -> %t["x"] {data = "A", subset = #sdfg.range<j>}
      // CHECK: sdfg.memlet %[[T]]["y"] -> %[[X]]["IN_B"] {data = "B", subset = #sdfg.range<j>, wcr = #sdfg.wcr<Sum, "lambda a, b: a + b">}
      sdfg.memlet %t["y"] -> %exit["IN_B"] {data = "B", subset = #sdfg.range<j>, wcr = #sdfg.wcr<Sum, "lambda a, b: a + b">}
    }
    // CHECK: sdfg.memlet %[[A]] -> %m_entry["IN_A"] {data = "A", subset = #sdfg.range<0:N>}
    sdfg.memlet %a -> %me["IN_A"] {data = "A", subset = #sdfg.range<0:N>}
    sdfg.memlet %mx["OUT_B"] -> %b {data = "B", subset = #sdfg.range<0:N>, volume = #sdfg.expr<N>}
  }
  // CHECK: sdfg.state "streams"
  %s1 = sdfg.state "streams" {
    %s = sdfg.access "S"
    %b = sdfg.access "B"
    // CHECK: sdfg.consume "c" attributes {exit_ins = {IN_B}, exit_outs = {OUT_B}, ins = {IN_stream}, num_pes = #sdfg.expr<2>, outs = {OUT_stream}, pe_index = "p"}
    %ce, %cx = sdfg.consume "c" attributes {pe_index = "p", num_pes = #sdfg.expr<2>, ins = {IN_stream}, outs = {OUT_stream}, exit_ins = {IN_B}, exit_outs = {OUT_B}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "pop" {code = "o = e", ins = {e}, outs = {o}}
      sdfg.memlet %entry["OUT_stream"] -> %t["e"] {data = "S", subset = #sdfg.range<0>, dynamic}
      sdfg.memlet %t["o"] -> %exit["IN_B"] {data = "B", subset = #sdfg.range<0:N>, dynamic, wcr = #sdfg.wcr<Sum, "lambda a, b: a + b">}
    }
    sdfg.memlet %s -> %ce["IN_stream"] {data = "S", subset = #sdfg.range<0>, dynamic}
    sdfg.memlet %cx["OUT_B"] -> %b {data = "B", subset = #sdfg.range<0:N>, dynamic, wcr = #sdfg.wcr<Sum, "lambda a, b: a + b">}
  }
  // CHECK: sdfg.state "calls"
  %s2 = sdfg.state "calls" {
    %a = sdfg.access "A"
    %b = sdfg.access "B"
    %v = sdfg.access "V" {ins = {views}}
    // CHECK: sdfg.library "sum" {classpath = "dace.libraries.standard.nodes.reduce.Reduce", properties = "{\22wcr\22:\22lambda a, b: a + b\22}"}
    %r = sdfg.library "sum" {classpath = "dace.libraries.standard.nodes.reduce.Reduce", properties = "{\"wcr\":\"lambda a, b: a + b\"}"}
    // CHECK: sdfg.nested "inner" attributes {ins = {X}, outs = {X}, symbol_mapping = #sdfg.symbols<M = N>} {
    %n = sdfg.nested "inner" attributes {ins = {X}, outs = {X}, symbol_mapping = #sdfg.symbols<M = N>} {
      // CHECK: sdfg.sdfg "inner" ["X"] {
      sdfg.sdfg "inner" ["X"] {
        sdfg.symbol "M" {dtype = #sdfg.dtype<int32>}
        sdfg.array "X" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<M>}
        %e = sdfg.state "empty" {
        }
      }
    }
    // CHECK: sdfg.memlet %{{.*}} -> %{{.*}} {data = "A", other_subset = #sdfg.range<0:"N - 1">, subset = #sdfg.range<1:N>}
    sdfg.memlet %a -> %v["views"] {data = "A", subset = #sdfg.range<1:N>, other_subset = #sdfg.range<0:"N - 1">}
    sdfg.memlet %a -> %r {data = "A", subset = #sdfg.range<0:N>}
    sdfg.memlet %r -> %b {data = "B", subset = #sdfg.range<0>}
    sdfg.memlet %b -> %n["X"] {data = "B", subset = #sdfg.range<0:N>}
    %b2 = sdfg.access "B"
    sdfg.memlet %n["X"] -> %b2 {data = "B", subset = #sdfg.range<0:N>}
  }
  // CHECK: sdfg.region "prep" attributes {kind = "ControlFlowRegion"} {
  %r = sdfg.region "prep" attributes {kind = "ControlFlowRegion"} {
    %p = sdfg.state "p" {
    }
  }
  // CHECK: sdfg.loop "for_i" attributes {condition = "i < N", init = "i = 0", loop_variable = "i", update = "i = i + 1"} {
  %l = sdfg.loop "for_i" attributes {loop_variable = "i", init = "i = 0", condition = "i < N", update = "i = i + 1"} {
    %body = sdfg.state "body" {
    }
    // CHECK: sdfg.conditional "if" {
    %c = sdfg.conditional "if" {
      // CHECK: sdfg.branch "then" attributes {condition = "i > 2"} {
      sdfg.branch "then" attributes {condition = "i > 2"} {
        // CHECK: sdfg.break "stop"
        %br = sdfg.break "stop"
      }
      // CHECK: sdfg.branch "else" {
      sdfg.branch "else" {
        // CHECK: sdfg.continue "next"
        %co = sdfg.continue "next"
      }
    }
    sdfg.edge %body -> %c
  }
  // CHECK: sdfg.return "done"
  %done = sdfg.return "done"
  // CHECK: sdfg.edge %[[S0]] -> %{{.*}} {assignments = #sdfg.assign<i = 0>, condition = "N > 0"}
  sdfg.edge %s0 -> %s1 {condition = "N > 0", assignments = #sdfg.assign<i = 0>}
  sdfg.edge %s1 -> %s2
  sdfg.edge %s2 -> %r
  sdfg.edge %r -> %l
  sdfg.edge %l -> %done
}
