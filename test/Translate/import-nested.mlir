// nested_call: a NestedSDFG node (connectors, symbol_mapping, the inner SDFG
// with its own symbols, containers and state machine) fed by memlets on its
// connectors. In the cfg variant the call sits in a FunctionCallRegion.
// RUN: sdfg-translate --import-sdfg %corpus/nested_call.frontend.sdfg | FileCheck %s
// RUN: sdfg-translate --import-sdfg %corpus/nested_call.frontend.sdfg | sdfg-opt | FileCheck %s
// RUN: sdfg-translate --import-sdfg %corpus/nested_call.cfg.sdfg | FileCheck %s --check-prefix=CFG

// CHECK-LABEL: sdfg.sdfg "progs_control_nested_call" ["A", "B", "C"] {
// CHECK:         sdfg.scalar "__tmp2" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>, transient}
// CHECK:         sdfg.state "progs_control_inner_scale_180_call_progs_control_inner_scale_180" {
// CHECK-NEXT:      %[[SCALAR:.*]] = sdfg.tasklet "scalar" {code = "s = 2.0", outs = {s}}
// CHECK-NEXT:      %[[N:.*]] = sdfg.nested "progs_control_inner_scale" attributes {ins = {X, s}, outs = {X}, symbol_mapping = #sdfg.symbols<N = N>} {
// CHECK-NEXT:        sdfg.sdfg "progs_control_inner_scale" ["X", "s"] {
// CHECK-NEXT:          sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
// CHECK-NEXT:          sdfg.symbol "k" {dtype = #sdfg.dtype<int64>}
// CHECK-NEXT:          sdfg.array "X" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
// CHECK-NEXT:          sdfg.scalar "s" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
// The inner SDFG has its own loop (a state machine over symbol k).
// CHECK:               sdfg.edge %{{.*}} -> %{{.*}} {assignments = #sdfg.assign<k = 0>}
// CHECK:               sdfg.edge %{{.*}} -> %{{.*}} {condition = "(k < 3)"}
// CHECK-NEXT:          sdfg.edge
// CHECK-NEXT:        }
// CHECK-NEXT:      }
// CHECK-NEXT:      %[[B1:.*]] = sdfg.access "B"
// CHECK-NEXT:      %[[T:.*]] = sdfg.access "__tmp2"
// CHECK-NEXT:      %[[B2:.*]] = sdfg.access "B"
// CHECK-NEXT:      sdfg.memlet %[[B1]] -> %[[N]]["X"] {data = "B"{{.*}}, subset = #sdfg.range<0:N>}
// CHECK-NEXT:      sdfg.memlet %[[T]] -> %[[N]]["s"] {data = "__tmp2"{{.*}}, subset = #sdfg.range<0>}
// CHECK-NEXT:      sdfg.memlet %[[N]]["X"] -> %[[B2]] {data = "B"{{.*}}, subset = #sdfg.range<0:N>}
// CHECK-NEXT:      sdfg.memlet %[[SCALAR]]["s"] -> %[[T]] {data = "__tmp2"{{.*}}, subset = #sdfg.range<0>}
// CHECK-NEXT:    }

// CFG-LABEL: sdfg.sdfg "progs_control_nested_call" ["A", "B", "C"] attributes {experimental_blocks} {
// CFG:         %[[COPY:.*]] = sdfg.state "assign_179_4" {
// CFG:         %[[CALL:.*]] = sdfg.region "progs_control_inner_scale_180" attributes {{.*}}kind = "FunctionCallRegion"} {
// CFG-NEXT:      %[[I:.*]] = sdfg.state "init" {
// CFG-NEXT:      }
// CFG-NEXT:      %[[C:.*]] = sdfg.state "call_progs_control_inner_scale_180" {
// CFG-NEXT:        sdfg.tasklet "scalar" {code = "s = 2.0", outs = {s}}
// CFG-NEXT:        sdfg.nested "progs_control_inner_scale" attributes {ins = {X, s}, outs = {X}, symbol_mapping = #sdfg.symbols<N = N>} {
// CFG-NEXT:          sdfg.sdfg "progs_control_inner_scale" ["X", "s"] {
// CFG:           sdfg.edge %[[I]] -> %[[C]]{{$}}
// CFG-NEXT:    }
// CFG-NEXT:    %[[ADD:.*]] = sdfg.state "BinOp_181" {
// CFG:         sdfg.edge %[[COPY]] -> %[[CALL]]{{$}}
// CFG-NEXT:    sdfg.edge %[[CALL]] -> %[[ADD]]{{$}}
