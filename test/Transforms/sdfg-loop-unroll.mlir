// sdfg-loop-unroll: a loop with constant bounds becomes one copy of its
// body per iteration; with factor=K, a loop stepping K times as far runs K
// copies per iteration, then the iterations left over.
// RUN: sdfg-opt %s --split-input-file --sdfg-loop-unroll | FileCheck %s
// RUN: sdfg-opt %s --split-input-file --sdfg-list-matches=sdfg-loop-unroll | FileCheck %s --check-prefix=MATCHES
// Listing with the option shows what factor=2 would do.
// RUN: sdfg-opt %s --split-input-file --sdfg-list-matches='sdfg-loop-unroll factor=2' | FileCheck %s --check-prefix=LISTTWO
// RUN: not sdfg-opt %s --split-input-file --sdfg-list-matches='sdfg-loop-unroll bogus=2' 2>&1 | FileCheck %s --check-prefix=LISTBAD
// LISTTWO: 0: loop 'l' over i (2 copies per iteration, 1 left over)
// LISTTWO: 0: loop 'down' over k (2 copies)
// LISTBAD: error: sdfg-loop-unroll: unknown option 'bogus'
// RUN: sdfg-opt %s --split-input-file --sdfg-loop-unroll='max-iterations=2' | FileCheck %s --check-prefix=SMALL
// RUN: not sdfg-opt %s --split-input-file --sdfg-loop-unroll='max-iterations=0' 2>&1 | FileCheck %s --check-prefix=ZERO
// RUN: sdfg-opt %s --split-input-file --sdfg-loop-unroll='factor=2' | FileCheck %s --check-prefix=TWO
// RUN: sdfg-opt %s --split-input-file --sdfg-loop-unroll='factor=3' | FileCheck %s --check-prefix=THREE
// RUN: not sdfg-opt %s --split-input-file --sdfg-loop-unroll='factor=1' 2>&1 | FileCheck %s --check-prefix=ONE
// RUN: not sdfg-opt %s --split-input-file --sdfg-loop-unroll='factor=-2' 2>&1 | FileCheck %s --check-prefix=NEGATIVE
// RUN: not sdfg-opt %s --split-input-file --sdfg-loop-unroll='factor=5000' 2>&1 | FileCheck %s --check-prefix=HUGE

// MATCHES: 0: loop 'l' over i (3 copies)
// MATCHES: 0: loop 'down' over k (2 copies)
// MATCHES: sdfg-loop-unroll: no matches
// MATCHES: sdfg-loop-unroll: no matches
// MATCHES: sdfg-loop-unroll: no matches
// MATCHES: 0: loop 'six' over i (6 copies)
// MATCHES: sdfg-loop-unroll: no matches
// MATCHES: 0: loop 'cpp' over i (4 copies)
// MATCHES: sdfg-loop-unroll: no matches
// MATCHES: 0: loop 'sized' over i (4 copies)
// ZERO: error: max-iterations: '0' is not a positive integer
// ONE: error: factor: 1 would leave the loop as it is (use 2 or more, or 0 to unroll fully)
// NEGATIVE: error: factor: '-2' is not a non-negative integer
// HUGE: error: factor: 5000 is more than 1024 copies
// SMALL-LABEL: sdfg.sdfg "three"
// SMALL: sdfg.loop "l"

// CHECK-LABEL: sdfg.sdfg "three"
// CHECK: %[[R:.*]] = sdfg.region "l" attributes {kind = "ControlFlowRegion"} {
// CHECK-NEXT: %[[I:.*]] = sdfg.state "l_init" {
// CHECK: %[[R0:.*]] = sdfg.region "l_0" attributes {kind = "ControlFlowRegion"} {
// CHECK: sdfg.state "body_0"
// CHECK: {data = "A", subset = #sdfg.range<0>}
// CHECK: %[[R1:.*]] = sdfg.region "l_1" attributes {kind = "ControlFlowRegion"} {
// CHECK: {data = "A", subset = #sdfg.range<1>}
// CHECK: %[[R2:.*]] = sdfg.region "l_2" attributes {kind = "ControlFlowRegion"} {
// CHECK: sdfg.tasklet "t" {code = "y = i"
// CHECK: {data = "A", subset = #sdfg.range<2>}
// CHECK: %[[E:.*]] = sdfg.state "l_end" {
// CHECK: sdfg.edge %[[I]] -> %[[R0]] {assignments = #sdfg.assign<i = 0>}
// CHECK-NEXT: sdfg.edge %[[R0]] -> %[[R1]] {assignments = #sdfg.assign<i = 1>}
// CHECK-NEXT: sdfg.edge %[[R1]] -> %[[R2]] {assignments = #sdfg.assign<i = 2>}
// CHECK-NEXT: sdfg.edge %[[R2]] -> %[[E]] {assignments = #sdfg.assign<i = 3>}
// CHECK-NOT: sdfg.loop

