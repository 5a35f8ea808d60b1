// sdfg-refine-nested-access: connectors bound to the parts their body touches.
// RUN: sdfg-opt %s --split-input-file --sdfg-refine-nested-access | FileCheck %s
// RUN: sdfg-opt %s --split-input-file --sdfg-list-matches=sdfg-refine-nested-access | FileCheck %s --check-prefix=MATCHES

// MATCHES: 0: nested SDFG 'row' [a, b] in state 's'
// MATCHES: 0: nested SDFG 'part' [a] in state 's'
// MATCHES: 0: nested SDFG 'inplace' [x] in state 's'
// MATCHES: sdfg-refine-nested-access: no matches
// MATCHES: sdfg-refine-nested-access: no matches

// In a map: row i, columns 1 and 2 of A; element i of B. Inside, the
// containers shrink (keeping A's row stride) and the accesses move to 0;
// outside, the map's memlets are propagated again.
// CHECK-LABEL: sdfg.sdfg "in_map"
// CHECK: sdfg.array "a" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1, 2>, strides = #sdfg.exprs<4, 1>, total_size = #sdfg.expr<2>}
// CHECK: sdfg.array "b" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>, strides = #sdfg.exprs<1>, total_size = #sdfg.expr<1>}
// CHECK: sdfg.memlet %a -> %t["x"] {data = "a", subset = #sdfg.range<0, 0>}
// CHECK: sdfg.memlet %a -> %t["y"] {data = "a", subset = #sdfg.range<0, 1>}
// CHECK: sdfg.memlet %t["z"] -> %b {data = "b", subset = #sdfg.range<0>}
// CHECK: sdfg.memlet %entry["OUT_A"] -> %row["a"] {data = "A", subset = #sdfg.range<i, 1:3>}
// CHECK: sdfg.memlet %row["b"] -> %exit["IN_B"] {data = "B", subset = #sdfg.range<i>}
// CHECK: sdfg.memlet %A -> %m_entry["IN_A"] {data = "A", subset = #sdfg.range<0:N, 1:3>, volume = #sdfg.expr<"2*N">}
// CHECK: sdfg.memlet %m_exit["OUT_B"] -> %B {data = "B", subset = #sdfg.range<0:N>, volume = #sdfg.expr<N>}
sdfg.sdfg "in_map" ["A", "B"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int64>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, 4>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %B = sdfg.access "B"
    %me, %mx = sdfg.map "m" ["i"] = 0:N attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_B}, exit_outs = {OUT_B}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %n = sdfg.nested "row" attributes {ins = {a}, outs = {b}, symbol_mapping = #sdfg.symbols<N = N, i = i>} {
        sdfg.sdfg "row" ["a", "b"] {
          sdfg.symbol "N" {dtype = #sdfg.dtype<int64>}
          sdfg.symbol "i" {dtype = #sdfg.dtype<int64>}
          sdfg.array "a" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, 4>}
          sdfg.array "b" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
          %body = sdfg.state "body" {
            %a = sdfg.access "a"
            %t = sdfg.tasklet "t" {code = "z = x * y", ins = {x, y}, outs = {z}}
            %b = sdfg.access "b"
            sdfg.memlet %a -> %t["x"] {data = "a", subset = #sdfg.range<i, 1>}
            sdfg.memlet %a -> %t["y"] {data = "a", subset = #sdfg.range<i, 2>}
            sdfg.memlet %t["z"] -> %b {data = "b", subset = #sdfg.range<i>}
          }
        }
      }
      sdfg.memlet %entry["OUT_A"] -> %n["a"] {data = "A", subset = #sdfg.range<0:N, 0:4>}
      sdfg.memlet %n["b"] -> %exit["IN_B"] {data = "B", subset = #sdfg.range<0:N>}
    }
    sdfg.memlet %A -> %me["IN_A"] {data = "A", subset = #sdfg.range<0:N, 0:4>}
    sdfg.memlet %mx["OUT_B"] -> %B {data = "B", subset = #sdfg.range<0:N>}
  }
}

// -----

// A window that does not start at zero: the body reads a[2:4] of A[3:7],
// that is A[5:7]; a loop inside reads it, so the box spans the loop.
// CHECK-LABEL: sdfg.sdfg "window"
// CHECK: sdfg.array "a" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<2>, strides = #sdfg.exprs<1>, total_size = #sdfg.expr<2>}
// CHECK: sdfg.memlet %a -> %t["x"] {data = "a", subset = #sdfg.range<"k - 2">}
// CHECK: sdfg.memlet %A -> %part["a"] {data = "A", subset = #sdfg.range<5:7>}
sdfg.sdfg "window" ["A", "S"] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<8>}
  sdfg.array "S" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %S = sdfg.access "S"
    %n = sdfg.nested "part" attributes {ins = {a}, outs = {c}} {
      sdfg.sdfg "part" ["a", "c"] {
        sdfg.symbol "k" {dtype = #sdfg.dtype<int64>}
        sdfg.array "a" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>}
        sdfg.array "c" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
        %l = sdfg.loop "for_k" attributes {condition = "k < 4", init = "k = 2", loop_variable = "k", update = "k = k + 1"} {
          %body = sdfg.state "body" {
            %a = sdfg.access "a"
            %t = sdfg.tasklet "t" {code = "y = x", ins = {x}, outs = {y}}
            %c = sdfg.access "c"
            sdfg.memlet %a -> %t["x"] {data = "a", subset = #sdfg.range<k>}
            sdfg.memlet %t["y"] -> %c {data = "c", subset = #sdfg.range<0>, wcr = #sdfg.wcr<Sum, "(lambda a, b: a + b)">}
          }
        }
      }
    }
    sdfg.memlet %A -> %n["a"] {data = "A", subset = #sdfg.range<3:7>}
    sdfg.memlet %n["c"] -> %S {data = "S", subset = #sdfg.range<0>}
  }
}

// -----

// Read and written through the same connector: both outer memlets move.
// CHECK-LABEL: sdfg.sdfg "in_place"
// CHECK: sdfg.array "x" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>, strides = #sdfg.exprs<1>, total_size = #sdfg.expr<1>}
// CHECK: sdfg.memlet %x -> %t["v"] {data = "x", subset = #sdfg.range<0>}
// CHECK: sdfg.memlet %t["y"] -> %x_1 {data = "x", subset = #sdfg.range<0>}
// CHECK: sdfg.memlet %X -> %inplace["x"] {data = "X", subset = #sdfg.range<1>}
// CHECK: sdfg.memlet %inplace["x"] -> %X_0 {data = "X", subset = #sdfg.range<1>}
sdfg.sdfg "in_place" ["X"] {
  sdfg.array "X" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>}
  %s = sdfg.state "s" {
    %X = sdfg.access "X"
    %X2 = sdfg.access "X"
    %n = sdfg.nested "inplace" attributes {ins = {x}, outs = {x}} {
      sdfg.sdfg "inplace" ["x"] {
        sdfg.array "x" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>}
        %body = sdfg.state "body" {
          %x = sdfg.access "x"
          %t = sdfg.tasklet "t" {code = "y = 2 * v", ins = {v}, outs = {y}}
          %x2 = sdfg.access "x"
          sdfg.memlet %x -> %t["v"] {data = "x", subset = #sdfg.range<1>}
          sdfg.memlet %t["y"] -> %x2 {data = "x", subset = #sdfg.range<1>}
        }
      }
    }
    sdfg.memlet %X -> %n["x"] {data = "X", subset = #sdfg.range<0:4>}
    sdfg.memlet %n["x"] -> %X2 {data = "X", subset = #sdfg.range<0:4>}
  }
}

// -----

// Not refined: a container an interstate condition reads (moving the
// memlets would not move the code), and one the body reads whole.
// CHECK-LABEL: sdfg.sdfg "kept"
// CHECK: sdfg.array "a" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>}
// CHECK: sdfg.memlet %A -> %named["a"] {data = "A", subset = #sdfg.range<0:4>}
sdfg.sdfg "kept" ["A", "C"] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>}
  sdfg.array "C" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %C = sdfg.access "C"
    %n = sdfg.nested "named" attributes {ins = {a}, outs = {c}} {
      sdfg.sdfg "named" ["a", "c"] {
        sdfg.array "a" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>}
        sdfg.array "c" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
        %s0 = sdfg.state "s0" {
          %a = sdfg.access "a"
          %t = sdfg.tasklet "t" {code = "y = x", ins = {x}, outs = {y}}
          %c = sdfg.access "c"
          sdfg.memlet %a -> %t["x"] {data = "a", subset = #sdfg.range<1>}
          sdfg.memlet %t["y"] -> %c {data = "c", subset = #sdfg.range<0>}
        }
        %s1 = sdfg.state "s1" {
        }
        sdfg.edge %s0 -> %s1 {condition = "a[2] > 0"}
      }
    }
    sdfg.memlet %A -> %n["a"] {data = "A", subset = #sdfg.range<0:4>}
    sdfg.memlet %n["c"] -> %C {data = "C", subset = #sdfg.range<0>}
  }
}

// -----

// CHECK-LABEL: sdfg.sdfg "whole"
// CHECK: sdfg.memlet %A -> %all["a"] {data = "A", subset = #sdfg.range<0:4>}
sdfg.sdfg "whole" ["A", "B"] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %B = sdfg.access "B"
    %n = sdfg.nested "all" attributes {ins = {a}, outs = {b}} {
      sdfg.sdfg "all" ["a", "b"] {
        sdfg.array "a" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>}
        sdfg.array "b" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>}
        %body = sdfg.state "body" {
          %a = sdfg.access "a"
          %b = sdfg.access "b"
          sdfg.memlet %a -> %b {data = "a", subset = #sdfg.range<0:4>, other_subset = #sdfg.range<0:4>}
        }
      }
    }
    sdfg.memlet %A -> %n["a"] {data = "A", subset = #sdfg.range<0:4>}
    sdfg.memlet %n["b"] -> %B {data = "B", subset = #sdfg.range<0:4>}
  }
}
