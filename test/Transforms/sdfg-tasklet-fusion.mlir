// sdfg-tasklet-fusion: a tasklet whose only output feeds one other tasklet
// is merged into it.
// RUN: sdfg-opt %s --split-input-file --sdfg-tasklet-fusion | FileCheck %s
// RUN: sdfg-opt %s --split-input-file --sdfg-list-matches=sdfg-tasklet-fusion | FileCheck %s --check-prefix=MATCHES

// MATCHES: 0: tasklet 't1' into 't2' through 'T' in state 's'
// MATCHES: 0: tasklet 't1' into 't2' in state 's'
// MATCHES: 0: tasklet 't1' into 't2' through 'T' in state 's'
// MATCHES: sdfg-tasklet-fusion: no matches
// MATCHES: sdfg-tasklet-fusion: no matches
// MATCHES: sdfg-tasklet-fusion: no matches

// Through a scalar transient: t1's clashing connector is renamed, the
// store into T becomes a cast, and T goes away.
// CHECK-LABEL: sdfg.sdfg "chain"
// CHECK-NOT: "T"
// CHECK: %[[F:.*]] = sdfg.tasklet "t2" {code = "y = a_1 * 2\0Ax = dace.int32(y)\0Az = x + a", ins = {a, a_1}, outs = {z}}
// CHECK-DAG: sdfg.memlet %{{.*}} -> %[[F]]["a_1"] {data = "A", subset = #sdfg.range<0>}
// CHECK-DAG: sdfg.memlet %{{.*}} -> %[[F]]["a"] {data = "A", subset = #sdfg.range<1>}
// CHECK-DAG: sdfg.memlet %[[F]]["z"] -> %{{.*}} {data = "B", subset = #sdfg.range<0>}
// CHECK-NOT: sdfg.tasklet
sdfg.sdfg "chain" ["A", "B"] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>}
  sdfg.scalar "T" {dtype = #sdfg.dtype<int32>, shape = #sdfg.exprs<1>, transient}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %T = sdfg.access "T"
    %B = sdfg.access "B"
    %t1 = sdfg.tasklet "t1" {code = "y = a * 2", ins = {a}, outs = {y}}
    %t2 = sdfg.tasklet "t2" {code = "z = x + a", ins = {x, a}, outs = {z}}
    sdfg.memlet %A -> %t1["a"] {data = "A", subset = #sdfg.range<0>}
    sdfg.memlet %t1["y"] -> %T {data = "T", subset = #sdfg.range<0>}
    sdfg.memlet %T -> %t2["x"] {data = "T", subset = #sdfg.range<0>}
    sdfg.memlet %A -> %t2["a"] {data = "A", subset = #sdfg.range<1>}
    sdfg.memlet %t2["z"] -> %B {data = "B", subset = #sdfg.range<0>}
  }
}

// -----

// A direct edge inside a map; indented code is dedented, t1's local is
// renamed because t2 uses the same name.
// CHECK-LABEL: sdfg.sdfg "direct"
// CHECK: sdfg.map "m"
// CHECK: %[[F:.*]] = sdfg.tasklet "t2" {code = "tmp_1 = a + 1\0Ay = tmp_1 * tmp_1\0Ax = y\0Atmp = x - 1\0Az = tmp", ins = {a}, outs = {z}}
// CHECK: sdfg.memlet %{{.*}}["OUT_A"] -> %[[F]]["a"] {data = "A", subset = #sdfg.range<i>}
// CHECK-NOT: sdfg.tasklet
sdfg.sdfg "direct" ["A", "B"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %B = sdfg.access "B"
    %me, %mx = sdfg.map "m" ["i"] = 0:N attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_B}, exit_outs = {OUT_B}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t1 = sdfg.tasklet "t1" {code = "\n    tmp = a + 1\n    y = tmp * tmp\n", ins = {a}, outs = {y}}
      %t2 = sdfg.tasklet "t2" {code = "tmp = x - 1\nz = tmp", ins = {x}, outs = {z}}
      sdfg.memlet %entry["OUT_A"] -> %t1["a"] {data = "A", subset = #sdfg.range<i>}
      sdfg.memlet %t1["y"] -> %t2["x"]
      sdfg.memlet %t2["z"] -> %exit["IN_B"] {data = "B", subset = #sdfg.range<i>}
    }
    sdfg.memlet %A -> %me["IN_A"] {data = "A", subset = #sdfg.range<0:N>}
    sdfg.memlet %mx["OUT_B"] -> %B {data = "B", subset = #sdfg.range<0:N>}
  }
}

// -----

// T is read again in a later state: the fused tasklet still writes it.
// CHECK-LABEL: sdfg.sdfg "kept"
// CHECK: sdfg.scalar "T"
// CHECK: %[[F:.*]] = sdfg.tasklet "t2" {code = "y = a + 1\0Ax = dace.float64(y)\0Az = x * 2", ins = {a}, outs = {y, z}}
// CHECK: sdfg.memlet %[[F]]["y"] -> %{{.*}} {data = "T", subset = #sdfg.range<0>}
// CHECK: sdfg.state "later"
sdfg.sdfg "kept" ["A", "B"] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<2>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<2>}
  sdfg.scalar "T" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>, transient}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %T = sdfg.access "T"
    %B = sdfg.access "B"
    %t1 = sdfg.tasklet "t1" {code = "y = a + 1", ins = {a}, outs = {y}}
    %t2 = sdfg.tasklet "t2" {code = "z = x * 2", ins = {x}, outs = {z}}
    sdfg.memlet %A -> %t1["a"] {data = "A", subset = #sdfg.range<0>}
    sdfg.memlet %t1["y"] -> %T {data = "T", subset = #sdfg.range<0>}
    sdfg.memlet %T -> %t2["x"] {data = "T", subset = #sdfg.range<0>}
    sdfg.memlet %t2["z"] -> %B {data = "B", subset = #sdfg.range<0>}
  }
  %l = sdfg.state "later" {
    %T = sdfg.access "T"
    %B = sdfg.access "B"
    sdfg.memlet %T -> %B {data = "T", subset = #sdfg.range<0>, other_subset = #sdfg.range<1>}
  }
  sdfg.edge %s -> %l
}

// -----

// Two readers of t1's output: no match.
// CHECK-LABEL: sdfg.sdfg "two_readers"
// CHECK: sdfg.tasklet "t1"
// CHECK: sdfg.tasklet "t2"
// CHECK: sdfg.tasklet "t3"
sdfg.sdfg "two_readers" ["A", "B"] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<2>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<2>}
  sdfg.scalar "T" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>, transient}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %T = sdfg.access "T"
    %B = sdfg.access "B"
    %t1 = sdfg.tasklet "t1" {code = "y = a + 1", ins = {a}, outs = {y}}
    %t2 = sdfg.tasklet "t2" {code = "z = x * 2", ins = {x}, outs = {z}}
    %t3 = sdfg.tasklet "t3" {code = "z = x * 3", ins = {x}, outs = {z}}
    sdfg.memlet %A -> %t1["a"] {data = "A", subset = #sdfg.range<0>}
    sdfg.memlet %t1["y"] -> %T {data = "T", subset = #sdfg.range<0>}
    sdfg.memlet %T -> %t2["x"] {data = "T", subset = #sdfg.range<0>}
    sdfg.memlet %T -> %t3["x"] {data = "T", subset = #sdfg.range<0>}
    sdfg.memlet %t2["z"] -> %B {data = "B", subset = #sdfg.range<0>}
    sdfg.memlet %t3["z"] -> %B {data = "B", subset = #sdfg.range<1>}
  }
}

// -----

// t1 assigns its output only on one path (T keeps its old value on the
// other): no match.
// CHECK-LABEL: sdfg.sdfg "partial"
// CHECK: sdfg.tasklet "t1"
// CHECK: sdfg.tasklet "t2"
sdfg.sdfg "partial" ["A", "B"] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<2>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<2>}
  sdfg.scalar "T" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>, transient}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %T = sdfg.access "T"
    %B = sdfg.access "B"
    %t1 = sdfg.tasklet "t1" {code = "if a > 0:\n    y = a", ins = {a}, outs = {y}}
    %t2 = sdfg.tasklet "t2" {code = "z = x * 2", ins = {x}, outs = {z}}
    sdfg.memlet %A -> %t1["a"] {data = "A", subset = #sdfg.range<0>}
    sdfg.memlet %t1["y"] -> %T {data = "T", subset = #sdfg.range<0>}
    sdfg.memlet %T -> %t2["x"] {data = "T", subset = #sdfg.range<0>}
    sdfg.memlet %t2["z"] -> %B {data = "B", subset = #sdfg.range<0>}
  }
}

// -----

// A C++ producer and a non-transient intermediate: no match.
// CHECK-LABEL: sdfg.sdfg "cpp"
// CHECK: sdfg.tasklet "t1"
// CHECK: sdfg.tasklet "t2"
// CHECK: sdfg.tasklet "t3"
// CHECK: sdfg.tasklet "t4"
sdfg.sdfg "cpp" ["A", "B", "G"] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<2>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<2>}
  sdfg.scalar "G" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
  sdfg.scalar "T" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>, transient}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %T = sdfg.access "T"
    %G = sdfg.access "G"
    %B = sdfg.access "B"
    %t1 = sdfg.tasklet "t1" {code = "y = a + 1;", language = "CPP", ins = {a}, outs = {y}}
    %t2 = sdfg.tasklet "t2" {code = "z = x * 2", ins = {x}, outs = {z}}
    %t3 = sdfg.tasklet "t3" {code = "y = a + 1", ins = {a}, outs = {y}}
    %t4 = sdfg.tasklet "t4" {code = "z = x * 2", ins = {x}, outs = {z}}
    sdfg.memlet %A -> %t1["a"] {data = "A", subset = #sdfg.range<0>}
    sdfg.memlet %t1["y"] -> %T {data = "T", subset = #sdfg.range<0>}
    sdfg.memlet %T -> %t2["x"] {data = "T", subset = #sdfg.range<0>}
    sdfg.memlet %t2["z"] -> %B {data = "B", subset = #sdfg.range<0>}
    sdfg.memlet %A -> %t3["a"] {data = "A", subset = #sdfg.range<1>}
    sdfg.memlet %t3["y"] -> %G {data = "G", subset = #sdfg.range<0>}
    sdfg.memlet %G -> %t4["x"] {data = "G", subset = #sdfg.range<0>}
    sdfg.memlet %t4["z"] -> %B {data = "B", subset = #sdfg.range<1>}
  }
}
