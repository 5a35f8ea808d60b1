// sdfg-map-fission: one map per computation; the transients between them
// grow by the map's iteration space.
// RUN: sdfg-opt %s --split-input-file --sdfg-map-fission | FileCheck %s
// RUN: sdfg-opt %s --split-input-file --sdfg-list-matches=sdfg-map-fission | FileCheck %s --check-prefix=MATCHES

// MATCHES: 0: map 'm' [i, j] in state 's': 3 computations through T, u
// MATCHES: sdfg-map-fission: no matches
// MATCHES: 0: map 'scale' [i] in state 's': 2 computations through vv

// A scalar becomes an array over the iterations, an array gets them in
// front of its dimensions; a computation that is a map keeps its body.
// CHECK-LABEL: sdfg.sdfg "split"
// CHECK: sdfg.array "T" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, M, 2>, transient}
// CHECK: sdfg.array "u" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, M>, transient}
// CHECK: sdfg.map "m_fission_0" ["i", "j"] = 0:N, 0:M
// CHECK: sdfg.memlet %entry["OUT_A"] -> %load["a"] {data = "A", subset = #sdfg.range<i, j>}
// CHECK-NEXT: sdfg.memlet %load["t0"] -> %exit["IN_T"] {data = "T", subset = #sdfg.range<i, j, 0>}
// CHECK-NEXT: sdfg.memlet %load["t1"] -> %exit["IN_T"] {data = "T", subset = #sdfg.range<i, j, 1>}
// CHECK: sdfg.map "m_fission_1" ["i", "j"] = 0:N, 0:M
// CHECK: sdfg.map "pair" ["k"] = 0:2
// CHECK: sdfg.memlet %entry_0["OUT_T"] -> %add["t"] {data = "T", subset = #sdfg.range<i, j, k>}
// CHECK: sdfg.memlet %entry["OUT_T"] -> %pair_entry["IN_T"] {data = "T", subset = #sdfg.range<i, j, 0:2>}
// CHECK-NEXT: sdfg.memlet %pair_exit["OUT_u"] -> %exit["IN_u"] {data = "u", subset = #sdfg.range<i, j>, wcr = #sdfg.wcr<Sum, "(lambda a, b: a + b)">}
// CHECK: sdfg.map "m_fission_2" ["i", "j"] = 0:N, 0:M
// CHECK: sdfg.memlet %entry["OUT_u"] -> %store["v"] {data = "u", subset = #sdfg.range<i, j>}
// CHECK: sdfg.memlet %A -> %m_fission_0_entry["IN_A"] {data = "A", subset = #sdfg.range<0:N, 0:M>
// CHECK-NEXT: sdfg.memlet %m_fission_0_exit["OUT_T"] -> %T {data = "T", subset = #sdfg.range<0:N, 0:M, 0:2>
// CHECK-NEXT: sdfg.memlet %T -> %m_fission_1_entry["IN_T"] {data = "T", subset = #sdfg.range<0:N, 0:M, 0:2>
// CHECK-NEXT: sdfg.memlet %m_fission_1_exit["OUT_u"] -> %u {data = "u", subset = #sdfg.range<0:N, 0:M>
// CHECK-SAME: wcr = #sdfg.wcr<Sum
// CHECK-NEXT: sdfg.memlet %u -> %m_fission_2_entry["IN_u"] {data = "u", subset = #sdfg.range<0:N, 0:M>
// CHECK-NEXT: sdfg.memlet %m_fission_2_exit["OUT_B"] -> %B {data = "B", subset = #sdfg.range<0:N, 0:M>
sdfg.sdfg "split" ["A", "B"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int64>}
  sdfg.symbol "M" {dtype = #sdfg.dtype<int64>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, M>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, M>}
  sdfg.array "T" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<2>, transient}
  sdfg.scalar "u" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>, transient}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %B = sdfg.access "B"
    %me, %mx = sdfg.map "m" ["i", "j"] = 0:N, 0:M attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_B}, exit_outs = {OUT_B}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %load = sdfg.tasklet "load" {code = "t0 = a\nt1 = 2 * a", ins = {a}, outs = {t0, t1}}
      %T = sdfg.access "T"
      sdfg.memlet %entry["OUT_A"] -> %load["a"] {data = "A", subset = #sdfg.range<i, j>}
      sdfg.memlet %load["t0"] -> %T {data = "T", subset = #sdfg.range<0>}
      sdfg.memlet %load["t1"] -> %T {data = "T", subset = #sdfg.range<1>}
      %u = sdfg.access "u"
      %pe, %px = sdfg.map "pair" ["k"] = 0:2 attributes {ins = {IN_T}, outs = {OUT_T}, exit_ins = {IN_u}, exit_outs = {OUT_u}} {
      ^bb0(%pentry: !sdfg.node, %pexit: !sdfg.node):
        %add = sdfg.tasklet "add" {code = "s = t", ins = {t}, outs = {s}}
        sdfg.memlet %pentry["OUT_T"] -> %add["t"] {data = "T", subset = #sdfg.range<k>}
        sdfg.memlet %add["s"] -> %pexit["IN_u"] {data = "u", subset = #sdfg.range<0>, wcr = #sdfg.wcr<Sum, "(lambda a, b: a + b)">}
      }
      sdfg.memlet %T -> %pe["IN_T"] {data = "T", subset = #sdfg.range<0:2>}
      sdfg.memlet %px["OUT_u"] -> %u {data = "u", subset = #sdfg.range<0>, wcr = #sdfg.wcr<Sum, "(lambda a, b: a + b)">}
      %store = sdfg.tasklet "store" {code = "b = v", ins = {v}, outs = {b}}
      sdfg.memlet %u -> %store["v"] {data = "u", subset = #sdfg.range<0>}
      sdfg.memlet %store["b"] -> %exit["IN_B"] {data = "B", subset = #sdfg.range<i, j>}
    }
    sdfg.memlet %A -> %me["IN_A"] {data = "A", subset = #sdfg.range<0:N, 0:M>}
    sdfg.memlet %mx["OUT_B"] -> %B {data = "B", subset = #sdfg.range<0:N, 0:M>}
  }
}

// -----

// Left alone: a computation reading an element of B that another
// iteration writes ("shared": after the split every read would come first); a border array that is not transient ("global"); a value
// passed straight between tasklets ("direct"); one computation ("single");
// a border transient used in another state ("elsewhere").
// CHECK-LABEL: sdfg.sdfg "kept"
// CHECK-NOT: _fission
sdfg.sdfg "kept" ["A", "B", "G"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int64>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "G" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
  sdfg.scalar "t" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>, transient}
  sdfg.scalar "vv" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>, transient}
  %s = sdfg.state "s" {
    %B = sdfg.access "B"
    %B2 = sdfg.access "B"
    %me, %mx = sdfg.map "shared" ["i"] = 1:N attributes {ins = {IN_B}, outs = {OUT_B}, exit_ins = {IN_B}, exit_outs = {OUT_B}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %r = sdfg.tasklet "r" {code = "o = p + 1", ins = {p}, outs = {o}}
      %v = sdfg.access "vv"
      %w = sdfg.tasklet "w" {code = "b = q", ins = {q}, outs = {b}}
      sdfg.memlet %entry["OUT_B"] -> %r["p"] {data = "B", subset = #sdfg.range<"i - 1">}
      sdfg.memlet %r["o"] -> %v {data = "vv", subset = #sdfg.range<0>}
      sdfg.memlet %v -> %w["q"] {data = "vv", subset = #sdfg.range<0>}
      sdfg.memlet %w["b"] -> %exit["IN_B"] {data = "B", subset = #sdfg.range<i>}
    }
    sdfg.memlet %B -> %me["IN_B"] {data = "B", subset = #sdfg.range<0:"N - 1">}
    sdfg.memlet %mx["OUT_B"] -> %B2 {data = "B", subset = #sdfg.range<0:N>}
  }
  %s2 = sdfg.state "s2" {
    %A = sdfg.access "A"
    %B = sdfg.access "B"
    %me, %mx = sdfg.map "global" ["i"] = 0:N attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_B}, exit_outs = {OUT_B}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t1 = sdfg.tasklet "t1" {code = "g = a", ins = {a}, outs = {g}}
      %G = sdfg.access "G"
      %t2 = sdfg.tasklet "t2" {code = "b = g", ins = {g}, outs = {b}}
      sdfg.memlet %entry["OUT_A"] -> %t1["a"] {data = "A", subset = #sdfg.range<i>}
      sdfg.memlet %t1["g"] -> %G {data = "G", subset = #sdfg.range<0>}
      sdfg.memlet %G -> %t2["g"] {data = "G", subset = #sdfg.range<0>}
      sdfg.memlet %t2["b"] -> %exit["IN_B"] {data = "B", subset = #sdfg.range<i>}
    }
    sdfg.memlet %A -> %me["IN_A"] {data = "A", subset = #sdfg.range<0:N>}
    sdfg.memlet %mx["OUT_B"] -> %B {data = "B", subset = #sdfg.range<0:N>}
  }
  %s3 = sdfg.state "s3" {
    %A = sdfg.access "A"
    %B = sdfg.access "B"
    %me, %mx = sdfg.map "direct" ["i"] = 0:N attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_B}, exit_outs = {OUT_B}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t1 = sdfg.tasklet "t1" {code = "v = a", ins = {a}, outs = {v}}
      %t2 = sdfg.tasklet "t2" {code = "b = v", ins = {v}, outs = {b}}
      sdfg.memlet %entry["OUT_A"] -> %t1["a"] {data = "A", subset = #sdfg.range<i>}
      sdfg.memlet %t1["v"] -> %t2["v"] {data = "t", subset = #sdfg.range<0>}
      sdfg.memlet %t2["b"] -> %exit["IN_B"] {data = "B", subset = #sdfg.range<i>}
    }
    sdfg.memlet %A -> %me["IN_A"] {data = "A", subset = #sdfg.range<0:N>}
    sdfg.memlet %mx["OUT_B"] -> %B {data = "B", subset = #sdfg.range<0:N>}
  }
  %s4 = sdfg.state "s4" {
    %A = sdfg.access "A"
    %B = sdfg.access "B"
    %me, %mx = sdfg.map "single" ["i"] = 0:N attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_B}, exit_outs = {OUT_B}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t1 = sdfg.tasklet "t1" {code = "b = a", ins = {a}, outs = {b}}
      sdfg.memlet %entry["OUT_A"] -> %t1["a"] {data = "A", subset = #sdfg.range<i>}
      sdfg.memlet %t1["b"] -> %exit["IN_B"] {data = "B", subset = #sdfg.range<i>}
    }
    sdfg.memlet %A -> %me["IN_A"] {data = "A", subset = #sdfg.range<0:N>}
    sdfg.memlet %mx["OUT_B"] -> %B {data = "B", subset = #sdfg.range<0:N>}
  }
  %s5 = sdfg.state "s5" {
    %A = sdfg.access "A"
    %B = sdfg.access "B"
    %me, %mx = sdfg.map "elsewhere" ["i"] = 0:N attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_B}, exit_outs = {OUT_B}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t1 = sdfg.tasklet "t1" {code = "v = a", ins = {a}, outs = {v}}
      %t = sdfg.access "t"
      %t2 = sdfg.tasklet "t2" {code = "b = v", ins = {v}, outs = {b}}
      sdfg.memlet %entry["OUT_A"] -> %t1["a"] {data = "A", subset = #sdfg.range<i>}
      sdfg.memlet %t1["v"] -> %t {data = "t", subset = #sdfg.range<0>}
      sdfg.memlet %t -> %t2["v"] {data = "t", subset = #sdfg.range<0>}
      sdfg.memlet %t2["b"] -> %exit["IN_B"] {data = "B", subset = #sdfg.range<i>}
    }
    sdfg.memlet %A -> %me["IN_A"] {data = "A", subset = #sdfg.range<0:N>}
    sdfg.memlet %mx["OUT_B"] -> %B {data = "B", subset = #sdfg.range<0:N>}
  }
  %s6 = sdfg.state "s6" {
    %t = sdfg.access "t"
    %B = sdfg.access "B"
    sdfg.memlet %t -> %B {data = "t", subset = #sdfg.range<0>, other_subset = #sdfg.range<0>}
  }
  sdfg.edge %s -> %s2
  sdfg.edge %s2 -> %s3
  sdfg.edge %s3 -> %s4
  sdfg.edge %s4 -> %s5
  sdfg.edge %s5 -> %s6
}

// -----

// An element read and then written in place by the same iteration: the
// reading map runs first.
// CHECK-LABEL: sdfg.sdfg "in_place"
// CHECK: sdfg.map "scale_fission_0"
// CHECK: sdfg.memlet %entry["OUT_A"] -> %r["p"] {data = "A", subset = #sdfg.range<i>}
// CHECK: sdfg.map "scale_fission_1"
// CHECK: sdfg.memlet %w["b"] -> %exit["IN_A"] {data = "A", subset = #sdfg.range<i>}
sdfg.sdfg "in_place" ["A"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int64>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.scalar "vv" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>, transient}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %A2 = sdfg.access "A"
    %me, %mx = sdfg.map "scale" ["i"] = 0:N attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_A}, exit_outs = {OUT_A}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %r = sdfg.tasklet "r" {code = "o = p * 3.0", ins = {p}, outs = {o}}
      %v = sdfg.access "vv"
      %w = sdfg.tasklet "w" {code = "b = q + 1.0", ins = {q}, outs = {b}}
      sdfg.memlet %entry["OUT_A"] -> %r["p"] {data = "A", subset = #sdfg.range<i>}
      sdfg.memlet %r["o"] -> %v {data = "vv", subset = #sdfg.range<0>}
      sdfg.memlet %v -> %w["q"] {data = "vv", subset = #sdfg.range<0>}
      sdfg.memlet %w["b"] -> %exit["IN_A"] {data = "A", subset = #sdfg.range<i>}
    }
    sdfg.memlet %A -> %me["IN_A"] {data = "A", subset = #sdfg.range<0:N>}
    sdfg.memlet %mx["OUT_A"] -> %A2 {data = "A", subset = #sdfg.range<0:N>}
  }
}
