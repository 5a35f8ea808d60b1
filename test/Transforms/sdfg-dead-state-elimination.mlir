// sdfg-dead-state-elimination: edges never taken and blocks never reached go.
// RUN: sdfg-opt %s --split-input-file --sdfg-dead-state-elimination | FileCheck %s
// RUN: sdfg-opt %s --split-input-file --sdfg-list-matches=sdfg-dead-state-elimination | FileCheck %s --check-prefix=MATCHES

// MATCHES: 0: 1 dead edge(s), dead blocks [dead]
// MATCHES: 0: 1 dead edge(s), dead blocks [never]
// MATCHES: sdfg-dead-state-elimination: no matches

// CHECK-LABEL: sdfg.sdfg "false_edge"
// CHECK: sdfg.state "a"
// CHECK-NOT: sdfg.state "dead"
// CHECK: sdfg.state "b"
// CHECK: sdfg.edge %{{.*}} -> %{{.*}} {condition = "N > 0"}
// CHECK-NOT: sdfg.edge
sdfg.sdfg "false_edge" [] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  %a = sdfg.state "a" {
  }
  %dead = sdfg.state "dead" {
  }
  %b = sdfg.state "b" {
  }
  sdfg.edge %a -> %dead {condition = "False"}
  sdfg.edge %a -> %b {condition = "N > 0"}
}

// -----

// After an always-true edge, later edges from the same block are never taken.
// CHECK-LABEL: sdfg.sdfg "shadowed"
// CHECK: sdfg.state "a"
// CHECK: sdfg.state "b"
// CHECK-NOT: sdfg.state "never"
// CHECK: sdfg.edge %{{.*}} -> %{{.*}} {condition = "1"}
// CHECK-NOT: sdfg.edge
sdfg.sdfg "shadowed" [] {
  %a = sdfg.state "a" {
  }
  %b = sdfg.state "b" {
  }
  %never = sdfg.state "never" {
  }
  sdfg.edge %a -> %b {condition = "1"}
  sdfg.edge %a -> %never {condition = "True"}
}

// -----

// Conditions that depend on symbols stay.
// CHECK-LABEL: sdfg.sdfg "live"
// CHECK: sdfg.state "a"
// CHECK: sdfg.state "b"
// CHECK: sdfg.state "c"
sdfg.sdfg "live" [] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  %a = sdfg.state "a" {
  }
  %b = sdfg.state "b" {
  }
  %c = sdfg.state "c" {
  }
  sdfg.edge %a -> %b {condition = "N > 0"}
  sdfg.edge %a -> %c {condition = "not (N > 0)"}
}
