// sdfg-state-fusion: states in sequence become one.
// RUN: sdfg-opt %s --split-input-file --sdfg-state-fusion | FileCheck %s
// RUN: sdfg-opt %s --split-input-file --sdfg-list-matches=sdfg-state-fusion | FileCheck %s --check-prefix=MATCHES

// MATCHES: 0: states 'a' and 'b'
// MATCHES-NEXT: 1: states 'b' and 'c'
// MATCHES: 0: states 'a' and 'b'
// MATCHES: sdfg-state-fusion: no matches
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
  sdfg.symbol "N" {dtype = "int32"}
  sdfg.array "X" {dtype = "float64", shape = ["1"]}
  sdfg.array "Y" {dtype = "float64", shape = ["1"]}
  %a = sdfg.state "a" {
    %t = sdfg.tasklet "one" {code = "o = 1.0", outs = {o}}
    %x = sdfg.access "X"
    sdfg.memlet %t["o"] -> %x {data = "X", subset = "0"}
  }
  %b = sdfg.state "b" {
    %t = sdfg.tasklet "two" {code = "o = 2.0", outs = {o}}
    %y = sdfg.access "Y"
    sdfg.memlet %t["o"] -> %y {data = "Y", subset = "0"}
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
  sdfg.array "X" {dtype = "float64", shape = ["1"]}
  sdfg.array "Y" {dtype = "float64", shape = ["1"]}
  %a = sdfg.state "a" {
    %t = sdfg.tasklet "one" {code = "o = 1.0", outs = {o}}
    %x = sdfg.access "X"
    sdfg.memlet %t["o"] -> %x {data = "X", subset = "0"}
  }
  %b = sdfg.state "b" {
    %x = sdfg.access "X"
    %t = sdfg.tasklet "copy" {code = "o = i", ins = {i}, outs = {o}}
    %y = sdfg.access "Y"
    sdfg.memlet %x -> %t["i"] {data = "X", subset = "0"}
    sdfg.memlet %t["o"] -> %y {data = "Y", subset = "0"}
  }
  sdfg.edge %a -> %b
}

// -----

// The second state overwrites what the first reads: kept apart.
// CHECK-LABEL: sdfg.sdfg "anti_dependent"
// CHECK: sdfg.state "a"
// CHECK: sdfg.state "b"
sdfg.sdfg "anti_dependent" ["X", "Y"] {
  sdfg.array "X" {dtype = "float64", shape = ["1"]}
  sdfg.array "Y" {dtype = "float64", shape = ["1"]}
  %a = sdfg.state "a" {
    %x = sdfg.access "X"
    %t = sdfg.tasklet "copy" {code = "o = i", ins = {i}, outs = {o}}
    %y = sdfg.access "Y"
    sdfg.memlet %x -> %t["i"] {data = "X", subset = "0"}
    sdfg.memlet %t["o"] -> %y {data = "Y", subset = "0"}
  }
  %b = sdfg.state "b" {
    %t = sdfg.tasklet "one" {code = "o = 1.0", outs = {o}}
    %x = sdfg.access "X"
    sdfg.memlet %t["o"] -> %x {data = "X", subset = "0"}
  }
  sdfg.edge %a -> %b
}

// -----

// The first state writes the data through two access nodes: no single node
// orders the read after both writes, so they stay apart.
// CHECK-LABEL: sdfg.sdfg "two_writers"
// CHECK: sdfg.state "a"
// CHECK: sdfg.state "b"
sdfg.sdfg "two_writers" ["X", "Y"] {
  sdfg.array "X" {dtype = "float64", shape = ["2"]}
  sdfg.array "Y" {dtype = "float64", shape = ["1"]}
  %a = sdfg.state "a" {
    %t = sdfg.tasklet "one" {code = "o = 1.0", outs = {o}}
    %x = sdfg.access "X"
    %t2 = sdfg.tasklet "two" {code = "o = 2.0", outs = {o}}
    %x2 = sdfg.access "X"
    sdfg.memlet %t["o"] -> %x {data = "X", subset = "0"}
    sdfg.memlet %t2["o"] -> %x2 {data = "X", subset = "1"}
  }
  %b = sdfg.state "b" {
    %x = sdfg.access "X"
    %t = sdfg.tasklet "sum" {code = "o = i[0] + i[1]", ins = {i}, outs = {o}}
    %y = sdfg.access "Y"
    sdfg.memlet %x -> %t["i"] {data = "X", subset = "0:2"}
    sdfg.memlet %t["o"] -> %y {data = "Y", subset = "0"}
  }
  sdfg.edge %a -> %b
}

// -----

// An assignment on the edge between them: kept apart.
// CHECK-LABEL: sdfg.sdfg "assigning"
// CHECK: sdfg.state "a"
// CHECK: sdfg.state "b"
sdfg.sdfg "assigning" [] {
  sdfg.symbol "k" {dtype = "int64"}
  %a = sdfg.state "a" {
  }
  %b = sdfg.state "b" {
  }
  sdfg.edge %a -> %b {assignments = ["k = 1"]}
}