// Three iterations by two: one main iteration, one copy left over. Copy 1
// reads `i + 1`, in its memlet and its Python tasklet alike.
// TWO-LABEL: sdfg.sdfg "three"
// TWO: %[[R:.*]] = sdfg.region "l" attributes {kind = "ControlFlowRegion"} {
// TWO-NEXT: %[[M:.*]] = sdfg.loop "l_main" attributes {condition = "i < 2", init = "i = 0", loop_variable = "i", update = "i = i + 2"} {
// TWO: sdfg.region "l_0"
// TWO: sdfg.tasklet "t" {code = "y = i"
// TWO: {data = "A", subset = #sdfg.range<i>}
// TWO: sdfg.region "l_1"
// TWO: sdfg.tasklet "t" {code = "y = (i + 1)"
// TWO: {data = "A", subset = #sdfg.range<"i + 1">}
// TWO: %[[L2:.*]] = sdfg.region "l_2"
// TWO: sdfg.tasklet "t" {code = "y = i"
// TWO: {data = "A", subset = #sdfg.range<2>}
// TWO: %[[E:.*]] = sdfg.state "l_end"
// TWO: sdfg.edge %[[M]] -> %[[L2]] {assignments = #sdfg.assign<i = 2>}
// TWO-NEXT: sdfg.edge %[[L2]] -> %[[E]] {assignments = #sdfg.assign<i = 3>}

