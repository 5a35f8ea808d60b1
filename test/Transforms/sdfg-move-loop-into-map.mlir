// sdfg-move-loop-into-map: a loop around one map moves into it as a
// nested SDFG, when each map iteration keeps to its own elements.
// RUN: sdfg-opt %s --split-input-file --sdfg-move-loop-into-map | FileCheck %s
// RUN: sdfg-opt %s --split-input-file --sdfg-list-matches=sdfg-move-loop-into-map | FileCheck %s --check-prefix=MATCHES

// MATCHES: 0: loop 'rows' over 'k' around map 'cols'
// MATCHES: sdfg-move-loop-into-map: no matches
// MATCHES: sdfg-move-loop-into-map: no matches

// Row k of A is built from row k - 1 in every column j: the columns are
// independent, the rows are not. The nested SDFG takes A whole.
// CHECK-LABEL: sdfg.sdfg "recurrence"
// CHECK-NOT: sdfg.symbol "k"
// CHECK: %rows_body = sdfg.state "rows_body" {
// CHECK: sdfg.map "cols" ["j"] = 0:N
// CHECK: sdfg.nested "rows" attributes {ins = {A}, outs = {A}, symbol_mapping = #sdfg.symbols<N = N, M = M, j = j>}
// CHECK: sdfg.loop "rows" attributes {condition = "k < M", init = "k = 1"
// CHECK: sdfg.memlet %A_{{[0-9]+}} -> %t["prev"] {data = "A", subset = #sdfg.range<"k - 1", j>}
// CHECK: sdfg.memlet %t["next"] -> %A_{{[0-9]+}} {data = "A", subset = #sdfg.range<k, j>}
// CHECK: sdfg.memlet %entry["OUT_A"] -> %rows["A"] {data = "A", subset = #sdfg.range<0:M, 0:N>}
// CHECK-NEXT: sdfg.memlet %rows["A"] -> %exit["IN_A"] {data = "A", subset = #sdfg.range<0:M, 0:N>}
// CHECK: sdfg.memlet %A -> %cols_entry["IN_A"] {data = "A", subset = #sdfg.range<0:M, 0:N>}
sdfg.sdfg "recurrence" ["A"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int64>}
  sdfg.symbol "M" {dtype = #sdfg.dtype<int64>}
  sdfg.symbol "k" {dtype = #sdfg.dtype<int64>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<M, N>}
  %l = sdfg.loop "rows" attributes {condition = "k < M", init = "k = 1", loop_variable = "k", update = "k = k + 1"} {
    %s = sdfg.state "rows_body" {
      %A = sdfg.access "A"
      %A2 = sdfg.access "A"
      %me, %mx = sdfg.map "cols" ["j"] = 0:N attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_A}, exit_outs = {OUT_A}} {
      ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
        %t = sdfg.tasklet "t" {code = "next = prev * 2.0 + 1.0", ins = {prev}, outs = {next}}
        sdfg.memlet %entry["OUT_A"] -> %t["prev"] {data = "A", subset = #sdfg.range<"k - 1", j>}
        sdfg.memlet %t["next"] -> %exit["IN_A"] {data = "A", subset = #sdfg.range<k, j>}
      }
      sdfg.memlet %A -> %me["IN_A"] {data = "A", subset = #sdfg.range<0:M, 0:N>}
      sdfg.memlet %mx["OUT_A"] -> %A2 {data = "A", subset = #sdfg.range<0:M, 0:N>}
    }
  }
}

// -----

// Left alone: every column writes row sums into one element per step
// ("shared"); the map's range depends on the loop variable ("triangle");
// two maps in the body ("two"); then the loop variable read after the
// loop ("after").
// CHECK-LABEL: sdfg.sdfg "kept"
// CHECK-NOT: sdfg.nested
sdfg.sdfg "kept" ["A", "R"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int64>}
  sdfg.symbol "M" {dtype = #sdfg.dtype<int64>}
  sdfg.symbol "k" {dtype = #sdfg.dtype<int64>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<M, N>}
  sdfg.array "R" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<M>}
  %l1 = sdfg.loop "shared" attributes {condition = "k < M", init = "k = 0", loop_variable = "k", update = "k = k + 1"} {
    %s = sdfg.state "shared_body" {
      %A = sdfg.access "A"
      %R = sdfg.access "R"
      %me, %mx = sdfg.map "m" ["j"] = 0:N attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_R}, exit_outs = {OUT_R}} {
      ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
        %t = sdfg.tasklet "t" {code = "r = a", ins = {a}, outs = {r}}
        sdfg.memlet %entry["OUT_A"] -> %t["a"] {data = "A", subset = #sdfg.range<k, j>}
        sdfg.memlet %t["r"] -> %exit["IN_R"] {data = "R", subset = #sdfg.range<k>}
      }
      sdfg.memlet %A -> %me["IN_A"] {data = "A", subset = #sdfg.range<0:M, 0:N>}
      sdfg.memlet %mx["OUT_R"] -> %R {data = "R", subset = #sdfg.range<0:M>}
    }
  }
  %l2 = sdfg.loop "triangle" attributes {condition = "k < M", init = "k = 0", loop_variable = "k", update = "k = k + 1"} {
    %s = sdfg.state "triangle_body" {
      %A = sdfg.access "A"
      %A2 = sdfg.access "A"
      %me, %mx = sdfg.map "m" ["j"] = 0:k attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_A}, exit_outs = {OUT_A}} {
      ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
        %t = sdfg.tasklet "t" {code = "o = a + 1.0", ins = {a}, outs = {o}}
        sdfg.memlet %entry["OUT_A"] -> %t["a"] {data = "A", subset = #sdfg.range<k, j>}
        sdfg.memlet %t["o"] -> %exit["IN_A"] {data = "A", subset = #sdfg.range<k, j>}
      }
      sdfg.memlet %A -> %me["IN_A"] {data = "A", subset = #sdfg.range<0:M, 0:N>}
      sdfg.memlet %mx["OUT_A"] -> %A2 {data = "A", subset = #sdfg.range<0:M, 0:N>}
    }
  }
  %l3 = sdfg.loop "two" attributes {condition = "k < M", init = "k = 0", loop_variable = "k", update = "k = k + 1"} {
    %s = sdfg.state "two_body" {
      %A = sdfg.access "A"
      %A2 = sdfg.access "A"
      %me, %mx = sdfg.map "m1" ["j"] = 0:N attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_A}, exit_outs = {OUT_A}} {
      ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
        %t = sdfg.tasklet "t" {code = "o = a + 1.0", ins = {a}, outs = {o}}
        sdfg.memlet %entry["OUT_A"] -> %t["a"] {data = "A", subset = #sdfg.range<k, j>}
        sdfg.memlet %t["o"] -> %exit["IN_A"] {data = "A", subset = #sdfg.range<k, j>}
      }
      sdfg.memlet %A -> %me["IN_A"] {data = "A", subset = #sdfg.range<0:M, 0:N>}
      sdfg.memlet %mx["OUT_A"] -> %A2 {data = "A", subset = #sdfg.range<0:M, 0:N>}
      %R = sdfg.access "R"
      %me2, %mx2 = sdfg.map "m2" ["j"] = 0:1 attributes {exit_ins = {IN_R}, exit_outs = {OUT_R}} {
      ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
        %t = sdfg.tasklet "z" {code = "r = 0.0", ins = {}, outs = {r}}
        sdfg.memlet %entry -> %t
        sdfg.memlet %t["r"] -> %exit["IN_R"] {data = "R", subset = #sdfg.range<k>}
      }
      sdfg.memlet %mx2["OUT_R"] -> %R {data = "R", subset = #sdfg.range<0:M>}
    }
  }
  sdfg.edge %l1 -> %l2
  sdfg.edge %l2 -> %l3
}

// -----

// CHECK-LABEL: sdfg.sdfg "after"
// CHECK-NOT: sdfg.nested
sdfg.sdfg "after" ["A", "R"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int64>}
  sdfg.symbol "M" {dtype = #sdfg.dtype<int64>}
  sdfg.symbol "k" {dtype = #sdfg.dtype<int64>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<M, N>}
  sdfg.array "R" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<M>}
  %l4 = sdfg.loop "after" attributes {condition = "k < M", init = "k = 0", loop_variable = "k", update = "k = k + 1"} {
    %s = sdfg.state "after_body" {
      %A = sdfg.access "A"
      %A2 = sdfg.access "A"
      %me, %mx = sdfg.map "m" ["j"] = 0:N attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_A}, exit_outs = {OUT_A}} {
      ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
        %t = sdfg.tasklet "t" {code = "o = a + 1.0", ins = {a}, outs = {o}}
        sdfg.memlet %entry["OUT_A"] -> %t["a"] {data = "A", subset = #sdfg.range<k, j>}
        sdfg.memlet %t["o"] -> %exit["IN_A"] {data = "A", subset = #sdfg.range<k, j>}
      }
      sdfg.memlet %A -> %me["IN_A"] {data = "A", subset = #sdfg.range<0:M, 0:N>}
      sdfg.memlet %mx["OUT_A"] -> %A2 {data = "A", subset = #sdfg.range<0:M, 0:N>}
    }
  }
  %end = sdfg.state "end" {
    %R = sdfg.access "R"
    %t = sdfg.tasklet "last" {code = "r = k", ins = {}, outs = {r}}
    sdfg.memlet %t["r"] -> %R {data = "R", subset = #sdfg.range<0>}
  }
  sdfg.edge %l4 -> %end
}
