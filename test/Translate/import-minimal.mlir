// The *.minimal.sdfg files are full corpus files with every field removed
// that DaCe does not need. Importing them gives the same IR as the full file
// they were derived from, except for properties the full file states
// explicitly and the importer keeps because they differ from DaCe's default
// or cannot be derived: `optional = false` (default null), `total_size` of
// views, `is_data_src` of access-to-access copies and non-derivable memlet
// `volume`s. Those are removed from the full import before comparing.
//
// break_continue.minimal was derived from the cfg_simplified variant, which
// has none of them: identical output.
// RUN: rm -rf %t %t.*
// RUN: sdfg-translate --import-sdfg %corpus/break_continue.minimal.sdfg -o %t.bc.min.mlir
// RUN: sdfg-translate --import-sdfg %corpus/break_continue.cfg_simplified.sdfg -o %t.bc.full.mlir
// RUN: diff %t.bc.full.mlir %t.bc.min.mlir
//
// RUN: sdfg-translate --import-sdfg %corpus/vec_add.minimal.sdfg -o %t.vec_add.min.mlir
// RUN: sdfg-translate --import-sdfg %corpus/vec_add.frontend.sdfg | sed -E -e 's/ optional = false,//' -e 's/ is_data_src = (true|false),//' -e 's/, total_size = #sdfg.expr<("[^"]*"|[A-Za-z0-9_-]+)>//' -e 's/, volume = #sdfg.expr<("[^"]*"|[A-Za-z0-9_-]+)>//' > %t.vec_add.full.mlir
// RUN: diff %t.vec_add.full.mlir %t.vec_add.min.mlir
// RUN: sdfg-translate --import-sdfg %corpus/consume_fib.minimal.sdfg -o %t.consume_fib.min.mlir
// RUN: sdfg-translate --import-sdfg %corpus/consume_fib.simplified.sdfg | sed -E -e 's/ optional = false,//' -e 's/ is_data_src = (true|false),//' -e 's/, total_size = #sdfg.expr<("[^"]*"|[A-Za-z0-9_-]+)>//' -e 's/, volume = #sdfg.expr<("[^"]*"|[A-Za-z0-9_-]+)>//' > %t.consume_fib.full.mlir
// RUN: diff %t.consume_fib.full.mlir %t.consume_fib.min.mlir
// RUN: sdfg-translate --import-sdfg %corpus/copy_offsets_api.minimal.sdfg -o %t.copy_offsets_api.min.mlir
// RUN: sdfg-translate --import-sdfg %corpus/copy_offsets_api.api.sdfg | sed -E -e 's/ optional = false,//' -e 's/ is_data_src = (true|false),//' -e 's/, total_size = #sdfg.expr<("[^"]*"|[A-Za-z0-9_-]+)>//' -e 's/, volume = #sdfg.expr<("[^"]*"|[A-Za-z0-9_-]+)>//' > %t.copy_offsets_api.full.mlir
// RUN: diff %t.copy_offsets_api.full.mlir %t.copy_offsets_api.min.mlir
// RUN: sdfg-translate --import-sdfg %corpus/filter_stream.minimal.sdfg -o %t.filter_stream.min.mlir
// RUN: sdfg-translate --import-sdfg %corpus/filter_stream.simplified.sdfg | sed -E -e 's/ optional = false,//' -e 's/ is_data_src = (true|false),//' -e 's/, total_size = #sdfg.expr<("[^"]*"|[A-Za-z0-9_-]+)>//' -e 's/, volume = #sdfg.expr<("[^"]*"|[A-Za-z0-9_-]+)>//' > %t.filter_stream.full.mlir
// RUN: diff %t.filter_stream.full.mlir %t.filter_stream.min.mlir
// RUN: sdfg-translate --import-sdfg %corpus/jacobi_2d.minimal.sdfg -o %t.jacobi_2d.min.mlir
// RUN: sdfg-translate --import-sdfg %corpus/jacobi_2d.cfg.sdfg | sed -E -e 's/ optional = false,//' -e 's/ is_data_src = (true|false),//' -e 's/, total_size = #sdfg.expr<("[^"]*"|[A-Za-z0-9_-]+)>//' -e 's/, volume = #sdfg.expr<("[^"]*"|[A-Za-z0-9_-]+)>//' > %t.jacobi_2d.full.mlir
// RUN: diff %t.jacobi_2d.full.mlir %t.jacobi_2d.min.mlir
// RUN: sdfg-translate --import-sdfg %corpus/nested_call.minimal.sdfg -o %t.nested_call.min.mlir
// RUN: sdfg-translate --import-sdfg %corpus/nested_call.frontend.sdfg | sed -E -e 's/ optional = false,//' -e 's/ is_data_src = (true|false),//' -e 's/, total_size = #sdfg.expr<("[^"]*"|[A-Za-z0-9_-]+)>//' -e 's/, volume = #sdfg.expr<("[^"]*"|[A-Za-z0-9_-]+)>//' > %t.nested_call.full.mlir
// RUN: diff %t.nested_call.full.mlir %t.nested_call.min.mlir
// RUN: sdfg-translate --import-sdfg %corpus/reduce_sum.minimal.sdfg -o %t.reduce_sum.min.mlir
// RUN: sdfg-translate --import-sdfg %corpus/reduce_sum.simplified.sdfg | sed -E -e 's/ optional = false,//' -e 's/ is_data_src = (true|false),//' -e 's/, total_size = #sdfg.expr<("[^"]*"|[A-Za-z0-9_-]+)>//' -e 's/, volume = #sdfg.expr<("[^"]*"|[A-Za-z0-9_-]+)>//' > %t.reduce_sum.full.mlir
// RUN: diff %t.reduce_sum.full.mlir %t.reduce_sum.min.mlir
// RUN: sdfg-translate --import-sdfg %corpus/spmv.minimal.sdfg -o %t.spmv.min.mlir
// RUN: sdfg-translate --import-sdfg %corpus/spmv.simplified.sdfg | sed -E -e 's/ optional = false,//' -e 's/ is_data_src = (true|false),//' -e 's/, total_size = #sdfg.expr<("[^"]*"|[A-Za-z0-9_-]+)>//' -e 's/, volume = #sdfg.expr<("[^"]*"|[A-Za-z0-9_-]+)>//' > %t.spmv.full.mlir
// RUN: diff %t.spmv.full.mlir %t.spmv.min.mlir
//
// The minimal file itself: nothing derived shows up.
// RUN: FileCheck %s --input-file %t.vec_add.min.mlir
// RUN: FileCheck %s --check-prefix=BAD --input-file %t.vec_add.min.mlir
// The normalisation above must not hide real differences: the full import
// does have the explicitly stated properties.
// RUN: sdfg-translate --import-sdfg %corpus/jacobi_2d.cfg.sdfg | FileCheck %s --check-prefix=FULL

// CHECK-LABEL: sdfg.sdfg "progs_basic_vec_add" ["a", "b", "c"] {
// CHECK-NEXT:    sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
// CHECK-NEXT:    sdfg.array "a" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
// CHECK-NEXT:    sdfg.array "b" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
// CHECK-NEXT:    sdfg.array "c" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
// CHECK-NEXT:    sdfg.array "__tmp0" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>, transient}
// CHECK:         sdfg.state "assign_20_4" {
// CHECK-NEXT:      %[[SRC:.*]] = sdfg.access "__tmp0"
// CHECK-NEXT:      %[[DST:.*]] = sdfg.access "c"
// CHECK-NEXT:      sdfg.memlet %[[SRC]] -> %[[DST]] {data = "c", other_subset = #sdfg.range<0:N>, subset = #sdfg.range<0:N>}
// BAD-NOT: optional
// BAD-NOT: is_data_src
// BAD-NOT: volume
// BAD-NOT: extra
// BAD: sdfg.edge

// FULL: sdfg.view "A_0" {{.*}}optional = false{{.*}}total_size = #sdfg.expr<"N**2 - 2*N - 2">
// FULL: sdfg.memlet {{.*}} {data = "A", is_data_src = true, other_subset