// No more iterations than the factor: unrolled fully.
// THREE-LABEL: sdfg.sdfg "three"
// THREE-NOT: sdfg.loop
// THREE: sdfg.state "l_init"
// THREE: {data = "A", subset = #sdfg.range<2>}
// THREE: sdfg.edge %{{.*}} -> %{{.*}} {assignments = #sdfg.assign<i = 3>}
sdfg.sdfg "three" ["A"] attributes {experimental_blocks} {
  sdfg.symbol "i" {dtype = #sdfg.dtype<int64>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<3>}
  %l = sdfg.loop "l" attributes {condition = "i < 3", init = "i = 0", loop_variable = "i", update = "i = i + 1"} {
    %s = sdfg.state "body" {
      %a = sdfg.access "A"
      %t = sdfg.tasklet "t" {code = "y = i", outs = {y}}
      sdfg.memlet %t["y"] -> %a {data = "A", subset = #sdfg.range<i>}
    }
  }
}

// -----

// Counting down: k = 5, 3.
// CHECK-LABEL: sdfg.sdfg "down"
// CHECK: {data = "A", subset = #sdfg.range<5>}
// CHECK: {data = "A", subset = #sdfg.range<3>}
// CHECK: sdfg.edge %{{.*}} -> %{{.*}} {assignments = #sdfg.assign<k = 1>}
// TWO-LABEL: sdfg.sdfg "down"
// TWO-NOT: sdfg.loop
// TWO: sdfg.edge %{{.*}} -> %{{.*}} {assignments = #sdfg.assign<k = 1>}
sdfg.sdfg "down" ["A"] attributes {experimental_blocks} {
  sdfg.symbol "k" {dtype = #sdfg.dtype<int64>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<6>}
  %l = sdfg.loop "down" attributes {condition = "k >= 2", init = "k = 5", loop_variable = "k", update = "k = k - 2"} {
    %s = sdfg.state "body" {
      %a = sdfg.access "A"
      %t = sdfg.tasklet "t" {code = "y = 1", outs = {y}}
      sdfg.memlet %t["y"] -> %a {data = "A", subset = #sdfg.range<k>}
    }
  }
}

// -----

// Symbolic bounds: not unrolled fully; by a factor, the main loop runs
// while its last copy's value passes the test and a remainder loop, with no
// init of its own, finishes from where it stopped.
// CHECK-LABEL: sdfg.sdfg "symbolic"
// CHECK: sdfg.loop
// TWO-LABEL: sdfg.sdfg "symbolic"
// TWO: %[[M:.*]] = sdfg.loop "l_main" attributes {condition = "i < N - 1", init = "i = 0", loop_variable = "i", update = "i = i + 2"} {
// TWO: sdfg.state "body_0"
// TWO: sdfg.state "body_1"
// TWO: %[[REST:.*]] = sdfg.loop "l_rest" attributes {condition = "i < N", loop_variable = "i", update = "i = i + 1"} {
// TWO-NEXT: sdfg.state "body"
// TWO: sdfg.edge %[[M]] -> %[[REST]]{{$}}
// THREE-LABEL: sdfg.sdfg "symbolic"
// THREE: sdfg.loop "l_main" attributes {condition = "i < N - 2", init = "i = 0", loop_variable = "i", update = "i = i + 3"} {
// THREE: sdfg.loop "l_rest"
sdfg.sdfg "symbolic" ["A"] attributes {experimental_blocks} {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.symbol "i" {dtype = #sdfg.dtype<int64>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  %l = sdfg.loop "l" attributes {condition = "i < N", init = "i = 0", loop_variable = "i", update = "i = i + 1"} {
    %s = sdfg.state "body" {
    }
  }
}

// -----

// The body assigns the loop variable.
// CHECK-LABEL: sdfg.sdfg "assigns_var"
// CHECK: sdfg.loop
// TWO-LABEL: sdfg.sdfg "assigns_var"
// TWO-NOT: sdfg.region
// TWO: sdfg.loop "l"
sdfg.sdfg "assigns_var" [] attributes {experimental_blocks} {
  sdfg.symbol "i" {dtype = #sdfg.dtype<int64>}
  %l = sdfg.loop "l" attributes {condition = "i < 4", init = "i = 0", loop_variable = "i", update = "i = i + 1"} {
    %s = sdfg.state "a" {
    }
    %s2 = sdfg.state "b" {
    }
    sdfg.edge %s -> %s2 {assignments = #sdfg.assign<i = "i + 1">}
  }
}

// -----

// A break leaves the loop early.
// CHECK-LABEL: sdfg.sdfg "with_break"
// CHECK: sdfg.loop
// TWO-LABEL: sdfg.sdfg "with_break"
// TWO-NOT: sdfg.region
// TWO: sdfg.loop "l"
sdfg.sdfg "with_break" [] attributes {experimental_blocks} {
  sdfg.symbol "i" {dtype = #sdfg.dtype<int64>}
  %l = sdfg.loop "l" attributes {condition = "i < 4", init = "i = 0", loop_variable = "i", update = "i = i + 1"} {
    %s = sdfg.state "a" {
    }
    %b = sdfg.break "stop"
    sdfg.edge %s -> %b {condition = "i == 2"}
  }
}

// -----

// Six iterations by two or three: no copies left over; the variable ends at
// the main loop's exit value, 6, as after the original loop.
// TWO-LABEL: sdfg.sdfg "divisible"
// TWO: sdfg.loop "six_main" attributes {condition = "i < 5", init = "i = 0", loop_variable = "i", update = "i = i + 2"}
// TWO-NOT: six_end
// TWO: sdfg.state "after"
// THREE-LABEL: sdfg.sdfg "divisible"
// THREE: sdfg.loop "six_main" attributes {condition = "i < 4", init = "i = 0", loop_variable = "i", update = "i = i + 3"}
// THREE: {data = "A", subset = #sdfg.range<"i + 2">}
// THREE-NOT: six_end
sdfg.sdfg "divisible" ["A", "B"] attributes {experimental_blocks} {
  sdfg.symbol "i" {dtype = #sdfg.dtype<int64>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<6>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
  %l = sdfg.loop "six" attributes {condition = "i <= 5", init = "i = 0", loop_variable = "i", update = "i = i + 1"} {
    %s = sdfg.state "body" {
      %a = sdfg.access "A"
      %t = sdfg.tasklet "t" {code = "y = 1", outs = {y}}
      sdfg.memlet %t["y"] -> %a {data = "A", subset = #sdfg.range<i>}
    }
  }
  %after = sdfg.state "after" {
    %b = sdfg.access "B"
    %t = sdfg.tasklet "t" {code = "y = i", outs = {y}}
    sdfg.memlet %t["y"] -> %b {data = "B", subset = #sdfg.range<0>}
  }
  sdfg.edge %l -> %after
}

// -----

// Symbolic bounds counting down by two: copy 1 reads `i - 2` in memlets,
// nested-SDFG symbol mappings, interstate edges and branch conditions.
// TWO-LABEL: sdfg.sdfg "symbolic_down"
// TWO: sdfg.loop "d_main" attributes {condition = "i > 2", init = "i = N - 1", loop_variable = "i", update = "i = i - 4"}
// TWO: sdfg.region "d_0"
// TWO: symbol_mapping = #sdfg.symbols<i = i>
// TWO: sdfg.edge %{{.*}} -> %{{.*}} {assignments = #sdfg.assign<j = "i + 1">}
// TWO: sdfg.region "d_1"
// TWO: {condition = "(i - 2) > 3"
// TWO: symbol_mapping = #sdfg.symbols<i = "i - 2">
// TWO: {data = "A", subset = #sdfg.range<"i - 2">}
// TWO: sdfg.edge %{{.*}} -> %{{.*}} {assignments = #sdfg.assign<j = "(i - 2) + 1">}
// TWO: sdfg.loop "d_rest" attributes {condition = "i >= 1", loop_variable = "i", update = "i = i - 2"}
// THREE-LABEL: sdfg.sdfg "symbolic_down"
// THREE: sdfg.loop "d_main" attributes {condition = "i > 4", init = "i = N - 1", loop_variable = "i", update = "i = i - 6"}
sdfg.sdfg "symbolic_down" ["A"] attributes {experimental_blocks} {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int64>}
  sdfg.symbol "i" {dtype = #sdfg.dtype<int64>}
  sdfg.symbol "j" {dtype = #sdfg.dtype<int64>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  %l = sdfg.loop "d" attributes {condition = "i >= 1", init = "i = N - 1", loop_variable = "i", update = "i = i - 2"} {
    %c = sdfg.conditional "c" {
      sdfg.branch "big" attributes {condition = "i > 3"} {
        %s = sdfg.state "body" {
          %a = sdfg.access "A"
          %n = sdfg.nested "inner" attributes {outs = {X}, symbol_mapping = #sdfg.symbols<i = i>} {
            sdfg.sdfg "inner" ["X"] {
              sdfg.symbol "i" {dtype = #sdfg.dtype<int64>}
              sdfg.array "X" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
              %s = sdfg.state "s" {
                %x = sdfg.access "X"
                %t = sdfg.tasklet "t" {code = "y = i", outs = {y}}
                sdfg.memlet %t["y"] -> %x {data = "X", subset = #sdfg.range<0>}
              }
            }
          }
          sdfg.memlet %n["X"] -> %a {data = "A", subset = #sdfg.range<i>}
        }
      }
    }
    %e = sdfg.state "e" {
    }
    sdfg.edge %c -> %e {assignments = #sdfg.assign<j = "i + 1">}
  }
}

// -----

// A C++ tasklet names the loop variable: copies could not read it shifted,
// so only full unrolling (the symbol holds each value) applies.
// CHECK-LABEL: sdfg.sdfg "cpp_reads_var"
// CHECK-NOT: sdfg.loop
// CHECK: sdfg.edge %{{.*}} -> %cpp_end {assignments = #sdfg.assign<i = 4>}
// TWO-LABEL: sdfg.sdfg "cpp_reads_var"
// TWO-NOT: sdfg.region
// TWO: sdfg.loop "cpp"
sdfg.sdfg "cpp_reads_var" ["A"] attributes {experimental_blocks} {
  sdfg.symbol "i" {dtype = #sdfg.dtype<int64>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>}
  %l = sdfg.loop "cpp" attributes {condition = "i < 4", init = "i = 0", loop_variable = "i", update = "i = i + 1"} {
    %s = sdfg.state "body" {
      %a = sdfg.access "A"
      %t = sdfg.tasklet "t" {language = "CPP", code = "y = i;", outs = {y}}
      sdfg.memlet %t["y"] -> %a {data = "A", subset = #sdfg.range<i>}
    }
  }
}

// -----

// The body changes the bound, which the main loop tests only every other
// iteration.
// TWO-LABEL: sdfg.sdfg "bound_changes"
// TWO-NOT: sdfg.region
// TWO: sdfg.loop "shrinking"
sdfg.sdfg "bound_changes" [] attributes {experimental_blocks} {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int64>}
  sdfg.symbol "i" {dtype = #sdfg.dtype<int64>}
  %l = sdfg.loop "shrinking" attributes {condition = "i < N", init = "i = 0", loop_variable = "i", update = "i = i + 1"} {
    %a = sdfg.state "a" {
    }
    %b = sdfg.state "b" {
    }
    sdfg.edge %a -> %b {assignments = #sdfg.assign<N = "N - 1">}
  }
}

// -----

// A transient's size depends on the loop variable: all copies share the
// descriptor, so only full unrolling applies.
// TWO-LABEL: sdfg.sdfg "sized_by_var"
// TWO-NOT: sdfg.region
// TWO: sdfg.loop "sized"
sdfg.sdfg "sized_by_var" [] attributes {experimental_blocks} {
  sdfg.symbol "i" {dtype = #sdfg.dtype<int64>}
  sdfg.array "T" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<"i + 1">, transient}
  %l = sdfg.loop "sized" attributes {condition = "i < 4", init = "i = 0", loop_variable = "i", update = "i = i + 1"} {
    %s = sdfg.state "body" {
      %t = sdfg.access "T"
      %w = sdfg.tasklet "w" {code = "y = 1", outs = {y}}
      sdfg.memlet %w["y"] -> %t {data = "T", subset = #sdfg.range<i>}
    }
  }
}
