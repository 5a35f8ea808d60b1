// RUN: not sdfg-opt %s --split-input-file 2>&1 | FileCheck %s
// A module must hold exactly one sdfg.sdfg. These diagnostics carry no line
// (they name the whole input), so --verify-diagnostics cannot match them and
// the messages are checked on stderr instead.

// CHECK-DAG: error: the module holds no sdfg.sdfg
%c = arith.constant 0 : i32

// -----

// CHECK-DAG: error: the module holds more than one sdfg.sdfg
sdfg.sdfg "a" [] {
}
sdfg.sdfg "b" [] {
}
