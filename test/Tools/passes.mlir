// Our passes run by name in pipelines and as flags, mixed with upstream ones.
// RUN: sdfg-opt --list-passes | FileCheck %s --check-prefix=LIST
// RUN: sdfg-opt %s --no-sdfg-verify | FileCheck %s --check-prefix=RAW
// RUN: not sdfg-opt %s --no-sdfg-verify --pass-pipeline='builtin.module(canonicalize,sdfg-verify,cse)' 2>&1 | FileCheck %s
// RUN: not sdfg-opt %s --no-sdfg-verify --canonicalize=max-iterations=3 --sdfg-verify --cse 2>&1 | FileCheck %s
// RUN: not sdfg-opt %s --no-sdfg-verify --sdfg-verify --pass-pipeline='builtin.module(cse)' 2>&1 | FileCheck %s --check-prefix=BOTH
// RUN: not sdfg-opt %s --no-sdfg-verify --no-such-pass 2>&1 | FileCheck %s --check-prefix=UNKNOWN

// LIST: --sdfg-verify
// RAW: %Q = sdfg.access "Q"
// BOTH: give passes either as --pass-pipeline or as flags, not both
// UNKNOWN: 'no-such-pass' does not refer to a registered pass

sdfg.sdfg "f" [] {
  %s = sdfg.state "s" {
    // CHECK: passes.mlir:[[@LINE+1]]:10: error: access node data 'Q' is not a container of this sdfg
    %q = sdfg.access "Q"
  }
}
