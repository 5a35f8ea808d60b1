// RUN: sdfg-opt %s --split-input-file --verify-diagnostics
// SDFG verifier, scopes group (src/verify/scopes.rs): IN_/OUT_ connector pairs of scope nodes and the scope rules of memlet paths.

sdfg.sdfg "f" [] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  %s = sdfg.state "s" {
    %a = sdfg.access "A"
    // expected-error@+1 {{map 'm' has in-connector 'IN_A' without 'OUT_A'}}
    %me, %mx = sdfg.map "m" ["i"] = 0:4 attributes {ins = {IN_A}} {
    ^bb0(%e: !sdfg.node, %x: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "pass"}
      sdfg.memlet %e -> %t
      sdfg.memlet %t -> %x
    }
    sdfg.memlet %a -> %me["IN_A"] {data = "A", subset = #sdfg.range<0:4>}
  }
}

// -----

sdfg.sdfg "f" [] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  %s = sdfg.state "s" {
    %a = sdfg.access "A"
    // expected-error@+1 {{map 'm' has out-connector 'OUT_A' without 'IN_A'}}
    %me, %mx = sdfg.map "m" ["i"] = 0:4 attributes {outs = {OUT_A}} {
    ^bb0(%e: !sdfg.node, %x: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "pass", ins = {u}}
      sdfg.memlet %e["OUT_A"] -> %t["u"] {data = "A", subset = #sdfg.range<i>}
      sdfg.memlet %t -> %x
    }
    sdfg.memlet %a -> %me
  }
}

// -----

sdfg.sdfg "f" [] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  %s = sdfg.state "s" {
    %a = sdfg.access "A"
    // expected-error@+1 {{map exit 'm' has out-connector 'OUT_A' without 'IN_A'}}
    %me, %mx = sdfg.map "m" ["i"] = 0:4 attributes {exit_outs = {OUT_A}} {
    ^bb0(%e: !sdfg.node, %x: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "pass"}
      sdfg.memlet %e -> %t
      sdfg.memlet %t -> %x
    }
    sdfg.memlet %mx["OUT_A"] -> %a {data = "A", subset = #sdfg.range<0:4>}
  }
}

// -----

sdfg.sdfg "f" [] {
  sdfg.stream "S" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>, transient}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  %s = sdfg.state "s" {
    %q = sdfg.access "S"
    %a = sdfg.access "A"
    // expected-error@+1 {{consume exit 'c' has in-connector 'IN_A' without 'OUT_A'}}
    %ce, %cx = sdfg.consume "c" attributes {pe_index = "p", num_pes = #sdfg.expr<2>, ins = {IN_stream}, outs = {OUT_stream}, exit_ins = {IN_A}} {
    ^bb0(%e: !sdfg.node, %x: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "o = v", ins = {v}, outs = {o}}
      sdfg.memlet %e["OUT_stream"] -> %t["v"] {data = "S", subset = #sdfg.range<0>, dynamic}
      sdfg.memlet %t["o"] -> %x["IN_A"] {data = "A", subset = #sdfg.range<0>, dynamic}
    }
    sdfg.memlet %q -> %ce["IN_stream"] {data = "S", subset = #sdfg.range<0>, dynamic}
    sdfg.memlet %cx -> %a
  }
}

// -----

// A path that leaves the map must end at an access node; both of its edges
// are reported.
sdfg.sdfg "f" [] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  %s = sdfg.state "s" {
    %me, %mx = sdfg.map "m" ["i"] = 0:4 attributes {exit_ins = {IN_A}, exit_outs = {OUT_A}} {
    ^bb0(%e: !sdfg.node, %x: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "y = 1", outs = {y}}
      sdfg.memlet %e -> %t
      // expected-error@+1 {{memlet path leaves a scope into tasklet 'sink', which is not an access node}}
      sdfg.memlet %t["y"] -> %x["IN_A"] {data = "A", subset = #sdfg.range<i>}
    }
    %sink = sdfg.tasklet "sink" {code = "pass", ins = {u}}
    // expected-error@+1 {{memlet path leaves a scope into tasklet 'sink', which is not an access node}}
    sdfg.memlet %mx["OUT_A"] -> %sink["u"] {data = "A", subset = #sdfg.range<0:4>}
  }
}

// -----

// A path from one map's body straight into a sibling map's body; every edge
// of the path is reported.
sdfg.sdfg "f" [] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  %s = sdfg.state "s" {
    %me1, %mx1 = sdfg.map "m1" ["i"] = 0:4 attributes {exit_ins = {IN_A}, exit_outs = {OUT_A}} {
    ^bb0(%e: !sdfg.node, %x: !sdfg.node):
      %t1 = sdfg.tasklet "t1" {code = "y = 1", outs = {y}}
      sdfg.memlet %e -> %t1
      // expected-error@+1 {{memlet between disjoint scopes (tasklet 't1' and tasklet 't2')}}
      sdfg.memlet %t1["y"] -> %x["IN_A"] {data = "A", subset = #sdfg.range<i>}
    }
    %me2, %mx2 = sdfg.map "m2" ["j"] = 0:4 attributes {ins = {IN_A}, outs = {OUT_A}} {
    ^bb0(%e: !sdfg.node, %x: !sdfg.node):
      %t2 = sdfg.tasklet "t2" {code = "pass", ins = {u}}
      // expected-error@+1 {{memlet between disjoint scopes (tasklet 't1' and tasklet 't2')}}
      sdfg.memlet %e["OUT_A"] -> %t2["u"] {data = "A", subset = #sdfg.range<j>}
      sdfg.memlet %t2 -> %x
    }
    // expected-error@+1 {{memlet between disjoint scopes (tasklet 't1' and tasklet 't2')}}
    sdfg.memlet %mx1["OUT_A"] -> %me2["IN_A"] {data = "A", subset = #sdfg.range<0:4>}
  }
}

// -----

// Every error of one input is reported, not only the first.
sdfg.sdfg "f" [] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  %s = sdfg.state "s" {
    %a = sdfg.access "A"
    // expected-error@+3 {{map 'm' has in-connector 'IN_A' without 'OUT_A'}}
    // expected-error@+2 {{map exit 'm' has out-connector 'OUT_B' without 'IN_B'}}
    // expected-error@+1 {{map exit 'm' has dangling out-connector 'OUT_B'}}
    %me, %mx = sdfg.map "m" ["i"] = 0:4 attributes {ins = {IN_A}, exit_outs = {OUT_B}} {
    ^bb0(%e: !sdfg.node, %x: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "pass"}
      sdfg.memlet %e -> %t
      sdfg.memlet %t -> %x
    }
    sdfg.memlet %a -> %me["IN_A"] {data = "A", subset = #sdfg.range<0:4>}
  }
}
