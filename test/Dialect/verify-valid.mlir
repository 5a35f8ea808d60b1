// RUN: sdfg-opt %s | FileCheck %s
// Valid but tricky SDFGs that the verifier must accept: dynamic map-range connectors, a view bound through 'views', a symbol defined by an interstate assignment, a nested SDFG with a symbol mapping, several access nodes of one container.

// CHECK-LABEL: sdfg.sdfg "tricky" ["A", "B", "len", "N"]
sdfg.sdfg "tricky" ["A", "B", "len", "N"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.symbol "k" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.scalar "len" {dtype = #sdfg.dtype<int32>, shape = #sdfg.exprs<1>}
  sdfg.view "V" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<"N - 1">, transient}

  // The map range reads 'n' through a dynamic (non IN_) connector of the entry.
  // CHECK: %[[DYN:.*]] = sdfg.state "dynamic_range"
  %s0 = sdfg.state "dynamic_range" {
    // CHECK: %[[LEN:.*]] = sdfg.access "len"
    %l = sdfg.access "len"
    %a = sdfg.access "A"
    // CHECK: sdfg.map "m" ["i"] = 0:n attributes {exit_ins = {IN_A}, exit_outs = {OUT_A}, ins = {n = #sdfg.dtype<int32>}}
    %me, %mx = sdfg.map "m" ["i"] = 0:n attributes {ins = {n = #sdfg.dtype<int32>}, exit_ins = {IN_A}, exit_outs = {OUT_A}} {
    ^bb0(%e: !sdfg.node, %x: !sdfg.node):
      %t = sdfg.tasklet "zero" {code = "o = 0", outs = {o}}
      sdfg.memlet %e -> %t
      sdfg.memlet %t["o"] -> %x["IN_A"] {data = "A", subset = #sdfg.range<i>}
    }
    // CHECK: sdfg.memlet %[[LEN]] -> %{{.*}}["n"] {data = "len", subset = #sdfg.range<0>}
    sdfg.memlet %l -> %me["n"] {data = "len", subset = #sdfg.range<0>}
    sdfg.memlet %mx["OUT_A"] -> %a {data = "A", subset = #sdfg.range<0:N>, dynamic}
  }

  // A view of A[1:N] bound through its 'views' connector, then copied to B.
  // CHECK: sdfg.state "view"
  %s1 = sdfg.state "view" {
    %a = sdfg.access "A"
    // CHECK: %[[V:.*]] = sdfg.access "V" {ins = {views}}
    %v = sdfg.access "V" {ins = {views}}
    %b = sdfg.access "B"
    // CHECK: sdfg.memlet %{{.*}} -> %[[V]]["views"] {data = "A", other_subset = #sdfg.range<0:"N - 1">, subset = #sdfg.range<1:N>}
    sdfg.memlet %a -> %v["views"] {data = "A", subset = #sdfg.range<1:N>, other_subset = #sdfg.range<0:"N - 1">}
    sdfg.memlet %v -> %b {data = "V", subset = #sdfg.range<0:"N - 1">, other_subset = #sdfg.range<0:"N - 1">}
  }

  // 'j' is defined only by the interstate edge that leads here.
  // CHECK: sdfg.state "assigned"
  %s2 = sdfg.state "assigned" {
    %t = sdfg.tasklet "one" {code = "o = 1", outs = {o}}
    %b = sdfg.access "B"
    // CHECK: sdfg.memlet %{{.*}}["o"] -> %{{.*}} {data = "B", subset = #sdfg.range<j>}
    sdfg.memlet %t["o"] -> %b {data = "B", subset = #sdfg.range<j>}
  }

  // The inner SDFG's symbol M is mapped from the outer N - 1; two access
  // nodes of A (read and write) in the same state.
  // CHECK: sdfg.state "nested"
  %s3 = sdfg.state "nested" {
    // CHECK-COUNT-2: sdfg.access "A"
    %in = sdfg.access "A"
    %out = sdfg.access "A"
    // CHECK: sdfg.nested "inner" attributes {ins = {X}, outs = {Y}, symbol_mapping = #sdfg.symbols<M = "N - 1">}
    %n = sdfg.nested "inner" attributes {ins = {X}, outs = {Y}, symbol_mapping = #sdfg.symbols<M = "N - 1">} {
      // CHECK: sdfg.sdfg "inner" ["X", "Y"]
      sdfg.sdfg "inner" ["X", "Y"] {
        sdfg.symbol "M" {dtype = #sdfg.dtype<int32>}
        sdfg.array "X" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<M>}
        sdfg.array "Y" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<M>}
        %c = sdfg.state "copy" {
          %x = sdfg.access "X"
          %y = sdfg.access "Y"
          sdfg.memlet %x -> %y {data = "X", subset = #sdfg.range<0:M>, other_subset = #sdfg.range<0:M>}
        }
      }
    }
    sdfg.memlet %in -> %n["X"] {data = "A", subset = #sdfg.range<0:"N - 1">}
    sdfg.memlet %n["Y"] -> %out {data = "A", subset = #sdfg.range<1:N>}
  }

  // CHECK: sdfg.edge %[[DYN]] -> %{{.*}}
  sdfg.edge %s0 -> %s1
  // CHECK: sdfg.edge %{{.*}} -> %{{.*}} {assignments = #sdfg.assign<j = "k + 1">, condition = "N > 1"}
  sdfg.edge %s1 -> %s2 {condition = "N > 1", assignments = #sdfg.assign<j = "k + 1">}
  sdfg.edge %s2 -> %s3
}
