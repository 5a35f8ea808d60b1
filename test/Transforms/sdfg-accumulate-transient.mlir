// sdfg-accumulate-transient: a nested map writing with WCR accumulates in
// a transient set to the identity, combined once per outer iteration.
// RUN: sdfg-opt %s --split-input-file --sdfg-accumulate-transient | FileCheck %s
// RUN: sdfg-opt %s --split-input-file --sdfg-list-matches=sdfg-accumulate-transient | FileCheck %s --check-prefix=MATCHES
// RUN: sdfg-opt %s --split-input-file --sdfg-accumulate-transient='identity=-1e300' | FileCheck %s --check-prefix=GIVEN
// RUN: not sdfg-opt %s --split-input-file --sdfg-accumulate-transient='identity=abc' 2>&1 | FileCheck %s --check-prefix=BAD

// MATCHES: 0: 'C' from map 'n' out of map 'o' in state 's'
// MATCHES: 0: 'D' from map 'n' out of map 'o' in state 's'
// MATCHES: sdfg-accumulate-transient: no matches
// MATCHES: sdfg-accumulate-transient: no matches
// BAD: error: identity: 'abc' is not a finite number

// CHECK-LABEL: sdfg.sdfg "sum"
// CHECK: sdfg.array "trans_C" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>, transient}
// CHECK: sdfg.memlet %{{.*}}["y"] -> %{{.*}}["IN_C"] {data = "trans_C", subset = #sdfg.range<0>, wcr = #sdfg.wcr<Sum, "(lambda a, b: a + b)">}
// CHECK-DAG: %[[I:.*]] = sdfg.tasklet "init" {code = "__out = 0", outs = {__out}}
// CHECK-DAG: sdfg.memlet %entry -> %[[I]]
// CHECK-DAG: sdfg.memlet %[[I]]["__out"] -> %[[L0:.*]] {data = "trans_C", subset = #sdfg.range<0>}
// CHECK-DAG: sdfg.memlet %[[L0]] -> %n_entry
// CHECK-DAG: sdfg.memlet %n_exit["OUT_C"] -> %[[L1:.*]] {data = "trans_C", subset = #sdfg.range<0>, wcr = #sdfg.wcr<Sum, "(lambda a, b: a + b)">}
// CHECK-DAG: sdfg.memlet %[[L1]] -> %exit["IN_C"] {data = "C", other_subset = #sdfg.range<0>, subset = #sdfg.range<i>, wcr = #sdfg.wcr<Sum, "(lambda a, b: a + b)">}
sdfg.sdfg "sum" ["A", "C"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, N>}
  sdfg.array "C" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %C = sdfg.access "C"
    %oe, %ox = sdfg.map "o" ["i"] = 0:N attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_C}, exit_outs = {OUT_C}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %ne, %nx = sdfg.map "n" ["k"] = 0:N attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_C}, exit_outs = {OUT_C}} {
      ^bb0(%entry2: !sdfg.node, %exit2: !sdfg.node):
        %t = sdfg.tasklet "t" {code = "y = x", ins = {x}, outs = {y}}
        sdfg.memlet %entry2["OUT_A"] -> %t["x"] {data = "A", subset = #sdfg.range<i, k>}
        sdfg.memlet %t["y"] -> %exit2["IN_C"] {data = "C", subset = #sdfg.range<i>, wcr = #sdfg.wcr<Sum, "(lambda a, b: a + b)">}
      }
      sdfg.memlet %entry["OUT_A"] -> %ne["IN_A"] {data = "A", subset = #sdfg.range<i, 0:N>}
      sdfg.memlet %nx["OUT_C"] -> %exit["IN_C"] {data = "C", subset = #sdfg.range<i>, wcr = #sdfg.wcr<Sum, "(lambda a, b: a + b)">}
    }
    sdfg.memlet %A -> %oe["IN_A"] {data = "A", subset = #sdfg.range<0:N, 0:N>}
    sdfg.memlet %ox["OUT_C"] -> %C {data = "C", subset = #sdfg.range<0:N>, wcr = #sdfg.wcr<Sum, "(lambda a, b: a + b)">}
  }
}

// -----

// A maximum over column tiles into a row: no identity known unless given;
// the accumulator is a row, set by a map.
// CHECK-LABEL: sdfg.sdfg "max"
// CHECK-NOT: trans_D
// GIVEN-LABEL: sdfg.sdfg "max"
// GIVEN: sdfg.array "trans_D" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<M>, transient}
// GIVEN: sdfg.memlet %{{.*}}["y"] -> %{{.*}}["IN_D"] {data = "trans_D", subset = #sdfg.range<j>, wcr = #sdfg.wcr<Max, "(lambda a, b: max(a, b))">}
// GIVEN: sdfg.map "init" ["__init0"] = 0:M
// GIVEN: sdfg.tasklet "init" {code = "__out = -1e300", outs = {__out}}
sdfg.sdfg "max" ["A", "D"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.symbol "M" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, M>}
  sdfg.array "D" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<M>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %D = sdfg.access "D"
    %oe, %ox = sdfg.map "o" ["i"] = 0:N attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_D}, exit_outs = {OUT_D}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %ne, %nx = sdfg.map "n" ["j"] = 0:M attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_D}, exit_outs = {OUT_D}} {
      ^bb0(%entry2: !sdfg.node, %exit2: !sdfg.node):
        %t = sdfg.tasklet "t" {code = "y = x", ins = {x}, outs = {y}}
        sdfg.memlet %entry2["OUT_A"] -> %t["x"] {data = "A", subset = #sdfg.range<i, j>}
        sdfg.memlet %t["y"] -> %exit2["IN_D"] {data = "D", subset = #sdfg.range<j>, wcr = #sdfg.wcr<Max, "(lambda a, b: max(a, b))">}
      }
      sdfg.memlet %entry["OUT_A"] -> %ne["IN_A"] {data = "A", subset = #sdfg.range<i, 0:M>}
      sdfg.memlet %nx["OUT_D"] -> %exit["IN_D"] {data = "D", subset = #sdfg.range<0:M>, wcr = #sdfg.wcr<Max, "(lambda a, b: max(a, b))">}
    }
    sdfg.memlet %A -> %oe["IN_A"] {data = "A", subset = #sdfg.range<0:N, 0:M>}
    sdfg.memlet %ox["OUT_D"] -> %D {data = "D", subset = #sdfg.range<0:M>, wcr = #sdfg.wcr<Max, "(lambda a, b: max(a, b))">}
  }
}

// -----

// The outer map also reads C: it would see a partial result. No match.
// CHECK-LABEL: sdfg.sdfg "read"
// CHECK-NOT: trans_C
sdfg.sdfg "read" ["A", "C", "E"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, N>}
  sdfg.array "C" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "E" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %C0 = sdfg.access "C"
    %C = sdfg.access "C"
    %E = sdfg.access "E"
    %oe, %ox = sdfg.map "o" ["i"] = 0:N attributes {ins = {IN_A, IN_C}, outs = {OUT_A, OUT_C}, exit_ins = {IN_C, IN_E}, exit_outs = {OUT_C, OUT_E}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %ne, %nx = sdfg.map "n" ["k"] = 0:N attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_C}, exit_outs = {OUT_C}} {
      ^bb0(%entry2: !sdfg.node, %exit2: !sdfg.node):
        %t = sdfg.tasklet "t" {code = "y = x", ins = {x}, outs = {y}}
        sdfg.memlet %entry2["OUT_A"] -> %t["x"] {data = "A", subset = #sdfg.range<i, k>}
        sdfg.memlet %t["y"] -> %exit2["IN_C"] {data = "C", subset = #sdfg.range<i>, wcr = #sdfg.wcr<Sum, "(lambda a, b: a + b)">}
      }
      %u = sdfg.tasklet "u" {code = "z = c", ins = {c}, outs = {z}}
      sdfg.memlet %entry["OUT_C"] -> %u["c"] {data = "C", subset = #sdfg.range<i>}
      sdfg.memlet %u["z"] -> %exit["IN_E"] {data = "E", subset = #sdfg.range<i>}
      sdfg.memlet %entry["OUT_A"] -> %ne["IN_A"] {data = "A", subset = #sdfg.range<i, 0:N>}
      sdfg.memlet %nx["OUT_C"] -> %exit["IN_C"] {data = "C", subset = #sdfg.range<i>, wcr = #sdfg.wcr<Sum, "(lambda a, b: a + b)">}
    }
    sdfg.memlet %A -> %oe["IN_A"] {data = "A", subset = #sdfg.range<0:N, 0:N>}
    sdfg.memlet %C0 -> %oe["IN_C"] {data = "C", subset = #sdfg.range<0:N>}
    sdfg.memlet %ox["OUT_C"] -> %C {data = "C", subset = #sdfg.range<0:N>, wcr = #sdfg.wcr<Sum, "(lambda a, b: a + b)">}
    sdfg.memlet %ox["OUT_E"] -> %E {data = "E", subset = #sdfg.range<0:N>}
  }
}

// -----

// No WCR between the exits: sdfg-out-local-storage's case. No match.
// CHECK-LABEL: sdfg.sdfg "plain"
// CHECK-NOT: trans_B
sdfg.sdfg "plain" ["A", "B"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, N>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, N>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %B = sdfg.access "B"
    %oe, %ox = sdfg.map "o" ["i"] = 0:N attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_B}, exit_outs = {OUT_B}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %ne, %nx = sdfg.map "n" ["j"] = 0:N attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_B}, exit_outs = {OUT_B}} {
      ^bb0(%entry2: !sdfg.node, %exit2: !sdfg.node):
        %k = sdfg.tasklet "k" {code = "y = x", ins = {x}, outs = {y}}
        sdfg.memlet %entry2["OUT_A"] -> %k["x"] {data = "A", subset = #sdfg.range<i, j>}
        sdfg.memlet %k["y"] -> %exit2["IN_B"] {data = "B", subset = #sdfg.range<i, j>}
      }
      sdfg.memlet %entry["OUT_A"] -> %ne["IN_A"] {data = "A", subset = #sdfg.range<i, 0:N>}
      sdfg.memlet %nx["OUT_B"] -> %exit["IN_B"] {data = "B", subset = #sdfg.range<i, 0:N>}
    }
    sdfg.memlet %A -> %oe["IN_A"] {data = "A", subset = #sdfg.range<0:N, 0:N>}
    sdfg.memlet %ox["OUT_B"] -> %B {data = "B", subset = #sdfg.range<0:N, 0:N>}
  }
}
