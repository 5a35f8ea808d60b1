// consume_fib: a Stream container, a consume scope (pe_index, num_pes, the
// IN_stream/OUT_stream connectors), dynamic memlets pushing to and popping
// from the stream, a wcr memlet, and `Indices` subsets (printed as a single
// index like ranges of one element).
// RUN: sdfg-translate --import-sdfg %corpus/consume_fib.simplified.sdfg | FileCheck %s
// RUN: sdfg-translate --import-sdfg %corpus/consume_fib.simplified.sdfg | sdfg-opt | FileCheck %s
// RUN: sdfg-translate --import-sdfg %corpus/consume_fib.frontend.sdfg | FileCheck %s --check-prefix=FRONT
// The file really uses Indices subsets.
// RUN: grep -c '"type": "Indices"' %corpus/consume_fib.simplified.sdfg | FileCheck %s --check-prefix=INDICES
// INDICES: {{^[1-9][0-9]*$}}

// CHECK-LABEL: sdfg.sdfg "progs_advanced_consume_fib" ["iv", "res"] {
// CHECK-NEXT:    sdfg.array "iv" {dtype = #sdfg.dtype<int32>{{.*}}, shape = #sdfg.exprs<1>}
// CHECK-NEXT:    sdfg.array "res" {dtype = #sdfg.dtype<float32>{{.*}}, shape = #sdfg.exprs<1>}
// CHECK-NEXT:    sdfg.stream "__tmp0" {dtype = #sdfg.dtype<int32>, shape = #sdfg.exprs<1>, transient}
// CHECK-NEXT:    sdfg.state "with_160" {
// CHECK-NEXT:      %[[T0:.*]] = sdfg.tasklet "progs_advanced_160" {code = "s = i", ins = {i}, outs = {s}}
// CHECK-NEXT:      %[[IV:.*]] = sdfg.access "iv"
// CHECK-NEXT:      %[[S:.*]] = sdfg.access "__tmp0"
// CHECK-NEXT:      %[[ENTRY:.*]], %[[EXIT:.*]] = sdfg.consume "scope" attributes {exit_ins = {IN___tmp0, IN_res}, exit_outs = {OUT___tmp0, OUT_res}, ins = {IN_stream}, num_pes = #sdfg.expr<4>, outs = {OUT_stream}, pe_index = "p"} {
// CHECK-NEXT:      ^bb0(%[[E:.*]]: !sdfg.node, %[[X:.*]]: !sdfg.node):
// CHECK-NEXT:        %[[T:.*]] = sdfg.tasklet "scope" {code = "if (elem == 1):\0A    val = 1\0Aelif (elem > 1):\0A    sout = (elem - 1)\0A    sout = (elem - 2)", ins = {elem}, outs = {sout, val}}
// CHECK-NEXT:        sdfg.memlet %[[E]]["OUT_stream"] -> %[[T]]["elem"] {data = "__tmp0"{{.*}}, subset = #sdfg.range<0>}
// CHECK-NEXT:        sdfg.memlet %[[T]]["sout"] -> %[[X]]["IN___tmp0"] {data = "__tmp0", dynamic{{.*}}, subset = #sdfg.range<0>}
// CHECK-NEXT:        sdfg.memlet %[[T]]["val"] -> %[[X]]["IN_res"] {data = "res", dynamic{{.*}}, subset = #sdfg.range<0>, wcr = #sdfg.wcr<Sum, "(lambda a, b: (a + b))">}
// CHECK-NEXT:      }
// CHECK-NEXT:      %[[S2:.*]] = sdfg.access "__tmp0"
// CHECK-NEXT:      %[[RES:.*]] = sdfg.access "res"
// CHECK-NEXT:      sdfg.memlet %[[S]] -> %[[ENTRY]]["IN_stream"] {data = "__tmp0", dynamic{{.*}}, subset = #sdfg.range<0>}
// CHECK-NEXT:      sdfg.memlet %[[IV]] -> %[[T0]]["i"] {data = "iv"{{.*}}, subset = #sdfg.range<0>}
// CHECK-NEXT:      sdfg.memlet %[[EXIT]]["OUT___tmp0"] -> %[[S2]] {data = "__tmp0", dynamic{{.*}}, subset = #sdfg.range<0>}
// CHECK-NEXT:      sdfg.memlet %[[EXIT]]["OUT_res"] -> %[[RES]] {data = "res", dynamic{{.*}}, subset = #sdfg.range<0>, wcr = #sdfg.wcr<Sum, "(lambda a, b: (a + b))">}
// CHECK-NEXT:      sdfg.memlet %[[T0]]["s"] -> %[[S]] {data = "__tmp0"{{.*}}, subset = #sdfg.range<0>}
// CHECK-NEXT:    }
// CHECK-NEXT:  }

// In the frontend variant the consume body is a nested SDFG whose stream
// argument keeps its buffer size.
// FRONT:       sdfg.consume "scope" attributes {{.*}}num_pes = #sdfg.expr<4>{{.*}}pe_index = "p"}
// FRONT:         sdfg.nested "scope_body_166_4" attributes {ins = {__tmp2}, outs = {__tmp_167_16, __tmp_168_15}} {
// FRONT-NEXT:      sdfg.sdfg "scope_body_166_4" [] {
// FRONT-NEXT:        sdfg.stream "__tmp_167_16" {buffer_size = #sdfg.expr<1>, dtype = #sdfg.dtype<int32>, shape = #sdfg.exprs<1>}
