// sdfg-prune-connectors: nested-SDFG connectors the body never uses go.
// RUN: sdfg-opt %s --split-input-file --sdfg-prune-connectors | FileCheck %s
// RUN: sdfg-opt %s --split-input-file --sdfg-list-matches=sdfg-prune-connectors | FileCheck %s --check-prefix=MATCHES

// MATCHES: 0: nested SDFG 'f' [in b] in state 's'
// MATCHES: 0: nested SDFG 'g' [in a] in state 's'
// MATCHES: sdfg-prune-connectors: no matches

// At top level: the unused input's edge and access node go, and the
// body's declaration of it.
// CHECK-LABEL: sdfg.sdfg "top"
// CHECK: %A = sdfg.access "A"
// CHECK-NOT: sdfg.access "B"
// CHECK: sdfg.nested "f" attributes {ins = {a}, outs = {c}}
// CHECK: sdfg.sdfg "f" ["a", "c"]
// CHECK-NOT: sdfg.array "b"
// CHECK: sdfg.memlet %A -> %f["a"]
// CHECK-NOT: sdfg.memlet %B
sdfg.sdfg "top" ["A", "B", "C"] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>}
  sdfg.array "C" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %B = sdfg.access "B"
    %C = sdfg.access "C"
    %n = sdfg.nested "f" attributes {ins = {a, b}, outs = {c}} {
      sdfg.sdfg "f" ["a", "b", "c"] {
        sdfg.array "a" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>}
        sdfg.array "b" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>}
        sdfg.array "c" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>}
        %body = sdfg.state "body" {
          %a = sdfg.access "a"
          %t = sdfg.tasklet "t" {code = "y = x", ins = {x}, outs = {y}}
          %c = sdfg.access "c"
          sdfg.memlet %a -> %t["x"] {data = "a", subset = #sdfg.range<1>}
          sdfg.memlet %t["y"] -> %c {data = "c", subset = #sdfg.range<2>}
        }
      }
    }
    sdfg.memlet %A -> %n["a"] {data = "A", subset = #sdfg.range<0:4>}
    sdfg.memlet %B -> %n["b"] {data = "B", subset = #sdfg.range<0:4>}
    sdfg.memlet %n["c"] -> %C {data = "C", subset = #sdfg.range<0:4>}
  }
}

// -----

// In a map, the only input goes: an empty memlet from the entry keeps the
// nested SDFG in the map's scope.
// CHECK-LABEL: sdfg.sdfg "in_map"
// CHECK: sdfg.map "m" ["i"] = 0:N attributes {exit_ins = {IN_C}, exit_outs = {OUT_C}}
// CHECK: sdfg.nested "g" attributes {outs = {c}}
// CHECK: sdfg.memlet %entry -> %g
// CHECK-NOT: sdfg.access "A"
sdfg.sdfg "in_map" ["A", "C"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int64>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "C" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %C = sdfg.access "C"
    %me, %mx = sdfg.map "m" ["i"] = 0:N attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_C}, exit_outs = {OUT_C}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %n = sdfg.nested "g" attributes {ins = {a}, outs = {c}} {
        sdfg.sdfg "g" ["a", "c"] {
          sdfg.array "a" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
          sdfg.array "c" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
          %body = sdfg.state "body" {
            %t = sdfg.tasklet "t" {code = "y = 1.0", outs = {y}}
            %c = sdfg.access "c"
            sdfg.memlet %t["y"] -> %c {data = "c", subset = #sdfg.range<0>}
          }
        }
      }
      sdfg.memlet %entry["OUT_A"] -> %n["a"] {data = "A", subset = #sdfg.range<i>}
      sdfg.memlet %n["c"] -> %exit["IN_C"] {data = "C", subset = #sdfg.range<i>}
    }
    sdfg.memlet %A -> %me["IN_A"] {data = "A", subset = #sdfg.range<0:N>}
    sdfg.memlet %mx["OUT_C"] -> %C {data = "C", subset = #sdfg.range<0:N>}
  }
}

// -----

// Kept: an input named only by an interstate condition, an input whose
// output of the same name accumulates (the update reads the old value).
// CHECK-LABEL: sdfg.sdfg "kept"
// CHECK: sdfg.nested "h" attributes {ins = {k, x}, outs = {x}}
sdfg.sdfg "kept" ["K", "X"] {
  sdfg.array "K" {dtype = #sdfg.dtype<int64>, shape = #sdfg.exprs<1>}
  sdfg.array "X" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
  %s = sdfg.state "s" {
    %K = sdfg.access "K"
    %X = sdfg.access "X"
    %X2 = sdfg.access "X"
    %n = sdfg.nested "h" attributes {ins = {k, x}, outs = {x}} {
      sdfg.sdfg "h" ["k", "x"] {
        sdfg.array "k" {dtype = #sdfg.dtype<int64>, shape = #sdfg.exprs<1>}
        sdfg.array "x" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
        %a = sdfg.state "a" {
        }
        %b = sdfg.state "b" {
          %t = sdfg.tasklet "t" {code = "y = 1.0", outs = {y}}
          %x = sdfg.access "x"
          sdfg.memlet %t["y"] -> %x {data = "x", subset = #sdfg.range<0>}
        }
        sdfg.edge %a -> %b {condition = "k[0] > 0"}
      }
    }
    sdfg.memlet %K -> %n["k"] {data = "K", subset = #sdfg.range<0>}
    sdfg.memlet %X -> %n["x"] {data = "X", subset = #sdfg.range<0>}
    sdfg.memlet %n["x"] -> %X2 {data = "X", subset = #sdfg.range<0>, wcr = #sdfg.wcr<Sum, "(lambda a, b: a + b)">}
  }
}
