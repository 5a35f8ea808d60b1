// Import of vec_add: a map scope with a tasklet inside, memlets through the
// map entry/exit connectors, and (frontend) a copy between two access nodes.
// RUN: sdfg-translate --import-sdfg %corpus/vec_add.simplified.sdfg | FileCheck %s
// RUN: sdfg-translate --import-sdfg %corpus/vec_add.frontend.sdfg | FileCheck %s --check-prefix=FRONT
// The printed IR parses and verifies.
// RUN: sdfg-translate --import-sdfg %corpus/vec_add.simplified.sdfg | sdfg-opt | FileCheck %s

// CHECK-LABEL: sdfg.sdfg "progs_basic_vec_add" ["a", "b", "c"] {
// CHECK-NEXT:    sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
// CHECK-NEXT:    sdfg.array "a" {dtype = #sdfg.dtype<float64>{{.*}}, shape = #sdfg.exprs<N>}
// CHECK-NEXT:    sdfg.array "b" {dtype = #sdfg.dtype<float64>{{.*}}, shape = #sdfg.exprs<N>}
// CHECK-NEXT:    sdfg.array "c" {dtype = #sdfg.dtype<float64>{{.*}}, shape = #sdfg.exprs<N>}
// CHECK-NEXT:    %{{.*}} = sdfg.state "BinOp_20" {
// CHECK-NEXT:      %[[ENTRY:.*]], %[[EXIT:.*]] = sdfg.map "_Add__map" ["__i0"] = 0:N attributes {exit_ins = {IN___tmp0}, exit_outs = {OUT___tmp0}, ins = {IN_a, IN_b}, outs = {OUT_a, OUT_b}} {
// CHECK-NEXT:      ^bb0(%[[E:.*]]: !sdfg.node, %[[X:.*]]: !sdfg.node):
// CHECK-NEXT:        %[[T:.*]] = sdfg.tasklet "_Add_" {code = "__out = (__in1 + __in2)", ins = {__in1, __in2}, outs = {__out}}
// CHECK-NEXT:        sdfg.memlet %[[E]]["OUT_a"] -> %[[T]]["__in1"] {data = "a"{{.*}}, subset = #sdfg.range<__i0>}
// CHECK-NEXT:        sdfg.memlet %[[E]]["OUT_b"] -> %[[T]]["__in2"] {data = "b"{{.*}}, subset = #sdfg.range<__i0>}
// CHECK-NEXT:        sdfg.memlet %[[T]]["__out"] -> %[[X]]["IN___tmp0"] {data = "c"{{.*}}, subset = #sdfg.range<__i0>}
// CHECK-NEXT:      }
// CHECK-NEXT:      %[[A:.*]] = sdfg.access "a"
// CHECK-NEXT:      %[[B:.*]] = sdfg.access "b"
// CHECK-NEXT:      %[[C:.*]] = sdfg.access "c"
// CHECK-NEXT:      sdfg.memlet %[[A]] -> %[[ENTRY]]["IN_a"] {data = "a"{{.*}}, subset = #sdfg.range<0:N>}
// CHECK-NEXT:      sdfg.memlet %[[B]] -> %[[ENTRY]]["IN_b"] {data = "b"{{.*}}, subset = #sdfg.range<0:N>}
// CHECK-NEXT:      sdfg.memlet %[[EXIT]]["OUT___tmp0"] -> %[[C]] {data = "c"{{.*}}, subset = #sdfg.range<0:N>}
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// CHECK-NOT:   sdfg.edge

// The frontend variant: a transient, an empty init state, and an
// access-to-access copy with both subsets.
// FRONT:      sdfg.array "__tmp0" {dtype = #sdfg.dtype<float64>{{.*}}, shape = #sdfg.exprs<N>, transient}
// FRONT:      %[[INIT:.*]] = sdfg.state "init" {
// FRONT-NEXT: }
// FRONT:      %[[S1:.*]] = sdfg.state "BinOp_20" {
// FRONT:      sdfg.memlet %{{.*}}["__out"] -> %{{.*}}["IN___tmp0"] {data = "__tmp0"{{.*}}, subset = #sdfg.range<__i0>}
// FRONT:      %[[S2:.*]] = sdfg.state "assign_20_4" {
// FRONT-NEXT:   %[[SRC:.*]] = sdfg.access "__tmp0"
// FRONT-NEXT:   %[[DST:.*]] = sdfg.access "c"
// FRONT-NEXT:   sdfg.memlet %[[SRC]] -> %[[DST]] {data = "c"{{.*}}, other_subset = #sdfg.range<0:N>, subset = #sdfg.range<0:N>}
// FRONT-NEXT: }
// FRONT-NEXT: sdfg.edge %[[INIT]] -> %[[S1]]
// FRONT-NEXT: sdfg.edge %[[S1]] -> %[[S2]]
