// sdfg-opt's driver flags: pass pipelines, IR printing, split input, output files.
// RUN: sdfg-opt %s --split-input-file --pass-pipeline='builtin.module(canonicalize,cse)' | FileCheck %s
// RUN: sdfg-opt %s --split-input-file --pass-pipeline='builtin.module(canonicalize)' --mlir-print-ir-after-all 2>&1 >/dev/null | FileCheck %s --check-prefix=DUMP
// RUN: sdfg-opt %s --split-input-file -o %t.out && FileCheck %s --input-file=%t.out
// RUN: not sdfg-opt %s --split-input-file --pass-pipeline='builtin.module(no-such-pass)' -o %t.bad 2>&1 | FileCheck %s --check-prefix=BADPIPE
// RUN: test ! -e %t.bad
// RUN: cat %s | sdfg-opt --split-input-file - | FileCheck %s

// CHECK-LABEL: sdfg.sdfg "first" []
// CHECK: %s = sdfg.state "s"
// DUMP: IR Dump After Canonicalizer
// DUMP: sdfg.sdfg "first"
// BADPIPE: error: invalid pass pipeline
sdfg.sdfg "first" [] {
  %s = sdfg.state "s" {
  }
}

// -----

// CHECK: // -----
// CHECK-LABEL: sdfg.sdfg "second" []
// CHECK: sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
sdfg.sdfg "second" [] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
}
