// sdfg-inline-sdfg: a single-state nested SDFG becomes part of the enclosing state.
// RUN: sdfg-opt %s --split-input-file --sdfg-inline-sdfg | FileCheck %s
// RUN: sdfg-opt %s --split-input-file --sdfg-list-matches=sdfg-inline-sdfg | FileCheck %s --check-prefix=MATCHES

// MATCHES: 0: nested SDFG 'f' in state 's'
// MATCHES: 0: nested SDFG 'g' in state 's'
// MATCHES: 0: nested SDFG 'h' in state 's'
// MATCHES: sdfg-inline-sdfg: no matches
// MATCHES: sdfg-inline-sdfg: no matches
// MATCHES: sdfg-inline-sdfg: no matches
// MATCHES: sdfg-inline-sdfg: no matches

// Inside a map: the symbol K becomes `i + 1`, the row window A[i, 0:M]
// drops its unit dimension, the transient `t` is renamed (the outer SDFG has
// one), and the tasklets attach to the map's entry and exit.
// CHECK-LABEL: sdfg.sdfg "in_map"
// CHECK: sdfg.scalar "t_1" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>, transient}
// CHECK-NOT: sdfg.nested
// CHECK: sdfg.map "m" ["i"] = 0:N
// CHECK: %[[SCALE:.*]] = sdfg.tasklet "scale" {code = "y = x * (i + 1)"
// CHECK: %[[T:.*]] = sdfg.access "t_1"
// CHECK: %[[COPY:.*]] = sdfg.tasklet "copy"
// CHECK-DAG: sdfg.memlet %entry["OUT_A"] -> %[[SCALE]]["x"] {data = "A", subset = #sdfg.range<i, "M - 1">}
// CHECK-DAG: sdfg.memlet %[[SCALE]]["y"] -> %[[T]] {data = "t_1", subset = #sdfg.range<0>}
// CHECK-DAG: sdfg.memlet %[[COPY]]["o"] -> %exit["IN_B"] {data = "B", subset = #sdfg.range<i>}
sdfg.sdfg "in_map" ["A", "B"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.symbol "M" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, M>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.scalar "t" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>, transient}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %B = sdfg.access "B"
    %me, %mx = sdfg.map "m" ["i"] = 0:N attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_B}, exit_outs = {OUT_B}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %n = sdfg.nested "f" attributes {ins = {a}, outs = {b}, symbol_mapping = #sdfg.symbols<K = "i + 1", M = M>} {
        sdfg.sdfg "f" ["a", "b"] {
          sdfg.symbol "K" {dtype = #sdfg.dtype<int64>}
          sdfg.symbol "M" {dtype = #sdfg.dtype<int32>}
          sdfg.array "a" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<M>}
          sdfg.array "b" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
          sdfg.scalar "t" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>, transient}
          %body = sdfg.state "body" {
            %a = sdfg.access "a"
            %scale = sdfg.tasklet "scale" {code = "y = x * K", ins = {x}, outs = {y}}
            %t = sdfg.access "t"
            %copy = sdfg.tasklet "copy" {code = "o = v", ins = {v}, outs = {o}}
            %b = sdfg.access "b"
            sdfg.memlet %a -> %scale["x"] {data = "a", subset = #sdfg.range<"M - 1">}
            sdfg.memlet %scale["y"] -> %t {data = "t", subset = #sdfg.range<0>}
            sdfg.memlet %t -> %copy["v"] {data = "t", subset = #sdfg.range<0>}
            sdfg.memlet %copy["o"] -> %b {data = "b", subset = #sdfg.range<0>}
          }
        }
      }
      sdfg.memlet %entry["OUT_A"] -> %n["a"] {data = "A", subset = #sdfg.range<i, 0:M>}
      sdfg.memlet %n["b"] -> %exit["IN_B"] {data = "B", subset = #sdfg.range<i>}
    }
    sdfg.memlet %A -> %me["IN_A"] {data = "A", subset = #sdfg.range<0:N, 0:M>}
    sdfg.memlet %mx["OUT_B"] -> %B {data = "B", subset = #sdfg.range<0:N>}
  }
}

// -----

// At top level, a container read and written in place through the window
// A[2:N]: the inner map reads and writes A at an offset of 2. The empty
// state before the one with work does not prevent inlining.
// CHECK-LABEL: sdfg.sdfg "top_level"
// CHECK-NOT: sdfg.nested
// CHECK: sdfg.map "inner" ["j"] = 0:"N - 2"
// CHECK: sdfg.memlet %{{.*}}["OUT_x"] -> %{{.*}}["v"] {data = "A", subset = #sdfg.range<"j + 2">}
// CHECK: sdfg.memlet %{{.*}}["w"] -> %{{.*}}["IN_x"] {data = "A", subset = #sdfg.range<"j + 2">}
// CHECK: sdfg.memlet %A -> %{{.*}}["IN_x"] {data = "A", subset = #sdfg.range<2:N>}
// CHECK: sdfg.memlet %{{.*}}["OUT_x"] -> %{{.*}} {data = "A", subset = #sdfg.range<2:N>}
sdfg.sdfg "top_level" ["A"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %A2 = sdfg.access "A"
    %n = sdfg.nested "g" attributes {ins = {x}, outs = {x}, symbol_mapping = #sdfg.symbols<L = "N - 2">} {
      sdfg.sdfg "g" ["x"] {
        sdfg.symbol "L" {dtype = #sdfg.dtype<int32>}
        sdfg.array "x" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<L>}
        %init = sdfg.state "init" {
        }
        %body = sdfg.state "body" {
          %xr = sdfg.access "x"
          %xw = sdfg.access "x"
          %me, %mx = sdfg.map "inner" ["j"] = 0:L attributes {ins = {IN_x}, outs = {OUT_x}, exit_ins = {IN_x}, exit_outs = {OUT_x}} {
          ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
            %t = sdfg.tasklet "double" {code = "w = 2 * v", ins = {v}, outs = {w}}
            sdfg.memlet %entry["OUT_x"] -> %t["v"] {data = "x", subset = #sdfg.range<j>}
            sdfg.memlet %t["w"] -> %exit["IN_x"] {data = "x", subset = #sdfg.range<j>}
          }
          sdfg.memlet %xr -> %me["IN_x"] {data = "x", subset = #sdfg.range<0:L>}
          sdfg.memlet %mx["OUT_x"] -> %xw {data = "x", subset = #sdfg.range<0:L>}
        }
        sdfg.edge %init -> %body
      }
    }
    sdfg.memlet %A -> %n["x"] {data = "A", subset = #sdfg.range<2:N>}
    sdfg.memlet %n["x"] -> %A2 {data = "A", subset = #sdfg.range<2:N>}
  }
}

// -----

// The outer memlet reduces with WCR: allowed when the inner write does the
// same reduction, which then goes straight into the map exit.
// CHECK-LABEL: sdfg.sdfg "reduce"
// CHECK-NOT: sdfg.nested
// CHECK: sdfg.memlet %{{.*}}["o"] -> %exit["IN_S"] {data = "S", subset = #sdfg.range<0>, wcr = #sdfg.wcr<Sum, "(lambda x, y: (x + y))">}
sdfg.sdfg "reduce" ["A", "S"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "S" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %S = sdfg.access "S"
    %me, %mx = sdfg.map "m" ["i"] = 0:N attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_S}, exit_outs = {OUT_S}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %n = sdfg.nested "h" attributes {ins = {a}, outs = {s}} {
        sdfg.sdfg "h" ["a", "s"] {
          sdfg.scalar "a" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
          sdfg.array "s" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
          %body = sdfg.state "body" {
            %a = sdfg.access "a"
            %t = sdfg.tasklet "sq" {code = "o = v * v", ins = {v}, outs = {o}}
            %sn = sdfg.access "s"
            sdfg.memlet %a -> %t["v"] {data = "a", subset = #sdfg.range<0>}
            sdfg.memlet %t["o"] -> %sn {data = "s", subset = #sdfg.range<0>, wcr = #sdfg.wcr<Sum, "(lambda x, y: (x + y))">}
          }
        }
      }
      sdfg.memlet %entry["OUT_A"] -> %n["a"] {data = "A", subset = #sdfg.range<i>}
      sdfg.memlet %n["s"] -> %exit["IN_S"] {data = "S", subset = #sdfg.range<0>, wcr = #sdfg.wcr<Sum, "(lambda x, y: (x + y))">}
    }
    sdfg.memlet %A -> %me["IN_A"] {data = "A", subset = #sdfg.range<0:N>}
    sdfg.memlet %mx["OUT_S"] -> %S {data = "S", subset = #sdfg.range<0>, wcr = #sdfg.wcr<Sum, "(lambda x, y: (x + y))">}
  }
}

// -----

// Two states with work: not a single-state nested SDFG.
// CHECK-LABEL: sdfg.sdfg "two_states"
// CHECK: sdfg.nested "f2"
sdfg.sdfg "two_states" ["A"] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<2>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %n = sdfg.nested "f2" attributes {outs = {x}} {
      sdfg.sdfg "f2" ["x"] {
        sdfg.array "x" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<2>}
        %one = sdfg.state "one" {
          %t = sdfg.tasklet "one" {code = "o = 1.0", outs = {o}}
          %x = sdfg.access "x"
          sdfg.memlet %t["o"] -> %x {data = "x", subset = #sdfg.range<0>}
        }
        %two = sdfg.state "two" {
          %t = sdfg.tasklet "two" {code = "o = 2.0", outs = {o}}
          %x = sdfg.access "x"
          sdfg.memlet %t["o"] -> %x {data = "x", subset = #sdfg.range<1>}
        }
        sdfg.edge %one -> %two
      }
    }
    sdfg.memlet %n["x"] -> %A {data = "A", subset = #sdfg.range<0:2>}
  }
}

// -----

// A column window A[0:N, i] has stride M, but the inner vector is
// contiguous: indices cannot be rewritten safely.
// CHECK-LABEL: sdfg.sdfg "strided"
// CHECK: sdfg.nested "col"
sdfg.sdfg "strided" ["A"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.symbol "M" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, M>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %n = sdfg.nested "col" attributes {outs = {x}, symbol_mapping = #sdfg.symbols<N = N>} {
      sdfg.sdfg "col" ["x"] {
        sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
        sdfg.array "x" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
        %body = sdfg.state "body" {
          %t = sdfg.tasklet "one" {code = "o = 1.0", outs = {o}}
          %x = sdfg.access "x"
          sdfg.memlet %t["o"] -> %x {data = "x", subset = #sdfg.range<0>}
        }
      }
    }
    sdfg.memlet %n["x"] -> %A {data = "A", subset = #sdfg.range<0:N, 0>}
  }
}

// -----

// One container read from A[0:2] and written to A[2:4]: the two windows
// differ, so no single rewriting of its indices is right.
// CHECK-LABEL: sdfg.sdfg "two_windows"
// CHECK: sdfg.nested "u"
sdfg.sdfg "two_windows" ["A"] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %A2 = sdfg.access "A"
    %n = sdfg.nested "u" attributes {ins = {x}, outs = {x}} {
      sdfg.sdfg "u" ["x"] {
        sdfg.array "x" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<2>}
        %body = sdfg.state "body" {
          %xr = sdfg.access "x"
          %t = sdfg.tasklet "copy" {code = "o = i", ins = {i}, outs = {o}}
          %xw = sdfg.access "x"
          sdfg.memlet %xr -> %t["i"] {data = "x", subset = #sdfg.range<0>}
          sdfg.memlet %t["o"] -> %xw {data = "x", subset = #sdfg.range<1>}
        }
      }
    }
    sdfg.memlet %A -> %n["x"] {data = "A", subset = #sdfg.range<0:2>}
    sdfg.memlet %n["x"] -> %A2 {data = "A", subset = #sdfg.range<2:4>}
  }
}

// -----

// The nested SDFG writes an output that the outer memlet does not reduce
// while its inner write does: kept, the reduction would change meaning.
// CHECK-LABEL: sdfg.sdfg "wcr_mismatch"
// CHECK: sdfg.nested "w"
sdfg.sdfg "wcr_mismatch" ["A"] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %n = sdfg.nested "w" attributes {outs = {x}} {
      sdfg.sdfg "w" ["x"] {
        sdfg.array "x" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
        %body = sdfg.state "body" {
          %t = sdfg.tasklet "one" {code = "o = 1.0", outs = {o}}
          %x = sdfg.access "x"
          sdfg.memlet %t["o"] -> %x {data = "x", subset = #sdfg.range<0>, wcr = #sdfg.wcr<Product, "(lambda x, y: (x * y))">}
        }
      }
    }
    sdfg.memlet %n["x"] -> %A {data = "A", subset = #sdfg.range<0>, wcr = #sdfg.wcr<Sum, "(lambda x, y: (x + y))">}
  }
}

// -----

// An input the nested SDFG never reads: the access node that fed it would
// be left alone in the state (an invalid SDFG); it goes too.
// CHECK-LABEL: sdfg.sdfg "unread_input"
// CHECK-NOT: sdfg.nested
// CHECK-NOT: %B = sdfg.access "B"
// CHECK: sdfg.memlet %{{.*}}["o"] -> %A {data = "A", subset = #sdfg.range<0>}
// MATCHES: 0: nested SDFG 'v' in state 's'
sdfg.sdfg "unread_input" ["A", "B"] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
  %s = sdfg.state "s" {
    %B = sdfg.access "B"
    %A = sdfg.access "A"
    %n = sdfg.nested "v" attributes {ins = {y}, outs = {x}} {
      sdfg.sdfg "v" ["x", "y"] {
        sdfg.array "x" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
        sdfg.array "y" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
        %body = sdfg.state "body" {
          %t = sdfg.tasklet "one" {code = "o = 1.0", outs = {o}}
          %x = sdfg.access "x"
          sdfg.memlet %t["o"] -> %x {data = "x", subset = #sdfg.range<0>}
        }
      }
    }
    sdfg.memlet %B -> %n["y"] {data = "B", subset = #sdfg.range<0>}
    sdfg.memlet %n["x"] -> %A {data = "A", subset = #sdfg.range<0>}
  }
}
