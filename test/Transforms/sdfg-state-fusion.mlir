// sdfg-state-fusion: states in sequence become one.
// RUN: sdfg-opt %s --split-input-file --sdfg-state-fusion | FileCheck %s
// RUN: sdfg-opt %s --split-input-file --sdfg-list-matches=sdfg-state-fusion | FileCheck %s --check-prefix=MATCHES

// MATCHES: 0: states 'a' and 'b'
// MATCHES-NEXT: 1: states 'b' and 'c'
// MATCHES: 0: states 'a' and 'b'
// MATCHES: sdfg-state-fusion: no matches
// MATCHES: sdfg-state-fusion: no matches
// MATCHES: 0: states 'a' and 'b'
// MATCHES: 0: states 'a' and 'b'
// MATCHES: sdfg-state-fusion: no matches
// MATCHES: sdfg-state-fusion: no matches

// CHECK-LABEL: sdfg.sdfg "independent"
// CHECK: %[[A:.*]] = sdfg.state "a" {
// CHECK: sdfg.access "X"
// CHECK: sdfg.access "Y"
// CHECK: %[[END:.*]] = sdfg.state "end"
// CHECK-NOT: sdfg.state
// CHECK: sdfg.edge %[[A]] -> %[[END]] {condition = "N > 0"}
sdfg.sdfg "independent" ["X", "Y"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.array "X" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
  sdfg.array "Y" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
  %a = sdfg.state "a" {
    %t = sdfg.tasklet "one" {code = "o = 1.0", outs = {o}}
    %x = sdfg.access "X"
    sdfg.memlet %t["o"] -> %x {data = "X", subset = #sdfg.range<0>}
  }
  %b = sdfg.state "b" {
    %t = sdfg.tasklet "two" {code = "o = 2.0", outs = {o}}
    %y = sdfg.access "Y"
    sdfg.memlet %t["o"] -> %y {data = "Y", subset = #sdfg.range<0>}
  }
  %c = sdfg.state "c" {
  }
  %end = sdfg.state "end" {
  }
  sdfg.edge %a -> %b
  sdfg.edge %b -> %c
  sdfg.edge %c -> %end {condition = "N > 0"}
}

// -----

// The second state reads what the first writes: its access node merges into
// the writing one, so the read follows the write.
// CHECK-LABEL: sdfg.sdfg "dependent"
// CHECK: sdfg.state "a" {
// CHECK: %[[T:.*]] = sdfg.tasklet "one"
// CHECK-NEXT: %[[X:.*]] = sdfg.access "X"
// CHECK-NEXT: %[[C:.*]] = sdfg.tasklet "copy"
// CHECK-NEXT: %[[Y:.*]] = sdfg.access "Y"
// CHECK-NEXT: sdfg.memlet %[[T]]["o"] -> %[[X]]
// CHECK-NEXT: sdfg.memlet %[[X]] -> %[[C]]["i"]
// CHECK-NEXT: sdfg.memlet %[[C]]["o"] -> %[[Y]]
// CHECK-NOT: sdfg.state "b"
sdfg.sdfg "dependent" ["X", "Y"] {
  sdfg.array "X" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
  sdfg.array "Y" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
  %a = sdfg.state "a" {
    %t = sdfg.tasklet "one" {code = "o = 1.0", outs = {o}}
    %x = sdfg.access "X"
    sdfg.memlet %t["o"] -> %x {data = "X", subset = #sdfg.range<0>}
  }
  %b = sdfg.state "b" {
    %x = sdfg.access "X"
    %t = sdfg.tasklet "copy" {code = "o = i", ins = {i}, outs = {o}}
    %y = sdfg.access "Y"
    sdfg.memlet %x -> %t["i"] {data = "X", subset = #sdfg.range<0>}
    sdfg.memlet %t["o"] -> %y {data = "Y", subset = #sdfg.range<0>}
  }
  sdfg.edge %a -> %b
}

// -----

// The second state overwrites what the first reads: kept apart.
// CHECK-LABEL: sdfg.sdfg "anti_dependent"
// CHECK: sdfg.state "a"
// CHECK: sdfg.state "b"
sdfg.sdfg "anti_dependent" ["X", "Y"] {
  sdfg.array "X" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
  sdfg.array "Y" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
  %a = sdfg.state "a" {
    %x = sdfg.access "X"
    %t = sdfg.tasklet "copy" {code = "o = i", ins = {i}, outs = {o}}
    %y = sdfg.access "Y"
    sdfg.memlet %x -> %t["i"] {data = "X", subset = #sdfg.range<0>}
    sdfg.memlet %t["o"] -> %y {data = "Y", subset = #sdfg.range<0>}
  }
  %b = sdfg.state "b" {
    %t = sdfg.tasklet "one" {code = "o = 1.0", outs = {o}}
    %x = sdfg.access "X"
    sdfg.memlet %t["o"] -> %x {data = "X", subset = #sdfg.range<0>}
  }
  sdfg.edge %a -> %b
}

// -----

// The second state overwrites what the first reads, but only from what the
// first computed out of it: the merged T orders the read before the write.
// CHECK-LABEL: sdfg.sdfg "overwritten_after_read"
// CHECK: sdfg.state "a"
// CHECK-NOT: sdfg.state "b"
// CHECK: sdfg.memlet %X -> %double["i"]
// CHECK: sdfg.memlet %copy["o"] -> %X_0
sdfg.sdfg "overwritten_after_read" ["X"] {
  sdfg.array "X" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
  sdfg.array "T" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>, transient}
  %a = sdfg.state "a" {
    %x = sdfg.access "X"
    %t = sdfg.tasklet "double" {code = "o = 2 * i", ins = {i}, outs = {o}}
    %tt = sdfg.access "T"
    sdfg.memlet %x -> %t["i"] {data = "X", subset = #sdfg.range<0>}
    sdfg.memlet %t["o"] -> %tt {data = "T", subset = #sdfg.range<0>}
  }
  %b = sdfg.state "b" {
    %tt = sdfg.access "T"
    %t = sdfg.tasklet "copy" {code = "o = i", ins = {i}, outs = {o}}
    %x = sdfg.access "X"
    sdfg.memlet %tt -> %t["i"] {data = "T", subset = #sdfg.range<0>}
    sdfg.memlet %t["o"] -> %x {data = "X", subset = #sdfg.range<0>}
  }
  sdfg.edge %a -> %b
}

// -----

// An assignment after a state that does not use it moves onto the edges
// into that state, and the two states fuse.
// CHECK-LABEL: sdfg.sdfg "assignment_moves"
// CHECK: sdfg.state "a"
// CHECK-NOT: sdfg.state "b"
// CHECK: sdfg.edge %s0 -> %a {assignments = #sdfg.assign<k = 1>, condition = "N > 0"}
sdfg.sdfg "assignment_moves" ["X", "Y", "N"] {
  sdfg.symbol "k" {dtype = #sdfg.dtype<int64>}
  sdfg.symbol "N" {dtype = #sdfg.dtype<int64>}
  sdfg.array "X" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>}
  sdfg.array "Y" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>}
  %s0 = sdfg.state "s0" {
  }
  %a = sdfg.state "a" {
    %t = sdfg.tasklet "one" {code = "o = 1.0", outs = {o}}
    %x = sdfg.access "X"
    sdfg.memlet %t["o"] -> %x {data = "X", subset = #sdfg.range<0>}
  }
  %b = sdfg.state "b" {
    %t = sdfg.tasklet "two" {code = "o = 2.0", outs = {o}}
    %y = sdfg.access "Y"
    sdfg.memlet %t["o"] -> %y {data = "Y", subset = #sdfg.range<k>}
  }
  %e = sdfg.state "e" {
  }
  sdfg.edge %s0 -> %a {condition = "N > 0"}
  sdfg.edge %s0 -> %e {condition = "N <= 0"}
  sdfg.edge %a -> %b {assignments = #sdfg.assign<k = 1>}
}

// -----

// The first state writes the data through two access nodes: no single node
// orders the read after both writes, so they stay apart.
// CHECK-LABEL: sdfg.sdfg "two_writers"
// CHECK: sdfg.state "a"
// CHECK: sdfg.state "b"
sdfg.sdfg "two_writers" ["X", "Y"] {
  sdfg.array "X" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<2>}
  sdfg.array "Y" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
  %a = sdfg.state "a" {
    %t = sdfg.tasklet "one" {code = "o = 1.0", outs = {o}}
    %x = sdfg.access "X"
    %t2 = sdfg.tasklet "two" {code = "o = 2.0", outs = {o}}
    %x2 = sdfg.access "X"
    sdfg.memlet %t["o"] -> %x {data = "X", subset = #sdfg.range<0>}
    sdfg.memlet %t2["o"] -> %x2 {data = "X", subset = #sdfg.range<1>}
  }
  %b = sdfg.state "b" {
    %x = sdfg.access "X"
    %t = sdfg.tasklet "sum" {code = "o = i[0] + i[1]", ins = {i}, outs = {o}}
    %y = sdfg.access "Y"
    sdfg.memlet %x -> %t["i"] {data = "X", subset = #sdfg.range<0:2>}
    sdfg.memlet %t["o"] -> %y {data = "Y", subset = #sdfg.range<0>}
  }
  sdfg.edge %a -> %b
}

// -----

// Two writers of X in the first state, the second after the first: the
// reader joins the last one.
// CHECK-LABEL: sdfg.sdfg "ordered_writers"
// CHECK: sdfg.state "a"
// CHECK-NOT: sdfg.state
// CHECK: sdfg.memlet %next["o"] -> %[[X2:.*]] {data = "X", subset = #sdfg.range<1>}
// CHECK-NEXT: sdfg.memlet %[[X2]] -> %sum["i"]
sdfg.sdfg "ordered_writers" ["X", "Y"] {
  sdfg.array "X" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<2>}
  sdfg.array "Y" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
  %a = sdfg.state "a" {
    %t = sdfg.tasklet "one" {code = "o = 1.0", outs = {o}}
    %x = sdfg.access "X"
    %t2 = sdfg.tasklet "next" {code = "o = i + 1.0", ins = {i}, outs = {o}}
    %x2 = sdfg.access "X"
    sdfg.memlet %t["o"] -> %x {data = "X", subset = #sdfg.range<0>}
    sdfg.memlet %x -> %t2["i"] {data = "X", subset = #sdfg.range<0>}
    sdfg.memlet %t2["o"] -> %x2 {data = "X", subset = #sdfg.range<1>}
  }
  %b = sdfg.state "b" {
    %x = sdfg.access "X"
    %t = sdfg.tasklet "sum" {code = "o = i[0] + i[1]", ins = {i}, outs = {o}}
    %y = sdfg.access "Y"
    sdfg.memlet %x -> %t["i"] {data = "X", subset = #sdfg.range<0:2>}
    sdfg.memlet %t["o"] -> %y {data = "Y", subset = #sdfg.range<0>}
  }
  sdfg.edge %a -> %b
}

// -----

// The second state updates what the first wrote: its reader merges into
// the first writer, and its write follows from that read.
// CHECK-LABEL: sdfg.sdfg "updated"
// CHECK: sdfg.state "a"
// CHECK-NOT: sdfg.state
// CHECK-DAG: %[[X:.*]] = sdfg.access "X"
// CHECK-DAG: %[[X2:.*]] = sdfg.access "X"
// CHECK-DAG: %[[T:.*]] = sdfg.tasklet "twice"
// CHECK-DAG: sdfg.memlet %[[X]] -> %[[T]]["i"]
// CHECK-DAG: sdfg.memlet %[[T]]["o"] -> %[[X2]]
sdfg.sdfg "updated" ["A", "X"] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
  sdfg.array "X" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
  %a = sdfg.state "a" {
    %in = sdfg.access "A"
    %t = sdfg.tasklet "inc" {code = "o = i + 1.0", ins = {i}, outs = {o}}
    %x = sdfg.access "X"
    sdfg.memlet %in -> %t["i"] {data = "A", subset = #sdfg.range<0>}
    sdfg.memlet %t["o"] -> %x {data = "X", subset = #sdfg.range<0>}
  }
  %b = sdfg.state "b" {
    %x = sdfg.access "X"
    %t = sdfg.tasklet "twice" {code = "o = i * 2.0", ins = {i}, outs = {o}}
    %x2 = sdfg.access "X"
    sdfg.memlet %x -> %t["i"] {data = "X", subset = #sdfg.range<0>}
    sdfg.memlet %t["o"] -> %x2 {data = "X", subset = #sdfg.range<0>}
  }
  sdfg.edge %a -> %b
}

// -----

// Both states write X and nothing orders the second write after the
// first: kept apart.
// CHECK-LABEL: sdfg.sdfg "rewritten"
// CHECK: sdfg.state "a"
// CHECK: sdfg.state "b"
sdfg.sdfg "rewritten" ["A", "X"] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
  sdfg.array "X" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
  %a = sdfg.state "a" {
    %in = sdfg.access "A"
    %t = sdfg.tasklet "copy" {code = "o = i", ins = {i}, outs = {o}}
    %x = sdfg.access "X"
    sdfg.memlet %in -> %t["i"] {data = "A", subset = #sdfg.range<0>}
    sdfg.memlet %t["o"] -> %x {data = "X", subset = #sdfg.range<0>}
  }
  %b = sdfg.state "b" {
    %t = sdfg.tasklet "two" {code = "o = 2.0", outs = {o}}
    %x = sdfg.access "X"
    sdfg.memlet %t["o"] -> %x {data = "X", subset = #sdfg.range<0>}
  }
  sdfg.edge %a -> %b
}

// -----

// An assignment on the edge between them: kept apart.
// CHECK-LABEL: sdfg.sdfg "assigning"
// CHECK: sdfg.state "a"
// CHECK: sdfg.state "b"
sdfg.sdfg "assigning" [] {
  sdfg.symbol "k" {dtype = #sdfg.dtype<int64>}
  %a = sdfg.state "a" {
  }
  %b = sdfg.state "b" {
  }
  sdfg.edge %a -> %b {assignments = #sdfg.assign<k = 1>}
}

// -----

// A chain fuses pairwise in rounds: (s0, s1) and (s2, s3), then the two
// results, then s4; the fused blocks go at the end of each round, and the
// conditional edge out of the last one moves to the survivor.
// MATCHES: 0: states 's0' and 's1'
// MATCHES-NEXT: 1: states 's1' and 's2'
// MATCHES-NEXT: 2: states 's2' and 's3'
// MATCHES-NEXT: 3: states 's3' and 's4'
// MATCHES-NOT: 4:
// MATCHES: 0: states 'a' and 'b'
// MATCHES-NEXT: 1: states 'b' and 'c'
// MATCHES-NEXT: 2: states 'c' and 'd'
// MATCHES-NEXT: 3: states 'd' and 'e'
// MATCHES-NOT: 4:
// CHECK-LABEL: sdfg.sdfg "chain"
// CHECK: %[[S0:.*]] = sdfg.state "s0" {
// CHECK: sdfg.tasklet "t0"
// CHECK: sdfg.tasklet "t1"
// CHECK: sdfg.tasklet "t2"
// CHECK: sdfg.tasklet "t3"
// CHECK: sdfg.tasklet "t4"
// CHECK: %[[END:.*]] = sdfg.state "end"
// CHECK-NOT: sdfg.state
// CHECK: sdfg.edge %[[S0]] -> %[[END]] {condition = "N > 0"}
// CHECK-NOT: sdfg.edge
sdfg.sdfg "chain" ["X0", "X1", "X2", "X3", "X4", "N"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.array "X0" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
  sdfg.array "X1" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
  sdfg.array "X2" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
  sdfg.array "X3" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
  sdfg.array "X4" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
  %s0 = sdfg.state "s0" {
    %t = sdfg.tasklet "t0" {code = "o = 0.0", outs = {o}}
    %x = sdfg.access "X0"
    sdfg.memlet %t["o"] -> %x {data = "X0", subset = #sdfg.range<0>}
  }
  %s1 = sdfg.state "s1" {
    %t = sdfg.tasklet "t1" {code = "o = 1.0", outs = {o}}
    %x = sdfg.access "X1"
    sdfg.memlet %t["o"] -> %x {data = "X1", subset = #sdfg.range<0>}
  }
  %s2 = sdfg.state "s2" {
    %t = sdfg.tasklet "t2" {code = "o = 2.0", outs = {o}}
    %x = sdfg.access "X2"
    sdfg.memlet %t["o"] -> %x {data = "X2", subset = #sdfg.range<0>}
  }
  %s3 = sdfg.state "s3" {
    %t = sdfg.tasklet "t3" {code = "o = 3.0", outs = {o}}
    %x = sdfg.access "X3"
    sdfg.memlet %t["o"] -> %x {data = "X3", subset = #sdfg.range<0>}
  }
  %s4 = sdfg.state "s4" {
    %t = sdfg.tasklet "t4" {code = "o = 4.0", outs = {o}}
    %x = sdfg.access "X4"
    sdfg.memlet %t["o"] -> %x {data = "X4", subset = #sdfg.range<0>}
  }
  %end = sdfg.state "end" {
  }
  sdfg.edge %s0 -> %s1
  sdfg.edge %s1 -> %s2
  sdfg.edge %s2 -> %s3
  sdfg.edge %s3 -> %s4
  sdfg.edge %s4 -> %end {condition = "N > 0"}
}

// -----

// Each state reads what the one before writes, and the states are listed
// out of order: (a, b) and (c, d) fuse, then the two results, then e. Every
// reading access node merges into the writing one, which the fused state
// keeps from the earlier rounds.
// CHECK-LABEL: sdfg.sdfg "flow_chain"
// CHECK: sdfg.state "a" {
// CHECK-NEXT: %[[T0:.*]] = sdfg.tasklet "t0"
// CHECK-NEXT: %[[X0:.*]] = sdfg.access "X0"
// CHECK-NEXT: %[[T1:.*]] = sdfg.tasklet "t1"
// CHECK-NEXT: %[[X1:.*]] = sdfg.access "X1"
// CHECK-NEXT: %[[T2:.*]] = sdfg.tasklet "t2"
// CHECK-NEXT: %[[X2:.*]] = sdfg.access "X2"
// CHECK-NEXT: %[[T3:.*]] = sdfg.tasklet "t3"
// CHECK-NEXT: %[[X3:.*]] = sdfg.access "X3"
// CHECK-NEXT: %[[T4:.*]] = sdfg.tasklet "t4"
// CHECK-NEXT: %[[X4:.*]] = sdfg.access "X4"
// CHECK-NEXT: sdfg.memlet %[[T0]]["o"] -> %[[X0]]
// CHECK-NEXT: sdfg.memlet %[[X0]] -> %[[T1]]["i"]
// CHECK-NEXT: sdfg.memlet %[[T1]]["o"] -> %[[X1]]
// CHECK-NEXT: sdfg.memlet %[[X1]] -> %[[T2]]["i"]
// CHECK-NEXT: sdfg.memlet %[[T2]]["o"] -> %[[X2]]
// CHECK-NEXT: sdfg.memlet %[[X2]] -> %[[T3]]["i"]
// CHECK-NEXT: sdfg.memlet %[[T3]]["o"] -> %[[X3]]
// CHECK-NEXT: sdfg.memlet %[[X3]] -> %[[T4]]["i"]
// CHECK-NEXT: sdfg.memlet %[[T4]]["o"] -> %[[X4]]
// CHECK-NEXT: {{^ *}}}
// CHECK-NOT: sdfg.state
sdfg.sdfg "flow_chain" ["X0", "X1", "X2", "X3", "X4"] {
  sdfg.array "X0" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
  sdfg.array "X1" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
  sdfg.array "X2" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
  sdfg.array "X3" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
  sdfg.array "X4" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
  %c = sdfg.state "c" {
    %x = sdfg.access "X1"
    %t = sdfg.tasklet "t2" {code = "o = i + 1.0", ins = {i}, outs = {o}}
    %y = sdfg.access "X2"
    sdfg.memlet %x -> %t["i"] {data = "X1", subset = #sdfg.range<0>}
    sdfg.memlet %t["o"] -> %y {data = "X2", subset = #sdfg.range<0>}
  }
  %d = sdfg.state "d" {
    %x = sdfg.access "X2"
    %t = sdfg.tasklet "t3" {code = "o = i + 1.0", ins = {i}, outs = {o}}
    %y = sdfg.access "X3"
    sdfg.memlet %x -> %t["i"] {data = "X2", subset = #sdfg.range<0>}
    sdfg.memlet %t["o"] -> %y {data = "X3", subset = #sdfg.range<0>}
  }
  %e = sdfg.state "e" {
    %x = sdfg.access "X3"
    %t = sdfg.tasklet "t4" {code = "o = i + 1.0", ins = {i}, outs = {o}}
    %y = sdfg.access "X4"
    sdfg.memlet %x -> %t["i"] {data = "X3", subset = #sdfg.range<0>}
    sdfg.memlet %t["o"] -> %y {data = "X4", subset = #sdfg.range<0>}
  }
  %a = sdfg.state "a" {
    %t = sdfg.tasklet "t0" {code = "o = 0.0", outs = {o}}
    %x = sdfg.access "X0"
    sdfg.memlet %t["o"] -> %x {data = "X0", subset = #sdfg.range<0>}
  }
  %b = sdfg.state "b" {
    %x = sdfg.access "X0"
    %t = sdfg.tasklet "t1" {code = "o = i + 1.0", ins = {i}, outs = {o}}
    %y = sdfg.access "X1"
    sdfg.memlet %x -> %t["i"] {data = "X0", subset = #sdfg.range<0>}
    sdfg.memlet %t["o"] -> %y {data = "X1", subset = #sdfg.range<0>}
  }
  sdfg.edge %a -> %b
  sdfg.edge %b -> %c
  sdfg.edge %c -> %d
  sdfg.edge %d -> %e
}

// -----

// Two empty states before a loop, each edge assigning: the first edge's
// assignment cannot move before the start state, but it can move onto the
// front of the second state's out-edge, and the states fuse.
// MATCHES: 0: states 'init' and 'mid'
// CHECK-LABEL: sdfg.sdfg "init_then_loop"
// CHECK: %[[INIT:.*]] = sdfg.state "init"
// CHECK-NOT: sdfg.state "mid"
// CHECK: %[[GUARD:.*]] = sdfg.state "guard"
// CHECK: sdfg.edge %[[INIT]] -> %[[GUARD]] {assignments = #sdfg.assign<last = "N - 1", t = 0>}
sdfg.sdfg "init_then_loop" ["N"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int64>}
  sdfg.symbol "last" {dtype = #sdfg.dtype<int64>}
  sdfg.symbol "t" {dtype = #sdfg.dtype<int64>}
  %init = sdfg.state "init" {
  }
  %mid = sdfg.state "mid" {
  }
  %guard = sdfg.state "guard" {
  }
  %body = sdfg.state "body" {
  }
  %end = sdfg.state "end" {
  }
  sdfg.edge %init -> %mid {assignments = #sdfg.assign<last = "N - 1">}
  sdfg.edge %mid -> %guard {assignments = #sdfg.assign<t = 0>}
  sdfg.edge %guard -> %body {condition = "t < last"}
  sdfg.edge %body -> %guard {assignments = #sdfg.assign<t = "t + 1">}
  sdfg.edge %guard -> %end {condition = "not (t < last)"}
}

// -----

// The same, but the second state's out-edge reads the assigned symbol in
// its condition (evaluated before its assignments): kept apart.
// MATCHES: sdfg-state-fusion: no matches
// CHECK-LABEL: sdfg.sdfg "condition_reads_it"
// CHECK: sdfg.state "init"
// CHECK: sdfg.state "mid"
sdfg.sdfg "condition_reads_it" ["N"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int64>}
  sdfg.symbol "last" {dtype = #sdfg.dtype<int64>}
  %init = sdfg.state "init" {
  }
  %mid = sdfg.state "mid" {
  }
  %end = sdfg.state "end" {
  }
  sdfg.edge %init -> %mid {assignments = #sdfg.assign<last = "N - 1">}
  sdfg.edge %mid -> %end {condition = "last > 0"}
}
