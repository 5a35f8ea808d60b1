// Errors are reported as file:line:col with exit status 1, lines counted in
// the whole file even with --split-input-file, and no output file is written.
// RUN: not sdfg-opt %s --split-input-file -o %t.out 2>&1 | FileCheck %s
// RUN: test ! -e %t.out
// RUN: not sdfg-opt %s --split-input-file --verify-diagnostics 2>&1 | FileCheck %s --check-prefix=VERIFY

sdfg.sdfg "ok" [] {
}

// -----

sdfg.sdfg "bad" [] {
  %s = sdfg.state "s" {
    // CHECK: errors.mlir:[[@LINE+2]]:10: error: access node data 'Q' is not a container of this sdfg
    // VERIFY: errors.mlir:[[@LINE+1]]:10: error: unexpected error: access node data 'Q'
    %q = sdfg.access "Q"
  }
}

// -----

// CHECK: errors.mlir:[[@LINE+2]]:1: error: custom op 'sdfg.nonsense' is unknown
// VERIFY: errors.mlir:[[@LINE+1]]:1: error: unexpected error: custom op 'sdfg.nonsense' is unknown
sdfg.nonsense

// -----

// VERIFY: errors.mlir:[[@LINE+1]]:1: error: expected error "never produced" was not produced
// expected-error@+1 {{never produced}}
sdfg.sdfg "fine" [] {
}

// Input that is not UTF-8 is reported at the line and column of the bad byte.
// RUN: printf 'sdfg.sdfg "ok" [] {\n}\nsdfg.sdfg "caf\351" [] {\n}\n' > %t.latin1.mlir
// RUN: not sdfg-opt %t.latin1.mlir -o %t.latin1.out 2>&1 | FileCheck %s --check-prefix=UTF8 -DFILE=%t.latin1.mlir
// RUN: test ! -e %t.latin1.out
// UTF8: {{^}}[[FILE]]:3:15: error: not UTF-8 text: invalid byte 0xe9{{$}}
