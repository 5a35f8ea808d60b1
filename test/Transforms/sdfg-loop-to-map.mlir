// sdfg-loop-to-map: a loop with independent iterations becomes a map over a
// nested SDFG running the body.
// RUN: sdfg-opt %s --split-input-file --sdfg-loop-to-map | FileCheck %s
// RUN: sdfg-opt %s --split-input-file --sdfg-list-matches=sdfg-loop-to-map | FileCheck %s --check-prefix=MATCHES

// MATCHES: 0: loop 'for_i' over i
// MATCHES: 0: loop 'down' over i
// MATCHES: 0: loop 'scratch' over i
// MATCHES: 0: loop 'down2' over i
// MATCHES: sdfg-loop-to-map: no matches
// MATCHES: sdfg-loop-to-map: no matches
// MATCHES: sdfg-loop-to-map: no matches
// MATCHES: sdfg-loop-to-map: no matches
// MATCHES: sdfg-loop-to-map: no matches

// CHECK-LABEL: sdfg.sdfg "independent"
// CHECK-NOT: sdfg.symbol "i"
// CHECK: %[[S:.*]] = sdfg.state "for_i" {
// CHECK: sdfg.map "for_i" ["i"] = "0:N:2" attributes {exit_ins = {IN_B}, exit_outs = {OUT_B}, ins = {IN_A}, outs = {OUT_A}} {
// CHECK: sdfg.nested "body" attributes {ins = {A}, outs = {B}, symbol_mapping = {N = "N", i = "i"}} {
// CHECK: sdfg.sdfg "body" ["A", "B"] {
// CHECK: sdfg.memlet %{{.*}} -> %{{.*}} {data = "B", subset = "i"}
// CHECK: sdfg.memlet %entry["OUT_A"] -> %{{.*}}["A"] {data = "A", subset = "0:N"}
// CHECK: sdfg.memlet %{{.*}}["B"] -> %exit["IN_B"] {data = "B", subset = "0:N"}
// CHECK-NOT: sdfg.loop
sdfg.sdfg "independent" ["A", "B"] attributes {experimental_blocks} {
  sdfg.symbol "N" {dtype = "int32"}
  sdfg.symbol "i" {dtype = "int64"}
  sdfg.array "A" {dtype = "float64", shape = ["N"]}
  sdfg.array "B" {dtype = "float64", shape = ["N"]}
  %l = sdfg.loop "for_i" attributes {condition = "i < N", init = "i = 0", loop_variable = "i", update = "i = i + 2"} {
    %s = sdfg.state "body" {
      %a = sdfg.access "A"
      %b = sdfg.access "B"
      %t = sdfg.tasklet "t" {code = "y = x + 1", ins = {x}, outs = {y}}
      sdfg.memlet %a -> %t["x"] {data = "A", subset = "i"}
      sdfg.memlet %t["y"] -> %b {data = "B", subset = "i"}
    }
  }
}

// -----

