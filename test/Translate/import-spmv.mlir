// spmv (CSR sparse matrix-vector product): the inner map's range is bounded
// by dynamic map range connectors (__map_117_b0/__map_117_e1, in-connectors of
// the map entry fed by memlets A_row[i] and A_row[i + 1]), and x is read
// through an indirection tasklet with a whole-array subset of volume 1.
// RUN: sdfg-translate --import-sdfg %corpus/spmv.simplified.sdfg | FileCheck %s
// RUN: sdfg-translate --import-sdfg %corpus/spmv.simplified.sdfg | sdfg-opt | FileCheck %s
// In JSON the range end is inclusive ("__map_117_e1 - 1"); the dialect's is exclusive.
// RUN: grep -c '"end": "__map_117_e1 - 1"' %corpus/spmv.simplified.sdfg | FileCheck %s --check-prefix=JSON
// JSON: {{^1$}}

// CHECK-LABEL: sdfg.sdfg "progs_advanced_spmv" ["A_row", "A_col", "A_val", "x", "b"] {
// CHECK:         sdfg.array "A_row" {dtype = #sdfg.dtype<uint32>{{.*}}, shape = #sdfg.exprs<"H + 1">}
// CHECK:         sdfg.scalar "__in_x_value" {dtype = #sdfg.dtype<float32>, shape = #sdfg.exprs<1>, transient}
// CHECK:         sdfg.state "MapState" {
// CHECK-NEXT:      %[[OE:[^ ,]+]], %[[OX:[^ ,]+]] = sdfg.map "progs_advanced_spmv_116" ["i"] = 0:H attributes {{.*}}ins = {IN_A_col, IN_A_row, IN_A_val, IN_x}
// CHECK-NEXT:      ^bb0(%[[E:[^:]+]]: !sdfg.node, %[[X:[^:]+]]: !sdfg.node):
// CHECK-NEXT:        %[[IE:[^ ,]+]], %[[IX:[^ ,]+]] = sdfg.map "progs_advanced_spmv_116_4_117" ["j"] = __map_117_b0:__map_117_e1 attributes {{.*}}ins = {IN___tmp2_in_from_2_0, IN___tmp_119_21_in_from_2_0, IN___tmp_120_24_in_from_2_0, __map_117_b0, __map_117_e1}
// CHECK-NEXT:        ^bb0(%[[IE2:[^:]+]]: !sdfg.node, %[[IX2:[^:]+]]: !sdfg.node):
// CHECK-NEXT:          %[[MUL:.*]] = sdfg.tasklet "progs_advanced_spmv_116_4_118" {code = "out = (a * in_x)", ins = {a, in_x}, outs = {out}}
// CHECK-NEXT:          %[[IND:.*]] = sdfg.tasklet "Indirection" {code = "lookup = __ind_in_x[index_A_col_0]", ins = {__ind_in_x, index_A_col_0}, outs = {lookup}}
// CHECK-NEXT:          sdfg.memlet %[[IE2]]["OUT___tmp2_in_from_2_0"] -> %[[IND]]["index_A_col_0"] {data = "A_col"{{.*}}, subset = #sdfg.range<j>}
// CHECK-NEXT:          sdfg.memlet %[[IE2]]["OUT___tmp_119_21_in_from_2_0"] -> %[[MUL]]["a"] {data = "A_val"{{.*}}, subset = #sdfg.range<j>}
// CHECK-NEXT:          sdfg.memlet %[[IE2]]["OUT___tmp_120_24_in_from_2_0"] -> %[[IND]]["__ind_in_x"] {data = "x"{{.*}}, subset = #sdfg.range<0:W>, volume = #sdfg.expr<1>}
// CHECK-NEXT:          sdfg.memlet %[[IND]]["lookup"] -> %[[MUL]]["in_x"] {data = "__in_x_value"{{.*}}, subset = #sdfg.range<0>}
// CHECK-NEXT:          sdfg.memlet %[[MUL]]["out"] -> %[[IX2]]["IN___tmp_121_23_out_of_2_1"] {data = "b"{{.*}}, subset = #sdfg.range<i>, wcr = #sdfg.wcr<Sum, "(lambda x, y: (x + y))">}
// CHECK-NEXT:        }
// CHECK:             sdfg.memlet %[[E]]["OUT_A_row"] -> %[[IE]]["__map_117_b0"] {data = "A_row"{{.*}}, subset = #sdfg.range<i>}
// CHECK-NEXT:        sdfg.memlet %[[E]]["OUT_A_row"] -> %[[IE]]["__map_117_e1"] {data = "A_row"{{.*}}, subset = #sdfg.range<"i + 1">}
// CHECK:             sdfg.memlet %[[E]]["OUT_x"] -> %[[IE]]["IN___tmp_120_24_in_from_2_0"] {data = "x", dynamic{{.*}}, subset = #sdfg.range<0:W>}
// CHECK:           sdfg.memlet %{{.*}} -> %[[OE]]["IN_A_row"] {data = "A_row"{{.*}}, subset = #sdfg.range<0:"H + 1">, volume = #sdfg.expr<"2*H">}
