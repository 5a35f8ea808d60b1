// sdfg-scalar-to-symbol-promotion: transient integer scalars computed from
// symbols and single data elements become symbols.
// RUN: sdfg-opt %s --split-input-file --sdfg-scalar-to-symbol-promotion | FileCheck %s
// RUN: sdfg-opt %s --split-input-file --sdfg-list-matches=sdfg-scalar-to-symbol-promotion | FileCheck %s --check-prefix=MATCHES

// MATCHES: 0: scalar 't' written in 's0' and read by 1 tasklet(s)
// MATCHES: 0: scalar 'n' written in 'init', 'step' and read by 0 tasklet(s)
// MATCHES-NEXT: 1: scalar 'c' written in 'test' and read by 1 tasklet(s)
// MATCHES: sdfg-scalar-to-symbol-promotion: no matches
// MATCHES: sdfg-scalar-to-symbol-promotion: no matches
// MATCHES: sdfg-scalar-to-symbol-promotion: no matches
// MATCHES: sdfg-scalar-to-symbol-promotion: no matches
// MATCHES: sdfg-scalar-to-symbol-promotion: no matches
// MATCHES: sdfg-scalar-to-symbol-promotion: no matches

// The defining tasklet becomes an assignment on the way into its state;
// the reader reads the symbol, and so does the condition.
// CHECK-LABEL: sdfg.sdfg "promote"
// CHECK: sdfg.symbol "t" {dtype = #sdfg.dtype<int64>}
// CHECK-NOT: sdfg.scalar "t"
// CHECK: %s0 = sdfg.state "s0" {
// CHECK-NEXT: %u = sdfg.tasklet "u" {code = "o = 2 * t", outs = {o}}
// CHECK-NEXT: %B = sdfg.access "B"
// CHECK-NEXT: sdfg.memlet %u["o"] -> %B {data = "B", subset = #sdfg.range<0>}
// CHECK-NEXT: }
// CHECK: %promote_t = sdfg.state "promote_t"
// CHECK: sdfg.edge %s0 -> %s1 {condition = "t > 0"}
// CHECK: sdfg.edge %promote_t -> %s0 {assignments = #sdfg.assign<t = "N + A[0]">}
sdfg.sdfg "promote" ["A", "B", "N"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int64>}
  sdfg.array "A" {dtype = #sdfg.dtype<int64>, shape = #sdfg.exprs<4>}
  sdfg.array "B" {dtype = #sdfg.dtype<int64>, shape = #sdfg.exprs<1>}
  sdfg.scalar "t" {dtype = #sdfg.dtype<int64>, shape = #sdfg.exprs<1>, transient}
  %s0 = sdfg.state "s0" {
    %a = sdfg.access "A"
    %c = sdfg.tasklet "c" {code = "o = i + N", ins = {i}, outs = {o}}
    %t = sdfg.access "t"
    %u = sdfg.tasklet "u" {code = "o = 2 * v", ins = {v}, outs = {o}}
    %b = sdfg.access "B"
    sdfg.memlet %a -> %c["i"] {data = "A", subset = #sdfg.range<0>}
    sdfg.memlet %c["o"] -> %t {data = "t", subset = #sdfg.range<0>}
    sdfg.memlet %t -> %u["v"] {data = "t", subset = #sdfg.range<0>}
    sdfg.memlet %u["o"] -> %b {data = "B", subset = #sdfg.range<0>}
  }
  %s1 = sdfg.state "s1" {
  }
  sdfg.edge %s0 -> %s1 {condition = "t > 0"}
}

// -----

// A copy from data, an update reading the old value, and a comparison of
// a float element (floats may only be compared); the truth value is read
// by a tasklet as well as by conditions.
// CHECK-LABEL: sdfg.sdfg "loop"
// CHECK: sdfg.symbol "n" {dtype = #sdfg.dtype<int64>}
// CHECK: sdfg.symbol "c" {dtype = #sdfg.dtype<bool>}
// CHECK: sdfg.tasklet "keep" {code = "o = c", outs = {o}}
// CHECK: sdfg.edge %test -> %promote_n_1 {condition = "c"}
// CHECK: sdfg.edge %promote_n -> %init {assignments = #sdfg.assign<n = "X[0]">}
// CHECK: sdfg.edge %promote_n_1 -> %step {assignments = #sdfg.assign<n = "n + 1">}
// CHECK: sdfg.edge %promote_c -> %test {assignments = #sdfg.assign<c = "F[1] < 0.5">}
sdfg.sdfg "loop" ["X", "F", "R"] {
  sdfg.array "X" {dtype = #sdfg.dtype<int64>, shape = #sdfg.exprs<1>}
  sdfg.array "R" {dtype = #sdfg.dtype<bool>, shape = #sdfg.exprs<1>}
  sdfg.array "F" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<8>}
  sdfg.scalar "n" {dtype = #sdfg.dtype<int64>, shape = #sdfg.exprs<1>, transient}
  sdfg.scalar "c" {dtype = #sdfg.dtype<bool>, shape = #sdfg.exprs<1>, transient}
  %init = sdfg.state "init" {
    %x = sdfg.access "X"
    %n = sdfg.access "n"
    sdfg.memlet %x -> %n {data = "X", other_subset = #sdfg.range<0>, subset = #sdfg.range<0>}
  }
  %test = sdfg.state "test" {
    %f = sdfg.access "F"
    %t = sdfg.tasklet "lt" {code = "o = (i < 0.5)", ins = {i}, outs = {o}}
    %c = sdfg.access "c"
    sdfg.memlet %f -> %t["i"] {data = "F", subset = #sdfg.range<1>}
    sdfg.memlet %t["o"] -> %c {data = "c", subset = #sdfg.range<0>}
    %k = sdfg.tasklet "keep" {code = "o = i", ins = {i}, outs = {o}}
    %r = sdfg.access "R"
    sdfg.memlet %c -> %k["i"] {data = "c", subset = #sdfg.range<0>}
    sdfg.memlet %k["o"] -> %r {data = "R", subset = #sdfg.range<0>}
  }
  %step = sdfg.state "step" {
    %n = sdfg.access "n"
    %t = sdfg.tasklet "inc" {code = "o = (i + 1)", ins = {i}, outs = {o}}
    %n2 = sdfg.access "n"
    sdfg.memlet %n -> %t["i"] {data = "n", subset = #sdfg.range<0>}
    sdfg.memlet %t["o"] -> %n2 {data = "n", subset = #sdfg.range<0>}
  }
  %done = sdfg.state "done" {
  }
  sdfg.edge %init -> %test
  sdfg.edge %test -> %step {condition = "c"}
  sdfg.edge %step -> %test
  sdfg.edge %test -> %done {condition = "not c"}
}

// -----

// Floor division rounds as C in a tasklet but as Python on an edge.
// CHECK-LABEL: sdfg.sdfg "division"
// CHECK: sdfg.scalar "t"
// CHECK: code = "o = i // 2"
sdfg.sdfg "division" ["A"] {
  sdfg.array "A" {dtype = #sdfg.dtype<int64>, shape = #sdfg.exprs<4>}
  sdfg.scalar "t" {dtype = #sdfg.dtype<int64>, shape = #sdfg.exprs<1>, transient}
  %s0 = sdfg.state "s0" {
    %a = sdfg.access "A"
    %c = sdfg.tasklet "c" {code = "o = i // 2", ins = {i}, outs = {o}}
    %t = sdfg.access "t"
    sdfg.memlet %a -> %c["i"] {data = "A", subset = #sdfg.range<0>}
    sdfg.memlet %c["o"] -> %t {data = "t", subset = #sdfg.range<0>}
  }
  %s1 = sdfg.state "s1" {
  }
  sdfg.edge %s0 -> %s1 {condition = "t > 0"}
}

// -----

// Read inside a map.
// CHECK-LABEL: sdfg.sdfg "in_map"
// CHECK: sdfg.scalar "t"
sdfg.sdfg "in_map" ["B"] {
  sdfg.array "B" {dtype = #sdfg.dtype<int64>, shape = #sdfg.exprs<4>}
  sdfg.scalar "t" {dtype = #sdfg.dtype<int64>, shape = #sdfg.exprs<1>, transient}
  %s0 = sdfg.state "s0" {
    %c = sdfg.tasklet "c" {code = "o = 3", outs = {o}}
    %t = sdfg.access "t"
    sdfg.memlet %c["o"] -> %t {data = "t", subset = #sdfg.range<0>}
    %e, %x = sdfg.map "m" ["i"] = 0:4 attributes {ins = {IN_t}, outs = {OUT_t}, exit_ins = {IN_B}, exit_outs = {OUT_B}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %u = sdfg.tasklet "u" {code = "y = x + i", ins = {x}, outs = {y}}
      sdfg.memlet %entry["OUT_t"] -> %u["x"] {data = "t", subset = #sdfg.range<0>}
      sdfg.memlet %u["y"] -> %exit["IN_B"] {data = "B", subset = #sdfg.range<i>}
    }
    %b = sdfg.access "B"
    sdfg.memlet %t -> %e["IN_t"] {data = "t", subset = #sdfg.range<0>}
    sdfg.memlet %x["OUT_B"] -> %b {data = "B", subset = #sdfg.range<0:4>}
  }
}

// -----

// An argument, and a float: neither is promoted.
// CHECK-LABEL: sdfg.sdfg "kinds"
// CHECK: sdfg.scalar "a"
// CHECK: sdfg.scalar "f"
sdfg.sdfg "kinds" ["a", "B"] {
  sdfg.scalar "a" {dtype = #sdfg.dtype<int64>, shape = #sdfg.exprs<1>}
  sdfg.scalar "f" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>, transient}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
  %s0 = sdfg.state "s0" {
    %c = sdfg.tasklet "c" {code = "o = 3", outs = {o}}
    %a = sdfg.access "a"
    %d = sdfg.tasklet "d" {code = "o = 3", outs = {o}}
    %f = sdfg.access "f"
    sdfg.memlet %c["o"] -> %a {data = "a", subset = #sdfg.range<0>}
    sdfg.memlet %d["o"] -> %f {data = "f", subset = #sdfg.range<0>}
  }
  %s1 = sdfg.state "s1" {
    %f = sdfg.access "f"
    %u = sdfg.tasklet "u" {code = "y = x", ins = {x}, outs = {y}}
    %b = sdfg.access "B"
    sdfg.memlet %f -> %u["x"] {data = "f", subset = #sdfg.range<0>}
    sdfg.memlet %u["y"] -> %b {data = "B", subset = #sdfg.range<0>}
  }
  sdfg.edge %s0 -> %s1
}

// -----

// The old value is read beside the write: the read would see the new one.
// CHECK-LABEL: sdfg.sdfg "old_value"
// CHECK: sdfg.scalar "t"
sdfg.sdfg "old_value" ["B"] {
  sdfg.array "B" {dtype = #sdfg.dtype<int64>, shape = #sdfg.exprs<1>}
  sdfg.scalar "t" {dtype = #sdfg.dtype<int64>, shape = #sdfg.exprs<1>, transient}
  %s0 = sdfg.state "s0" {
    %c = sdfg.tasklet "c" {code = "o = 3", outs = {o}}
    %t = sdfg.access "t"
    sdfg.memlet %c["o"] -> %t {data = "t", subset = #sdfg.range<0>}
  }
  %s1 = sdfg.state "s1" {
    %t = sdfg.access "t"
    %u = sdfg.tasklet "u" {code = "y = x", ins = {x}, outs = {y}}
    %b = sdfg.access "B"
    %d = sdfg.tasklet "d" {code = "o = 4", outs = {o}}
    %t2 = sdfg.access "t"
    sdfg.memlet %t -> %u["x"] {data = "t", subset = #sdfg.range<0>}
    sdfg.memlet %u["y"] -> %b {data = "B", subset = #sdfg.range<0>}
    sdfg.memlet %d["o"] -> %t2 {data = "t", subset = #sdfg.range<0>}
  }
  sdfg.edge %s0 -> %s1
}

// -----

// Named in a memlet subset; and a sum of two 32-bit values (C would wrap).
// CHECK-LABEL: sdfg.sdfg "subset_and_narrow"
// CHECK: sdfg.scalar "t"
// CHECK: sdfg.scalar "w"
sdfg.sdfg "subset_and_narrow" ["A", "I", "B"] {
  sdfg.array "A" {dtype = #sdfg.dtype<int64>, shape = #sdfg.exprs<4>}
  sdfg.array "I" {dtype = #sdfg.dtype<int32>, shape = #sdfg.exprs<2>}
  sdfg.array "B" {dtype = #sdfg.dtype<int64>, shape = #sdfg.exprs<1>}
  sdfg.scalar "t" {dtype = #sdfg.dtype<int64>, shape = #sdfg.exprs<1>, transient}
  sdfg.scalar "w" {dtype = #sdfg.dtype<int64>, shape = #sdfg.exprs<1>, transient}
  %s0 = sdfg.state "s0" {
    %c = sdfg.tasklet "c" {code = "o = 1", outs = {o}}
    %t = sdfg.access "t"
    %i = sdfg.access "I"
    %d = sdfg.tasklet "d" {code = "o = p + q", ins = {p, q}, outs = {o}}
    %w = sdfg.access "w"
    sdfg.memlet %c["o"] -> %t {data = "t", subset = #sdfg.range<0>}
    sdfg.memlet %i -> %d["p"] {data = "I", subset = #sdfg.range<0>}
    sdfg.memlet %i -> %d["q"] {data = "I", subset = #sdfg.range<1>}
    sdfg.memlet %d["o"] -> %w {data = "w", subset = #sdfg.range<0>}
  }
  %s1 = sdfg.state "s1" {
    %a = sdfg.access "A"
    %b = sdfg.access "B"
    sdfg.memlet %a -> %b {data = "A", subset = #sdfg.range<t>, other_subset = #sdfg.range<0>}
  }
  sdfg.edge %s0 -> %s1 {condition = "w > 0"}
}

// -----

// The reader indexes its connector; the scalar is assigned as a symbol.
// CHECK-LABEL: sdfg.sdfg "odd_uses"
// CHECK: sdfg.scalar "t"
// CHECK: sdfg.scalar "k"
sdfg.sdfg "odd_uses" ["B"] {
  sdfg.array "B" {dtype = #sdfg.dtype<int64>, shape = #sdfg.exprs<1>}
  sdfg.scalar "t" {dtype = #sdfg.dtype<int64>, shape = #sdfg.exprs<1>, transient}
  sdfg.scalar "k" {dtype = #sdfg.dtype<int64>, shape = #sdfg.exprs<1>, transient}
  %s0 = sdfg.state "s0" {
    %c = sdfg.tasklet "c" {code = "o = 1", outs = {o}}
    %t = sdfg.access "t"
    %u = sdfg.tasklet "u" {code = "y = x[0]", ins = {x}, outs = {y}}
    %b = sdfg.access "B"
    %d = sdfg.tasklet "d" {code = "o = 2", outs = {o}}
    %k = sdfg.access "k"
    sdfg.memlet %c["o"] -> %t {data = "t", subset = #sdfg.range<0>}
    sdfg.memlet %t -> %u["x"] {data = "t", subset = #sdfg.range<0>}
    sdfg.memlet %u["y"] -> %b {data = "B", subset = #sdfg.range<0>}
    sdfg.memlet %d["o"] -> %k {data = "k", subset = #sdfg.range<0>}
  }
  %s1 = sdfg.state "s1" {
  }
  sdfg.edge %s0 -> %s1 {assignments = #sdfg.assign<k = 5>}
}
