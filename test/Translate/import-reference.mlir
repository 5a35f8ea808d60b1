// reference_api: an ArrayReference container, bound by memlets into the
// reference's `set` connector in two conditionally executed states, then read
// in a map.
// RUN: sdfg-translate --import-sdfg %corpus/reference_api.api.sdfg | FileCheck %s
// RUN: sdfg-translate --import-sdfg %corpus/reference_api.api.sdfg | sdfg-opt | FileCheck %s
// RUN: grep -c '"type": "ArrayReference"' %corpus/reference_api.api.sdfg | FileCheck %s --check-prefix=JSON
// JSON: {{^1$}}

// CHECK-LABEL: sdfg.sdfg "reference_api" [] {
// CHECK-NEXT:    sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
// CHECK-NEXT:    sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
// CHECK-NEXT:    sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
// CHECK-NEXT:    sdfg.array "out" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
// CHECK-NEXT:    sdfg.scalar "c" {dtype = #sdfg.dtype<int32>, shape = #sdfg.exprs<1>}
// CHECK-NEXT:    sdfg.reference "ref" {dtype = #sdfg.dtype<float64>{{.*}}, shape = #sdfg.exprs<N>, transient}
// CHECK-NEXT:    %[[START:.*]] = sdfg.state "start" {
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[SETA:.*]] = sdfg.state "set_A" {
// CHECK-NEXT:      %[[R:.*]] = sdfg.access "ref" {ins = {set}}
// CHECK-NEXT:      %[[A:.*]] = sdfg.access "A"
// CHECK-NEXT:      sdfg.memlet %[[A]] -> %[[R]]["set"] {data = "A"{{.*}}, subset = #sdfg.range<0:N>}
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[SETB:.*]] = sdfg.state "set_B" {
// CHECK-NEXT:      %[[R:.*]] = sdfg.access "ref" {ins = {set}}
// CHECK-NEXT:      %[[B:.*]] = sdfg.access "B"
// CHECK-NEXT:      sdfg.memlet %[[B]] -> %[[R]]["set"] {data = "B"{{.*}}, subset = #sdfg.range<0:N>}
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[USE:.*]] = sdfg.state "use" {
// CHECK-NEXT:      %[[R:.*]] = sdfg.access "ref"{{$}}
// CHECK:           sdfg.map "use_ref" ["i"] = 0:N
// CHECK:             sdfg.memlet %{{.*}}["OUT_ref"] -> %{{.*}}["x"] {data = "ref"{{.*}}, subset = #sdfg.range<i>}
// CHECK:           sdfg.memlet %[[R]] -> %{{.*}}["IN_ref"] {data = "ref"{{.*}}, subset = #sdfg.range<0:N>}
// CHECK:         sdfg.edge %[[START]] -> %[[SETA]] {condition = "(c > 0)"}
// CHECK-NEXT:    sdfg.edge %[[START]] -> %[[SETB]] {condition = "(c <= 0)"}
// CHECK-NEXT:    sdfg.edge %[[SETA]] -> %[[USE]]{{$}}
// CHECK-NEXT:    sdfg.edge %[[SETB]] -> %[[USE]]{{$}}
