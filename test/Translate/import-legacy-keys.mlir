// Files written by older DaCe versions use `start_state` and `sdfg_list_id`
// instead of `start_block` and `cfg_list_id`.
//
// A hand-written file whose state machine is a cycle, so the start state is
// only given by `start_state` (DaCe consults it only when no unique source
// block exists); export writes the current keys.
// RUN: rm -rf %t %t.*
// RUN: sdfg-translate --import-sdfg %inputs/legacy-keys.sdfg | FileCheck %s
// RUN: sdfg-translate --import-sdfg %inputs/legacy-keys.sdfg | sdfg-translate --export-sdfg | FileCheck %s --check-prefix=EXPORT
// With the new key the same file gives the same IR.
// RUN: sed -e 's/"start_state"/"start_block"/' -e 's/"sdfg_list_id"/"cfg_list_id"/' %inputs/legacy-keys.sdfg > %t.new.sdfg
// RUN: sdfg-translate --import-sdfg %inputs/legacy-keys.sdfg -o %t.legacy.mlir
// RUN: sdfg-translate --import-sdfg %t.new.sdfg -o %t.new.mlir
// RUN: diff %t.legacy.mlir %t.new.mlir
// The key is really read: another start state gives another mark.
// RUN: sed -e 's/"start_state": 1/"start_state": 0/' %inputs/legacy-keys.sdfg | sdfg-translate --import-sdfg | FileCheck %s --check-prefix=START0
//
// A corpus file (with nested regions: cfg_list_id appears at every level)
// rewritten to the legacy keys imports exactly like the original.
// RUN: sed -e 's/"start_block"/"start_state"/g' -e 's/"cfg_list_id"/"sdfg_list_id"/g' %corpus/nested_call.cfg.sdfg > %t.nested.sdfg
// RUN: grep -c '"start_state"' %t.nested.sdfg | FileCheck %s --check-prefix=COUNT
// RUN: not grep -q '"start_block"\|"cfg_list_id"' %t.nested.sdfg
// RUN: sdfg-translate --import-sdfg %corpus/nested_call.cfg.sdfg -o %t.orig.mlir
// RUN: sdfg-translate --import-sdfg %t.nested.sdfg -o %t.legacy-nested.mlir
// RUN: diff %t.orig.mlir %t.legacy-nested.mlir

// CHECK-LABEL: sdfg.sdfg "legacy" ["A"] {
// CHECK-NEXT:    sdfg.symbol "i" {dtype = #sdfg.dtype<int64>}
// CHECK-NEXT:    sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>}
// CHECK-NEXT:    %[[S0:[^ ]+]] = sdfg.state "s0" {
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[S1:[^ ]+]] = sdfg.state "s1" attributes {start} {
// CHECK-NEXT:    }
// CHECK-NEXT:    sdfg.edge %[[S0]] -> %[[S1]] {assignments = #sdfg.assign<i = "i + 1">, condition = "i < 4"}
// CHECK-NEXT:    sdfg.edge %[[S1]] -> %[[S0]]{{$}}
// CHECK-NEXT:  }

// EXPORT-NOT: "start_state"
// EXPORT-NOT: "sdfg_list_id"
// EXPORT: "cfg_list_id": 0,
// EXPORT-NEXT: "start_block": 1,
// EXPORT-NEXT: "dace_version": "1.0.2"

// START0: sdfg.state "s0" attributes {start} {
// START0: sdfg.state "s1" {

// COUNT: {{^([3-9]|[1-9][0-9]+)$}}
