// Interstate assignments are ordered (symbol, value) pairs: a symbol prints
// bare when it is an identifier, a value when it is an integer literal or a
// name, anything else as a string. The order survives the dialect and the
// .sdfg round trip.
// RUN: sdfg-opt %s | sdfg-opt | FileCheck %s
// RUN: sdfg-opt %s --mlir-print-op-generic | sdfg-opt | FileCheck %s
// RUN: sdfg-translate --export-sdfg %s -o %t.sdfg
// RUN: FileCheck %s --check-prefix=JSON < %t.sdfg
// RUN: sdfg-translate --import-sdfg %t.sdfg | FileCheck %s

// JSON:      "assignments": {
// JSON-NEXT:   "z": "N - 1",
// JSON-NEXT:   "k": "-3",
// JSON-NEXT:   "a": "N",
// JSON-NEXT:   "true": "true",
// JSON-NEXT:   "m": "int_floor(N, 2)",
// JSON-NEXT:   "n": "0"
// JSON-NEXT: }

sdfg.sdfg "f" [] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int64>}
  sdfg.symbol "true" {dtype = #sdfg.dtype<int64>}
  %s0 = sdfg.state "s0" {
  }
  %s1 = sdfg.state "s1" {
  }
  // CHECK: sdfg.edge %{{.*}} -> %{{.*}} {assignments = #sdfg.assign<z = "N - 1", k = -3, a = N, true = true, m = "int_floor(N, 2)", n = 0>, condition = "N > 0"}
  sdfg.edge %s0 -> %s1 {condition = "N > 0", assignments = #sdfg.assign<"z" = "N - 1", k = -3, a = "N", true = true, m = "int_floor(N, 2)", n = "0">}
}
