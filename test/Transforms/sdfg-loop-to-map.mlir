// sdfg-loop-to-map: a loop with independent iterations becomes a map over a
// nested SDFG running the body.
// RUN: sdfg-opt %s --split-input-file --sdfg-loop-to-map | FileCheck %s
// RUN: sdfg-opt %s --split-input-file --sdfg-list-matches=sdfg-loop-to-map | FileCheck %s --check-prefix=MATCHES
// A view fed through the map entry would lose what it views: inlining the
// body keeps it nested.
// RUN: sdfg-opt %s --split-input-file --sdfg-loop-to-map --sdfg-inline-sdfg | FileCheck %s --check-prefix=INLINED

// MATCHES: 0: loop 'for_i' over i
// MATCHES: 0: loop 'down' over i
// MATCHES: 0: loop 'scratch' over i
// MATCHES: 0: loop 'down2' over i
// MATCHES: sdfg-loop-to-map: no matches
// MATCHES: sdfg-loop-to-map: no matches
// MATCHES: sdfg-loop-to-map: no matches
// MATCHES: sdfg-loop-to-map: no matches
// MATCHES: 0: loop 'for_i' over i
// MATCHES: 0: loop 'rows' over i
// MATCHES: sdfg-loop-to-map: no matches
// MATCHES: sdfg-loop-to-map: no matches
// MATCHES: 0: loop 'sums' over i
// MATCHES: 0: loop 'by_row' over i
// MATCHES: sdfg-loop-to-map: no matches

