// jacobi_2d, frontend variant: the loop is a state machine (guard state with
// two conditional interstate edges, init and latch edges with assignments),
// and slices are views fed by access-to-access memlets on the `views`
// connector. The cfg variant has the same loop as one LoopRegion.
// RUN: sdfg-translate --import-sdfg %corpus/jacobi_2d.frontend.sdfg | FileCheck %s
// RUN: sdfg-translate --import-sdfg %corpus/jacobi_2d.cfg.sdfg | FileCheck %s --check-prefix=CFG
// RUN: sdfg-translate --import-sdfg %corpus/jacobi_2d.cfg.sdfg | sdfg-opt | FileCheck %s --check-prefix=CFG

// CHECK-LABEL: sdfg.sdfg "progs_control_jacobi_2d" ["A", "B"] {
// CHECK-NEXT:    sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
// CHECK-NEXT:    sdfg.symbol "T" {dtype = #sdfg.dtype<int32>}
// CHECK-NEXT:    sdfg.symbol "t" {dtype = #sdfg.dtype<int64>}
// CHECK-NEXT:    sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, N>}
// CHECK-NEXT:    sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, N>}
// A view keeps its strides (those of the viewed array) and its total size.
// CHECK-NEXT:    sdfg.view "A_0" {dtype = #sdfg.dtype<float64>{{.*}}, shape = #sdfg.exprs<"N - 2", "N - 2">, strides = #sdfg.exprs<N, 1>, total_size = #sdfg.expr<"N**2 - 2*N - 2">, transient}
// CHECK:         sdfg.view "B_4" {dtype = #sdfg.dtype<float64>{{.*}}, shape = #sdfg.exprs<"N - 2", "N - 2">, strides = #sdfg.exprs<N, 1>
// CHECK:         %[[INIT:.*]] = sdfg.state "init" {
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[LINIT:.*]] = sdfg.state "for_25_init" {
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[GUARD:.*]] = sdfg.state "for_25_guard" {
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[END:.*]] = sdfg.state "for_25_end" {
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[LATCH:.*]] = sdfg.state "for_25_latch" {
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[BODY:.*]] = sdfg.state "for_25_for_25_25" {
// CHECK-NEXT:    }
// A view access node with its `views` in-connector, fed from the viewed array.
// CHECK:         sdfg.state "for_25_BinOp_26" {
// CHECK:           %[[V0:.*]] = sdfg.access "A_0" {ins = {views}}
// CHECK-NEXT:      %[[V1:.*]] = sdfg.access "A_1" {ins = {views}}
// CHECK-NEXT:      sdfg.access "__tmp0"
// CHECK-NEXT:      %[[A0:.*]] = sdfg.access "A"
// CHECK-NEXT:      %[[A1:.*]] = sdfg.access "A"
// CHECK:           sdfg.memlet %[[A0]] -> %[[V0]]["views"] {data = "A"{{.*}}, other_subset = #sdfg.range<0:"N - 2", 0:"N - 2">, subset = #sdfg.range<1:"N - 1", 1:"N - 1">}
// CHECK-NEXT:      sdfg.memlet %[[A1]] -> %[[V1]]["views"] {data = "A"{{.*}}, other_subset = #sdfg.range<0:"N - 2", 0:"N - 2">, subset = #sdfg.range<1:"N - 1", 0:"N - 2">}
// CHECK:         sdfg.state "for_25_assign_26_8" {
// CHECK-NEXT:      %[[T4:.*]] = sdfg.access "__tmp4"
// CHECK-NEXT:      %[[B:.*]] = sdfg.access "B"
// CHECK-NEXT:      sdfg.memlet %[[T4]] -> %[[B]] {data = "B"{{.*}}, other_subset = #sdfg.range<0:"N - 2", 0:"N - 2">, subset = #sdfg.range<1:"N - 1", 1:"N - 1">}
// CHECK:         %[[LAST:.*]] = sdfg.state "for_25_assign_27_8" {
// The interstate edges: unconditional ones print without attributes.
// CHECK:         sdfg.edge %[[INIT]] -> %[[LINIT]]{{$}}
// CHECK-NEXT:    sdfg.edge %[[LINIT]] -> %[[GUARD]] {assignments = #sdfg.assign<t = 0>}
// CHECK-NEXT:    sdfg.edge %[[LATCH]] -> %[[GUARD]] {assignments = #sdfg.assign<t = "(t + 1)">}
// CHECK-NEXT:    sdfg.edge %[[GUARD]] -> %[[END]] {condition = "(not (t < T))"}
// CHECK-NEXT:    sdfg.edge %[[GUARD]] -> %[[BODY]] {condition = "(t < T)"}
// CHECK-NEXT:    sdfg.edge %[[LAST]] -> %[[LATCH]]{{$}}
// CHECK-NEXT:  }
// CHECK-NEXT: }

// CFG-LABEL: sdfg.sdfg "progs_control_jacobi_2d" ["A", "B"] attributes {experimental_blocks} {
// CFG:         %[[INIT:.*]] = sdfg.state "init" {
// CFG-NEXT:    }
// CFG-NEXT:    %[[LOOP:.*]] = sdfg.loop "for_25" attributes {condition = "(t < T)", init = "t = 0", loop_variable = "t", update = "t = (t + 1)"} {
// CFG-NEXT:      %[[FIRST:.*]] = sdfg.state "for_25_25" {
// CFG-NEXT:      }
// CFG-NEXT:      %[[SECOND:.*]] = sdfg.state "UnaryOp_26" {
// CFG-NEXT:      }
// CFG:           sdfg.state "BinOp_26" {
// CFG:             sdfg.access "A_0" {ins = {views}}
// CFG:           sdfg.state "assign_27_8" {
// CFG:           sdfg.edge %[[FIRST]] -> %[[SECOND]]{{$}}
// CFG:         }
// CFG-NEXT:    sdfg.edge %[[INIT]] -> %[[LOOP]]{{$}}
// CFG-NEXT:  }
// CFG-NEXT: }
// The loop replaces the guard/latch states.
// CFG-NOT: for_25_guard