// Counting down by one runs the map upwards; a second loop over `i` sets it
// itself, so the first loop's value is not needed (the map parameter gets a
// fresh name since the symbol stays).
// CHECK-LABEL: sdfg.sdfg "counting_down"
// CHECK: sdfg.symbol "i"
// CHECK: sdfg.map "down" ["i_"] = "1:N"
// CHECK: symbol_mapping = {N = "N", i = "i_"}
// CHECK: sdfg.loop "again"
sdfg.sdfg "counting_down" ["A"] attributes {experimental_blocks} {
  sdfg.symbol "N" {dtype = "int32"}
  sdfg.symbol "i" {dtype = "int64"}
  sdfg.array "A" {dtype = "float64", shape = ["N", "N"]}
  %l = sdfg.loop "down" attributes {condition = "i > 0", init = "i = N - 1", loop_variable = "i", update = "i = i - 1"} {
    %s = sdfg.state "body" {
      %a = sdfg.access "A"
      %t = sdfg.tasklet "t" {code = "y = 1", outs = {y}}
      sdfg.memlet %t["y"] -> %a {data = "A", subset = "i, 0"}
    }
  }
  %l2 = sdfg.loop "again" attributes {condition = "i < N", init = "i = 0", loop_variable = "i", update = "i = i + 1"} {
    %s2 = sdfg.state "body2" {
      %a = sdfg.access "A"
      %b = sdfg.access "A"
      %t = sdfg.tasklet "t" {code = "y = x", ins = {x}, outs = {y}}
      sdfg.memlet %a -> %t["x"] {data = "A", subset = "i, 0"}
      sdfg.memlet %t["y"] -> %b {data = "A", subset = "i - 1, 0"}
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
  sdfg.symbol "N" {dtype = "int32"}
  sdfg.symbol "i" {dtype = "int64"}
  sdfg.array "A" {dtype = "float64", shape = ["N"]}
  sdfg.array "B" {dtype = "float64", shape = ["N"]}
  sdfg.scalar "T" {dtype = "float64", shape = ["1"], transient}
  %l = sdfg.loop "scratch" attributes {condition = "i < N", init = "i = 0", loop_variable = "i", update = "i = i + 1"} {
    %s = sdfg.state "body" {
      %a = sdfg.access "A"
      %tt = sdfg.access "T"
      %b = sdfg.access "B"
      %t1 = sdfg.tasklet "t1" {code = "y = x * 2", ins = {x}, outs = {y}}
      %t2 = sdfg.tasklet "t2" {code = "y = x + 1", ins = {x}, outs = {y}}
      sdfg.memlet %a -> %t1["x"] {data = "A", subset = "i"}
      sdfg.memlet %t1["y"] -> %tt {data = "T", subset = "0"}
      sdfg.memlet %tt -> %t2["x"] {data = "T", subset = "0"}
      sdfg.memlet %t2["y"] -> %b {data = "B", subset = "i"}
    }
  }
}

// -----

// Counting down by two keeps the step: the map runs i = N - 1, N - 3, ...
// down to 0 or 1 (its inclusive end 0, written as stop 1).
// CHECK-LABEL: sdfg.sdfg "down_by_two"
// CHECK: sdfg.map "down2" ["i"] = "N - 1:1:-2"
// CHECK-NOT: sdfg.loop
sdfg.sdfg "down_by_two" ["A"] attributes {experimental_blocks} {
  sdfg.symbol "N" {dtype = "int32"}
  sdfg.symbol "i" {dtype = "int64"}
  sdfg.array "A" {dtype = "float64", shape = ["N"]}
  %l = sdfg.loop "down2" attributes {condition = "i >= 0", init = "i = N - 1", loop_variable = "i", update = "i = i - 2"} {
    %s = sdfg.state "body" {
      %a = sdfg.access "A"
      %t = sdfg.tasklet "t" {code = "y = 1", outs = {y}}
      sdfg.memlet %t["y"] -> %a {data = "A", subset = "i"}
    }
  }
}

// -----

// Iteration i reads what iteration i - 1 wrote: a loop-carried dependence.
// CHECK-LABEL: sdfg.sdfg "carried"
// CHECK: sdfg.loop
sdfg.sdfg "carried" ["A"] attributes {experimental_blocks} {
  sdfg.symbol "N" {dtype = "int32"}
  sdfg.symbol "i" {dtype = "int64"}
  sdfg.array "A" {dtype = "float64", shape = ["N"]}
  %l = sdfg.loop "scan" attributes {condition = "i < N", init = "i = 1", loop_variable = "i", update = "i = i + 1"} {
    %s = sdfg.state "body" {
      %a = sdfg.access "A"
      %b = sdfg.access "A"
      %t = sdfg.tasklet "t" {code = "y = x + 1", ins = {x}, outs = {y}}
      sdfg.memlet %a -> %t["x"] {data = "A", subset = "i - 1"}
      sdfg.memlet %t["y"] -> %b {data = "A", subset = "i"}
    }
  }
}

// -----

// Every iteration writes the same scalar (a reduction without WCR).
// CHECK-LABEL: sdfg.sdfg "same_element"
// CHECK: sdfg.loop
sdfg.sdfg "same_element" ["A", "s"] attributes {experimental_blocks} {
  sdfg.symbol "N" {dtype = "int32"}
  sdfg.symbol "i" {dtype = "int64"}
  sdfg.array "A" {dtype = "float64", shape = ["N"]}
  sdfg.array "s" {dtype = "float64", shape = ["1"]}
  %l = sdfg.loop "sum" attributes {condition = "i < N", init = "i = 0", loop_variable = "i", update = "i = i + 1"} {
    %s = sdfg.state "body" {
      %a = sdfg.access "A"
      %r = sdfg.access "s"
      %w = sdfg.access "s"
      %t = sdfg.tasklet "t" {code = "y = x + z", ins = {x, z}, outs = {y}}
      sdfg.memlet %a -> %t["x"] {data = "A", subset = "i"}
      sdfg.memlet %r -> %t["z"] {data = "s", subset = "0"}
      sdfg.memlet %t["y"] -> %w {data = "s", subset = "0"}
    }
  }
}

// -----

// The loop variable is read after the loop.
// CHECK-LABEL: sdfg.sdfg "used_after"
// CHECK: sdfg.loop
sdfg.sdfg "used_after" ["A", "B"] attributes {experimental_blocks} {
  sdfg.symbol "N" {dtype = "int32"}
  sdfg.symbol "i" {dtype = "int64"}
  sdfg.array "A" {dtype = "float64", shape = ["N"]}
  sdfg.array "B" {dtype = "float64", shape = ["N"]}
  %l = sdfg.loop "for_i" attributes {condition = "i < N", init = "i = 0", loop_variable = "i", update = "i = i + 1"} {
    %s = sdfg.state "body" {
      %b = sdfg.access "B"
      %t = sdfg.tasklet "t" {code = "y = 1", outs = {y}}
      sdfg.memlet %t["y"] -> %b {data = "B", subset = "i"}
    }
  }
  %after = sdfg.state "after" {
    %a = sdfg.access "A"
    %t = sdfg.tasklet "t" {code = "y = 2", outs = {y}}
    sdfg.memlet %t["y"] -> %a {data = "A", subset = "i - 1"}
  }
  sdfg.edge %l -> %after
}

// -----

// A scratch transient read before it is written carries a value between
// iterations.
// CHECK-LABEL: sdfg.sdfg "scratch_read_first"
// CHECK: sdfg.loop
sdfg.sdfg "scratch_read_first" ["B"] attributes {experimental_blocks} {
  sdfg.symbol "N" {dtype = "int32"}
  sdfg.symbol "i" {dtype = "int64"}
  sdfg.array "B" {dtype = "float64", shape = ["N"]}
  sdfg.scalar "T" {dtype = "float64", shape = ["1"], transient}
  %l = sdfg.loop "for_i" attributes {condition = "i < N", init = "i = 0", loop_variable = "i", update = "i = i + 1"} {
    %s = sdfg.state "body" {
      %r = sdfg.access "T"
      %w = sdfg.access "T"
      %b = sdfg.access "B"
      %t = sdfg.tasklet "t" {code = "y = x; z = x + 1", ins = {x}, outs = {y, z}}
      sdfg.memlet %r -> %t["x"] {data = "T", subset = "0"}
      sdfg.memlet %t["y"] -> %b {data = "B", subset = "i"}
      sdfg.memlet %t["z"] -> %w {data = "T", subset = "0"}
    }
  }
}

// -----

// Two states with work in the body: not handled.
// CHECK-LABEL: sdfg.sdfg "two_states"
// CHECK: sdfg.loop
sdfg.sdfg "two_states" ["A", "B"] attributes {experimental_blocks} {
  sdfg.symbol "N" {dtype = "int32"}
  sdfg.symbol "i" {dtype = "int64"}
  sdfg.array "A" {dtype = "float64", shape = ["N"]}
  sdfg.array "B" {dtype = "float64", shape = ["N"]}
  %l = sdfg.loop "for_i" attributes {condition = "i < N", init = "i = 0", loop_variable = "i", update = "i = i + 1"} {
    %s = sdfg.state "one" {
      %a = sdfg.access "A"
      %t = sdfg.tasklet "t" {code = "y = 1", outs = {y}}
      sdfg.memlet %t["y"] -> %a {data = "A", subset = "i"}
    }
    %s2 = sdfg.state "two" {
      %b = sdfg.access "B"
      %t = sdfg.tasklet "t" {code = "y = 1", outs = {y}}
      sdfg.memlet %t["y"] -> %b {data = "B", subset = "i"}
    }
    sdfg.edge %s -> %s2
  }
}