// CHECK-LABEL: sdfg.sdfg "independent"
// CHECK-NOT: sdfg.symbol "i"
// CHECK: %[[S:.*]] = sdfg.state "for_i" {
// CHECK: sdfg.map "for_i" ["i"] = 0:N:2 attributes {exit_ins = {IN_B}, exit_outs = {OUT_B}, ins = {IN_A}, outs = {OUT_A}} {
// CHECK: sdfg.nested "body" attributes {ins = {A}, outs = {B}, symbol_mapping = #sdfg.symbols<N = N, i = i>} {
// CHECK: sdfg.sdfg "body" ["A", "B"] {
// CHECK: sdfg.memlet %{{.*}} -> %{{.*}} {data = "B", subset = #sdfg.range<i>}
// CHECK: sdfg.memlet %entry["OUT_A"] -> %{{.*}}["A"] {data = "A", subset = #sdfg.range<0:N>}
// CHECK: sdfg.memlet %{{.*}}["B"] -> %exit["IN_B"] {data = "B", subset = #sdfg.range<0:N>}
// CHECK-NOT: sdfg.loop
sdfg.sdfg "independent" ["A", "B"] attributes {experimental_blocks} {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.symbol "i" {dtype = #sdfg.dtype<int64>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  %l = sdfg.loop "for_i" attributes {condition = "i < N", init = "i = 0", loop_variable = "i", update = "i = i + 2"} {
    %s = sdfg.state "body" {
      %a = sdfg.access "A"
      %b = sdfg.access "B"
      %t = sdfg.tasklet "t" {code = "y = x + 1", ins = {x}, outs = {y}}
      sdfg.memlet %a -> %t["x"] {data = "A", subset = #sdfg.range<i>}
      sdfg.memlet %t["y"] -> %b {data = "B", subset = #sdfg.range<i>}
    }
  }
}

// -----

// Counting down by one runs the map upwards; a second loop over `i` sets it
// itself, so the first loop's value is not needed (the map parameter gets a
// fresh name since the symbol stays).
// CHECK-LABEL: sdfg.sdfg "counting_down"
// CHECK: sdfg.symbol "i"
// CHECK: sdfg.map "down" ["i_"] = 1:N
// CHECK: symbol_mapping = #sdfg.symbols<N = N, i = i_>
// CHECK: sdfg.loop "again"
sdfg.sdfg "counting_down" ["A"] attributes {experimental_blocks} {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.symbol "i" {dtype = #sdfg.dtype<int64>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, N>}
  %l = sdfg.loop "down" attributes {condition = "i > 0", init = "i = N - 1", loop_variable = "i", update = "i = i - 1"} {
    %s = sdfg.state "body" {
      %a = sdfg.access "A"
      %t = sdfg.tasklet "t" {code = "y = 1", outs = {y}}
      sdfg.memlet %t["y"] -> %a {data = "A", subset = #sdfg.range<i, 0>}
    }
  }
  %l2 = sdfg.loop "again" attributes {condition = "i < N", init = "i = 0", loop_variable = "i", update = "i = i + 1"} {
    %s2 = sdfg.state "body2" {
      %a = sdfg.access "A"
      %b = sdfg.access "A"
      %t = sdfg.tasklet "t" {code = "y = x", ins = {x}, outs = {y}}
      sdfg.memlet %a -> %t["x"] {data = "A", subset = #sdfg.range<i, 0>}
      sdfg.memlet %t["y"] -> %b {data = "A", subset = #sdfg.range<"i - 1", 0>}
    }
  }
  sdfg.edge %l -> %l2
}

// -----

// A transient used only in the body, written before it is read, becomes
// private to each iteration (it moves into the nested SDFG).
// CHECK-LABEL: sdfg.sdfg "private_scratch"
// CHECK-NOT: sdfg.scalar "T"
// CHECK: sdfg.nested "body" attributes {ins = {A}, outs = {B}
// CHECK: sdfg.scalar "T" {{.*}}transient
sdfg.sdfg "private_scratch" ["A", "B"] attributes {experimental_blocks} {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.symbol "i" {dtype = #sdfg.dtype<int64>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.scalar "T" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>, transient}
  %l = sdfg.loop "scratch" attributes {condition = "i < N", init = "i = 0", loop_variable = "i", update = "i = i + 1"} {
    %s = sdfg.state "body" {
      %a = sdfg.access "A"
      %tt = sdfg.access "T"
      %b = sdfg.access "B"
      %t1 = sdfg.tasklet "t1" {code = "y = x * 2", ins = {x}, outs = {y}}
      %t2 = sdfg.tasklet "t2" {code = "y = x + 1", ins = {x}, outs = {y}}
      sdfg.memlet %a -> %t1["x"] {data = "A", subset = #sdfg.range<i>}
      sdfg.memlet %t1["y"] -> %tt {data = "T", subset = #sdfg.range<0>}
      sdfg.memlet %tt -> %t2["x"] {data = "T", subset = #sdfg.range<0>}
      sdfg.memlet %t2["y"] -> %b {data = "B", subset = #sdfg.range<i>}
    }
  }
}

// -----

// Counting down by two keeps the step: the map runs i = N - 1, N - 3, ...
// down to 0 or 1 (its inclusive end 0, written as stop 1).
// CHECK-LABEL: sdfg.sdfg "down_by_two"
// CHECK: sdfg.map "down2" ["i"] = "N - 1":1:-2
// CHECK-NOT: sdfg.loop
sdfg.sdfg "down_by_two" ["A"] attributes {experimental_blocks} {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.symbol "i" {dtype = #sdfg.dtype<int64>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  %l = sdfg.loop "down2" attributes {condition = "i >= 0", init = "i = N - 1", loop_variable = "i", update = "i = i - 2"} {
    %s = sdfg.state "body" {
      %a = sdfg.access "A"
      %t = sdfg.tasklet "t" {code = "y = 1", outs = {y}}
      sdfg.memlet %t["y"] -> %a {data = "A", subset = #sdfg.range<i>}
    }
  }
}

// -----

// Iteration i reads what iteration i - 1 wrote: a loop-carried dependence.
// CHECK-LABEL: sdfg.sdfg "carried"
// CHECK: sdfg.loop
sdfg.sdfg "carried" ["A"] attributes {experimental_blocks} {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.symbol "i" {dtype = #sdfg.dtype<int64>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  %l = sdfg.loop "scan" attributes {condition = "i < N", init = "i = 1", loop_variable = "i", update = "i = i + 1"} {
    %s = sdfg.state "body" {
      %a = sdfg.access "A"
      %b = sdfg.access "A"
      %t = sdfg.tasklet "t" {code = "y = x + 1", ins = {x}, outs = {y}}
      sdfg.memlet %a -> %t["x"] {data = "A", subset = #sdfg.range<"i - 1">}
      sdfg.memlet %t["y"] -> %b {data = "A", subset = #sdfg.range<i>}
    }
  }
}

// -----

// Every iteration writes the same scalar (a reduction without WCR).
// CHECK-LABEL: sdfg.sdfg "same_element"
// CHECK: sdfg.loop
sdfg.sdfg "same_element" ["A", "s"] attributes {experimental_blocks} {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.symbol "i" {dtype = #sdfg.dtype<int64>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "s" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
  %l = sdfg.loop "sum" attributes {condition = "i < N", init = "i = 0", loop_variable = "i", update = "i = i + 1"} {
    %s = sdfg.state "body" {
      %a = sdfg.access "A"
      %r = sdfg.access "s"
      %w = sdfg.access "s"
      %t = sdfg.tasklet "t" {code = "y = x + z", ins = {x, z}, outs = {y}}
      sdfg.memlet %a -> %t["x"] {data = "A", subset = #sdfg.range<i>}
      sdfg.memlet %r -> %t["z"] {data = "s", subset = #sdfg.range<0>}
      sdfg.memlet %t["y"] -> %w {data = "s", subset = #sdfg.range<0>}
    }
  }
}

// -----

// The loop variable is read after the loop.
// CHECK-LABEL: sdfg.sdfg "used_after"
// CHECK: sdfg.loop
sdfg.sdfg "used_after" ["A", "B"] attributes {experimental_blocks} {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.symbol "i" {dtype = #sdfg.dtype<int64>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  %l = sdfg.loop "for_i" attributes {condition = "i < N", init = "i = 0", loop_variable = "i", update = "i = i + 1"} {
    %s = sdfg.state "body" {
      %b = sdfg.access "B"
      %t = sdfg.tasklet "t" {code = "y = 1", outs = {y}}
      sdfg.memlet %t["y"] -> %b {data = "B", subset = #sdfg.range<i>}
    }
  }
  %after = sdfg.state "after" {
    %a = sdfg.access "A"
    %t = sdfg.tasklet "t" {code = "y = 2", outs = {y}}
    sdfg.memlet %t["y"] -> %a {data = "A", subset = #sdfg.range<"i - 1">}
  }
  sdfg.edge %l -> %after
}

// -----

// A scratch transient read before it is written carries a value between
// iterations.
// CHECK-LABEL: sdfg.sdfg "scratch_read_first"
// CHECK: sdfg.loop
sdfg.sdfg "scratch_read_first" ["B"] attributes {experimental_blocks} {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.symbol "i" {dtype = #sdfg.dtype<int64>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.scalar "T" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>, transient}
  %l = sdfg.loop "for_i" attributes {condition = "i < N", init = "i = 0", loop_variable = "i", update = "i = i + 1"} {
    %s = sdfg.state "body" {
      %r = sdfg.access "T"
      %w = sdfg.access "T"
      %b = sdfg.access "B"
      %t = sdfg.tasklet "t" {code = "y = x; z = x + 1", ins = {x}, outs = {y, z}}
      sdfg.memlet %r -> %t["x"] {data = "T", subset = #sdfg.range<0>}
      sdfg.memlet %t["y"] -> %b {data = "B", subset = #sdfg.range<i>}
      sdfg.memlet %t["z"] -> %w {data = "T", subset = #sdfg.range<0>}
    }
  }
}

// -----

// Two states with work in the body: the nested SDFG runs both.
// CHECK-LABEL: sdfg.sdfg "two_states"
// CHECK-NOT: sdfg.loop
// CHECK: sdfg.map "for_i" ["i"] = 0:N
// CHECK: sdfg.nested "for_i" attributes {outs = {A, B}, symbol_mapping = #sdfg.symbols<N = N, i = i>}
// CHECK: sdfg.state "one"
// CHECK: sdfg.state "two"
// CHECK: sdfg.edge
sdfg.sdfg "two_states" ["A", "B"] attributes {experimental_blocks} {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.symbol "i" {dtype = #sdfg.dtype<int64>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  %l = sdfg.loop "for_i" attributes {condition = "i < N", init = "i = 0", loop_variable = "i", update = "i = i + 1"} {
    %s = sdfg.state "one" {
      %a = sdfg.access "A"
      %t = sdfg.tasklet "t" {code = "y = 1", outs = {y}}
      sdfg.memlet %t["y"] -> %a {data = "A", subset = #sdfg.range<i>}
    }
    %s2 = sdfg.state "two" {
      %b = sdfg.access "B"
      %t = sdfg.tasklet "t" {code = "y = 1", outs = {y}}
      sdfg.memlet %t["y"] -> %b {data = "B", subset = #sdfg.range<i>}
    }
    sdfg.edge %s -> %s2
  }
}

// -----

// A scalar set by the first state and read by the second is private to
// each iteration; the inner loop (a map first) moves inside.
// CHECK-LABEL: sdfg.sdfg "rows"
// CHECK-NOT: sdfg.symbol "j"
// CHECK: sdfg.map "rows" ["i"]
// CHECK: sdfg.sdfg "rows" ["A", "B"]
// CHECK: sdfg.scalar "s" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>, transient}
// CHECK: sdfg.state "first"
// CHECK: sdfg.map "cols" ["j"] = 0:M
sdfg.sdfg "rows" ["A", "B"] attributes {experimental_blocks} {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.symbol "M" {dtype = #sdfg.dtype<int32>}
  sdfg.symbol "i" {dtype = #sdfg.dtype<int64>}
  sdfg.symbol "j" {dtype = #sdfg.dtype<int64>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, M>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, M>}
  sdfg.scalar "s" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>, transient}
  %l = sdfg.loop "rows" attributes {condition = "i < N", init = "i = 0", loop_variable = "i", update = "i = i + 1"} {
    %first = sdfg.state "first" {
      %a = sdfg.access "A"
      %sv = sdfg.access "s"
      %t = sdfg.tasklet "t" {code = "y = x * 2", ins = {x}, outs = {y}}
      sdfg.memlet %a -> %t["x"] {data = "A", subset = #sdfg.range<i, 0>}
      sdfg.memlet %t["y"] -> %sv {data = "s", subset = #sdfg.range<0>}
    }
    %inner = sdfg.loop "cols" attributes {condition = "j < M", init = "j = 0", loop_variable = "j", update = "j = j + 1"} {
      %body = sdfg.state "body" {
        %sv = sdfg.access "s"
        %a = sdfg.access "A"
        %b = sdfg.access "B"
        %t = sdfg.tasklet "u" {code = "z = x + w", ins = {x, w}, outs = {z}}
        sdfg.memlet %sv -> %t["x"] {data = "s", subset = #sdfg.range<0>}
        sdfg.memlet %a -> %t["w"] {data = "A", subset = #sdfg.range<i, j>}
        sdfg.memlet %t["z"] -> %b {data = "B", subset = #sdfg.range<i, j>}
      }
    }
    sdfg.edge %first -> %inner
  }
}

// -----

// The first state reads s before the second sets it: each iteration sees
// the previous one's value.
// CHECK-LABEL: sdfg.sdfg "carried_across_states"
// CHECK: sdfg.loop
sdfg.sdfg "carried_across_states" ["A", "B"] attributes {experimental_blocks} {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.symbol "i" {dtype = #sdfg.dtype<int64>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.scalar "s" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>, transient}
  %l = sdfg.loop "carry" attributes {condition = "i < N", init = "i = 0", loop_variable = "i", update = "i = i + 1"} {
    %use = sdfg.state "use" {
      %sv = sdfg.access "s"
      %b = sdfg.access "B"
      %t = sdfg.tasklet "t" {code = "y = x", ins = {x}, outs = {y}}
      sdfg.memlet %sv -> %t["x"] {data = "s", subset = #sdfg.range<0>}
      sdfg.memlet %t["y"] -> %b {data = "B", subset = #sdfg.range<i>}
    }
    %set = sdfg.state "set" {
      %a = sdfg.access "A"
      %sv = sdfg.access "s"
      %t = sdfg.tasklet "t" {code = "y = x", ins = {x}, outs = {y}}
      sdfg.memlet %a -> %t["x"] {data = "A", subset = #sdfg.range<i>}
      sdfg.memlet %t["y"] -> %sv {data = "s", subset = #sdfg.range<0>}
    }
    sdfg.edge %use -> %set
  }
}

// -----

// A symbol the body assigns before using it is the iteration's own: it
// becomes a symbol of the nested SDFG, set there, and leaves the outer
// SDFG. Code may read a transient the iteration wrote before ("n = s").
// CHECK-LABEL: sdfg.sdfg "assigning_body"
// CHECK-NOT: sdfg.symbol "k"
// CHECK-NOT: sdfg.symbol "n"
// CHECK: sdfg.map "assign" ["i"] = 0:N
// CHECK: sdfg.nested "assign" attributes {ins = {B}, outs = {A}, symbol_mapping = #sdfg.symbols<N = N, i = i>}
// CHECK: sdfg.symbol "k" {dtype = #sdfg.dtype<int64>}
// CHECK: sdfg.symbol "n" {dtype = #sdfg.dtype<int32>}
// CHECK: sdfg.scalar "s"
// CHECK: sdfg.edge %one -> %two {assignments = #sdfg.assign<k = "i * 2", n = s>}
sdfg.sdfg "assigning_body" ["A", "B"] attributes {experimental_blocks} {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.symbol "i" {dtype = #sdfg.dtype<int64>}
  sdfg.symbol "k" {dtype = #sdfg.dtype<int64>}
  sdfg.symbol "n" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "B" {dtype = #sdfg.dtype<int32>, shape = #sdfg.exprs<N>}
  sdfg.scalar "s" {dtype = #sdfg.dtype<int32>, lifetime = #sdfg.lifetime<Persistent>, shape = #sdfg.exprs<1>, transient}
  %l = sdfg.loop "assign" attributes {condition = "i < N", init = "i = 0", loop_variable = "i", update = "i = i + 1"} {
    %one = sdfg.state "one" {
      %b = sdfg.access "B"
      %sv = sdfg.access "s"
      %c = sdfg.tasklet "c" {code = "o = x", ins = {x}, outs = {o}}
      sdfg.memlet %b -> %c["x"] {data = "B", subset = #sdfg.range<i>}
      sdfg.memlet %c["o"] -> %sv {data = "s", subset = #sdfg.range<0>}
    }
    %two = sdfg.state "two" {
      %a = sdfg.access "A"
      %t = sdfg.tasklet "t" {code = "y = k + n", outs = {y}}
      sdfg.memlet %t["y"] -> %a {data = "A", subset = #sdfg.range<i>}
    }
    sdfg.edge %one -> %two {assignments = #sdfg.assign<k = "i * 2", n = s>}
  }
}

// -----

// A symbol an inner loop's edges assign, used only in that loop and set
// by each of its iterations first, is the nested SDFG's own too: the outer
// loop becomes the map (mandelbrot's `if I[j, k]` in a loop over rows);
// then, inside, the inner loop does too, with the symbol its own.
// CHECK-LABEL: sdfg.sdfg "inner_assigning"
// CHECK-NOT: sdfg.symbol "c"
// CHECK: sdfg.map "rows" ["i"] = 0:N
// CHECK-NOT: sdfg.symbol "c"
// CHECK: sdfg.map "cols" ["j"] = 0:N
// CHECK: sdfg.symbol "c" {dtype = #sdfg.dtype<bool>}
sdfg.sdfg "inner_assigning" ["A", "M"] attributes {experimental_blocks} {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.symbol "i" {dtype = #sdfg.dtype<int64>}
  sdfg.symbol "j" {dtype = #sdfg.dtype<int64>}
  sdfg.symbol "c" {dtype = #sdfg.dtype<bool>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, N>}
  sdfg.array "M" {dtype = #sdfg.dtype<bool>, shape = #sdfg.exprs<N, N>}
  %l = sdfg.loop "rows" attributes {condition = "i < N", init = "i = 0", loop_variable = "i", update = "i = i + 1"} {
    %inner = sdfg.loop "cols" attributes {condition = "j < N", init = "j = 0", loop_variable = "j", update = "j = j + 1"} {
      %test = sdfg.state "test" {
      }
      %cond = sdfg.conditional "cond" {
        sdfg.branch "yes" attributes {condition = "c"} {
          %set = sdfg.state "set" {
            %a = sdfg.access "A"
            %t = sdfg.tasklet "t" {code = "y = 1.0", outs = {y}}
            sdfg.memlet %t["y"] -> %a {data = "A", subset = #sdfg.range<i, j>}
          }
        }
      }
      sdfg.edge %test -> %cond {assignments = #sdfg.assign<c = "M[i, j]">}
    }
  }
}

// -----

// Left alone: a symbol read before the body assigns it (its value comes
// from the previous iteration), and one read after the loop.
// CHECK-LABEL: sdfg.sdfg "carried_symbols"
// CHECK-COUNT-2: sdfg.loop
sdfg.sdfg "carried_symbols" ["A"] attributes {experimental_blocks} {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.symbol "i" {dtype = #sdfg.dtype<int64>}
  sdfg.symbol "j" {dtype = #sdfg.dtype<int64>}
  sdfg.symbol "k" {dtype = #sdfg.dtype<int64>}
  sdfg.symbol "m" {dtype = #sdfg.dtype<int64>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  %l1 = sdfg.loop "carried" attributes {condition = "i < N", init = "i = 0", loop_variable = "i", update = "i = i + 1"} {
    %one = sdfg.state "one" {
      %a = sdfg.access "A"
      %t = sdfg.tasklet "t" {code = "y = k", outs = {y}}
      sdfg.memlet %t["y"] -> %a {data = "A", subset = #sdfg.range<i>}
    }
    %two = sdfg.state "two" {
    }
    sdfg.edge %one -> %two {assignments = #sdfg.assign<k = "i * 2">}
  }
  %l2 = sdfg.loop "read_after" attributes {condition = "j < N", init = "j = 0", loop_variable = "j", update = "j = j + 1"} {
    %one = sdfg.state "one" {
    }
    %two = sdfg.state "two" {
      %a = sdfg.access "A"
      %t = sdfg.tasklet "t" {code = "y = m", outs = {y}}
      sdfg.memlet %t["y"] -> %a {data = "A", subset = #sdfg.range<j>}
    }
    sdfg.edge %one -> %two {assignments = #sdfg.assign<m = "j * 2">}
  }
  %after = sdfg.state "after" {
    %a = sdfg.access "A"
    %t = sdfg.tasklet "t" {code = "y = m", outs = {y}}
    sdfg.memlet %t["y"] -> %a {data = "A", subset = #sdfg.range<0>}
  }
  sdfg.edge %l1 -> %l2
  sdfg.edge %l2 -> %after
}

// -----

// The inner loop sums into B[i]: it stays a loop, inside the nested SDFG,
// which sets its variable j itself.
// CHECK-LABEL: sdfg.sdfg "inner_sum"
// CHECK-NOT: sdfg.symbol "j"
// CHECK: sdfg.map "sums" ["i"] = 0:N
// CHECK: sdfg.sdfg "sums" ["A", "B"]
// CHECK: sdfg.symbol "j" {dtype = #sdfg.dtype<int64>}
// CHECK: sdfg.loop "add" attributes {condition = "j < M", init = "j = 0", loop_variable = "j", update = "j = j + 1"}
sdfg.sdfg "inner_sum" ["A", "B"] attributes {experimental_blocks} {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.symbol "M" {dtype = #sdfg.dtype<int32>}
  sdfg.symbol "i" {dtype = #sdfg.dtype<int64>}
  sdfg.symbol "j" {dtype = #sdfg.dtype<int64>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, M>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  %l = sdfg.loop "sums" attributes {condition = "i < N", init = "i = 0", loop_variable = "i", update = "i = i + 1"} {
    %zero = sdfg.state "zero" {
      %b = sdfg.access "B"
      %t = sdfg.tasklet "z" {code = "y = 0", outs = {y}}
      sdfg.memlet %t["y"] -> %b {data = "B", subset = #sdfg.range<i>}
    }
    %inner = sdfg.loop "add" attributes {condition = "j < M", init = "j = 0", loop_variable = "j", update = "j = j + 1"} {
      %body = sdfg.state "body" {
        %a = sdfg.access "A"
        %b = sdfg.access "B"
        %b2 = sdfg.access "B"
        %t = sdfg.tasklet "u" {code = "z = x + w", ins = {x, w}, outs = {z}}
        sdfg.memlet %a -> %t["x"] {data = "A", subset = #sdfg.range<i, j>}
        sdfg.memlet %b -> %t["w"] {data = "B", subset = #sdfg.range<i>}
        sdfg.memlet %t["z"] -> %b2 {data = "B", subset = #sdfg.range<i>}
      }
    }
    sdfg.edge %zero -> %inner
  }
}

// -----

// A view of row i used only in the body moves inside with it.
// INLINED-LABEL: sdfg.sdfg "row_view"
// INLINED: sdfg.map "by_row"
// INLINED: sdfg.nested "body"
// CHECK-LABEL: sdfg.sdfg "row_view"
// CHECK-NOT: sdfg.view
// CHECK: sdfg.map "by_row" ["i"] = 0:N
// CHECK: sdfg.view "R" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<M>, transient}
// CHECK: sdfg.memlet %{{.*}} -> %{{.*}}["views"] {data = "A", other_subset = #sdfg.range<0:M>, subset = #sdfg.range<i, 0:M>}
sdfg.sdfg "row_view" ["A", "B"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.symbol "M" {dtype = #sdfg.dtype<int32>}
  sdfg.symbol "i" {dtype = #sdfg.dtype<int64>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, M>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.view "R" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<M>, transient}
  %l = sdfg.loop "by_row" attributes {condition = "i < N", init = "i = 0", loop_variable = "i", update = "i = i + 1"} {
    %s = sdfg.state "body" {
      %a = sdfg.access "A"
      %r = sdfg.access "R" {ins = {views}}
      %b = sdfg.access "B"
      %t = sdfg.tasklet "first" {code = "y = x[0]", ins = {x}, outs = {y}}
      sdfg.memlet %a -> %r["views"] {data = "A", other_subset = #sdfg.range<0:M>, subset = #sdfg.range<i, 0:M>}
      sdfg.memlet %r -> %t["x"] {data = "R", subset = #sdfg.range<0:M>}
      sdfg.memlet %t["y"] -> %b {data = "B", subset = #sdfg.range<i>}
    }
  }
}

// -----

// The inner loop's final j is read after the loops: not handled.
// CHECK-LABEL: sdfg.sdfg "inner_var_after"
// CHECK: sdfg.loop "outer"
sdfg.sdfg "inner_var_after" ["A", "B"] attributes {experimental_blocks} {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.symbol "M" {dtype = #sdfg.dtype<int32>}
  sdfg.symbol "i" {dtype = #sdfg.dtype<int64>}
  sdfg.symbol "j" {dtype = #sdfg.dtype<int64>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
  %l = sdfg.loop "outer" attributes {condition = "i < N", init = "i = 0", loop_variable = "i", update = "i = i + 1"} {
    %zero = sdfg.state "zero" {
      %a = sdfg.access "A"
      %t = sdfg.tasklet "z" {code = "y = 0", outs = {y}}
      sdfg.memlet %t["y"] -> %a {data = "A", subset = #sdfg.range<i>}
    }
    %inner = sdfg.loop "count" attributes {condition = "j < M", init = "j = 0", loop_variable = "j", update = "j = j + 1"} {
      %body = sdfg.state "body" {
      }
    }
    sdfg.edge %zero -> %inner
  }
  %after = sdfg.state "after" {
    %b = sdfg.access "B"
    %t = sdfg.tasklet "last" {code = "y = j", outs = {y}}
    sdfg.memlet %t["y"] -> %b {data = "B", subset = #sdfg.range<0>}
  }
  sdfg.edge %l -> %after
}
