// break_continue, cfg variant: a LoopRegion containing ControlFlowRegions,
// ConditionalBlocks with one branch each, a ContinueBlock and a BreakBlock.
// RUN: sdfg-translate --import-sdfg %corpus/break_continue.cfg.sdfg | FileCheck %s
// RUN: sdfg-translate --import-sdfg %corpus/break_continue.cfg.sdfg | sdfg-opt | FileCheck %s
// The frontend variant expresses the same with conditional interstate edges.
// RUN: sdfg-translate --import-sdfg %corpus/break_continue.frontend.sdfg | FileCheck %s --check-prefix=FRONT

// CHECK-LABEL: sdfg.sdfg "progs_control_break_continue" ["A", "out"] attributes {experimental_blocks} {
// CHECK:         sdfg.scalar "__tmp2" {dtype = #sdfg.dtype<bool>, shape = #sdfg.exprs<1>, transient}
// CHECK:         %[[INIT:.*]] = sdfg.state "init" {
// CHECK:         %[[ASSIGN:.*]] = sdfg.state "assign_118_4" {
// CHECK:         %[[LOOP:.*]] = sdfg.loop "for_119" attributes {condition = "(i < N)", init = "i = 0", loop_variable = "i", update = "i = (i + 1)"} {
// CHECK-NEXT:      %[[HEAD:.*]] = sdfg.state "for_119_119" {
// CHECK-NEXT:      }
// CHECK-NEXT:      %[[PREP1:.*]] = sdfg.region "cond_prep_120" attributes {kind = "ControlFlowRegion"} {
// CHECK:             sdfg.memlet %{{.*}} -> %{{.*}} {data = "A"{{.*}}, other_subset = #sdfg.range<0>, subset = #sdfg.range<i>}
// CHECK:           %[[IF1:.*]] = sdfg.conditional "if_120" {
// CHECK-NEXT:        sdfg.branch "if_120_body" attributes {condition = "__tmp2"} {
// CHECK-NEXT:          %[[S1:.*]] = sdfg.state "if_120" {
// CHECK-NEXT:          }
// CHECK-NEXT:          %[[CONT:.*]] = sdfg.continue "continue_121"
// CHECK-NEXT:          sdfg.edge %[[S1]] -> %[[CONT]]{{$}}
// CHECK-NEXT:        }
// CHECK-NEXT:      }
// CHECK-NEXT:      %[[PREP2:.*]] = sdfg.region "cond_prep_122" attributes {kind = "ControlFlowRegion"} {
// CHECK:           %[[IF2:.*]] = sdfg.conditional "if_122" {
// CHECK-NEXT:        sdfg.branch "if_122_body" attributes {condition = "__tmp4"} {
// CHECK-NEXT:          %[[S2:.*]] = sdfg.state "if_122" {
// CHECK-NEXT:          }
// CHECK-NEXT:          %[[BRK:.*]] = sdfg.break "break_123"
// CHECK-NEXT:          sdfg.edge %[[S2]] -> %[[BRK]] {assignments = #sdfg.assign<__dace_did_break_for_119 = 1>}
// CHECK-NEXT:        }
// CHECK-NEXT:      }
// CHECK:           sdfg.edge %[[HEAD]] -> %[[PREP1]]{{$}}
// CHECK-NEXT:      sdfg.edge %[[PREP1]] -> %[[IF1]]{{$}}
// CHECK-NEXT:      sdfg.edge %[[IF1]] -> %[[PREP2]]{{$}}
// CHECK-NEXT:      sdfg.edge %[[PREP2]] -> %[[IF2]]{{$}}
// CHECK:         }
// CHECK-NEXT:    %[[AFTER:.*]] = sdfg.state "assign_125_4" {
// CHECK:         sdfg.edge %[[INIT]] -> %[[ASSIGN]]{{$}}
// CHECK-NEXT:    sdfg.edge %[[ASSIGN]] -> %[[LOOP]]{{$}}
// CHECK-NEXT:    sdfg.edge %[[LOOP]] -> %[[AFTER]]{{$}}
// CHECK-NEXT:  }

// FRONT-LABEL: sdfg.sdfg "progs_control_break_continue" ["A", "out"] {
// FRONT-NOT:   sdfg.loop
// FRONT-NOT:   sdfg.break
// FRONT-NOT:   sdfg.conditional
// FRONT:       %[[GUARD:.*]] = sdfg.state "for_119_guard" {
// FRONT:       %[[IFG:.*]] = sdfg.state "for_119_if_122_guard" {
// FRONT:       sdfg.edge %[[IFG]] -> %[[BRK:.*]] {condition = "__tmp4"}
// FRONT:       sdfg.edge %[[GUARD]] -> %{{.*}} {condition = "(not (i < N))"}
// FRONT-NEXT:  sdfg.edge %[[GUARD]] -> %{{.*}} {condition = "(i < N)"}
