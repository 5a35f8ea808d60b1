// Import with --mlir-print-debuginfo: every op carries the line and column
// (in characters) where its JSON object starts in the .sdfg file. The input
// has two nodes on one line after non-ASCII text and a string holding
// brackets and escaped quotes.
// RUN: rm -rf %t && mkdir -p %t
// RUN: sdfg-translate --import-sdfg %inputs/loc-vec-add.sdfg --mlir-print-debuginfo -o %t/dbg.mlir
// RUN: FileCheck %s --input-file %t/dbg.mlir
// Without the flag no location is printed.
// RUN: sdfg-translate --import-sdfg %inputs/loc-vec-add.sdfg -o %t/plain.mlir
// RUN: FileCheck %s --check-prefix=PLAIN --input-file %t/plain.mlir
// Locations never reach the exported JSON.
// RUN: sdfg-translate --export-sdfg %t/dbg.mlir -o %t/dbg.sdfg
// RUN: sdfg-translate --export-sdfg %t/plain.mlir -o %t/plain.sdfg
// RUN: diff %t/dbg.sdfg %t/plain.sdfg
// Verifier errors on the imported IR point into the .sdfg file, also with
// --split-input-file (only lines of the input itself are shifted).
// RUN: sed 's/sdfg.access "a"/sdfg.access "zz"/' %t/dbg.mlir > %t/bad.mlir
// RUN: not sdfg-opt %t/bad.mlir 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: (echo 'sdfg.sdfg "empty" [] {'; echo '}'; echo '// -----'; cat %t/bad.mlir) > %t/split.mlir
// RUN: not sdfg-opt --split-input-file %t/split.mlir 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: not sdfg-opt --no-sdfg-verify --sdfg-verify %t/bad.mlir 2>&1 | FileCheck %s --check-prefix=ERR

// CHECK:      sdfg.sdfg "loc_vec_add" ["a", "b"] {
// CHECK-NEXT:   sdfg.symbol "N" {{.*}} loc([[SDFG:#loc[0-9]*]])
// CHECK-NEXT:   sdfg.array "a" {{.*}} loc([[A:#loc[0-9]*]])
// CHECK-NEXT:   sdfg.array "b" {{.*}} loc([[B:#loc[0-9]*]])
// CHECK-NEXT:   %init = sdfg.state "init" {
// CHECK-NEXT:   } loc([[INIT:#loc[0-9]*]])
// CHECK-NEXT:   %add = sdfg.state "add" {
// CHECK-NEXT:     sdfg.map "m"
// CHECK-NEXT:     ^bb0(%entry: !sdfg.node loc("{{.*}}loc-vec-add.sdfg":10:5), %exit: !sdfg.node loc("{{.*}}loc-vec-add.sdfg":10:5)):
// CHECK-NEXT:       sdfg.tasklet "t" {{.*}} loc([[T:#loc[0-9]*]])
// CHECK-NEXT:       sdfg.memlet %entry{{.*}} loc([[M1:#loc[0-9]*]])
// CHECK-NEXT:       sdfg.memlet %t{{.*}} loc([[M2:#loc[0-9]*]])
// CHECK-NEXT:     } loc([[MAP:#loc[0-9]*]])
// CHECK-NEXT:     %a = sdfg.access "a" loc([[NA:#loc[0-9]*]])
// CHECK-NEXT:     %b = sdfg.access "b" loc([[NB:#loc[0-9]*]])
// CHECK-NEXT:     sdfg.memlet %a{{.*}} loc([[M0:#loc[0-9]*]])
// CHECK-NEXT:     sdfg.memlet %m_exit{{.*}} loc([[M3:#loc[0-9]*]])
// CHECK-NEXT:   } loc([[ADD:#loc[0-9]*]])
// CHECK-NEXT:   sdfg.edge %init -> %add loc([[E:#loc[0-9]*]])
// CHECK-NEXT: } loc([[SDFG]])
// CHECK-DAG:  [[SDFG]] = loc("{{.*}}loc-vec-add.sdfg":1:1)
// CHECK-DAG:  [[A]] = loc("{{.*}}loc-vec-add.sdfg":4:9)
// CHECK-DAG:  [[B]] = loc("{{.*}}loc-vec-add.sdfg":5:9)
// CHECK-DAG:  [[INIT]] = loc("{{.*}}loc-vec-add.sdfg":7:3)
// CHECK-DAG:  [[ADD]] = loc("{{.*}}loc-vec-add.sdfg":8:3)
// CHECK-DAG:  [[T]] = loc("{{.*}}loc-vec-add.sdfg":13:5)
// CHECK-DAG:  [[NA]] = loc("{{.*}}loc-vec-add.sdfg":15:5)
// CHECK-DAG:  [[NB]] = loc("{{.*}}loc-vec-add.sdfg":15:91)
// CHECK-DAG:  [[M0]] = loc("{{.*}}loc-vec-add.sdfg":17:5)
// CHECK-DAG:  [[M1]] = loc("{{.*}}loc-vec-add.sdfg":18:5)
// CHECK-DAG:  [[M2]] = loc("{{.*}}loc-vec-add.sdfg":19:5)
// CHECK-DAG:  [[M3]] = loc("{{.*}}loc-vec-add.sdfg":20:5)
// CHECK-DAG:  [[E]] = loc("{{.*}}loc-vec-add.sdfg":22:3)

// PLAIN-NOT: loc(

// ERR: loc-vec-add.sdfg:15:5: error: access node data 'zz' is not a container of this sdfg
